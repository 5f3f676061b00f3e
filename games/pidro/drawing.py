"""The Pidro table as a PNG, drawn from the public view and the players' names only.

As for Vidrasso (:mod:`games.vidrasso.drawing`), :func:`table_png` is handed the public
:class:`~games.pidro.rules.TableView` (``seat`` None, which it checks), never a game state; which
card faces it draws, and where, comes from one function, :func:`faces` — the renderer paints
nothing else face up — so :func:`cards_drawn` is exactly the set of faces in the picture, and
the tests compare it with the view's visible cards.

Laid out for a phone first: 600 pixels wide, shown about 320 wide on a phone, where every word
and every card corner on it is at least 11 pixels high (a test measures it). From the top: the
contract and trumps and the hand's number; each team's players, total and points this hand; the
four seats in playing order, a row each in its team's colour — name, dealer and bid, how many
cards it holds and how many came from the stock, then what it has laid face up (discards,
killed trumps, a cold player's cards) and, at the row's end, its card in the trick in progress,
the leader's ringed; at the bottom the last trick and who took it, or what the hand waits for,
or how it ended. The seat the game waits for glows.

Every word goes through the caller's ``words`` (a ``cogs.ui.i18n.Words``), one whole sentence
with ``{placeholders}`` at a time; the Japanese texts are in
``games/pidro/locales/ja/LC_MESSAGES/pidro_table.po`` (those shared with the Vidrasso table in
``table.po``).

Cheap (issue 28): the drawing is a list of steps (:func:`_steps`), each with the rows it may
touch and a key of what it shows, and the picture is cut in horizontal bands (:data:`BANDS`:
the contract's line, the teams, each seat's row, and thin seams round each row's top edge,
where two seats' glows meet). Each band is kept deflated by the keys of
the steps that touch it, so a move repaints, on one copy of the empty table, only the steps
that touch a band whose look changed, and deflates only those bands; the PNG is one zlib
stream of the bands' own blocks (:func:`bot.drawing.table.png_of_segments`). The pixels are
those of the whole picture drawn at once (:func:`_whole`; the tests compare them).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
import string
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.drawing.cards import (
    GOLD,
    PAPER,
    RGB,
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
    Segment,
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
    png_of_segments,
    png_rows,
    segments,
    warms,
)
from bot.drawing.text import (
    Words,
    draw_text,
    ellipsis,
    english,
    fit,
    font,
    printable,
    text_width,
)
from games.pidro.rules import Card, Phase, Suit, TableView, Termination, new_game, team_of, view
from games.pidro.rules.cards import DECK
from games.pidro.rules.game import start_game
from games.pidro.rules.parts import TEAMS, Deal

WIDTH, HEIGHT = 600, 792
MARGIN = 8
CAPTION = 30
"""The smallest text: 30 pixels here, 11-pixel capitals on a 320-pixel-wide phone."""
TEAM_COLOURS: tuple[RGB, RGB] = ((84, 150, 255), (196, 120, 255))
"""Team 0 (seats 0 and 2) blue, team 1 (seats 1 and 3) violet: apart from the gold glow of the
seat to act, and from the suits' colours."""

CARD_W = 70
"""Every face up card: its corner's rank as tall as the captions."""
STEP = 40
"""How far apart overlapping face-up cards lie at most: the corner's rank and suit in view."""
MIN_STEP = 24
"""Closer than this, a row's captions give way to its cards."""

CONTRACT_Y = MARGIN + 22
"""The middle of the first line: the trump badge, the contract, the hand's number."""
TEAMS_TOP, TEAMS_H = MARGIN + 46, 72
ROWS_TOP = TEAMS_TOP + TEAMS_H + 6
ROW_H, ROW_GAP = 134, 3
CARDS_DY = 36
"""The top of a row's cards, from the row's top."""
BOTTOM_TOP = ROWS_TOP + 4 * (ROW_H + ROW_GAP)
"""The top of the bottom band: the last trick, or what the hand waits for."""
TRICK_X = WIDTH - MARGIN - 14 - CARD_W
"""The left of a seat's card in the trick in progress, at its row's end."""
GROUPS_LEFT, GROUPS_RIGHT = MARGIN + 16, TRICK_X - 14
"""Where a row's face-up cards and their captions go."""
BAND_CARDS_RIGHT = WIDTH - MARGIN - 14
"""The right edge of the bottom band's cards."""


