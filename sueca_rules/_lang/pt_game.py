"""Frases de um jogo à mesa em português europeu: `sueca play` (a coluna de `--auto` e a escada) e o
relato de `sueca replay` (secções `play` e `replay` de `sueca_rules._lang.pt`).

The compact names of seats and teams (`adversário da esquerda`, `lugar 2`, `equipa 0`) are the
`table` section's; these phrases add the forms a sentence needs and make the verbs agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Literal

from ._game_tables import FalseClaim, Who

if TYPE_CHECKING:
    from .._rules import SeatRole

__all__ = ["PLAY", "REPLAY"]


_SUITS: Final = ("espadas", "copas", "ouros", "paus")


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _games(n: int) -> str:
    # "marca 0 jogos", never "marca nenhum jogo" (which would need "não marca").
    return _plural(n, "jogo", "jogos")


def _deals(n: int) -> str:
    return _plural(n, "mão", "mãos")


def _points(n: int) -> str:
    return _plural(n, "ponto", "pontos")


_VERBS: Final = {
    # infinitive: (tu, ele/ela, nós, eles)
    "choose": ("escolhes", "escolhe", "escolhemos", "escolhem"),
    "deal": ("dás", "dá", "damos", "dão"),
    "turn": ("viras", "vira", "viramos", "viram"),
    "ask": ("pedes", "pede", "pedimos", "pedem"),
    "claim": ("acusas", "acusa", "acusamos", "acusam"),
    "accuse": ("acusas", "acusa", "acusamos", "acusam"),
    "score": ("marcas", "marca", "marcamos", "marcam"),
    "win": ("ganhas", "ganha", "ganhamos", "ganham"),
}


def _verb(who: Who, base: str) -> str:
    """O verbo `base` (em inglês) em português, a concordar com `who`."""
    forms = _VERBS[base]
    if who.person == 2:
        return forms[0]
    if who.person == 1:
        return forms[2]
    return forms[3] if who.plural else forms[1]


_ROLES: Final[dict[SeatRole, str]] = {
    "you": "tu",
    "partner": "o teu parceiro",
    "left": "o adversário da esquerda",
    "right": "o adversário da direita",
}


class Play:
    """`sueca play`."""

    def seat(self, seat: int, short: str) -> Who:
        return Who(f"o {short}", short, 3)

    def role(self, role: SeatRole, short: str) -> Who:
        return Who(_ROLES[role], short, 2 if role == "you" else 3)

    def team(self, team: int, short: str) -> Who:
        return Who(f"a {short}", short, 3)

    def our_team(self, ours: bool) -> Who:
        return Who("nós", "nós", 1, True) if ours else Who("eles", "eles", 3, True)

    def suit(self, suit: int) -> str:
        return _SUITS[suit]

    def either(self, items: Sequence[str]) -> str:
        return " ou ".join(items) if len(items) < 3 else "uma de " + " ".join(items)

    yes_words: frozenset[str] = frozenset({"s", "sim", "y", "yes"})

    no_words: frozenset[str] = frozenset({"n", "não", "nao", "no"})

    top_words: frozenset[str] = frozenset({"c", "cima", "t", "top"})

    bottom_words: frozenset[str] = frozenset({"b", "baixo", "bottom"})

    left_words: frozenset[str] = frozenset({"e", "esquerda", "l", "left"})

    right_words: frozenset[str] = frozenset({"d", "direita", "r", "right"})

    quit_words: frozenset[str] = frozenset({"s", "sair", "q", "quit"})

    help_words: frozenset[str] = frozenset({"a", "ajuda", "?", "h", "help"})

    table_words: frozenset[str] = frozenset({"m", "mesa", "t", "table"})

    tricks_words: frozenset[str] = frozenset({"v", "vazas", "l", "tricks"})

    claim_words: frozenset[str] = frozenset({"acusar", "renúncia", "renuncia", "claim"})

    def title(self, name: str) -> str:
        return f"Sueca — {name}"

    def seed(self, seed: int | str) -> str:
        return f"Semente {seed}."

    def players(self, partner_level: int, level: int) -> str:
        return (
            f"Tu (lugar 0) e o teu parceiro (lugar 2, nível {partner_level}) contra o "
            f"adversário da esquerda (lugar 1) e o adversário da direita (lugar 3), nível "
            f"{level}."
        )

    def players_auto(self, levels: Sequence[int]) -> str:
        return (
            f"Lugares 0 e 2 (equipa 0, nível {levels[0]}) contra lugares 1 e 3 (equipa 1, "
            f"nível {levels[1]})."
        )

    def order(self, names: Sequence[str], clockwise: bool) -> str:
        way = "sentido dos ponteiros do relógio" if clockwise else "sentido contrário ao dos "
        way += "" if clockwise else "ponteiros do relógio"
        return f"Ordem de jogo: {', '.join(names)} ({way})."

    def keys(self, claimable: bool) -> str:
        claim = "; 'acusar' acusa uma renúncia" if claimable else ""
        return (
            "Escreve o número de uma carta ou a carta (7c é o 7♥, sete de copas: valor e depois "
            "naipe, e espadas, c copas, o ouros, p paus), a para ajuda, v para as vazas jogadas, "
            f"s para sair{claim}."
        )

    def revoke_rate(self, rate: float) -> str:
        return (
            f"Aqui pode haver renúncias: os adversários de vez em quando não assistem "
            f"(--revoke-rate {rate:g}). Apanha-os com 'acusar', durante a mão ou na contagem."
        )

    def resumed(self, path: str, deals: int, cards: int) -> str:
        done = "acabada" if deals == 1 else "acabadas"
        return f"A continuar {path}: {_deals(deals)} {done}" + (
            f", {_plural(cards, 'carta', 'cartas')} desta mão já "
            f"{'jogada' if cards == 1 else 'jogadas'}."
            if cards
            else "."
        )

    def help(self, claimable: bool, accuse: bool, rules_command: str | None) -> str:
        claim = ""
        if claimable:
            claim = " 'acusar' acusa uma renúncia" + (
                " (depois dizes que adversário acusas);" if accuse else ";"
            )
        return (
            "Escreve o número que aparece antes de uma carta, ou a própria carta (7c, ae, dp: "
            "valor e depois naipe, com as letras portuguesas e espadas, c copas, o ouros, p paus, "
            "e R rei, V valete, D dama; 7c é o sete de copas); "
            f"'m' mostra a mesa outra vez; 'v' mostra as vazas desta mão;{claim} 's' acaba o "
            "jogo."
            + (
                f" As regras deste jogo: {rules_command} (noutro terminal)."
                if rules_command
                else ""
            )
        )

    def deal_title(self, number: int, partida: int | None) -> str:
        return f"Mão {number}" + (f", partida {partida}" if partida is not None else "")

    def chose(self, dealer: Who, top: bool) -> str:
        side = "de cima" if top else "de baixo"
        return f"{dealer.cap} {_verb(dealer, 'choose')} a carta {side} para trunfo."

    def dealt(self, dealer: Who, card: str, suit: str) -> str:
        return (
            f"{dealer.cap} {_verb(dealer, 'deal')} e {_verb(dealer, 'turn')} {card}: "
            f"o trunfo é {suit}."
        )

    def ask_trump(self) -> str:
        return (
            "És tu a dar: trunfo por cima (ficas com as dez primeiras cartas e viras a de cima) "
            "ou por baixo (recebes por último e viras a de baixo)? c = cima, b = baixo: "
        )

    def trump_hint(self) -> str:
        return "Escreve c para a carta de cima ou b para a de baixo (s acaba o jogo)."

    def ask_redeal(self, points: int, below: int) -> str:
        return (
            f"A tua mão tem {_points(points)}, menos de {below}: podes pedir que se dê de "
            "novo. Pedes? s/n: "
        )

    def yes_no_hint(self) -> str:
        return "Escreve s (sim) ou n (não)."

    def redeal(self, who: Who, dealer: Who) -> str:
        return (
            f"{who.cap} {_verb(who, 'ask')} que se dê de novo (uma mão fraca): "
            f"{dealer.name} {_verb(dealer, 'deal')} outra vez."
        )

    def trick_head(self, number: int, trumps: str) -> str:
        return f"Vaza {number} · trunfo {trumps}"

    def turned_beside(self, card: str, dealer: Who) -> str:
        return f"{card} à vista na mão de quem deu ({dealer.name})"

    def score_line(
        self,
        teams: tuple[Who, Who],
        points: tuple[int, int],
        games: tuple[int, int],
        target: int,
    ) -> str:
        a, b = teams[0].short, teams[1].short
        return (
            f"Pontos {a} {points[0]}, {b} {points[1]} · jogos {a} {games[0]}, {b} {games[1]} "
            f"(ganha quem chegar a {target})"
        )

    def partidas(self, won: tuple[int, int]) -> str:
        return f"partidas {won[0]}-{won[1]}"

    def tie_pending(self) -> str:
        return "há um empate a 60 por contar"

    def penalties_pending(self, teams: tuple[Who, Who], games: tuple[int, int]) -> str:
        owed = [f"{t.short} +{g}" for t, g in zip(teams, games, strict=True) if g]
        return f"jogos de acusações falsas {', '.join(owed)}"

    def on_table(self, parts: Sequence[str]) -> str:
        return "Na mesa: " + ", ".join(parts)

    winning = "a ganhar"

    def you_lead(self) -> str:
        return "És tu a sair."

    def your_hand(self) -> str:
        return "A tua mão:"

    trumps_word = "trunfo"

    def star(self) -> str:
        return "★ a carta que viraste: todos a viram na tua mão."

    def card_prompt(self, count: int) -> str:
        numbers = f"1-{count}" if count > 1 else "1"
        return f"A tua carta ({numbers}, ou a para ajuda): "

    def no_card(self, n: int, count: int) -> str:
        return (
            f"Não há carta {n}: escolhe um número de 1 a {count}, ou escreve uma carta como 7H "
            "(a para ajuda)."
        )

    def not_a_card(self, text: str, count: int) -> str:
        numbers = f"1-{count}" if count > 1 else "1"
        return (
            f"{text!r} não é uma carta: escreve uma como 7c (sete de copas) ou ae (ás de "
            f"espadas), ou o seu número ({numbers}); "
            "a para ajuda."
        )

    def not_held(self, card: str) -> str:
        return f"Não tens {card}."

    def must_follow(self, suit: str, cards: str) -> str:
        return f"Tens de assistir a {suit}: joga {cards}."

    def no_claims(self) -> str:
        return "Aqui não há renúncias a acusar: com estas regras ninguém pode deixar de assistir."

    def trick_line(self, number: int, parts: Sequence[str], winner: Who, points: int) -> str:
        return f"  {number:>2}. {', '.join(parts)} → {winner.short} +{points}"

    def no_tricks(self) -> str:
        return "Ainda não se jogou nenhuma vaza nesta mão."

    def tricks_title(self) -> str:
        return "As vazas desta mão (a carta que ganhou sublinhada):"

    def accuse_prompt(self, left: Who, right: Who) -> str:
        return f"Acusas quem? e = {left.name}, d = {right.name} (Enter: ninguém): "

    def claim_cost(
        self, games: int, penalized: bool, plays_on: bool, accused: bool, count: bool
    ) -> str:
        nobody = "o acusado não renunciou" if accused else "nenhum deles renunciou"
        goes_on = "contam-se os pontos" if count else "o jogo continua"
        if not penalized:
            return f"se {nobody}, {goes_on} na mesma"
        then = goes_on if plays_on else "a mão acaba"
        return f"se {nobody}, os adversários marcam {_games(games)} e {then}"

    def confirm_claim(self, against: Who | None, cost: str) -> str:
        what = f"Acusar {against.name} de renúncia" if against else "Acusar uma renúncia"
        return f"{what}? {cost[:1].upper()}{cost[1:]}. Escreve s para acusar: "

    def no_claim(self, count: bool) -> str:
        return "Sem acusação: contam-se os pontos." if count else "Sem acusação: o jogo continua."

    def claim_right(self, by: Who, revoker: Who, card: str) -> str:
        return (
            f"{by.cap} {_verb(by, 'claim')} uma renúncia: {revoker.name} jogou {card} sem assistir."
        )

    def claim_wrong(
        self,
        by: Who,
        against: Who | None,
        outcome: FalseClaim,
        scorer: Who,
        games: int,
        count: bool,
    ) -> str:
        if against is not None:
            head = (
                f"{by.cap} {_verb(by, 'accuse')} {against.name} de renúncia, mas "
                f"{against.name} não renunciou"
            )
        else:
            head = f"{by.cap} {_verb(by, 'claim')} uma renúncia, mas ninguém renunciou"
        goes_on = "contam-se os pontos" if count else "o jogo continua"
        if outcome == "ignored":
            return f"{head}: {goes_on}."
        if outcome == "ends":
            return head + ": uma acusação falsa."
        return (
            head + f": uma acusação falsa. {scorer.cap} {_verb(scorer, 'score')} "
            f"{_games(games)} por isso, e {goes_on}."
        )

    def count_started(self) -> str:
        return "A contagem: as dez vazas estão feitas. Ainda se pode acusar uma renúncia."

    def count_prompt(self) -> str:
        return "Acusar uma renúncia ('acusar'), ver as vazas (v), ou Enter para contar: "

    def count_hint(self) -> str:
        return "Escreve 'acusar' para acusar uma renúncia, v para ver as vazas, Enter para contar."

    def tie(self, add: int, multiply: int, penalized: bool = False) -> str:
        nobody = "a mão em si não dá jogos" if penalized else "ninguém marca"
        if add:
            return f"Empate a 60, {nobody}: a próxima mão ganha vale mais {_games(add)}."
        if multiply:
            times = {2: "a dobrar", 3: "a triplicar"}.get(multiply, f"×{multiply}")
            return f"Empate a 60, {nobody}: a próxima mão ganha conta {times}."
        return f"Empate a 60, {nobody}."

    def won(self, team: Who, games: int, kind: Literal["", "bandeira", "capote"]) -> str:
        extra = f" ({kind}!)" if kind else ""
        return f"{team.name} {_verb(team, 'score')} {_games(games)}{extra}."

    def by_claim(self, caught: bool, team: Who, games: int) -> str:
        what = "a renúncia" if caught else "a acusação falsa"
        return f"{what} acaba a mão: {team.name} {_verb(team, 'score')} {_games(games)}."

    def with_penalties(self, teams: tuple[Who, Who], games: tuple[int, int]) -> str:
        parts = [f"{t.short} +{_games(g)}" for t, g in zip(teams, games, strict=True) if g]
        return f" Com as acusações falsas: {', '.join(parts)}."

    def deal_end(self, number: int, teams: tuple[Who, Who], points: tuple[int, int]) -> str:
        a, b = teams[0].short, teams[1].short
        return f"Mão {number}: pontos {a} {points[0]}, {b} {points[1]} —"

    def games_line(
        self, teams: tuple[Who, Who], games: tuple[int, int], target: int, so_far: tuple[int, int]
    ) -> str:
        a, b = teams[0].short, teams[1].short
        return (
            f"Jogos {a} {games[0]}, {b} {games[1]} (ganha quem chegar a {target}) · pontos até "
            f"agora {so_far[0]}-{so_far[1]}"
        )

    def partida_won(self, team: Who, number: int, games: tuple[int, int]) -> str:
        return (
            f"{team.cap} {_verb(team, 'win')} a partida {number}, {games[0]}-{games[1]} em jogos."
        )

    def match_won(self, team: Who, human: bool, ours: bool) -> str:
        if human:
            return "Ganhaste o encontro!" if ours else "Os adversários ganham o encontro."
        return f"{team.cap} {_verb(team, 'win')} o encontro."

    def match_detail(
        self, deals: int, teams: tuple[Who, Who], points: tuple[int, int], partidas: str
    ) -> str:
        a, b = teams[0].short, teams[1].short
        text = f"{_deals(deals)}, pontos {a} {points[0]}, {b} {points[1]}."
        return f"{partidas[:1].upper()}{partidas[1:]}, {text}" if partidas else text.capitalize()

    def end_of_input(self) -> str:
        return "Fim da entrada: o jogo acaba aqui."

    def leave(self) -> str:
        return "Sais da mesa."

    def saved(self, path: str, command: str) -> str:
        return f"O jogo ficou guardado em {path} ({command})."

    def replay_with(self, command: str) -> str:
        return f"para o rever: {command}"

    def resume_with(self, command: str) -> str:
        return f"para o continuar: {command}"

    def ladder_intro(self, name: str, partner_level: int, seed: int | str) -> str:
        return (
            f"Sueca — {name}: a escada. O teu parceiro joga no nível {partner_level}. "
            "Cada encontro que ganhas põe os adversários um nível acima (de 1 a 4); perder um, "
            f"ou sair, acaba a corrida. Semente {seed}."
        )

    def ladder_best(self, score: str, streak: int, date: str) -> str:
        return f"Melhor pontuação até agora: {score} (série {streak}, {date})."

    def ladder_match(self, number: int, level: int, streak: int, score: str) -> str:
        return (
            f"Encontro {number}: adversários no nível {level} · série {streak} · pontuação {score}"
        )

    def ladder_stop(self, eof: bool) -> str:
        return "Fim da entrada: a corrida acaba aqui." if eof else "Sais da escada."

    def ladder_progress(self, streak: int, margin: str, score: str) -> str:
        return f"Série {streak}, margem {margin}: pontuação {score}."

    def ladder_next(self, number: int, level: int) -> str:
        return (
            f"Enter para o encontro {number} contra adversários de nível {level}, ou s para sair: "
        )

    def ladder_left(self, eof: bool) -> str:
        return "Fim da entrada." if eof else "Sais da escada."

    def interrupted(self) -> str:
        return "Interrompido: a corrida acaba aqui."

    def run_over(self, streak: int, margin: str, score: str, rank: int | None) -> str:
        text = f"Fim da corrida: série {streak}, margem {margin} → pontuação {score}."
        if rank == 1:
            return text + " Um novo recorde!"
        return text + (f" Lugar {rank} entre as melhores." if rank else "")

    def scores_backup(self, path: str) -> str:
        return f"As pontuações da escada que não se puderam ler ficaram em {path}."

    scores_title = "Melhores pontuações da escada"

    scores_columns: tuple[str, ...] = ("#", "pontos", "série", "margem", "data", "variante")

    def number(self, n: int) -> str:
        return f"{n:,}".replace(",", " ")


class Replay:
    """`sueca replay`: seats and teams by number."""

    def team_long(self, team: int) -> str:
        return f"a equipa {team} (lugares {team} e {team + 2})"

    def head(self, name: str, first_dealer: int) -> str:
        return f"{name}: o primeiro a dar é o lugar {first_dealer}"

    def deal(self, number: int, partida: int, dealer: int, card: str, suit: int) -> str:
        return (
            f"Mão {number} (partida {partida}): o lugar {dealer} dá e vira {card}: o trunfo é "
            f"{'♠♥♦♣'[suit]} {_SUITS[suit]}"
        )

    def redeal(self, seat: int) -> str:
        return f"o lugar {seat} pede que se dê de novo (uma mão fraca): quem deu dá outra vez"

    def trick_head(self, number: int, leader: int) -> str:
        return f"{number:>2}. lugar {leader} sai:"

    def trick_won(self, winner: int, points: int) -> str:
        unit = "ponto" if points == 1 else "pontos"
        return f"→ lugar {winner} ganha {points:>2} {unit}"

    def claim(self, by: int, against: int | None, after: int, found: str) -> str:
        who = f"o lugar {by} acusa uma renúncia"
        if against is not None:
            who = f"o lugar {by} acusa o lugar {against} de renúncia"
        when = "na contagem" if after == 40 else f"depois da carta {after}"
        when = "antes da primeira carta" if after == 0 else when
        return f"{who} {when}: {found}"

    def claim_found(self, seat: int, card: str, play: int) -> str:
        return f"com razão, o lugar {seat} renunciou com {card} (carta {play})"

    def claim_false(
        self, outcome: FalseClaim, against: int | None, team: str, games: int, count: bool
    ) -> str:
        if outcome == "ignored":
            return "sem razão, e estas regras ignoram-no: " + (
                "contam-se os pontos" if count else "o jogo continua"
            )
        nobody = "nenhum adversário tinha renunciado"
        if against is not None:
            nobody = f"o lugar {against} não tinha renunciado"
        if outcome == "ends":
            return f"sem razão, {nobody}"
        then = "contam-se os pontos" if count else "o jogo continua"
        return f"sem razão, {nobody}: {team} recebe {_games(games)} por isso, e {then}"

    def points(self, points: tuple[int, int], tricks: tuple[int, int]) -> str:
        return f"Pontos {points[0]}-{points[1]}, vazas {tricks[0]}-{tricks[1]}:"

    def tie(self, tricks: tuple[int, int], penalties: tuple[int, int]) -> str:
        head = f"Vazas {tricks[0]}-{tricks[1]}, pontos 60-60, empate:"
        if not any(penalties):
            return f"{head} ninguém marca."
        parts = [f"{self.team_long(t)} recebe {_games(g)}" for t, g in enumerate(penalties) if g]
        return f"{head} a mão em si não dá jogos, mas pelas acusações falsas {' e '.join(parts)}."

    def won(self, team: str, games: int, bandeira: bool) -> str:
        return f"{team} marca {_games(games)}{' (bandeira)' if bandeira else ''}."

    def by_claim(self, caught: bool, team: str, games: int) -> str:
        what = "na renúncia" if caught else "na acusação falsa"
        return f"A mão acaba {what}: {team} marca {_games(games)}."

    def penalties(self, games: tuple[int, int]) -> str:
        parts = [f"{self.team_long(t)} +{_games(g)}" for t, g in enumerate(games) if g]
        return f" Com as acusações falsas: {', '.join(parts)}."

    def games(self, partida: int, games: tuple[int, int]) -> str:
        return f"Jogos na partida {partida}: {games[0]}-{games[1]}"

    def partida(self, team: str, number: int, bandeira: bool, games: tuple[int, int]) -> str:
        how = " com uma bandeira" if bandeira else ""
        score = f"{games[0]}-{games[1]}"
        return f"{team[:1].upper()}{team[1:]} ganha a partida {number}{how}, {score} em jogos."

    def unfinished_deal(self, number: int, cards: int, turn: int | None) -> str:
        due = f", joga o lugar {turn}" if turn is not None else ""
        played = _plural(cards, "carta jogada", "cartas jogadas")
        return f"A mão {number} está por acabar: {played}{due}."

    def match_over(self, team: str, partidas: tuple[int, int]) -> str:
        return f"O encontro acabou: ganha {team}, partidas {partidas[0]}-{partidas[1]}."

    def match_goes_on(self, games: tuple[int, int], partidas: tuple[int, int]) -> str:
        return (
            f"O encontro continua: jogos {games[0]}-{games[1]}, partidas "
            f"{partidas[0]}-{partidas[1]}."
        )


PLAY: Final = Play()
REPLAY: Final = Replay()
