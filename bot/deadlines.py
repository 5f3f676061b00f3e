"""Move clocks: time controls, when to remind, quiet hours, and what running out of time means.

Pure functions on plain values — no clock (``now`` is always an argument), no I/O, no Discord —
so the scheduler's decisions can be tested at any moment. See docs/decisions.md, "Asynchronous
play".
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bot.engine import Abandon, GameState, Phase, TimeOut

MINUTE = 60.0
HOUR = 3600.0
DAY = 86400.0

DEFAULT_TIME_PER_MOVE = DAY
"""A move's time when neither the challenge nor the server chose one."""

PRESETS: tuple[tuple[str, float], ...] = (
    ("10 minutes", 10 * MINUTE),
    ("1 hour", HOUR),
    ("24 hours", DAY),
    ("3 days", 3 * DAY),
)
"""The time controls a challenge or a server may choose: (name, seconds per move)."""

REMINDER_POINTS: tuple[float, ...] = (0.5, 0.9)
"""When the player to move is reminded: these fractions of the move's time gone by."""
MAX_REMINDERS = len(REMINDER_POINTS)


def preset_name(seconds: float) -> str:
    """The preset's name (``24 hours``), or the duration in words for any other value."""
    for label, value in PRESETS:
        if math.isclose(value, seconds):
            return label
    return duration_text(seconds)


def duration_text(seconds: float) -> str:
    """A duration in words, to the nearest minute and at most two units: ``1 day 4 h``."""
    if seconds < MINUTE:
        return "less than a minute"
    minutes = round(seconds / MINUTE)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = []
    if days:
        parts.append(f"{days} day" + ("s" if days > 1 else ""))
    if hours:
        parts.append(f"{hours} h")
    if minutes and not days:
        parts.append(f"{minutes} min")
    return " ".join(parts[:2])


# --- notification preferences -------------------------------------------------------------


class NotifyMode(enum.Enum):
    """How a player is reminded of a move."""

    CHANNEL = "channel"
    """A mention in the game's thread or channel."""
    DM = "dm"
    """A direct message (a channel mention when their DMs are closed)."""
    OFF = "off"
    """No reminders: only the table's "your turn" mention."""


@dataclass(frozen=True, slots=True)
class QuietHours:
    """Hours of the day without reminders, in the player's local time: ``[start, end)``."""

    start: int
    """The local hour quiet begins (0-23)."""
    end: int
    """The local hour quiet ends (0-23); before ``start`` when the quiet spans midnight."""
    utc_offset: int = 0
    """The player's offset from UTC in minutes (+60 for UTC+1)."""

    def __post_init__(self) -> None:
        if not (0 <= self.start < 24 and 0 <= self.end < 24) or self.start == self.end:
            raise ValueError("quiet hours are two different hours of the day, 0 to 23")
        if not -14 * 60 <= self.utc_offset <= 14 * 60:
            raise ValueError("an offset from UTC lies between -14 and +14 hours")

    def _local(self, moment: float) -> float:
        return moment + self.utc_offset * MINUTE

    def contains(self, moment: float) -> bool:
        """Whether ``moment`` falls in the quiet hours."""
        hour = (self._local(moment) / HOUR) % 24
        if self.start < self.end:
            return self.start <= hour < self.end
        return hour >= self.start or hour < self.end

    def over_at(self, moment: float) -> float:
        """The first moment, from ``moment`` on, outside the quiet hours."""
        if not self.contains(moment):
            return moment
        local = self._local(moment)
        end = local - local % DAY + self.end * HOUR
        if end <= local:
            end += DAY
        return end - self.utc_offset * MINUTE

    def text(self) -> str:
        offset = self.utc_offset
        sign = "+" if offset >= 0 else "-"
        hours, minutes = divmod(abs(offset), 60)
        zone = f"UTC{sign}{hours}" + (f":{minutes:02d}" if minutes else "")
        return f"{self.start:02d}:00–{self.end:02d}:00 ({zone})"


@dataclass(frozen=True, slots=True)
class NotifyPrefs:
    """A player's reminder preferences."""

    mode: NotifyMode = NotifyMode.CHANNEL
    quiet: QuietHours | None = None
    """No reminder is sent during these hours; a due one waits until they end."""


