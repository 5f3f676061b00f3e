"""Move clocks: time controls, when a clock restarts, when to remind, and what running out of
time means — for any game, through its rules' ``to_act``, ``time_out`` and ``abandon``.

Pure functions on plain values — no clock (``now`` is always an argument), no I/O, no Discord —
so the scheduler's decisions can be tested at any moment. See docs/decisions.md, "Asynchronous
play".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from bot.clocks.model import (
    DAY,
    HOUR,
    MINUTE,
    TIMEOUT,
    TIMEOUT_BOTH,
    MoveClock,
    NotifyMode,
    NotifyPrefs,
    Plan,
)
from bot.games.base import Action
from bot.play.model import Game

PRESETS: tuple[tuple[str, float], ...] = (
    ("10 minutes", 10 * MINUTE),
    ("1 hour", HOUR),
    ("24 hours", DAY),
    ("3 days", 3 * DAY),
)
"""The time controls a challenge or a server may choose: (name, seconds per move)."""

REMINDER_POINTS: tuple[float, ...] = (0.5, 0.9)
"""When the seats waited for are reminded: these fractions of the move's time gone by."""
MAX_REMINDERS = len(REMINDER_POINTS)


# --- the clock ----------------------------------------------------------------------------


def start_clock(
    time_per_move: float,
    at: float,
    waiting: Sequence[int],
    seats: int,
    wait: float | None = None,
) -> MoveClock:
    """A fresh wait for ``waiting`` beginning ``at`` in a game of ``seats`` seats: full time
    (``wait``, when the decision pending allows less: :func:`decision_time`), no reminders yet,
    first looked at when the first reminder falls due."""
    span = time_per_move if wait is None else min(wait, time_per_move)
    return MoveClock(
        time_per_move=time_per_move,
        turn_started_at=at,
        deadline_at=at + span,
        waiting=tuple(waiting),
        reminders=(0,) * seats,
        next_check_at=at + REMINDER_POINTS[0] * span,
    )


def decision_time(game: Game, time_per_move: float) -> float:
    """The time the decision a game now waits for allows: the time per move, unless the
    game's rules give some decisions less (their optional ``decision_time(state,
    time_per_move)``, e.g. offers sent to several players at once that should not hold the
    game up for a whole move's time)."""
    hook = getattr(game.rules, "decision_time", None)
    if hook is None or not game.is_active:
        return time_per_move
    return min(time_per_move, float(hook(game.state, time_per_move)))


def reminder_times(clock: MoveClock) -> tuple[float, ...]:
    """When this wait's reminders fall due: the same fractions of the wait's own span."""
    span = clock.time_per_move
    if clock.deadline_at is not None:
        span = clock.deadline_at - clock.turn_started_at
    return tuple(clock.turn_started_at + f * span for f in REMINDER_POINTS)


def restarts_clock(waited: Sequence[int], waiting: Sequence[int]) -> bool:
    """Whether a move after which the game waits for ``waiting`` gives them a fresh clock,
    when before it the clock waited for ``waited``.

    Every move does — including the same seat moving again — except one made while the game
    waited for several seats at once (simultaneous gifts) after which it waits for some, not
    all, of them: those have owed their move since the wait began and keep the time they had.
    """
    now, before = set(waiting), set(waited)
    return not (now and now < before)


def after_move(
    clock: MoveClock,
    waiting: Sequence[int],
    at: float,
    seats: int,
    wait: float | None = None,
) -> MoveClock:
    """The clock once a move made ``at`` left the game waiting for ``waiting`` (``wait``: the
    time the decision now pending allows, when less than a move's)."""
    if clock.deadline_at is None or restarts_clock(clock.waiting, waiting):
        return start_clock(clock.time_per_move, at, waiting, seats, wait)
    return replace(clock, waiting=tuple(waiting))


@dataclass(frozen=True, slots=True)
class TimeUp:
    """What a passed deadline does to a game."""

    action: Action
    """The game's own action: the one seat waited for loses on time, or the game is abandoned."""
    seat: int | None
    """The seat that ran out of time; None when the game waited for several (abandoned)."""

    @property
    def event(self) -> str:
        """The :class:`~bot.clocks.model.GameEvent` kind to record."""
        return TIMEOUT if self.seat is not None else TIMEOUT_BOTH


def timeout_action(game: Game) -> TimeUp:
    """The one seat waited for loses on time. When the game waits for several (neither gave a
    gift), none is more at fault than the others: the game is abandoned, without a winner —
    unless its rules say what each seat's time running out means when several owe one
    decision at once (their optional ``time_out_together(state, seats)``: one action, e.g.
    each seat passing an offer, after which the game goes on)."""
    rules, waiting = game.rules, game.to_act
    if len(waiting) == 1:
        return TimeUp(rules.time_out(game.state, waiting[0]), waiting[0])
    together = getattr(rules, "time_out_together", None)
    if together is not None:
        return TimeUp(together(game.state, waiting), None)
    return TimeUp(rules.abandon(game.state), None)


# --- what is due ----------------------------------------------------------------------------


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
    seats = tuple(waiting)
    times = reminder_times(clock)
    passed = sum(1 for t in times if t <= now)
    counts = list(clock.reminders)
    counts += [0] * (max(seats, default=-1) + 1 - len(counts))
    remind: list[int] = []
    checks = [deadline]
    for seat in seats:
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
        reminders=tuple(counts),
        next_check_at=max(now, min(checks)),
    )


# --- the inbox ------------------------------------------------------------------------------


def urgency(your_turn: bool, deadline_at: float | None) -> tuple[bool, float]:
    """Sort key for a player's games, most urgent first: the games waiting for them, then the
    others, each by the nearest deadline."""
    return (not your_turn, math.inf if deadline_at is None else deadline_at)