@dataclass(frozen=True, slots=True)
class Box:
    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        return self.right - self.left

    def xy(self) -> tuple[int, int, int, int]:
        return (self.left, self.top, self.right, self.bottom)


SEATS: tuple[Box, ...] = tuple(
    Box(MARGIN, top, WIDTH - MARGIN - 1, top + ROW_H)
    for top in (ROWS_TOP + i * (ROW_H + ROW_GAP) for i in range(4))
)
"""Each seat's row, in playing order."""
BAND = Box(MARGIN, BOTTOM_TOP, WIDTH - MARGIN - 1, HEIGHT - MARGIN - 1)


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


def faces(view: TableView, words: Words = english) -> tuple[Face, ...]:
    """Every card face the table shows, and where: each seat's face-up cards (discards, kills,
    a cold player's cards), the trick in progress, and in the bottom band the last trick or the
    trumps a team kept. The renderer draws faces from this list only (in the reader's
    ``words``, whose captions take their room)."""
    out: list[Face] = []
    for seat in range(4):
        for group in _seat_groups(view, seat, words):
            for card, (x, y) in zip(group.cards, group.places, strict=True):
                out.append(Face(card, x, y, CARD_W, _trump(view, card)))
    for seat, card in view.trick:
        out.append(Face(card, TRICK_X, SEATS[seat].top + CARDS_DY, CARD_W, _trump(view, card)))
    band = _band_cards(view)
    for card, x in zip(band, _band_x(len(band)), strict=True):
        out.append(Face(card, x, BAND.top + 4, CARD_W, _trump(view, card) or _kept(view)))
    return tuple(out)


def cards_drawn(view: TableView) -> frozenset[Card]:
    """The cards :func:`table_png` draws face up for this view."""
    return frozenset(f.card for f in faces(view))


def _kept(view: TableView) -> bool:
    return view.kept_by is not None and view.phase is Phase.DEAL


def _band_cards(view: TableView) -> tuple[Card, ...]:
    """The cards of the bottom band: the trumps a team kept at the end of a hand, else the last
    trick while the hand is played or just over."""
    if _kept(view):
        assert view.kept_by is not None
        return view.kept_by.cards
    if view.tricks and view.phase in (Phase.PLAY, Phase.DEAL) and view.outcome is None:
        return tuple(card for _, card in view.tricks[-1].plays)
    return ()


def _band_x(count: int) -> list[int]:
    """The left edges of the bottom band's ``count`` cards, ending at its right."""
    if not count:
        return []
    step = min(STEP + 4, (BAND_CARDS_RIGHT - 300 - CARD_W) / max(1, count - 1))
    left = BAND_CARDS_RIGHT - CARD_W - step * (count - 1)
    return [round(left + i * step) for i in range(count)]


@dataclass(frozen=True, slots=True)
class _Group:
    """A seat's face-up cards of one kind, after their caption (empty when there is no room)."""

    caption: str
    cards: tuple[Card, ...]
    places: tuple[tuple[int, int], ...]
    caption_xy: tuple[int, int]
    caption_room: int


