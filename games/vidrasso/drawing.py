"""The Vidrasso table as a PNG, drawn from the public view and the players' names only.

:func:`table_png` never sees a game state: it is handed the public
:class:`~games.vidrasso.rules.view.TableView` (``seat`` None, which it checks) and so cannot draw a
card
nobody may see. Which card faces it draws, and where, comes from one function,
:func:`faces` — the renderer paints nothing else face up — so :func:`cards_drawn` is exactly
the set of faces in the picture, and the tests compare it with the view's visible cards.

The picture is 800 pixels wide, for Discord's mobile width (phones show it at about 400): no
text is smaller than 18 pixels. From the top: whose move it is; seat 0's panel (name, total and
this round's points, strawmen, hand size); the middle of the table (the trumps, the trick in
progress, the last trick); seat 1's panel. The seat the game waits for glows.

Every word on it is in the reader's language: it goes through the ``words`` callable the caller
hands :func:`table_png` (a ``cogs.ui.i18n.Words``; English without one), one whole sentence with
``{placeholders}`` at a time — so the message extractor finds each ``words("...")`` here, and
``cogs/locales/<language>/LC_MESSAGES/table.po`` holds their translations. Names go into a
sentence as marks and are cut to fit once the sentence is known
(:meth:`~bot.drawing.table.Names.say`), so a translation may put them anywhere. Japanese is
drawn in Noto Sans CJK (:mod:`bot.drawing.text`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.drawing.cards import (
    GOLD,
    PAPER,
    RGB,
    card_back,
    card_face,
    card_height,
    draw_suit,
    empty_slot,
    warm_faces,
)
from bot.drawing.table import (
    FELT,
    GLOW,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RIM,
    TEXT,
    Names,
    Parts,
    chip,
    chip_height,
    chip_width,
    drawn,
    glow_mask,
    kept,
    language_of,
    learn,
    opaque_parts,
    paste_parts,
    png,
    warms,
)
from bot.drawing.table import clear_cache as clear_cache  # the bot and benchmarks find them here
from bot.drawing.table import draw_in as draw_in
from bot.drawing.text import Words, draw_text, english, fit, font, text_width
from games.vidrasso.rules import new_game
from games.vidrasso.rules.cards import DECK, Card, Rank, Suit
from games.vidrasso.rules.game import TRICKS_PER_ROUND, Phase
from games.vidrasso.rules.trumps import BidKind
from games.vidrasso.rules.view import TableView, view

WIDTH, HEIGHT = 600, 464
"""Laid out for a phone first: shown about 320 pixels wide there, every word and card corner on
it is at least 11 pixels high (:data:`CAPTION` and the cards' widths; a test measures it)."""
MARGIN = 8

CAPTION = 30
"""The smallest text: 30 pixels here, 11-pixel capitals on a 320-pixel-wide phone."""
NAME_SIZE = 32
CARD_W = 76
"""Strawmen and the trick in progress."""
SMALL_W = 70
"""The last trick (its corners as tall as the captions)."""
BACK_W = 48
"""The card backs that count a hand."""
PEEK = 8
"""How far a face-down strawman card shows below the card on it."""

PANEL_H = 156
PANEL_Y = (MARGIN, HEIGHT - MARGIN - PANEL_H)
"""Top of each seat's panel: seat 0 above the middle, seat 1 below."""
MIDDLE_Y = PANEL_Y[0] + PANEL_H
"""The top of the band between the panels (the trumps, the trick, the last trick)."""
MIDDLE_H = PANEL_Y[1] - MIDDLE_Y
NAME_DY = 23
"""The name line's middle, from the panel's top."""
PILE_X, PILE_STEP, PILE_DY = 20, 86, 42
TRICK_X = (222, 310)
TRICK_Y = (MIDDLE_Y + 4, MIDDLE_Y + MIDDLE_H - 4 - card_height(CARD_W))
"""Each seat's card in the trick, the top seat's higher, the bottom seat's lower."""
LAST_LEFT, LAST_RIGHT = TRICK_X[1] + CARD_W + 10, WIDTH - MARGIN - 6
"""The last trick's room: its cards and, under them, who took it."""
LAST_CENTRE_X = (LAST_LEFT + LAST_RIGHT) // 2
LAST_X = (LAST_CENTRE_X - (SMALL_W + 38) // 2, LAST_CENTRE_X - (SMALL_W + 38) // 2 + 38)
LAST_Y = MIDDLE_Y + 4
MIDDLE_BOX = (TRICK_X[0] - 12, MIDDLE_Y + 6, WIDTH - MARGIN - 8, MIDDLE_Y + MIDDLE_H - 6)
"""The box in the middle outside the play (what the round waits for, or its scores)."""
HAND_X = PILE_X + 4 * PILE_STEP + CARD_W + 14
"""The left of a hand's card backs, right of the strawmen."""


# --- what is drawn face up --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Face:
    """A card drawn face up: which card, its top-left corner and width."""

    card: Card
    x: int
    y: int
    width: int


def faces(view: TableView, *, last_trick: bool = True) -> tuple[Face, ...]:
    """Every card face the table shows, and where: the face-up strawmen, the trick in progress
    (leader's card first, each card on its player's side) and, with ``last_trick``, while the
    round is played, the last completed trick. The renderer draws faces from this list only."""
    out: list[Face] = []
    for seat in (0, 1):
        for i, pile in enumerate(view.strawmen[seat]):
            if pile.up is not None:
                out.append(Face(pile.up, *_pile_xy(seat, i), CARD_W))
    for i, card in enumerate(view.trick):
        seat = view.leader if i == 0 else 1 - view.leader
        out.append(Face(card, TRICK_X[seat], TRICK_Y[seat], CARD_W))
    last = view.last_trick
    if last_trick and last is not None and view.phase is Phase.PLAY:
        for i, card in enumerate(last.cards):
            out.append(Face(card, LAST_X[i], LAST_Y, SMALL_W))
    return tuple(out)


def cards_drawn(view: TableView, *, last_trick: bool = True) -> frozenset[Card]:
    """The cards :func:`table_png` draws face up for this view."""
    return frozenset(f.card for f in faces(view, last_trick=last_trick))


def _pile_xy(seat: int, pile: int) -> tuple[int, int]:
    return PILE_X + pile * PILE_STEP, PANEL_Y[seat] + PILE_DY


# --- the picture ------------------------------------------------------------------------------


def table_png(
    view: TableView,
    names: Sequence[str],
    *,
    last_trick: bool = True,
    key: Hashable | None = None,
    words: Words | None = None,
) -> bytes:
    """The public table as PNG bytes; ``names[s]`` is seat ``s``'s display name.

    ``words`` gives the picture's texts in the reader's language: ``words(message, **values)``
    (a ``cogs.ui.i18n.Words``); without it they are English.

    ``key`` identifies the game (e.g. its id, or ``(id, language)``) for the cache: pictures are
    kept by game, state version (``view.moves``), names, ``last_trick`` and the language of
    ``words`` (its ``language``), in the tables' shared cache (:func:`bot.drawing.table.kept`).
    A kept picture is only returned for an equal view, so a key shared by two games costs a
    render, never a wrong picture, and two languages never share one. Without ``key`` (or with
    ``words`` that do not name their ``language``) nothing is kept.
    """
    if view.seat is not None:  # a real check, not an assert: it must hold under -O too
        raise ValueError("the table is only ever drawn from the public view")
    if len(names) != 2:
        raise ValueError("a Vidrasso table needs the names of both seats")
    pair = (names[0], names[1])
    language = language_of(words)
    say = english if words is None else words
    if key is None or (language is None and say is not english):
        return drawn(_render, view, pair, last_trick, say)
    return kept(
        ("vidrasso", key, view.moves, pair, last_trick, language),
        view,
        lambda: drawn(_render, view, pair, last_trick, say),
    )


@warms
def warm_up() -> None:
    """Load what every picture needs (the empty table, the fonts), e.g. in a new worker."""
    _base()
    for seat in (0, 1):
        _glowing(seat)
    english("Player {n}", n=1)
    font(CAPTION, bold=True)
    warm_faces(DECK, (CARD_W, SMALL_W, BACK_W))
    for card in DECK:  # each face cut for its paste once, not in a first picture
        for width in (CARD_W, SMALL_W, BACK_W):
            for trump in (False, True):
                _face_parts(card, width, trump)
    _render(view(new_game(random.Random(0)), None), ("A", "B"), True, english)  # glow, texts


def learn_names(names: Sequence[str], words: Words | None = None) -> Future[object] | None:
    """Have the drawing process learn the players' ``names`` (in seat order, as far as they are
    known) before their table's first picture, and not wait for it: sent as seats are taken
    (:func:`bot.drawing.table.learn`; nothing is sent without a drawing process). Returns the
    request, for tests and benchmarks to wait on."""
    known = [*names[:2], "", ""]
    pair = (known[0], known[1])
    return learn(_learn_names, pair, english if words is None else words)


def _learn_names(names: tuple[str, str], words: Words) -> None:
    """A dealt table of these names drawn (not encoded, not kept), each seat dealing once:
    each name's width and ink, where a first picture draws it whoever deals, then kept in
    :mod:`bot.drawing.text`'s bounded caches. An unknown seat ("") is drawn as its number."""
    for dealt in _dealt_tables():
        _image(dealt, names, True, words)


@functools.lru_cache(maxsize=1)
def _dealt_tables() -> tuple[TableView, ...]:
    """A first table of each seat's deal (the first picture's chips and turn differ)."""
    found: dict[tuple[int, ...], TableView] = {}
    seed = 0
    while len(found) < 2:
        dealt = view(new_game(random.Random(seed)), None)
        found.setdefault(dealt.to_act, dealt)
        seed += 1
    return tuple(found.values())


def _render(view: TableView, names: tuple[str, str], last_trick: bool, words: Words) -> bytes:
    return png(_image(view, names, last_trick, words))


def _image(view: TableView, names: tuple[str, str], last_trick: bool, words: Words) -> Image.Image:
    image = _base().copy()
    draw = ImageDraw.Draw(image)
    who = Names(names, words)
    for seat in (0, 1):
        _panel(image, draw, view, who, seat, words)
    _trumps(image, draw, view, words)
    _middle(image, draw, view, who, words)
    if last_trick:
        _last_trick(draw, view, who, words)
    for face in faces(view, last_trick=last_trick):
        trump = view.trumps.is_trump(face.card)
        paste_parts(image, _face_parts(face.card, face.width, trump), face.x, face.y)
    return image


@functools.lru_cache(maxsize=6 * len(DECK))
def _face_parts(card: Card, width: int, trump: bool) -> Parts:
    """A face cut for :func:`~bot.drawing.table.paste_parts`: the same pixels as pasting it
    through its alpha, only its rim blended."""
    return opaque_parts(card_face(card, width, trump))


@functools.lru_cache(maxsize=1)
def _base() -> Image.Image:
    """The empty table: felt inside a darker rim, and the two panels."""
    image = Image.new("RGB", (WIDTH, HEIGHT), RIM)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([3, 3, WIDTH - 4, HEIGHT - 4], 18, fill=FELT)
    for top in PANEL_Y:
        draw.rounded_rectangle(_panel_box(top), 14, fill=PANEL, outline=PANEL_EDGE, width=2)
    return image


GLOW_SPREAD = 8
"""How far an acting seat's glow reaches out of its panel."""


def _glow(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int) -> None:
    """An acting seat's panel glowing (:func:`_glowing`), painted before anything else on it."""
    box = _panel_box(PANEL_Y[seat])
    image.paste(_glowing(seat), (box[0] - GLOW_SPREAD, box[1] - GLOW_SPREAD))


@functools.lru_cache(maxsize=2)
def _glowing(seat: int) -> Image.Image:
    """Seat ``seat``'s empty panel glowing, with its glow round it, as painted on the empty
    table: a soft gold ring, a gold edge and the marker by the name. Kept: the blurred ring
    blended in through its mask cost most of a picture, and what lies under it is always the
    empty table (the other panel and the middle are painted apart from it)."""
    box = _panel_box(PANEL_Y[seat])
    spread = GLOW_SPREAD
    width, height = box[2] - box[0] + 1, box[3] - box[1] + 1
    mask = glow_mask(width, height, spread)
    image = _base().copy()
    draw = ImageDraw.Draw(image)
    image.paste(GLOW, (box[0] - spread, box[1] - spread), mask)
    draw.rounded_rectangle(box, 14, fill=PANEL, outline=GLOW, width=4)
    mid = box[1] + NAME_DY
    draw.polygon([(16, mid - 11), (16, mid + 11), (30, mid)], fill=GLOW)
    left, top = box[0] - spread, box[1] - spread
    return image.crop((left, top, left + mask.width, top + mask.height))


def _panel_box(top: int) -> tuple[int, int, int, int]:
    return (MARGIN, top, WIDTH - MARGIN - 1, top + PANEL_H - 1)


def _panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: TableView,
    who: Names,
    seat: int,
    words: Words,
) -> None:
    """A seat's panel: name and chips, total and this round's points, strawmen, hand; a glow
    when it must act."""
    top = PANEL_Y[seat]
    acting = seat in view.to_act and view.outcome is None
    mid = top + NAME_DY
    if acting:
        _glow(image, draw, seat)

    # The total and this round's points on the right, the name and its chips in what is left.
    total = str(view.totals[seat])
    this_round = "  " + words("this round {points}", points=_this_round(view, seat))
    big, small = font(36, bold=True), font(CAPTION)
    right = WIDTH - MARGIN - 14
    round_x = right - text_width(this_round, small)
    total_x = round_x - big.getlength(total)
    draw.text((total_x, mid), total, font=big, fill=TEXT, anchor="lm")
    draw_text(draw, (round_x, mid), this_round, small, MUTED, "lm")

    chips = _chips(view, seat, words)
    name_face = font(NAME_SIZE, bold=True)
    room = total_x - 16 - 36 - sum(chip_width(c, CAPTION) + 8 for c, _ in chips)
    name = who.get(seat, name_face, max(room, 90.0))
    draw_text(draw, (36, mid), name, name_face, GLOW if acting else TEXT, "lm")
    x = 36 + text_width(name, name_face) + 10
    for text, colour in chips:
        x = chip(draw, x, mid - chip_height(CAPTION) / 2, text, colour, CAPTION) + 8

    for i, pile in enumerate(view.strawmen[seat]):
        px, py = _pile_xy(seat, i)
        if pile.up is None:
            slot = card_back(CARD_W) if pile.hidden else empty_slot(CARD_W)
            image.paste(slot, (px, py), slot)
        elif pile.hidden:
            back = card_back(CARD_W)
            image.paste(back, (px, py + PEEK), back)
        # A face-up card is painted with the other faces (see :func:`faces`).
    _hand(image, draw, view.hand_sizes[seat], top)


def _chips(view: TableView, seat: int, words: Words) -> list[tuple[str, RGB]]:
    chips: list[tuple[str, RGB]] = []
    if view.outcome is not None:
        if view.outcome.winner == seat:
            chips.append((words("winner"), GLOW))
        return chips
    if view.dealer == seat:
        chips.append((words("dealer"), MUTED))
    return chips


def _this_round(view: TableView, seat: int) -> int:
    """The seat's points this round: taken in tricks, and the gift once the round is over."""
    last = view.finished_rounds[-1] if view.finished_rounds else None
    if last is not None and last.number == view.round_number:
        return last.scores[seat]
    return view.captured[seat]


def _hand(image: Image.Image, draw: ImageDraw.ImageDraw, size: int, top: int) -> None:
    """A hand as a fan of card backs (never which cards), and how many under it."""
    step = 6
    shown = min(size, 9)
    y = top + PILE_DY
    for i in range(shown):
        back = card_back(BACK_W)
        image.paste(back, (HAND_X + i * step, y), back)
    centre = HAND_X + (BACK_W + step * (max(shown, 1) - 1)) / 2
    label_y = y + card_height(BACK_W) + 26 if size else y + 40
    draw_text(draw, (centre, label_y), str(size), font(CAPTION, bold=True), MUTED, "mm")


def _trumps(image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, words: Words) -> None:
    """The trump badge: the trump suit's symbol and the trump rank, a dash until named; under
    it, the trick being played."""
    left = PILE_X
    room = TRICK_X[0] - 14 - left
    draw_text(
        draw, (left, MIDDLE_Y + 22), fit(words("Trumps"), font(CAPTION), room), font(CAPTION),
        MUTED, "lm",
    )  # fmt: skip
    size = 52
    for i, named in enumerate((view.trumps.suit, view.trumps.rank)):
        x, y = left + i * (size + 12), MIDDLE_Y + 42
        box = (x, y, x + size, y + size)
        draw.rounded_rectangle(box, 10, fill=PAPER, outline=GOLD, width=3)
        centre = (x + size / 2, y + size / 2)
        if named is None:
            draw.line([(centre[0] - 12, centre[1]), (centre[0] + 12, centre[1])], fill=INK, width=4)
        elif isinstance(named, Suit):
            draw_suit(image, named, centre, 36)
        else:
            draw.text(centre, named.value, font=font(36, bold=True), fill=INK, anchor="mm")
    if view.phase is Phase.PLAY:
        number = len(view.tricks) + (1 if view.phase is Phase.PLAY else 0)
        heading = words("Trick {n} of {total}", n=number, total=TRICKS_PER_ROUND)
        caption = font(CAPTION)
        room = TRICK_X[1] - 8 - left  # under the top seat's card, beside the bottom seat's
        draw_text(draw, (left, MIDDLE_Y + 116), fit(heading, caption, room), caption, MUTED, "lm")


def _middle(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words
) -> None:
    """The trick in progress (faces are painted later), or what the round waits for."""
    if view.phase is Phase.PLAY or view.trick:
        for i in range(len(view.trick), 2):
            seat = view.leader if i == 0 else 1 - view.leader
            slot = empty_slot(CARD_W)
            image.paste(slot, (TRICK_X[seat], TRICK_Y[seat]), slot)
        return
    lines = _middle_lines(view, who, words)
    if not lines:
        return
    left, top, right, bottom = MIDDLE_BOX
    draw.rounded_rectangle((left, top, right, bottom), 12, fill=PANEL, outline=PANEL_EDGE, width=2)
    face = font(CAPTION)
    width = right - left - 20
    step = (bottom - top) / len(lines)
    for i, (text, colour) in enumerate(lines):
        text = fit(who.say(text, face, width), face, width)
        draw_text(draw, (left + 12, top + step * (i + 0.5)), text, face, colour, "lm")


def _trump_name(value: Suit | Rank, words: Words) -> str:
    """A trump suit's or rank's name, ``hearts``, ``sevens``, in the reader's words."""
    if isinstance(value, Suit):
        return {
            Suit.SPADES: words("spades"),
            Suit.HEARTS: words("hearts"),
            Suit.DIAMONDS: words("diamonds"),
            Suit.CLUBS: words("clubs"),
        }[value]
    return {
        Rank.ACE: words("aces"),
        Rank.TWO: words("twos"),
        Rank.THREE: words("threes"),
        Rank.FOUR: words("fours"),
        Rank.FIVE: words("fives"),
        Rank.SIX: words("sixes"),
        Rank.SEVEN: words("sevens"),
        Rank.EIGHT: words("eights"),
        Rank.NINE: words("nines"),
    }[value]


def _middle_lines(view: TableView, who: Names, words: Words) -> list[tuple[str, RGB]]:
    """What the middle of the table says outside the play: the trumps named, the gifts given,
    a finished round's scores (names as the seats' :meth:`~bot.drawing.table.Names.mark`)."""
    if view.phase is Phase.TRUMP:
        lines = [(words("Choosing the trumps"), TEXT)]
        for bid in view.bids:
            player, named = who.mark(bid.seat), _trump_name(bid.value, words)
            if bid.kind is BidKind.SUIT:
                lines.append((words("{player} named {suit}", player=player, suit=named), MUTED))
            else:
                lines.append((words("{player} named {rank}", player=player, rank=named), MUTED))
        return lines
    if view.phase is Phase.GIFT:
        lines = [(words("Each gives one card, face down"), TEXT)]
        for seat in (0, 1):
            player = who.mark(seat)
            if view.gifts_in[seat]:
                lines.append((words("{player} has given", player=player), MUTED))
            else:
                lines.append((words("{player} is choosing", player=player), MUTED))
        return lines
    last = view.finished_rounds[-1] if view.finished_rounds else None
    if last is not None and last.number == view.round_number:
        return [
            (words("Round {n} scores", n=last.number), TEXT),
            *(
                (words("{player} {points}", player=who.mark(s), points=last.scores[s]), MUTED)
                for s in (0, 1)
            ),
        ]
    return []


def _last_trick(draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words) -> None:
    """The last completed trick's caption, under its cards (painted with the other faces)."""
    last = view.last_trick
    if last is None or view.phase is not Phase.PLAY:
        return
    face = font(CAPTION)
    took = words("{player} took {points}", player=who.mark(last.winner), points=last.points)
    room = LAST_RIGHT - LAST_LEFT
    caption = fit(who.say(took, face, room), face, room)
    y = LAST_Y + card_height(SMALL_W) + 18
    draw_text(draw, (LAST_CENTRE_X, y), caption, face, TEXT, "mm")
