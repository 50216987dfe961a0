"""The languages there are catalogues for (kept apart so that every module of the package can
import them without importing the package). A new language is its code here and its catalogues,
`catalogues/<code>/*.json`: the same entries as English's, its own words."""

from __future__ import annotations

from typing import Literal, get_args

__all__ = ["LANGS", "Lang"]

Lang = Literal["en", "pt"]
"""A language of the texts: `en` (English) or `pt` (European Portuguese)."""

LANGS: tuple[Lang, ...] = get_args(Lang)
"""Every language there are catalogues for, English first."""
