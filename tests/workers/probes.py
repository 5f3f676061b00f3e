"""Questions a test asks inside a worker process. This module imports nothing heavy: a function
sent to a worker is pickled by reference, and unpickling it imports the module it is in."""

from __future__ import annotations

import gc
import sys

from bot.drawing import table


def imported() -> list[str]:
    """Which modules of the Discord side the process has imported."""
    return sorted(m for m in sys.modules if m.split(".")[0] in ("discord", "cogs", "babel"))


def warmed_tables() -> int:
    """How many game tables' warm-ups the process knows."""
    return len(table.warm_ups())


def collector() -> tuple[int, tuple[int, int, int]]:
    """How many objects the collector has set aside for good, and its generations' counts."""
    return gc.get_freeze_count(), gc.get_count()


def first_picture_misses(names: tuple[str, ...], seed: int) -> int:
    """How many of a dealt Vriddiot table's texts its first picture here lays out and renders
    anew (none kept), the table's players called ``names``, in English."""
    import random

    from bot.drawing import text
    from games.vriddiot import drawing
    from games.vriddiot.rules import view
    from games.vriddiot.rules.game import new_game

    state = new_game(random.Random(seed), len(names), len(names) > 5)
    before = text._ink_mask.cache_info().misses
    drawing._render(view(state, None), names, text.phrases("en"))
    return text._ink_mask.cache_info().misses - before
