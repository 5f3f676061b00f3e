"""One card as a picture: a face, a back, an empty pile slot, and the four suit shapes.

Suits are in the two colours of a real pack and of Discord's suit emoji, which the texts and
buttons show beside the pictures — ♥ ♦ red, ♠ ♣ black — so a card looks the same in the
picture, the text and the buttons, and a rule such as Pidro's "the five of the other suit of
the same colour" reads true on its own pages. The suits are told apart by their shapes, drawn
large and plain (circles and polygons, never font glyphs, so they look the same with any font):
the heart's lobes, the diamond's points, the spade's tip and the club's three leaves stay
distinct at phone size. A trump (a card of the trump suit or of the trump
rank) has a gold border and a gold corner.

Every game's cards are drawn here: a card is drawn from its rank's label (``10`` for a ten) and
its suit (:class:`bot.suits.Suit`) only, so one drawer serves every game's ``Card`` type
(anything keeping the :class:`Card` protocol).

Every picture here is an RGBA image with transparent rounded corners, made once per card and
size and kept (a few hundred small images at most), so a table only pastes them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Protocol

from PIL import Image, ImageDraw

from bot.drawing.text import Font, font
from bot.suits import Suit

RGB = tuple[int, int, int]


class Rank(Protocol):
    """A card's rank as a picture needs it."""

    @property
    def label(self) -> str:
        """What the corner shows: ``A``, ``7``, ``10``, ``K``."""
        ...


class Card(Protocol):
    """Any game's card, as a picture needs it: a rank with a label and a suit."""

    @property
    def rank(self) -> Rank: ...

    @property
    def suit(self) -> Suit: ...


RED: RGB = (0xDD, 0x2E, 0x44)
BLACK: RGB = (0x29, 0x2F, 0x33)
SUIT_COLOURS: dict[str, RGB] = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
"""The suits' colours, by the suit's letter: ♥ ♦ red, ♠ ♣ black — the red and the black of
Discord's suit emoji (Twemoji's), which the texts and the buttons show."""
PAPER = (252, 250, 244)
EDGE = (150, 150, 146)
GOLD = (238, 184, 48)
BACK = (146, 30, 44)
BACK_LINES = (176, 62, 74)
SLOT_FILL = (26, 86, 52)
SLOT_EDGE = (70, 140, 96)
ASPECT = 1.4
"""A card's height over its width."""
SUPERSAMPLE = 4
"""Shapes are drawn this many times larger, then reduced: smooth edges."""


def card_height(width: int) -> int:
    """The height of a card ``width`` pixels wide."""
    return round(width * ASPECT)


# --- suit shapes ------------------------------------------------------------------------------


def _lobes(
    draw: ImageDraw.ImageDraw, s: float, centres: tuple[tuple[float, float], ...], r: float
) -> None:
    for cx, cy in centres:
        draw.ellipse([(cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s], fill=255)


def _poly(draw: ImageDraw.ImageDraw, s: float, points: tuple[tuple[float, float], ...]) -> None:
    draw.polygon([(x * s, y * s) for x, y in points], fill=255)


def suit_mask(suit: Suit, size: int) -> Image.Image:
    """The suit's symbol as a ``size`` × ``size`` anti-aliased mask (mode ``L``)."""
    return _suit_mask(suit.value, size)


@functools.lru_cache(maxsize=128)
def _suit_mask(suit: str, size: int) -> Image.Image:
    s = float(size * SUPERSAMPLE)
    mask = Image.new("L", (size * SUPERSAMPLE, size * SUPERSAMPLE), 0)
    draw = ImageDraw.Draw(mask)
    if suit == "H":
        _lobes(draw, s, ((0.285, 0.31), (0.715, 0.31)), 0.245)
        _poly(draw, s, ((0.06, 0.40), (0.5, 0.92), (0.94, 0.40), (0.5, 0.26)))
    elif suit == "D":
        _poly(draw, s, ((0.5, 0.03), (0.87, 0.5), (0.5, 0.97), (0.13, 0.5)))
    elif suit == "S":
        _lobes(draw, s, ((0.29, 0.58), (0.71, 0.58)), 0.225)
        _poly(draw, s, ((0.07, 0.52), (0.5, 0.04), (0.93, 0.52), (0.5, 0.70)))
        _poly(draw, s, ((0.5, 0.62), (0.68, 0.97), (0.32, 0.97)))
    else:
        _lobes(draw, s, ((0.5, 0.27), (0.26, 0.59), (0.74, 0.59)), 0.215)
        _lobes(draw, s, ((0.5, 0.52),), 0.14)
        _poly(draw, s, ((0.5, 0.55), (0.68, 0.97), (0.32, 0.97)))
    return mask.reduce(SUPERSAMPLE)


def draw_suit(image: Image.Image, suit: Suit, centre: tuple[float, float], size: int) -> None:
    """Paint the suit's symbol, in its colour, centred on ``centre``."""
    x, y = round(centre[0] - size / 2), round(centre[1] - size / 2)
    image.paste(SUIT_COLOURS[suit.value], (x, y, x + size, y + size), suit_mask(suit, size))


# --- cards ------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def card_mask(width: int, height: int) -> Image.Image:
    """A card's rounded outline as an anti-aliased mask."""
    k = SUPERSAMPLE
    mask = Image.new("L", (width * k, height * k), 0)
    radius = max(2, width // 10) * k
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, width * k - 1, height * k - 1], radius, 255)
    return mask.reduce(k)


