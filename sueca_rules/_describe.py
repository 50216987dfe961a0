"""Rules cards and rule differences, in English and European Portuguese.

:func:`describe` writes a variant as a *rules card*: every rule in plain sentences, grouped under
short headings, to read aloud before a game. :func:`summary` is the one-line version that
``sueca variants`` prints. :func:`diff` lists the rules in which two variants differ, as dotted
field paths with both values, and :func:`describe_diff` says the same in words.

The English text keeps the Portuguese terms of the game (trunfo, renúncia, capote, bandeira,
partida, empate) with a short gloss; the Portuguese text is European Portuguese. Nothing here does
any input or output.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from ._variant import Tie, Variant

__all__ = ["LANGS", "Lang", "RuleDiff", "describe", "describe_diff", "diff", "summary"]

Lang = Literal["en", "pt"]
"""A language of the texts: ``en`` (English) or ``pt`` (European Portuguese)."""

LANGS: tuple[Lang, ...] = ("en", "pt")
"""The languages :func:`describe`, :func:`summary` and :func:`describe_diff` can write."""

DEFAULT_WIDTH = 78
"""The line width of :func:`describe` and :func:`describe_diff` unless told otherwise."""

_CAPOTE_POINTS = 91  # a capote: the losers kept under 30 points


def _check_lang(lang: str) -> Lang:
    if lang == "en":
        return "en"
    if lang == "pt":
        return "pt"
    raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}")


# --- small words ---------------------------------------------------------------------------


def _games(n: int, lang: Lang) -> str:
    """``1 game``, ``4 games``, ``no games`` (``1 jogo``, ``4 jogos``, ``nenhum jogo``)."""
    if lang == "pt":
        return "nenhum jogo" if n == 0 else f"{n} jogo" if n == 1 else f"{n} jogos"
    return "no games" if n == 0 else f"{n} game" if n == 1 else f"{n} games"


def _side(clockwise: bool, lang: Lang) -> str:
    """The side of the next player: clockwise the next player sits on your left."""
    if lang == "pt":
        return "esquerda" if clockwise else "direita"
    return "left" if clockwise else "right"


def _times(factor: int, lang: Lang) -> str:
    """``double``/``triple`` (``a dobrar``/``a triplicar``) or ``×5``."""
    words = (
        {2: "a dobrar", 3: "a triplicar", 4: "a quadruplicar"}
        if lang == "pt"
        else {2: "double", 3: "triple", 4: "quadruple"}
    )
    return words.get(factor, f"×{factor}")


# --- the scoring table ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Band:
    """A range of card points and the games it scores."""

    low: int
    high: int
    games: int
    capote: bool


def _bands(variant: Variant) -> list[_Band]:
    """The scoring table as point ranges, from 61 up to 120 (119 when all 120 points are a
    bandeira). A gap below the first tier scores nothing; a tier that can never apply (from
    120 points when 120 points are a bandeira) is left out."""
    tiers = variant.scoring.tiers
    top = 119 if variant.scoring.bandeira.requires == "all_points" else 120
    bands: list[_Band] = []
    if tiers[0].min_points > 61:
        bands.append(_Band(61, min(tiers[0].min_points - 1, top), 0, capote=False))
    for i, tier in enumerate(tiers):
        high = tiers[i + 1].min_points - 1 if i + 1 < len(tiers) else top
        high = min(high, top)
        if tier.min_points > high:
            continue
        capote = tier.games == 2 and tier.min_points == _CAPOTE_POINTS
        bands.append(_Band(tier.min_points, high, tier.games, capote))
    return bands


def _no_tie_bonus(tie: Tie) -> bool:
    """A 60-60 that changes nothing: mode ``none``, or adding 0 games."""
    return tie.mode == "none" or (tie.mode == "add" and tie.amount == 0)


def _tier_games(variant: Variant, points: int) -> int:
    """The games of the highest tier reached with ``points`` (0 below the first tier)."""
    games = 0
    for tier in variant.scoring.tiers:
        if points >= tier.min_points:
            games = tier.games
    return games


def _band_text(band: _Band, lang: Lang) -> str:
    if lang == "pt":
        span = f"{band.low} pontos" if band.low == band.high else f"{band.low} a {band.high} pontos"
        if band.capote:
            span += " (capote)"
        return f"{span}: {_games(band.games, lang)}"
    span = f"{band.low} points" if band.low == band.high else f"{band.low} to {band.high} points"
    if band.capote:
        span += " (capote)"
    return f"{span}: {_games(band.games, lang)}"


def _tiers_short(variant: Variant, lang: Lang) -> str:
    """The table on one line: ``61 to 90 points: 1 game; 91 to 119 (capote): 2 games``."""
    texts = [_band_text(b, lang) for b in _bands(variant)]
    # "61 to 90 points: 1 game; 91 to 119 (capote): 2 games": say "points" once.
    word = " pontos" if lang == "pt" else " points"
    return "; ".join(t if i == 0 else t.replace(word, "", 1) for i, t in enumerate(texts))


# --- the rules card ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Para:
    """A paragraph of a section: running text, a list item, or a line shown as it is."""

    text: str
    kind: Literal["para", "item", "line"] = "para"


@dataclass(frozen=True, slots=True)
class _Section:
    heading: str
    paras: tuple[_Para, ...]


def _section(heading: str, *paras: str | _Para | None) -> _Section:
    """A section; ``None`` paragraphs (rules that do not apply) are left out."""
    return _Section(
        heading, tuple(p if isinstance(p, _Para) else _Para(p) for p in paras if p is not None)
    )


def _sentences(*parts: str | None) -> str:
    return " ".join(p for p in parts if p)


_INDENTS = {"para": ("  ", "  "), "item": ("  - ", "    "), "line": ("      ", "")}


def _render(title: str, sections: list[_Section], width: int | None) -> str:
    lines = [title, "=" * len(title)]
    for section in sections:
        lines.append("")
        lines.append(section.heading)
        previous = ""
        for para in section.paras:
            if para.kind == "para" and previous == "para":
                lines.append("")
            first, rest = _INDENTS[para.kind]
            lines.append(_wrap(para.text, first, rest, None if para.kind == "line" else width))
            previous = para.kind
    return "\n".join(lines) + "\n"


def _more(amount: int, lang: Lang) -> str:
    """``1 more game`` / ``mais 1 jogo``."""
    if lang == "pt":
        return f"mais {_games(amount, 'pt')}"
    return f"{amount} more game" if amount == 1 else f"{amount} more games"


def _sections_en(v: Variant) -> list[_Section]:
    cw = v.table.direction == "clockwise"
    side = _side(cw, "en")
    direction = "clockwise" if cw else "anticlockwise"
    reverse = v.deal.order == "reverse"
    deal_cw = cw != reverse
    deal_side = _side(deal_cw, "en")
    deal_direction = "clockwise" if deal_cw else "anticlockwise"
    first = v.table.first_dealer
    bandeira, tie, revoke, match = v.scoring.bandeira, v.scoring.tie, v.revoke, v.match
    sections: list[_Section] = []

    sections.append(
        _section(
            "Players and teams",
            _sentences(
                "Four players in two teams of two. Partners sit opposite each other, so the turn "
                "always passes from one team to the other, and they count their points and games "
                "together. The deck has 40 cards, the usual pack without the 8s, 9s and 10s, and "
                "each player gets ten.",
                None
                if first == "random"
                else "Seats are numbered 0 to 3 clockwise round the table: team 0 is seats 0 "
                "and 2, team 1 is seats 1 and 3.",
            ),
        )
    )

    sections.append(
        _section(
            "Direction of play",
            _sentences(
                f"Everything goes {direction}, to the {side}: after you, the player on your "
                f"{side} plays.",
                f"The play and the turn to deal go this way, but the cards are dealt the other "
                f"way round ({deal_direction})."
                if reverse
                else "The deal, the play and the turn to deal all go this way.",
            ),
        )
    )

    if first == "random":
        who = "The first dealer is chosen at random."
    else:
        leader = (first + (1 if cw else 3)) % 4
        who = f"Seat {first} deals the first deal, so seat {leader} leads the first trick."
    against = " (the opposite way to the play)" if reverse else ""
    if v.deal.trump_card == "dealer_last":
        dealing = (
            f"The dealer deals ten cards to each player in one go, starting with the player on "
            f"their {deal_side} and going round {deal_direction}{against}, ending with "
            f"themselves. The dealer's last card, the bottom card of the pack, is turned face up "
            f"for everyone to see: its suit is trumps (trunfo) for the whole deal."
        )
    else:
        dealing = (
            f"The dealer turns up the first card of the pack for everyone to see: its suit is "
            f"trumps (trunfo) for the whole deal. The dealer takes the first ten cards, that card "
            f"included, then deals ten cards to each of the others, starting with the player on "
            f"their {deal_side} and going round {deal_direction}{against}."
        )
    sections.append(
        _section(
            "The deal and the trump card (trunfo)",
            _sentences(
                who,
                dealing,
                "The turned card stays in the dealer's hand until they play it, so everyone "
                "knows where it is.",
            ),
            f"The player on the dealer's {side} leads the first trick, and the winner of each "
            f"trick leads the next. After each deal the turn to deal passes to the {side}, in "
            f"the direction of play.",
        )
    )

    sections.append(
        _section(
            "Following suit (assistir)",
            "You must follow suit (assistir): if you hold a card of the suit led, you must play "
            "one, though it need not be higher. If you cannot, play any card: a trump to try to "
            "win the trick, or a card of another suit. There is no duty to trump or to "
            "overtrump. The highest trump wins the trick; if no trump was played, the highest "
            "card of the suit led.",
        )
    )

    revoke_is = "Failing to follow suit when you could is a renúncia (a revoke)."
    if revoke.mode == "prevented":
        sections.append(
            _section(
                "Renúncia (revoke)",
                _sentences(
                    revoke_is,
                    "With these rules a renúncia cannot happen: only cards that follow the rules "
                    "can be played, as in online play.",
                ),
            )
        )
    else:
        penalty = _games(revoke.penalty_games, "en")
        sections.append(
            _section(
                "Renúncia (revoke)",
                _sentences(
                    revoke_is,
                    "Nothing stops a player from revoking: any card in hand may be played, as "
                    "at a real table.",
                ),
                _sentences(
                    f"Any player may claim a renúncia by the other team at any moment of the "
                    f"deal. The deal ends at once and no card points are counted: if a player of "
                    f"the other team did revoke in this deal, the claiming team scores {penalty}.",
                    f"A false claim (nobody on the other team revoked) also ends the deal, and "
                    f"the other team scores the {penalty} instead."
                    if revoke.false_claim == "penalize_claimant"
                    else "A false claim (nobody on the other team revoked) is rejected and "
                    "play goes on.",
                    None
                    if _no_tie_bonus(tie)
                    else "A renúncia penalty neither uses up nor cancels a pending empate "
                    "bonus (see below): the bonus still goes to the next deal won on points.",
                ),
            )
        )

    sections.append(
        _section(
            "Card order and points",
            "In every suit, trumps included, the cards rank from high to low:",
            _Para("A 7 K J Q 6 5 4 3 2", "line"),
            "That is ace (ás), seven (sete, also called manilha or bisca), king (rei), jack "
            "(valete), queen (dama), then 6 5 4 3 2: the seven ranks just under the ace, and "
            "the jack above the queen. Card points: A 11, 7 10, K 4, J 3, Q 2, the others 0, "
            "which makes 120 points in the deck.",
        )
    )

    sweep = "all 120 points" if bandeira.requires == "all_points" else "all ten tricks"
    sections.append(
        _section(
            "Scoring a deal",
            "At the end of the deal each team adds up the card points in the tricks it won; the "
            "two totals always make 120. The team with more than 60 wins the deal and scores "
            "games (jogos); the other team scores nothing:",
            *(_Para(_band_text(b, "en"), "item") for b in _bands(v)),
            _Para(f"{sweep} (bandeira): {_games(bandeira.games, 'en')}", "item"),
        )
    )

    scored = _games(bandeira.games, "en")
    if bandeira.requires == "all_points":
        made = (
            f"A team that takes all 120 points makes a bandeira (a clean sweep) and scores "
            f"{scored} instead."
        )
    else:
        made = (
            f"A team that wins all ten tricks makes a bandeira (a clean sweep) and scores "
            f"{scored}. Taking all 120 points is not enough: a team with 120 points that lost a "
            f"trick (one with no points in it) has no bandeira and scores by the table above, "
            f"{_games(_tier_games(v, 120), 'en')}."
        )
    if bandeira.wins_partida:
        ends = "A bandeira wins the partida at once, whatever the score."
    elif bandeira.games >= match.target_games:
        ends = (
            f"Since {_games(bandeira.games, 'en')} win a partida, in effect a bandeira wins the "
            f"partida at once."
        )
    else:
        ends = (
            "The games of a bandeira count like any others: a bandeira does not end the partida "
            "by itself."
        )
    sections.append(_section("Bandeira (clean sweep)", _sentences(made, ends)))

    drawn = "If both teams have 60 points the deal is drawn (empate): nobody scores"
    n = tie.amount
    if _no_tie_bonus(tie):
        text = f"{drawn} and nothing carries over to the next deal."
    elif tie.mode == "add":
        text = _sentences(
            f"{drawn}, and the next deal that is won is worth {_more(n, 'en')}.",
            f"Each further tie before then adds {n} more."
            if tie.stacks
            else f"Several ties in a row count as one: still only {_more(n, 'en')}.",
        )
    else:
        named = n in (2, 3, 4)
        text = _sentences(
            f"{drawn}, and the next deal that is won counts {_times(n, 'en')} (its games are "
            f"multiplied by {n})."
            if named
            else f"{drawn}, and the games of the next deal that is won are multiplied by {n}.",
            f"Each further tie before then multiplies them by {n} again."
            if tie.stacks
            else f"Several ties in a row count as one: it still counts only {_times(n, 'en')}."
            if named
            else f"Several ties in a row count as one: the games are multiplied by {n} only once.",
        )
    sections.append(_section("Empate (60-60 tie)", text))

    per = match.best_of // 2 + 1
    sections.append(
        _section(
            "The partida and the match",
            _sentences(
                f"Games add up from deal to deal; the first team to reach "
                f"{_games(match.target_games, 'en')} wins the partida (the whole game).",
                "The match is a single partida."
                if match.best_of == 1
                else f"The match is the best of {match.best_of} partidas: the first team to win "
                f"{per} partidas wins the match. Every partida starts again from 0 games.",
            ),
        )
    )

    if v.description.strip():
        sections.append(_section("Source", " ".join(v.description.split())))
    return sections


def _sections_pt(v: Variant) -> list[_Section]:
    cw = v.table.direction == "clockwise"
    side = _side(cw, "pt")
    direction = (
        "no sentido dos ponteiros do relógio"
        if cw
        else "no sentido contrário ao dos ponteiros do relógio"
    )
    reverse = v.deal.order == "reverse"
    deal_side = _side(cw != reverse, "pt")
    first = v.table.first_dealer
    bandeira, tie, revoke, match = v.scoring.bandeira, v.scoring.tie, v.revoke, v.match
    sections: list[_Section] = []

    sections.append(
        _section(
            "Jogadores e equipas",
            _sentences(
                "Quatro jogadores, em duas equipas de dois. Os parceiros sentam-se frente a "
                "frente, de modo que a vez passa sempre de uma equipa para a outra, e os pontos "
                "e os jogos contam por equipa. Joga-se com um baralho de 40 cartas, sem os oitos, "
                "noves e dezes, e cada jogador recebe dez.",
                None
                if first == "random"
                else "Os lugares numeram-se de 0 a 3 no sentido dos ponteiros do relógio: a "
                "equipa 0 ocupa os lugares 0 e 2, a equipa 1 os lugares 1 e 3.",
            ),
        )
    )

    sections.append(
        _section(
            "Sentido do jogo",
            _sentences(
                f"Tudo se faz {direction}, para a {side}: depois de si, joga o jogador à sua "
                f"{side}.",
                "Joga-se e passa-se a vez de dar neste sentido, mas as cartas dão-se no sentido "
                "contrário."
                if reverse
                else "Dão-se as cartas, joga-se e passa-se a vez de dar sempre neste sentido.",
            ),
        )
    )

    if first == "random":
        who = "O primeiro a dar as cartas é escolhido ao acaso."
    else:
        leader = (first + (1 if cw else 3)) % 4
        who = (
            f"O lugar {first} dá as cartas na primeira mão, e assim o lugar {leader} é o "
            f"primeiro a jogar."
        )
    against = " (ao contrário do sentido do jogo)" if reverse else ""
    if v.deal.trump_card == "dealer_last":
        dealing = (
            f"Quem dá distribui dez cartas a cada jogador de uma só vez, começando pelo jogador "
            f"à sua {deal_side}{against} e acabando em si próprio. A sua última carta, a de "
            f"baixo do baralho, é virada para cima à vista de todos: o seu naipe é o trunfo de "
            f"toda a mão."
        )
    else:
        dealing = (
            f"Quem dá vira para cima a primeira carta do baralho, à vista de todos: o seu naipe "
            f"é o trunfo de toda a mão. Fica com as dez primeiras cartas, essa incluída, e "
            f"depois dá dez cartas a cada um dos outros, começando pelo jogador à sua "
            f"{deal_side}{against}."
        )
    sections.append(
        _section(
            "A distribuição e o trunfo",
            _sentences(
                who,
                dealing,
                "A carta de trunfo fica na mão de quem deu, que a joga quando quiser; até lá, "
                "todos sabem onde ela está.",
            ),
            f"O jogador à {side} de quem deu é o primeiro a jogar na primeira vaza, e quem ganha "
            f"uma vaza é o primeiro a jogar na seguinte. No fim de cada mão, a vez de dar passa "
            f"para a {side}, no sentido do jogo.",
        )
    )

    sections.append(
        _section(
            "Assistir",
            "É obrigatório assistir: quem tiver cartas do naipe jogado em primeiro lugar tem de "
            "jogar uma delas, mas não precisa de ser mais alta. Quem não tiver pode jogar "
            "qualquer carta: um trunfo, para tentar ganhar a vaza, ou uma carta de outro naipe. "
            "Não é obrigatório cortar (jogar trunfo) nem cortar por cima. Ganha a vaza o trunfo "
            "mais alto; se ninguém jogou trunfo, ganha a carta mais alta do naipe jogado em "
            "primeiro lugar.",
        )
    )

    revoke_is = "Não assistir quando se tem cartas do naipe é renúncia."
    if revoke.mode == "prevented":
        sections.append(
            _section(
                "Renúncia",
                _sentences(
                    revoke_is,
                    "Com estas regras não há renúncias: só se podem jogar cartas que cumpram as "
                    "regras, como no jogo online.",
                ),
            )
        )
    else:
        penalty = _games(revoke.penalty_games, "pt")
        sections.append(
            _section(
                "Renúncia",
                _sentences(
                    revoke_is,
                    "Nada impede um jogador de renunciar: pode jogar-se qualquer carta da mão, "
                    "como numa mesa a sério.",
                ),
                _sentences(
                    f"Qualquer jogador pode acusar uma renúncia da equipa adversária a qualquer "
                    f"momento. A mão acaba logo, sem contar pontos, e, se um adversário tiver de "
                    f"facto renunciado nesta mão, a equipa que acusou marca {penalty}.",
                    f"Uma acusação falsa (nenhum adversário renunciou) também acaba a mão, e são "
                    f"os adversários que marcam os {penalty}."
                    if revoke.false_claim == "penalize_claimant"
                    else "Uma acusação falsa (nenhum adversário renunciou) é recusada e o jogo "
                    "continua.",
                    None
                    if _no_tie_bonus(tie)
                    else "O castigo de uma renúncia não gasta nem anula o bónus de um empate "
                    "pendente (ver abaixo): esse bónus passa para a próxima mão ganha aos pontos.",
                ),
            )
        )

    sections.append(
        _section(
            "Ordem e valor das cartas",
            "Em todos os naipes, trunfo incluído, as cartas ordenam-se da mais alta para a mais "
            "baixa:",
            _Para("A 7 K J Q 6 5 4 3 2", "line"),
            "Ou seja: ás, sete (a manilha ou bisca), rei, valete, dama, 6, 5, 4, 3, 2. O sete "
            "fica logo abaixo do ás, e o valete acima da dama. Pontos: ás 11, sete 10, rei 4, "
            "valete 3, dama 2, as restantes 0, o que dá 120 pontos no baralho.",
        )
    )

    sweep = "todos os 120 pontos" if bandeira.requires == "all_points" else "todas as dez vazas"
    sections.append(
        _section(
            "Pontuação de cada mão",
            "No fim da mão, cada equipa soma os pontos das vazas que ganhou; os dois totais dão "
            "sempre 120. A equipa com mais de 60 pontos ganha a mão e marca jogos; a outra não "
            "marca nada:",
            *(_Para(_band_text(b, "pt"), "item") for b in _bands(v)),
            _Para(f"{sweep} (bandeira): {_games(bandeira.games, 'pt')}", "item"),
        )
    )

    scored = _games(bandeira.games, "pt")
    if bandeira.requires == "all_points":
        made = f"A equipa que faz todos os 120 pontos faz bandeira e marca {scored}."
    else:
        made = (
            f"A equipa que ganha todas as dez vazas faz bandeira e marca {scored}. Não bastam os "
            f"120 pontos: uma equipa com os 120 pontos que perdeu uma vaza (sem pontos) não faz "
            f"bandeira e marca pela tabela, {_games(_tier_games(v, 120), 'pt')}."
        )
    if bandeira.wins_partida:
        ends = "A bandeira ganha logo a partida, seja qual for o resultado."
    elif bandeira.games >= match.target_games:
        verb = "chega" if bandeira.games == 1 else "chegam"
        ends = (
            f"Como {_games(bandeira.games, 'pt')} {verb} para ganhar a partida, na prática a "
            f"bandeira ganha logo a partida."
        )
    else:
        ends = (
            "Os jogos da bandeira contam como os outros: a bandeira não acaba a partida por si só."
        )
    sections.append(_section("Bandeira", _sentences(made, ends)))

    drawn = "Se cada equipa fizer 60 pontos, há empate: ninguém marca"
    next_won = "a próxima mão que uma equipa ganhar"
    n = tie.amount
    if _no_tie_bonus(tie):
        text = f"{drawn} e nada passa para a mão seguinte."
    elif tie.mode == "add":
        text = _sentences(
            f"{drawn}, e {next_won} vale {_more(n, 'pt')}.",
            f"Cada novo empate antes disso junta mais {n}."
            if tie.stacks
            else f"Vários empates seguidos contam como um só: continua a valer só "
            f"{_more(n, 'pt')}.",
        )
    else:
        named = n in (2, 3, 4)
        text = _sentences(
            f"{drawn}, e {next_won} conta {_times(n, 'pt')} (os jogos multiplicam-se por {n})."
            if named
            else f"{drawn}, e os jogos d{next_won} multiplicam-se por {n}.",
            f"Cada novo empate antes disso volta a multiplicá-los por {n}."
            if tie.stacks
            else f"Vários empates seguidos contam como um só: a mão continua a contar só "
            f"{_times(n, 'pt')}."
            if named
            else f"Vários empates seguidos contam como um só: os jogos só se multiplicam por "
            f"{n} uma vez.",
        )
    sections.append(_section("Empate (60-60)", text))

    per = match.best_of // 2 + 1
    sections.append(
        _section(
            "A partida",
            _sentences(
                f"Os jogos vão-se somando de mão para mão; a primeira equipa a chegar aos "
                f"{_games(match.target_games, 'pt')} ganha a partida.",
                "Joga-se uma só partida."
                if match.best_of == 1
                else f"Joga-se à melhor de {match.best_of} partidas: ganha a primeira equipa a "
                f"vencer {per} partidas. Cada partida começa outra vez do zero.",
            ),
        )
    )

    if v.description.strip():
        sections.append(_section("Fonte", " ".join(v.description.split())))
    return sections


def describe(variant: Variant, lang: Lang = "en", *, width: int | None = DEFAULT_WIDTH) -> str:
    """The rules card of ``variant``: every rule in plain sentences under short headings, to
    read aloud before a game, in English (``en``) or European Portuguese (``pt``).

    The variant's name is the title and its ``description`` closes the card as its source.
    Paragraphs are wrapped to ``width`` columns (``None``: one line each).
    """
    lang = _check_lang(lang)
    if lang == "pt":
        return _render(f"Regras da Sueca: {variant.name}", _sections_pt(variant), width)
    return _render(f"Sueca rules: {variant.name}", _sections_en(variant), width)


# --- the one-line summary ------------------------------------------------------------------


def summary(variant: Variant, lang: Lang = "en") -> str:
    """The rules on one line, for ``sueca variants``: direction, trump card, what differs from
    the usual in renúncia and scoring, 60-60, bandeira and the match."""
    lang = _check_lang(lang)
    v = variant
    pt = lang == "pt"
    bandeira, tie, match = v.scoring.bandeira, v.scoring.tie, v.match
    cw = v.table.direction == "clockwise"
    parts: list[str] = []
    if pt:
        parts.append("para a esquerda" if cw else "para a direita")
    else:
        parts.append("clockwise" if cw else "anticlockwise")
    first = v.table.first_dealer
    if first != "random":
        parts.append(f"1.º a dar: lugar {first}" if pt else f"seat {first} deals first")
    last = v.deal.trump_card == "dealer_last"
    if pt:
        trump = "trunfo: " + ("última carta" if last else "primeira carta")
        if v.deal.order == "reverse":
            trump += ", dada ao contrário"
    else:
        trump = "trump: " + ("last card" if last else "first card")
        if v.deal.order == "reverse":
            trump += ", dealt against play"
    parts.append(trump)
    if v.revoke.mode == "claimable":
        parts.append(
            f"renúncia acusável ({v.revoke.penalty_games})"
            if pt
            else f"renúncia claimable ({v.revoke.penalty_games})"
        )
    if [(t.min_points, t.games) for t in v.scoring.tiers] != [(61, 1), (91, 2)]:
        tiers = " ".join(f"{t.min_points}+:{t.games}" for t in v.scoring.tiers[:6])
        if len(v.scoring.tiers) > 6:
            tiers += " …"
        parts.append(("jogos " if pt else "games ") + tiers)
    if _no_tie_bonus(tie):
        parts.append("60-60: nada" if pt else "60-60: nothing")
    elif tie.mode == "add":
        what = _games(tie.amount, lang)
        parts.append(f"60-60: +{what}")
    else:
        if pt:
            parts.append(f"60-60: próxima ×{tie.amount}")
        else:
            parts.append(f"60-60: next deal ×{tie.amount}")
    sweep = "120 pts" if bandeira.requires == "all_points" else ("10 vazas" if pt else "all tricks")
    text = f"bandeira {sweep} = {bandeira.games}"
    if bandeira.wins_partida:
        text += " e ganha" if pt else ", wins"
    parts.append(text)
    if pt:
        text = f"até {_games(match.target_games, lang)}"
        if match.best_of > 1:
            text += f", melhor de {match.best_of}"
    else:
        text = f"first to {match.target_games}"
        if match.best_of > 1:
            text += f", best of {match.best_of}"
    parts.append(text)
    return " · ".join(parts)


# --- differences ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RuleDiff:
    """One rule in which two variants differ: its dotted field path (``scoring.tie.mode``) and
    its value in each, as plain JSON data (``scoring.tiers`` is a list of
    ``{"min_points": ..., "games": ...}``)."""

    path: str
    """The dotted field path (``scoring.tie.mode``)."""
    a: Any
    """Its value in the first variant, as plain JSON data."""
    b: Any
    """Its value in the second variant."""

    def as_dict(self) -> dict[str, Any]:
        """``{"path": ..., "a": ..., "b": ...}``."""
        return {"path": self.path, "a": self.a, "b": self.b}


def _flatten(data: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _flatten(value, path + ".")
        else:
            yield path, value


def diff(a: Variant, b: Variant) -> list[RuleDiff]:
    """The rules in which ``a`` and ``b`` differ, in field order.

    Only the rules count (not ``name``, ``extends`` or ``description``); the tier list is
    compared as one value.
    """
    rules_a = dict(_flatten(a.rules_dict()))
    rules_b = dict(_flatten(b.rules_dict()))
    return [
        RuleDiff(path, value, rules_b[path])
        for path, value in rules_a.items()
        if value != rules_b[path]
    ]


# Topics: several fields that make one rule are said together.
_TOPICS: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    ("direction", ("table.direction",), "Direction of play", "Sentido do jogo"),
    ("first_dealer", ("table.first_dealer",), "First dealer", "Quem dá primeiro"),
    (
        "deal",
        ("deal.trump_card", "deal.order"),
        "Dealing and the trump card (trunfo)",
        "Distribuição e trunfo",
    ),
    ("revoke", ("revoke.",), "Renúncia (revoke)", "Renúncia"),
    ("tiers", ("scoring.tiers",), "Scoring", "Pontuação"),
    ("bandeira", ("scoring.bandeira.",), "Bandeira (clean sweep)", "Bandeira"),
    ("tie", ("scoring.tie.",), "Ties (60-60)", "Empate (60-60)"),
    ("target", ("match.target_games",), "Games to win a partida", "Jogos para ganhar a partida"),
    ("best_of", ("match.best_of",), "Partidas in a match", "Número de partidas"),
)


def _topic_of(path: str) -> str:
    for topic, prefixes, _, _ in _TOPICS:
        if any(path == p or (p.endswith(".") and path.startswith(p)) for p in prefixes):
            return topic
    return path  # a field added later: named by its path


def _rule_text(v: Variant, topic: str, lang: Lang) -> str:
    """One variant's rule on ``topic``, as a short phrase."""
    pt = lang == "pt"
    cw = v.table.direction == "clockwise"
    if topic == "direction":
        if pt:
            return f"para a {_side(cw, lang)} (depois de si joga o jogador à sua {_side(cw, lang)})"
        return (
            f"{'clockwise' if cw else 'anticlockwise'} (the next player is the one on your "
            f"{_side(cw, lang)})"
        )
    if topic == "first_dealer":
        first = v.table.first_dealer
        if first == "random":
            return "escolhido ao acaso" if pt else "chosen at random"
        leader = (first + (1 if cw else 3)) % 4
        if pt:
            return f"o lugar {first} (e assim o lugar {leader} joga primeiro)"
        return f"seat {first} (so seat {leader} leads first)"
    if topic == "deal":
        deal_side = _side(cw != (v.deal.order == "reverse"), lang)
        if v.deal.trump_card == "dealer_last":
            if pt:
                return (
                    f"quem dá começa pelo jogador à sua {deal_side}, acaba em si próprio e vira "
                    f"a sua última carta para o trunfo"
                )
            return (
                f"hands are dealt from the player on the dealer's {deal_side} round to the "
                f"dealer, whose last card is turned for trumps"
            )
        if pt:
            return (
                f"quem dá fica com as dez primeiras cartas, vira a primeira para o trunfo e "
                f"depois dá a começar pelo jogador à sua {deal_side}"
            )
        return (
            f"the dealer takes the first ten cards and turns the first card for trumps, then "
            f"deals from the player on their {deal_side}"
        )
    if topic == "revoke":
        r = v.revoke
        if r.mode == "prevented":
            if pt:
                return "não há (só se podem jogar cartas que cumpram as regras)"
            return "cannot happen (only cards that follow the rules can be played)"
        penalty = _games(r.penalty_games, lang)
        if pt:
            text = f"pode jogar-se qualquer carta, e uma renúncia acusada com razão vale {penalty}"
            if r.false_claim == "penalize_claimant":
                return text + f"; uma acusação falsa dá {penalty} aos adversários"
            return text + "; uma acusação falsa é recusada e o jogo continua"
        text = f"any card may be played, and a rightful claim of renúncia scores {penalty}"
        if r.false_claim == "penalize_claimant":
            return text + f"; a false claim gives the other team {penalty}"
        return text + "; a false claim is rejected and play goes on"
    if topic == "tiers":
        return _tiers_short(v, lang)
    if topic == "bandeira":
        b = v.scoring.bandeira
        games = _games(b.games, lang)
        if pt:
            sweep = "os 120 pontos" if b.requires == "all_points" else "as dez vazas"
            text = f"{sweep} valem {games}"
            if b.wins_partida:
                return text + " e ganham logo a partida"
            if b.games >= v.match.target_games:
                return text + ", o que chega para ganhar a partida"
            return text + ", que não acabam a partida por si só"
        sweep = "all 120 points" if b.requires == "all_points" else "all ten tricks"
        text = f"{sweep} scores {games}"
        if b.wins_partida:
            return text + " and wins the partida at once"
        if b.games >= v.match.target_games:
            return text + ", enough to win the partida"
        return text + ", which does not end the partida by itself"
    if topic == "tie":
        t = v.scoring.tie
        if _no_tie_bonus(t):
            return (
                "ninguém marca e nada passa adiante"
                if pt
                else ("nobody scores and nothing carries over")
            )
        if t.mode == "add":
            if pt:
                head = f"a próxima mão ganha vale {_more(t.amount, lang)}"
                return head + (" por empate" if t.stacks else ", mesmo com vários empates seguidos")
            head = f"the next deal won is worth {_more(t.amount, lang)}"
            return head + (" per tie" if t.stacks else ", however many ties in a row")
        times = _times(t.amount, lang)
        if pt:
            head = f"a próxima mão ganha conta {times}"
            if t.stacks:
                return head + f", e volta a multiplicar por {t.amount} a cada novo empate"
            return head + ", mesmo com vários empates seguidos"
        head = f"the next deal won counts {times}"
        if t.stacks:
            return head + f", multiplied by {t.amount} again for each further tie"
        return head + ", however many ties in a row"
    if topic == "target":
        return _games(v.match.target_games, lang)
    if topic == "best_of":
        n = v.match.best_of
        if n == 1:
            return "uma só partida" if pt else "a single partida"
        if pt:
            return f"à melhor de {n} (ganha quem vencer {n // 2 + 1} partidas)"
        return f"best of {n} (first to win {n // 2 + 1} partidas)"
    # A field this module does not know yet: its raw value.
    value = dict(_flatten(v.rules_dict())).get(topic)
    return str(value)


