"""As palavras da aplicação web em português europeu (a secção `web` de
`sueca_rules._lang.pt`).

As mesmas chaves que `sueca_rules._lang._web_en`; trata o jogador por tu, como à mesa
(`tu` é o nome do teu lugar nas frases da mesa). As descrições dos campos do esquema estão
traduzidas em `field_help`, pelo caminho do campo.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["WebPt"]

_STRINGS: Final[dict[str, str]] = {
    "app.title": "Sueca",
    "app.tagline": "O jogo de cartas português, com as regras da tua mesa",
    "nav.home": "Início",
    "nav.rules": "Regras da casa",
    "nav.play": "Jogar",
    "nav.replay": "Rever",
    "nav.lang": "Língua",
    "nav.skip": "Saltar para o conteúdo",
    "common.copy": "Copiar",
    "common.qr": "Código QR do link de entrada do lugar {seat}",
    "common.copied": "Copiado",
    "common.download": "Descarregar",
    "common.loading": "A carregar…",
    "common.error": "Algo correu mal: {message}",
    "common.offline": "Não consigo ligar ao servidor. O sueca serve ainda está a correr?",
    "common.team": "Equipa {team}",
    "common.seat": "Lugar {seat}",
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
    "unit.game": "{n} jogo",
    "unit.games": "{n} jogos",
    "home.intro": (
        "Combina as regras da casa da tua mesa, lê-as num cartão de regras em português ou "
        "em inglês, e joga à Sueca contra o computador ou com amigos. Tudo corre neste "
        "computador: nada vem da internet."
    ),
    "home.rules.title": "Regras da casa",
    "home.rules.text": (
        "Parte de um conjunto de regras conhecido, muda o que a tua mesa joga de outra "
        "maneira e leva o cartão de regras e o ficheiro da variante."
    ),
    "home.play.title": "Jogar",
    "home.play.text": (
        "Joga um encontro contra bots de cinco níveis, ou convida amigos para os lugares vazios."
    ),
    "home.tables.title": "As tuas mesas",
    "home.tables.text": (
        "As mesas em que entraste neste navegador (guardadas só aqui): volta a abrir uma, ou "
        "descarrega o registo de um encontro acabado enquanto o servidor o guardar."
    ),
    "home.tables.open": "abrir",
    "home.tables.record": "registo",
    "home.replay.title": "Rever",
    "home.replay.text": "Abre o registo de um jogo e percorre-o vaza a vaza, com a pontuação.",
    "rules.title": "Regras da casa",
    "rules.intro": (
        "Escolhe as regras de base e muda qualquer regra: o cartão de regras, as "
        "diferenças e o ficheiro da variante acompanham as tuas escolhas."
    ),
    "rules.base": "Partir de",
    "rules.card": "Cartão de regras",
    "rules.differences": "Diferenças em relação a {base}",
    "rules.no_differences": "São exatamente as regras de {base}.",
    "rules.yaml": "Ficheiro da variante",
    "rules.yaml_full": "Escrever todas as regras (não só as diferenças)",
    "rules.yaml_hint": (
        "Guarda-o num ficheiro .yaml. A primeira linha deixa os editores verificá-lo com o "
        "esquema: guarda o esquema ao lado, como sueca-variant.v1.json."
    ),
    "rules.schema": "Descarregar o esquema",
    "rules.play_these": "Jogar com estas regras",
    "rules.invalid": "Estas regras ainda não são válidas:",
    "rules.open": "Abrir um ficheiro de variante",
    "rules.open_intro": (
        "Cola um ficheiro de variante (YAML) ou escolhe um: cada problema aparece na sua "
        "linha, com o que seria válido."
    ),
    "rules.paste": "Texto do ficheiro da variante",
    "rules.file": "Escolher um ficheiro",
    "rules.check": "Verificar",
    "rules.valid": "Válido: {name}. As suas regras estão agora no editor acima.",
    "rules.problems": "{count} {count:problema|problemas}:",
    "rules.too_big": "Este ficheiro é grande demais (no máximo {limit} KB).",
    "rules.at": "linha {line}, coluna {column}",
    "rules.tier_min": "Pontos",
    "rules.tier_games": "Jogos",
    "rules.tier_add": "Acrescentar um escalão",
    "rules.tier_remove": "Tirar",
    "rules.house": "regras da casa",
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
    "field.table.first_leader": "Quem joga primeiro",
    "field.deal.trump_card": "Carta do trunfo",
    "field.deal.order": "Ordem da distribuição",
    "field.deal.redeal.leader_below": "Dar de novo: quem sai primeiro, abaixo de (pontos)",
    "field.deal.redeal.others_below": "Dar de novo: os outros jogadores, abaixo de (pontos)",
    "field.revoke.mode": "Renúncia",
    "field.revoke.penalty_games": "Castigo (jogos)",
    "field.revoke.false_claim": "Uma acusação falsa",
    "field.revoke.false_claim_games": "Jogos de uma acusação falsa",
    "field.revoke.after_false_claim": "Depois de uma acusação falsa",
    "field.revoke.accuse": "Uma acusação aponta",
    "field.scoring.tiers": "Jogos por pontos",
    "field.scoring.bandeira.requires": "Faz bandeira quem faz",
    "field.scoring.bandeira.games": "Jogos de uma bandeira",
    "field.scoring.bandeira.wins_partida": "A bandeira ganha a partida",
    "field.scoring.tie.mode": "Depois de um 60-60",
    "field.scoring.tie.amount": "Valor",
    "field.scoring.tie.stacks": "Empates seguidos somam-se",
    "field.match.target_games": "Jogos para ganhar a partida",
    "field.match.best_of": "Partidas de um encontro (ímpar)",
    "option.table.direction.anticlockwise": "contrário aos ponteiros do relógio (para a direita)",
    "option.table.direction.clockwise": "dos ponteiros do relógio (para a esquerda)",
    "option.table.first_dealer.random": "à sorte",
    "option.table.first_dealer.0": "lugar 0",
    "option.table.first_dealer.1": "lugar 1",
    "option.table.first_dealer.2": "lugar 2",
    "option.table.first_dealer.3": "lugar 3",
    "option.table.first_leader.after_dealer": "o jogador a seguir a quem deu",
    "option.table.first_leader.dealer": "quem deu",
    "option.table.first_leader.before_dealer": "o jogador antes de quem deu (que cortou)",
    "option.deal.trump_card.dealer_last": "a última carta de quem dá",
    "option.deal.trump_card.dealer_first": "a primeira carta do baralho",
    "option.deal.trump_card.dealer_choice": "quem dá escolhe: trunfo por cima ou por baixo",
    "option.deal.order.play_direction": "no sentido do jogo",
    "option.deal.order.reverse": "no sentido contrário",
    "option.deal.redeal.leader_below.null": "nunca",
    "option.deal.redeal.others_below.null": "nunca",
    "option.revoke.mode.prevented": "impedida (só cartas válidas)",
    "option.revoke.mode.claimable": "acusável (qualquer carta, como numa mesa a sério)",
    "option.revoke.false_claim.penalize_claimant": "custa um castigo a quem acusa",
    "option.revoke.false_claim.ignored": "é ignorada e o jogo continua",
    "option.revoke.false_claim_games.null": "o mesmo que o castigo",
    "option.revoke.after_false_claim.deal_ends": "a mão acaba",
    "option.revoke.after_false_claim.play_on": "o jogo continua",
    "option.revoke.accuse.team": "a outra equipa",
    "option.revoke.accuse.player": "um adversário, pelo nome",
    "option.scoring.bandeira.requires.all_points": "os 120 pontos",
    "option.scoring.bandeira.requires.all_tricks": "as dez vazas",
    "option.scoring.tie.mode.none": "não acontece nada",
    "option.scoring.tie.mode.add": "a mão seguinte ganha vale mais jogos",
    "option.scoring.tie.mode.multiply": "a mão seguinte ganha multiplica-se",
    "play.title": "Jogar",
    "play.intro": (
        "Escolhe as regras e quem se senta onde. Ficas no lugar 0; o teu parceiro senta-se à "
        "tua frente, no lugar 2. Um lugar para um amigo recebe um link para lhe enviares."
    ),
    "play.variant": "Regras",
    "play.built": "As regras da casa que fizeste: {name}",
    "play.seats": "Lugares",
    "play.you": "Tu",
    "play.partner": "parceiro",
    "play.rival": "adversário",
    "play.bot": "Bot, nível {level}",
    "play.friend": "Um amigo (link de entrada)",
    "play.levels": (
        "Níveis: 1 joga uma carta válida à sorte; 2 joga por regras práticas; 3 também conta "
        "as cartas; 4 joga muitas mãos possíveis antes de cada carta; 5 joga ainda mais e "
        "calcula as últimas vazas ao certo (o mais forte, e o mais lento)."
    ),
    "play.seed": "Semente (opcional: sem amigos à mesa, a mesma semente dá as mesmas cartas)",
    "play.create": "Sentar-me",
    "play.links": "Envia a cada amigo o seu link: quem tem um link joga nesse lugar.",
    "play.link_for": "Link do lugar {seat}",
    "play.go": "Ir para a mesa",
    "common.cancel": "Cancelar",
    "table.your_turn_touch": "É a tua vez: toca numa carta.",
    "table.play_anyway": "Jogar",
    "table.trick_to": "Vaza para {who}: {points} {points:ponto|pontos}",
    "table.winning": "A vaza vai para {who}",
    "table.final": "Partidas: nós {us}, eles {them}. Jogos da última partida: {gus} a {gthem}.",
    "summary.continue": "Continuar",
    "summary.points": "Pontos: nós {us}, eles {them}.",
    "summary.won_us": "A tua equipa ganha a mão: {games}.",
    "summary.won_them": "A outra equipa ganha a mão: {games}.",
    "summary.capote": "Capote: 91 pontos ou mais.",
    "summary.bandeira": "Bandeira: todos os pontos (ou todas as vazas).",
    "summary.tie": "60-60: ninguém ganha esta mão.",
    "summary.tie_pending": (
        "{n} {n:empate pendente|empates pendentes}: a próxima mão ganha vale mais."
    ),
    "summary.tie_nothing": "Com estas regras, um 60-60 não passa nada para a mão seguinte.",
    "summary.games_now": "Jogos agora: nós {us}, eles {them}.",
    "score.games": "{n:jogo|jogos}",
    "score.partidas": "{n} {n:partida|partidas}",
    "score.points": "{n} {n:ponto|pontos}",
    # the built-in rule sets' names on the pages (GET /api/variants keeps the files' names)
    "variant.portugal": "Portugal",
    "variant.portugal-best-of-3": "Portugal, à melhor de três",
    "variant.portugal-table": "Portugal, à mesa",
    "variant.french": "Regras francesas",
    "variant.brasil": "Brasil",
    "variant.sueca-online": "Sueca Online",
    "variant.sueca-play": "Sueca Play",
    # the library's validation issues, by kind (Issue.kind; {got} left out when empty)
    "issue.min": "tem de ser pelo menos {limit} (está {got})",
    "issue.max": "pode ser no máximo {limit} (está {got})",
    "issue.above": "tem de ser mais de {limit} (está {got})",
    "issue.below": "tem de ser menos de {limit} (está {got})",
    "issue.too_few": "precisa de pelo menos {limit}",
    "issue.too_many": "tem demasiados (no máximo {limit})",
    "issue.too_long_text": "é longo demais (no máximo {limit} caracteres)",
    "issue.whole_number": "tem de ser um número inteiro (está {got})",
    "issue.true_false": "tem de ser true (sim) ou false (não) (está {got})",
    "issue.text": "tem de ser texto (está {got})",
    "issue.mapping": "tem de ser um conjunto de campos (nome: valor)",
    "issue.list": "tem de ser uma lista",
    "issue.empty": "não pode ficar vazio",
    "issue.missing": "falta o campo {field}",
    "issue.unknown_field": "campo desconhecido: {field}",
    "issue.choice": "tem de ser um destes: {choices} (está {got})",
    "issue.tie_factor": (
        "para multiplicar, o valor é um fator e tem de ser pelo menos 2 (está {got})"
    ),
    "issue.tier_first": (
        "o primeiro escalão tem de pedir mais de 60 pontos (está {got}): com 60 ou menos, as "
        "duas equipas podiam lá chegar"
    ),
    "issue.tier_order": (
        "o escalão {tier} pede {now} pontos, mas o anterior já pede {before}: cada escalão "
        "pede mais pontos do que o anterior"
    ),
    "issue.best_of_odd": (
        "o número de partidas tem de ser ímpar (1, 3, 5...), para o encontro não acabar "
        "empatado (está {got})"
    ),
    "issue.name_blank": "o nome não pode ficar em branco",
    "issue.name_line": "o nome tem de caber numa linha (o texto mais longo vai para a descrição)",
    "issue.name_control": "o nome não pode ter caracteres de controlo (tem {code})",
    "issue.description_control": (
        "a descrição não pode ter caracteres de controlo além de mudanças de linha e "
        "tabulações (tem {code})"
    ),
    "issue.match_too_long": (
        "um encontro assim pode precisar de {need} mãos ganhas, mais do que as {most} que umas "
        "regras podem pedir: com este número de partidas, no máximo {games} jogos; com estes "
        "jogos, no máximo {partidas} partidas"
    ),
    "issue.no_winner": (
        "nenhuma equipa poderia chegar aos {target} jogos: os escalões, a bandeira, o 60-60 e "
        "os castigos valem todos 0 jogos; dá jogos a pelo menos um deles"
    ),
    # the builder: each rule as a question in plain words, and a line that explains it
    "question.name": "Como se chamam estas regras?",
    "explain.name": "O nome que aparece no cartão de regras.",
    "question.description": "De onde vêm estas regras?",
    "explain.description": "Texto livre: de onde vêm as regras, quem as joga.",
    "question.table.direction": "Para que lado se joga?",
    "explain.table.direction": (
        "Em Portugal joga-se para a direita, ao contrário dos ponteiros do relógio; os "
        "franceses jogam para a esquerda."
    ),
    "question.deal.order": "Para que lado se dão as cartas?",
    "explain.deal.order": "Em geral, para o mesmo lado do jogo; há mesas que dão ao contrário.",
    "question.table.first_dealer": "Quem dá primeiro?",
    "explain.table.first_dealer": (
        "Quem dá na primeira mão do encontro; depois, dá o jogador seguinte."
    ),
    "question.table.first_leader": "Quem sai primeiro em cada mão?",
    "explain.table.first_leader": (
        "Em geral, o jogador a seguir a quem deu; há mesas onde sai quem cortou o baralho, ou "
        "quem deu. É a mão desse jogador que conta para a regra de dar de novo de quem sai."
    ),
    "question.deal.trump_card": "Que carta se vira para trunfo?",
    "explain.deal.trump_card": "A carta virada diz o naipe do trunfo e fica na mão de quem deu.",
    "question.deal.redeal.leader_below": (
        "Quem sai primeiro pode pedir para se dar de novo com mão fraca?"
    ),
    "explain.deal.redeal.leader_below": (
        "Com menos pontos do que isto na mão, pode pedir que se dêem as cartas outra vez."
    ),
    "question.deal.redeal.others_below": (
        "Os outros jogadores podem pedir para se dar de novo com mão fraca?"
    ),
    "explain.deal.redeal.others_below": (
        "O mesmo para os outros três jogadores, abaixo destes pontos."
    ),
    "question.revoke.mode": "Pode-se não assistir (renunciar)?",
    "explain.revoke.mode": (
        "Impedida: só se jogam cartas que assistem. Acusável: joga-se qualquer carta, como "
        "com cartas a sério, e um adversário pode acusar a renúncia."
    ),
    "question.revoke.penalty_games": "Quantos jogos custa uma renúncia apanhada?",
    "explain.revoke.penalty_games": "Os jogos que marca a equipa que acusou; a mão acaba ali.",
    "question.revoke.false_claim": "E se alguém acusa uma renúncia que ninguém fez?",
    "explain.revoke.false_claim": (
        "Ou paga a equipa que acusou, ou a acusação é simplesmente ignorada."
    ),
    "question.revoke.false_claim_games": "Quantos jogos custa uma acusação falsa?",
    "explain.revoke.false_claim_games": (
        "Os jogos que a outra equipa recebe por uma acusação falsa."
    ),
    "question.revoke.after_false_claim": "Depois de uma acusação falsa, a mão continua?",
    "explain.revoke.after_false_claim": (
        "Acaba logo, ou continua e o castigo soma-se no fim da mão."
    ),
    "question.revoke.accuse": "Uma acusação aponta um jogador ou a equipa?",
    "explain.revoke.accuse": (
        "Apontando um adversário, a acusação só tem razão se foi ele que renunciou."
    ),
    "question.scoring.tiers": "Quantos jogos vale uma mão, pelos pontos?",
    "explain.scoring.tiers": (
        "Quem ganha marca os jogos da linha mais alta a que chega: em geral 61 pontos um "
        "jogo, 91 um capote, dois jogos. Nos nossos estudos com jogadores do computador, "
        "cerca de 15 mãos em 100 são capote."
    ),
    "question.scoring.bandeira.requires": "O que faz uma bandeira?",
    "explain.scoring.bandeira.requires": (
        "Os 120 pontos, ou as dez vazas. Rara de qualquer maneira: cerca de 1 mão em 1000 "
        "nos nossos estudos com jogadores do computador."
    ),
    "question.scoring.bandeira.games": "Quantos jogos vale uma bandeira?",
    "explain.scoring.bandeira.games": "Em vez dos jogos pelos pontos.",
    "question.scoring.bandeira.wins_partida": "A bandeira ganha logo a partida?",
    "explain.scoring.bandeira.wins_partida": (
        "Marcado: a equipa que a faz ganha a partida de imediato."
    ),
    "question.scoring.tie.mode": "O que acontece depois de um 60-60?",
    "explain.scoring.tie.mode": (
        "Nada, ou a próxima mão ganha vale mais jogos (somados ou multiplicados). Um 60-60 "
        "sai em cerca de 2 mãos em 100 nos nossos estudos com jogadores do computador, por isso "
        "o que ele vale muda pouco."
    ),
    "question.scoring.tie.amount": "Quanto mais?",
    "explain.scoring.tie.amount": (
        "Os jogos somados por cada 60-60, ou o fator que multiplica os jogos da mão seguinte "
        "(pelo menos 2)."
    ),
    "question.scoring.tie.stacks": "Vários 60-60 seguidos somam-se?",
    "explain.scoring.tie.stacks": (
        "Marcado: cada novo 60-60 antes de uma mão ganha soma mais uma vez."
    ),
    "question.match.target_games": "Quantos jogos ganham uma partida?",
    "explain.match.target_games": "Em geral, quatro.",
    "question.match.best_of": "Quantas partidas tem um encontro?",
    "explain.match.best_of": (
        "Um número ímpar: uma, ou à melhor de três, de cinco... À melhor de três, a equipa "
        "mais forte nota-se mais: nos nossos estudos ganha 62% dos encontros em vez de 58%."
    ),
    "rules.see_card": "Cartão",
    "rules.share": "Partilhar",
    "rules.presets": (
        "As regras conhecidas são um ponto de partida: muda o que a tua mesa joga de outra maneira."
    ),
    "rules.back_to_questions": "voltar às perguntas",
    "rules.shared": "Link copiado: quem o abrir recebe estas regras nesta página.",
    "rules.bad_link": "Não foi possível ler as regras deste link: começa-se por Portugal.",
    "table.title": "Mesa",
    "table.waiting": "À espera dos jogadores",
    "table.waiting_text": (
        "O encontro começa quando todos tiverem entrado. Podes começar já: os bots jogam nos "
        "lugares vazios até os seus jogadores chegarem."
    ),
    "table.start": "Começar já",
    "table.joined": "entrou",
    "table.not_joined": "ainda não entrou",
    "table.invite": "Link de entrada do lugar {seat}",
    "table.trick": "As cartas na mesa",
    "table.your_hand": "A tua mão",
    "table.your_turn": "É a tua vez: escolhe uma carta (ou escreve-a, como 7c).",
    "table.turn_of": "Joga: {who}.",
    "table.bot": "bot {level}",
    "table.human": "jogador",
    "table.stand_in": "um bot joga por agora",
    "table.away": "ausente",
    "table.trump": "Trunfo",
    "table.trump_in_hand": "ainda na mão de quem deu",
    "table.dealer": "dá",
    "table.last_trick": "Última vaza",
    "table.won_by": "ganha ({who}), {points} {points:ponto|pontos}",
    "table.deal": "Mão {deal}",
    "table.partida": "Partida {partida}",
    "table.points": "Pontos nesta mão",
    "table.tricks": "Vazas",
    "table.games": "Jogos",
    "table.partidas": "Partidas",
    "table.pending": "Empates (60-60) pendentes",
    "table.penalties": "Jogos de acusações falsas nesta mão",
    "table.target": (
        "{games} {games:jogo ganha|jogos ganham} a partida; "
        "{partidas} {partidas:partida ganha|partidas ganham} o encontro."
    ),
    "table.us": "Nós",
    "table.them": "Eles",
    "table.score_pad": "Folha de pontos",
    "table.claim": "Acusar renúncia",
    "table.claim_confirm": (
        "Acusar renúncia? Se nenhum adversário renunciou nesta mão, a acusação é falsa e "
        "estas regras podem fazer a tua equipa pagá-la."
    ),
    "table.accuse": "Acusar renúncia: {who}",
    "table.typed": "Escrito: {text}",
    "table.keyboard": (
        "Teclado: escreve uma carta para a jogares (7c sete de copas, ae ás de espadas, do dama "
        "de ouros, rp rei de paus: e espadas, c copas, o ouros, p paus; R rei, V valete, D dama); "
        "Escape apaga o que escreveste."
    ),
    "table.renuncia_warning": (
        "{card} não assiste: é uma renúncia, e um adversário pode acusá-la. Jogar mesmo assim?"
    ),
    "table.trump_choose": "Dás tu: escolhe o trunfo.",
    "table.trump_wait": "Dá: {who}, que escolhe o trunfo.",
    "table.redeal_may": "Tens mão fraca: podes pedir que se dê de novo, ou jogar esta mão.",
    "table.redeal_keep": "A ver se alguém pede para dar de novo…",
    "table.redeal_wait": "A ver se {who} pede para dar de novo…",
    "table.count": "A contagem: acusa agora uma renúncia, ou aceita contar a mão.",
    "table.count_ok": "Aceitar a contagem",
    "table.count_done": "Aceitaste; à espera dos outros.",
    "table.over": "O encontro acabou.",
    "table.we_won": "A tua equipa ganhou o encontro!",
    "table.they_won": "A outra equipa ganhou o encontro.",
    "table.rematch": "Jogar outra vez",
    "table.record": "Descarregar o registo do jogo",
    "table.replay": "Rever o jogo",
    "table.reconnecting": "Ligação perdida: a voltar a ligar…",
    "table.gone": "Esta mesa já não existe: {reason}",
    "table.no_token": (
        "Este link não tem lugar. Pede o teu link a quem criou a mesa, ou cria uma mesa na "
        "página Jogar."
    ),
    "table.replaced": "Este lugar foi aberto noutra janela.",
    "table.sound_off": "Som: desligado",
    "table.sound_on": "Som: ligado",
    "table.log": "O que aconteceu",
    "ev.deal_started": "Mão {deal} · dá: {who} · trunfo: {card}.",
    "ev.trump_chosen": "Escolha do trunfo ({who}): {side}.",
    "ev.redeal": "Pedido para dar de novo ({who}).",
    "ev.count": "Mão {deal}: jogadas as dez vazas, a contagem.",
    "ev.trick_won": "Vaza ganha ({who}): {points} {points:ponto|pontos}.",
    "ev.claim_valid": "Acusação de renúncia ({who}): com razão; renúncia ({culprit}) com {card}.",
    "ev.claim_false": "Acusação de renúncia ({who}), mas ninguém tinha renunciado.",
    "ev.claim_ignored": (
        "Acusação de renúncia ({who}), mas ninguém tinha renunciado: o jogo continua."
    ),
    "ev.deal_us": "Mão {deal} ({points}): marcamos {games}.",
    "ev.deal_them": "Mão {deal} ({points}): eles marcam {games}.",
    "ev.deal_tie": "Mão {deal}: 60-60, empate: ninguém marca.",
    "ev.deal_tie_games": (
        "Mão {deal}: 60-60, empate: só contam os jogos das acusações falsas: nós {us}, eles {them}."
    ),
    "ev.deal_redeal": "A mão {deal} volta a ser dada.",
    "ev.bandeira": "bandeira",
    "ev.partida_us": "Ganhámos a partida {partida}.",
    "ev.partida_them": "Eles ganharam a partida {partida}.",
    "replay.title": "Rever o registo de um jogo",
    "replay.intro": (
        "Abre um registo guardado pelo sueca play ou por esta aplicação (YAML ou JSON) e "
        "percorre-o vaza a vaza."
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
    "replay.redealt": "O lugar {seat} pediu para dar de novo: esta mão voltou a ser dada.",
    "error.unknown_type": "Mensagem desconhecida.",
    "error.malformed": "A mensagem não é um objeto JSON.",
    "error.too_large": "A mensagem é grande demais.",
    "error.rate": "Mensagens a mais: mais devagar.",
    "error.bad_card": "Isso não é uma carta: escreve-a como 7H ou as.",
    "error.not_your_turn": "Não é a tua vez.",
    "error.not_in_hand": "Não tens o {card}.",
    "error.must_follow": "Tens de assistir: joga uma de {legal}.",
    "error.no_claims": "Com estas regras não se pode acusar renúncia.",
    "error.bad_against": "Diz que adversário acusas: lugar {seats}.",
    "error.no_against": "Com estas regras uma acusação aponta a outra equipa: não digas nomes.",
    "error.bad_side": "Escolhe o trunfo por cima ou por baixo.",
    "error.cannot_redeal": "A tua mão não é fraca que chegue para pedir para dar de novo.",
    "error.not_started": "O encontro ainda não começou.",
    "error.wrong_phase": "Isso não se pode fazer agora.",
    "error.no_more_claims": "Já não se pode acusar mais renúncias nesta mão.",
    "error.not_allowed": "As regras não deixam fazer isso agora.",
    "error.match_over": "O encontro acabou.",
    "error.already_started": "O encontro já começou.",
    "error.host_only": "Só quem criou a mesa a pode começar.",
    "error.not_over": "O encontro ainda não acabou.",
    "error.bad_agree": "Diz se concordas com as ajudas: agree tem de ser true ou false.",
    "error.hints_practice": "Numa mesa de treino as ajudas não precisam de acordo.",
    "error.not_your_seat": "Só podes jogar pelo teu lugar.",
    "error.bad_token": "Este link não vale para esta mesa.",
    "error.no_table": "Esta mesa não existe: expirou, ou o servidor foi reiniciado.",
    "error.too_many_tables": (
        "Este servidor já tem todas as mesas que pode ter: tenta outra vez quando uma acabar."
    ),
    "error.watching": "Estás a ver esta mesa: só os jogadores podem jogar.",
    "error.watchers": "Esta mesa já tem todos os espectadores que pode ter: tenta mais tarde.",
    "error.moving": "Esta mesa está a passar para outro servidor: joga outra vez daqui a pouco.",
    "error.busy": "O servidor está cheio neste momento: tenta mais tarde.",
}

# The schema's descriptions (English, in the schema) in Portuguese, by field path.
_FIELD_HELP: Final[dict[str, str]] = {
    "name": "O nome das regras, como aparece no cartão de regras (obrigatório).",
    "description": "Texto livre: de onde vêm estas regras, quem as joga.",
    "table.direction": (
        "O sentido da distribuição e do jogo. `anticlockwise`: o jogador seguinte é o da tua "
        "direita (Portugal); `clockwise`: o da tua esquerda (como nas regras francesas)."
    ),
    "table.first_dealer": (
        "Quem dá a primeira mão de um encontro: `random` (à sorte), ou um lugar 0-3 (os "
        "lugares contam-se no sentido dos ponteiros do relógio; a equipa 0 são os lugares 0 "
        "e 2)."
    ),
    "table.first_leader": (
        "Quem joga primeiro na primeira vaza de cada mão (e por isso a quem se aplica "
        "`deal.redeal.leader_below`): `after_dealer`, o jogador a seguir a quem deu, no sentido "
        "do jogo (a regra de sempre); `dealer`, quem deu; `before_dealer`, o jogador antes de "
        "quem deu, que cortou o baralho."
    ),
    "deal.trump_card": (
        "Que carta se vira para mostrar o trunfo. `dealer_last`: as mãos dão-se a partir do "
        "jogador a seguir a quem dá, acabando em quem dá, e vira-se a última carta (a de quem "
        "dá, a de baixo do baralho); `dealer_first`: quem dá fica com as primeiras dez cartas "
        "e vira-se a primeira (a de cima); `dealer_choice`: quem dá escolhe em cada mão, antes "
        "de dar, se vira a carta de cima ou a de baixo. Em todos os casos a carta fica na mão "
        "de quem deu até a jogar."
    ),
    "deal.order": (
        "A ordem dos lugares em que se dão as quatro mãos de dez: `play_direction` (no "
        "sentido do jogo) ou `reverse` (no sentido contrário)."
    ),
    "deal.redeal.leader_below": (
        "Quem sai primeiro pode pedir para dar de novo quando a sua mão tem menos pontos do "
        "que este número (1 a 30); `null`: nunca."
    ),
    "deal.redeal.others_below": (
        "Qualquer um dos outros três jogadores pode pedir para dar de novo quando a sua mão "
        "tem menos pontos do que este número (1 a 30); `null`: nunca."
    ),
    "revoke.mode": (
        "`prevented`: só se podem jogar cartas que assistem quando é possível, como no jogo "
        "online; `claimable`: pode jogar-se qualquer carta da mão, como numa mesa a sério, e "
        "um jogador pode acusar a renúncia depois de qualquer carta, ou na contagem (depois "
        "da última vaza, antes de se contar a mão); uma acusação com razão acaba logo a mão."
    ),
    "revoke.penalty_games": (
        "Jogos de castigo por uma renúncia (com `mode: claimable`): a equipa que acusa "
        "recebe-os quando um adversário renunciou nesta mão, e a mão não se conta."
    ),
    "revoke.false_claim": (
        "Uma acusação quando nenhum adversário renunciou. `penalize_claimant`: a outra equipa "
        "recebe `false_claim_games` jogos; `ignored`: a acusação é rejeitada e o jogo continua."
    ),
    "revoke.false_claim_games": (
        "Os jogos que a outra equipa recebe por uma acusação falsa castigada; `null`: os "
        "mesmos que `penalty_games`."
    ),
    "revoke.after_false_claim": (
        "Depois de uma acusação falsa castigada: `deal_ends` (a mão acaba logo, sem se "
        "contar) ou `play_on` (o jogo continua e a mão conta-se no fim, como de costume, com "
        "o castigo somado aos seus jogos; uma acusação com razão mais tarde ainda a acaba)."
    ),
    "revoke.accuse": (
        "`team`: uma acusação aponta a outra equipa, e tem razão se qualquer dos adversários "
        "renunciou; `player`: uma acusação aponta um adversário (`against` nos registos), e só "
        "tem razão se foi esse jogador que renunciou."
    ),
    "scoring.tiers": (
        "Os jogos de quem ganha a mão, pelos pontos: conta o escalão mais alto cujos "
        "`min_points` atingiu. Os `min_points` têm de subir estritamente e o primeiro tem de "
        "passar dos 60. Normal: 61-90 um jogo, 91-119 dois jogos (capote)."
    ),
    "scoring.bandeira.requires": (
        "O que faz uma bandeira: `all_points` (os 120 pontos) ou `all_tricks` (as dez vazas; "
        "uma equipa com 120 pontos que perdeu uma vaza sem pontos conta pelos escalões)."
    ),
    "scoring.bandeira.games": "Os jogos que uma bandeira vale, em vez dos escalões.",
    "scoring.bandeira.wins_partida": (
        "`true`: uma bandeira acaba logo a partida, ganha pela equipa que a fez."
    ),
    "scoring.tie.mode": (
        "`none`: ninguém marca e nada passa para a mão seguinte; `add`: cada empate pendente "
        "junta `amount` jogos à próxima mão ganha; `multiply`: os jogos dessa mão "
        "multiplicam-se por `amount` uma vez por cada empate pendente."
    ),
    "scoring.tie.amount": (
        "Jogos juntados por empate (`add`) ou o fator por empate (`multiply`, pelo menos 2)."
    ),
    "scoring.tie.stacks": (
        "`true`: cada novo empate antes de uma mão ganha junta ou multiplica outra vez; "
        "`false`: vários empates seguidos contam como um só."
    ),
    "match.target_games": "Os jogos que ganham uma partida (normal: 4).",
    "match.best_of": (
        "O número de partidas, ímpar: o encontro vai para a primeira equipa a ganhar "
        "best_of // 2 + 1 delas. Os jogos voltam a 0 em cada partida."
    ),
}


class WebPt:
    """A secção `web` em português."""

    strings: Mapping[str, str] = _STRINGS
    field_help: Mapping[str, str] | None = _FIELD_HELP
