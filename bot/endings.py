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


def recorded_ending(
    result: object,
    *,
    over: bool,
    as_recorded: bool,
    ended_by: int | None,
    invalid: type[Exception],
) -> Resign | TimeOut | Abandon | None:
    """What ended a recorded game, read from its ``result`` word and checked against the
    replayed game: None when it finished by the rules (``as_recorded``: with the recorded
    winner), else the resignation, time-out (of ``ended_by``) or abandonment to apply to the
    replayed state (which must not be ``over`` yet). ``invalid`` is the game's record error,
    raised on any disagreement."""
    if result == Termination.FINISHED.value:
        if not as_recorded:
            raise invalid("the record says finished, but the game has not ended that way")
        return None
    if over:
        raise invalid(f"the game ended by the rules but the record says {result}")
    if result in (Termination.RESIGNED.value, Termination.TIMEOUT.value):
        if ended_by is None:
            raise invalid(f"a {result} record needs ended_by (or a winner)")
        return Resign(ended_by) if result == Termination.RESIGNED.value else TimeOut(ended_by)
    if result == Termination.ABANDONED.value:
        return Abandon()
    raise invalid(f"unknown result {result!r}")
