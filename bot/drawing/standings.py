"""An event's standings drawn as a table: rank, name, points and tie-breaks, one row an
entrant, large enough to read on a phone (as the other pictures). No Discord, no game."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.drawing.table import FELT, GLOW, MUTED, PANEL, PANEL_EDGE, TEXT
from bot.drawing.text import Words, draw_text, english, fit, font
from bot.errors import translatable

WIDTH = 720
ROW = 44
TOP = 84
SIDE = 24
MOST_ROWS = 64
COLUMNS = (
    (translatable("Pts"), 440),
    (translatable("Buchholz"), 540),
    (translatable("S-B"), 640),
)


@dataclass(frozen=True, slots=True)
class Row:
    """One entrant's line."""

    rank: int
    name: str
    score: str
    buchholz: str
    berger: str
    played: int
    out: bool = False
    """Removed from the event (drawn muted)."""


def standings_picture(title: str, rows: Sequence[Row], words: Words | None = None) -> bytes:
    """PNG bytes of the standings; ``title`` comes translated, ``words`` translates the column
    heads (None: English)."""
    tr = words or english
    shown = list(rows)[:MOST_ROWS]
    height = TOP + ROW * max(1, len(shown)) + SIDE
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    big, head, body = font(30, bold=True), font(20, bold=True), font(24)
    draw_text(draw, (SIDE, 38), fit(title, big, WIDTH - 2 * SIDE), big, TEXT, anchor="lm")
    for label, x in COLUMNS:
        draw_text(draw, (x, TOP - 14), tr(label), head, MUTED, anchor="mm")
    for index, row in enumerate(shown):
        y = TOP + index * ROW
        fill = PANEL if index % 2 == 0 else FELT
        draw.rectangle(
            [SIDE // 2, y, WIDTH - SIDE // 2, y + ROW - 2], fill=fill, outline=PANEL_EDGE
        )
        colour = MUTED if row.out else (GLOW if row.rank == 1 else TEXT)
        middle = y + ROW // 2
        draw_text(draw, (SIDE + 28, middle), str(row.rank), body, colour, anchor="rm")
        name = fit(row.name, body, COLUMNS[0][1] - 40 - (SIDE + 44))
        draw_text(draw, (SIDE + 44, middle), name, body, colour, anchor="lm")
        for (_, x), value in zip(COLUMNS, (row.score, row.buchholz, row.berger), strict=True):
            draw_text(draw, (x, middle), value, body, colour, anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
