"""Draw the web app's deck: `sueca_rules/web/static/cards.svg`, one SVG sprite holding the 40
cards of a Sueca deck (A 7 K J Q 6 5 4 3 2 of spades, hearts, diamonds and clubs) and a
back, each a `<symbol id="7H">` (the contract's notation; `back` for the back) of viewBox
`0 0 64 90`; and `cards-pt.svg`, the same deck as a Portuguese deck is printed, the rei,
valete and dama with R, V and D in the corners (the Portuguese pages take it). Drawn here, for
this project, under its MIT licence.

    .venv/bin/python scripts/gen_cards.py          # writes the sprite
    .venv/bin/python scripts/gen_cards.py --check  # fails if the sprite is not what it draws

The pips are laid out as on a printed deck (the lower half turned upside down); the court
cards (K rei, J valete, Q dama) are a framed, double-headed figure in the suit's colour with
its own headgear (a crown, a cap with a feather, a tiara) and the rank's letter in the corners.
The corner index is large, so that a card overlapped in a hand is still read at 40 px wide.
"""

from __future__ import annotations

import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "sueca_rules" / "web" / "static"
DECKS = {"cards.svg": {}, "cards-pt.svg": {"K": "R", "J": "V", "Q": "D"}}
"""Each sprite's file, and the letters its corners show instead of the notation's."""

W, H = 64, 90
RANKS = "A7KJQ65432"
SUITS = "SHDC"
RED = "#c0262d"
BLACK = "#1b1f1d"
GOLD = "#d9a520"
SKIN = "#f3d6b4"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

# Suit shapes in a 100 x 100 box.
SUIT_PATHS = {
    "H": "M50 90C22 68 4 50 4 30C4 14 16 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5"
    "C84 5 96 14 96 30C96 50 78 68 50 90Z",
    "D": "M50 3C62 20 74 35 90 50C74 65 62 80 50 97C38 80 26 65 10 50C26 35 38 20 50 3Z",
    "S": "M50 4C66 22 96 40 96 62C96 76 85 84 73 84C64 84 57 80 53 73C54 83 58 90 67 96H33"
    "C42 90 46 83 47 73C43 80 36 84 27 84C15 84 4 76 4 62C4 40 34 22 50 4Z",
    "C": "M50 7A20 20 0 0 1 66 39A20 20 0 1 1 54 70C55 82 59 90 67 96H33C41 90 45 82 46 70"
    "A20 20 0 1 1 34 39A20 20 0 0 1 50 7Z",
}

# Where the pips of each spot card go (centre x, centre y); the lower half is turned over.
L, C, R = 21.5, 32.0, 42.5
T, M, B = 21.0, 45.0, 69.0
PIPS: dict[str, list[tuple[float, float]]] = {
    "2": [(C, T), (C, B)],
    "3": [(C, T), (C, M), (C, B)],
    "4": [(L, T), (R, T), (L, B), (R, B)],
    "5": [(L, T), (R, T), (C, M), (L, B), (R, B)],
    "6": [(L, T), (R, T), (L, M), (R, M), (L, B), (R, B)],
    "7": [(L, T), (R, T), (C, 33.0), (L, M), (R, M), (L, B), (R, B)],
}


def colour(suit: str) -> str:
    return RED if suit in "HD" else BLACK


def pip(suit: str, x: float, y: float, size: float, *, turned: bool = False) -> str:
    """A suit sign of `size` centred on (x, y)."""
    at = f'x="{x - size / 2:g}" y="{y - size / 2:g}" width="{size:g}" height="{size:g}"'
    turn = f' transform="rotate(180 {x:g} {y:g})"' if turned else ""
    return f'<use href="#p{suit}" {at}{turn}/>'


def corners(rank: str, suit: str) -> str:
    """The index (`rank`: the letter shown) in the top-left corner and, turned, in the
    bottom-right one."""
    index = (
        f'<text x="8" y="17" font-size="17" font-weight="700" text-anchor="middle">{rank}</text>'
        + pip(suit, 8, 25, 9)
    )
    return f'<g>{index}</g><g transform="rotate(180 32 45)">{index}</g>'


def spot(rank: str, suit: str) -> str:
    if rank == "A":
        return pip(suit, C, M, 34)
    return "".join(pip(suit, x, y, 15, turned=y > M) for x, y in PIPS[rank])


def headgear(rank: str, suit: str) -> str:
    """The figure's headgear, head at (32, 25)."""
    ink = colour(suit)
    if rank == "K":  # a crown
        return (
            f'<path d="M24.5 21 23 12l4 4 2.5-6 2.5 5 2.5-5 2.5 6 4-4-1.5 9Z" fill="{GOLD}" '
            f'stroke="{ink}" stroke-width="0.8"/>'
        )
    if rank == "Q":  # a tiara over long hair
        return (
            f'<path d="M25 30C23 22 25 16 32 16S41 22 39 30" fill="none" stroke="{ink}" '
            'stroke-width="2.4"/>'
            f'<path d="M26 19l2-4 2 3 2-5 2 5 2-3 2 4Z" fill="{GOLD}" stroke="{ink}" '
            'stroke-width="0.6"/>'
        )
    # J: a cap with a feather
    return (
        f'<path d="M24.5 21C25 15 29 13 32.5 13S40 15 39.5 21Z" fill="{ink}"/>'
        f'<path d="M37 15C41 10 44 9 47 8C45 12 42 15 38 17Z" fill="{GOLD}" '
        f'stroke="{ink}" stroke-width="0.6"/>'
    )


