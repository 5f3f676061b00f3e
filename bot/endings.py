"""How any game here ends, shared by every game's rules: the endings, the outcome, and the
actions that end a game before its target (a resignation, a player's time running out, a
manager stopping it).

Pure: no I/O. Each engine re-exports these; the platform's words for endings
(:data:`bot.games.ENDINGS`) are :class:`Termination`'s values.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Termination(enum.Enum):
    """How a game ended; the values are the records' ``result`` words."""

    FINISHED = "finished"
    RESIGNED = "resigned"
    TIMEOUT = "timeout"
    ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as data."""

    termination: Termination
    """Why the game ended."""
    winner: int | None
    """The winning side: the team's index in a partnership game, the seat in a game of two
    (each seat its own team); None when nobody won (an abandoned game)."""
    seat: int | None = None
    """Who resigned or ran out of time, where that applies."""


@dataclass(frozen=True, slots=True)
class Resign:
    """A seat gives up the game: its side (its team, in a partnership game) loses."""

    seat: int


@dataclass(frozen=True, slots=True)
class TimeOut:
    """A seat that had to act let its time run out: its side loses."""

    seat: int


@dataclass(frozen=True, slots=True)
class Abandon:
    """The game is stopped without a winner (e.g. by a server manager)."""
