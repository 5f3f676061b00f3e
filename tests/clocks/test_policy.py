"""The clock policy as pure functions: reminder timing, catch-up, quiet hours, restarts and
time-outs, for two seats and more."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.clocks.model import DAY, HOUR, MINUTE, MoveClock, NotifyMode, NotifyPrefs, QuietHours
from bot.clocks.policy import (
    MAX_REMINDERS,
    after_move,
    plan,
    reminder_times,
    restarts_clock,
    start_clock,
    timeout_action,
    urgency,
)
from bot.games import rules_for
from bot.play.model import ACTIVE, Game, Seat
from games.vidrasso.rules import Abandon, Phase, TimeOut

START = 1_700_000_000.0 - 1_700_000_000.0 % DAY  # a UTC midnight
CHANNEL = {0: NotifyPrefs(), 1: NotifyPrefs()}
VIDRASSO = rules_for("vidrasso")


def clock(time_per_move: float = DAY, waiting: tuple[int, ...] = (0,), seats: int = 2) -> MoveClock:
    return start_clock(time_per_move, START, waiting, seats)


def run(
    c: MoveClock, moments: list[float], waiting: tuple[int, ...] = (0,)
) -> list[tuple[int, ...]]:
    """Check the clock at each moment as the scheduler would; the seats reminded each time."""
    reminded = []
    for now in moments:
        p = plan(c, waiting, CHANNEL, now)
        assert not p.expire
        assert p.next_check_at is not None and p.next_check_at > now
        reminded.append(p.remind)
        c = checked(c, p.reminders, p.next_check_at)
    return reminded


def checked(c: MoveClock, reminders: tuple[int, ...], next_check_at: float | None) -> MoveClock:
    """The clock once the scheduler recorded a check."""
    return replace(c, reminders=reminders, next_check_at=next_check_at)


def vidrasso_game(state: Any) -> Game:
    return Game(
        id=1,
        kind="vidrasso",
        guild_id=1,
        channel_id=2,
        thread_id=None,
        table_message_id=None,
        table_posted_at=None,
        seats=(Seat(11), Seat(22)),
        target=300,
        status=ACTIVE,
        result=None,
        winner=None,
        version=VIDRASSO.version(state),
        state=state,
        created_at=START,
        updated_at=START,
        finished_at=None,
    )


def test_a_fresh_clock_waits_for_the_first_reminder_point() -> None:
    c = clock()
    assert c.deadline_at == START + DAY
    assert reminder_times(c) == (START + 0.5 * DAY, START + 0.9 * DAY)
    assert c.next_check_at == START + 0.5 * DAY
    assert c.reminders == (0, 0) and c.waiting == (0,)
    assert clock(seats=4).reminders == (0, 0, 0, 0)
    assert c.left(START + HOUR) == DAY - HOUR and c.left(START + 2 * DAY) == 0


def test_two_reminders_per_move_at_half_and_nine_tenths() -> None:
    moments = [START + f * DAY for f in (0.1, 0.49, 0.5, 0.6, 0.89, 0.9, 0.95, 0.999)]
    reminded = run(clock(), moments)
    assert reminded == [(), (), (0,), (), (), (0,), (), ()]
    assert sum(len(r) for r in reminded) == MAX_REMINDERS


def test_the_next_check_is_the_next_reminder_then_the_deadline() -> None:
    c = clock()
    first = plan(c, (0,), CHANNEL, START + 0.5 * DAY)
    assert first.next_check_at == START + 0.9 * DAY
    c = checked(c, first.reminders, START + 0.9 * DAY)
    second = plan(c, (0,), CHANNEL, START + 0.9 * DAY)
    assert second.reminders == (2, 0) and second.next_check_at == START + DAY


def test_catch_up_sends_one_reminder_for_several_missed_points() -> None:
    p = plan(clock(), (0,), CHANNEL, START + 0.95 * DAY)  # down from before 50% until 95%
    assert p.remind == (0,) and p.reminders == (MAX_REMINDERS, 0)
    assert p.next_check_at == START + DAY


def test_a_passed_deadline_expires_without_reminders() -> None:
    p = plan(clock(), (0,), CHANNEL, START + DAY + HOUR)
    assert p.expire and p.remind == ()
    assert plan(clock(), (0,), CHANNEL, START + DAY).expire  # the deadline itself is too late


def test_a_stopped_clock_has_nothing_due() -> None:
    stopped = MoveClock(DAY, START, None, (), (1, 0), None)
    p = plan(stopped, (0,), CHANNEL, START + 5 * DAY)
    assert not p.expire and p.remind == () and p.reminders == (1, 0)


def test_both_gift_givers_are_reminded_each_once() -> None:
    assert run(clock(waiting=(0, 1)), [START + 0.5 * DAY, START + 0.9 * DAY], waiting=(0, 1)) == [
        (0, 1),
        (0, 1),
    ]


def test_reminders_are_counted_per_seat_in_a_game_of_four() -> None:
    prefs = {seat: NotifyPrefs() for seat in range(4)}
    c = clock(waiting=(1, 3), seats=4)
    p = plan(c, (1, 3), prefs, START + 0.5 * DAY)
    assert p.remind == (1, 3) and p.reminders == (0, 1, 0, 1)
    c = checked(c, p.reminders, p.next_check_at)
    p = plan(c, (3,), prefs, START + 0.95 * DAY)  # seat 1 moved on; seat 3 is still waited for
    assert p.remind == (3,) and p.reminders == (0, 1, 0, 2)
    assert p.next_check_at == START + DAY


def test_no_reminders_when_switched_off() -> None:
    prefs = {0: NotifyPrefs(NotifyMode.OFF)}
    p = plan(clock(), (0,), prefs, START + 0.95 * DAY)
    assert p.remind == () and p.next_check_at == START + DAY


def test_quiet_hours_delay_a_reminder_but_never_the_deadline() -> None:
    quiet = QuietHours(22, 7)  # UTC
    prefs = {0: NotifyPrefs(NotifyMode.CHANNEL, quiet)}
    c = start_clock(2 * HOUR, START - 3 * HOUR, (0,), 2)  # 21:00, so 22:00 is the first point
    p = plan(c, (0,), prefs, START - 2 * HOUR)
    assert p.remind == () and p.next_check_at == START - HOUR  # the deadline comes first
    assert plan(c, (0,), prefs, START - HOUR).expire

    c = start_clock(DAY, START, (0,), 2)  # 00:00: points at 12:00 and 21:36, deadline 00:00
    p = plan(c, (0,), prefs, START + 12 * HOUR)
    assert p.remind == (0,)
    c = checked(c, p.reminders, p.next_check_at)
    late = START + 23 * HOUR  # the second point (21:36) passed during quiet hours
    p = plan(c, (0,), prefs, late)
    assert p.remind == () and p.next_check_at == START + DAY  # quiet until 07:00: deadline first


def test_a_reminder_held_back_by_quiet_hours_goes_out_when_they_end() -> None:
    prefs = {0: NotifyPrefs(NotifyMode.DM, QuietHours(1, 8))}
    c = checked(start_clock(DAY, START, (0,), 2), (1, 0), START + 0.9 * DAY)
    p = plan(c, (0,), prefs, START + 0.9 * DAY)
    assert p.remind == (0,)  # 21:36 is not quiet
    c = start_clock(DAY, START - 11 * HOUR, (0,), 2)  # 13:00 the day before: 01:00, 10:36
    p = plan(c, (0,), prefs, START + HOUR)
    assert p.remind == () and p.next_check_at == START + 8 * HOUR
    p = plan(c, (0,), prefs, START + 8 * HOUR)
    assert p.remind == (0,) and p.reminders == (1, 0)


@pytest.mark.parametrize(
    ("quiet", "hour", "inside"),
    [
        (QuietHours(22, 7), 23, True),
        (QuietHours(22, 7), 3, True),
        (QuietHours(22, 7), 7, False),
        (QuietHours(22, 7), 12, False),
        (QuietHours(9, 17), 9, True),
        (QuietHours(9, 17), 17, False),
        (QuietHours(22, 7, utc_offset=120), 21, True),  # 23:00 at UTC+2
        (QuietHours(22, 7, utc_offset=120), 5, False),  # 07:00 at UTC+2
        (QuietHours(22, 7, utc_offset=-300), 4, True),  # 23:00 at UTC-5
    ],
)
def test_quiet_hours_in_local_time(quiet: QuietHours, hour: int, inside: bool) -> None:
    moment = START + hour * HOUR  # ``hour`` o'clock UTC
    assert quiet.contains(moment) is inside
    over = quiet.over_at(moment)
    if inside:  # over exactly when the local clock shows the end hour
        assert over > moment and not quiet.contains(over) and quiet.contains(over - MINUTE)
        local_hour = ((over + quiet.utc_offset * MINUTE) % DAY) / HOUR
        assert local_hour == quiet.end
    else:
        assert over == moment


def test_quiet_hours_must_be_two_different_hours() -> None:
    with pytest.raises(ValueError):
        QuietHours(5, 5)
    with pytest.raises(ValueError):
        QuietHours(24, 5)
    with pytest.raises(ValueError):
        QuietHours(22, 7, 15 * 60)
    assert QuietHours(22, 7, 90).text() == "22:00–07:00 (UTC+1:30)"
    assert QuietHours(22, 7, -300).text() == "22:00–07:00 (UTC-5)"


@pytest.mark.parametrize(
    ("waited", "waiting", "restarts"),
    [
        ((0,), (1,), True),  # the turn passes
        ((0,), (0,), True),  # the same seat moves again (it won the trick and leads)
        ((0, 1), (0,), False),  # seat 1 gave its gift; seat 0 has owed one all along
        ((0, 1), (1,), False),
        ((0,), (1,), True),  # the second gift: whoever leads gets a fresh clock
        ((1, 2, 3), (2, 3), False),  # any number of simultaneous moves
        ((1, 2, 3), (0, 2), True),  # someone new is waited for
        ((0, 1), (0, 1), True),  # everyone waited for again
        ((), (0,), True),
    ],
)
def test_which_moves_restart_the_clock(
    waited: tuple[int, ...], waiting: tuple[int, ...], restarts: bool
) -> None:
    assert restarts_clock(waited, waiting) is restarts


def test_the_first_gift_keeps_the_other_players_clock() -> None:
    state = VIDRASSO.new_game(random.Random(3), 300, 2)
    c = start_clock(DAY, START, VIDRASSO.to_act(state), 2)
    at = START

    def step(seat: int) -> bool:
        """``seat`` makes its first legal move an hour later; whether the clock restarted."""
        nonlocal state, c, at
        at += HOUR
        state, _ = VIDRASSO.apply(state, VIDRASSO.legal_actions(state, seat)[0])
        c = after_move(c, VIDRASSO.to_act(state), at, 2)
        assert c.waiting == VIDRASSO.to_act(state)
        return c.turn_started_at == at

    while state.phase is Phase.TRUMP:
        assert step(state.to_act[0])
    gifts_began = at  # the second trump starts the gifts: a fresh clock for both
    assert state.to_act == (0, 1)  # the gifts
    assert timeout_action(vidrasso_game(state)).action == Abandon()  # nobody more at fault
    assert not step(1)  # seat 0 has owed a gift since the gift phase began
    assert c.deadline_at == gifts_began + DAY
    up = timeout_action(vidrasso_game(state))
    assert (up.action, up.seat, up.event) == (TimeOut(0), 0, "timeout")
    assert step(0)
    assert state.phase is Phase.PLAY


def test_several_out_of_time_abandon_the_game() -> None:
    state = VIDRASSO.new_game(random.Random(3), 300, 2)
    while VIDRASSO.to_act(state) != (0, 1):
        state, _ = VIDRASSO.apply(state, VIDRASSO.legal_actions(state, state.to_act[0])[0])
    up = timeout_action(vidrasso_game(state))
    assert (up.action, up.seat, up.event) == (Abandon(), None, "timeout_both")


def test_a_stopped_clock_restarts_on_the_next_move() -> None:
    stopped = MoveClock(HOUR, START, None, (0, 1), (2, 2), None)
    fresh = after_move(stopped, (0, 1), START + DAY, 2)
    assert fresh == start_clock(HOUR, START + DAY, (0, 1), 2)


def test_most_urgent_first() -> None:
    games = {
        "mine later": (True, START + 5 * HOUR),
        "mine soon": (True, START + HOUR),
        "theirs soon": (False, START + 10 * MINUTE),
        "no clock": (True, None),
    }
    order = sorted(games, key=lambda name: urgency(*games[name]))
    assert order == ["mine soon", "mine later", "no clock", "theirs soon"]


def test_quiet_hours_follow_the_time_zone_and_its_daylight_saving() -> None:
    from datetime import UTC, datetime

    tokyo = QuietHours(23, 7, zone="Asia/Tokyo")  # UTC+9 all year
    eleven_pm_in_tokyo = datetime(2026, 1, 15, 14, 0, tzinfo=UTC).timestamp()
    assert tokyo.contains(eleven_pm_in_tokyo)
    assert not tokyo.contains(eleven_pm_in_tokyo - HOUR)
    over = tokyo.over_at(eleven_pm_in_tokyo)
    assert over == datetime(2026, 1, 15, 22, 0, tzinfo=UTC).timestamp()  # 07:00 in Tokyo
    assert tokyo.text() == "23:00–07:00 (Asia/Tokyo)"
    helsinki = QuietHours(22, 8, zone="Europe/Helsinki")  # UTC+2 in winter, UTC+3 in summer
    winter = datetime(2026, 1, 15, 20, 30, tzinfo=UTC).timestamp()  # 22:30 there
    summer = datetime(2026, 7, 15, 19, 30, tzinfo=UTC).timestamp()  # 22:30 there
    assert helsinki.contains(winter) and helsinki.contains(summer)
    assert not helsinki.contains(summer - HOUR)  # 21:30 in summer
    with pytest.raises(ValueError):
        QuietHours(22, 7, zone="Mars/Olympus_Mons")