def half_figure(rank: str, suit: str) -> str:
    """The upper half of a court card's double-headed figure (it is drawn turned over too)."""
    ink = colour(suit)
    trim = GOLD
    robe = (
        f'<path d="M19 45V41C19 35 24 32 32 32S45 35 45 41V45Z" fill="{ink}"/>'
        f'<path d="M28 32.5 32 45 36 32.5" fill="none" stroke="{trim}" stroke-width="1.6"/>'
        f'<path d="M19 41H45" stroke="{trim}" stroke-width="1"/>'
    )
    head = (
        f'<circle cx="32" cy="25" r="6" fill="{SKIN}" stroke="{ink}" stroke-width="0.8"/>'
        f'<circle cx="29.8" cy="24.6" r="0.8" fill="{BLACK}"/>'
        f'<circle cx="34.2" cy="24.6" r="0.8" fill="{BLACK}"/>'
        f'<path d="M30 28Q32 29.4 34 28" fill="none" stroke="{RED}" stroke-width="0.7"/>'
    )
    beard = (
        f'<path d="M27 27.5Q32 34 37 27.5" fill="none" stroke="{ink}" stroke-width="1.4"/>'
        if rank == "K"
        else ""
    )
    # What the figure holds: a sceptre (K), a flower (Q), a halberd (J).
    if rank == "K":
        held = (
            f'<path d="M43 44 49 19" stroke="{trim}" stroke-width="1.6"/>'
            f'<circle cx="49.2" cy="18" r="2" fill="{trim}"/>'
        )
    elif rank == "Q":
        held = (
            '<path d="M44 44 47 24" stroke="#2f7d3b" stroke-width="1.2"/>'
            f'<circle cx="47.2" cy="22.5" r="2.6" fill="{RED}" stroke="{trim}" stroke-width="0.8"/>'
        )
    else:
        held = (
            f'<path d="M44 44 46 14" stroke="{BLACK}" stroke-width="1.1"/>'
            f'<path d="M46 14 50 18 46.4 19.5Z" fill="{trim}" stroke="{BLACK}" stroke-width="0.5"/>'
        )
    return robe + held + head + beard + headgear(rank, suit)


def court(rank: str, suit: str) -> str:
    frame = (
        f'<rect x="16" y="9" width="32" height="72" rx="2" fill="#fbf3df" stroke="{colour(suit)}" '
        'stroke-width="1"/>'
    )
    figure = half_figure(rank, suit)
    clip = '<clipPath id="f{r}{s}"><rect x="16.5" y="9.5" width="31" height="71"/></clipPath>'
    body = (
        clip.format(r=rank, s=suit)
        + f'<g clip-path="url(#f{rank}{suit})">{figure}'
        + f'<g transform="rotate(180 32 45)">{figure}</g></g>'
        + f'<path d="M16 45H48" stroke="{colour(suit)}" stroke-width="0.8"/>'
    )
    marks = pip(suit, 20.5, 14.5, 6) + pip(suit, 43.5, 75.5, 6, turned=True)
    return frame + body + marks


def card(rank: str, suit: str, letters: dict[str, str]) -> str:
    ink = colour(suit)
    face = court(rank, suit) if rank in "KJQ" else spot(rank, suit)
    return (
        f'<symbol id="{rank}{suit}" viewBox="0 0 {W} {H}">'
        f'<rect x="0.5" y="0.5" width="{W - 1}" height="{H - 1}" rx="5" fill="#fff" '
        'stroke="#8a8a8a"/>'
        f'<g fill="{ink}" font-family="{FONT}">{corners(letters.get(rank, rank), suit)}{face}</g>'
        "</symbol>"
    )


def back() -> str:
    return (
        f'<symbol id="back" viewBox="0 0 {W} {H}">'
        '<pattern id="lattice" width="8" height="8" patternUnits="userSpaceOnUse">'
        '<rect width="8" height="8" fill="#8b1e24"/>'
        '<path d="M0 4 4 0 8 4 4 8Z" fill="none" stroke="#d9a0a4" stroke-width="0.8"/></pattern>'
        f'<rect x="0.5" y="0.5" width="{W - 1}" height="{H - 1}" rx="5" fill="#fff" '
        'stroke="#8a8a8a"/>'
        f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="3" fill="url(#lattice)"/>'
        f'<circle cx="32" cy="45" r="10" fill="#8b1e24" stroke="{GOLD}" stroke-width="1.5"/>'
        f'<use href="#pS" x="25.5" y="38.5" width="13" height="13" fill="{GOLD}"/>'
        "</symbol>"
    )


def sprite(letters: dict[str, str] | None = None) -> str:
    """The sprite, its corners showing `letters` instead of the notation's (none: the
    notation's own)."""
    suits = "".join(
        f'<symbol id="p{s}" viewBox="0 0 100 100"><path d="{SUIT_PATHS[s]}"/></symbol>'
        for s in SUITS
    )
    cards = "\n".join(card(r, s, letters or {}) for s in SUITS for r in RANKS)
    return (
        "<!-- The Sueca deck of sueca-rules, drawn for the project (MIT licence). "
        "Generated by scripts/gen_cards.py: edit that, not this. -->\n"
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        f"{suits}\n{cards}\n{back()}\n</svg>\n"
    )


def main(argv: list[str]) -> int:
    status = 0
    for name, letters in DECKS.items():
        out = STATIC / name
        text = sprite(letters)
        if "--check" in argv:
            if not out.exists() or out.read_text(encoding="utf-8") != text:
                print(f"{out} is out of date: run scripts/gen_cards.py", file=sys.stderr)
                status = 1
            continue
        tmp = out.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(out)
        print(f"{out}: {len(text.encode())} bytes")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
