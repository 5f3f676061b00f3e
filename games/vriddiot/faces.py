"""Vriddiot's cards as pictures, for the table (:mod:`games.vriddiot.drawing`) and the rules
pages (:mod:`games.vriddiot.examples`): a suited card through the platform's face drawer
(:mod:`bot.drawing.cards`), a joker as a violet star with its declared identity in the corner.

The suits' colours are the platform's (:data:`bot.drawing.cards.SUIT_COLOURS`), so the table
follows the one colour scheme the project settles on (issue 24: ♥♦ red, ♠♣ black) without a
change here; a declared joker's corner takes them from the same table.
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.drawing.cards import (
    EDGE,
    PAPER,
    SUIT_COLOURS,
    SUPERSAMPLE,
    _squeezed,
    card_face,
    card_height,
    card_mask,
    draw_suit,
)
from bot.drawing.table import INK
from bot.drawing.text import font
from games.vriddiot.rules import Card, Ident, Suit
from games.vriddiot.rules.cards import FACES, RANKS

WAR = (226, 74, 64)
"""A war's colour: a warrior's stripe, the war's words, the rules pages' war rings."""


def label(value: int) -> str:
    """A value as a card's corner shows it: ``7``, ``10``, ``J``, ``A``."""
    return "10" if value == 10 else RANKS[value - 2]


# --- cards as the shared drawer wants them ----------------------------------------------------


class _Rank(NamedTuple):
    label: str


class _Shown(NamedTuple):
    """A suited card as :func:`bot.drawing.cards.card_face` reads one."""

    rank: _Rank
    suit: Suit


_SHOWN = {c.face: _Shown(_Rank(label(c.rank)), c.suit) for c in FACES if c.suit is not None}


JOKER_INK = (118, 52, 168)


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        length = r if i % 2 == 0 else r * 0.45
        points.append((cx + length * math.cos(angle), cy + length * math.sin(angle)))
    return points


@functools.lru_cache(maxsize=256)
def joker_face(width: int, ident: Ident | None = None) -> Image.Image:
    """A joker: a violet star on paper; declared, its identity in the corner (the rank, and
    the suit's shape when the suit was chosen)."""
    h = card_height(width)
    border = max(1, width // 60)
    image = Image.new("RGBA", (width, h), (*EDGE, 255))
    image.paste(PAPER, (border, border), card_mask(width - 2 * border, h - 2 * border))
    image.putalpha(card_mask(width, h))
    k = SUPERSAMPLE
    star = Image.new("L", (width * k, h * k), 0)
    big = ident is not None
    cx, cy, r = (width * 0.6, h * 0.66, width * 0.3) if big else (width / 2, h / 2, width * 0.4)
    ImageDraw.Draw(star).polygon([(x * k, y * k) for x, y in _star(cx, cy, r)], fill=255)
    image.paste(JOKER_INK, (0, 0), star.reduce(k))
    draw = ImageDraw.Draw(image)
    corner_x = border + width * 0.2
    if ident is None:
        return image
    face = ident.face
    text = label(face.rank)
    suit = face.suit if ident.suited else None
    colour = SUIT_COLOURS[suit.value] if suit is not None else INK
    face_font = font(round(width * 0.42), bold=True)
    top = round(border + h * 0.04)
    if len(text) == 1:
        draw.text((corner_x, top), text, font=face_font, fill=colour, anchor="mt")
    else:
        # "10" as the platform's cards draw it: as tall as the other ranks, narrowed.
        _squeezed(image, text, face_font, colour, (corner_x + width * 0.03, top), width * 0.36)
    if suit is not None:
        draw_suit(image, suit, (corner_x, border + h * 0.43), round(width * 0.22))
    return image


def shown(card: Card) -> _Shown:
    """A suited card as the platform's card pictures (:mod:`bot.drawing.cards`,
    :mod:`bot.drawing.pages`) want it: a rank with a label, and a suit."""
    return _SHOWN[card.face]


def card_picture(card: Card, width: int, ident: Ident | None = None) -> Image.Image:
    """A card face up, ``width`` pixels wide: a joker with its identity when it has one."""
    if card.suit is None:
        return joker_face(width, ident)
    return card_face(shown(card), width)