def _seat_groups(view: TableView, seat: int, words: Words = english) -> list[_Group]:
    """A seat's face-up cards in groups, each after its caption, on one line of its row: a
    cold player's cards, its discards, its killed trumps. The cards overlap less the fewer
    they are; when even :data:`MIN_STEP` leaves no room for the captions, the captions go."""
    kinds: list[tuple[str, tuple[Card, ...]]] = []
    if seat in view.cold:
        cards = view.cold_cards[seat]
        kinds.append(
            (words("cold: the cards left") if cards else words("cold: no cards left"), cards)
        )
    kinds += [(words("discarded"), view.discards[seat]), (words("killed"), view.kills[seat])]
    kinds = [(c, cards) for c, cards in kinds if cards or c == words("cold: no cards left")]
    if not kinds:
        return []
    face = font(CAPTION)
    room = GROUPS_RIGHT - GROUPS_LEFT
    spaces = sum(max(0, len(cards) - 1) for _, cards in kinds)
    fixed = sum(CARD_W if cards else 0 for _, cards in kinds) + 16 * (len(kinds) - 1)
    widths = [min(text_width(c, face), 220.0) + 10 for c, _ in kinds]
    step = STEP if not spaces else min(STEP, (room - fixed - sum(widths)) / spaces)
    if step < MIN_STEP and any(cards for _, cards in kinds):
        widths = [0.0 if cards else w for w, (_, cards) in zip(widths, kinds, strict=True)]
        step = STEP if not spaces else min(STEP, (room - fixed - sum(widths)) / spaces)
    top = SEATS[seat].top + CARDS_DY
    x = float(GROUPS_LEFT)
    groups = []
    for width, (caption, cards) in zip(widths, kinds, strict=True):
        caption_x = round(x)
        x += width
        places = tuple((round(x + i * step), top) for i in range(len(cards)))
        groups.append(
            _Group(
                caption if width else "", cards, places,
                (caption_x, top + card_height(CARD_W) // 2), round(width - 10),
            )
        )  # fmt: skip
        if cards:
            x += CARD_W + step * (len(cards) - 1)
        x += 16
    return groups


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
    for seat in range(4):
        _glow_edges(seat)
        _glowing_middle(seat)
    for size, bold in ((CAPTION, False), (CAPTION, True), (36, True)):
        font(size, bold)
    warm_faces(DECK, (CARD_W,))
    for card in DECK:  # each face cut for its paste once, not in a first picture
        for trump in (False, True):
            _face_parts(card, CARD_W, trump)
    # Which glyphs the fonts have, for the characters of most names (each learnt by drawing it
    # once): a first picture's new names cost nothing more.
    for bold in (True, False):
        printable(string.ascii_letters + string.digits + " .,'-_!?()&@#", font(CAPTION, bold))
    first = view(new_game(random.Random(0), 62), None)
    _render(first, ("A", "B", "C", "D"), english)  # the glow, the texts


def learn_names(names: Sequence[str], words: Words | None = None) -> Future[object] | None:
    """Have the drawing process learn the players' ``names`` (in seat order, as far as they are
    known) before their table's first picture, and not wait for it: sent as seats are taken
    (:func:`bot.drawing.table.learn`; nothing is sent without a drawing process). Returns the
    request, for tests and benchmarks to wait on."""
    known = [*names[:4], "", "", "", ""]
    four = (known[0], known[1], known[2], known[3])
    return learn(_learn_names, four, english if words is None else words)


def _learn_names(names: tuple[str, str, str, str], words: Words) -> None:
    """A dealt table of these names painted whole (not encoded, no band kept), each seat
    dealing once: each name's width and ink, where a first picture draws it whoever deals
    ("… to bid" names the seat after the dealer), then kept in :mod:`bot.drawing.text`'s
    bounded caches. An unknown seat ("") is drawn as its number."""
    for dealt in _dealt_tables():
        _whole(dealt, names, words)


@functools.lru_cache(maxsize=1)
def _dealt_tables() -> tuple[TableView, ...]:
    """A first table of each seat's deal."""
    return tuple(
        view(start_game(dealer, Deal.shuffled(random.Random(dealer), dealer)), None)
        for dealer in range(4)
    )


def _render(view: TableView, names: tuple[str, str, str, str], words: Words) -> bytes:
    """The picture, band by band (:data:`BANDS`): each band is kept deflated by what the
    steps that touch it show (:func:`_steps`), so a move redraws and compresses only the bands
    whose look changed; the steps that touch those are painted, in the whole picture's order,
    on a copy of the empty table. Words whose language is unknown are drawn whole."""
    language = _language(words)
    if language is None:
        return png(_whole(view, names, words))
    steps = _steps(view, Names(names, words), words)
    touched = [_touched(step) for step in steps]
    shows: list[list[Hashable]] = [[] for _ in BANDS]
    for step, bands in zip(steps, touched, strict=True):
        for band in bands:
            shows[band].append(step.key)
    keys = [(band, language, names, tuple(shown)) for band, shown in enumerate(shows)]
    found: list[Segment | None]
    with _bands_lock:
        found = [_bands.get(key) for key in keys]
        for key, part in zip(keys, found, strict=True):
            if part is not None:
                _bands.move_to_end(key)
    missed = [band for band, part in enumerate(found) if part is None]
    if missed:
        image = _base().copy()
        draw = ImageDraw.Draw(image)
        spans = [BANDS[band] for band in missed]
        redrawn = set(missed)
        for step, bands in zip(steps, touched, strict=True):
            if not redrawn.isdisjoint(bands):
                step.paint(image, draw)
        rows = png_rows(image)
        drawn_now = dict(zip(missed, segments(rows, WIDTH, spans), strict=True))
        with _bands_lock:
            for band, part in drawn_now.items():
                _bands[keys[band]] = part
                _bands.move_to_end(keys[band])
            while len(_bands) > BAND_CACHE:
                _bands.popitem(last=False)
        found = [drawn_now[band] if part is None else part for band, part in enumerate(found)]
    return png_of_segments(WIDTH, HEIGHT, [part for part in found if part is not None])


def _whole(view: TableView, names: tuple[str, str, str, str], words: Words) -> Image.Image:
    """The whole picture at once: every step painted on the empty table, in order (what the
    bands of :func:`_render` are cut from)."""
    image = _base().copy()
    draw = ImageDraw.Draw(image)
    for step in _steps(view, Names(names, words), words):
        step.paint(image, draw)
    return image


def _language(words: Words) -> str | None:
    """What the bands are kept by for ``words``: their language, "" for :func:`english`;
    None (never kept) for words that do not say."""
    if words is english:
        return ""
    return language_of(words)


BAND_CACHE = 2048
"""Bands kept by :func:`_render` (each a few KB deflated), the least recently used going
first."""
_bands: OrderedDict[Hashable, Segment] = OrderedDict()
_bands_lock = threading.Lock()


def clear_cache() -> None:
    """Forget the kept bands (tests and benchmarks that time a whole drawing)."""
    with _bands_lock:
        _bands.clear()


def _cuts() -> tuple[tuple[int, int], ...]:
    """The bands: the contract's line; the teams; round each seat's top edge (and the bottom
    band's), the rows both neighbours' glows reach, cut where the seat's first line starts;
    each seat's row between them; the bottom band."""
    cuts = [0, TEAMS_TOP]
    for top in (*(box.top for box in SEATS), BAND.top):
        cuts += [top - GLOW_SPREAD, top - 2, top + GLOW_SPREAD - 2]
    cuts.append(HEIGHT)
    return tuple(itertools.pairwise(cuts))


GLOW_SPREAD = 6
"""How far a seat's glow reaches out of its row."""
BANDS = _cuts()
_STARTS = tuple(top for top, _ in BANDS)


def _touched(step: _Step) -> range:
    """The bands a step may touch (:data:`BANDS` are contiguous, top to bottom)."""
    first = max(0, bisect.bisect_right(_STARTS, step.top) - 1)
    return range(first, bisect.bisect_left(_STARTS, step.bottom))


class _Step(NamedTuple):
    """One step of the drawing: the rows it may touch (``top`` to ``bottom``, excluded), what
    it shows (``key``: equal keys paint equal pixels), and the painting."""

    top: int
    bottom: int
    key: Hashable
    paint: Callable[[Image.Image, ImageDraw.ImageDraw], None]


def _steps(view: TableView, who: Names, words: Words) -> list[_Step]:
    """The picture's steps in the order they are painted: the header, each seat's glow, its
    first line, its captions and its place in the trick, the bottom band's words, then every
    card face (:func:`faces`)."""
    header = (
        view.trump,
        _contract(view, who, words),
        _contract(view, who, words, short=True),
        view.hand_number,
    )
    steps = [
        _Step(0, TEAMS_TOP, header, lambda i, d: _header(i, d, view, who, words)),
        _Step(
            TEAMS_TOP,
            ROWS_TOP - GLOW_SPREAD,
            ("teams", view.totals, view.taken),
            lambda i, d: _teams(d, view, who, words),
        ),
    ]
    for seat in range(4):
        steps += _seat_steps(view, who, seat, words)
    lines, band = tuple(_band_lines(view, who, words)), _band_cards(view)
    steps.append(
        _Step(BAND.top, HEIGHT, ("band", lines, len(band)), lambda i, d: _band(d, view, who, words))
    )
    steps += [_face_step(face) for face in faces(view, words)]
    return steps


def _seat_steps(view: TableView, who: Names, seat: int, words: Words) -> list[_Step]:
    """A seat's steps: its glow, its first line, its captions, its place in the trick and the
    leader's ring."""
    box = SEATS[seat]
    acting = seat in view.to_act and view.outcome is None
    line = (seat, acting, _hand_text(view, seat, words), tuple(_chips(view, seat, words)))
    groups = tuple(_seat_groups(view, seat, words))
    place = _trick_place(view, seat)
    empty = place is not None and place[0]
    leader = place is not None and place[1]
    return [
        _Step(
            box.top - GLOW_SPREAD,
            box.bottom + GLOW_SPREAD + 1,
            ("glow", seat, acting),
            lambda i, d: _seat_glow(i, d, seat, acting),
        ),
        _Step(box.top - 2, box.top + 45, line, lambda i, d: _seat_line(d, view, who, seat, words)),
        _Step(
            box.top + 50,
            box.top + 120,
            ("captions", groups),
            lambda i, d: _seat_captions(d, groups),
        ),
        _Step(
            box.top + CARDS_DY,
            box.top + CARDS_DY + card_height(CARD_W),
            ("slot", seat, empty),
            lambda i, d: _seat_slot(i, seat, empty),
        ),
        _Step(
            box.top + CARDS_DY - 5,
            box.bottom + 5,
            ("ring", seat, leader),
            lambda i, d: _seat_ring(d, seat, leader),
        ),
    ]


def _face_step(face: Face) -> _Step:
    return _Step(face.y, face.y + card_height(face.width), face, lambda i, d: _paint_face(i, face))


def _paint_face(image: Image.Image, face: Face) -> None:
    """A card face, as pasting it through its own alpha would (:func:`paste_parts`)."""
    paste_parts(image, _face_parts(face.card, face.width, face.trump), face.x, face.y)


@functools.lru_cache(maxsize=2 * len(DECK))
def _face_parts(card: Card, width: int, trump: bool) -> Parts:
    return opaque_parts(card_face(card, width, trump))


@functools.lru_cache(maxsize=1)
def _base() -> Image.Image:
    """The empty table: felt inside a darker rim, the seats' rows with their team stripes, the
    teams' boxes and the bottom band."""
    image = Image.new("RGB", (WIDTH, HEIGHT), RIM)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([3, 3, WIDTH - 4, HEIGHT - 4], 18, fill=FELT)
    for seat, box in enumerate(SEATS):
        draw.rounded_rectangle(box.xy(), 12, fill=PANEL, outline=PANEL_EDGE, width=2)
        _stripe(draw, box, TEAM_COLOURS[team_of(seat)])
    for team in (0, 1):
        draw.rounded_rectangle(_team_box(team), 12, fill=PANEL, outline=TEAM_COLOURS[team], width=2)
    draw.rounded_rectangle(BAND.xy(), 12, fill=PANEL, outline=PANEL_EDGE, width=2)
    return image


def _stripe(draw: ImageDraw.ImageDraw, box: Box, colour: RGB) -> None:
    draw.rounded_rectangle((box.left + 6, box.top + 8, box.left + 12, box.top + 36), 3, fill=colour)


def _team_box(team: int) -> tuple[int, int, int, int]:
    half = (WIDTH - 2 * MARGIN - 8) // 2
    left = MARGIN + team * (half + 8)
    return (left, TEAMS_TOP, left + half, TEAMS_TOP + TEAMS_H)


# --- the header -------------------------------------------------------------------------------


def _header(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words
) -> None:
    """The trump badge, the contract and the hand's number."""
    size, left = 40, MARGIN + 8
    top = CONTRACT_Y - size // 2
    draw.rounded_rectangle(
        (left, top, left + size, top + size), 8, fill=PAPER, outline=GOLD, width=3
    )
    centre = (left + size / 2, CONTRACT_Y)
    if view.trump is None:
        draw.line([(centre[0] - 9, centre[1]), (centre[0] + 9, centre[1])], fill=INK, width=4)
    else:
        draw_suit(image, view.trump, centre, 28)
    right = WIDTH - MARGIN - 8
    hand_text = words("Hand {n}", n=view.hand_number)
    hand_face, face = font(CAPTION, bold=True), font(CAPTION)
    draw_text(draw, (right, CONTRACT_Y), hand_text, hand_face, MUTED, "rm")
    room = right - text_width(hand_text, hand_face) - 16 - (left + size + 10)
    contract = who.say(_contract(view, who, words), face, room)
    if text_width(contract, face) > room or ellipsis(face) in contract:
        contract = fit(who.say(_contract(view, who, words, short=True), face, room), face, room)
    draw_text(draw, (left + size + 10, CONTRACT_Y), contract, face, TEXT, "lm")


def _teams(draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words) -> None:
    """Each team's players, total and points this hand."""
    face = font(CAPTION)
    for team in (0, 1):
        box = _team_box(team)
        names_face = font(CAPTION, bold=True)
        first, second = TEAMS[team]
        pair = words("{first} & {second}", first=who.mark(first), second=who.mark(second))
        width = box[2] - box[0] - 24
        pair = fit(who.say(pair, names_face, width), names_face, width)
        draw_text(draw, (box[0] + 12, box[1] + 20), pair, names_face, TEAM_COLOURS[team], "lm")
        total = str(view.totals[team])
        big = font(34, bold=True)
        draw.text((box[0] + 12, box[1] + 52), total, font=big, fill=TEXT, anchor="lm")
        hand = words("this hand {points}", points=view.taken[team])
        x = box[0] + 12 + big.getlength(total) + 14
        draw_text(draw, (x, box[1] + 52), fit(hand, face, box[2] - 8 - x), face, MUTED, "lm")


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


def _contract(view: TableView, who: Names, words: Words, *, short: bool = False) -> str:
    """The bidding so far, or the contract with its trumps (``short``: without them)."""
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
    if short:  # the badge beside it shows the trumps
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


# --- a seat ---------------------------------------------------------------------------------


def _seat_glow(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int, acting: bool) -> None:
    """A seat's row glows when it must act."""
    if acting:
        box = SEATS[seat]
        left, top = box.left - GLOW_SPREAD, box.top - GLOW_SPREAD
        # The glow's top and bottom rows, where the rows next to this one may have drawn (and
        # the panel's rounded corners keep what the glow made of it), are blended here; the
        # rows between, which only this seat draws on, are the kept glowing middle.
        for y, strip in _glow_edges(seat):
            image.paste(GLOW, (left, top + y, left + strip.width, top + y + strip.height), strip)
        middle = _glowing_middle(seat)
        image.paste(middle, (left, box.top + GLOW_EDGE))
        draw.rounded_rectangle(box.xy(), 12, fill=PANEL, outline=GLOW, width=4)
        _stripe(draw, box, TEAM_COLOURS[team_of(seat)])


GLOW_EDGE = 13
"""How far into a seat's row its glow is blended afresh (:func:`_seat_glow`): past its
rounded corners (12) and where the rows next to it reach into it (their glows, 3)."""


def _glow(seat: int) -> Image.Image:
    box = SEATS[seat]
    return glow_mask(box.width + 1, box.bottom - box.top + 1, GLOW_SPREAD)


@functools.lru_cache(maxsize=4)
def _glow_edges(seat: int) -> tuple[tuple[int, Image.Image], ...]:
    """The top and bottom rows of a seat's glow, each with its first row in the glow."""
    mask = _glow(seat)
    edge = GLOW_SPREAD + GLOW_EDGE
    return tuple((y, mask.crop((0, y, mask.width, y + edge))) for y in (0, mask.height - edge))


@functools.lru_cache(maxsize=4)
def _glowing_middle(seat: int) -> Image.Image:
    """The rows of a seat's glowing row between its :func:`_glow_edges`, as painted on the
    empty table (nothing else is painted there before them): the glow's sides and the row's
    gold edge, copied in instead of blending the whole glow through its mask."""
    box = SEATS[seat]
    mask = _glow(seat)
    left, top = box.left - GLOW_SPREAD, box.top - GLOW_SPREAD
    image = _base().copy()
    image.paste(GLOW, (left, top), mask)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box.xy(), 12, fill=PANEL, outline=GLOW, width=4)
    _stripe(draw, box, TEAM_COLOURS[team_of(seat)])
    return image.crop((left, box.top + GLOW_EDGE, left + mask.width, box.bottom - GLOW_EDGE + 1))


