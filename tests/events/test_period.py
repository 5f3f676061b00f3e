"""The ladder of a period: ranked by rating gained in it, from the rating brought in."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.events.seasons import month_start
from bot.ladder.period import PeriodEntry, period_board
from bot.ladder.rating import INITIAL, Rating


def test_a_period_ranks_by_rating_gained_from_the_rating_brought_in() -> None:
    strong = Rating(35.0, 3.0)  # came in high, lost a little
    entries = [
        PeriodEntry(1, "loss", Rating(34.0, 3.0)),
        PeriodEntry(2, "win", Rating(27.0, 7.0)),  # new: from the initial rating
        PeriodEntry(3, "loss", Rating(23.0, 7.0)),
        PeriodEntry(2, "win", Rating(28.0, 6.5)),
    ]
    lines = period_board(entries, {1: strong})
    assert [line.user_id for line in lines] == [2, 1, 3]
    assert lines[0].games == 2 and lines[0].wins == 2 and lines[0].start == INITIAL
    assert lines[1].gain == Rating(34.0, 3.0).shown - strong.shown < 0
    assert [line.rank for line in lines] == [1, 2, 3]


def test_the_month_starts_on_its_first_day_in_utc() -> None:
    now = datetime(2026, 11, 26, 11, 30, tzinfo=UTC).timestamp()
    assert month_start(now) == datetime(2026, 11, 1, tzinfo=UTC).timestamp()
