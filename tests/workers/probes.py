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
