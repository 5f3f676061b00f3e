"""Move clocks as plain data: a game's clock, a person's reminder preferences, the audit of games
ended by the clock or a manager, and what the scheduler and the inbox hand out. No I/O; the
decisions about these values are :mod:`bot.clocks.policy`'s."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.play.model import Game

MINUTE = 60.0
HOUR = 3600.0
DAY = 86400.0

DEFAULT_TIME_PER_MOVE = DAY
"""A move's time when neither the challenge nor the server chose one."""


class NotifyMode(enum.Enum):
    """How a player is reminded of a move."""

    CHANNEL = "channel"
    """A mention in the game's thread or channel."""
    DM = "dm"
    """A direct message (a channel mention when their DMs are closed)."""
    OFF = "off"
    """No reminders: only the table's "your turn" mention."""


@cache
def time_zones() -> frozenset[str]:
    """Every IANA time zone name this system knows (``Asia/Tokyo``, ``Europe/Helsinki``…)."""
    return frozenset(available_timezones())


def is_time_zone(name: str) -> bool:
    """Whether ``name`` is a time zone :func:`time_zones` knows (and can be loaded)."""
    if name not in time_zones():
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


@dataclass(frozen=True, slots=True)
class QuietHours:
    """Hours of the day without reminders, in the player's local time: ``[start, end)``."""

    start: int
    """The local hour quiet begins (0-23)."""
    end: int
    """The local hour quiet ends (0-23); before ``start`` when the quiet spans midnight."""
    utc_offset: int = 0
    """The player's offset from UTC in minutes (+60 for UTC+1), when no :attr:`zone` is known."""
    zone: str | None = None
    """The player's time zone (an IANA name): the local time follows it, daylight saving
    included, and :attr:`utc_offset` is not used."""

    def __post_init__(self) -> None:
        if not (0 <= self.start < 24 and 0 <= self.end < 24) or self.start == self.end:
            raise ValueError("quiet hours are two different hours of the day, 0 to 23")
        if not -14 * 60 <= self.utc_offset <= 14 * 60:
            raise ValueError("an offset from UTC lies between -14 and +14 hours")
        if self.zone is not None and not is_time_zone(self.zone):
            raise ValueError(f"no time zone is called {self.zone!r}")

    def offset_at(self, moment: float) -> float:
        """The player's offset from UTC at ``moment``, in seconds."""
        if self.zone is None:
            return self.utc_offset * MINUTE
        local = datetime.fromtimestamp(moment, UTC).astimezone(ZoneInfo(self.zone))
        offset = local.utcoffset()
        return offset.total_seconds() if offset is not None else 0.0

    def _local(self, moment: float) -> float:
        return moment + self.offset_at(moment)

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
        over = end - self.offset_at(moment)
        if self.contains(over):  # the clocks changed during the quiet hours
            over = end - self.offset_at(over)
        return max(over, moment)

    def text(self) -> str:
        """``23:00–07:00 (Asia/Tokyo)``; without a zone, its offset (``UTC+2``)."""
        hours = f"{self.start:02d}:00–{self.end:02d}:00"
        if self.zone is not None:
            return f"{hours} ({self.zone})"
        offset = self.utc_offset
        sign = "+" if offset >= 0 else "-"
        whole, minutes = divmod(abs(offset), 60)
        zone = f"UTC{sign}{whole}" + (f":{minutes:02d}" if minutes else "")
        return f"{hours} ({zone})"


@dataclass(frozen=True, slots=True)
class NotifyPrefs:
    """A person's reminder preferences (the same in every server)."""

    mode: NotifyMode = NotifyMode.CHANNEL
    quiet: QuietHours | None = None
    """No reminder is sent during these hours; a due one waits until they end."""
    time_zone: str | None = None
    """The member's time zone (an IANA name), asked once; the quiet hours are read in it."""


@dataclass(frozen=True, slots=True)
class MoveClock:
    """A game's clock for the wait in progress (see :func:`bot.clocks.policy.start_clock`)."""

    time_per_move: float
    """Seconds each move may take."""
    turn_started_at: float
    """When the current wait began."""
    deadline_at: float | None
    """When the seats waited for run out of time; None once the game is over."""
    waiting: tuple[int, ...] = ()
    """The seats this wait is for, as the game's ``to_act`` was when it was last written."""
    reminders: tuple[int, ...] = ()
    """Reminder points already dealt with during this wait, one count per seat of the game."""
    next_check_at: float | None = None
    """When the scheduler should look at this game next; never after the deadline."""

    def left(self, now: float) -> float | None:
        """Seconds left before the deadline (0 once it passed); None without a deadline."""
        return None if self.deadline_at is None else max(0.0, self.deadline_at - now)


@dataclass(frozen=True, slots=True)
class GameEvent:
    """Something that ended a game other than its players' moves."""

    id: int
    game_id: int
    kind: str
    """``timeout``, ``timeout_both`` (abandoned: several seats ran out of time) or ``aborted``."""
    user_id: int | None
    """For a time-out, who ran out of time; for an abort, the manager who did it."""
    at: float
    detail: str | None


TIMEOUT, TIMEOUT_BOTH, ABORTED = "timeout", "timeout_both", "aborted"
"""The kinds of :class:`GameEvent`."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What the scheduler does for one game now."""

    expire: bool
    """The deadline has passed: the game ends on time (and nobody is reminded)."""
    remind: tuple[int, ...] = ()
    """Seats to remind now, once each."""
    reminders: tuple[int, ...] = ()
    """The clock's reminder counts, per seat, once these are sent."""
    next_check_at: float | None = None
    """When to look again (None when expiring)."""


@dataclass(frozen=True, slots=True)
class Due:
    """A game the scheduler must act on now, and what to do."""

    game: Game
    clock: MoveClock
    plan: Plan
    prefs: dict[int, NotifyPrefs] = field(default_factory=dict)
    """The reminder preferences of the people the game waits for, by seat."""


@dataclass(frozen=True, slots=True)
class InboxGame:
    """One of a player's games in progress, of any kind (``game.rules.title`` names it)."""

    game: Game
    your_turn: bool
    deadline_at: float | None
