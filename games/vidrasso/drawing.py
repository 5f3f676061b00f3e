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
    CHIP_SIZE,
    FELT,
    GLOW,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RIM,
    TEXT,
    Names,
    chip,
    chip_width,
    drawn,
    glow_mask,
    kept,
    language_of,
    png,
    warms,
)
from bot.drawing.table import clear_cache as clear_cache  # the bot and benchmarks find them here
from bot.drawing.table import draw_in as draw_in
from bot.drawing.text import Words, draw_text, english, font, text_width
from games.vidrasso.rules import new_game
from games.vidrasso.rules.cards import DECK, Card, Rank, Suit
from games.vidrasso.rules.game import TRICKS_PER_ROUND, Phase, Termination
from games.vidrasso.rules.trumps import BidKind
from games.vidrasso.rules.view import TableView, view

WIDTH, HEIGHT = 800, 694
MARGIN = 16

CARD_W = 84
"""Strawmen and the trick in progress."""
SMALL_W = 56
"""The last trick."""
BACK_W = 44
"""The card backs that count a hand."""
PEEK = 12
"""How far a face-down strawman card shows below the card on it."""

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
    english("Player {n}", n=1)
    font(CHIP_SIZE, bold=True)
    warm_faces(DECK, (CARD_W, SMALL_W, BACK_W))
    _render(view(new_game(random.Random(0)), None), ("A", "B"), True, english)  # glow, texts


def _render(view: TableView, names: tuple[str, str], last_trick: bool, words: Words) -> bytes:
    image = _base().copy()
    draw = ImageDraw.Draw(image)
    who = Names(names, words)
    for seat in (0, 1):
        _panel(image, draw, view, who, seat, words)
    _header(draw, view, who, words)
    _trumps(image, draw, view, words)
    _middle(image, draw, view, who, words)
    if last_trick:
        _last_trick(draw, view, who, words)
    for face in faces(view, last_trick=last_trick):
        trump = view.trumps.is_trump(face.card)
        picture = card_face(face.card, face.width, trump)
        image.paste(picture, (face.x, face.y), picture)
    return png(image)


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


def _panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: TableView,
    who: Names,
    seat: int,
    words: Words,
) -> None:
    """A seat's panel: name and chips, points, strawmen, hand size; a glow when it must act."""
    top = PANEL_Y[seat]
    box = _panel_box(top)
    acting = seat in view.to_act and view.outcome is None
    if acting:
        spread = 14
        width, height = box[2] - box[0] + 1, box[3] - box[1] + 1
        image.paste(GLOW, (box[0] - spread, box[1] - spread), glow_mask(width, height, spread))
        draw.rounded_rectangle(box, 16, fill=PANEL, outline=GLOW, width=3)
        mid = top + 26
        draw.polygon([(28, mid - 9), (28, mid + 9), (40, mid)], fill=GLOW)

    # Points on the right, the name and its chips in what is left.
    total = str(view.totals[seat])
    this_round = "  ·  " + words("this round {points}", points=_this_round(view, seat))
    big, small = font(26, bold=True), font(20)
    right = WIDTH - MARGIN - 16
    round_x = right - text_width(this_round, small)
    total_x = round_x - big.getlength(total)
    draw.text((total_x, top + 26), total, font=big, fill=TEXT, anchor="lm")
    draw_text(draw, (round_x, top + 26), this_round, small, MUTED, "lm")

    chips = _chips(view, seat, words)
    name_face = font(26, bold=True)
    room = total_x - 24 - 48 - sum(chip_width(c) + 8 for c, _ in chips)
    name = who.get(seat, name_face, max(room, 120.0))
    draw_text(draw, (48, top + 26), name, name_face, GLOW if acting else TEXT, "lm")
    x = 48 + text_width(name, name_face) + 12
    for text, colour in chips:
        x = chip(draw, x, top + 13, text, colour) + 8

    for i, pile in enumerate(view.strawmen[seat]):
        px, py = _pile_xy(seat, i)
        if pile.up is None:
            slot = card_back(CARD_W) if pile.hidden else empty_slot(CARD_W)
            image.paste(slot, (px, py), slot)
        elif pile.hidden:
            back = card_back(CARD_W)
            image.paste(back, (px, py + PEEK), back)
        # A face-up card is painted with the other faces (see :func:`faces`).
    _hand(image, draw, view.hand_sizes[seat], top, words)


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


def _hand(image: Image.Image, draw: ImageDraw.ImageDraw, size: int, top: int, words: Words) -> None:
    """A hand as a fan of card backs (never which cards) and its count in words."""
    step = 14
    shown = min(size, 9)
    fan_w = BACK_W + step * (shown - 1) if shown else 0
    x = HAND_CENTRE_X - fan_w // 2
    for i in range(shown):
        back = card_back(BACK_W)
        image.paste(back, (x + i * step, top + HAND_DY), back)
    if size == 0:
        count = words("no cards in hand")
    elif size == 1:
        count = words("1 card in hand")
    else:
        count = words("{count} cards in hand", count=size)
    y = top + HAND_DY + card_height(BACK_W) + 22 if size else top + HAND_DY + 40
    draw_text(draw, (HAND_CENTRE_X, y), count, font(20), MUTED, "mm")