def _seat_line(
    draw: ImageDraw.ImageDraw, view: TableView, who: Names, seat: int, words: Words
) -> None:
    """A seat's first line: name and chips, its hand in words."""
    box = SEATS[seat]
    acting = seat in view.to_act and view.outcome is None
    mid = box.top + 19
    face, name_face = font(CAPTION), font(CAPTION, bold=True)
    hand = _hand_text(view, seat, words)
    hand_w = text_width(hand, face)
    draw_text(draw, (box.right - 14, mid), hand, face, MUTED, "rm")
    chips = _chips(view, seat, words)
    chips_w = sum(chip_width(c, CAPTION) + 8 for c, _ in chips)
    room = box.right - 14 - hand_w - 12 - chips_w - (box.left + 22)
    name = who.get(seat, name_face, max(room, 80.0))
    draw_text(draw, (box.left + 22, mid), name, name_face, GLOW if acting else TEXT, "lm")
    x = box.left + 22 + text_width(name, name_face) + 10
    for text, colour in chips:
        x = chip(draw, x, mid - chip_height(CAPTION) / 2, text, colour, CAPTION) + 8


def _seat_captions(draw: ImageDraw.ImageDraw, groups: Sequence[_Group]) -> None:
    """The captions of a seat's face-up cards (painted with the other faces)."""
    face = font(CAPTION)
    for group in groups:
        if group.caption:
            text = fit(group.caption, face, group.caption_room + 6)
            draw_text(draw, group.caption_xy, text, face, MUTED, "lm")


