"""Small pictures for the illustrated rules (``/vidrasso rules``): one idea each, cards on the
felt of the table, no words.

Every picture is :data:`WIDTH` × :data:`HEIGHT` pixels (Discord shows it about 400 wide on a
phone) and is drawn from the cards its caller hands it, with the table's own card pictures
(:mod:`bot.drawing.cards`: four-colour suits, gold borders for trumps). The embed beside it
carries the words; a picture draws only shapes, cards and numbers, so it reads the same in every
language. Each function returns a :class:`Picture`: the PNG bytes and the card faces it drew,
in order (a card face is painted nowhere but :meth:`bot.drawing.pages.Canvas.face`). The
canvas and the pictures every game's guide shares are in :mod:`bot.drawing.pages`.

- :func:`points_row`: cards in a row, each card's points on a coin under it;
- :func:`strawmen`: five strawmen, then the first one after its face-up card is played;
- :func:`trump_choice`: two players naming the trump suit and the trump rank, and what is trump;
- :func:`strength`: groups of cards from weakest to strongest, ``<`` between them;
- :func:`following`: a led card and the follower's cards, each marked allowed ✓ or refused ✗;
- :func:`gift`: a hand card going face down to the opponent, and its points for them;
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.drawing.cards import card_height
from bot.drawing.pages import HEIGHT, SEATS, WHITE, WIDTH, Canvas, Picture, card_row, race, row_x
from bot.drawing.table import PANEL_EDGE, TEXT
from bot.suits import Suit
from games.vidrasso.rules.cards import Card
from games.vidrasso.rules.trumps import Trumps


def points_row(cards: Sequence[Card]) -> Picture:
    """``cards`` in a row (up to nine), each with its points on a coin under it; the coins grow
    with the points."""
    canvas = Canvas()
    width = 58 if len(cards) > 7 else 66
    step = width + (5 if len(cards) > 7 else 14)
    top = 22
    coin_y = top + card_height(width) + 38
    for x, card in zip(row_x(len(cards), width, step), cards, strict=True):
        canvas.face(card, x, top, width)
        canvas.coin(x + width / 2, coin_y, 15 + card.points, str(card.points))
    return canvas.png()


def strawmen(piles: Sequence[Card], turned: Card) -> Picture:
    """A player's strawmen: each card of ``piles`` face up on a face-down card that peeks out
    under it. An arrow leads to the first strawman after the trick that played its face-up
    card: ``turned``, the card that was under it, now face up."""
    canvas = Canvas()
    width, step, peek = 64, 76, 16
    top = (HEIGHT - card_height(width) - peek) / 2
    xs = row_x(len(piles), width, step, centre=WIDTH * 0.39)
    for x, card in zip(xs, piles, strict=True):
        canvas.back(x, top + peek, width)
        canvas.face(card, x, top, width)
    if xs:
        canvas.ring(xs[0], top, width)
    right = (xs[-1] + width) if xs else WIDTH * 0.6
    after_x = WIDTH - 28 - width
    canvas.arrow(right + 18, after_x - 18, top + (card_height(width) + peek) / 2)
    canvas.face(turned, after_x, top + peek, width)
    canvas.ring(after_x, top + peek, width)
    return canvas.png()


def trump_choice(trumps: Trumps, cards: Sequence[Card], first: int = 0) -> Picture:
    """Two players naming the trumps: player ``first`` (numbered 1) names the suit, the other
    (2) the rank, each with an arrow to the badge. Beside it ``cards``, the trumps among them
    with gold borders."""
    canvas = Canvas()
    size = 60
    top = (HEIGHT - 2 * size - size // 4) // 2
    for row, seat in enumerate((first, 1 - first)):
        y = top + row * (size + size // 4)
        centre = y + size / 2
        canvas.person(44, centre, seat)
        canvas.coin(68, centre - 20, 11, str(row + 1), colour=TEXT)
        canvas.arrow(80, 124, centre)
    canvas.badge(132, top, size, _named(trumps), across=False)
    canvas.box(PANEL_EDGE, (216, 24, 218, HEIGHT - 24))
    width = 62
    step = width + 10 if len(cards) <= 5 else (WIDTH - 270 - width) / max(1, len(cards) - 1)
    card_y = (HEIGHT - card_height(width)) / 2
    xs = row_x(len(cards), width, step, centre=(232 + WIDTH - 16) / 2)
    for x, card in zip(xs, cards, strict=True):
        canvas.face(card, x, card_y, width, trumps.is_trump(card))
    return canvas.png()


def strength(trumps: Trumps, groups: Sequence[Sequence[Card]]) -> Picture:
    """``groups`` of cards from weakest (left) to strongest, a ``<`` between two groups; the
    badge of ``trumps`` on the left. A group of equal cards (the trump rank's) overlaps like a
    fan."""
    canvas = Canvas()
    canvas.badge(22, (HEIGHT - 2 * 48 - 12) // 2, 48, _named(trumps), across=False)
    canvas.box(PANEL_EDGE, (76, 24, 78, HEIGHT - 24))
    width = 58
    top = (HEIGHT - card_height(width)) / 2
    gap = 44
    equal = [len(g) > 1 and len({c.rank for c in g}) == 1 for g in groups]
    steps = [30.0 if same else width + 8.0 for same in equal]
    spans = [width + step * (len(g) - 1) for g, step in zip(groups, steps, strict=True)]
    total = sum(spans) + gap * (len(groups) - 1)
    x = (90 + WIDTH - 12) / 2 - total / 2
    for i, (group, step, span) in enumerate(zip(groups, steps, spans, strict=True)):
        if i:
            canvas.chevron(x - gap / 2, top + card_height(width) / 2)
        for j, card in enumerate(group):
            canvas.face(card, x + j * step, top, width, trumps.is_trump(card))
        x += span + gap
    return canvas.png()


def following(trumps: Trumps, led: Card, options: Sequence[tuple[Card, bool]]) -> Picture:
    """A trick: ``led`` on the left, an arrow, then the follower's cards, each ``(card,
    allowed)`` marked ✓ or ✗ under it (a refused card dimmed); the trump badge on the right."""
    canvas = Canvas()
    width = 66
    height = card_height(width)
    top = 22
    canvas.face(led, 22, top, width, trumps.is_trump(led))
    canvas.ring(22, top, width, TEXT)
    canvas.arrow(22 + width + 14, 22 + width + 58, top + height / 2)
    step = width + 12
    xs = row_x(len(options), width, step, centre=(22 + width + 64 + WIDTH - 100) / 2)
    for x, (card, allowed) in zip(xs, options, strict=True):
        canvas.face(card, x, top, width, trumps.is_trump(card))
        if not allowed:
            canvas.dim(x, top, width)
        canvas.mark(x + width / 2, top + height + 28, allowed)
    canvas.badge(WIDTH - 96, 22, 36, _named(trumps))
    return canvas.png()


def gift(hand: Sequence[Card], given: Card) -> Picture:
    """The giver (blue) and their ``hand``, ``given`` (one of its cards) lifted out of it; an
    arrow to the opponent (orange), where the gift lies face down with its points for them on a
    coin."""
    canvas = Canvas()
    width = 60
    height = card_height(width)
    top = (HEIGHT - height) / 2 + 8
    canvas.person(44, HEIGHT / 2, 0)
    step = 34.0
    xs = row_x(len(hand), width, step, centre=96 + (width + step * (len(hand) - 1)) / 2)
    for x, card in zip(xs, hand, strict=True):
        lift = 30 if card is given else 0
        canvas.face(card, x, top - lift, width)
        if card is given:
            canvas.ring(x, top - lift, width, WHITE)
    right = (xs[-1] + width) if xs else 120
    back_x = WIDTH - 170
    canvas.arrow(right + 22, back_x - 22, HEIGHT / 2)
    canvas.back(back_x, top, width)
    canvas.coin(back_x + width + 2, top + 8, 20, f"+{given.points}", colour=SEATS[1])
    canvas.person(WIDTH - 52, HEIGHT / 2, 1)
    return canvas.png()


def _named(trumps: Trumps) -> tuple[Suit | None, str | None]:
    """The trump badge's two halves: the trump suit, the trump rank's label."""
    return trumps.suit, (trumps.rank.label if trumps.rank is not None else None)


__all__ = [
    "HEIGHT",
    "WIDTH",
    "Picture",
    "card_row",
    "following",
    "gift",
    "points_row",
    "race",
    "strawmen",
    "strength",
    "trump_choice",
]
