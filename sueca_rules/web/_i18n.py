"""Every word of the web app, in English and European Portuguese: one table per language.

Keys are dotted (``table.your_turn``); ``{name}`` marks a value filled in by the page. The
pages get the whole table of their language (the JavaScript modules use the same keys), and
the server's error messages come from here too. The builder's field texts are under
``field.<path>`` (label), ``help.<path>`` (what it does) and ``option.<path>.<value>``.
"""

from __future__ import annotations

from typing import Final, Literal

__all__ = ["LANGS", "STRINGS", "Lang", "choose_lang", "phrase"]

Lang = Literal["en", "pt"]
LANGS: Final[tuple[Lang, ...]] = ("en", "pt")

_EN: Final[dict[str, str]] = {
    # --- everywhere
    "app.title": "Sueca",
    "app.tagline": "The Portuguese card game, with your house rules",
    "nav.home": "Home",
    "nav.rules": "House rules",
    "nav.play": "Play",
    "nav.replay": "Replay",
    "nav.lang": "Language",
    "nav.skip": "Skip to the content",
    "common.copy": "Copy",
    "common.copied": "Copied",
    "common.download": "Download",
    "common.close": "Close",
    "common.loading": "Loading…",
    "common.error": "Something went wrong: {message}",
    "common.offline": "The server cannot be reached. Is `sueca serve` still running?",
    "common.team": "Team {team}",
    "common.seat": "Seat {seat}",
    "common.none": "none",
    "common.yes": "yes",
    "common.no": "no",
    "suit.S": "spades",
    "suit.H": "hearts",
    "suit.D": "diamonds",
    "suit.C": "clubs",
    "rank.A": "ace",
    "rank.7": "seven",
    "rank.K": "king",
    "rank.J": "jack",
    "rank.Q": "queen",
    "rank.6": "six",
    "rank.5": "five",
    "rank.4": "four",
    "rank.3": "three",
    "rank.2": "two",
    "card.name": "{rank} of {suit}",
    # --- home
    "home.intro": (
        "Agree your table's house rules, read them as a rules card in Portuguese or English, "
        "and play Sueca against the computer or with friends. Everything runs on this "
        "computer: nothing is fetched from the internet."
    ),
    "home.rules.title": "House rules",
    "home.rules.text": (
        "Start from a known rule set, change what your table plays differently, and take "
        "away the rules card and the variant file."
    ),
    "home.play.title": "Play",
    "home.play.text": (
        "Play a match against bots of four levels, or invite friends to the empty seats."
    ),
    "home.replay.title": "Replay",
    "home.replay.text": "Open a game record and step through it trick by trick, with the score.",
    # --- the builder
    "rules.title": "House rules",
    "rules.intro": (
        "Choose the rule set to start from and change any rule: the rules card, the "
        "differences and the variant file follow as you go."
    ),
    "rules.base": "Start from",
    "rules.reset": "Start again from this rule set",
    "rules.card": "Rules card",
    "rules.differences": "Differences from {base}",
    "rules.no_differences": "These are exactly the rules of {base}.",
    "rules.yaml": "Variant file",
    "rules.yaml_full": "Write every rule (not only the differences)",
    "rules.yaml_hint": (
        "Save it as a .yaml file. The first line lets editors check it against the schema: "
        "save the schema beside it as sueca-variant.json."
    ),
    "rules.schema": "Download the schema",
    "rules.play_these": "Play with these rules",
    "rules.invalid": "These rules are not valid yet:",
    "rules.open": "Open a variant file",
    "rules.open_intro": (
        "Paste a variant file (YAML) or choose one: each problem is shown at its line, with "
        "what would be valid."
    ),
    "rules.paste": "Variant file text",
    "rules.file": "Choose a file",
    "rules.check": "Check",
    "rules.valid": "Valid: {name}. Its rules are now in the builder above.",
    "rules.problems": "{count} problem(s):",
    "rules.too_big": "This file is too large (at most {limit} KB).",
    "rules.at": "line {line}, column {column}",
    "rules.whole_file": "the whole file",
    "rules.tier": "from {min} points: {games} game(s)",
    "rules.tier_min": "Points",
    "rules.tier_games": "Games",
    "rules.tier_add": "Add a tier",
    "rules.tier_remove": "Remove",
    "rules.saved": "Saved in this browser for the Play page.",
    "group.source": "Name and source",
    "group.direction": "Direction of play",
    "group.deal": "The deal and the trump card (trunfo)",
    "group.revoke": "Renúncia (revoke)",
    "group.scoring": "Scoring a deal",
    "group.bandeira": "Bandeira (clean sweep)",
    "group.tie": "Empate (60-60 tie)",
    "group.match": "The partida and the match",
    "group.other": "Other rules",
    "field.name": "Name",
    "field.description": "Description and source",
    "field.table.direction": "Direction",
    "field.table.first_dealer": "First dealer",
    "field.deal.trump_card": "Trump card",
    "field.deal.order": "Dealing order",
    "field.revoke.mode": "Renúncia",
    "field.revoke.penalty_games": "Penalty (games)",
    "field.revoke.false_claim": "A false claim",
    "field.scoring.tiers": "Games by card points",
    "field.scoring.bandeira.requires": "A bandeira is",
    "field.scoring.bandeira.games": "Games for a bandeira",
    "field.scoring.bandeira.wins_partida": "A bandeira wins the partida",
    "field.scoring.tie.mode": "After a 60-60",
    "field.scoring.tie.amount": "Amount",
    "field.scoring.tie.stacks": "Ties in a row add up",
    "field.match.target_games": "Games to win a partida",
    "field.match.best_of": "Partidas in a match (odd)",
    "option.table.direction.anticlockwise": "anticlockwise (to the right)",
    "option.table.direction.clockwise": "clockwise (to the left)",
    "option.table.first_dealer.random": "chosen at random",
    "option.table.first_dealer.0": "seat 0",
    "option.table.first_dealer.1": "seat 1",
    "option.table.first_dealer.2": "seat 2",
    "option.table.first_dealer.3": "seat 3",
    "option.deal.trump_card.dealer_last": "the dealer's last card",
    "option.deal.trump_card.dealer_first": "the first card of the pack",
    "option.deal.order.play_direction": "in the direction of play",
    "option.deal.order.reverse": "the opposite way",
    "option.revoke.mode.prevented": "prevented (only legal cards)",
    "option.revoke.mode.claimable": "claimable (any card, as at a real table)",
    "option.revoke.false_claim.penalize_claimant": "costs the claimants the penalty",
    "option.revoke.false_claim.ignored": "is ignored, play goes on",
    "option.scoring.bandeira.requires.all_points": "all 120 points",
    "option.scoring.bandeira.requires.all_tricks": "all ten tricks",
    "option.scoring.tie.mode.none": "nothing happens",
    "option.scoring.tie.mode.add": "the next deal won gets more games",
    "option.scoring.tie.mode.multiply": "the next deal won is multiplied",
    # --- setting up a table
    "play.title": "Play",
    "play.intro": (
        "Choose the rules and who sits where. You sit in seat 0; your partner sits opposite "
        "you, in seat 2. A seat for a friend gets a join link to send them."
    ),
    "play.variant": "Rules",
    "play.built": "The house rules you built: {name}",
    "play.seats": "Seats",
    "play.you": "You",
    "play.partner": "partner",
    "play.rival": "rival",
    "play.bot": "Bot, level {level}",
    "play.friend": "A friend (join link)",
    "play.levels": (
        "Levels: 1 plays a random legal card; 2 plays by rules of thumb; 3 also counts the "
        "cards; 4 plays out many possible deals before each card."
    ),
    "play.seed": "Seed (optional: the same seed deals the same cards)",
    "play.create": "Sit down",
    "play.links": "Send each friend their own link: whoever has a link plays that seat.",
    "play.link_for": "Link for seat {seat}",
    "play.go": "Go to the table",
    # --- the table
    "table.title": "Table",
    "table.waiting": "Waiting for players",
    "table.waiting_text": (
        "The match starts when everyone has joined. You may start now: bots play the empty "
        "seats until their players arrive."
    ),
    "table.start": "Start now",
    "table.joined": "joined",
    "table.not_joined": "not yet joined",
    "table.invite": "Join link for seat {seat}",
    "table.your_hand": "Your hand",
    "table.your_turn": "Your turn: choose a card (or type it, such as 7h).",
    "table.turn_of": "{who} to play.",
    "table.you": "You",
    "table.partner": "Partner",
    "table.left": "Left rival",
    "table.right": "Right rival",
    "table.bot": "bot {level}",
    "table.human": "player",
    "table.stand_in": "a bot plays for now",
    "table.away": "away",
    "table.trump": "Trump",
    "table.trump_in_hand": "still in the dealer's hand",
    "table.dealer": "deals",
    "table.last_trick": "Last trick",
    "table.won_by": "won by {who}, {points} point(s)",
    "table.deal": "Deal {deal}",
    "table.partida": "Partida {partida}",
    "table.points": "Points in this deal",
    "table.tricks": "Tricks",
    "table.games": "Games",
    "table.partidas": "Partidas",
    "table.pending": "Pending 60-60s",
    "table.target": "{games} games win a partida; {partidas} partida(s) win the match.",
    "table.us": "Us",
    "table.them": "Them",
    "table.score_pad": "Score pad",
    "table.claim": "Claim a renúncia",
    "table.claim_confirm": (
        "Claim a renúncia? If no rival revoked in this deal, the claim is false and these "
        "rules may make your team pay for it."
    ),
    "table.typed": "Typed: {text}",
    "table.keyboard": (
        "Keyboard: type a card (7h, as, qd) to play it; Escape clears what you typed."
    ),
    "table.renuncia_warning": (
        "{card} does not follow suit: that is a renúncia, and a rival may claim it. Play it anyway?"
    ),
    "table.over": "The match is over.",
    "table.we_won": "Your team won the match!",
    "table.they_won": "The other team won the match.",
    "table.rematch": "Play again",
    "table.record": "Download the game record",
    "table.replay": "Replay it",
    "table.reconnecting": "Connection lost: reconnecting…",
    "table.gone": "This table is gone: {reason}",
    "table.no_token": (
        "This link has no seat in it. Ask the host for your own link, or start a table on "
        "the Play page."
    ),
    "table.replaced": "This seat was opened in another window.",
    "table.rules": "The rules of this table",
    "table.log": "What happened",
    "ev.deal_started": "Deal {deal}: {who} deals and turns {card}.",
    "ev.trick_won": "{who} won the trick: {points} point(s).",
    "ev.claim_valid": "{who} claimed a renúncia: right, {culprit} revoked with {card}.",
    "ev.claim_false": "{who} claimed a renúncia, but nobody had revoked.",
    "ev.claim_ignored": "{who} claimed a renúncia, but nobody had revoked: play goes on.",
    "ev.deal_us": "Deal {deal} ({points}): we score {games}.",
    "ev.deal_them": "Deal {deal} ({points}): they score {games}.",
    "ev.deal_tie": "Deal {deal}: 60-60, an empate: nobody scores.",
    "ev.bandeira": "a bandeira",
    "ev.capote": "a capote",
    "ev.partida_us": "We won partida {partida}.",
    "ev.partida_them": "They won partida {partida}.",
    "unit.game": "{n} game",
    "unit.games": "{n} games",
    # --- the replay viewer
    "replay.title": "Replay a game record",
    "replay.intro": (
        "Open a record that sueca play or this app saved (YAML or JSON), then step through "
        "it trick by trick."
    ),
    "replay.paste": "Record text",
    "replay.file": "Choose a file",
    "replay.open": "Open",
    "replay.deal": "Deal",
    "replay.prev": "Previous trick",
    "replay.next": "Next trick",
    "replay.start": "Start of the deal",
    "replay.end": "End of the deal",
    "replay.position": "Deal {deal} of {deals}, trick {trick} of {tricks}",
    "replay.keys": "Keys: ← and → step through the tricks, ↑ and ↓ change the deal.",
    "replay.result": "Result",
    "replay.winner": "Team {team} won the match, partidas {p0}-{p1}.",
    "replay.unfinished": "The match was not finished.",
    "replay.problems": "This record cannot be replayed:",
    "replay.claim_right": "Seat {seat} claimed a renúncia after card {after}: rightly.",
    "replay.claim_wrong": "Seat {seat} claimed a renúncia after card {after}: nobody had revoked.",
    # --- errors sent by the server
    "error.unknown_type": "Unknown message: send play, claim, start or rematch.",
    "error.malformed": "The message is not a JSON object.",
    "error.too_large": "The message is too large.",
    "error.rate": "Too many messages: slow down.",
    "error.bad_card": "That is not a card: write it like 7H or as.",
    "error.not_your_turn": "It is not your turn.",
    "error.not_in_hand": "You do not hold {card}.",
    "error.must_follow": "You must follow suit: play one of {legal}.",
    "error.no_claims": "Under these rules a renúncia cannot be claimed.",
    "error.not_started": "The match has not started yet.",
    "error.wrong_phase": "That cannot be done now.",
    "error.match_over": "The match is over.",
    "error.already_started": "The match has already started.",
    "error.host_only": "Only the host may start the match.",
    "error.not_over": "The match is not over yet.",
    "error.not_your_seat": "You can only act for your own seat.",
    "error.bad_token": "This link is not valid for this table.",
    "error.no_table": "There is no such table: it expired, or the server was restarted.",
    "error.busy": "The server is full right now: try again later.",
}