def _trick_place(view: TableView, seat: int) -> tuple[bool, bool] | None:
    """A seat's place in the trick in progress: whether it is still empty, and whether the
    seat led; None outside the play and for a cold seat."""
    if view.phase is Phase.PLAY and seat not in view.cold:
        return seat not in {s for s, _ in view.trick}, seat == view.leader
    return None


def _seat_slot(image: Image.Image, seat: int, empty: bool) -> None:
    """A seat's place in the trick in progress while it is still to play."""
    if empty:
        slot = empty_slot(CARD_W)
        image.paste(slot, (TRICK_X, SEATS[seat].top + CARDS_DY), slot)


def _seat_ring(draw: ImageDraw.ImageDraw, seat: int, leader: bool) -> None:
    """The ring round the leader's place in the trick."""
    if leader:
        x, y = TRICK_X, SEATS[seat].top + CARDS_DY
        ring = (x - 5, y - 5, x + CARD_W + 4, y + card_height(CARD_W) + 4)
        draw.rounded_rectangle(ring, 10, outline=GLOW, width=3)


def _hand_text(view: TableView, seat: int, words: Words) -> str:
    """How many cards a seat holds, and how many of them came from the stock."""
    if seat in view.cold:
        return ""
    size = view.hand_sizes[seat]
    if view.received is None:
        return words("{count} in hand", count=size)
    got = view.received[seat]
    if seat == view.dealer:
        return words("{count} in hand · took {got}", count=size, got=got)
    return words("{count} in hand · got {got}", count=size, got=got)


