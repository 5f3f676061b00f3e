"""The ladder of any game: ratings, running totals, the rating chart, and the service and finish
hook that keep and read them.

The rules (:mod:`~bot.ladder.rating`, :mod:`~bot.ladder.stats`, :mod:`~bot.ladder.model`,
:mod:`~bot.ladder.chart`) are pure Python on top of openskill and Pillow: no Discord, no
database, no game. The ladder knows a game only through :mod:`bot.games` (teams, points, rounds
and per-seat statistics); what it keeps is stored behind :class:`~bot.ladder.store.LadderStore`.
"""

from bot.ladder.chart import rating_chart
from bot.ladder.model import (
    ComputerRecord,
    GameEntry,
    LeaderboardPage,
    PairRecord,
    PartnerRecord,
    PlayerStats,
    Result,
    Standing,
    Totals,
)
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
from bot.ladder.stats import add_stats, next_streak

__all__ = [
    "CENTRE",
    "INITIAL",
    "MODEL",
    "PROVISIONAL_GAMES",
    "SCALE",
    "ComputerRecord",
    "GameEntry",
    "LeaderboardPage",
    "PairRecord",
    "PartnerRecord",
    "PlayerStats",
    "Rating",
    "Result",
    "Standing",
    "Totals",
    "add_stats",
    "is_provisional",
    "next_streak",
    "rate",
    "rating_chart",
]
