"""How a finished game adds to a player's running statistics: pure functions, any game.

A game reports what each seat did as a mapping of statistic keys to numbers
(``GameRules.seat_stats``) and says how each key adds up over games (``GameRules.stat_rules``):
summed, or the best kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.games.base import StatRule


def add_stats(
    totals: Mapping[str, int], game: Mapping[str, int], rules: Mapping[str, StatRule]
) -> dict[str, int]:
    """``totals`` with one game's statistics added: each key summed, or the larger kept for a
    ``"max"`` key. A key new to the totals takes the game's value; a key the rules do not name
    is summed (so a game's slip never stops its result from being recorded)."""
    added = dict(totals)
    for key, value in game.items():
        if key not in added:
            added[key] = value
        elif rules.get(key, "sum") == "max":
            added[key] = max(added[key], value)
        else:
            added[key] += value
    return added


def next_streak(streak: int, won: bool) -> int:
    """The run of results after one more game: positive for wins, negative for losses."""
    if won:
        return streak + 1 if streak > 0 else 1
    return streak - 1 if streak < 0 else -1
