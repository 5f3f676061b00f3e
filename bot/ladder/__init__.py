"""The ladder's rules: ratings, per-game statistics, running totals and the rating chart.

Pure Python on top of the engine (and openskill and Pillow): no Discord, no database. Storage
keeps the results (:mod:`bot.storage.ladder`); the cog shows them (:mod:`cogs.ladder`).
"""

from bot.ladder.chart import rating_chart
from bot.ladder.rating import (
    CENTRE,
    INITIAL,
    MODEL,
    PROVISIONAL_GAMES,
    SCALE,
    Rating,
    is_provisional,
    rate,
)
from bot.ladder.stats import (
    NamedTrump,
    Result,
    SeatStats,
    Totals,
    count_trumps,
    next_streak,
    seat_stats,
)

__all__ = [
    "CENTRE",
    "INITIAL",
    "MODEL",
    "PROVISIONAL_GAMES",
    "SCALE",
    "NamedTrump",
    "Rating",
    "Result",
    "SeatStats",
    "Totals",
    "count_trumps",
    "is_provisional",
    "next_streak",
    "rate",
    "rating_chart",
    "seat_stats",
]
