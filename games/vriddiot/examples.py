"""The pictures of Vriddiot's illustrated rules: one idea each, cards on the felt, no words.

Each is drawn on the pages' canvas (:class:`bot.drawing.pages.Canvas`, 600 × 200) with the
table's own card pictures (:func:`games.vriddiot.drawing.card_picture`: the platform's faces, a
violet star for a joker), so a page looks like the table. Like the other games' pages, a picture
draws only cards, shapes and numbers (666, KKK, places): the embed beside it carries the words,
and the picture reads the same in every language. :func:`rules_pictures` names them for the
guide (``games/vriddiot/discord/guide.py``):

- ``arrange``: the deal (three face down, three face up on them, three in hand) and the swap;
- ``play``: equal or higher goes on the pile, lower does not;
- ``pickup``: nothing to play: the whole pile goes to the player's hand;
- ``specials``: the 2 (on anything), the 10 (burns), the jack (turns the direction), Der
  Fourer 4♠ (destroys) and the joker (any card);
- ``combos``: 666 and KKK vanish, leaving an empty layer worth their rank;
- ``change``: after an 8, the added card sets a suit and a value to beat in that suit;
- ``war``: two equal plain cards in a row, a third joins, a higher card follows;
- ``finish``: the places, and the last player still holding cards: the idiot.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from PIL import ImageDraw

from bot.drawing.cards import card_height
from bot.drawing.pages import HEIGHT, SHADE, WIDTH, Canvas, Picture, row_x
from bot.drawing.table import GLOW, MUTED, TEXT
from bot.drawing.text import font_for
from games.vriddiot.faces import JOKER_INK, WAR, card_picture, label, shown
from games.vriddiot.rules import Card, Ident
from games.vriddiot.rules.cards import FACES, Suit

W = 62
"""The cards' width (87 pixels high)."""
H = card_height(W)
FLAME = (240, 120, 40)
STONE = (150, 156, 160)


def _card(text: str) -> Card:
    return Card.parse(text)


