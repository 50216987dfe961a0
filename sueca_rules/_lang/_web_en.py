"""The web app's words in English (the `web` section of `sueca_rules._lang.en`).

Keys are dotted (`table.your_turn`); `{name}` marks a value the page fills in. The pages,
the JavaScript modules and the server's messages use the same keys in every language. The
builder's field texts are `field.<path>` (label) and `option.<path>.<value>` (a choice;
`.null` for a rule turned off); their descriptions come from the schema, which is English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["WebEn"]

_STRINGS: Final[dict[str, str]] = {
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
    "common.qr": "QR code of the join link of seat {seat}",
    "common.copied": "Copied",
    "common.download": "Download",
    "common.loading": "Loading…",
    "common.error": "Something went wrong: {message}",
    "common.offline": "The server cannot be reached. Is sueca serve still running?",
    "common.team": "Team {team}",
    "common.seat": "Seat {seat}",
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
    "unit.game": "{n} game",
    "unit.games": "{n} games",
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
        "Play a match against bots of five levels, or invite friends to the empty seats."
    ),
    "home.tables.title": "Your tables",
    "home.tables.text": (
        "The tables this browser joined (kept in this browser only): open one again, or "
        "download a finished match's record while the server keeps it."
    ),
    "home.tables.open": "open",
    "home.tables.record": "record",
    "home.replay.title": "Replay",
    "home.replay.text": "Open a game record and step through it trick by trick, with the score.",
    # --- the builder
    "rules.title": "House rules",
    "rules.intro": (
        "Choose the rule set to start from and change any rule: the rules card, the "
        "differences and the variant file follow as you go."
    ),
    "rules.base": "Start from",
    "rules.card": "Rules card",
    "rules.differences": "Differences from {base}",
    "rules.no_differences": "These are exactly the rules of {base}.",
    "rules.yaml": "Variant file",
    "rules.yaml_full": "Write every rule (not only the differences)",
    "rules.yaml_hint": (
        "Save it as a .yaml file. Its first line lets editors check it against the schema: "
        "save the schema beside it as sueca-variant.v1.json."
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
    "rules.problems": "{count} {count:problem|problems}:",
    "rules.too_big": "This file is too large (at most {limit} KB).",
    "rules.at": "line {line}, column {column}",
    "rules.tier_min": "Points",
    "rules.tier_games": "Games",
    "rules.tier_add": "Add a tier",
    "rules.tier_remove": "Remove",
    "rules.house": "house rules",
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
    "field.table.first_leader": "Who leads the first trick",
    "field.deal.trump_card": "Trump card",
    "field.deal.order": "Dealing order",
    "field.deal.redeal.leader_below": "New deal: the first leader, below (points)",
    "field.deal.redeal.others_below": "New deal: the other players, below (points)",
    "field.revoke.mode": "Renúncia",
    "field.revoke.penalty_games": "Penalty (games)",
    "field.revoke.false_claim": "A false claim",
    "field.revoke.false_claim_games": "Games for a false claim",
    "field.revoke.after_false_claim": "After a false claim",
    "field.revoke.accuse": "A claim accuses",
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
    "option.table.first_leader.after_dealer": "the player after the dealer",
    "option.table.first_leader.dealer": "the dealer",
    "option.table.first_leader.before_dealer": "the player before the dealer (who cut)",
    "option.deal.trump_card.dealer_last": "the dealer's last card",
    "option.deal.trump_card.dealer_first": "the first card of the pack",
    "option.deal.trump_card.dealer_choice": "the dealer chooses: top or bottom card",
    "option.deal.order.play_direction": "in the direction of play",
    "option.deal.order.reverse": "the opposite way",
    "option.deal.redeal.leader_below.null": "never",
    "option.deal.redeal.others_below.null": "never",
    "option.revoke.mode.prevented": "prevented (only legal cards)",
    "option.revoke.mode.claimable": "claimable (any card, as at a real table)",
    "option.revoke.false_claim.penalize_claimant": "costs the claimants a penalty",
    "option.revoke.false_claim.ignored": "is ignored, play goes on",
    "option.revoke.false_claim_games.null": "the same as the penalty",
    "option.revoke.after_false_claim.deal_ends": "the deal ends",
    "option.revoke.after_false_claim.play_on": "play goes on",
    "option.revoke.accuse.team": "the other team",
    "option.revoke.accuse.player": "one rival, by name",
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
        "cards; 4 plays out many possible deals before each card; 5 plays out more of them and "
        "works out the last tricks exactly (the strongest, and the slowest)."
    ),
    "play.seed": "Seed (optional: with no friend at the table, the same seed deals the same cards)",
    "play.create": "Sit down",
    "play.links": "Send each friend their own link: whoever has a link plays that seat.",
    "play.link_for": "Link for seat {seat}",
    "play.go": "Go to the table",
    # --- the table
    "common.cancel": "Cancel",
    "table.your_turn_touch": "Your turn: tap a card.",
    "table.play_anyway": "Play it",
    "table.trick_to": "{who} takes the trick: {points} {points:point|points}",
    "table.winning": "{who} is winning the trick",
    "table.final": "Partidas: us {us}, them {them}. Games of the last partida: {gus} to {gthem}.",
    "summary.continue": "Continue",
    "summary.points": "Card points: us {us}, them {them}.",
    "summary.won_us": "Your team wins the deal: {games}.",
    "summary.won_them": "The other team wins the deal: {games}.",
    "summary.capote": "A capote: 91 points or more.",
    "summary.bandeira": "A bandeira: every point (or every trick).",
    "summary.tie": "60-60: nobody wins this deal.",
    "summary.tie_pending": "{n} {n:tie|ties} pending: the next deal won is worth more.",
    "summary.tie_nothing": "Under these rules a 60-60 carries nothing over.",
    "summary.games_now": "Games now: us {us}, them {them}.",
    "score.games": "{n:game|games}",
    "score.partidas": "{n} {n:partida|partidas}",
    "score.points": "{n} {n:point|points}",
    # the built-in rule sets' names on the pages (GET /api/variants keeps the files' names)
    "variant.portugal": "Portugal",
    "variant.portugal-best-of-3": "Portugal, best of three",
    "variant.portugal-table": "Portugal, at the table",
    "variant.french": "French rules",
    "variant.brasil": "Brasil",
    "variant.sueca-online": "Sueca Online",
    "variant.sueca-play": "Sueca Play",
    # the library's validation issues, by kind (Issue.kind; {got} left out when empty)
    "issue.min": "must be at least {limit} (got {got})",
    "issue.max": "must be at most {limit} (got {got})",
    "issue.above": "must be more than {limit} (got {got})",
    "issue.below": "must be less than {limit} (got {got})",
    "issue.too_few": "needs at least {limit}",
    "issue.too_many": "has too many (at most {limit})",
    "issue.too_long_text": "is too long (at most {limit} characters)",
    "issue.whole_number": "must be a whole number (got {got})",
    "issue.true_false": "must be true or false (got {got})",
    "issue.text": "must be text (got {got})",
    "issue.mapping": "must be a set of fields (name: value)",
    "issue.list": "must be a list",
    "issue.empty": "must not be empty",
    "issue.missing": "the field {field} is missing",
    "issue.unknown_field": "unknown field: {field}",
    "issue.choice": "must be one of {choices} (got {got})",
    "issue.tie_factor": "to multiply, the amount is a factor and must be at least 2 (got {got})",
    "issue.tier_first": (
        "the first tier must need more than 60 points (got {got}): with 60 or less both teams "
        "could reach it"
    ),
    "issue.tier_order": (
        "tier {tier} needs {now} points, but the one before already needs {before}: each tier "
        "needs more points than the one before"
    ),
    "issue.best_of_odd": (
        "the number of partidas must be odd (1, 3, 5...) so that a match cannot end level "
        "(got {got})"
    ),
    "issue.name_blank": "the name must not be blank",
    "issue.name_line": "the name must fit on one line (longer text goes in the description)",
    "issue.name_control": "the name must not hold control characters (it has {code})",
    "issue.description_control": (
        "the description must not hold control characters other than line breaks and tabs "
        "(it has {code})"
    ),
    "issue.match_too_long": (
        "such a match may need {need} deals won, more than the {most} a rule set may ask for: "
        "with this many partidas, at most {games} games; with these games, at most {partidas} "
        "partidas"
    ),
    "issue.no_winner": (
        "no team could ever reach {target} games: every tier, the bandeira, the 60-60 and the "
        "penalties are worth 0 games; give some games to at least one of them"
    ),
    # the builder: each rule as a question in plain words, and a line that explains it
    "question.name": "What do you call these rules?",
    "explain.name": "The name shown on the rules card.",
    "question.description": "Where do these rules come from?",
    "explain.description": "Free text: where the rules come from, who plays them.",
    "question.table.direction": "Which way does play go round the table?",
    "explain.table.direction": (
        "In Portugal play goes to the right, against the clock; the French play to the left."
    ),
    "question.deal.order": "Which way are the cards dealt?",
    "explain.deal.order": "Usually the same way as play; some tables deal the other way round.",
    "question.table.first_dealer": "Who deals first?",
    "explain.table.first_dealer": (
        "The first dealer of the match; after each deal the next player deals."
    ),
    "question.table.first_leader": "Who leads the first trick of each deal?",
    "explain.table.first_leader": (
        "Usually the player after the dealer; at some tables the player who cut the pack, or "
        "the dealer. That player's hand is the one the first leader's new-deal rule is for."
    ),
    "question.deal.trump_card": "Which card is turned for trumps?",
    "explain.deal.trump_card": (
        "The turned card gives the trump suit and stays in the dealer's hand."
    ),
    "question.deal.redeal.leader_below": (
        "May the first player to lead ask for a new deal with a weak hand?"
    ),
    "explain.deal.redeal.leader_below": (
        "With fewer points than this in hand they may ask for the cards to be dealt again."
    ),
    "question.deal.redeal.others_below": (
        "May the other players ask for a new deal with a weak hand?"
    ),
    "explain.deal.redeal.others_below": (
        "The same for the three other players, below this many points."
    ),
    "question.revoke.mode": "Can a player not follow suit (a renúncia)?",
    "explain.revoke.mode": (
        "Prevented: only cards that follow suit can be played. Claimable: any card can be "
        "played, as with real cards, and a rival may claim the renúncia."
    ),
    "question.revoke.penalty_games": "How many games does a renúncia cost when it is caught?",
    "explain.revoke.penalty_games": "The games the claiming team scores; the deal ends there.",
    "question.revoke.false_claim": "What happens when someone claims a renúncia nobody made?",
    "explain.revoke.false_claim": "Either the claiming team pays, or the claim is simply ignored.",
    "question.revoke.false_claim_games": "How many games does a false claim cost?",
    "explain.revoke.false_claim_games": "The games the other team gets for a false claim.",
    "question.revoke.after_false_claim": "After a false claim, does the deal go on?",
    "explain.revoke.after_false_claim": (
        "It ends at once, or play goes on and the cost is added at the end of the deal."
    ),
    "question.revoke.accuse": "Does a claim name a player or the whole team?",
    "explain.revoke.accuse": "Name one rival, and the claim is right only if that rival revoked.",
    "question.scoring.tiers": "How many games is a deal worth, by points?",
    "explain.scoring.tiers": (
        "The winners score the games of the highest row they reach: usually 61 points one "
        "game, 91 a capote, two games. In our studies of bot play, about 15 deals in 100 are "
        "capotes."
    ),
    "question.scoring.bandeira.requires": "What makes a bandeira?",
    "explain.scoring.bandeira.requires": (
        "All 120 points, or all ten tricks. Rare either way: about 1 deal in 1,000 in our "
        "studies of bot play."
    ),
    "question.scoring.bandeira.games": "How many games is a bandeira worth?",
    "explain.scoring.bandeira.games": "Instead of the games by points.",
    "question.scoring.bandeira.wins_partida": "Does a bandeira win the partida outright?",
    "explain.scoring.bandeira.wins_partida": (
        "Ticked: the team that makes it wins the partida at once."
    ),
    "question.scoring.tie.mode": "What happens after a 60-60?",
    "explain.scoring.tie.mode": (
        "Nothing, or the next deal won is worth more games (added or multiplied). A 60-60 "
        "comes in about 2 deals in 100 in our studies of bot play, so what it carries changes "
        "little."
    ),
    "question.scoring.tie.amount": "By how much?",
    "explain.scoring.tie.amount": (
        "Games added for each 60-60, or the factor the next deal's games are multiplied by "
        "(at least 2)."
    ),
    "question.scoring.tie.stacks": "Do 60-60s in a row add up?",
    "explain.scoring.tie.stacks": "Ticked: each new 60-60 before a deal is won adds once more.",
    "question.match.target_games": "How many games win a partida?",
    "explain.match.target_games": "Usually four.",
    "question.match.best_of": "How many partidas in a match?",
    "explain.match.best_of": (
        "An odd number: one, or best of three, five... Best of three lets the better team "
        "show: in our studies it wins 62% of the matches instead of 58%."
    ),
    "rules.see_card": "Rules card",
    "rules.share": "Share",
    "rules.presets": "The known rule sets are a start: change what your table plays differently.",
    "rules.back_to_questions": "back to the questions",
    "rules.shared": "Link copied: whoever opens it gets these rules in this page.",
    "rules.bad_link": "This link's rules could not be read: starting from Portugal.",
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
    "table.trick": "The cards on the table",
    "table.your_hand": "Your hand",
    "table.your_turn": "Your turn: choose a card (or type it, such as 7h).",
    "table.turn_of": "{who} to play.",
    "table.bot": "bot {level}",
    "table.human": "player",
    "table.stand_in": "a bot plays for now",
    "table.away": "away",
    "table.trump": "Trump",
    "table.trump_in_hand": "still in the dealer's hand",
    "table.dealer": "deals",
    "table.last_trick": "Last trick",
    "table.won_by": "won by {who}, {points} {points:point|points}",
    "table.deal": "Deal {deal}",
    "table.partida": "Partida {partida}",
    "table.points": "Points in this deal",
    "table.tricks": "Tricks",
    "table.games": "Games",
    "table.partidas": "Partidas",
    "table.pending": "Pending 60-60s",
    "table.penalties": "False-claim games this deal",
    "table.target": (
        "{games} {games:game wins|games win} a partida; "
        "{partidas} {partidas:partida wins|partidas win} the match."
    ),
    "table.us": "Us",
    "table.them": "Them",
    "table.score_pad": "Score pad",
    "table.claim": "Claim a renúncia",
    "table.claim_confirm": (
        "Claim a renúncia? If no rival revoked in this deal, the claim is false and these "
        "rules may make your team pay for it."
    ),
    "table.accuse": "Claim a renúncia against {who}",
    "table.typed": "Typed: {text}",
    "table.keyboard": (
        "Keyboard: type a card (7h, as, qd) to play it; Escape clears what you typed."
    ),
    "table.renuncia_warning": (
        "{card} does not follow suit: that is a renúncia, and a rival may claim it. Play it anyway?"
    ),
    "table.trump_choose": "You deal: choose the trump card.",
    "table.trump_wait": "{who} deals and chooses the trump card.",
    "table.redeal_may": "Your hand is weak: you may ask for a new deal, or play it.",
    "table.redeal_keep": "Waiting to see whether someone asks for a new deal…",
    "table.redeal_wait": "{who} is asked about a new deal.",
    "table.count": "The count: claim a renúncia now, or agree to score the deal.",
    "table.count_ok": "Agree the count",
    "table.count_done": "You agreed; waiting for the others.",
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
    "table.sound_off": "Sound: off",
    "table.sound_on": "Sound: on",
    "table.log": "What happened",
    "ev.deal_started": "Deal {deal} · dealer: {who} · trump card: {card}.",
    "ev.trump_chosen": "{who} chose the {side}.",
    "ev.redeal": "{who} asked for a new deal.",
    "ev.count": "Deal {deal}: all ten tricks played, the count.",
    "ev.trick_won": "{who} won the trick: {points} {points:point|points}.",
    "ev.claim_valid": "{who} claimed a renúncia: right, {culprit} revoked with {card}.",
    "ev.claim_false": "{who} claimed a renúncia, but nobody had revoked.",
    "ev.claim_ignored": "{who} claimed a renúncia, but nobody had revoked: play goes on.",
    "ev.deal_us": "Deal {deal} ({points}): we score {games}.",
    "ev.deal_them": "Deal {deal} ({points}): they score {games}.",
    "ev.deal_tie": "Deal {deal}: 60-60, an empate: nobody scores.",
    "ev.deal_tie_games": (
        "Deal {deal}: 60-60, an empate: only the false-claim games score: we {us}, they {them}."
    ),
    "ev.deal_redeal": "Deal {deal} is dealt again.",
    "ev.bandeira": "a bandeira",
    "ev.partida_us": "We won partida {partida}.",
    "ev.partida_them": "They won partida {partida}.",
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
    "replay.redealt": "Seat {seat} asked for a new deal: this deal was dealt again.",
    # --- errors sent by the server
    "error.unknown_type": "Unknown message.",
    "error.malformed": "The message is not a JSON object.",
    "error.too_large": "The message is too large.",
    "error.rate": "Too many messages: slow down.",
    "error.bad_card": "That is not a card: write it like 7H or as.",
    "error.not_your_turn": "It is not your turn.",
    "error.not_in_hand": "You do not hold {card}.",
    "error.must_follow": "You must follow suit: play one of {legal}.",
    "error.no_claims": "Under these rules a renúncia cannot be claimed.",
    "error.bad_against": "Name the rival you accuse: seat {seats}.",
    "error.no_against": "Under these rules a claim accuses the other team: name nobody.",
    "error.bad_side": "Choose the top or the bottom card.",
    "error.cannot_redeal": "Your hand is not weak enough to ask for a new deal.",
    "error.not_started": "The match has not started yet.",
    "error.wrong_phase": "That cannot be done now.",
    "error.no_more_claims": "No more claims can be made in this deal.",
    "error.not_allowed": "The rules do not allow that now.",
    "error.match_over": "The match is over.",
    "error.already_started": "The match has already started.",
    "error.host_only": "Only the host may start the match.",
    "error.not_over": "The match is not over yet.",
    "error.bad_agree": "Say whether you agree to hints: agree must be true or false.",
    "error.hints_practice": "Hints need no agreement at a practice table.",
    "error.not_your_seat": "You can only act for your own seat.",
    "error.bad_token": "This link is not valid for this table.",
    "error.no_table": "There is no such table: it expired, or the server was restarted.",
    "error.too_many_tables": (
        "This server holds as many tables as it may: try again when one has finished."
    ),
    "error.watching": "You are watching this table: only its players can act.",
    "error.watchers": "This table has as many watchers as it takes: try again later.",
    "error.moving": "This table is moving to another server: play again in a moment.",
    "error.busy": "The server is full right now: try again later.",
}


class WebEn:
    """The `web` section in English."""

    strings: Mapping[str, str] = _STRINGS
    field_help: Mapping[str, str] | None = None
