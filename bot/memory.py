"""The garbage collector, tuned for a long-running bot (see docs/decisions.md, "Speed under load").

After start-up the process holds tens of thousands of long-lived objects (modules, discord.py's
and the engine's tables, the command tree) that every full collection would walk again, for
nothing: :func:`settle_after_start` moves them out of the collector's sight with
``gc.freeze()``. The young generation's threshold is raised so that short-lived objects (a
click makes thousands) are collected in fewer, not longer, passes.
"""

from __future__ import annotations

import gc

THRESHOLDS = (5_000, 5, 2)
"""``gc.set_threshold``: allocations before a young collection, then young collections per
middle one and middle ones per full one (the defaults are 700, 10, 10).

Short passes, often: what a pass walks is mostly the cycles of the interactions in flight when
the previous one ran (discord.py's interactions and the views it rebuilds for every click are
cycles), so a middle pass every 5 young ones walks a quarter of what one every 20 did (some
10-15 ms instead of 50-150), and a full pass comes as soon as CPython allows it (when what
was promoted since the last one exceeds a quarter of what survived it) rather than after
garbage has piled up in the old generation for minutes (300 ms for 160,000 objects)."""


def freeze_start() -> None:
    """Collect what start-up left behind and set the rest aside for good (``gc.freeze``): what
    a process imports and warms lives as long as it, and no collection need walk it again.
    Worker processes do this after their warm-up (:mod:`bot.workers`): left young, a drawing
    process's ~35,000 start-up objects were walked by a full collection during its first
    picture (~11 ms of CPU, as much as the picture)."""
    gc.collect()
    gc.freeze()


def settle_after_start() -> None:
    """The bot's process: :func:`freeze_start`, then the thresholds."""
    freeze_start()
    gc.set_threshold(*THRESHOLDS)