def _face(canvas: Canvas, text: str, x: float, y: float, width: int = W) -> None:
    """A card face up; a joker (``X`` or ``X=7H``) with its identity."""
    if text.startswith("X"):
        ident = None
        if "=" in text:
            named = _card(text.split("=")[1])
            ident = Ident(named, True)
        picture = card_picture(FACES[52], width, ident)
        shade = (x + 2, y + 3, x + width + 1, y + card_height(width) + 2)
        canvas.box(SHADE, shade, radius=max(2, width // 10), opacity=0.45)
        canvas.image.paste(picture, (round(x), round(y)), picture)
        return
    canvas.face(shown(_card(text)), x, y, width)


def _fan(canvas: Canvas, texts: Sequence[str], x: float, y: float, step: float = 22) -> float:
    """Cards overlapping left to right; the right edge."""
    for i, text in enumerate(texts):
        _face(canvas, text, x + i * step, y)
    return x + (len(texts) - 1) * step + W


def _backs(canvas: Canvas, count: int, x: float, y: float, step: float = 22) -> float:
    for i in range(count):
        canvas.back(x + i * step, y, W)
    return x + (count - 1) * step + W


def _number(
    canvas: Canvas, text: str, x: float, y: float, size: int, colour: tuple[int, int, int]
) -> None:
    face = font_for(text, size, True)
    canvas.draw.text((x, y), text, font=face, fill=colour, anchor="mm")


def _turn(canvas: Canvas, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    """A circular arrow, clockwise."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.arc(
            [(cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k],
            -60,
            220,
            fill=255,
            width=round(5 * k),
        )
        tip = [
            (cx + r * 0.5 - 9, cy - r * 0.87 - 8),
            (cx + r * 0.5 + 9, cy - r * 0.87),
            (cx + r * 0.5 - 7, cy - r * 0.87 + 10),
        ]
        d.polygon([(px * k, py * k) for px, py in tip], fill=255)

    canvas.shape(colour, paint)


def _flame(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.ellipse([(cx - r) * k, (cy - r * 0.4) * k, (cx + r) * k, (cy + r * 1.0) * k], fill=255)
        d.polygon(
            [
                ((cx - r) * k, (cy + r * 0.2) * k),
                (cx * k, (cy - r * 1.6) * k),
                ((cx + r) * k, (cy + r * 0.2) * k),
            ],
            fill=255,
        )

    canvas.shape(FLAME, paint)
    inner = r * 0.5

    def core(d: ImageDraw.ImageDraw, k: float) -> None:
        d.ellipse(
            [(cx - inner) * k, (cy + r * 0.1) * k, (cx + inner) * k, (cy + r * 0.9) * k], fill=255
        )

    canvas.shape((255, 214, 90), core)


def _stone(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    """A gravestone: the graveyard, where destroyed cards go for good."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.rounded_rectangle(
            [(cx - r * 0.8) * k, (cy - r) * k, (cx + r * 0.8) * k, (cy + r) * k],
            r * 0.8 * k,
            fill=255,
        )

    canvas.shape(STONE, paint)
    canvas.box((70, 74, 78), (cx - 2.5, cy - r * 0.6, cx + 2.5, cy + r * 0.4))
    canvas.box((70, 74, 78), (cx - r * 0.4, cy - r * 0.3, cx + r * 0.4, cy - r * 0.3 + 5))


PEOPLE = ((59, 130, 246), (230, 126, 34), (46, 160, 90), (156, 89, 209))
"""The players' colours: the pages' blue and orange, then green and violet."""


def _person(canvas: Canvas, x: float, y: float, who: int, r: float = 24) -> None:
    """A player of colour ``PEOPLE[who]``: the pages' figure (:meth:`Canvas.person`) in any of
    four colours."""
    canvas.person(x, y, 0, r)
    if who:
        canvas.disc(PEOPLE[who], x, y, r)
        head = r * 0.36

        def figure(d: ImageDraw.ImageDraw, k: float) -> None:
            top = y - r * 0.62
            d.ellipse([(x - head) * k, top * k, (x + head) * k, (top + 2 * head) * k], fill=255)
            d.chord(
                [(x - r * 0.66) * k, (y + r * 0.22) * k, (x + r * 0.66) * k, (y + r * 1.5) * k],
                180,
                360,
                fill=255,
            )

        canvas.shape((255, 255, 255), figure)


def _ghost(canvas: Canvas, text: str, x: float, y: float, suit: Suit | None = None) -> None:
    """The empty layer a vanished 666 or KKK leaves."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        for i in range(0, W, 10):
            d.line(
                [((x + i) * k, y * k), ((x + min(i + 5, W)) * k, y * k)],
                fill=255,
                width=round(2 * k),
            )
            d.line(
                [((x + i) * k, (y + H) * k), ((x + min(i + 5, W)) * k, (y + H) * k)],
                fill=255,
                width=round(2 * k),
            )
        for j in range(0, H, 10):
            d.line(
                [(x * k, (y + j) * k), (x * k, (y + min(j + 5, H)) * k)],
                fill=255,
                width=round(2 * k),
            )
            d.line(
                [((x + W) * k, (y + j) * k), ((x + W) * k, (y + min(j + 5, H)) * k)],
                fill=255,
                width=round(2 * k),
            )

    canvas.shape(MUTED, paint)
    _number(canvas, text, x + W / 2, y + H / 2, 20, TEXT)


# --- the pictures -----------------------------------------------------------------------------


def arrange() -> Picture:
    """The deal: three face down, three face up on them, three in hand; then any of the six may
    be swapped (arrows both ways)."""
    canvas = Canvas()
    top = 24.0
    x = 40.0
    for i in range(3):
        canvas.back(x + i * 76, top, W)
    for i, text in enumerate(("4C", "9D", "KH")):
        _face(canvas, text, x + i * 76 + 8, top + 56)
    canvas.arrow(292, 352, 90, GLOW)
    _arrow_left(canvas, 292, 352, 130)
    hand = ("2S", "TH", "AD")
    for i, text in enumerate(hand):
        _face(canvas, text, 380 + i * 70, top + 30)
    return canvas.png()


def _arrow_left(canvas: Canvas, x0: float, x1: float, y: float) -> None:
    """An arrow from ``x1`` back to ``x0``."""
    head = 14.0

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.rectangle([(x0 + head - 1) * k, (y - 3) * k, x1 * k, (y + 3) * k], fill=255)
        tip = [(x0 + head, y - 11), (x0, y), (x0 + head, y + 11)]
        d.polygon([(px * k, py * k) for px, py in tip], fill=255)

    canvas.shape(GLOW, paint)


def play() -> Picture:
    """On a 7: another 7 or a 9 may go, a 5 may not."""
    canvas = Canvas()
    top = (HEIGHT - H) / 2 - 10
    _face(canvas, "7D", 40, top)
    canvas.ring(40, top, W)
    canvas.arrow(122, 190, top + H / 2, MUTED)
    for x, text, ok in ((230, "7S", True), (350, "9C", True), (470, "5H", False)):
        _face(canvas, text, x, top)
        if not ok:
            canvas.dim(x, top, W)
        canvas.mark(x + W / 2, top + H + 24, ok)
    return canvas.png()


def pickup() -> Picture:
    """Nothing to play on a queen: the whole pile goes into the hand."""
    canvas = Canvas()
    top = (HEIGHT - H) / 2
    right = _fan(canvas, ("4H", "6C", "9S", "QD"), 40, top)
    canvas.ring(right - W, top, W)
    canvas.arrow(right + 30, right + 130, top + H / 2, GLOW)
    canvas.person(right + 190, 62, 0)
    _fan(canvas, ("4H", "6C", "9S", "QD", "3S", "5D"), right + 160, 96, 20)
    return canvas.png()


def specials() -> Picture:
    """The specials, each over its sign: the 2 goes on anything; the 10 burns; the jack turns
    the direction; Der Fourer destroys the pile for good; the joker is any card."""
    canvas = Canvas()
    top = 18.0
    xs = row_x(5, W, 112)
    for x, text in zip(xs, ("2C", "TH", "JS", "4S", "X"), strict=True):
        _face(canvas, text, x, top)
    sign_y = top + H + 46
    centre = [x + W / 2 for x in xs]
    canvas.mark(centre[0], sign_y, True)
    _flame(canvas, centre[1], sign_y, 15)
    _turn(canvas, centre[2], sign_y, 16, GLOW)
    _stone(canvas, centre[3], sign_y, 21)
    canvas.disc(JOKER_INK, centre[4], sign_y, 17)
    _number(canvas, "?", centre[4], sign_y + 1, 24, TEXT)
    return canvas.png()


def combos() -> Picture:
    """Three 6s and three kings vanish, each leaving an empty layer worth its rank."""
    canvas = Canvas()
    top = (HEIGHT - H) / 2
    for left, texts, ghost in ((24, ("6S", "6H", "6D"), "666"), (318, ("KS", "KH", "KC"), "KKK")):
        right = _fan(canvas, texts, left, top, 24)
        canvas.arrow(right + 14, right + 70, top + H / 2, MUTED)
        _ghost(canvas, ghost, right + 86, top)
    return canvas.png()


def change() -> Picture:
    """An 8 and the card added to it, 5♥: now hearts higher than 5 (9♥ yes, 9♣ and 3♥ no)."""
    canvas = Canvas()
    top = 22.0
    _face(canvas, "8C", 24, top)
    _face(canvas, "5H", 24 + 30, top)
    canvas.ring(54, top, W)
    canvas.trump_box(60, top + H + 20, 40, Suit.HEARTS)
    _number(canvas, ">" + label(5), 140, top + H + 40, 28, TEXT)
    canvas.arrow(182, 238, top + H / 2, MUTED)
    for x, text, ok in ((270, "9H", True), (380, "9C", False), (490, "3H", False)):
        _face(canvas, text, x, top)
        if not ok:
            canvas.dim(x, top, W)
        canvas.mark(x + W / 2, top + H + 30, ok)
    return canvas.png()


def war() -> Picture:
    """9♠ then 9♦: war. A third player joins with 9♥; then the warriors play equal or higher:
    a queen may follow, a 7 may not."""
    canvas = Canvas()
    top = 70.0
    for i, text in enumerate(("9S", "9D", "9H")):
        x = 24 + i * 70
        _person(canvas, x + W / 2, 38, i, r=18)
        _face(canvas, text, x, top)
        canvas.ring(x, top, W, WAR)
    canvas.arrow(240, 300, top + H / 2, MUTED)
    for x, text, ok in ((330, "QS", True), (450, "7C", False)):
        _face(canvas, text, x, top)
        if not ok:
            canvas.dim(x, top, W)
        canvas.mark(x + W / 2, top - 30, ok)
    return canvas.png()


def finish() -> Picture:
    """The players in the order they went out (1, 2, 3), and the last one still holding cards:
    the idiot."""
    canvas = Canvas()
    xs = (70, 190, 310)
    for place, x in enumerate(xs, start=1):
        _person(canvas, x, 64, place - 1)
        canvas.coin(x, 136, 20, str(place))
    canvas.star(xs[0] + 30, 34, 14)
    idiot = 470
    _person(canvas, idiot, 56, 3)
    _backs(canvas, 3, idiot - 56, 96, 28)
    canvas.mark(idiot + 46, 34, False)
    return canvas.png()


PICTURES: dict[str, Callable[[], Picture]] = {
    "arrange": arrange,
    "play": play,
    "pickup": pickup,
    "specials": specials,
    "combos": combos,
    "change": change,
    "war": war,
    "finish": finish,
}
"""The rules pictures by the name the guide asks for."""


@functools.cache
def rules_pictures() -> dict[str, Picture]:
    """Every rules picture, drawn once a process, by name."""
    return {name: draw() for name, draw in PICTURES.items()}


__all__ = ["PICTURES", "WIDTH", "rules_pictures"]
