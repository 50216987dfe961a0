"""Matches and bots can be pickled (to hand them to another process, or keep them) and run side by
side in threads without touching each other; a seed deals the same cards in any process."""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from sueca_rules import Match, Observation, Record, Variant, load_variant
from sueca_rules.bots import make_bot, play_match


def _position(seed: int = 5, cards: int = 13) -> Match:
    match = Match("portugal", seed=seed)
    for _ in range(cards):
        match.play(match.legal_cards()[0])
    return match


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_bot_pickles_and_chooses_as_before(level: int) -> None:
    match = _position(cards=6)
    seat = match.turn
    assert seat is not None
    bot = make_bot(level, seed=11, **({"samples": 4} if level >= 4 else {}))
    copy = pickle.loads(pickle.dumps(bot))
    assert repr(copy) == repr(bot)
    observation = match.observation(seat)
    assert copy.choose(observation) == bot.choose(observation)


@pytest.mark.parametrize("variant", ["portugal", "brasil", "portugal-table"])
def test_a_pickled_match_plays_on_as_the_original(variant: str) -> None:
    match = Match(variant, seed=4)
    play = random.Random(4)
    for _ in range(60):
        decision = match.pending()
        if decision is None:
            break
        choice = decision.default if decision.kind == "claim" else play.choice(decision.options)
        match.decide(choice)
    copy = pickle.loads(pickle.dumps(match))
    assert isinstance(pickle.loads(pickle.dumps(match.observation(0))), Observation)
    bots = [make_bot(2, seed=s) for s in range(4)]
    again = [make_bot(2, seed=s) for s in range(4)]
    play_match(match, bots)
    play_match(copy, again)
    assert copy.to_record() == match.to_record()
    # a variant made in code pickles too
    ours = Match(Variant(name="Ours", match=load_variant("portugal").match), seed=1)
    assert pickle.loads(pickle.dumps(ours)).to_record() == ours.to_record()


def test_matches_in_threads_do_not_touch_each_other() -> None:
    jobs = [("portugal", 1, 4), ("brasil", 2, 3), ("portugal-table", 3, 2), ("sueca-play", 4, 4)]

    def run(variant: str, seed: int, level: int) -> Record:
        extra = {"samples": 4} if level >= 4 else {}
        match = Match(variant, seed=seed)
        play_match(match, [make_bot(level, seed=f"{seed}-{s}", **extra) for s in range(4)])
        return match.to_record()

    alone = [run(*job) for job in jobs]
    together: list[Record | None] = [None] * len(jobs)

    def worker(i: int) -> None:
        together[i] = run(*jobs[i])

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert together == alone


_DEALS = (
    "from sueca_rules import Match\n"
    "from sueca_rules.bots import make_bot, play_match\n"
    "for variant, seed in (('portugal', 'abc'), ('brasil', 7), ('portugal-table', 2**40)):\n"
    "    match = Match(variant, seed=seed)\n"
    "    play_match(match, [make_bot(2, seed=f'{seed}-{s}') for s in range(4)])\n"
    "    print(match.first_dealer, [d.hands for d in match.deals[:3]], match.winner)\n"
)


def test_the_same_seed_deals_the_same_cards_in_any_process() -> None:
    """Shuffles come from the seed alone: not from the process's hash randomisation (text seeds
    included), nor from anything else of the run."""
    root = str(Path(__file__).resolve().parent.parent)
    outputs = []
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": root}
        run = subprocess.run(
            [sys.executable, "-c", _DEALS], capture_output=True, text=True, env=env, check=True
        )
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0].count("\n") == 3