def describe_diff(
    a: Variant, b: Variant, lang: Lang = "en", *, width: int | None = DEFAULT_WIDTH
) -> str:
    """The rules in which ``a`` and ``b`` differ, in words, one paragraph per rule (fields
    that make one rule, such as the three of the 60-60 tie, are said together); a sentence
    saying so when they have the same rules."""
    lang = _check_lang(lang)
    pt = lang == "pt"
    name_a, name_b = a.name, b.name
    if name_a == name_b:
        name_a, name_b = (f"{a.name} (1)", f"{b.name} (2)")
    topics: list[str] = []
    for d in diff(a, b):
        topic = _topic_of(d.path)
        if topic not in topics:
            topics.append(topic)
    if not topics:
        if a.name == b.name:
            text = (
                "As duas variantes têm exatamente as mesmas regras."
                if pt
                else "The two variants have exactly the same rules."
            )
        else:
            text = (
                f"{a.name} e {b.name} têm exatamente as mesmas regras (só mudam o nome e a "
                f"descrição)."
                if pt
                else f"{a.name} and {b.name} have exactly the same rules (only their names and "
                f"descriptions differ)."
            )
        return _wrap(text, "", "", width) + "\n"
    n = len(topics)
    if pt:
        head = f"{name_a} e {name_b} diferem em {n} {'regra' if n == 1 else 'regras'}:"
    else:
        head = f"{name_a} and {name_b} differ in {n} {'rule' if n == 1 else 'rules'}:"
    lines = [_wrap(head, "", "", width)]
    labels = {t[0]: (t[3] if pt else t[2]) for t in _TOPICS}
    for topic in topics:
        label = labels.get(topic, topic)
        text = (
            f"{label}: {name_a}: {_rule_text(a, topic, lang)}; "
            f"{name_b}: {_rule_text(b, topic, lang)}."
        )
        lines.append(_wrap(text, "  - ", "    ", width))
    return "\n".join(lines) + "\n"


def _wrap(text: str, first: str, rest: str, width: int | None) -> str:
    if width is None:
        return first + text
    return textwrap.fill(
        text,
        width=width,
        initial_indent=first,
        subsequent_indent=rest,
        break_on_hyphens=False,
        break_long_words=False,
    )
