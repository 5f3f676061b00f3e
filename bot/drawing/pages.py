"""Small pictures for a game's illustrated rules: one idea each, cards on the felt of the table,
no words. What every game's guide draws with: the canvas, card rows and the race to the target.

Every picture is :data:`WIDTH` × :data:`HEIGHT` pixels (Discord shows it about 400 wide on a
phone) and is drawn from the cards its caller hands it, with the table's own card pictures
(:mod:`bot.drawing.cards`: four-colour suits, gold borders for trumps). The embed beside it
carries the words; a picture draws only shapes, cards and numbers, so it reads the same in every
language. Each function returns a :class:`Picture`: the PNG bytes and the card faces it drew,
in order (a card face is painted nowhere but :meth:`Canvas.face`).

- :func:`race`: two totals growing round by round towards the target;
- :func:`card_row`: any game's cards in a row: trumps gold, some dimmed or ringed, points on
  coins.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

from bot.drawing.cards import (
    GOLD,
    PAPER,
    RGB,
    SUPERSAMPLE,
    Card,
    card_back,
    card_face,
    card_height,
    draw_suit,
)
from bot.drawing.table import FELT, GLOW, INK, MUTED, RIM, TEXT
from bot.drawing.text import font_for
from bot.suits import Suit

WIDTH, HEIGHT = 600, 200
SEATS: tuple[RGB, RGB] = ((59, 130, 246), (230, 126, 34))
"""The players' colours: the table embed's blue for the first player, orange for the second."""
YES = (46, 184, 92)
NO = (214, 48, 49)
WHITE = (255, 255, 255)
SHADE = (14, 40, 26)

Paint = Callable[[ImageDraw.ImageDraw, float], None]
"""Draws a shape in white on a mask, every coordinate multiplied by the scale it is given."""


@dataclass(frozen=True, slots=True)
class Picture:
    """A drawn example: the PNG and the card faces painted in it (in painting order)."""

    png: bytes
    faces: tuple[Card, ...]
    size: tuple[int, int] = (WIDTH, HEIGHT)


Box = tuple[float, float, float, float]


class Canvas:
    """The felt, with the few things an example paints on it; smooth shapes come from masks
    drawn :data:`~bot.drawing.cards.SUPERSAMPLE` times larger."""

    def __init__(self) -> None:
        self.image = Image.new("RGB", (WIDTH, HEIGHT), RIM)
        self.draw = ImageDraw.Draw(self.image)
        self.faces: list[Card] = []
        self.box(FELT, (4, 4, WIDTH - 5, HEIGHT - 5), radius=18)

    # -- cards --

    def face(self, card: Card, x: float, y: float, width: int, trump: bool = False) -> None:
        """``card`` face up with its top-left corner at (``x``, ``y``): the only place a
        card's face is painted."""
        picture = card_face(card, width, trump)
        self._shadow(x, y, width)
        self.image.paste(picture, (round(x), round(y)), picture)
        self.faces.append(card)

    def back(self, x: float, y: float, width: int) -> None:
        """A face-down card."""
        picture = card_back(width)
        self._shadow(x, y, width)
        self.image.paste(picture, (round(x), round(y)), picture)

    def _shadow(self, x: float, y: float, width: int) -> None:
        box = (x + 2, y + 3, x + width + 1, y + card_height(width) + 2)
        self.box(SHADE, box, radius=max(2, width // 10), opacity=0.45)

    def dim(self, x: float, y: float, width: int) -> None:
        """Darken a card already painted: one that may not be played."""
        box = (x, y, x + width - 1, y + card_height(width) - 1)
        self.box(SHADE, box, radius=max(2, width // 10), opacity=0.5)

    def ring(self, x: float, y: float, width: int, colour: RGB = GLOW) -> None:
        """A highlight round a card's outline."""
        box = (x - 5, y - 5, x + width + 4, y + card_height(width) + 4)
        self.box(colour, box, radius=max(2, width // 10) + 4, outline=3)

    # -- shapes --

    def shape(self, colour: RGB, paint: Paint, opacity: float = 1.0) -> None:
        """Paint what ``paint`` draws in ``colour``, with smooth edges."""
        self.image.paste(colour, (0, 0), mask(paint, opacity))

    def box(
        self,
        colour: RGB,
        box: Box,
        *,
        radius: float = 0,
        outline: float = 0,
        opacity: float = 1.0,
    ) -> None:
        """A rectangle, rounded by ``radius``, filled or (``outline``) only its edge."""

        def paint(d: ImageDraw.ImageDraw, k: float) -> None:
            scaled = [v * k for v in box]
            if outline:
                d.rounded_rectangle(scaled, radius * k, outline=255, width=round(outline * k))
            else:
                d.rounded_rectangle(scaled, radius * k, fill=255)

        self.shape(colour, paint, opacity)

    def disc(self, colour: RGB, x: float, y: float, r: float) -> None:
        """A filled circle centred on (``x``, ``y``)."""
        self.shape(
            colour,
            lambda d, k: d.ellipse([(x - r) * k, (y - r) * k, (x + r) * k, (y + r) * k], fill=255),
        )

    def arrow(self, x0: float, x1: float, y: float, colour: RGB = MUTED) -> None:
        """A horizontal arrow from ``x0`` to ``x1``."""
        head = 14.0

        def paint(d: ImageDraw.ImageDraw, k: float) -> None:
            d.rectangle([x0 * k, (y - 3) * k, (x1 - head + 1) * k, (y + 3) * k], fill=255)
            tip = [(x1 - head, y - 11), (x1, y), (x1 - head, y + 11)]
            d.polygon([(px * k, py * k) for px, py in tip], fill=255)

        self.shape(colour, paint)

    def chevron(self, x: float, y: float, colour: RGB = TEXT) -> None:
        """A ``<`` sign centred on (``x``, ``y``): "is weaker than"."""
        points = [(x + 8, y - 14), (x - 8, y), (x + 8, y + 14)]
        self.shape(
            colour,
            lambda d, k: d.line(
                [(px * k, py * k) for px, py in points], fill=255, width=round(6 * k), joint="curve"
            ),
        )

    def mark(self, x: float, y: float, allowed: bool) -> None:
        """A ✓ on green or a ✗ on red, in a white-edged disc centred on (``x``, ``y``)."""
        self.disc(WHITE, x, y, 16)
        self.disc(YES if allowed else NO, x, y, 13.5)
        if allowed:
            strokes = [[(x - 7, y + 0.5), (x - 2, y + 6), (x + 8, y - 6)]]
        else:
            strokes = [[(x - 6, y - 6), (x + 6, y + 6)], [(x - 6, y + 6), (x + 6, y - 6)]]

        def paint(d: ImageDraw.ImageDraw, k: float) -> None:
            for points in strokes:
                d.line(
                    [(px * k, py * k) for px, py in points],
                    fill=255,
                    width=round(4.5 * k),
                    joint="curve",
                )

        self.shape(WHITE, paint)

    def coin(self, x: float, y: float, r: float, text: str, colour: RGB = GOLD) -> None:
        """A coin centred on (``x``, ``y``) with a number on it: points."""
        self.disc(INK, x, y, r + 2)
        self.disc(colour, x, y, r)
        size = round(r * (1.05 if len(text) <= 1 else 0.85 if len(text) == 2 else 0.7))
        self.draw.text((x, y + 1), text, font=font_for(text, size, True), fill=INK, anchor="mm")

    def person(self, x: float, y: float, seat: int, r: float = 24) -> None:
        """A player: a disc of their colour with a white figure, centred on (``x``, ``y``)."""
        self.disc(WHITE, x, y, r + 2)
        self.disc(SEATS[seat], x, y, r)
        head = r * 0.36

        def disc(d: ImageDraw.ImageDraw, k: float) -> None:
            d.ellipse([(x - r) * k, (y - r) * k, (x + r) * k, (y + r) * k], fill=255)

        def figure(d: ImageDraw.ImageDraw, k: float) -> None:
            top = y - r * 0.62
            d.ellipse([(x - head) * k, top * k, (x + head) * k, (top + 2 * head) * k], fill=255)
            body = [x - r * 0.66, y + r * 0.22, x + r * 0.66, y + r * 1.5]
            d.ellipse([v * k for v in body], fill=255)

        self.image.paste(WHITE, (0, 0), ImageChops.multiply(mask(disc), mask(figure)))

    def star(self, x: float, y: float, r: float, colour: RGB = GLOW) -> None:
        """A five-pointed star centred on (``x``, ``y``): the winner."""
        points = []
        for i in range(10):
            angle = -math.pi / 2 + i * math.pi / 5
            length = r if i % 2 == 0 else r * 0.45
            points.append((x + length * math.cos(angle), y + length * math.sin(angle)))
        self.shape(
            colour, lambda d, k: d.polygon([(px * k, py * k) for px, py in points], fill=255)
        )

    def trump_box(self, x: float, y: float, size: int, named: Suit | str) -> None:
        """One half of a trump badge: a gold-edged square with a trump suit's symbol or a
        trump rank's label."""
        self.box(GOLD, (x, y, x + size, y + size), radius=size * 0.16)
        self.box(PAPER, (x + 3, y + 3, x + size - 3, y + size - 3), radius=size * 0.12)
        centre = (x + size / 2, y + size / 2)
        if isinstance(named, Suit):
            draw_suit(self.image, named, centre, round(size * 0.62))
        else:
            face = font_for(named, round(size * 0.62), True)
            self.draw.text(centre, named, font=face, fill=INK, anchor="mm")

    def badge(
        self, x: float, y: float, size: int, named: Sequence[Suit | str | None], across: bool = True
    ) -> None:
        """A trump badge: each named trump (a suit, a rank's label) in its box, side by side
        (``across``) or one above the other; one not named (None) is left out."""
        gap = size // 4
        for i, one in enumerate(named):
            if one is not None:
                dx, dy = (i * (size + gap), 0) if across else (0, i * (size + gap))
                self.trump_box(x + dx, y + dy, size, one)

    def png(self) -> Picture:
        out = io.BytesIO()
        self.image.save(out, format="PNG", compress_level=6)
        return Picture(out.getvalue(), tuple(self.faces))


def mask(paint: Paint, opacity: float = 1.0) -> Image.Image:
    """What ``paint`` draws, as a smooth picture-sized mask (mode ``L``)."""
    k = SUPERSAMPLE
    mask = Image.new("L", (WIDTH * k, HEIGHT * k), 0)
    paint(ImageDraw.Draw(mask), k)
    small = mask.reduce(k)
    if opacity < 1:
        small = small.point(lambda v: round(v * opacity))
    return small


def row_x(count: int, width: int, step: float, centre: float = WIDTH / 2) -> list[float]:
    """The left edges of ``count`` cards ``width`` wide, ``step`` apart, centred on ``centre``."""
    total = width + step * (count - 1) if count else 0
    left = centre - total / 2
    return [left + i * step for i in range(count)]


# --- the examples -----------------------------------------------------------------------------


def race(rounds: Sequence[tuple[int, int]], target: int) -> Picture:
    """Each player's total as a bar of their colour, one segment per round of ``rounds`` (both
    players' scores in that round), a gold line at ``target`` and the total at the bar's end;
    the higher total gets a star. No cards."""
    canvas = Canvas()
    totals = [sum(r[s] for r in rounds) for s in (0, 1)]
    left, right = 88, WIDTH - 130
    scale = (right - left) / max(target * 1.2, *totals, 1)
    line_x = left + target * scale
    bar_h = 34
    rows = (52, 124)
    canvas.box(MUTED, (left, 30, left + 2, 166))
    for seat, y in enumerate(rows):
        canvas.person(44, y + bar_h / 2 + 6, seat, r=22)
        x = float(left)
        for i, scores in enumerate(rounds):
            length = scores[seat] * scale
            shade = SEATS[seat] if i % 2 == 0 else _lighter(SEATS[seat])
            canvas.box(shade, (x + 1, y + 6, x + length - 1, y + 6 + bar_h))
            x += length
        total = str(totals[seat])
        face = font_for(total, 24, True)
        canvas.draw.text((x + 8, y + 6 + bar_h / 2), total, font=face, fill=TEXT, anchor="lm")
        if totals[seat] > totals[1 - seat]:
            canvas.star(x + 8 + face.getlength(total) + 24, y + 6 + bar_h / 2, 14)

    def dashes(d: ImageDraw.ImageDraw, k: float) -> None:
        for y0 in range(30, 170, 12):
            d.rectangle([(line_x - 1.5) * k, y0 * k, (line_x + 1.5) * k, (y0 + 7) * k], fill=255)
        d.polygon(
            [(line_x * k, 12 * k), ((line_x + 30) * k, 19 * k), (line_x * k, 26 * k)], fill=255
        )

    canvas.shape(GOLD, dashes)
    label = str(target)
    canvas.draw.text((line_x, 182), label, font=font_for(label, 20, True), fill=GOLD, anchor="mm")
    return canvas.png()


def card_row(
    cards: Sequence[Card],
    *,
    trumps: Collection[Card] = (),
    coins: Sequence[int] = (),
    dimmed: Collection[Card] = (),
    ringed: Collection[Card] = (),
) -> Picture:
    """``cards`` in a row, overlapping when there are many (up to 14): those in ``trumps`` with
    gold borders, ``dimmed`` darkened, ``ringed`` ringed; with ``coins``, each card's number on
    a coin under it (0: none)."""
    canvas = Canvas()
    width = 54 if len(cards) > 9 else 62
    step = min(width + 10.0, (WIDTH - 40 - width) / max(1, len(cards) - 1))
    top = 20.0 if coins else (HEIGHT - card_height(width)) / 2
    for i, (x, card) in enumerate(zip(row_x(len(cards), width, step), cards, strict=True)):
        canvas.face(card, x, top, width, card in trumps)
        if card in dimmed:
            canvas.dim(x, top, width)
        if card in ringed:
            canvas.ring(x, top, width)
        if i < len(coins) and coins[i]:
            coin_x = x + min(width, step) / 2
            canvas.coin(coin_x, top + card_height(width) + 36, 16 + 2 * coins[i], str(coins[i]))
    return canvas.png()


def _lighter(colour: RGB) -> RGB:
    r, g, b = colour
    return (r + (255 - r) // 3, g + (255 - g) // 3, b + (255 - b) // 3)


__all__ = ["HEIGHT", "WIDTH", "Canvas", "Picture", "card_row", "race"]
