"""Frases em português europeu, como um jogador as escreve (vaza, naipe, trunfo, assistir,
cortar, renúncia, capote, bandeira, partida, dar de novo).

The built-in variants' descriptions are translated here (`_BUILTINS`, by id); a user's own
description is shown as written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._analysis_tables import analysis_section
from ._game_tables import play_section, replay_section
from ._tables import Headings, Phase, PhaseNames, Phrases, TopicLabels

if TYPE_CHECKING:
    from .._describe_facts import (
        Band,
        Bandeira,
        Dealing,
        Direction,
        MatchLength,
        Players,
        Redeal,
        Revoke,
        Scoring,
        SectionKey,
        Tie,
        Topic,
    )

__all__ = ["PHRASES"]


# --- palavras pequenas ----------------------------------------------------------------------


def _games(n: int) -> str:
    """`1 jogo`, `4 jogos`, `nenhum jogo`: uma quantidade, não depois de um verbo (ver `_marca`)."""
    return "nenhum jogo" if n == 0 else "1 jogo" if n == 1 else f"{n} jogos"


def _marca(n: int) -> str:
    """`marca 4 jogos`, `não marca nada`."""
    return "não marca nada" if n == 0 else f"marca {_games(n)}"


def _first_leader(f: Dealing, *, capital: bool) -> str:
    """Quem joga primeiro em cada mão: `o jogador à direita de quem deu`, `quem deu`."""
    if f.leader_side is None:
        return "Quem deu" if capital else "quem deu"
    who = f"{'O' if capital else 'o'} jogador à {_side(f.leader_side == 'left')} de quem deu"
    return who + (" (que cortou o baralho)" if f.leader == "before_dealer" else "")


def _side(left: bool) -> str:
    return "esquerda" if left else "direita"


def _more(n: int) -> str:
    """`mais 1 jogo`, `mais 2 jogos`."""
    return f"mais {_games(n)}"


def _times(factor: int) -> str:
    """`a dobrar`, `a triplicar`, `a quadruplicar`, ou `×5`."""
    return {2: "a dobrar", 3: "a triplicar", 4: "a quadruplicar"}.get(factor, f"×{factor}")


def _band(b: Band, unit: bool = True) -> str:
    """`61 a 90 pontos: 1 jogo`, `91 a 119 pontos (capote): 2 jogos`; without `unit`,
    `91 a 119 (capote): 2 jogos`."""
    span = f"{b.low}" if b.low == b.high else f"{b.low} a {b.high}"
    span += " pontos" if unit else ""
    return f"{span}{' (capote)' if b.capote else ''}: {_games(b.games)}"


def _who_may_redeal(f: Redeal) -> str:
    """`um jogador cuja mão tenha menos de 10 pontos`, e afins."""
    lead, others = f.leader_below, f.others_below
    if lead == others:
        return f"um jogador cuja mão tenha menos de {lead} pontos"
    if others is None:
        return f"o jogador que joga primeiro, se a sua mão tiver menos de {lead} pontos,"
    if lead is None:
        return (
            f"qualquer jogador, exceto o que joga primeiro, se a sua mão tiver menos de "
            f"{others} pontos,"
        )
    return (
        f"o jogador que joga primeiro, se a sua mão tiver menos de {lead} pontos, ou outro "
        f"jogador, se a sua tiver menos de {others},"
    )


class _Words:
    def games(self, n: int) -> str:
        return _games(n)

    def side(self, left: bool) -> str:
        return _side(left)


# --- o cartão de regras ---------------------------------------------------------------------


_HEADINGS: Headings = {
    "players": "Jogadores e equipas",
    "direction": "Sentido do jogo",
    "deal": "A distribuição e o trunfo",
    "follow": "Assistir",
    "revoke": "Renúncia",
    "cards": "Ordem e valor das cartas",
    "scoring": "Pontuação de cada mão",
    "bandeira": "Bandeira",
    "tie": "Empate (60-60)",
    "match": "A partida",
    "source": "Fonte",
}


class _Card:
    def heading(self, key: SectionKey) -> str:
        return _HEADINGS[key]

    follow_suit = (
        "É obrigatório assistir: quem tiver cartas do naipe jogado em primeiro lugar tem de "
        "jogar uma delas, mas não precisa de ser mais alta. Quem não tiver pode jogar qualquer "
        "carta: um trunfo, para tentar ganhar a vaza, ou uma carta de outro naipe. Não é "
        "obrigatório cortar (jogar trunfo) nem cortar por cima. Ganha a vaza o trunfo mais alto; "
        "se ninguém jogou trunfo, ganha a carta mais alta do naipe jogado em primeiro lugar."
    )
    card_order = (
        "Em todos os naipes, trunfo incluído, as cartas ordenam-se da mais alta para a mais baixa:"
    )
    card_names = (
        "Ou seja: ás, sete (a manilha ou bisca), rei, valete, dama, 6, 5, 4, 3, 2. O sete fica "
        "logo abaixo do ás, e o valete acima da dama. Pontos: ás 11, sete 10, rei 4, valete 3, "
        "dama 2, as restantes 0, o que dá 120 pontos no baralho."
    )
    scoring = (
        "No fim da mão, cada equipa soma os pontos das vazas que ganhou; os dois totais dão "
        "sempre 120. A equipa com mais de 60 pontos ganha a mão e marca jogos; a outra não "
        "marca nada:"
    )

    def title(self, name: str) -> str:
        return f"Regras da Sueca: {name}"

    def players(self, f: Players) -> str:
        text = (
            "Quatro jogadores, em duas equipas de dois. Os parceiros sentam-se frente a frente, "
            "de modo que a vez passa sempre de uma equipa para a outra, e os pontos e os jogos "
            "contam por equipa. Joga-se com um baralho de 40 cartas, sem os oitos, noves e "
            "dezes, e cada jogador recebe dez."
        )
        if f.seats_named:
            text += (
                " Os lugares numeram-se de 0 a 3 no sentido dos ponteiros do relógio: a equipa 0 "
                "ocupa os lugares 0 e 2, a equipa 1 os lugares 1 e 3."
            )
        return text

    def direction(self, f: Direction) -> str:
        side = _side(f.clockwise)
        way = "" if f.clockwise else "contrário ao "
        text = (
            f"Tudo se faz no sentido {way}dos ponteiros do relógio, para a {side}: depois de "
            f"si, joga o jogador à sua {side}."
        )
        if f.deal_reverse:
            return text + (
                " Joga-se e passa-se a vez de dar neste sentido, mas as cartas dão-se no "
                "sentido contrário."
            )
        return text + " Dão-se as cartas, joga-se e passa-se a vez de dar sempre neste sentido."

    def dealing(self, f: Dealing) -> str:
        if f.first_dealer is None:
            who = "O primeiro a dar as cartas é escolhido ao acaso."
        else:
            who = (
                f"O lugar {f.first_dealer} dá as cartas na primeira mão, e assim o lugar "
                f"{f.first_leader} é o primeiro a jogar."
            )
        start = f"começando pelo jogador à sua {_side(f.direction.deal_clockwise)}"
        if f.direction.deal_reverse:
            start += " (ao contrário do sentido do jogo)"
        top = (
            f"fica com as dez primeiras cartas, essa incluída, e depois dá dez cartas a cada um "
            f"dos outros, {start}"
        )
        bottom = (
            f"distribui dez cartas a cada jogador de uma só vez, {start} e acabando em si próprio"
        )
        if f.trump_card == "dealer_first":
            dealing = (
                f"Quem dá vira para cima a primeira carta do baralho, à vista de todos: o seu "
                f"naipe é o trunfo de toda a mão. Depois {top}."
            )
        elif f.trump_card == "dealer_choice":
            dealing = (
                f"Antes de cada mão, quem dá escolhe a carta que mostra o trunfo: a de cima do "
                f"baralho (trunfo por cima) ou a de baixo (trunfo por baixo). Por cima, vira a "
                f"primeira carta e {top}; por baixo, {bottom}, e vira a sua última carta. Em "
                f"qualquer dos casos a carta fica virada para cima, à vista de todos: o seu naipe "
                f"é o trunfo de toda a mão."
            )
        else:
            dealing = (
                f"Quem dá {bottom}. A sua última carta, a de baixo do baralho, é virada para "
                f"cima à vista de todos: o seu naipe é o trunfo de toda a mão."
            )
        return (
            f"{who} {dealing} A carta de trunfo fica na mão de quem deu, que a joga quando "
            f"quiser; até lá, todos sabem onde ela está."
        )

    def leading(self, f: Dealing) -> str:
        dealer = _side(f.next_dealer_side == "left")
        return (
            f"{_first_leader(f, capital=True)} é o primeiro a jogar na primeira vaza, e quem "
            f"ganha uma vaza é o primeiro a jogar na seguinte. No fim de cada mão, a vez de dar "
            f"passa para a {dealer}, no sentido do jogo."
        )

    def revoke(self, f: Revoke) -> str:
        text = "Não assistir quando se tem cartas do naipe é renúncia."
        if not f.claimable:
            return text + (
                " Com estas regras não há renúncias: só se podem jogar cartas que cumpram as "
                "regras, como no jogo online."
            )
        return text + (
            " Nada impede um jogador de renunciar: pode jogar-se qualquer carta da mão, como "
            "numa mesa a sério."
        )

    def redeal(self, f: Redeal) -> str:
        return (
            f"Antes da primeira carta de uma mão, {_who_may_redeal(f)} pode pedir para dar de "
            f"novo. Volta a dar o mesmo jogador, e a mão posta de lado não conta."
        )

    def claims(self, f: Revoke) -> str:
        accused = "esse adversário" if f.accuse_player else "um adversário"
        naming = ", dizendo qual o adversário que renunciou," if f.accuse_player else ""
        text = (
            f"Qualquer jogador pode acusar uma renúncia da equipa adversária{naming} a qualquer "
            f"momento da mão, até à contagem, depois da última vaza. Se {accused} tiver de "
            f"facto renunciado nesta mão, a acusação é certa: a mão acaba logo, sem contar "
            f"pontos, e a equipa que acusou {_marca(f.penalty_games)}."
        )
        false = "Uma acusação falsa (" + (
            "o adversário acusado não renunciou)"
            if f.accuse_player
            else "nenhum adversário renunciou)"
        )
        if f.false_claim_games is None:
            text += f" {false} é recusada e o jogo continua."
        elif f.plays_on:
            penalty = (
                "não custa nada"
                if f.false_claim_games == 0
                else f"dá {_games(f.false_claim_games)} aos adversários"
            )
            text += (
                f" {false} {penalty}, e o jogo continua: a mão conta-se no fim como de costume, "
                f"com o castigo somado aos seus jogos (uma acusação falsa na contagem faz contar "
                f"a mão logo). Uma acusação certa mais à frente na mesma mão ainda a acaba, e os "
                f"castigos anteriores ficam. Se as duas equipas chegarem aos jogos que ganham a "
                f"partida com a mesma mão, ganha-a a que tiver mais jogos; com os mesmos jogos, "
                f"a partida continua."
            )
        elif f.false_claim_games == 0:
            text += f" {false} também acaba a mão, e ninguém marca nada."
        else:
            text += (
                f" {false} também acaba a mão, e são os adversários que marcam os "
                f"{_games(f.false_claim_games)}."
            )
        if f.tie_kept:
            text += (
                " O castigo de uma acusação não gasta nem anula o bónus de um empate pendente "
                "(ver abaixo): esse bónus passa para a próxima mão ganha aos pontos, a não ser "
                "que o castigo acabe a partida (cada partida começa do zero)."
            )
        return text

    def band(self, b: Band, unit: bool = True) -> str:
        return _band(b, unit)

    def bandeira_band(self, f: Scoring) -> str:
        sweep = "todas as dez vazas" if f.bandeira_all_tricks else "todos os 120 pontos"
        return f"{sweep} (bandeira): {_games(f.bandeira_games)}"

    def bandeira(self, f: Bandeira) -> str:
        if f.all_tricks:
            at_120 = _games(f.games_at_120) if f.games_at_120 else "o que não lhe dá nada"
            made = (
                f"A equipa que ganha todas as dez vazas faz bandeira e {_marca(f.games)}. Não "
                f"bastam os 120 pontos: uma equipa com os 120 pontos que perdeu uma vaza (sem "
                f"pontos) não faz bandeira e marca pela tabela, {at_120}."
            )
        else:
            made = f"A equipa que faz todos os 120 pontos faz bandeira e {_marca(f.games)}."
        if f.wins_partida:
            return made + " A bandeira ganha logo a partida, seja qual for o resultado."
        if f.wins_in_effect:
            verb = "chega" if f.games == 1 else "chegam"
            return made + (
                f" Como {_games(f.games)} {verb} para ganhar a partida, na prática a bandeira "
                f"ganha logo a partida."
            )
        if not f.games:
            return made
        return made + (
            " Os jogos da bandeira contam como os outros: a bandeira não acaba a partida por si só."
        )

    def tie(self, f: Tie) -> str:
        drawn = "Se cada equipa fizer 60 pontos, há empate: ninguém marca"
        next_won = "a próxima mão que uma equipa ganhar"
        n = f.amount
        if f.carries == "nothing":
            return f"{drawn} e nada passa para a mão seguinte."
        if f.carries == "add":
            if f.stacks:
                return (
                    f"{drawn}, e {next_won} vale {_more(n)}. Cada novo empate antes disso junta "
                    f"mais {n}."
                )
            return (
                f"{drawn}, e {next_won} vale {_more(n)}. Vários empates seguidos contam como um "
                f"só: continua a valer só {_more(n)}."
            )
        named = n in (2, 3, 4)
        if named:
            text = f"{drawn}, e {next_won} conta {_times(n)} (os jogos multiplicam-se por {n})."
        else:
            text = f"{drawn}, e os jogos d{next_won} multiplicam-se por {n}."
        if f.stacks:
            return text + f" Cada novo empate antes disso volta a multiplicá-los por {n}."
        if named:
            return text + (
                f" Vários empates seguidos contam como um só: a mão continua a contar só "
                f"{_times(n)}."
            )
        return text + (
            f" Vários empates seguidos contam como um só: os jogos só se multiplicam por {n} "
            f"uma vez."
        )

    def match(self, f: MatchLength) -> str:
        text = (
            f"Os jogos vão-se somando de mão para mão; a primeira equipa a chegar aos "
            f"{_games(f.target_games)} ganha a partida."
        )
        if f.best_of == 1:
            return text + " Joga-se uma só partida."
        return text + (
            f" Joga-se à melhor de {f.best_of} partidas: ganha a primeira equipa a vencer "
            f"{f.partidas_to_win} partidas. Cada partida começa outra vez do zero."
        )

    def based_on(self, base: str, changed: bool | None) -> str:
        if changed is None:
            return f"Têm por base as regras de {base}."
        if not changed:
            return f"São as regras de {base}, sem alterações."
        return f"São as regras de {base}, com estas alterações:"

    def change(self, label: str, text: str) -> str:
        return f"{label}: {text}."


# --- diferenças de regras -------------------------------------------------------------------


_TOPICS: TopicLabels = {
    "direction": "Sentido do jogo",
    "first_dealer": "Quem dá primeiro",
    "first_leader": "Quem joga primeiro",
    "deal": "Distribuição e trunfo",
    "redeal": "Dar de novo",
    "revoke": "Renúncia",
    "tiers": "Pontuação",
    "bandeira": "Bandeira",
    "tie": "Empate (60-60)",
    "target": "Jogos para ganhar a partida",
    "best_of": "Número de partidas",
}


class _Diff:
    def topic(self, key: Topic) -> str:
        return _TOPICS[key]

    def direction(self, f: Direction) -> str:
        side = _side(f.clockwise)
        return f"para a {side} (depois de si joga o jogador à sua {side})"

    def first_dealer(self, f: Dealing) -> str:
        if f.first_dealer is None:
            return "escolhido ao acaso"
        return f"o lugar {f.first_dealer} (e assim o lugar {f.first_leader} joga primeiro)"

    def first_leader(self, f: Dealing) -> str:
        return _first_leader(f, capital=False)

    def deal(self, f: Dealing) -> str:
        side = _side(f.direction.deal_clockwise)
        if f.trump_card == "dealer_choice":
            return (
                f"quem dá escolhe em cada mão o trunfo por cima (fica com as dez primeiras "
                f"cartas) ou por baixo (dá-se a si próprio no fim), dando a começar pelo jogador "
                f"à sua {side}"
            )
        if f.trump_card == "dealer_first":
            return (
                f"quem dá fica com as dez primeiras cartas, vira a primeira para o trunfo e "
                f"depois dá a começar pelo jogador à sua {side}"
            )
        return (
            f"quem dá começa pelo jogador à sua {side}, acaba em si próprio e vira a sua "
            f"última carta para o trunfo"
        )

    def revoke(self, f: Revoke) -> str:
        if not f.claimable:
            return "não há (só se podem jogar cartas que cumpram as regras)"
        penalty = "não vale nada" if f.penalty_games == 0 else f"vale {_games(f.penalty_games)}"
        text = f"pode jogar-se qualquer carta, e uma renúncia acusada com razão {penalty}"
        if f.accuse_player:
            text += " (quem acusa diz qual o adversário)"
        if f.false_claim_games is None:
            return text + "; uma acusação falsa é recusada e o jogo continua"
        if f.false_claim_games == 0:
            text += "; uma acusação falsa não custa nada"
        else:
            text += f"; uma acusação falsa dá {_games(f.false_claim_games)} aos adversários"
        return text + (", e o jogo continua" if f.plays_on else "")

    def redeal(self, f: Redeal) -> str:
        lead, others = f.leader_below, f.others_below
        if lead is None and others is None:
            return "nunca"
        if lead == others:
            return f"qualquer jogador com menos de {lead} pontos pode pedir"
        if others is None:
            return f"o primeiro a jogar, com menos de {lead} pontos (os outros nunca)"
        if lead is None:
            return f"qualquer jogador menos o primeiro a jogar, com menos de {others} pontos"
        return f"o primeiro a jogar com menos de {lead} pontos, os outros com menos de {others}"

    def bandeira(self, f: Bandeira) -> str:
        sweep = "as dez vazas" if f.all_tricks else "os 120 pontos"
        text = f"{sweep} não valem nada" if f.games == 0 else f"{sweep} valem {_games(f.games)}"
        if f.wins_partida:
            return text + " e ganham logo a partida"
        if f.wins_in_effect:
            return text + ", o que chega para ganhar a partida"
        return text if not f.games else text + ", que não acabam a partida por si só"

    def tie(self, f: Tie) -> str:
        if f.carries == "nothing":
            return "ninguém marca e nada passa adiante"
        if f.carries == "add":
            head = f"a próxima mão ganha vale {_more(f.amount)}"
            return head + (" por empate" if f.stacks else ", mesmo com vários empates seguidos")
        head = f"a próxima mão ganha conta {_times(f.amount)}"
        if f.stacks:
            return head + f", e volta a multiplicar por {f.amount} a cada novo empate"
        return head + ", mesmo com vários empates seguidos"

    def target(self, f: MatchLength) -> str:
        return _games(f.target_games)

    def best_of(self, f: MatchLength) -> str:
        if f.best_of == 1:
            return "uma só partida"
        return f"à melhor de {f.best_of} (ganha quem vencer {f.partidas_to_win} partidas)"

    def same_rules(self, a: str, b: str | None) -> str:
        if b is None:
            return "As duas variantes têm exatamente as mesmas regras."
        return f"{a} e {b} têm exatamente as mesmas regras (só mudam o nome e a descrição)."

    def differ(self, a: str, b: str, rules: int, topics: int) -> str:
        text = f"{a} e {b} diferem em {rules} {'regra' if rules == 1 else 'regras'}"
        if topics == rules:
            return text + ":"
        return text + f", agrupadas em {topics} {'tema' if topics == 1 else 'temas'}:"

    def rule(self, label: str, a: str, text_a: str, b: str, text_b: str) -> str:
        return f"{label}: {a}: {text_a}; {b}: {text_b}."


# --- o resumo numa linha --------------------------------------------------------------------


class _Summary:
    play_on = "jogo continua"
    names_rival = "acusa um jogador"

    def direction(self, f: Direction) -> str:
        return f"para a {_side(f.clockwise)}"

    def first_dealer(self, seat: int) -> str:
        return f"1.º a dar: lugar {seat}"

    def first_leader(self, f: Dealing) -> str:
        return f"{_first_leader(f, capital=False)} joga primeiro"

    def trump(self, f: Dealing) -> str:
        card = {"dealer_first": "primeira carta", "dealer_choice": "por cima/baixo"}
        text = "trunfo: " + card.get(f.trump_card, "última carta")
        return text + (", dada ao contrário" if f.direction.deal_reverse else "")

    def redeal(self, f: Redeal) -> str:
        lead, others = f.leader_below, f.others_below
        if lead == others:
            return f"dar de novo < {lead}"
        if others is None:
            return f"dar de novo < {lead} (só o 1.º)"
        if lead is None:
            return f"dar de novo < {others} (menos o 1.º)"
        return f"dar de novo < {lead} (1.º), < {others}"

    def revoke(self, penalty: int, notes: list[str]) -> str:
        return f"renúncia acusável ({', '.join([str(penalty), *notes])})"

    def false_claim(self, games: int) -> str:
        return f"falsa {games}"

    def tiers(self, table: str) -> str:
        return f"jogos {table}"

    def tie(self, f: Tie) -> str:
        if f.carries == "nothing":
            return "60-60: nada"
        if f.carries == "add":
            return f"60-60: +{_games(f.amount)}"
        return f"60-60: próxima ×{f.amount}"

    def bandeira(self, f: Bandeira) -> str:
        sweep = "10 vazas" if f.all_tricks else "120 pts"
        return f"bandeira {sweep} = {f.games}" + (" e ganha" if f.wins_partida else "")

    def match(self, f: MatchLength) -> str:
        text = f"até {_games(f.target_games)}"
        return text + (f", melhor de {f.best_of}" if f.best_of > 1 else "")


# --- um jogo à mesa -------------------------------------------------------------------------


_PHASES: PhaseNames = {
    "deal": "dar as cartas",
    "trump": "escolha do trunfo",
    "redeal": "dar de novo?",
    "play": "jogo",
    "count": "contagem",
    "over": "fim",
}


class _Table:
    you = "tu"
    partner = "parceiro"
    right_rival = "adversário da direita"
    left_rival = "adversário da esquerda"
    top_card = "trunfo por cima"
    bottom_card = "trunfo por baixo"
    redeal = "dar de novo"
    keep_hand = "jogar esta mão"
    claim = "acusar renúncia"

    def phase(self, key: Phase) -> str:
        return _PHASES[key]

    def seat(self, seat: int) -> str:
        return f"lugar {seat}"

    def team(self, team: int) -> str:
        return f"equipa {team}"


# --- as descrições das variantes de origem --------------------------------------------------

_BUILTINS = {
    "portugal": (
        "As regras portuguesas habituais, como se joga nos cafés e à mesa de família por todo o "
        'país (fonte: "How to Play Sueca", em bs.fyi). Joga-se e dá-se no sentido contrário ao '
        "dos ponteiros do relógio; vira-se a última carta de quem dá para o trunfo; não há "
        "renúncias, porque só se podem jogar cartas que cumpram as regras. 61 pontos ganham um "
        "jogo, 91 um capote (dois jogos), os 120 uma bandeira (quatro jogos, o que ganha logo a "
        "partida); depois de um empate a 60, a próxima mão ganha vale mais um jogo, e cada novo "
        "empate junta mais um. Ganha a partida a primeira equipa a chegar aos quatro jogos."
    ),
    "portugal-best-of-3": (
        "As regras portuguesas habituais, jogadas à melhor de três partidas: ganha a primeira "
        'equipa a vencer duas partidas, e cada partida começa outra vez do zero (fonte: "How '
        'to Play Sueca", em bs.fyi, que propõe uma só partida ou a melhor de três).'
    ),
    "portugal-table": (
        'As regras portuguesas habituais, tal como se jogam com cartas a sério (fonte: "How to '
        'Play Sueca", em bs.fyi): nada impede um jogador de não assistir, por isso pode '
        "jogar-se qualquer carta da mão. Quem dá por uma renúncia acusa-a; a mão acaba logo, e "
        "uma acusação com razão custa a mão à equipa que renunciou: a equipa que acusou marca "
        "quatro jogos. Acusar quando nenhum adversário renunciou custa os mesmos quatro jogos à "
        "equipa que acusou."
    ),
    "sueca-online": (
        'As regras do site Sueca Online (fonte: a página de regras do "Sueca Online"). O '
        "primeiro a dar é escolhido ao acaso; quem dá mostra a primeira carta do baralho, virada "
        "para cima, fica com ela e com as dez primeiras cartas e depois dá as outras mãos no "
        "sentido contrário ao dos ponteiros do relógio. Joga-se no sentido contrário ao dos "
        "ponteiros do relógio (o habitual nas mesas do site) e o jogador à direita de quem deu é "
        "o primeiro a jogar. De 61 a 90 pontos marca-se um jogo, com 91 ou mais dois, e "
        "ganhando as dez vazas quatro (120 pontos com uma vaza perdida valem só dois). Uma mão "
        "empatada a 60 não vale nada e nada passa adiante. Ganha a primeira equipa a chegar aos "
        "quatro jogos."
    ),
    "sueca-play": (
        'As regras do jogo Sueca▶Play (fonte: as regras do "Sueca▶Play"). O jogador fica no '
        "lugar 0; joga-se no sentido contrário ao dos ponteiros do relógio (o jogador, o "
        "adversário da direita, o parceiro, o adversário da esquerda), o adversário da esquerda "
        "(lugar 1) dá as cartas na primeira mão, para que seja o jogador a jogar primeiro, e a "
        "vez de dar passa um lugar para a direita de cada vez. Vira-se a última carta de quem dá "
        "para o trunfo, e essa carta fica na mão de quem deu. De 61 a 90 pontos ganha-se um "
        "jogo, de 91 a 119 dois e com os 120 quatro. Uma mão empatada a 60 não vale nada e a "
        "seguinte conta a dobrar; o texto não diz que um segundo empate volta a dobrar, por isso "
        "vários empates seguidos contam como um só. Ganha a primeira equipa a chegar aos quatro "
        "jogos."
    ),
    "brasil": (
        "A Sueca tal como a escrevem as fontes brasileiras (fonte: a página de regras da Sueca "
        'da Copag e o regulamento do clube "Os amigos da sueca"). Dá-se e joga-se no sentido '
        'dos ponteiros do relógio: "a mão roda para a esquerda". Antes de cada mão, quem dá '
        "escolhe se recebe as cartas primeiro, virando para o trunfo a carta de cima do "
        "baralho, ou por último, virando a de baixo. Antes da primeira carta, o jogador que "
        "joga primeiro pode pedir para dar de novo se tiver menos de 10 pontos na mão, e "
        "qualquer outro jogador se tiver menos de 5. Mais de 60 pontos ganham a mão e um jogo, "
        "mais de 90 dois, e os 120 pontos são uma bandeira, que ganha logo a partida. Depois de "
        "um empate a 60, a próxima mão ganha vale mais um jogo. Ganha a primeira equipa a "
        "chegar aos quatro jogos."
    ),
    "french": (
        'As regras tal como estão escritas em francês (fonte: "Règle du jeu La Sueca"). '
        "Joga-se no sentido dos ponteiros do relógio; o primeiro a dar é escolhido ao acaso e a "
        "vez de dar passa para a esquerda. Quem dá distribui dez cartas a cada jogador, "
        "começando pelo da sua esquerda e acabando em si próprio, e vira a sua última carta (a "
        "de baixo do baralho) para o trunfo; o jogador à esquerda de quem deu é o primeiro a "
        "jogar. Mais de 60 pontos valem um jogo e 91 ou mais dois; ganhar todas as vazas vale "
        "quatro jogos e ganha logo a partida, mas 120 pontos com uma vaza perdida valem só dois. "
        "Uma mão empatada a 60 é nula: ninguém marca. Ganha a primeira equipa a chegar aos "
        "quatro jogos. (O texto também deixa quem dá ficar com as dez primeiras cartas, virar a "
        "primeira e dar as outras mãos no sentido contrário ao dos ponteiros do relógio: um "
        "ficheiro de regras da casa pode dizê-lo com `deal: {trump_card: dealer_first, order: "
        "reverse}`.)"
    ),
}


PHRASES = Phrases(
    lang="pt",
    name="português",
    words=_Words(),
    card=_Card(),
    diff=_Diff(),
    summary=_Summary(),
    table=_Table(),
    play=play_section("pt"),
    replay=replay_section("pt"),
    analysis=analysis_section("pt"),
    builtins=_BUILTINS,
)