def _framed(width: int, fill: RGB, edge: RGB, edge_width: int) -> Image.Image:
    """A blank card of ``fill`` with a border of ``edge``, corners transparent."""
    height = card_height(width)
    image = Image.new("RGBA", (width, height), (*edge, 255))
    inner = card_mask(width - 2 * edge_width, height - 2 * edge_width)
    image.paste(fill, (edge_width, edge_width), inner)
    image.putalpha(card_mask(width, height))
    return image


def card_face(card: Card, width: int, trump: bool = False) -> Image.Image:
    """The face of ``card``, ``width`` pixels wide: the rank and a small suit in the top left
    corner, a large suit below; gold border and corner for a trump."""
    label = card.rank.label
    return _face(label, card.suit, width, trump)


def warm_faces(cards: Iterable[Card], widths: Iterable[int]) -> None:
    """Draw and keep every face of ``cards`` at each of ``widths``, plain and trump, and the
    backs and slots at those widths: a drawing process's warm-up, so that no picture after
    the start waits for a card to be drawn."""
    for width in widths:
        card_back(width)
        empty_slot(width)
        for card in cards:
            card_face(card, width, False)
            card_face(card, width, True)


@functools.lru_cache(maxsize=1024)
def _face(label: str, suit: Suit, width: int, trump: bool) -> Image.Image:
    border = max(3, width // 20) if trump else max(1, width // 60)
    image = _framed(width, PAPER, GOLD if trump else EDGE, border)
    height = image.height
    draw = ImageDraw.Draw(image)
    colour = SUIT_COLOURS[suit.value]
    corner_x = border + width * 0.2
    face = font(round(width * 0.42), bold=True)
    top = round(border + height * 0.04)
    if len(label) == 1:
        draw.text((corner_x, top), label, font=face, fill=colour, anchor="mt")
    else:
        # "10" is two figures in the room of one: as tall as the others, drawn narrower.
        _squeezed(image, label, face, colour, (corner_x + width * 0.03, top), width * 0.36)
    draw_suit(image, suit, (corner_x, border + height * 0.43), round(width * 0.22))
    draw_suit(image, suit, (width * 0.6, height * 0.66), round(width * 0.5))
    if trump:
        tip = round(width * 0.3)
        draw.polygon([(width - tip, 0), (width, 0), (width, tip)], fill=GOLD)
        image.putalpha(card_mask(width, height))
    return image


def _squeezed(
    image: Image.Image,
    label: str,
    face: Font,
    colour: RGB,
    top_centre: tuple[float, int],
    room: float,
) -> None:
    """``label`` at its full height, narrowed to at most ``room`` pixels, its top centre at
    ``top_centre``."""
    _, _, ink_right, ink_bottom = face.getbbox(label, anchor="lt")
    right, bottom = int(ink_right), int(ink_bottom)
    ink = Image.new("L", (right, bottom), 0)
    ImageDraw.Draw(ink).text((0, 0), label, font=face, fill=255, anchor="lt")
    width = min(right, max(1, round(room)))
    if width < right:
        ink = ink.resize((width, bottom), Image.Resampling.LANCZOS)
    x = round(top_centre[0] - width / 2)
    image.paste(colour, (x, top_centre[1], x + width, top_centre[1] + bottom), ink)


@functools.lru_cache(maxsize=16)
def card_back(width: int) -> Image.Image:
    """The back of a card: a white edge round a red field with a diagonal lattice."""
    edge = max(2, width // 16)
    image = _framed(width, BACK, PAPER, edge)
    height = image.height
    lattice = Image.new("RGB", image.size, BACK)
    draw = ImageDraw.Draw(lattice)
    step = max(5, width // 7)
    for start in range(-height, width + height, step):
        draw.line([(start, 0), (start + height, height)], fill=BACK_LINES, width=1)
        draw.line([(start + height, 0), (start, height)], fill=BACK_LINES, width=1)
    field = card_mask(width - 2 * edge - 2, height - 2 * edge - 2)
    image.paste(lattice.crop((0, 0, *field.size)), (edge + 1, edge + 1), field)
    return image


@functools.lru_cache(maxsize=16)
def empty_slot(width: int) -> Image.Image:
    """Where a pile or a trick card would lie: a darker outline on the felt."""
    return _framed(width, SLOT_FILL, SLOT_EDGE, 2)
