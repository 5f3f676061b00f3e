"""The Pidro table as a PNG, drawn from the public view and the players' names only.

As for Vidrasso (:mod:`games.vidrasso.drawing`), :func:`table_png` is handed the public
:class:`~games.pidro.rules.TableView` (``seat`` None, which it checks), never a game state; which
card
faces it draws, and where, comes from one function, :func:`faces` — the renderer paints nothing
else face up — so :func:`cards_drawn` is exactly the set of faces in the picture, and the tests
compare it with the view's visible cards.

The picture is 800 pixels wide (phones show it at about 400): no text is smaller than 18 pixels.
The header says whose move it is, the contract and trumps, and each team's total and points this
hand. The four seats sit round the table as at a real one — seat 0 at the bottom, 1 on the left,
2 at the top, 3 on the right, partners opposite — each with its team's colour, its bid, its hand
as card backs with how many cards came from the stock, and what it has laid face up: discards,
killed trumps, a cold player's cards. In the middle lies the trick in progress, each card in
front of the seat that played it, the leader's ringed; below it the last trick. The seat the
game waits for glows.

Every word goes through the caller's ``words`` (a ``cogs.ui.i18n.Words``), one whole sentence
with ``{placeholders}`` at a time; the Japanese texts are in
``games/pidro/locales/ja/LC_MESSAGES/pidro_table.po`` (those shared with the Vidrasso table in
``table.po``).
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
from bot.drawing.text import Words, draw_text, english, fit, font, text_width
from games.pidro.rules import Card, Phase, Suit, TableView, Termination, new_game, team_of, view
from games.pidro.rules.cards import DECK
from games.pidro.rules.parts import TEAMS

WIDTH, HEIGHT = 800, 920
MARGIN = 16
TEAM_COLOURS: tuple[RGB, RGB] = ((84, 150, 255), (196, 120, 255))
"""Team 0 (seats 0 and 2) blue, team 1 (seats 1 and 3) violet: apart from the gold glow of the
seat to act, and from the suits' colours."""

CARD_W = 64
"""The trick in progress."""
SMALL_W = 50
"""Face-up cards beside a seat (19-pixel ranks, 18 for a ten)."""
LAST_W = 46
"""The last trick, and the trumps a team kept at the end of a hand."""
BACK_W = 40
"""The card backs that count a hand."""
SMALL_STEP = 23
"""How far apart overlapping face-up cards lie: the corner's rank and suit stay in view (nine
cards at the side of the table lie a little closer)."""


@dataclass(frozen=True, slots=True)
class Box:
    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        return self.right - self.left

    @property
    def wide(self) -> bool:
        """A panel across the table (top and bottom seats), not one at its side."""
        return self.width > 400

    def xy(self) -> tuple[int, int, int, int]:
        return (self.left, self.top, self.right, self.bottom)


HEADER_BOTTOM = 152
PANEL_H = 160
SIDE_W = 236
TOP_Y = HEADER_BOTTOM + 6
MIDDLE_Y = TOP_Y + PANEL_H + 12
BOTTOM_Y = HEIGHT - MARGIN - PANEL_H
SEATS: tuple[Box, Box, Box, Box] = (
    Box(MARGIN, BOTTOM_Y, WIDTH - MARGIN, BOTTOM_Y + PANEL_H),
    Box(MARGIN, MIDDLE_Y, MARGIN + SIDE_W, BOTTOM_Y - 12),
    Box(MARGIN, TOP_Y, WIDTH - MARGIN, TOP_Y + PANEL_H),
    Box(WIDTH - MARGIN - SIDE_W, MIDDLE_Y, WIDTH - MARGIN, BOTTOM_Y - 12),
)
"""Each seat's panel: 0 at the bottom, 1 on the left, 2 at the top, 3 on the right."""
MIDDLE = Box(SEATS[1].right + 12, MIDDLE_Y, SEATS[3].left - 12, BOTTOM_Y - 12)
CENTRE_X = (MIDDLE.left + MIDDLE.right) // 2
CROSS_Y = MIDDLE.top + 152
"""The centre of the trick in progress."""
LAST_Y = MIDDLE.bottom - card_height(LAST_W) - 10
"""The top of the last trick's cards."""


# --- what is drawn face up, and where --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Face:
    """A card drawn face up: which card, its top-left corner and width, and whether it is a
    trump (a gold border)."""

    card: Card
    x: int
    y: int
    width: int
    trump: bool


