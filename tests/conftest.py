"""Shared test set-up: hypothesis profiles.

``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) runs a fixed, derandomized number of examples so
CI is fast and repeatable; ``dev`` (the default) explores more; ``thorough`` is for long runs.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase

# Hypothesis keeps its files (failed examples, caches) with pytest's cache, which git ignores,
# rather than in a folder of its own in the tree; the ci profile keeps no examples (they are
# derandomized).
# `sueca play` speaks the language of the locale: the tests expect English unless they say.
os.environ["LC_ALL"] = "C.UTF-8"

_HOME = Path(__file__).parents[1] / ".pytest_cache" / "hypothesis"
# `sueca serve` keeps its tables in the user's data folder by default: the tests' servers keep
# theirs under pytest's cache instead.
os.environ["XDG_DATA_HOME"] = str(_HOME.parent / "data")
set_hypothesis_home_dir(_HOME)
_EXAMPLES = DirectoryBasedExampleDatabase(_HOME / "examples")

settings.register_profile(
    "ci",
    database=None,
    max_examples=40,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("dev", max_examples=60, deadline=None, database=_EXAMPLES)
settings.register_profile("thorough", max_examples=1000, deadline=None, database=_EXAMPLES)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
