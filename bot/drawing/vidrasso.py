"""The Vidrasso table as a PNG, drawn from the public view and the players' names only.

:func:`table_png` never sees a game state: it is handed the public
:class:`~bot.engine.view.TableView` (``seat`` None, which it checks) and so cannot draw a card
nobody may see. Which card faces it draws, and where, comes from one function,
:func:`faces` — the renderer paints nothing else face up — so :func:`cards_drawn` is exactly
the set of faces in the picture, and the tests compare it with the view's visible cards.

The picture is 800 pixels wide, for Discord's mobile width (phones show it at about 400): no
text is smaller than 18 pixels. From the top: whose move it is; seat 0's panel (name, total and
this round's points, strawmen, hand size); the middle of the table (the trumps, the trick in
progress, the last trick); seat 1's panel. The seat the game waits for glows.
"""

from __future__ import annotations

import functools
import io
import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter

from bot.drawing.cards import (
    GOLD,
    PAPER,
    RGB,
    card_back,
    card_face,
    card_height,
    draw_suit,
    empty_slot,
)
from bot.drawing.text import Font, display_name, font
from bot.engine.cards import Card
from bot.engine.game import TRICKS_PER_ROUND, Phase, Termination
from bot.engine.trumps import BidKind
from bot.engine.view import TableView

WIDTH, HEIGHT = 800, 694
MARGIN = 16
FELT = (30, 100, 60)
RIM = (17, 60, 36)
PANEL = (24, 82, 49)
PANEL_EDGE = (44, 122, 76)
TEXT = (246, 242, 228)
MUTED = (178, 210, 188)
GLOW = (255, 208, 80)
INK = (34, 34, 38)

CARD_W = 84
"""Strawmen and the trick in progress."""
SMALL_W = 56
"""The last trick."""
BACK_W = 44
"""The card backs that count a hand."""
PEEK = 12
"""How far a face-down strawman card shows below the card on it."""

HEADER_H = 84
PANEL_H = 190
PANEL_Y = (92, 488)
"""Top of each seat's panel: seat 0 above the middle, seat 1 below."""
MIDDLE_Y = 290
PILE_X, PILE_STEP, PILE_DY = 32, 98, 52
TRICK_X = (302, 414)
TRICK_Y = MIDDLE_Y + 34
LAST_X = (630, 694)
LAST_Y = MIDDLE_Y + 40
LAST_CAPTION_W = 2 * (WIDTH - MARGIN - 12 - (LAST_X[0] + LAST_X[1] + SMALL_W) / 2)
"""The last trick's caption stays clear of the table's edge."""
MIDDLE_BOX = (TRICK_X[0] - 56, MIDDLE_Y + 40, TRICK_X[1] + CARD_W + 56, 0)
"""The box in the middle outside the play (its height follows its lines)."""
HAND_CENTRE_X, HAND_DY = 654, 58