def _trump(view: TableView, card: Card) -> bool:
    return view.trump is not None and card.is_trump(view.trump)


def faces(view: TableView) -> tuple[Face, ...]:
    """Every card face the table shows, and where: each seat's face-up cards (discards, kills,
    a cold player's cards), the trick in progress, the last trick, and the trumps a team kept.
    The renderer draws faces from this list only."""
    out: list[Face] = []
    for seat in range(4):
        for group in _seat_groups(view, seat):
            for card, (x, y) in zip(group.cards, group.places, strict=True):
                out.append(Face(card, x, y, group.width, _trump(view, card)))
    for seat, card in view.trick:
        x, y = _trick_xy(seat)
        out.append(Face(card, x, y, CARD_W, _trump(view, card)))
    if view.tricks and view.phase in (Phase.PLAY, Phase.DEAL):
        plays = view.tricks[-1].plays
        for (_, card), left in zip(plays, _row_x(len(plays), LAST_W, LAST_W + 8), strict=True):
            out.append(Face(card, round(left), LAST_Y, LAST_W, _trump(view, card)))
    if view.kept_by is not None and view.phase is Phase.DEAL:
        kept_cards = view.kept_by.cards
        step = min(LAST_W + 6, (MIDDLE.width - 40 - LAST_W) / max(1, len(kept_cards) - 1))
        for card, left in zip(kept_cards, _row_x(len(kept_cards), LAST_W, step), strict=True):
            out.append(Face(card, round(left), KEPT_Y, LAST_W, True))
    return tuple(out)


def cards_drawn(view: TableView) -> frozenset[Card]:
    """The cards :func:`table_png` draws face up for this view."""
    return frozenset(f.card for f in faces(view))


@dataclass(frozen=True, slots=True)
class _Group:
    """A seat's face-up cards of one kind, with the caption over them."""

    caption: str
    cards: tuple[Card, ...]
    places: tuple[tuple[int, int], ...]
    width: int
    caption_xy: tuple[int, int]

    @property
    def right(self) -> int:
        cards_end = self.places[-1][0] + self.width if self.places else 0
        return max(cards_end, self.caption_xy[0] + 120)

    @property
    def bottom(self) -> int:
        if not self.places:  # the caption alone: a player gone cold with no cards left
            return self.caption_xy[1] + 20
        return self.places[-1][1] + card_height(self.width)


def _seat_groups(view: TableView, seat: int, words: Words = english) -> list[_Group]:
    """A seat's face-up cards in groups, each a row under its caption, laid out in its panel:
    a cold player's cards where its hand was; its discards and killed trumps beside them in a
    wide panel, under them at the sides."""
    box = SEATS[seat]
    groups: list[_Group] = []
    if seat in view.cold:  # in the hand's place
        cards = view.cold_cards[seat]
        top = box.top + (52 if box.wide else 80)
        caption = words("cold: the cards left") if cards else words("cold: no cards left")
        groups.append(_group(caption, cards, box.left + 26, top, HAND_ROOM - 40))
    kinds = [(words("discarded"), view.discards[seat]), (words("killed"), view.kills[seat])]
    if box.wide:
        x = box.left + HAND_ROOM
        for caption, cards in kinds:
            if cards:
                groups.append(_group(caption, cards, x, box.top + 52, box.right - 16 - x))
                x = groups[-1].right + 24
        return groups
    y = groups[-1].bottom + 8 if groups else box.top + 200
    for caption, cards in kinds:
        if cards:
            groups.append(_group(caption, cards, box.left + 16, y, box.width - 32))
            y = groups[-1].bottom + 8
    return groups


