"""English phrases.

The English texts keep the Portuguese terms of the game (trunfo, renúncia, capote, bandeira,
partida, empate) with a short gloss the first time. The variant files are written in English, so
their descriptions are shown as written (`builtins` is `None`).
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


# --- small words (shared by the sections below) --------------------------------------------


def _games(n: int) -> str:
    """`1 game`, `4 games`, `no games`: a quantity, not after a verb (see `_scores`)."""
    return "no games" if n == 0 else "1 game" if n == 1 else f"{n} games"


def _scores(n: int) -> str:
    """`scores 4 games`, `scores nothing`."""
    return "scores nothing" if n == 0 else f"scores {_games(n)}"


def _first_leader(f: Dealing, *, capital: bool) -> str:
    """Who leads a deal's first trick: `the player on the dealer's right`, `the dealer`."""
    if f.leader_side is None:
        return "The dealer" if capital else "the dealer"
    who = f"{'The' if capital else 'the'} player on the dealer's {f.leader_side}"
    return who + (" (who cut the pack)" if f.leader == "before_dealer" else "")


def _side(left: bool) -> str:
    return "left" if left else "right"


def _way(clockwise: bool) -> str:
    return "clockwise" if clockwise else "anticlockwise"


def _more(n: int) -> str:
    """`1 more game`, `2 more games`."""
    return f"{n} more game" if n == 1 else f"{n} more games"


def _times(factor: int) -> str:
    """`double`, `triple`, `quadruple`, or `×5`."""
    return {2: "double", 3: "triple", 4: "quadruple"}.get(factor, f"×{factor}")


def _sweep(all_tricks: bool) -> str:
    return "all ten tricks" if all_tricks else "all 120 points"


def _band(b: Band, unit: bool = True) -> str:
    """`61 to 90 points: 1 game`, `91 to 119 points (capote): 2 games`; without `unit`,
    `91 to 119 (capote): 2 games`."""
    span = f"{b.low}" if b.low == b.high else f"{b.low} to {b.high}"
    span += " points" if unit else ""
    return f"{span}{' (capote)' if b.capote else ''}: {_games(b.games)}"


def _who_may_redeal(f: Redeal) -> str:
    """`a player whose hand holds fewer than 10 card points`, and the like."""
    lead, others = f.leader_below, f.others_below
    if lead == others:
        return f"a player whose hand holds fewer than {lead} card points"
    if others is None:
        return f"the player who is to lead, if their hand holds fewer than {lead} card points,"
    if lead is None:
        return (
            f"a player other than the one who is to lead, if their hand holds fewer than "
            f"{others} card points,"
        )
    return (
        f"the player who is to lead, if their hand holds fewer than {lead} card points, or "
        f"another player, if theirs holds fewer than {others},"
    )


class _Words:
    def games(self, n: int) -> str:
        return _games(n)

    def side(self, left: bool) -> str:
        return _side(left)


# --- the rules card -------------------------------------------------------------------------


_HEADINGS: Headings = {
    "players": "Players and teams",
    "direction": "Direction of play",
    "deal": "The deal and the trump card (trunfo)",
    "follow": "Following suit (assistir)",
    "revoke": "Renúncia (revoke)",
    "cards": "Card order and points",
    "scoring": "Scoring a deal",
    "bandeira": "Bandeira (clean sweep)",
    "tie": "Empate (60-60 tie)",
    "match": "The partida and the match",
    "source": "Source",
}


class _Card:
    def heading(self, key: SectionKey) -> str:
        return _HEADINGS[key]

    follow_suit = (
        "You must follow suit (assistir): if you hold a card of the suit led, you must play "
        "one, though it need not be higher. If you cannot, play any card: a trump to try to win "
        "the trick, or a card of another suit. There is no duty to trump or to overtrump. The "
        "highest trump wins the trick; if no trump was played, the highest card of the suit led."
    )
    card_order = "In every suit, trumps included, the cards rank from high to low:"
    card_names = (
        "That is ace (ás), seven (sete, also called manilha or bisca), king (rei), jack "
        "(valete), queen (dama), then 6 5 4 3 2: the seven ranks just under the ace, and the "
        "jack above the queen. Card points: A 11, 7 10, K 4, J 3, Q 2, the others 0, which "
        "makes 120 points in the deck."
    )
    scoring = (
        "At the end of the deal each team adds up the card points in the tricks it won; the two "
        "totals always make 120. The team with more than 60 wins the deal and scores games "
        "(jogos); the other team scores nothing:"
    )

    def title(self, name: str) -> str:
        return f"Sueca rules: {name}"

    def players(self, f: Players) -> str:
        text = (
            "Four players in two teams of two. Partners sit opposite each other, so the turn "
            "always passes from one team to the other, and they count their points and games "
            "together. The deck has 40 cards, the usual pack without the 8s, 9s and 10s, and "
            "each player gets ten."
        )
        if f.seats_named:
            text += (
                " Seats are numbered 0 to 3 clockwise round the table: team 0 is seats 0 and 2, "
                "team 1 is seats 1 and 3."
            )
        return text

    def direction(self, f: Direction) -> str:
        side = _side(f.clockwise)
        text = (
            f"Everything goes {_way(f.clockwise)}, to the {side}: after you, the player on "
            f"your {side} plays."
        )
        if f.deal_reverse:
            return text + (
                f" The play and the turn to deal go this way, but the cards are dealt the other "
                f"way round ({_way(f.deal_clockwise)})."
            )
        return text + " The deal, the play and the turn to deal all go this way."

    def dealing(self, f: Dealing) -> str:
        if f.first_dealer is None:
            who = "The first dealer is chosen at random."
        else:
            who = (
                f"Seat {f.first_dealer} deals the first deal, so seat {f.first_leader} leads "
                f"the first trick."
            )
        side, way = _side(f.direction.deal_clockwise), _way(f.direction.deal_clockwise)
        round_ = f"starting with the player on their {side} and going round {way}"
        if f.direction.deal_reverse:
            round_ += " (the opposite way to the play)"
        top = (
            f"takes the first ten cards, that card included, then deals ten cards to each of "
            f"the others, {round_}"
        )
        bottom = f"deals ten cards to each player in one go, {round_}, ending with themselves"
        if f.trump_card == "dealer_first":
            dealing = (
                f"The dealer turns up the first card of the pack for everyone to see: its suit "
                f"is trumps (trunfo) for the whole deal. The dealer {top}."
            )
        elif f.trump_card == "dealer_choice":
            dealing = (
                f"Before each deal the dealer chooses which card shows trumps: the top card of "
                f"the pack (trunfo por cima) or the bottom card (trunfo por baixo). For the top "
                f"card, the dealer turns it up and {top}; for the bottom card, the dealer "
                f"{bottom}, and turns up their last card. Either way the card is turned face up "
                f"for everyone to see: its suit is trumps (trunfo) for the whole deal."
            )
        else:
            dealing = (
                f"The dealer {bottom}. The dealer's last card, the bottom card of the pack, is "
                f"turned face up for everyone to see: its suit is trumps (trunfo) for the whole "
                f"deal."
            )
        return (
            f"{who} {dealing} The turned card stays in the dealer's hand until they play it, so "
            f"everyone knows where it is."
        )

    def leading(self, f: Dealing) -> str:
        dealer = _side(f.next_dealer_side == "left")
        return (
            f"{_first_leader(f, capital=True)} leads the first trick, and the winner of each "
            f"trick leads the next. After each deal the turn to deal passes to the {dealer}, in "
            f"the direction of play."
        )

    def revoke(self, f: Revoke) -> str:
        text = "Failing to follow suit when you could is a renúncia (a revoke)."
        if not f.claimable:
            return text + (
                " With these rules a renúncia cannot happen: only cards that follow the rules "
                "can be played, as in online play."
            )
        return text + (
            " Nothing stops a player from revoking: any card in hand may be played, as at a "
            "real table."
        )

    def redeal(self, f: Redeal) -> str:
        return (
            f"Before the first card of a deal, {_who_may_redeal(f)} may ask for a new deal (dar "
            f"de novo). The same dealer deals again, and the deal given up scores nothing."
        )

    def claims(self, f: Revoke) -> str:
        accused = "that player" if f.accuse_player else "a player of the other team"
        naming = ", naming the rival who revoked (acusar)," if f.accuse_player else ""
        text = (
            f"Any player may claim a renúncia by the other team{naming} at any moment of the "
            f"deal, up to the count (contagem) after the last trick. If {accused} did revoke in "
            f"this deal, the claim is rightful: the deal ends at once, no card points are "
            f"counted, and the claiming team {_scores(f.penalty_games)}."
        )
        false = "A false claim (" + (
            "the player named did not revoke)"
            if f.accuse_player
            else "nobody on the other team revoked)"
        )
        if f.false_claim_games is None:
            text += f" {false} is rejected and play goes on."
        elif f.plays_on:
            penalty = (
                "costs nothing"
                if f.false_claim_games == 0
                else f"gives the other team {_games(f.false_claim_games)}"
            )
            text += (
                f" {false} {penalty}, and play goes on: the deal is scored as usual at its end, "
                f"the penalty added to its games (a false claim at the count has the deal "
                f"scored at once). A rightful claim later in the deal still ends it, and the "
                f"earlier penalties stand. Should both teams reach the games that win the "
                f"partida with the same deal, the team with more games wins it; with as many "
                f"games each, the partida goes on."
            )
        elif f.false_claim_games == 0:
            text += f" {false} also ends the deal, and nobody scores."
        else:
            text += (
                f" {false} also ends the deal, and the other team scores the "
                f"{_games(f.false_claim_games)} instead."
            )
        if f.tie_kept:
            text += (
                " A claim's penalty neither uses up nor cancels a pending empate bonus (see "
                "below): the bonus still goes to the next deal won on points, unless the "
                "penalty ends the partida (each partida starts from nothing)."
            )
        return text

    def band(self, b: Band, unit: bool = True) -> str:
        return _band(b, unit)

    def bandeira_band(self, f: Scoring) -> str:
        return f"{_sweep(f.bandeira_all_tricks)} (bandeira): {_games(f.bandeira_games)}"

    def bandeira(self, f: Bandeira) -> str:
        if f.all_tricks:
            at_120 = f"{_games(f.games_at_120)}" if f.games_at_120 else "which gives it nothing"
            made = (
                f"A team that wins all ten tricks makes a bandeira (a clean sweep) and "
                f"{_scores(f.games)}. Taking all 120 points is not enough: a team with 120 "
                f"points that lost a trick (one with no points in it) has no bandeira and "
                f"scores by the table above, {at_120}."
            )
        else:
            made = (
                f"A team that takes all 120 points makes a bandeira (a clean sweep) and "
                f"{_scores(f.games)} instead."
            )
        if f.wins_partida:
            return made + " A bandeira wins the partida at once, whatever the score."
        if f.wins_in_effect:
            verb = "wins" if f.games == 1 else "win"
            return made + (
                f" Since {_games(f.games)} {verb} a partida, in effect a bandeira wins the "
                f"partida at once."
            )
        if not f.games:
            return made
        return made + (
            " The games of a bandeira count like any others: a bandeira does not end the "
            "partida by itself."
        )

    def tie(self, f: Tie) -> str:
        drawn = "If both teams have 60 points the deal is drawn (empate): nobody scores"
        n = f.amount
        if f.carries == "nothing":
            return f"{drawn} and nothing carries over to the next deal."
        if f.carries == "add":
            if f.stacks:
                return (
                    f"{drawn}, and the next deal that is won is worth {_more(n)}. Each further "
                    f"tie before then adds {n} more."
                )
            return (
                f"{drawn}, and the next deal that is won is worth {_more(n)}. Several ties in "
                f"a row count as one: still only {_more(n)}."
            )
        named = n in (2, 3, 4)
        if named:
            text = (
                f"{drawn}, and the next deal that is won counts {_times(n)} (its games are "
                f"multiplied by {n})."
            )
        else:
            text = f"{drawn}, and the games of the next deal that is won are multiplied by {n}."
        if f.stacks:
            return text + f" Each further tie before then multiplies them by {n} again."
        if named:
            return text + f" Several ties in a row count as one: it still counts only {_times(n)}."
        return (
            text
            + f" Several ties in a row count as one: the games are multiplied by {n} only once."
        )

    def match(self, f: MatchLength) -> str:
        text = (
            f"Games add up from deal to deal; the first team to reach {_games(f.target_games)} "
            f"wins the partida (the whole game)."
        )
        if f.best_of == 1:
            return text + " The match is a single partida."
        return text + (
            f" The match is the best of {f.best_of} partidas: the first team to win "
            f"{f.partidas_to_win} partidas wins the match. Every partida starts again from 0 "
            f"games."
        )

    def based_on(self, base: str, changed: bool | None) -> str:
        if changed is None:
            return f"Based on the rules of {base}."
        if not changed:
            return f"Based on {base}, with the same rules."
        return f"Based on {base}, with these changes:"

    def change(self, label: str, text: str) -> str:
        return f"{label}: {text}."


# --- rule differences -----------------------------------------------------------------------


_TOPICS: TopicLabels = {
    "direction": "Direction of play",
    "first_dealer": "First dealer",
    "first_leader": "Who leads the first trick",
    "deal": "Dealing and the trump card (trunfo)",
    "redeal": "New deal for a weak hand (dar de novo)",
    "revoke": "Renúncia (revoke)",
    "tiers": "Scoring",
    "bandeira": "Bandeira (clean sweep)",
    "tie": "Ties (60-60)",
    "target": "Games to win a partida",
    "best_of": "Partidas in a match",
}


class _Diff:
    def topic(self, key: Topic) -> str:
        return _TOPICS[key]

    def direction(self, f: Direction) -> str:
        return f"{_way(f.clockwise)} (the next player is the one on your {_side(f.clockwise)})"

    def first_dealer(self, f: Dealing) -> str:
        if f.first_dealer is None:
            return "chosen at random"
        return f"seat {f.first_dealer} (so seat {f.first_leader} leads first)"

    def first_leader(self, f: Dealing) -> str:
        return _first_leader(f, capital=False)

    def deal(self, f: Dealing) -> str:
        side = _side(f.direction.deal_clockwise)
        if f.trump_card == "dealer_choice":
            return (
                f"the dealer chooses each deal to turn the top card for trumps (taking the "
                f"first ten cards) or the bottom card (dealt last), dealing from the player on "
                f"their {side}"
            )
        if f.trump_card == "dealer_first":
            return (
                f"the dealer takes the first ten cards and turns the first card for trumps, "
                f"then deals from the player on their {side}"
            )
        return (
            f"hands are dealt from the player on the dealer's {side} round to the dealer, whose "
            f"last card is turned for trumps"
        )

    def revoke(self, f: Revoke) -> str:
        if not f.claimable:
            return "cannot happen (only cards that follow the rules can be played)"
        text = (
            f"any card may be played, and a rightful claim of renúncia {_scores(f.penalty_games)}"
        )
        if f.accuse_player:
            text += " (a claim names the rival accused)"
        if f.false_claim_games is None:
            return text + "; a false claim is rejected and play goes on"
        if f.false_claim_games == 0:
            text += "; a false claim costs nothing"
        else:
            text += f"; a false claim gives the other team {_games(f.false_claim_games)}"
        return text + (", and play goes on" if f.plays_on else "")

    def redeal(self, f: Redeal) -> str:
        lead, others = f.leader_below, f.others_below
        if lead is None and others is None:
            return "never"
        if lead == others:
            return f"any player with fewer than {lead} card points may ask for one"
        if others is None:
            return f"the first leader with fewer than {lead} card points may ask (the others never)"
        if lead is None:
            return f"any player but the first leader, with fewer than {others} card points"
        return (
            f"the first leader with fewer than {lead} card points, the others fewer than {others}"
        )

    def bandeira(self, f: Bandeira) -> str:
        text = f"{_sweep(f.all_tricks)} {_scores(f.games)}"
        if f.wins_partida:
            return text + " and wins the partida at once"
        if f.wins_in_effect:
            return text + ", enough to win the partida"
        return text if not f.games else text + ", which does not end the partida by itself"

    def tie(self, f: Tie) -> str:
        if f.carries == "nothing":
            return "nobody scores and nothing carries over"
        if f.carries == "add":
            head = f"the next deal won is worth {_more(f.amount)}"
            return head + (" per tie" if f.stacks else ", however many ties in a row")
        head = f"the next deal won counts {_times(f.amount)}"
        if f.stacks:
            return head + f", multiplied by {f.amount} again for each further tie"
        return head + ", however many ties in a row"

    def target(self, f: MatchLength) -> str:
        return _games(f.target_games)

    def best_of(self, f: MatchLength) -> str:
        if f.best_of == 1:
            return "a single partida"
        return f"best of {f.best_of} (first to win {f.partidas_to_win} partidas)"

    def same_rules(self, a: str, b: str | None) -> str:
        if b is None:
            return "The two variants have exactly the same rules."
        return (
            f"{a} and {b} have exactly the same rules (only their names and descriptions differ)."
        )

    def differ(self, a: str, b: str, rules: int, topics: int) -> str:
        text = f"{a} and {b} differ in {rules} {'rule' if rules == 1 else 'rules'}"
        if topics == rules:
            return text + ":"
        return text + f", said under {topics} {'heading' if topics == 1 else 'headings'}:"

    def rule(self, label: str, a: str, text_a: str, b: str, text_b: str) -> str:
        return f"{label}: {a}: {text_a}; {b}: {text_b}."


# --- the one-line summary -------------------------------------------------------------------


class _Summary:
    play_on = "play on"
    names_rival = "names the rival"

    def direction(self, f: Direction) -> str:
        return _way(f.clockwise)

    def first_dealer(self, seat: int) -> str:
        return f"seat {seat} deals first"

    def first_leader(self, f: Dealing) -> str:
        return f"{_first_leader(f, capital=False)} leads first"

    def trump(self, f: Dealing) -> str:
        card = {"dealer_first": "first card", "dealer_choice": "top/bottom"}
        text = "trump: " + card.get(f.trump_card, "last card")
        return text + (", dealt against play" if f.direction.deal_reverse else "")

    def redeal(self, f: Redeal) -> str:
        lead, others = f.leader_below, f.others_below
        if lead == others:
            return f"redeal < {lead}"
        if others is None:
            return f"redeal < {lead} (leader only)"
        if lead is None:
            return f"redeal < {others} (not the leader)"
        return f"redeal < {lead} (leader), < {others}"

    def revoke(self, penalty: int, notes: list[str]) -> str:
        return f"renúncia claimable ({', '.join([str(penalty), *notes])})"

    def false_claim(self, games: int) -> str:
        return f"false {games}"

    def tiers(self, table: str) -> str:
        return f"games {table}"

    def tie(self, f: Tie) -> str:
        if f.carries == "nothing":
            return "60-60: nothing"
        if f.carries == "add":
            return f"60-60: +{_games(f.amount)}"
        return f"60-60: next deal ×{f.amount}"

    def bandeira(self, f: Bandeira) -> str:
        sweep = "all tricks" if f.all_tricks else "120 pts"
        return f"bandeira {sweep} = {f.games}" + (", wins" if f.wins_partida else "")

    def match(self, f: MatchLength) -> str:
        text = f"first to {f.target_games}"
        return text + (f", best of {f.best_of}" if f.best_of > 1 else "")


# --- a game at the table --------------------------------------------------------------------


_PHASES: PhaseNames = {
    "deal": "dealing",
    "trump": "choosing trumps",
    "redeal": "redeal?",
    "play": "play",
    "count": "the count",
    "over": "over",
}


class _Table:
    you = "you"
    partner = "partner"
    right_rival = "right rival"
    left_rival = "left rival"
    top_card = "top card (trunfo por cima)"
    bottom_card = "bottom card (trunfo por baixo)"
    redeal = "ask for a new deal (dar de novo)"
    keep_hand = "play this hand"
    claim = "claim a renúncia"

    def phase(self, key: Phase) -> str:
        return _PHASES[key]

    def seat(self, seat: int) -> str:
        return f"seat {seat}"

    def team(self, team: int) -> str:
        return f"team {team}"


PHRASES = Phrases(
    lang="en",
    name="English",
    words=_Words(),
    card=_Card(),
    diff=_Diff(),
    summary=_Summary(),
    table=_Table(),
    play=play_section("en"),
    replay=replay_section("en"),
    analysis=analysis_section("en"),
    builtins=None,
)
