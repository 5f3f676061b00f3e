"""The clocks' two optional game hooks, without any real game: a game may give a decision less
time than a move (``decision_time``), and may say what several seats running out of time on one
decision means (``time_out_together``) instead of the game being abandoned."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from bot.clocks.model import DAY, HOUR, MINUTE, NotifyPrefs
from bot.clocks.policy import decision_time, plan, reminder_times, start_clock, timeout_action
from bot.endings import Abandon, TimeOut
from bot.games import register, unregister
from bot.play.model import ACTIVE, Game, Seat

START = 1_700_000_000.0


@dataclass(frozen=True)
class Offers:
    """A state waiting for several seats at once (say, offers), or for one."""

    waiting: tuple[int, ...]
    offers: bool


class PlainRules:
    """The least the clocks read of a game: whose turn, and the platform's endings."""

    kind = "plain-clock-test"

    def to_act(self, state: Offers) -> tuple[int, ...]:
        return state.waiting

    def outcome(self, state: Offers) -> None:
        return None

    def teams_for(self, seats: int) -> tuple[tuple[int, ...], ...]:
        return tuple((s,) for s in range(seats))

    def time_out(self, state: Offers, seat: int) -> TimeOut:
        return TimeOut(seat)

    def abandon(self, state: Offers) -> Abandon:
        return Abandon()


@dataclass(frozen=True)
class Passed:
    seats: tuple[int, ...]


class HookedRules(PlainRules):
    """A game whose offers get a tenth of a move and are passed when their time runs out."""

    kind = "hooked-clock-test"

    def decision_time(self, state: Offers, time_per_move: float) -> float:
        return time_per_move / 10 if state.offers else time_per_move

    def time_out_together(self, state: Offers, seats: tuple[int, ...]) -> Passed:
        return Passed(tuple(seats))


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """Both test games in the registry (a stored game finds its rules by its kind)."""
    for rules in (PlainRules(), HookedRules()):
        register(rules)  # type: ignore[arg-type]
    yield
    for rules in (PlainRules(), HookedRules()):
        unregister(rules.kind)


def game(rules: Any, state: Offers) -> Game:
    return Game(
        id=1,
        kind=rules.kind,
        guild_id=1,
        channel_id=2,
        thread_id=None,
        table_message_id=None,
        table_posted_at=None,
        seats=tuple(Seat(10 + s) for s in range(4)),
        target=1,
        status=ACTIVE,
        result=None,
        winner=None,
        version=0,
        state=state,
        created_at=0.0,
        updated_at=0.0,
        finished_at=None,
    )


def test_a_decision_may_allow_less_than_a_move_and_its_reminders_follow() -> None:
    offers = game(HookedRules(), Offers((1, 2, 3), offers=True))
    turn = game(HookedRules(), Offers((1,), offers=False))
    plain = game(PlainRules(), Offers((1, 2, 3), offers=True))
    assert decision_time(offers, DAY) == DAY / 10
    assert decision_time(turn, DAY) == DAY
    assert decision_time(plain, DAY) == DAY  # a game without the hook: the whole move
    short = start_clock(DAY, START, (1, 2, 3), 4, decision_time(offers, DAY))
    assert short.time_per_move == DAY and short.deadline_at == START + DAY / 10
    assert reminder_times(short) == (START + 0.05 * DAY, START + 0.09 * DAY)
    everyone = {s: NotifyPrefs() for s in range(4)}
    assert plan(short, (1, 2, 3), everyone, START + DAY / 10 + MINUTE).expire
    assert start_clock(HOUR, START, (1,), 4, DAY).deadline_at == START + HOUR  # never more


def test_several_seats_out_of_time_follow_the_games_rule_or_abandon() -> None:
    hooked = timeout_action(game(HookedRules(), Offers((1, 3), offers=True)))
    assert (hooked.action, hooked.seat) == (Passed((1, 3)), None)
    plain = timeout_action(game(PlainRules(), Offers((1, 3), offers=True)))
    assert (plain.action, plain.seat) == (Abandon(), None)
    one = timeout_action(game(HookedRules(), Offers((2,), offers=False)))
    assert (one.action, one.seat) == (TimeOut(2), 2)
