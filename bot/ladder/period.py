"""The ladder viewed for a period (this month, a season): who played rated games in it, and how
their rating moved. Pure: built from the period's ladder entries (see ``docs/events.md``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bot.ladder.rating import INITIAL, Rating

WIN = "win"
LOSS = "loss"


@dataclass(frozen=True, slots=True)
class PeriodEntry:
    """One rated game of a player in the period, in order."""

    user_id: int
    outcome: str
    rating: Rating
    """The player's rating after the game."""


@dataclass(frozen=True, slots=True)
class PeriodLine:
    """A player's line of a period's ladder."""

    user_id: int
    rank: int
    games: int
    wins: int
    losses: int
    start: Rating
    """The rating the player brought into the period."""
    end: Rating
    """The rating after their last game of the period."""

    @property
    def gain(self) -> int:
        """Rating points won (or lost) in the period, as shown."""
        return self.end.shown - self.start.shown


def period_board(entries: Iterable[PeriodEntry], before: Mapping[int, Rating]) -> list[PeriodLine]:
    """Each player with a rated game in the period, ranked by rating gained in it, then wins,
    then fewer games; ``before`` holds each player's rating before the period (none: new)."""
    games: dict[int, int] = {}
    wins: dict[int, int] = {}
    losses: dict[int, int] = {}
    last: dict[int, Rating] = {}
    for entry in entries:
        user = entry.user_id
        games[user] = games.get(user, 0) + 1
        wins[user] = wins.get(user, 0) + (entry.outcome == WIN)
        losses[user] = losses.get(user, 0) + (entry.outcome == LOSS)
        last[user] = entry.rating

    def key(user: int) -> tuple[int, int, int]:
        gain = last[user].shown - before.get(user, INITIAL).shown
        return (-gain, -wins[user], games[user])

    ordered = sorted(last, key=lambda u: (key(u), u))
    lines: list[PeriodLine] = []
    for position, user in enumerate(ordered, start=1):
        rank = lines[-1].rank if lines and key(lines[-1].user_id) == key(user) else position
        lines.append(
            PeriodLine(user, rank, games[user], wins[user], losses[user],
                       before.get(user, INITIAL), last[user])
        )  # fmt: skip
    return lines