# --- the clock ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveClock:
    """A game's clock for the move it waits for."""

    time_per_move: float
    """Seconds each move may take."""
    turn_started_at: float
    """When the current wait began."""
    deadline_at: float | None
    """When the waiting player runs out of time; None once the game is over."""
    reminders: tuple[int, int] = (0, 0)
    """Reminder points already dealt with, per seat, during this wait (at most two)."""
    next_check_at: float | None = None
    """When the scheduler should look at this game next; never after the deadline."""

    @classmethod
    def started(cls, time_per_move: float, at: float) -> MoveClock:
        """A fresh wait beginning ``at``: full time, no reminders yet."""
        clock = cls(time_per_move, at, at + time_per_move)
        return clock.replace_checks((0, 0), clock.reminder_times()[0])

    def replace_checks(self, reminders: tuple[int, int], next_check_at: float) -> MoveClock:
        return MoveClock(
            self.time_per_move, self.turn_started_at, self.deadline_at, reminders, next_check_at
        )

    def reminder_times(self) -> tuple[float, ...]:
        """When this wait's reminders fall due."""
        return tuple(self.turn_started_at + f * self.time_per_move for f in REMINDER_POINTS)

    def left(self, now: float) -> float | None:
        """Seconds left before the deadline (0 once it passed); None without a deadline."""
        return None if self.deadline_at is None else max(0.0, self.deadline_at - now)


def restarts_clock(state: GameState) -> bool:
    """Whether a move that led to ``state`` gives the player(s) now waited for a fresh clock.

    Every move does, except the first of the two gifts: the player who still owes a gift has
    been waited for since the gift phase began and keeps the time they had.
    """
    return not (state.phase is Phase.GIFT and len(state.to_act) == 1)


def timeout_action(state: GameState) -> TimeOut | Abandon:
    """What a passed deadline does: the one player waited for loses on time. When the game
    waits for both (neither gave a gift), neither is more at fault: the game is abandoned."""
    waiting = state.to_act
    if len(waiting) == 1:
        return TimeOut(waiting[0])
    return Abandon()


# --- what is due ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """What the scheduler does for one game now."""

    expire: bool
    """The deadline has passed: the game ends on time (and nobody is reminded)."""
    remind: tuple[int, ...] = ()
    """Seats to remind now, once each."""
    reminders: tuple[int, int] = (0, 0)
    """The clock's reminder counts once these are sent."""
    next_check_at: float | None = None
    """When to look again (None when expiring)."""


def plan(
    clock: MoveClock,
    waiting: Iterable[int],
    prefs: Mapping[int, NotifyPrefs],
    now: float,
) -> Plan:
    """Decide what is due for a game waiting for the seats ``waiting`` (people only).

    At most one reminder per seat and check: when several reminder points have passed
    unnoticed (the bot was down, or the player's quiet hours held one back), one reminder
    covers them all — never more than :data:`MAX_REMINDERS` a move. A passed deadline
    expires the game, whatever is pending; quiet hours delay reminders, never the deadline.
    """
    deadline = clock.deadline_at
    if deadline is None:
        return Plan(expire=False, reminders=clock.reminders)
    if now >= deadline:
        return Plan(expire=True, reminders=clock.reminders)
    times = clock.reminder_times()
    passed = sum(1 for t in times if t <= now)
    counts = list(clock.reminders)
    remind: list[int] = []
    checks = [deadline]
    for seat in waiting:
        wanted = prefs.get(seat, NotifyPrefs())
        if wanted.mode is NotifyMode.OFF:
            continue
        if passed > counts[seat]:
            if wanted.quiet is not None and wanted.quiet.contains(now):
                checks.append(wanted.quiet.over_at(now))
                continue
            remind.append(seat)
            counts[seat] = passed
        if counts[seat] < len(times):
            checks.append(times[counts[seat]])
    return Plan(
        expire=False,
        remind=tuple(remind),
        reminders=(counts[0], counts[1]),
        next_check_at=max(now, min(checks)),
    )


# --- the inbox ------------------------------------------------------------------------------


def urgency(your_turn: bool, deadline_at: float | None) -> tuple[bool, float]:
    """Sort key for a player's games, most urgent first: the games waiting for them, then the
    others, each by the nearest deadline."""
    return (not your_turn, math.inf if deadline_at is None else deadline_at)
