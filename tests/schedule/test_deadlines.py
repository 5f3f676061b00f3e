"""The clock policy as pure functions: reminder timing, catch-up, quiet hours, time-outs."""

from __future__ import annotations

import random

import pytest

from bot.deadlines import (
    DAY,
    HOUR,
    MAX_REMINDERS,
    MINUTE,
    MoveClock,
    NotifyMode,
    NotifyPrefs,
    QuietHours,
    duration_text,
    plan,
    preset_name,
    restarts_clock,
    timeout_action,
    urgency,
)
from bot.engine import Abandon, Bid, BidKind, Gift, Phase, TimeOut, apply, new_game, trump_options

START = 1_700_000_000.0 - 1_700_000_000.0 % DAY  # a UTC midnight
CHANNEL = {0: NotifyPrefs(), 1: NotifyPrefs()}


def clock(time_per_move: float = DAY) -> MoveClock:
    return MoveClock.started(time_per_move, START)


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
        c = c.replace_checks(p.reminders, p.next_check_at)
    return reminded


def test_a_fresh_clock_waits_for_the_first_reminder_point() -> None:
    c = clock()
    assert c.deadline_at == START + DAY
    assert c.reminder_times() == (START + 0.5 * DAY, START + 0.9 * DAY)
    assert c.next_check_at == START + 0.5 * DAY


def test_two_reminders_per_move_at_half_and_nine_tenths() -> None:
    moments = [START + f * DAY for f in (0.1, 0.49, 0.5, 0.6, 0.89, 0.9, 0.95, 0.999)]
    reminded = run(clock(), moments)
    assert reminded == [(), (), (0,), (), (), (0,), (), ()]
    assert sum(len(r) for r in reminded) == MAX_REMINDERS


def test_the_next_check_is_the_next_reminder_then_the_deadline() -> None:
    c = clock()
    first = plan(c, (0,), CHANNEL, START + 0.5 * DAY)
    assert first.next_check_at == START + 0.9 * DAY
    c = c.replace_checks(first.reminders, START + 0.9 * DAY)
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


def test_both_gift_givers_are_reminded_each_once() -> None:
    assert run(clock(), [START + 0.5 * DAY, START + 0.9 * DAY], waiting=(0, 1)) == [
        (0, 1),
        (0, 1),
    ]


def test_no_reminders_when_switched_off() -> None:
    prefs = {0: NotifyPrefs(NotifyMode.OFF)}
    p = plan(clock(), (0,), prefs, START + 0.95 * DAY)
    assert p.remind == () and p.next_check_at == START + DAY


def test_quiet_hours_delay_a_reminder_but_never_the_deadline() -> None:
    quiet = QuietHours(22, 7)  # UTC
    prefs = {0: NotifyPrefs(NotifyMode.CHANNEL, quiet)}
    c = MoveClock.started(2 * HOUR, START - 3 * HOUR)  # 21:00, so 22:00 is the first point
    p = plan(c, (0,), prefs, START - 2 * HOUR)
    assert p.remind == () and p.next_check_at == START - HOUR  # the deadline comes first
    assert plan(c, (0,), prefs, START - HOUR).expire

    c = MoveClock.started(DAY, START)  # 00:00: points at 12:00 and 21:36, deadline 00:00
    p = plan(c, (0,), prefs, START + 12 * HOUR)
    assert p.remind == (0,)
    c = c.replace_checks(p.reminders, p.next_check_at or 0)
    late = START + 23 * HOUR  # the second point (21:36) passed during quiet hours
    p = plan(c, (0,), prefs, late)
    assert p.remind == () and p.next_check_at == START + DAY  # quiet until 07:00: deadline first


def test_a_reminder_held_back_by_quiet_hours_goes_out_when_they_end() -> None:
    prefs = {0: NotifyPrefs(NotifyMode.DM, QuietHours(1, 8))}
    c = MoveClock.started(DAY, START)  # reminder at 12:00 and 21:36
    c = c.replace_checks((1, 0), START + 0.9 * DAY)
    p = plan(c, (0,), prefs, START + 0.9 * DAY)
    assert p.remind == (0,)  # 21:36 is not quiet
    c = MoveClock.started(DAY, START - 11 * HOUR)  # 13:00 the day before: points 01:00, 10:36
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
    assert QuietHours(22, 7, 90).text() == "22:00–07:00 (UTC+1:30)"


def test_the_first_gift_keeps_the_other_players_clock() -> None:
    rng = random.Random(3)
    state = new_game(rng)
    assert state.phase is Phase.TRUMP and restarts_clock(state)
    while state.phase is Phase.TRUMP:
        seat = state.to_act[0]
        bid = trump_options(state.round.bids, seat)[0]
        state, _ = apply(state, Bid(seat, bid.kind, bid.value))
        assert isinstance(bid.kind, BidKind)
    assert state.phase is Phase.GIFT and state.to_act == (0, 1)
    assert restarts_clock(state)  # the second trump starts the gifts: a fresh clock for both
    assert timeout_action(state) == Abandon()  # neither gave: nobody is more at fault
    state, _ = apply(state, Gift(1, state.round.hands[1][0]))
    assert not restarts_clock(state)  # seat 0 has owed a gift since the gift phase began
    assert timeout_action(state) == TimeOut(0)
    state, _ = apply(state, Gift(0, state.round.hands[0][0]))
    assert state.phase is Phase.PLAY and restarts_clock(state)


def test_words_for_durations() -> None:
    assert preset_name(600) == "10 minutes" and preset_name(3 * DAY) == "3 days"
    assert preset_name(2 * HOUR) == "2 h"
    assert duration_text(30) == "less than a minute"
    assert duration_text(DAY + 4 * HOUR + 10 * MINUTE) == "1 day 4 h"
    assert duration_text(5 * HOUR + 20 * MINUTE) == "5 h 20 min"
    assert duration_text(2 * DAY) == "2 days"


def test_most_urgent_first() -> None:
    games = {
        "mine later": (True, START + 5 * HOUR),
        "mine soon": (True, START + HOUR),
        "theirs soon": (False, START + 10 * MINUTE),
        "no clock": (True, None),
    }
    order = sorted(games, key=lambda name: urgency(*games[name]))
    assert order == ["mine soon", "mine later", "no clock", "theirs soon"]
