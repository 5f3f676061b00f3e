"""A small PNG chart of a player's rating over their games (Pillow, no Discord).

The line is the shown rating after each game; the shaded band is rating ± deviation, so a new
player's wide uncertainty narrows visibly as games are played. The vertical range holds the
whole band, not only the line. The first :data:`~bot.ladder.rating.PROVISIONAL_GAMES` games are
drawn dashed, each rating still provisional after them as a hollow marker, with a small legend.
Given when each game finished, the x-axis shows a few dates ("3 Nov", UTC); otherwise the first
and last game numbers. Colours suit Discord's dark theme.
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Sequence
from datetime import UTC, datetime

from PIL import Image, ImageDraw

from bot.drawing.text import Words, draw_text, fit, font, text_width
from bot.errors import translatable
from bot.ladder.rating import PROVISIONAL_GAMES, Rating, is_provisional

SIZE = (600, 240)
BACKGROUND = (43, 45, 49)
PLOT = (49, 51, 56)
GRID = (68, 71, 78)
TEXT = (219, 222, 225)
MUTED = (148, 155, 164)
BAND = (45, 64, 55)
LINE = (87, 242, 135)
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 48, 16, 30, 24
NICE_STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
TEXT_ON = ((TEXT, BACKGROUND), (MUTED, BACKGROUND), (LINE, BACKGROUND))
"""Text colours and what they are drawn on: their anti-aliased edges get palette entries."""
DASH, GAP = 6, 4
"""The provisional games' dashes, in pixels along the line."""
MARKER_SPACING = 8
"""Hollow markers are drawn only where games lie at least this many pixels apart."""
DATE_TICKS = 5
"""Dates shown under the x-axis, at most."""


def _palette() -> Image.Image:
    """A fixed palette: the chart's colours and the blends of anti-aliased text.

    The chart is drawn in RGB, then mapped onto this palette and saved as an 8-bit PNG: the
    same picture, several times faster to encode and a third of the size.
    """
    colours = [BACKGROUND, PLOT, GRID, TEXT, MUTED, BAND, LINE]
    for ink, paper in TEXT_ON:
        for step in range(1, 8):
            t = step / 8
            colours.append(
                (
                    round(paper[0] + (ink[0] - paper[0]) * t),
                    round(paper[1] + (ink[1] - paper[1]) * t),
                    round(paper[2] + (ink[2] - paper[2]) * t),
                )
            )
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in colours for value in colour])
    return palette


PALETTE = _palette()


def _step(span: float) -> int:
    """A round grid step giving three to six lines over ``span`` points."""
    for step in NICE_STEPS:
        if span / step <= 5:
            return step
    return NICE_STEPS[-1]


def _dashed(
    pen: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], fill: tuple[int, int, int]
) -> None:
    """A polyline in dashes, the pattern running on across its corners."""
    phase = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while done < length:
            at = phase % (DASH + GAP)
            run = min((DASH if at < DASH else DASH + GAP) - at, length - done)
            if at < DASH:
                a, b = done / length, (done + run) / length
                start = (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)
                end = (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)
                pen.line([start, end], fill=fill, width=2)
            done += run
            phase += run