_PT: Final[dict[str, str]] = {
    "app.title": "Sueca",
    "app.tagline": "O jogo de cartas português, com as regras da sua mesa",
    "nav.home": "Início",
    "nav.rules": "Regras da casa",
    "nav.play": "Jogar",
    "nav.replay": "Rever",
    "nav.lang": "Língua",
    "nav.skip": "Saltar para o conteúdo",
    "common.copy": "Copiar",
    "common.copied": "Copiado",
    "common.download": "Descarregar",
    "common.close": "Fechar",
    "common.loading": "A carregar…",
    "common.error": "Algo correu mal: {message}",
    "common.offline": "Não se consegue ligar ao servidor. O `sueca serve` ainda está a correr?",
    "common.team": "Equipa {team}",
    "common.seat": "Lugar {seat}",
    "common.none": "nenhum",
    "common.yes": "sim",
    "common.no": "não",
    "suit.S": "espadas",
    "suit.H": "copas",
    "suit.D": "ouros",
    "suit.C": "paus",
    "rank.A": "ás",
    "rank.7": "sete",
    "rank.K": "rei",
    "rank.J": "valete",
    "rank.Q": "dama",
    "rank.6": "seis",
    "rank.5": "cinco",
    "rank.4": "quatro",
    "rank.3": "três",
    "rank.2": "duque",
    "card.name": "{rank} de {suit}",
    "home.intro": (
        "Combine as regras da casa da sua mesa, leia-as num cartão de regras em português ou "
        "em inglês, e jogue à Sueca contra o computador ou com amigos. Tudo corre neste "
        "computador: nada vem da internet."
    ),
    "home.rules.title": "Regras da casa",
    "home.rules.text": (
        "Parta de um conjunto de regras conhecido, mude o que a sua mesa joga de outra "
        "maneira e leve o cartão de regras e o ficheiro da variante."
    ),
    "home.play.title": "Jogar",
    "home.play.text": (
        "Jogue uma partida contra bots de quatro níveis, ou convide amigos para os lugares vazios."
    ),
    "home.replay.title": "Rever",
    "home.replay.text": "Abra o registo de um jogo e percorra-o vaza a vaza, com a pontuação.",
    "rules.title": "Regras da casa",
    "rules.intro": (
        "Escolha as regras de partida e mude qualquer regra: o cartão de regras, as "
        "diferenças e o ficheiro da variante acompanham as suas escolhas."
    ),
    "rules.base": "Partir de",
    "rules.reset": "Recomeçar a partir destas regras",
    "rules.card": "Cartão de regras",
    "rules.differences": "Diferenças em relação a {base}",
    "rules.no_differences": "São exatamente as regras de {base}.",
    "rules.yaml": "Ficheiro da variante",
    "rules.yaml_full": "Escrever todas as regras (não só as diferenças)",
    "rules.yaml_hint": (
        "Guarde-o num ficheiro .yaml. A primeira linha deixa os editores verificá-lo com o "
        "esquema: guarde o esquema ao lado, como sueca-variant.json."
    ),
    "rules.schema": "Descarregar o esquema",
    "rules.play_these": "Jogar com estas regras",
    "rules.invalid": "Estas regras ainda não são válidas:",
    "rules.open": "Abrir um ficheiro de variante",
    "rules.open_intro": (
        "Cole um ficheiro de variante (YAML) ou escolha um: cada problema aparece na sua "
        "linha, com o que seria válido."
    ),
    "rules.paste": "Texto do ficheiro da variante",
    "rules.file": "Escolher um ficheiro",
    "rules.check": "Verificar",
    "rules.valid": "Válido: {name}. As suas regras estão agora no editor acima.",
    "rules.problems": "{count} problema(s):",
    "rules.too_big": "Este ficheiro é grande demais (no máximo {limit} KB).",
    "rules.at": "linha {line}, coluna {column}",
    "rules.whole_file": "o ficheiro todo",
    "rules.tier": "a partir de {min} pontos: {games} jogo(s)",
    "rules.tier_min": "Pontos",
    "rules.tier_games": "Jogos",
    "rules.tier_add": "Acrescentar um escalão",
    "rules.tier_remove": "Tirar",
    "rules.saved": "Guardadas neste navegador para a página Jogar.",
    "group.source": "Nome e fonte",
    "group.direction": "Sentido do jogo",
    "group.deal": "A distribuição e o trunfo",
    "group.revoke": "Renúncia",
    "group.scoring": "Pontuação de cada mão",
    "group.bandeira": "Bandeira",
    "group.tie": "Empate (60-60)",
    "group.match": "A partida",
    "group.other": "Outras regras",
    "field.name": "Nome",
    "field.description": "Descrição e fonte",
    "field.table.direction": "Sentido",
    "field.table.first_dealer": "Quem dá primeiro",
    "field.deal.trump_card": "Carta do trunfo",
    "field.deal.order": "Ordem da distribuição",
    "field.revoke.mode": "Renúncia",
    "field.revoke.penalty_games": "Castigo (jogos)",
    "field.revoke.false_claim": "Uma acusação falsa",
    "field.scoring.tiers": "Jogos por pontos",
    "field.scoring.bandeira.requires": "Faz bandeira quem faz",
    "field.scoring.bandeira.games": "Jogos de uma bandeira",
    "field.scoring.bandeira.wins_partida": "A bandeira ganha a partida",
    "field.scoring.tie.mode": "Depois de um 60-60",
    "field.scoring.tie.amount": "Valor",
    "field.scoring.tie.stacks": "Empates seguidos somam-se",
    "field.match.target_games": "Jogos para ganhar a partida",
    "field.match.best_of": "Partidas de um encontro (ímpar)",
    "option.table.direction.anticlockwise": "sentido contrário aos ponteiros (para a direita)",
    "option.table.direction.clockwise": "sentido dos ponteiros do relógio (para a esquerda)",
    "option.table.first_dealer.random": "à sorte",
    "option.table.first_dealer.0": "lugar 0",
    "option.table.first_dealer.1": "lugar 1",
    "option.table.first_dealer.2": "lugar 2",
    "option.table.first_dealer.3": "lugar 3",
    "option.deal.trump_card.dealer_last": "a última carta de quem dá",
    "option.deal.trump_card.dealer_first": "a primeira carta do baralho",
    "option.deal.order.play_direction": "no sentido do jogo",
    "option.deal.order.reverse": "no sentido contrário",
    "option.revoke.mode.prevented": "impedida (só cartas válidas)",
    "option.revoke.mode.claimable": "acusável (qualquer carta, como numa mesa a sério)",
    "option.revoke.false_claim.penalize_claimant": "custa o castigo a quem acusa",
    "option.revoke.false_claim.ignored": "é ignorada e o jogo continua",
    "option.scoring.bandeira.requires.all_points": "os 120 pontos",
    "option.scoring.bandeira.requires.all_tricks": "as dez vazas",
    "option.scoring.tie.mode.none": "não acontece nada",
    "option.scoring.tie.mode.add": "a mão seguinte ganha vale mais jogos",
    "option.scoring.tie.mode.multiply": "a mão seguinte ganha multiplica-se",
    "play.title": "Jogar",
    "play.intro": (
        "Escolha as regras e quem se senta onde. Fica no lugar 0; o seu parceiro senta-se à "
        "sua frente, no lugar 2. Um lugar para um amigo recebe um link para lhe enviar."
    ),
    "play.variant": "Regras",
    "play.built": "As regras da casa que fez: {name}",
    "play.seats": "Lugares",
    "play.you": "Você",
    "play.partner": "parceiro",
    "play.rival": "adversário",
    "play.bot": "Bot, nível {level}",
    "play.friend": "Um amigo (link de entrada)",
    "play.levels": (
        "Níveis: 1 joga uma carta válida à sorte; 2 joga por regras práticas; 3 também conta "
        "as cartas; 4 joga muitas mãos possíveis antes de cada carta."
    ),
    "play.seed": "Semente (opcional: a mesma semente dá as mesmas cartas)",
    "play.create": "Sentar-me",
    "play.links": "Envie a cada amigo o seu link: quem tem um link joga nesse lugar.",
    "play.link_for": "Link do lugar {seat}",
    "play.go": "Ir para a mesa",
    "table.title": "Mesa",
    "table.waiting": "À espera dos jogadores",
    "table.waiting_text": (
        "A partida começa quando todos tiverem entrado. Pode começar já: os bots jogam nos "
        "lugares vazios até os seus jogadores chegarem."
    ),
    "table.start": "Começar já",
    "table.joined": "entrou",
    "table.not_joined": "ainda não entrou",
    "table.invite": "Link de entrada do lugar {seat}",
    "table.your_hand": "A sua mão",
    "table.your_turn": "É a sua vez: escolha uma carta (ou escreva-a, como 7h).",
    "table.turn_of": "Joga: {who}.",
    "table.you": "Você",
    "table.partner": "Parceiro",
    "table.left": "Adversário da esquerda",
    "table.right": "Adversário da direita",
    "table.bot": "bot {level}",
    "table.human": "jogador",
    "table.stand_in": "um bot joga por agora",
    "table.away": "ausente",
    "table.trump": "Trunfo",
    "table.trump_in_hand": "ainda na mão de quem deu",
    "table.dealer": "dá",
    "table.last_trick": "Última vaza",
    "table.won_by": "ganha por {who}, {points} ponto(s)",
    "table.deal": "Mão {deal}",
    "table.partida": "Partida {partida}",
    "table.points": "Pontos nesta mão",
    "table.tricks": "Vazas",
    "table.games": "Jogos",
    "table.partidas": "Partidas",
    "table.pending": "Empates (60-60) pendentes",
    "table.target": "{games} jogos ganham a partida; {partidas} partida(s) ganham o encontro.",
    "table.us": "Nós",
    "table.them": "Eles",
    "table.score_pad": "Folha de pontos",
    "table.claim": "Acusar renúncia",
    "table.claim_confirm": (
        "Acusar renúncia? Se nenhum adversário renunciou nesta mão, a acusação é falsa e "
        "estas regras podem fazer a sua equipa pagá-la."
    ),
    "table.typed": "Escrito: {text}",
    "table.keyboard": (
        "Teclado: escreva uma carta (7h, as, qd) para a jogar; Escape apaga o que escreveu."
    ),
    "table.renuncia_warning": (
        "{card} não assiste: é uma renúncia, e um adversário pode acusá-la. Jogar mesmo assim?"
    ),
    "table.over": "A partida acabou.",
    "table.we_won": "A sua equipa ganhou!",
    "table.they_won": "A outra equipa ganhou.",
    "table.rematch": "Jogar outra vez",
    "table.record": "Descarregar o registo do jogo",
    "table.replay": "Rever o jogo",
    "table.reconnecting": "Ligação perdida: a voltar a ligar…",
    "table.gone": "Esta mesa já não existe: {reason}",
    "table.no_token": (
        "Este link não tem lugar. Peça o seu link a quem criou a mesa, ou crie uma mesa na "
        "página Jogar."
    ),
    "table.replaced": "Este lugar foi aberto noutra janela.",
    "table.rules": "As regras desta mesa",
    "table.log": "O que aconteceu",
    "ev.deal_started": "Mão {deal}: {who} dá e vira {card}.",
    "ev.trick_won": "{who} ganhou a vaza: {points} ponto(s).",
    "ev.claim_valid": "{who} acusou renúncia: com razão, {culprit} renunciou com {card}.",
    "ev.claim_false": "{who} acusou renúncia, mas ninguém tinha renunciado.",
    "ev.claim_ignored": "{who} acusou renúncia, mas ninguém tinha renunciado: o jogo continua.",
    "ev.deal_us": "Mão {deal} ({points}): marcamos {games}.",
    "ev.deal_them": "Mão {deal} ({points}): eles marcam {games}.",
    "ev.deal_tie": "Mão {deal}: 60-60, empate: ninguém marca.",
    "ev.bandeira": "bandeira",
    "ev.capote": "capote",
    "ev.partida_us": "Ganhámos a partida {partida}.",
    "ev.partida_them": "Eles ganharam a partida {partida}.",
    "unit.game": "{n} jogo",
    "unit.games": "{n} jogos",
    "replay.title": "Rever o registo de um jogo",
    "replay.intro": (
        "Abra um registo guardado pelo sueca play ou por esta aplicação (YAML ou JSON) e "
        "percorra-o vaza a vaza."
    ),
    "replay.paste": "Texto do registo",
    "replay.file": "Escolher um ficheiro",
    "replay.open": "Abrir",
    "replay.deal": "Mão",
    "replay.prev": "Vaza anterior",
    "replay.next": "Vaza seguinte",
    "replay.start": "Início da mão",
    "replay.end": "Fim da mão",
    "replay.position": "Mão {deal} de {deals}, vaza {trick} de {tricks}",
    "replay.keys": "Teclas: ← e → percorrem as vazas, ↑ e ↓ mudam de mão.",
    "replay.result": "Resultado",
    "replay.winner": "A equipa {team} ganhou o encontro, partidas {p0}-{p1}.",
    "replay.unfinished": "O jogo não chegou ao fim.",
    "replay.problems": "Este registo não pode ser revisto:",
    "replay.claim_right": "O lugar {seat} acusou renúncia depois da carta {after}: com razão.",
    "replay.claim_wrong": (
        "O lugar {seat} acusou renúncia depois da carta {after}: ninguém tinha renunciado."
    ),
    "error.unknown_type": "Mensagem desconhecida: envie play, claim, start ou rematch.",
    "error.malformed": "A mensagem não é um objeto JSON.",
    "error.too_large": "A mensagem é grande demais.",
    "error.rate": "Mensagens a mais: mais devagar.",
    "error.bad_card": "Isso não é uma carta: escreva-a como 7H ou as.",
    "error.not_your_turn": "Não é a sua vez.",
    "error.not_in_hand": "Não tem o {card}.",
    "error.must_follow": "Tem de assistir: jogue uma de {legal}.",
    "error.no_claims": "Com estas regras não se pode acusar renúncia.",
    "error.not_started": "A partida ainda não começou.",
    "error.wrong_phase": "Isso não se pode fazer agora.",
    "error.match_over": "A partida acabou.",
    "error.already_started": "A partida já começou.",
    "error.host_only": "Só quem criou a mesa a pode começar.",
    "error.not_over": "A partida ainda não acabou.",
    "error.not_your_seat": "Só pode jogar pelo seu lugar.",
    "error.bad_token": "Este link não vale para esta mesa.",
    "error.no_table": "Esta mesa não existe: expirou, ou o servidor foi reiniciado.",
    "error.busy": "O servidor está cheio neste momento: tente mais tarde.",
}

STRINGS: Final[dict[Lang, dict[str, str]]] = {"en": _EN, "pt": _PT}
"""The phrase table of each language (the same keys in both; the tests check it)."""


def phrase(lang: Lang, key: str, **params: object) -> str:
    """The phrase ``key`` in ``lang`` with ``{name}`` filled in (the key itself if unknown)."""
    text = STRINGS[lang].get(key) or _EN.get(key) or key
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def choose_lang(query: str | None, cookie: str | None, accept: str | None) -> Lang:
    """The page's language: ``?lang=``, else the cookie, else the browser's first choice
    among ours, else English."""
    for value in (query, cookie):
        if value == "pt":
            return "pt"
        if value == "en":
            return "en"
    for part in (accept or "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith("pt"):
            return "pt"
        if tag.startswith("en"):
            return "en"
    return "en"
