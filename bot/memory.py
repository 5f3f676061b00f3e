"""The garbage collector, tuned for a long-running bot (see docs/decisions.md, "Speed under load").

After start-up the process holds tens of thousands of long-lived objects (modules, discord.py's
and the engine's tables, the command tree) that every full collection would walk again, for
nothing: :func:`settle_after_start` moves them out of the collector's sight with
``gc.freeze()``. The young generation's threshold is raised so that short-lived objects (a
click makes thousands) are collected in fewer, not longer, passes.
"""

from __future__ import annotations

import gc

THRESHOLDS = (10_000, 20, 20)
"""``gc.set_threshold``: allocations before a young collection, then young collections per
middle one and middle ones per full one (the defaults are 700, 10, 10)."""


def settle_after_start() -> None:
    """Collect what start-up left behind, freeze the rest, and set the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