def _group(caption: str, cards: tuple[Card, ...], left: int, top: int, room: int) -> _Group:
    """``cards`` in one row at most ``room`` pixels wide under their caption at (``left``,
    ``top``): overlapping by :data:`SMALL_STEP`, closer when there are many."""
    step = SMALL_STEP if len(cards) < 2 else min(SMALL_STEP, (room - SMALL_W) // (len(cards) - 1))
    places = tuple((left + i * step, top + 22) for i in range(len(cards)))
    return _Group(caption, cards, places, SMALL_W, (left, top + 8))


HAND_ROOM = 236
"""How much of a wide panel the name's column and the hand take before the face-up cards."""
KEPT_Y = MIDDLE.top + 186
"""The top of the trumps a team kept, shown with the hand's scores."""

TRICK_OFFSETS = {
    0: (-CARD_W // 2, 22),
    1: (-CARD_W // 2 - CARD_W - 18, -card_height(CARD_W) // 2),
    2: (-CARD_W // 2, -22 - card_height(CARD_W)),
    3: (CARD_W // 2 + 18, -card_height(CARD_W) // 2),
}
"""Where each seat's card lies in the trick, from the centre: in front of the seat."""


def _trick_xy(seat: int) -> tuple[int, int]:
    dx, dy = TRICK_OFFSETS[seat]
    return CENTRE_X + dx, CROSS_Y + dy


def _row_x(count: int, width: int, step: float, centre: float = CENTRE_X) -> list[float]:
    """The left edges of ``count`` cards ``width`` wide, ``step`` apart, centred on ``centre``."""
    total = width + step * (count - 1) if count else 0
    return [centre - total / 2 + i * step for i in range(count)]


# --- the picture ------------------------------------------------------------------------------


def table_png(
    view: TableView,
    names: Sequence[str],
    key: Hashable | None = None,
    words: Words | None = None,
) -> bytes:
    """The public table as PNG bytes; ``names[s]`` is seat ``s``'s display name.

    ``words`` gives the picture's texts in the reader's language (a ``cogs.ui.i18n.Words``);
    without it they are English. ``key`` identifies the game (e.g. ``(game id, language)``):
    pictures are kept by it, the state version (``view.moves``), the names and the language in
    the tables' shared cache (:func:`bot.drawing.table.kept`), only ever returned for an equal
    view. Without ``key`` nothing is kept. The drawing runs in the bot's drawing process when
    it has one (:func:`bot.drawing.table.draw_in`).
    """
    if view.seat is not None:  # a real check, not an assert: it must hold under -O too
        raise ValueError("the table is only ever drawn from the public view")
    if len(names) != 4:
        raise ValueError("a Pidro table needs the names of all four seats")
    four = (names[0], names[1], names[2], names[3])
    language = language_of(words)
    say = english if words is None else words
    if key is None or (language is None and say is not english):
        return drawn(_render, view, four, say)
    return kept(
        ("pidro", key, view.moves, four, language),
        view,
        lambda: drawn(_render, view, four, say),
    )


@warms
def warm_up() -> None:
    """Load what every picture needs (the empty table, the fonts), e.g. in a new worker."""
    _base()
    font(CHIP_SIZE, bold=True)
    warm_faces(DECK, (CARD_W, SMALL_W, LAST_W, BACK_W))
    first = view(new_game(random.Random(0), 62), None)
    _render(first, ("A", "B", "C", "D"), english)  # the glow, the texts


def _render(view: TableView, names: tuple[str, str, str, str], words: Words) -> bytes:
    image = _base().copy()
    draw = ImageDraw.Draw(image)
    who = Names(names, words)
    _header(image, draw, view, who, words)
    for seat in range(4):
        _seat(image, draw, view, who, seat, words)
    _middle(image, draw, view, who, words)
    for face in faces(view):
        picture = card_face(face.card, face.width, face.trump)
        image.paste(picture, (face.x, face.y), picture)
    return png(image)


@functools.lru_cache(maxsize=1)
def _base() -> Image.Image:
    """The empty table: felt inside a darker rim, the four seats' panels and their team
    stripes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), RIM)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([6, 6, WIDTH - 7, HEIGHT - 7], 22, fill=FELT)
    for seat, box in enumerate(SEATS):
        draw.rounded_rectangle(box.xy(), 16, fill=PANEL, outline=PANEL_EDGE, width=2)
        colour = TEAM_COLOURS[team_of(seat)]
        draw.rounded_rectangle(
            (box.left + 8, box.top + 12, box.left + 14, box.top + 40), 3, fill=colour
        )
    return image


# --- the header -------------------------------------------------------------------------------


def _header(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words
) -> None:
    """Whose move it is; the hand and target; the contract and trumps; both teams' scores."""
    face = font(28, bold=True)
    right = WIDTH - 28
    hand_text = words("Hand {n}", n=view.hand_number)
    hand_face = font(24, bold=True)
    status = who.say(
        _status(view, who, words), face, right - 28 - text_width(hand_text, hand_face) - 24
    )
    waiting = bool(view.to_act) and view.outcome is None
    draw_text(draw, (28, 32), status, face, GLOW if waiting else TEXT, "lm")
    draw_text(draw, (right, 32), hand_text, hand_face, TEXT, "rm")

    # The trump badge, then the contract in words; the target on the right.
    size, top = 38, 56
    draw.rounded_rectangle((28, top, 28 + size, top + size), 8, fill=PAPER, outline=GOLD, width=3)
    centre = (28 + size / 2, top + size / 2)
    if view.trump is None:
        draw.line([(centre[0] - 9, centre[1]), (centre[0] + 9, centre[1])], fill=INK, width=4)
    else:
        draw_suit(image, view.trump, centre, 26)
    target = words("game to {target}", target=view.target)
    small = font(20)
    contract = who.say(
        _contract(view, who, words), small, right - 28 - size - 12 - text_width(target, small) - 24
    )
    draw_text(draw, (28 + size + 12, top + size / 2), contract, small, TEXT, "lm")
    draw_text(draw, (right, top + size / 2), target, small, MUTED, "rm")

    # One box a team: its players, its total (big), what it took this hand.
    half = (WIDTH - 2 * MARGIN - 8) // 2
    for team in (0, 1):
        left = MARGIN + team * (half + 8)
        box = (left, 102, left + half, HEADER_BOTTOM - 4)
        colour = TEAM_COLOURS[team]
        draw.rounded_rectangle(box, 12, fill=PANEL, outline=colour, width=2)
        mid = (box[1] + box[3]) / 2
        total = str(view.totals[team])
        big = font(26, bold=True)
        hand = words("this hand {points}", points=view.taken[team])
        hand_w = text_width(hand, font(18))
        draw_text(draw, (box[2] - 12, mid), hand, font(18), MUTED, "rm")
        total_x = box[2] - 12 - hand_w - 12
        draw_text(draw, (total_x, mid), total, big, TEXT, "rm")
        first, second = TEAMS[team]
        label_face = font(20, bold=True)
        room = total_x - text_width(total, big) - 16 - (box[0] + 14)
        pair = words("{first} & {second}", first=who.mark(first), second=who.mark(second))
        draw_text(
            draw, (box[0] + 14, mid), who.say(pair, label_face, room), label_face, colour, "lm"
        )


def _status(view: TableView, who: Names, words: Words) -> str:
    """ "Alice to bid", "Bob to lead", "Alice & Carol win 63 to 41" …, with the seats' marks."""
    outcome = view.outcome
    if outcome is not None:
        if outcome.winner is None:
            return words("The game was stopped")
        first, second = (who.mark(s) for s in TEAMS[outcome.winner])
        if outcome.termination in (Termination.RESIGNED, Termination.TIMEOUT):
            player = who.mark(
                outcome.seat if outcome.seat is not None else TEAMS[1 - outcome.winner][0]
            )
            if outcome.termination is Termination.RESIGNED:
                return words(
                    "{player} resigned · {first} & {second} win",
                    player=player,
                    first=first,
                    second=second,
                )
            return words(
                "{player} ran out of time · {first} & {second} win",
                player=player,
                first=first,
                second=second,
            )
        won, lost = view.totals[outcome.winner], view.totals[1 - outcome.winner]
        return words(
            "{first} & {second} win {won} to {lost}", first=first, second=second, won=won, lost=lost
        )
    if view.phase is Phase.BID:
        return words("{player} to bid", player=who.mark(view.to_act[0]))
    if view.phase is Phase.TRUMP:
        return words("{player} names trumps", player=who.mark(view.to_act[0]))
    if view.phase is Phase.KILL:
        if len(view.to_act) == 1:
            return words("{player} kills trumps", player=who.mark(view.to_act[0]))
        return words("{count} players kill trumps", count=len(view.to_act))
    if view.phase is Phase.PLAY:
        if view.trick:
            return words("{player} to play", player=who.mark(view.to_act[0]))
        return words("{player} to lead", player=who.mark(view.to_act[0]))
    return words("Hand {n} is over", n=view.hand_number)


def _contract(view: TableView, who: Names, words: Words) -> str:
    """The bidding so far, or the contract with its trumps."""
    contract = view.contract
    if contract is None:
        bids = [b.points for b in view.bids if b.points is not None]
        if not bids:
            return words("Bidding: no bid yet")
        return words("Bidding: {bid} is the highest bid", bid=max(bids))
    player = who.mark(contract.seat)
    if view.trump is None:
        if contract.forced:
            return words("{player} plays a forced 6", player=player)
        return words("{player} bid {bid}", player=player, bid=contract.bid)
    suit = _suit_name(view.trump, words)
    if contract.forced:
        return words("{player} plays a forced 6 · trumps: {suit}", player=player, suit=suit)
    return words("{player} bid {bid} · trumps: {suit}", player=player, bid=contract.bid, suit=suit)


def _suit_name(suit: Suit, words: Words) -> str:
    return {
        Suit.SPADES: words("spades"),
        Suit.HEARTS: words("hearts"),
        Suit.DIAMONDS: words("diamonds"),
        Suit.CLUBS: words("clubs"),
    }[suit]


# --- a seat -----------------------------------------------------------------------------------


def _seat(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: TableView,
    who: Names,
    seat: int,
    words: Words,
) -> None:
    """A seat's panel: a glow when it must act; name and chips; the hand; its face-up cards
    (painted with the other faces) under their captions."""
    box = SEATS[seat]
    acting = seat in view.to_act and view.outcome is None
    if acting:
        spread = 14
        width, height = box.width + 1, box.bottom - box.top + 1
        mask = glow_mask(width, height, spread)
        image.paste(GLOW, (box.left - spread, box.top - spread), mask)
        draw.rounded_rectangle(box.xy(), 16, fill=PANEL, outline=GLOW, width=3)
        colour = TEAM_COLOURS[team_of(seat)]
        draw.rounded_rectangle(
            (box.left + 8, box.top + 12, box.left + 14, box.top + 40), 3, fill=colour
        )

    name_face = font(24, bold=True)
    chips = _chips(view, seat, words)
    chips_w = sum(chip_width(c) + 8 for c, _ in chips)
    if box.wide:
        room = box.width - 40 - chips_w - 12
        name = who.get(seat, name_face, max(room, 140.0))
        draw_text(
            draw, (box.left + 26, box.top + 26), name, name_face, GLOW if acting else TEXT, "lm"
        )
        x = box.left + 26 + text_width(name, name_face) + 14
        chip_y = box.top + 13
    else:
        name = who.get(seat, name_face, box.width - 40)
        draw_text(
            draw, (box.left + 26, box.top + 26), name, name_face, GLOW if acting else TEXT, "lm"
        )
        x, chip_y = box.left + 16, box.top + 50
    for text, colour in chips:
        x = chip(draw, x, chip_y, text, colour) + 8

    _hand(image, draw, view, seat, words)
    caption = font(18)
    for group in _seat_groups(view, seat, words):
        room = box.right - 16 - group.caption_xy[0]
        text = fit(group.caption, caption, room)
        draw_text(draw, group.caption_xy, text, caption, MUTED, "lm")


def _chips(view: TableView, seat: int, words: Words) -> list[tuple[str, RGB]]:
    """The seat's labels: winner at the end; dealer; its bid or pass (the contract's gold)."""
    chips: list[tuple[str, RGB]] = []
    if view.outcome is not None:
        if view.outcome.winner is not None and team_of(seat) == view.outcome.winner:
            chips.append((words("winner"), GLOW))
        return chips
    if view.dealer == seat:
        chips.append((words("dealer"), MUTED))
    contract = view.contract
    if contract is not None and contract.seat == seat:
        if contract.forced:
            chips.append((words("forced 6"), GLOW))
        else:
            chips.append((words("bid {bid}", bid=contract.bid), GLOW))
        return chips
    bid = next((b for b in view.bids if b.seat == seat), None)
    if bid is not None:
        if bid.points is None:
            chips.append((words("pass"), MUTED))
        else:
            chips.append((words("bid {bid}", bid=bid.points), TEXT))
    return chips


def _hand(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, seat: int, words: Words
) -> None:
    """A hand as a fan of card backs (never which cards), how many, and how many came from the
    stock. A cold player's cards lie face up instead (one of its groups)."""
    box = SEATS[seat]
    size = view.hand_sizes[seat]
    left = box.left + 26
    top = box.top + 52 if box.wide else box.top + 88
    lines: list[str] = []
    if seat not in view.cold:
        step = 14
        shown = min(size, 9)
        for i in range(shown):
            back = card_back(BACK_W)
            image.paste(back, (left + i * step, top), back)
        if size == 0:
            lines.append(words("no cards in hand"))
        elif size == 1:
            lines.append(words("1 card in hand"))
        else:
            lines.append(words("{count} cards in hand", count=size))
    if view.received is not None and seat not in view.cold:
        got = view.received[seat]
        if seat == view.dealer:
            lines.append(words("took {count} from the stock", count=got))
        else:
            lines.append(words("got {count} from the stock", count=got))
    caption = font(18)
    y = top + card_height(BACK_W) + 14 if size and seat not in view.cold else top + 12
    room = (HAND_ROOM - 36) if box.wide else box.width - 40
    for i, line in enumerate(lines):
        draw_text(draw, (left, y + 22 * i), fit(line, caption, room), caption, MUTED, "lm")


# --- the middle -------------------------------------------------------------------------------


def _middle(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words
) -> None:
    """The trick in progress and the last trick; outside the play, what the hand waits for or
    how it scored. (Card faces are painted later.)"""
    label = font(20)
    if view.phase is Phase.PLAY:
        number = len(view.tricks) + 1
        heading = words("Trick {n}", n=number)
        draw_text(draw, (CENTRE_X, MIDDLE.top + 14), heading, label, MUTED, "mm")
        played = {seat for seat, _ in view.trick}
        for seat in range(4):
            x, y = _trick_xy(seat)
            if seat not in played and seat not in view.cold:
                slot = empty_slot(CARD_W)
                image.paste(slot, (x, y), slot)
            if seat == view.leader and seat not in view.cold:
                ring = (x - 5, y - 5, x + CARD_W + 4, y + card_height(CARD_W) + 4)
                draw.rounded_rectangle(ring, 10, outline=GLOW, width=3)
        _last_trick(draw, view, who, words)
        return
    lines = _middle_lines(view, who, words)
    if lines:
        left, top, right = MIDDLE.left, MIDDLE.top + 4, MIDDLE.right
        bottom = top + 24 + 30 * len(lines)
        if view.kept_by is not None and view.phase is Phase.DEAL:
            bottom = KEPT_Y + card_height(LAST_W) + 12
        draw.rounded_rectangle(
            (left, top, right, bottom), 14, fill=PANEL, outline=PANEL_EDGE, width=2
        )
        width = right - left - 24
        for i, (text, colour) in enumerate(lines):
            text = fit(who.say(text, label, width), label, width)
            draw_text(draw, (CENTRE_X, top + 26 + 30 * i), text, label, colour, "mm")
    if view.phase is Phase.DEAL:
        _last_trick(draw, view, who, words)


def _middle_lines(view: TableView, who: Names, words: Words) -> list[tuple[str, RGB]]:
    """What the middle of the table says outside the play (names as the seats' marks)."""
    if view.phase is Phase.BID:
        return [
            (words("Bidding"), TEXT),
            (words("Bids from 6 to 14"), MUTED),
            (words("The dealer bids last"), MUTED),
        ]
    if view.phase is Phase.TRUMP:
        return [(words("Naming trumps"), TEXT)]
    if view.phase is Phase.KILL:
        lines = [(words("Kill down to six trumps"), TEXT)]
        for seat in view.to_act:
            lines.append((words("{player} is choosing", player=who.mark(seat)), MUTED))
        return lines
    finished = view.finished_hands[-1] if view.finished_hands else None
    if finished is None or finished.number != view.hand_number:
        return []
    contract = finished.contract
    bidder = who.mark(contract.seat)
    if finished.made:
        verdict = words("{player} made the bid of {bid}", player=bidder, bid=contract.bid)
    else:
        verdict = words("{player} missed the bid of {bid}", player=bidder, bid=contract.bid)
    lines = [(words("Hand {n} scores", n=finished.number), TEXT), (verdict, MUTED)]
    for team in (0, 1):
        first, second = (who.mark(s) for s in TEAMS[team])
        score = finished.scores[team]
        lines.append(
            (
                words(
                    "{first} & {second} {points}",
                    first=first,
                    second=second,
                    points=f"{score:+d}",
                ),
                TEAM_COLOURS[team],
            )
        )
    if view.kept_by is not None:
        first, second = (who.mark(s) for s in TEAMS[view.kept_by.team])
        lines.append((words("Kept by {first} & {second}", first=first, second=second), MUTED))
    return lines


def _last_trick(draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words) -> None:
    """The last completed trick's caption (its faces are painted with the others)."""
    if not view.tricks:
        return
    last = view.tricks[-1]
    face = font(18)
    took = words(
        "Last trick: {player} took {points}",
        player=who.mark(last.winner),
        points=last.points[team_of(last.winner)],
    )
    caption = who.say(took, face, MIDDLE.width - 16)
    draw_text(draw, (CENTRE_X, LAST_Y - 16), caption, face, MUTED, "mm")