def _chips(view: TableView, seat: int, words: Words) -> list[tuple[str, RGB]]:
    """The seat's labels: winner at the end; while bidding, dealer and its bid or pass; then
    the contract's bid alone (gold)."""
    chips: list[tuple[str, RGB]] = []
    if view.outcome is not None:
        if view.outcome.winner is not None and team_of(seat) == view.outcome.winner:
            chips.append((words("winner"), GLOW))
        return chips
    contract = view.contract
    if contract is not None:
        if contract.seat == seat:
            text = words("forced 6") if contract.forced else words("bid {bid}", bid=contract.bid)
            chips.append((text, GLOW))
        return chips
    if view.dealer == seat:
        chips.append((words("dealer"), MUTED))
    bid = next((b for b in view.bids if b.seat == seat), None)
    if bid is not None:
        if bid.points is None:
            chips.append((words("pass"), MUTED))
        else:
            chips.append((words("bid {bid}", bid=bid.points), TEXT))
    return chips


# --- the bottom band --------------------------------------------------------------------------


def _band(draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words) -> None:
    """The bottom band's words: beside the last trick who took it; outside the play what the
    hand waits for, how it scored, or how the game ended. (Its cards are painted later.)"""
    lines = _band_lines(view, who, words)
    cards = _band_cards(view)
    left = BAND.left + 14
    right = (_band_x(len(cards))[0] - 12) if cards else BAND.right - 14
    face = font(CAPTION)
    width = right - left
    step = (BAND.bottom - BAND.top) / max(2, len(lines))
    for i, (text, colour) in enumerate(lines):
        text = fit(who.say(text, face, width), face, width)
        draw_text(draw, (left, BAND.top + step * (i + 0.5)), text, face, colour, "lm")