def _header(draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words) -> None:
    """Whose move it is, in words, and the round and target."""
    face = font(28, bold=True)
    status = who.say(_status(view, who, words), face, WIDTH - 230)
    waiting = bool(view.to_act) and view.outcome is None
    draw_text(draw, (28, 30), status, face, GLOW if waiting else TEXT, "lm")
    draw_text(draw, (28, 64), words("Vidrasso"), font(18, bold=True), MUTED, "lm")
    right = WIDTH - 28
    round_text = words("Round {n}", n=view.round_number)
    draw_text(draw, (right, 30), round_text, font(24, bold=True), TEXT, "rm")
    target = words("game to {target}", target=view.target)
    draw_text(draw, (right, 64), target, font(18), MUTED, "rm")


def _status(view: TableView, who: Names, words: Words) -> str:
    """ "Alice to lead", "Both choose a gift", "Alice wins 312 to 280" …, with the seats'
    :meth:`~bot.drawing.table.Names.mark` for their names."""
    outcome = view.outcome
    if outcome is not None:
        if outcome.winner is None:
            return words("The game was stopped")
        winner, loser = who.mark(outcome.winner), who.mark(1 - outcome.winner)
        if outcome.termination is Termination.RESIGNED:
            return words("{loser} resigned · {winner} wins", loser=loser, winner=winner)
        if outcome.termination is Termination.TIMEOUT:
            return words("{loser} ran out of time · {winner} wins", loser=loser, winner=winner)
        won, lost = view.totals[outcome.winner], view.totals[1 - outcome.winner]
        return words("{winner} wins {won} to {lost}", winner=winner, won=won, lost=lost)
    if view.phase is Phase.TRUMP:
        player = who.mark(view.to_act[0])
        if not view.bids:
            return words("{player} names the first trump", player=player)
        if view.bids[0].kind is BidKind.RANK:
            return words("{player} names the trump suit", player=player)
        return words("{player} names the trump rank", player=player)
    if view.phase is Phase.GIFT:
        if len(view.to_act) == 2:
            return words("Both choose a gift")
        return words("{player} chooses a gift", player=who.mark(view.to_act[0]))
    if view.phase is Phase.PLAY:
        if view.trick:
            return words("{player} to follow", player=who.mark(view.to_act[0]))
        return words("{player} to lead", player=who.mark(view.to_act[0]))
    return words("Round {n} is over", n=view.round_number)


def _trumps(image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, words: Words) -> None:
    """The trump badge: the trump suit's symbol and the trump rank, a dash until named."""
    label = font(20)
    draw_text(draw, (40, MIDDLE_Y + 20), words("Trumps"), label, MUTED, "lm")
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
        caption = words("suit") if kind is BidKind.SUIT else words("rank")
        draw_text(draw, (centre[0], y + size + 16), caption, font(18), MUTED, "mm")


def _middle(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words
) -> None:
    """The trick in progress (faces are painted later), or what the round waits for."""
    centre_x = (TRICK_X[0] + TRICK_X[1] + CARD_W) / 2
    label = font(20)
    if view.phase is Phase.PLAY or view.trick:
        number = len(view.tricks) + 1
        heading = words("Trick {n} of {total}", n=number, total=TRICKS_PER_ROUND)
        draw_text(draw, (centre_x, MIDDLE_Y + 16), heading, label, MUTED, "mm")
        small = font(18)
        for i in (0, 1):
            seat = view.leader if i == 0 else 1 - view.leader
            played = i < len(view.trick)
            if not played:
                slot = empty_slot(CARD_W)
                image.paste(slot, (TRICK_X[i], TRICK_Y), slot)
            draw_text(
                draw,
                (TRICK_X[i] + CARD_W / 2, TRICK_Y + card_height(CARD_W) + 16),
                who.get(seat, small, CARD_W + 10),
                small,
                TEXT if played else MUTED,
                "mm",
            )
        return
    lines = _middle_lines(view, who, words)
    if not lines:
        return
    left, top, right, _ = MIDDLE_BOX
    draw.rounded_rectangle(
        (left, top, right, top + 30 + 32 * len(lines)), 14, fill=PANEL, outline=PANEL_EDGE, width=2
    )
    width = right - left - 28
    for i, (text, colour) in enumerate(lines):
        text = who.say(text, label, width)
        draw_text(draw, (centre_x, top + 31 + 32 * i), text, label, colour, "mm")


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
    """The last completed trick's caption (its faces are painted with the others)."""
    last = view.last_trick
    if last is None:
        return
    centre_x = (LAST_X[0] + LAST_X[1] + SMALL_W) / 2
    draw_text(draw, (centre_x, MIDDLE_Y + 20), words("Last trick"), font(20), MUTED, "mm")
    face = font(18)
    took = words("{player} took {points}", player=who.mark(last.winner), points=last.points)
    caption = who.say(took, face, LAST_CAPTION_W)
    y = LAST_Y + card_height(SMALL_W) + 18
    draw_text(draw, (centre_x, y), caption, face, TEXT, "mm")
