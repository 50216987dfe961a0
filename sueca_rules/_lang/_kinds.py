"""The languages the phrase files are written in (kept apart so that every phrase module can import
them without importing the package)."""

from __future__ import annotations

from typing import Literal, get_args

__all__ = ["LANGS", "Lang"]

Lang = Literal["en", "pt"]
"""A language of the texts: `en` (English) or `pt` (European Portuguese)."""

LANGS: tuple[Lang, ...] = get_args(Lang)
"""Every language there is a phrase file for, English first."""