def _band_lines(view: TableView, who: Names, words: Words) -> list[tuple[str, RGB]]:
    """What the bottom band says (names as the seats' marks)."""
    if view.outcome is not None:
        return [(_status(view, who, words), GLOW)]
    if view.phase is Phase.BID:
        return [(words("Bids from 6 to 14"), TEXT), (words("The dealer bids last"), MUTED)]
    if view.phase is Phase.TRUMP:
        return [(words("Naming trumps"), TEXT)]
    if view.phase is Phase.KILL:
        lines = [(words("Kill down to six trumps"), TEXT)]
        if len(view.to_act) == 1:
            lines.append((words("{player} is choosing", player=who.mark(view.to_act[0])), MUTED))
        return lines
    finished = view.finished_hands[-1] if view.finished_hands else None
    if view.phase is Phase.DEAL and finished is not None and finished.number == view.hand_number:
        contract = finished.contract
        bidder = who.mark(contract.seat)
        if finished.made:
            verdict = words("{player} made the bid of {bid}", player=bidder, bid=contract.bid)
        else:
            verdict = words("{player} missed the bid of {bid}", player=bidder, bid=contract.bid)
        if _kept(view):
            assert view.kept_by is not None
            first, second = (who.mark(s) for s in TEAMS[view.kept_by.team])
            kept = words("Kept by {first} & {second}", first=first, second=second)
            return [(verdict, TEXT), (kept, MUTED)]
        return [(verdict, TEXT), *_last_trick_lines(view, who, words)]
    return _last_trick_lines(view, who, words)


def _last_trick_lines(view: TableView, who: Names, words: Words) -> list[tuple[str, RGB]]:
    if not view.tricks:
        return _trick_lines(view, words) if view.phase is Phase.PLAY else []
    last = view.tricks[-1]
    took = words(
        "Last trick: {player} took {points}",
        player=who.mark(last.winner),
        points=last.points[team_of(last.winner)],
    )
    return [(took, MUTED if view.phase is Phase.DEAL else TEXT)]


def _trick_lines(view: TableView, words: Words) -> list[tuple[str, RGB]]:
    return [(words("Trick {n}", n=len(view.tricks) + 1), MUTED)]