CACHE_SIZE = 256
"""Pictures kept by :func:`table_png` (each some tens of KB)."""


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
    (leader's card first) and, with ``last_trick``, the last completed trick. The renderer draws
    faces from this list only."""
    out: list[Face] = []
    for seat in (0, 1):
        for i, pile in enumerate(view.strawmen[seat]):
            if pile.up is not None:
                out.append(Face(pile.up, *_pile_xy(seat, i), CARD_W))
    for i, card in enumerate(view.trick):
        out.append(Face(card, TRICK_X[i], TRICK_Y, CARD_W))
    last = view.last_trick
    if last_trick and last is not None:
        for i, card in enumerate(last.cards):
            out.append(Face(card, LAST_X[i], LAST_Y, SMALL_W))
    return tuple(out)


def cards_drawn(view: TableView, *, last_trick: bool = True) -> frozenset[Card]:
    """The cards :func:`table_png` draws face up for this view."""
    return frozenset(f.card for f in faces(view, last_trick=last_trick))


def _pile_xy(seat: int, pile: int) -> tuple[int, int]:
    return PILE_X + pile * PILE_STEP, PANEL_Y[seat] + PILE_DY


# --- the picture ------------------------------------------------------------------------------


_cache: OrderedDict[Hashable, tuple[TableView, bytes]] = OrderedDict()
_cache_lock = threading.Lock()


def table_png(
    view: TableView,
    names: Sequence[str],
    *,
    last_trick: bool = True,
    key: Hashable | None = None,
) -> bytes:
    """The public table as PNG bytes; ``names[s]`` is seat ``s``'s display name.

    ``key`` identifies the game (e.g. its id) for the cache: pictures are kept by game, state
    version (``view.moves``), names and ``last_trick``, at most :data:`CACHE_SIZE` of them, the
    least recently used going first. A kept picture is only returned for an equal view, so a
    key shared by two games costs a render, never a wrong picture. Without ``key`` nothing is
    kept.
    """
    assert view.seat is None, "the table is only ever drawn from the public view"
    if len(names) != 2:
        raise ValueError("a Vidrasso table needs the names of both seats")
    pair = (names[0], names[1])
    if key is None:
        return _render(view, pair, last_trick)
    cache_key = (key, view.moves, pair, last_trick)
    with _cache_lock:
        kept = _cache.get(cache_key)
        if kept is not None and kept[0] == view:
            _cache.move_to_end(cache_key)
            return kept[1]
    png = _render(view, pair, last_trick)
    with _cache_lock:
        _cache[cache_key] = (view, png)
        _cache.move_to_end(cache_key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return png


def clear_cache() -> None:
    """Forget every kept picture (for tests and benchmarks)."""
    with _cache_lock:
        _cache.clear()


class _Names:
    """The seats' names made drawable, cut to fit where they are drawn."""

    def __init__(self, names: tuple[str, str]) -> None:
        self.names = names

    def get(self, seat: int, face: Font, width: float) -> str:
        """Seat ``seat``'s name, at most ``width`` pixels wide in ``face``."""
        return display_name(self.names[seat], face, width, f"Player {seat + 1}")

    def say(self, face: Font, width: float, template: str, *seats: int) -> str:
        """``template`` with the seats' names for ``{0}``, ``{1}``, the whole at most ``width``
        pixels wide: the names share what the rest of the words leave, a short name leaving
        its unused part to the others."""
        room = width - face.getlength(template.format(*("" for _ in seats)))
        full = {s: self.get(s, face, 10_000) for s in seats}
        shares: dict[int, float] = {}
        waiting = sorted(seats, key=lambda s: face.getlength(full[s]))
        while waiting:
            seat = waiting.pop(0)
            shares[seat] = max(40.0, min(face.getlength(full[seat]), room / (len(waiting) + 1)))
            room -= shares[seat]
        return template.format(*(self.get(s, face, shares[s]) for s in seats))


def _render(view: TableView, names: tuple[str, str], last_trick: bool) -> bytes:
    image = _base().copy()
    draw = ImageDraw.Draw(image)
    who = _Names(names)
    for seat in (0, 1):
        _panel(image, draw, view, who, seat)
    _header(draw, view, who)
    _trumps(image, draw, view)
    _middle(image, draw, view, who)
    if last_trick:
        _last_trick(draw, view, who)
    for face in faces(view, last_trick=last_trick):
        trump = view.trumps.is_trump(face.card)
        picture = card_face(face.card, face.width, trump)
        image.paste(picture, (face.x, face.y), picture)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


@functools.lru_cache(maxsize=1)
def _base() -> Image.Image:
    """The empty table: felt inside a darker rim, and the two panels."""
    image = Image.new("RGB", (WIDTH, HEIGHT), RIM)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([6, 6, WIDTH - 7, HEIGHT - 7], 22, fill=FELT)
    for top in PANEL_Y:
        draw.rounded_rectangle(_panel_box(top), 16, fill=PANEL, outline=PANEL_EDGE, width=2)
    return image


def _panel_box(top: int) -> tuple[int, int, int, int]:
    return (MARGIN, top, WIDTH - MARGIN - 1, top + PANEL_H - 1)


@functools.lru_cache(maxsize=2)
def _glow_mask(width: int, height: int, spread: int) -> Image.Image:
    """A soft ring round a ``width`` × ``height`` panel, ``spread`` pixels each side."""
    mask = Image.new("L", (width + 2 * spread, height + 2 * spread), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        [spread - 2, spread - 2, spread + width + 1, spread + height + 1], 18, outline=255, width=5
    )
    return mask.filter(ImageFilter.GaussianBlur(spread / 2.5))


def _chip(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, colour: RGB) -> float:
    """A small rounded label at ``x``; its right edge."""
    face = font(18, bold=True)
    width = face.getlength(text) + 16
    draw.rounded_rectangle([x, y, x + width, y + 26], 13, outline=colour, width=2)
    draw.text((x + 8, y + 13), text, font=face, fill=colour, anchor="lm")
    return x + width


def _panel(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, who: _Names, seat: int
) -> None:
    """A seat's panel: name and chips, points, strawmen, hand size; a glow when it must act."""
    top = PANEL_Y[seat]
    box = _panel_box(top)
    acting = seat in view.to_act and view.outcome is None
    if acting:
        spread = 14
        width, height = box[2] - box[0] + 1, box[3] - box[1] + 1
        image.paste(GLOW, (box[0] - spread, box[1] - spread), _glow_mask(width, height, spread))
        draw.rounded_rectangle(box, 16, fill=PANEL, outline=GLOW, width=3)
        mid = top + 26
        draw.polygon([(28, mid - 9), (28, mid + 9), (40, mid)], fill=GLOW)

    # Points on the right, the name and its chips in what is left.
    total, this_round = str(view.totals[seat]), f"  ·  this round {_this_round(view, seat)}"
    big, small = font(26, bold=True), font(20)
    right = WIDTH - MARGIN - 16
    round_x = right - small.getlength(this_round)
    total_x = round_x - big.getlength(total)
    draw.text((total_x, top + 26), total, font=big, fill=TEXT, anchor="lm")
    draw.text((round_x, top + 26), this_round, font=small, fill=MUTED, anchor="lm")

    chips = _chips(view, seat)
    name_face = font(26, bold=True)
    room = total_x - 24 - 48 - sum(name_face.getlength(c) * 0.75 + 24 for c, _ in chips)
    name = who.get(seat, name_face, max(room, 120.0))
    draw.text((48, top + 26), name, font=name_face, fill=GLOW if acting else TEXT, anchor="lm")
    x = 48 + name_face.getlength(name) + 12
    for text, colour in chips:
        x = _chip(draw, x, top + 13, text, colour) + 8

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


def _chips(view: TableView, seat: int) -> list[tuple[str, RGB]]:
    chips: list[tuple[str, RGB]] = []
    if view.outcome is not None:
        if view.outcome.winner == seat:
            chips.append(("winner", GLOW))
        return chips
    if view.dealer == seat:
        chips.append(("dealer", MUTED))
    return chips


def _this_round(view: TableView, seat: int) -> int:
    """The seat's points this round: taken in tricks, and the gift once the round is over."""
    last = view.finished_rounds[-1] if view.finished_rounds else None
    if last is not None and last.number == view.round_number:
        return last.scores[seat]
    return view.captured[seat]


def _hand(image: Image.Image, draw: ImageDraw.ImageDraw, size: int, top: int) -> None:
    """A hand as a fan of card backs (never which cards) and its count in words."""
    step = 14
    shown = min(size, 9)
    fan_w = BACK_W + step * (shown - 1) if shown else 0
    x = HAND_CENTRE_X - fan_w // 2
    for i in range(shown):
        back = card_back(BACK_W)
        image.paste(back, (x + i * step, top + HAND_DY), back)
    words = "no cards in hand" if size == 0 else f"{size} card{'s' if size != 1 else ''} in hand"
    y = top + HAND_DY + card_height(BACK_W) + 22 if size else top + HAND_DY + 40
    draw.text((HAND_CENTRE_X, y), words, font=font(20), fill=MUTED, anchor="mm")


def _header(draw: ImageDraw.ImageDraw, view: TableView, who: _Names) -> None:
    """Whose move it is, in words, and the round and target."""
    face = font(28, bold=True)
    status = _status(view, who, face, WIDTH - 230)
    waiting = bool(view.to_act) and view.outcome is None
    draw.text((28, 30), status, font=face, fill=GLOW if waiting else TEXT, anchor="lm")
    draw.text((28, 64), "Vidrasso", font=font(18, bold=True), fill=MUTED, anchor="lm")
    right = WIDTH - 28
    round_face = font(24, bold=True)
    draw.text((right, 30), f"Round {view.round_number}", font=round_face, fill=TEXT, anchor="rm")
    draw.text((right, 64), f"game to {view.target}", font=font(18), fill=MUTED, anchor="rm")


def _status(view: TableView, who: _Names, face: Font, width: float) -> str:
    """ "Alice to lead", "Both choose a gift", "Alice wins 312 to 280" …, ``width`` at most."""
    outcome = view.outcome
    if outcome is not None:
        if outcome.winner is None:
            return "The game was abandoned"
        winner, loser = outcome.winner, 1 - outcome.winner
        if outcome.termination is Termination.RESIGNED:
            return who.say(face, width, "{0} resigned · {1} wins", loser, winner)
        if outcome.termination is Termination.TIMEOUT:
            return who.say(face, width, "{0} ran out of time · {1} wins", loser, winner)
        score = f"{view.totals[winner]} to {view.totals[loser]}"
        return who.say(face, width, "{0} wins " + score, winner)
    if view.phase is Phase.TRUMP:
        if not view.bids:
            return who.say(face, width, "{0} names the first trump", view.to_act[0])
        kind = view.bids[0].kind.other.value
        return who.say(face, width, "{0} names the trump " + kind, view.to_act[0])
    if view.phase is Phase.GIFT:
        if len(view.to_act) == 2:
            return "Both choose a gift"
        return who.say(face, width, "{0} chooses a gift", view.to_act[0])
    if view.phase is Phase.PLAY:
        verb = "follow" if view.trick else "lead"
        return who.say(face, width, "{0} to " + verb, view.to_act[0])
    return f"Round {view.round_number} is over"


def _trumps(image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView) -> None:
    """The trump badge: the trump suit's symbol and the trump rank, a dash until named."""
    label = font(20)
    draw.text((40, MIDDLE_Y + 20), "Trumps", font=label, fill=MUTED, anchor="lm")
    size = 64
    for i, (kind, named) in enumerate(
        ((BidKind.SUIT, view.trumps.suit), (BidKind.RANK, view.trumps.rank))
    ):
        x, y = 40 + i * (size + 20), MIDDLE_Y + 44
        box = (x, y, x + size, y + size)
        draw.rounded_rectangle(box, 10, fill=PAPER, outline=GOLD, width=3)
        centre = (x + size / 2, y + size / 2)
        if named is None:
            draw.line([(centre[0] - 12, centre[1]), (centre[0] + 12, centre[1])], fill=INK, width=4)
        elif kind is BidKind.SUIT:
            assert view.trumps.suit is not None
            draw_suit(image, view.trumps.suit, centre, 40)
        else:
            draw.text(centre, named.value, font=font(40, bold=True), fill=INK, anchor="mm")
        draw.text((centre[0], y + size + 16), kind.value, font=font(18), fill=MUTED, anchor="mm")


def _middle(image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, who: _Names) -> None:
    """The trick in progress (faces are painted later), or what the round waits for."""
    centre_x = (TRICK_X[0] + TRICK_X[1] + CARD_W) / 2
    label = font(20)
    if view.phase is Phase.PLAY or view.trick:
        number = len(view.tricks) + 1
        draw.text(
            (centre_x, MIDDLE_Y + 16),
            f"Trick {number} of {TRICKS_PER_ROUND}",
            font=label,
            fill=MUTED,
            anchor="mm",
        )
        small = font(18)
        for i in (0, 1):
            seat = view.leader if i == 0 else 1 - view.leader
            played = i < len(view.trick)
            if not played:
                slot = empty_slot(CARD_W)
                image.paste(slot, (TRICK_X[i], TRICK_Y), slot)
            draw.text(
                (TRICK_X[i] + CARD_W / 2, TRICK_Y + card_height(CARD_W) + 16),
                who.get(seat, small, CARD_W + 10),
                font=small,
                fill=TEXT if played else MUTED,
                anchor="mm",
            )
        return
    lines = _middle_lines(view, who, label, MIDDLE_BOX[2] - MIDDLE_BOX[0] - 28)
    if not lines:
        return
    left, top, right, _ = MIDDLE_BOX
    draw.rounded_rectangle(
        (left, top, right, top + 30 + 32 * len(lines)), 14, fill=PANEL, outline=PANEL_EDGE, width=2
    )
    for i, (text, colour) in enumerate(lines):
        draw.text((centre_x, top + 31 + 32 * i), text, font=label, fill=colour, anchor="mm")


def _middle_lines(view: TableView, who: _Names, face: Font, width: float) -> list[tuple[str, RGB]]:
    """What the middle of the table says outside the play: the trumps named, the gifts given,
    a finished round's scores."""
    if view.phase is Phase.TRUMP:
        lines = [("Choosing trumps", TEXT)]
        for bid in view.bids:
            lines.append((who.say(face, width, "{0} named " + bid.text, bid.seat), MUTED))
        return lines
    if view.phase is Phase.GIFT:
        lines = [("Each gives one card, face down", TEXT)]
        for seat in (0, 1):
            done = "has given" if view.gifts_in[seat] else "is choosing"
            lines.append((who.say(face, width, "{0} " + done, seat), MUTED))
        return lines
    last = view.finished_rounds[-1] if view.finished_rounds else None
    if last is not None and last.number == view.round_number:
        return [
            (f"Round {last.number} scores", TEXT),
            *((who.say(face, width, "{0} " + str(last.scores[s]), s), MUTED) for s in (0, 1)),
        ]
    return []


def _last_trick(draw: ImageDraw.ImageDraw, view: TableView, who: _Names) -> None:
    """The last completed trick's caption (its faces are painted with the others)."""
    last = view.last_trick
    if last is None:
        return
    centre_x = (LAST_X[0] + LAST_X[1] + SMALL_W) / 2
    draw.text((centre_x, MIDDLE_Y + 20), "Last trick", font=font(20), fill=MUTED, anchor="mm")
    face = font(18)
    caption = who.say(face, LAST_CAPTION_W, "{0} took " + str(last.points), last.winner)
    y = LAST_Y + card_height(SMALL_W) + 18
    draw.text((centre_x, y), caption, font=face, fill=TEXT, anchor="mm")
