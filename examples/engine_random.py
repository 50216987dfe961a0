"""A Sueca engine in Python that a reader can copy: it answers every decision with a random option.

It speaks the sueca-rules engine protocol (see docs/guide/engines.md) and needs nothing but the
standard library: one JSON request a line on stdin, one JSON answer a line on stdout. Each request
carries all that its seat may know (its hand, the cards played, the claims, the scores, the whole
variant), so the engine keeps no state. Replace `choose()` with your own player::

    python examples/engine_random.py --seed 7          # speak the protocol on stdin/stdout
    sueca arena 'python examples/engine_random.py' level:2 --deals 100

The options are written as the request writes them: cards as "7H", "top"/"bottom" for the
dealer's trump choice, false/true for a new deal or a renúncia claim (under `revoke.accuse:
player` a claim names the rival's seat instead of true).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any


def choose(request: dict[str, Any], seed: str) -> Any:
    """The answer to a `decide` request: one of its options, as written. This one never claims
    and never asks for a new deal (a random claim would cost games), and plays any legal card.

    Its dice are seeded from the request itself (the match, the seat, the moment of the deal), not
    drawn from one generator for the whole run: the same request always gets the same answer, so
    an arena's results do not depend on how its deals are shared among processes (`--jobs`)."""
    options = request["options"]
    if request["decision"] in ("claim", "redeal"):
        return False
    state = request["state"]
    moment = (request["match"], request["seat"], state["deal"], len(state["plays"]))
    rng = random.Random(f"{seed}:{moment}")
    return rng.choice(options)


def answer(line: str, seed: str) -> dict[str, Any] | None:
    """The answer to one line (`None` for `quit`)."""
    try:
        request = json.loads(line)
    except ValueError:
        return {"type": "error", "id": None, "message": "the request is not JSON"}
    if not isinstance(request, dict):
        return {"type": "error", "id": None, "message": "a request is a JSON object"}
    kind = request.get("type")
    if kind == "hello":
        return {"type": "hello", "id": request.get("id"), "protocol": 1, "name": "random (Python)"}
    if kind == "decide":
        try:
            choice = choose(request, seed)
        except (KeyError, TypeError, IndexError) as exc:
            return {"type": "error", "id": request.get("id"), "message": f"bad request: {exc!r}"}
        return {"type": "decision", "id": request.get("id"), "choice": choice}
    if kind == "quit":
        return None
    return {"type": "error", "id": request.get("id"), "message": f"unknown request {kind!r}"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A random Sueca engine (the engine protocol).")
    parser.add_argument("--seed", default="0", help="another seed, other choices (default 0)")
    args = parser.parse_args(argv)
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = answer(line, args.seed)
        if reply is None:
            break
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
