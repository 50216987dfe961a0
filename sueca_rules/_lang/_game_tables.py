"""The sections `play` (`sueca play`, its `--auto` column and the ladder) and `replay` (`sueca
replay`'s account) of a phrase table, in any language, read from the language's `game` catalogue
(`catalogues/<lang>/game.json`).

This is the one implementation of both sections: it turns what a front end asks to say (a seat, a
count, a yes/no) into the facts a catalogue entry chooses by and shows, in no language, and never
writes a word itself. What differs from one language to another is in the entries: the forms a
count takes (`unit.games`), the verb agreeing with its subject, the word order, the words typed at
the prompts (`play.words.*`, separated by spaces) and how numbers are grouped
(`number.thousands`). A new language is a new `game.json`; `tests/test_catalogues.py` checks that
the languages' entries agree, `tests/test_narration.py` that every word said comes from them.

A phrase that names a seat or a team takes a `Who` (name, grammatical person, number). The values
every such subject `x` gives an entry: `x` (its name as a subject), `x_cap` (the same with a
capital letter, to start a sentence), `x_short` (as a label, the `table` section's names) and
`x_person` (`second`, `third`, `first_plural`, `third_plural`…: what an entry chooses its verb's
form by). Phrases are plain text: the front end adds colours and escapes; what they are given
(cards, suits) may hold its markup.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, Protocol, overload

from .._cards import RANK_LETTERS, SUIT_LETTERS, SUIT_SYMBOLS
from ._catalogue import Catalogue, load_catalogue

if TYPE_CHECKING:
    from .._cards import Card
    from .._rules import SeatRole
    from ._catalogue import Value

__all__ = [
    "PAGE_WORDS",
    "FalseClaim",
    "PlayPhrases",
    "ReplayPhrases",
    "Said",
    "Who",
    "capitalized",
    "decimal",
    "game_catalogue",
    "grouped",
    "person",
    "play_section",
    "rank_letters",
    "replay_section",
    "spoken",
    "suit_name",
]

FalseClaim = Literal["ignored", "ends", "on"]
"""What a false claim does: nothing, end the deal, or cost games while play goes on."""


@dataclass(frozen=True, slots=True)
class Who:
    """A seat or a team as the subject of a sentence (see the module's text)."""

    name: str
    """As a subject, lower case: `you`, `the right rival`, `seat 2`, `we`."""
    short: str
    """As a label in a column or a trick line: `you`, `right rival`, `seat 2`, `us` (the `table`
    section's names)."""
    person: Literal[1, 2, 3]
    plural: bool = False

    @property
    def cap(self) -> str:
        """The name with a capital letter, to start a sentence."""
        return capitalized(self.name)


_SYMBOLS: Final = SUIT_SYMBOLS
_RANKS: Final = RANK_LETTERS[::-1]  # the strongest first, as `card.ranks` lists them
"""The ranks of the notation, strongest first, as `card.ranks` lists the language's letters."""
_SUITS: Final = ("suit.S", "suit.H", "suit.D", "suit.C")
"""The suits' names, by number."""
PAGE_WORDS: Final = (*_SUITS, "unit.games", "score.points")
"""The entries of the `game` catalogue that the web pages say too, under the same keys: the
suits and the counts of games and of points (`sueca_rules.web._i18n.strings` serves them with
the web's own)."""
_COLUMNS: Final = (
    "play.column.rank",
    "play.column.score",
    "play.column.streak",
    "play.column.margin",
    "play.column.date",
    "play.column.variant",
)
"""The columns of the ladder's best scores."""


def person(who: Who) -> str:
    """What an entry chooses a verb's form by: `first`, `second`, `third`, `first_plural`,
    `second_plural` or `third_plural`."""
    name = ("first", "second", "third")[who.person - 1]
    return f"{name}_plural" if who.plural else name


def spoken(prefix: str, who: Who) -> dict[str, Value]:
    """The values an entry is given for subject `who` under `prefix` (see the module's text)."""
    return {
        prefix: who.name,
        f"{prefix}_cap": who.cap,
        f"{prefix}_short": who.short,
        f"{prefix}_person": person(who),
    }


def capitalized(text: str) -> str:
    """`text` with a capital letter (to start a sentence)."""
    return text[:1].upper() + text[1:]


def grouped(c: Catalogue, n: int) -> str:
    """Whole number `n` with its thousands grouped as the language writes them."""
    return f"{n:,}".replace(",", c("number.thousands"))


def decimal(c: Catalogue, value: float, spec: str | None = None) -> str:
    """`value` written as `c`'s language writes numbers (`number.decimal`: `1.5`, `1,5`): by
    default to a tenth at most (`2`, `1.5`), else formatted as `spec` says (`".1f"`, `"+.2f"`,
    `">+7.1f"`). Every number with decimals that a person reads is written here, whatever the
    command: `sueca analyse`, `simulate`, `compare`, `arena`."""
    if spec is not None:
        text = format(value, spec)
    elif value == int(value):
        return str(int(value))
    else:
        text = f"{value:.1f}".rstrip("0").rstrip(".")
    return text.replace(".", c("number.decimal"))


def rank_letters(c: Catalogue) -> dict[str, str]:
    """The letter `c`'s language writes for each rank of the notation (`A 7 K J Q 6 5 4 3 2`): a
    Portuguese player writes the rei, valete and dama `R`, `V` and `D` (`card.ranks`)."""
    return dict(zip(_RANKS, c("card.ranks").split(), strict=True))


def suit_letters(c: Catalogue) -> dict[str, str]:
    """The letter `c`'s language types for each suit of the notation (`S H D C`): a Portuguese
    player types `e`, `c`, `o`, `p` (espadas, copas, ouros, paus; `card.suits`)."""
    return dict(zip(SUIT_LETTERS, c("card.suits").split(), strict=True))


def suit_name(c: Catalogue, suit: int) -> str:
    """The name of suit `suit` (0-3: spades, hearts, diamonds, clubs) in `c`'s language."""
    return c(_SUITS[suit])


def _words(c: Catalogue, key: str) -> frozenset[str]:
    """The words a player may type for one answer (an entry of words separated by spaces)."""
    return frozenset(c(key).split())


def _pair(name: str, values: tuple[int, int]) -> dict[str, Value]:
    """A pair of figures (one per team) as `<name>_a`, `<name>_b`."""
    return {f"{name}_a": values[0], f"{name}_b": values[1]}


def _teams(teams: tuple[Who, Who]) -> dict[str, Value]:
    """Two teams as labels, `team_a`, `team_b`."""
    return {"team_a": teams[0].short, "team_b": teams[1].short}


class _Speaker(Protocol):
    """What says its phrases from a catalogue."""

    _c: Catalogue


class Said:
    """A phrase that takes nothing, said as its entry is (`you_lead = Said("play.you_lead")`
    makes `you_lead()` say entry `play.you_lead`)."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key
        """The entry's key."""

    @overload
    def __get__(self, section: None, owner: type) -> Said: ...
    @overload
    def __get__(self, section: _Speaker, owner: type | None = None) -> Callable[[], str]: ...
    def __get__(
        self, section: _Speaker | None, owner: type | None = None
    ) -> Said | Callable[[], str]:
        if section is None:  # the class's own attribute
            return self
        return functools.partial(section._c, self.key)


class _Section:
    """A section read from one language's `game` catalogue."""

    def __init__(self, catalogue: Catalogue) -> None:
        self._c = catalogue

    @functools.cached_property
    def rank_letters(self) -> dict[str, str]:
        """The language's letter for each rank of the notation (`K`: `R` in Portuguese)."""
        return rank_letters(self._c)

    @functools.cached_property
    def suit_letters(self) -> dict[str, str]:
        """The language's letter for each suit of the notation, as a card is typed (`S`: `e` in
        Portuguese)."""
        return suit_letters(self._c)

    def card(self, card: Card) -> str:
        """A card in short, as the language writes it: `K♣`, in Portuguese `R♣`."""
        return self.rank_letters[card.rank.letter] + _SYMBOLS[card.suit]

    def _games(self, n: int) -> str:
        return self._c("unit.games", n=n)

    def _goes_on(self, count: bool) -> str:
        """What follows a claim that changes nothing: play goes on, or the tricks are counted."""
        return self._c("goes_on", count=count)

    def _list(self, items: Sequence[str]) -> str:
        return self._c("join.list").join(items)

    def _penalties(self, teams: Sequence[str], games: Sequence[int]) -> str:
        """The false claims' games, said after a deal's result (for the teams that got some)."""
        parts = [
            self._c("with_penalties.part", team=team, games=self._games(g))
            for team, g in zip(teams, games, strict=True)
            if g
        ]
        return self._c("with_penalties", parts=self._list(parts))


class PlayPhrases(_Section):
    """`sueca play`: the table, the questions, claims, scores, the ladder."""

    yes_words: frozenset[str]
    no_words: frozenset[str]
    top_words: frozenset[str]
    bottom_words: frozenset[str]
    left_words: frozenset[str]
    right_words: frozenset[str]
    quit_words: frozenset[str]
    help_words: frozenset[str]
    table_words: frozenset[str]
    tricks_words: frozenset[str]
    claim_words: frozenset[str]
    winning: str
    trumps_word: str
    scores_title: str
    scores_columns: tuple[str, ...]

    def __init__(self, catalogue: Catalogue) -> None:
        super().__init__(catalogue)
        c = catalogue
        self.yes_words = _words(c, "play.words.yes")
        self.no_words = _words(c, "play.words.no")
        self.top_words = _words(c, "play.words.top")
        self.bottom_words = _words(c, "play.words.bottom")
        self.left_words = _words(c, "play.words.left")
        self.right_words = _words(c, "play.words.right")
        self.quit_words = _words(c, "play.words.quit")
        self.help_words = _words(c, "play.words.help")
        self.table_words = _words(c, "play.words.table")
        self.tricks_words = _words(c, "play.words.tricks")
        self.claim_words = _words(c, "play.words.claim")
        self.winning = c("play.winning")
        self.trumps_word = c("play.trumps_word")
        self.scores_title = c("play.scores_title")
        self.scores_columns = tuple(c(key) for key in _COLUMNS)

    def seat(self, seat: int, short: str) -> Who:
        return Who(self._c("who.seat", short=short, seat=seat), short, 3)

    def role(self, role: SeatRole, short: str) -> Who:
        return Who(self._c("who.role", role=role), short, 2 if role == "you" else 3)

    def team(self, team: int, short: str) -> Who:
        return Who(self._c("who.team", short=short, team=team), short, 3)

    def our_team(self, ours: bool) -> Who:
        if ours:
            return Who(self._c("who.we"), self._c("who.us"), 1, True)
        return Who(self._c("who.they"), self._c("who.them"), 3, True)

    def suit(self, suit: int) -> str:
        return suit_name(self._c, suit)

    def either(self, items: Sequence[str]) -> str:
        """`A or B`, `one of A B C D`."""
        first, last = (items[0], items[-1]) if items else ("", "")
        return self._c("play.either", count=len(items), first=first, last=last, all=" ".join(items))

    def title(self, name: str) -> str:
        return self._c("play.title", name=name)

    def seed(self, seed: int | str) -> str:
        return self._c("play.seed", seed=str(seed))

    def players(self, partner_level: int, level: int) -> str:
        return self._c("play.players", partner_level=partner_level, level=level)

    def players_auto(self, levels: Sequence[int]) -> str:
        return self._c("play.players_auto", level_a=levels[0], level_b=levels[1])

    def order(self, names: Sequence[str], clockwise: bool) -> str:
        return self._c("play.order", names=self._list(names), clockwise=clockwise)

    def keys(self, claimable: bool) -> str:
        return self._c("play.keys", claimable=claimable)

    def revoke_rate(self, rate: float) -> str:
        return self._c("play.revoke_rate", rate=decimal(self._c, rate, "g"))

    def resumed(self, path: str, deals: int, cards: int) -> str:
        played = self._c("play.resumed.played", cards=cards)
        return self._c("play.resumed", path=path, deals=deals, played=played)

    def seed_resumed(self, seed: int | str) -> str:
        """A resumed game's seed: the record keeps none, and the deals still to come are dealt
        from this one."""
        return self._c("play.seed_resumed", seed=str(seed))

    def help(self, claimable: bool, accuse: bool, rules_command: str | None) -> str:
        claim = self._c("play.help.claim", claimable=claimable, accuse=accuse)
        command = rules_command or ""
        rules = self._c("play.help.rules", has_rules=bool(command), rules_command=command)
        return self._c("play.help", claim=claim, rules=rules)

    def deal_title(self, number: int, partida: int | None) -> str:
        return self._c(
            "play.deal_title",
            number=number,
            in_partida=partida is not None,
            partida="" if partida is None else partida,
        )

    def chose(self, dealer: Who, top: bool) -> str:
        side = self._c("play.side", top=top)
        return self._c("play.chose", side=side, **spoken("dealer", dealer))

    def dealt(self, dealer: Who, card: str, suit: str) -> str:
        return self._c("play.dealt", card=card, suit=suit, **spoken("dealer", dealer))

    ask_trump = Said("play.ask_trump")

    trump_hint = Said("play.trump_hint")

    def ask_redeal(self, points: int, below: int) -> str:
        return self._c("play.ask_redeal", points=self._c("score.points", n=points), below=below)

    yes_no_hint = Said("play.yes_no_hint")

    def line_too_long(self, most: int) -> str:
        return self._c("play.line_too_long", most=most)

    def redeal(self, who: Who, dealer: Who) -> str:
        again = self._c("play.redeal.again", **spoken("dealer", dealer))
        return self._c("play.redeal", again=again, **spoken("who", who))

    def trick_head(self, number: int, trumps: str) -> str:
        return self._c("play.trick_head", number=number, trumps=trumps)

    def turned_beside(self, card: str, dealer: Who) -> str:
        return self._c("play.turned_beside", card=card, **spoken("dealer", dealer))

    def score_line(
        self,
        teams: tuple[Who, Who],
        points: tuple[int, int],
        games: tuple[int, int],
        target: int,
    ) -> str:
        return self._c(
            "play.score_line",
            target=target,
            **_teams(teams),
            **_pair("points", points),
            **_pair("games", games),
        )

    def partidas(self, won: tuple[int, int]) -> str:
        return self._c("play.partidas", **_pair("won", won))

    tie_pending = Said("play.tie_pending")

    def penalties_pending(self, teams: tuple[Who, Who], games: tuple[int, int]) -> str:
        owed = [
            self._c("play.penalties_pending.owed", team=t.short, games=g)
            for t, g in zip(teams, games, strict=True)
            if g
        ]
        return self._c("play.penalties_pending", owed=self._list(owed))

    def on_table(self, parts: Sequence[str]) -> str:
        return self._c("play.on_table", cards=self._list(parts))

    you_lead = Said("play.you_lead")

    your_hand = Said("play.your_hand")

    star = Said("play.star")

    def card_prompt(self, count: int) -> str:
        return self._c("play.card_prompt", numbers=self._c("play.card_numbers", count=count))

    def no_card(self, n: int, count: int) -> str:
        return self._c("play.no_card", n=n, count=count)

    def not_a_card(self, text: str, count: int) -> str:
        return self._c(
            "play.not_a_card", text=repr(text), numbers=self._c("play.card_numbers", count=count)
        )

    def not_held(self, card: str) -> str:
        return self._c("play.not_held", card=card)

    def must_follow(self, suit: str, cards: str) -> str:
        return self._c("play.must_follow", suit=suit, cards=cards)

    no_claims = Said("play.no_claims")

    def trick_line(self, number: int, parts: Sequence[str], winner: Who, points: int) -> str:
        return self._c(
            "play.trick_line",
            number=f"{number:>2}",
            cards=self._list(parts),
            winner=winner.short,
            points=points,
        )

    no_tricks = Said("play.no_tricks")

    tricks_title = Said("play.tricks_title")

    accuse_hint = Said("play.accuse_hint")

    def accuse_prompt(self, left: Who, right: Who) -> str:
        return self._c("play.accuse_prompt", left=left.name, right=right.name)

    def claim_cost(
        self, games: int, penalized: bool, plays_on: bool, accused: bool, count: bool
    ) -> str:
        goes_on = self._goes_on(count)
        return self._c(
            "play.claim_cost",
            penalized=penalized,
            nobody=self._c("play.claim_cost.nobody", accused=accused),
            goes_on=goes_on,
            games=self._games(games),
            then=goes_on if plays_on else self._c("play.claim_cost.ends"),
        )

    def confirm_claim(self, against: Who | None, cost: str) -> str:
        return self._c(
            "play.confirm_claim",
            accused=against is not None,
            against="" if against is None else against.name,
            cost_cap=capitalized(cost),
        )

    def no_claim(self, count: bool) -> str:
        return self._c("play.no_claim", count=count)

    def claim_right(self, by: Who, revoker: Who, card: str) -> str:
        revoked = self._c("play.revoked", card=card, **spoken("revoker", revoker))
        return self._c("play.claim_right", revoked=revoked, **spoken("by", by))

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
            head = self._c("play.claim_wrong.accused", against=against.name, **spoken("by", by))
        else:
            head = self._c("play.claim_wrong.nobody", **spoken("by", by))
        goes_on = self._goes_on(count)
        scores = self._c(
            "play.claim_wrong.scores",
            games=self._games(games),
            goes_on=goes_on,
            **spoken("scorer", scorer),
        )
        return self._c(
            "play.claim_wrong", outcome=outcome, head=head, goes_on=goes_on, scores=scores
        )

    count_started = Said("play.count_started")

    count_prompt = Said("play.count_prompt")

    count_hint = Said("play.count_hint")

    def tie(self, add: int, multiply: int, penalized: bool = False) -> str:
        # `penalized`: false claims scored games all the same (said next): the deal itself did not
        nobody = self._c("play.tie.nobody", penalized=penalized)
        if add:
            return self._c("play.tie.add", nobody=nobody, games=self._games(add))
        if multiply:
            times = self._c("play.tie.times", multiply=multiply)
            return self._c("play.tie.multiply", nobody=nobody, times=times)
        return self._c("play.tie", nobody=nobody)

    def won(self, team: Who, games: int, kind: Literal["", "bandeira", "capote"]) -> str:
        return self._c(
            "play.won",
            games=self._games(games),
            extra=self._c("play.won.kind", kind=kind),
            **spoken("team", team),
        )

    def by_claim(self, caught: bool, team: Who, games: int) -> str:
        return self._c(
            "play.by_claim",
            what=self._c("play.by_claim.what", caught=caught),
            games=self._games(games),
            **spoken("team", team),
        )

    def with_penalties(self, teams: tuple[Who, Who], games: tuple[int, int]) -> str:
        return self._penalties([t.short for t in teams], games)

    def deal_end(self, number: int, teams: tuple[Who, Who], points: tuple[int, int]) -> str:
        return self._c("play.deal_end", number=number, **_teams(teams), **_pair("points", points))

    def games_line(
        self, teams: tuple[Who, Who], games: tuple[int, int], target: int, so_far: tuple[int, int]
    ) -> str:
        return self._c(
            "play.games_line",
            target=target,
            **_teams(teams),
            **_pair("games", games),
            **_pair("so_far", so_far),
        )

    def partida_won(self, team: Who, number: int, games: tuple[int, int]) -> str:
        return self._c(
            "play.partida_won", number=number, **_pair("games", games), **spoken("team", team)
        )

    def match_won(self, team: Who, human: bool, ours: bool) -> str:
        return self._c("play.match_won", human=human, ours=ours, **spoken("team", team))

    def match_detail(
        self, deals: int, teams: tuple[Who, Who], points: tuple[int, int], partidas: str
    ) -> str:
        detail = self._c(
            "play.match_detail",
            deals=self._c("unit.deals", n=deals),
            **_teams(teams),
            **_pair("points", points),
        )
        if not partidas:
            return detail.capitalize()
        return self._c(
            "play.match_detail.partidas", partidas_cap=capitalized(partidas), detail=detail
        )

    end_of_input = Said("play.end_of_input")

    leave = Said("play.leave")

    def saved(self, path: str, command: str) -> str:
        return self._c("play.saved", path=path, command=command)

    def replay_with(self, command: str) -> str:
        return self._c("play.replay_with", command=command)

    def resume_with(self, command: str) -> str:
        return self._c("play.resume_with", command=command)

    def ladder_intro(self, name: str, partner_level: int, seed: int | str) -> str:
        return self._c("play.ladder_intro", name=name, partner_level=partner_level, seed=str(seed))

    def ladder_best(self, score: str, streak: int, date: str) -> str:
        return self._c("play.ladder_best", score=score, streak=streak, date=date)

    def ladder_match(self, number: int, level: int, streak: int, score: str) -> str:
        return self._c("play.ladder_match", number=number, level=level, streak=streak, score=score)

    def ladder_stop(self, eof: bool) -> str:
        return self._c("play.ladder_stop", eof=eof)

    def ladder_progress(self, streak: int, margin: str, score: str) -> str:
        return self._c("play.ladder_progress", streak=streak, margin=margin, score=score)

    def ladder_next(self, number: int, level: int) -> str:
        return self._c("play.ladder_next", number=number, level=level)

    def ladder_left(self, eof: bool) -> str:
        return self._c("play.ladder_left", eof=eof)

    interrupted = Said("play.interrupted")

    def run_over(self, streak: int, margin: str, score: str, rank: int | None) -> str:
        rank_said = self._c("play.run_over.rank", rank=rank or 0)
        return self._c(
            "play.run_over", streak=streak, margin=margin, score=score, rank_said=rank_said
        )

    def scores_backup(self, path: str) -> str:
        return self._c("play.scores_backup", path=path)

    def number(self, n: int) -> str:
        return grouped(self._c, n)


class ReplayPhrases(_Section):
    """`sueca replay`: the account of a record, seats and teams by number."""

    def team_long(self, team: int) -> str:
        return self._c("replay.team_long", team=team, partner=team + 2)

    def head(self, name: str, first_dealer: int) -> str:
        return self._c("replay.head", name=name, first_dealer=first_dealer)

    def deal(self, number: int, partida: int, dealer: int, card: str, suit: int) -> str:
        return self._c(
            "replay.deal",
            number=number,
            partida=partida,
            dealer=dealer,
            card=card,
            symbol=_SYMBOLS[suit],
            suit=suit_name(self._c, suit),
        )

    def redeal(self, seat: int) -> str:
        return self._c("replay.redeal", seat=seat)

    def trick_head(self, number: int, leader: int) -> str:
        return self._c("replay.trick_head", number=f"{number:>2}", leader=leader)

    def trick_won(self, winner: int, points: int) -> str:
        return self._c(
            "replay.trick_won", winner=winner, points=points, points_shown=f"{points:>2}"
        )

    def claim(self, by: int, against: int | None, after: int, found: str) -> str:
        return self._c(
            "replay.claim",
            accused=against is not None,
            by=by,
            against="" if against is None else against,
            when=self._c("replay.claim.when", after=after),
            found=found,
        )

    def claim_found(self, seat: int, card: str, play: int) -> str:
        return self._c("replay.claim_found", seat=seat, card=card, play=play)

    def claim_false(
        self, outcome: FalseClaim, against: int | None, team: str, games: int, count: bool
    ) -> str:
        nobody = self._c(
            "replay.claim_false.nobody",
            accused=against is not None,
            against="" if against is None else against,
        )
        return self._c(
            "replay.claim_false",
            outcome=outcome,
            nobody=nobody,
            team=team,
            games=self._games(games),
            goes_on=self._goes_on(count),
        )

    def points(self, points: tuple[int, int], tricks: tuple[int, int]) -> str:
        return self._c("replay.points", **_pair("points", points), **_pair("tricks", tricks))

    def tie(self, tricks: tuple[int, int], penalties: tuple[int, int]) -> str:
        parts = [
            self._c("replay.tie.part", team=self.team_long(t), games=self._games(g))
            for t, g in enumerate(penalties)
            if g
        ]
        return self._c(
            "replay.tie",
            penalized=bool(parts),
            parts=self._c("join.and").join(parts),
            **_pair("tricks", tricks),
        )

    def won(self, team: str, games: int, bandeira: bool) -> str:
        return self._c("replay.won", team=team, games=self._games(games), bandeira=bandeira)

    def by_claim(self, caught: bool, team: str, games: int) -> str:
        return self._c("replay.by_claim", caught=caught, team=team, games=self._games(games))

    def penalties(self, games: tuple[int, int]) -> str:
        return self._penalties([self.team_long(t) for t in range(len(games))], games)

    def games(self, partida: int, games: tuple[int, int]) -> str:
        return self._c("replay.games", partida=partida, **_pair("games", games))

    def partida(self, team: str, number: int, bandeira: bool, games: tuple[int, int]) -> str:
        return self._c(
            "replay.partida",
            team_cap=capitalized(team),
            number=number,
            bandeira=bandeira,
            **_pair("games", games),
        )

    def unfinished_deal(
        self, number: int, cards: int, turn: int | None, redeal: bool = False
    ) -> str:
        """`turn` is the seat to play, or with `redeal` the seat asked whether it wants a new
        deal (a match saved at the redeal questions)."""
        due = self._c(
            "replay.unfinished_deal.due",
            has_turn=turn is not None,
            turn="" if turn is None else turn,
            redeal=redeal,
        )
        return self._c("replay.unfinished_deal", number=number, cards=cards, due=due)

    def match_over(self, team: str, partidas: tuple[int, int]) -> str:
        return self._c("replay.match_over", team=team, **_pair("partidas", partidas))

    def match_goes_on(self, games: tuple[int, int], partidas: tuple[int, int]) -> str:
        return self._c(
            "replay.match_goes_on", **_pair("games", games), **_pair("partidas", partidas)
        )


@functools.cache
def game_catalogue(lang: str) -> Catalogue:
    """The `game` catalogue of `lang` (read once)."""
    return load_catalogue(lang, "game")


def play_section(lang: str) -> PlayPhrases:
    """The `play` section of `lang`, from its `game` catalogue."""
    return PlayPhrases(game_catalogue(lang))


def replay_section(lang: str) -> ReplayPhrases:
    """The `replay` section of `lang`, from its `game` catalogue."""
    return ReplayPhrases(game_catalogue(lang))
