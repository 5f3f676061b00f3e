"""The rating chart: its band fits the plot, dates on the x-axis, provisional games apart."""

from __future__ import annotations

import io
import random
from datetime import UTC, datetime

import pytest
from PIL import Image

from bot.ladder import chart
from bot.ladder.chart import date_ticks, rating_chart
from bot.ladder.rating import INITIAL, Rating, rate

DAY = 86_400.0
START = datetime(2024, 10, 27, 20, tzinfo=UTC)


def _history(games: int, seed: int = 1) -> list[Rating]:
    """A new player's ratings, from the start, against settled opponents."""
    rng = random.Random(seed)
    me, out = INITIAL, [INITIAL]
    for _ in range(games):
        opponent = Rating(25 + rng.gauss(0, 1.5), 2.0)
        (me,), _ = rate([[me], [opponent]], [1, 2] if rng.random() < 0.6 else [2, 1])
        out.append(me)
    return out


def _finished(games: int, start: datetime = START) -> list[float | None]:
    """When each game finished, a day apart; None for the start."""
    return [None] + [start.timestamp() + i * DAY for i in range(games)]


def _pixels(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == chart.SIZE
    return image


def _colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[object]:
    return {image.getpixel((x, y)) for x in range(box[0], box[2]) for y in range(box[1], box[3])}


def test_the_existing_call_still_draws_a_600_by_240_png() -> None:
    png = rating_chart(_history(30), title="Alice · rating over 30 games", first_game=0)
    assert Image.open(io.BytesIO(png)).format == "PNG"
    assert _pixels(png).size == (600, 240)
    assert _pixels(rating_chart([INITIAL], title="Nobody")).size == (600, 240)
    with pytest.raises(ValueError):
        rating_chart([], title="empty")


@pytest.mark.parametrize("history", [_history(30), _history(3), _history(300)[-201:]])
def test_the_band_lies_inside_the_plot(history: list[Rating]) -> None:
    image = _pixels(rating_chart(history, title="t", first_game=0))
    width, height = chart.SIZE
    left, right = chart.MARGIN_LEFT, width - chart.MARGIN_RIGHT
    top, bottom = chart.MARGIN_TOP, height - chart.MARGIN_BOTTOM - 1
    for row in (top, bottom):
        assert _colours(image, (left, row, right, row + 1)) <= {chart.PLOT, chart.GRID}


def test_dates_are_a_few_days_named_like_3_nov() -> None:
    finished = _finished(30)
    ticks = date_ticks(finished, 30)
    assert 3 <= len(ticks) <= chart.DATE_TICKS
    assert ticks[0] == (1, "27 Oct") and ticks[-1] == (30, "25 Nov")
    assert [i for i, _ in ticks] == sorted({i for i, _ in ticks})


def test_a_day_is_named_once() -> None:
    start = START.timestamp()
    same_day = [None, start, start + 60, start + 120, start + 180, start + DAY]
    assert date_ticks(same_day, 5) == [(1, "27 Oct"), (5, "28 Oct")]
    assert date_ticks([start, start], 1) == [(0, "27 Oct")]


def test_the_year_shows_when_the_dates_cross_one() -> None:
    ticks = date_ticks(_finished(40, datetime(2024, 12, 1, tzinfo=UTC)), 40)
    labels = [label for _, label in ticks]
    assert labels[0] == "1 Dec 2024"
    assert any(label.endswith(" 2025") for label in labels)
    assert sum(label.endswith(" 2025") for label in labels) == 1


def test_the_x_axis_shows_dates_when_it_has_them() -> None:
    history = _history(30)
    plain = rating_chart(history, title="t")
    assert rating_chart(history, title="t", finished=[None] * 31) == plain
    assert rating_chart(history, title="t", finished=_finished(30)) != plain
    assert date_ticks([None, None], 1) == []
    with pytest.raises(ValueError):
        rating_chart(history, title="t", finished=_finished(29))
    single = rating_chart([INITIAL], title="t", finished=[1_730_000_000.0])
    assert _pixels(single).size == chart.SIZE


def test_provisional_games_are_drawn_apart_with_a_legend() -> None:
    history, finished = _history(30), _finished(30)
    provisional = rating_chart(history, title="t", first_game=0, finished=finished)
    settled = rating_chart(history, title="t", first_game=20, finished=finished)
    later = rating_chart(history, title="t", first_game=40, finished=finished)
    assert provisional != settled and settled == later

    def legend_ink(png: bytes) -> int:
        image = _pixels(png)
        return sum(
            image.getpixel((x, y)) == chart.LINE
            for x in range(200, 480)
            for y in range(0, chart.MARGIN_TOP)
        )

    assert legend_ink(provisional) > 0 and legend_ink(settled) == 0
