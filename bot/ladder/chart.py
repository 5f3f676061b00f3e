"""A small PNG chart of a player's rating over their games (Pillow, no Discord).

The line is the shown rating after each game; the shaded band is rating ± deviation, so a new
player's wide uncertainty narrows visibly as games are played. Colours suit Discord's dark theme.
"""

from __future__ import annotations

import functools
import io
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from bot.ladder.rating import Rating

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

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


FONT_FILE = "DejaVuSans.ttf"
"""Preferred font (wide Unicode coverage for display names), looked up in the system's fonts;
Pillow's own default font stands in where it is not installed."""


@functools.lru_cache(maxsize=4)
def _font(size: int) -> Font:
    try:
        return ImageFont.truetype(FONT_FILE, size)
    except OSError:
        pass
    try:
        return ImageFont.load_default(size=size)
    except (ImportError, OSError):  # Pillow without FreeType: the small bitmap font
        return ImageFont.load_default()


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


def rating_chart(
    ratings: Sequence[Rating],
    *,
    title: str,
    first_game: int = 0,
    size: tuple[int, int] = SIZE,
) -> bytes:
    """PNG bytes: ``ratings[i]`` is the rating after game ``first_game + i`` (0: the start)."""
    if not ratings:
        raise ValueError("a chart needs at least one rating")
    points = list(ratings) if len(ratings) > 1 else [ratings[0], ratings[0]]
    width, height = size
    image = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN_LEFT, 8), title, font=_font(14), fill=TEXT)

    values = [r.points for r in points]
    low, high = min(values), max(values)
    pad = max(25.0, (high - low) * 0.12)
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
    small = _font(11)
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
    pen.line([(x(i), y(v)) for i, v in enumerate(values)], fill=LINE, width=2, joint="curve")
    end = (x(last), y(values[-1]))
    pen.ellipse([end[0] - 3, end[1] - 3, end[0] + 3, end[1] + 3], fill=LINE)
    image.paste(plot, (MARGIN_LEFT, MARGIN_TOP))

    games = first_game + last
    for i, label in ((0, str(first_game)), (last, str(games))):
        text_w = draw.textlength(label, font=small)
        left = MARGIN_LEFT + x(i) - (0 if i == 0 else text_w)
        draw.text((left, height - MARGIN_BOTTOM + 5), label, font=small, fill=MUTED)
    caption = "games"
    draw.text(
        (MARGIN_LEFT + (plot_w - draw.textlength(caption, font=small)) / 2, height - 19),
        caption,
        font=small,
        fill=MUTED,
    )
    now = f"{points[-1].shown} ± {round(points[-1].deviation)}"
    now_w = draw.textlength(now, font=_font(14))
    draw.text((width - MARGIN_RIGHT - now_w, 8), now, font=_font(14), fill=LINE)

    out = io.BytesIO()
    image.quantize(palette=PALETTE, dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=1
    )
    return out.getvalue()