def _hollow(pen: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    x, y = centre
    pen.ellipse([x - radius, y - radius, x + radius, y + radius], fill=PLOT, outline=LINE, width=2)


MONTHS = tuple(
    translatable(month)
    for month in (
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
    )
)  # fmt: skip
"""The months as the axis names them (translated by ``words``)."""


def _english(message: str, **values: object) -> str:
    return message.format(**values)


def _day(moment: datetime, year: bool, words: Words = _english) -> str:
    """``3 Nov``, or ``3 Nov 2024`` with the year (in ``words``' language)."""
    month = words(MONTHS[moment.month - 1])
    if year:
        return words("{day} {month} {year}", day=moment.day, month=month, year=moment.year)
    return words("{day} {month}", day=moment.day, month=month)


def date_ticks(
    finished: Sequence[float | None], last: int, words: Words = _english
) -> list[tuple[int, str]]:
    """Up to :data:`DATE_TICKS` points spread along the axis, with their days (UTC); a day
    already named by the tick before is not named again. The year is named on the first and
    wherever it changes, when the dates cross a new year."""
    dated = [i for i, t in enumerate(finished) if t is not None]
    if not dated:
        return []
    picked: list[int] = []
    for k in range(DATE_TICKS):
        target = last * k / (DATE_TICKS - 1)
        nearest = min(dated, key=lambda i: abs(i - target))
        if nearest not in picked:
            picked.append(nearest)
    moments = {i: datetime.fromtimestamp(finished[i] or 0.0, UTC) for i in picked}
    years = {m.year for m in moments.values()}
    ticks: list[tuple[int, str]] = []
    previous: datetime | None = None
    for i in picked:
        moment = moments[i]
        if previous is not None and moment.date() == previous.date():
            continue
        year = len(years) > 1 and (previous is None or moment.year != previous.year)
        ticks.append((i, _day(moment, year, words)))
        previous = moment
    return ticks


def _legend(draw: ImageDraw.ImageDraw, right: float, y: float, words: Words) -> float:
    """The "provisional" key (a dash and a hollow marker) ending at ``right``; its left edge."""
    small = font(11)
    label = words("provisional")
    text_left = right - text_width(label, small)
    draw_text(draw, (text_left, y), label, small, MUTED, anchor="lm")
    marker = text_left - 9
    _hollow(draw, (marker, y), 3.5)
    _dashed(draw, [(marker - 24, y), (marker - 6, y)], LINE)
    return marker - 24


def rating_chart(
    ratings: Sequence[Rating],
    *,
    title: str,
    first_game: int = 0,
    size: tuple[int, int] = SIZE,
    finished: Sequence[float | None] | None = None,
    words: Words | None = None,
) -> bytes:
    """PNG bytes: ``ratings[i]`` is the rating after game ``first_game + i`` (0: the start).

    ``finished``, when given, runs parallel to ``ratings``: ``finished[i]`` is when game
    ``first_game + i`` finished (Unix seconds), None where there is no game (the start) or no
    time; the x-axis then shows dates instead of game numbers. ``words`` translates the
    chart's own words (None: English); the title comes translated.
    """
    words = words or _english
    if not ratings:
        raise ValueError("a chart needs at least one rating")
    if finished is not None and len(finished) != len(ratings):
        raise ValueError("finished must run parallel to ratings")
    single = len(ratings) == 1
    points = [ratings[0], ratings[0]] if single else list(ratings)
    games = [first_game] * 2 if single else [first_game + i for i in range(len(ratings))]
    times = None if finished is None else (list(finished) * 2 if single else list(finished))
    width, height = size
    image = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    big, small = font(14), font(11)

    values = [r.points for r in points]
    low = min(r.points - r.deviation for r in points)
    high = max(r.points + r.deviation for r in points)
    pad = max(10.0, (high - low) * 0.06)
    low, high = low - pad, high + pad
    step = _step(high - low)

    plot_w = width - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = height - MARGIN_TOP - MARGIN_BOTTOM
    last = len(points) - 1

    def x(i: int) -> float:
        return i * (plot_w - 1) / last

    def y(value: float) -> float:
        return (high - value) * (plot_h - 1) / (high - low)

    # Drawn on its own image so the band and line are clipped to the plot area.
    plot = Image.new("RGB", (plot_w, plot_h), PLOT)
    pen = ImageDraw.Draw(plot)
    for tick in range(math.ceil(low / step) * step, math.floor(high) + 1, step):
        pen.line([(0, y(tick)), (plot_w, y(tick))], fill=GRID)
        label = str(tick)
        text_w = draw.textlength(label, font=small)
        draw.text(
            (MARGIN_LEFT - 6 - text_w, MARGIN_TOP + y(tick) - 7), label, font=small, fill=MUTED
        )
    upper = [(x(i), y(r.points + r.deviation)) for i, r in enumerate(points)]
    lower = [(x(i), y(r.points - r.deviation)) for i, r in enumerate(points)]
    pen.polygon(upper + lower[::-1], fill=BAND)
    line = [(x(i), y(v)) for i, v in enumerate(values)]
    # Segment i-1 → i is game games[i]: dashed while it is one of the first games.
    dashed = sum(1 for g in games[1:] if g <= PROVISIONAL_GAMES)
    if dashed:
        _dashed(pen, line[: dashed + 1], LINE)
    if dashed < last:
        pen.line(line[dashed:], fill=LINE, width=2, joint="curve")
    provisional = [i for i, g in enumerate(games) if is_provisional(g)]
    if plot_w / last >= MARKER_SPACING:
        for i in provisional:
            _hollow(pen, line[i], 3)
    if is_provisional(games[-1]):
        _hollow(pen, line[-1], 4)
    else:
        end = line[-1]
        pen.ellipse([end[0] - 3, end[1] - 3, end[0] + 3, end[1] + 3], fill=LINE)
    image.paste(plot, (MARGIN_LEFT, MARGIN_TOP))

    ticks = date_ticks(times, last, words) if times is not None else []
    label_y = height - MARGIN_BOTTOM + 5
    if ticks:
        right_edge = -math.inf
        for i, label in ticks:
            text_w = text_width(label, small)
            tick_x = MARGIN_LEFT + x(i)
            left = min(max(tick_x - text_w / 2, 4.0), width - 4 - text_w)
            if left < right_edge + 10:
                continue
            draw.line([(tick_x, height - MARGIN_BOTTOM), (tick_x, label_y - 1)], fill=GRID)
            draw_text(draw, (left, label_y), label, small, MUTED)
            right_edge = left + text_w
    else:
        for i, label in ((0, str(games[0])), (last, str(games[-1]))):
            text_w = draw.textlength(label, font=small)
            left = MARGIN_LEFT + x(i) - (0 if i == 0 else text_w)
            draw.text((left, label_y), label, font=small, fill=MUTED)
        caption = words("games")
        draw_text(
            draw,
            (MARGIN_LEFT + (plot_w - text_width(caption, small)) / 2, height - 19),
            caption,
            small,
            MUTED,
        )

    now = points[-1].text(provisional=is_provisional(games[-1]))
    now_left = width - MARGIN_RIGHT - draw.textlength(now, font=big)
    draw.text((now_left, 8), now, font=big, fill=LINE)
    title_right = now_left - 16
    if provisional:
        title_right = _legend(draw, now_left - 18, 16, words) - 16
    draw_text(draw, (MARGIN_LEFT, 8), fit(title, big, title_right - MARGIN_LEFT), big, TEXT)

    out = io.BytesIO()
    image.quantize(palette=PALETTE, dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=1
    )
    return out.getvalue()
