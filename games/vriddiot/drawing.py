"""The Vriddiot table as a PNG, drawn from the public view and the players' names only.

As for Vidrasso and Pidro (:mod:`games.vidrasso.drawing`, :mod:`games.pidro.drawing`),
:func:`table_png` is handed the public :class:`~games.vriddiot.rules.view.TableView` (``seat``
None, which it checks), never a game state, so it cannot draw a card nobody may see: no
face-down card, no hand, no stock order. Which card faces it draws, and where, comes from one
function, :func:`faces` — the renderer paints nothing else face up — so :func:`cards_drawn` is
exactly the set of faces in the picture.

The picture is drawn for a phone first: :data:`WIDTH` is 600 pixels and no text is smaller than
:data:`MIN_TEXT` (28 pixels: capitals 11 pixels high when a phone shows the picture 320 wide,
as are the card corners' ranks), and it grows
downwards with the number of players (3 to 10) instead of crowding them round an oval. From
the top:

- whose decision it is (a player's turn, a war offer, the arrangement …) or how the game ended;
- what must be beaten now: the floor, a change's suit (drawn as its shape) and value, a war's
  value or suit and bound, and its warriors;
- the pile's top layers (the top one ringed, with who laid it) and its size; beside it the
  stock, the burnt and destroyed counts, and the direction of play;
- one row a player, in seat order (clockwise is down the list, shown by the arrow at the left
  when play goes that way, up when it goes the other): name, hand and face-down counts, the
  face-up cards, the face-down cards as backs, and a place once taken (1st, 2nd … the idiot);
  the name and the counts on a first line, the cards and the place on a second.
  The rows the game waits for have a gold edge; warriors a red stripe.

Every word goes through the caller's ``words`` (a ``cogs.ui.i18n.Words``), one whole sentence
with ``{placeholders}`` at a time; the Japanese texts are in
``games/vriddiot/locales/ja/LC_MESSAGES/vriddiot_table.po``.

Cheap (issue 28): the picture is drawn in horizontal bands — the top (header, requirement,
pile, counts), then one band a player — and its PNG is one zlib stream made of each band's own
deflate blocks (:func:`bot.drawing.table.png_of_segments`). A player's band is drawn from a
:class:`_RowLook` (everything it shows, already fitted) and kept deflated by it, so the next
picture of the game redraws only the top and the rows that changed (a move changes two or
three). The Adler-32 of the whole is combined from the bands'
(:func:`bot.drawing.table.adler32_combine`). A band is itself three segments, its face-up
cards' lines between the rest (:data:`STRIP_TOP`), which is kept apart from the cards: as the
seats of a table are taken the drawing process is sent the players' names
(:func:`learn_names`) and draws the coming start's top band and its rows but for the cards,
which are dealt at the start; the first picture then paints the cards and deflates their
lines.

The illustrated rules' pictures are :func:`rules_pictures` (:mod:`games.vriddiot.examples`).
"""

from __future__ import annotations

import functools
import math
import random
import string
import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.drawing.cards import (
    PAPER,
    RGB,
    SUPERSAMPLE,
    card_back,
    card_height,
    draw_suit,
    empty_slot,
    warm_faces,
)
from bot.drawing.pages import Picture
from bot.drawing.table import (
    FELT,
    GLOW,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RIM,
    SEAT_MARKS,
    TEXT,
    Names,
    Segment,
    drawn,
    kept,
    language_of,
    learn,
    png_of_segments,
    png_rows,
    segments,
    warms,
)
from bot.drawing.text import (
    Font,
    Words,
    draw_text,
    english,
    fit,
    font,
    ink_box,
    learnt,
    printable,
    text_width,
)
from games.vriddiot.faces import WAR as WAR
from games.vriddiot.faces import card_picture, joker_face, label, shown
from games.vriddiot.rules import Card, Ctx, Ident, Layer, Suit, TableView, Termination, view
from games.vriddiot.rules.cards import FACES
from games.vriddiot.rules.game import apply, legal_actions, new_game

WIDTH = 600
MIN_TEXT = 28
"""The smallest text: its capitals stand 11 pixels on a phone showing the picture 320 wide
(the measure of ``tests/drawing/test_phone.py``); 21 pixels stood 8."""
MARGIN = 12

# The header and the requirement band.
STATUS_Y = 34
STATUS_SIZE = 32
BAND_TOP, BAND_BOTTOM = 62, 178
REQ_Y, REQ_SIZE = 88, 30
NOTE_Y = (122, 154)
"""The note's lines: a long note is wrapped onto the second."""
BADGE = 34
"""A suit to follow, drawn as its shape on a small paper square."""

# The pile and the counts beside it.
PILE_CAPTION_Y = 202
PILE_Y = 222
PILE_W = 68
"""The pile's cards (their corners' ranks as high as :data:`MIN_TEXT`'s capitals)."""
LAYER_STEP = 20
"""How far apart the cards of one layer lie."""
LAYER_GAP = 12
PILE_LEFT, PILE_RIGHT = 26, 284
BY_Y = PILE_Y + card_height(PILE_W) + 22
MAX_LAYERS = 5
INFO_X = 296
INFO_Y = (214, 256, 298, 340)

# The players' rows: the name and the counts on the first line, the cards and the place
# taken (or the arrangement's tick) on the second.
ROWS_TOP = BY_Y + 24
ROW_H = 148
ROW_STEP = 154
ROW_LEFT, ROW_RIGHT = 42, WIDTH - MARGIN
ARROW_X = 22
NAME_X = ROW_LEFT + 20
NAME_Y = 26
NAME_SIZE = 30
COUNTS_RIGHT = ROW_RIGHT - 14
COUNTS_ROOM = 270
CARDS_Y = 46
UP_X = NAME_X
UP_W = 66
"""Face-up cards (their corners' ranks as high as :data:`MIN_TEXT`'s capitals)."""
UP_STEP = 70
DOWN_X = UP_X + UP_W + 2 * UP_STEP + 14
DOWN_W = 34
DOWN_STEP = 14
PLACE_X = DOWN_X + DOWN_W + 2 * DOWN_STEP + 12
MARK_SIZE = 28
MARK_ROOM = ROW_RIGHT - 10 - PLACE_X
YES = (46, 184, 92)
NAME_CHARACTERS = string.ascii_letters + string.digits + " .,'-_!?()&@#"
"""The characters a warm-up checks the fonts for."""


def height(seats: int) -> int:
    """The picture's height for ``seats`` players."""
    return ROWS_TOP + seats * ROW_STEP + MARGIN


def row_box(seat: int) -> tuple[int, int, int, int]:
    """Seat ``seat``'s row: left, top, right, bottom."""
    top = ROWS_TOP + seat * ROW_STEP
    return (ROW_LEFT, top, ROW_RIGHT, top + ROW_H)


# --- what is drawn face up, and where ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Face:
    """A card drawn face up: which card, its top-left corner and width, and a joker's
    identity."""

    card: Card
    x: int
    y: int
    width: int
    ident: Ident | None = None


def _shown_layers(pile: tuple[Layer, ...]) -> list[tuple[Layer, int]]:
    """The top layers that fit the pile's room, bottom first, with each one's left edge."""
    chosen: list[Layer] = []
    room = PILE_RIGHT - PILE_LEFT
    for layer in reversed(pile):
        width = _layer_width(layer)
        need = width + (LAYER_GAP if chosen else 0)
        if len(chosen) == MAX_LAYERS or (chosen and need > room):
            break
        chosen.append(layer)
        room -= need
    chosen.reverse()
    out = []
    x = PILE_LEFT
    for layer in chosen:
        out.append((layer, x))
        x += _layer_width(layer) + LAYER_GAP
    return out


def _layer_step(layer: Layer) -> int:
    count = len(layer.cards)
    room = PILE_RIGHT - PILE_LEFT - PILE_W
    return LAYER_STEP if count < 2 else min(LAYER_STEP, room // (count - 1))


def _layer_width(layer: Layer) -> int:
    count = max(1, len(layer.cards))
    return PILE_W + _layer_step(layer) * (count - 1)


def faces(view: TableView) -> tuple[Face, ...]:
    """Every card face the table shows, and where: the pile's top layers, a joker turned and
    being declared, and every player's face-up cards. The renderer draws faces from this list
    only."""
    out: list[Face] = []
    shown = _shown_layers(view.pile)
    for layer, x in shown:
        step = _layer_step(layer)
        for i, card in enumerate(layer.cards):
            out.append(Face(card, x + i * step, PILE_Y, PILE_W, layer.joker))
    if view.revealed is not None:
        out.append(Face(view.revealed, _revealed_x(shown), PILE_Y, PILE_W))
    for seat, player in enumerate(view.players):
        _, top, _, _ = row_box(seat)
        step = UP_STEP if len(player.up) <= 3 else (UP_STEP * 2) // (len(player.up) - 1)
        for i, card in enumerate(player.up):
            out.append(Face(card, UP_X + i * step, top + CARDS_Y, UP_W))
    return tuple(out)


def _revealed_x(shown: list[tuple[Layer, int]]) -> int:
    if not shown:
        return PILE_LEFT + PILE_W + 2 * LAYER_GAP
    layer, x = shown[-1]
    return min(x + _layer_width(layer) + 2 * LAYER_GAP, PILE_RIGHT - PILE_W)


def cards_drawn(view: TableView) -> frozenset[Card]:
    """The cards :func:`table_png` draws face up for this view."""
    return frozenset(f.card for f in faces(view))


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
    if len(names) != view.seats:
        raise ValueError("a Vriddiot table needs the name of every seat")
    seated = tuple(names)
    language = language_of(words)
    say = english if words is None else words
    if key is None or (language is None and say is not english):
        return drawn(_render, view, seated, say)
    return kept(
        ("vriddiot", key, view.moves, seated, language),
        view,
        lambda: drawn(_render, view, seated, say),
    )


@warms
def warm_up() -> None:
    """Load what every picture needs (each table size, the fonts, the cards, the table's words
    in every language the process has learnt), e.g. in a new worker, so the first picture
    after a start is drawn as fast as a whole table can be (its players' names aside, which
    the process learns as they sit down: :func:`learn_names`)."""
    for kind in ("top", "row", "last"):
        _band_base(kind)
    warm_faces([shown(c) for c in FACES if c.suit is not None], (PILE_W, UP_W))
    card_back(DOWN_W)
    card_back(22)
    for width in (PILE_W, UP_W):
        joker_face(width)
    for card in FACES:  # every face as a row shows it, and a row's face-down cards
        _on_panel(card.face, UP_W, None)
    for count in range(1, 4):
        _backs(count)
    for size in (MIN_TEXT, REQ_SIZE, STATUS_SIZE, NAME_SIZE):
        font(size, bold=True)
        font(size)
    # Which glyphs the fonts have, for the characters of most names, where names are drawn
    # (each is learnt by drawing it once: some 0.3 ms a character).
    for size, bold in ((NAME_SIZE, True), (STATUS_SIZE, True), (MIN_TEXT, False)):
        printable(NAME_CHARACTERS, font(size, bold))
    # A dealt table and one in play (the pile, what to beat, the counts) of each deck, up to
    # the largest, in English; in every other language the process knows (its fonts, which
    # characters they draw, the table's words), a small and the largest table.
    languages: list[tuple[Words, tuple[int, ...]]] = [(english, (3, 5, 8, 10))]
    languages += [(say, (5, 10)) for say in learnt()]
    for say, sizes in languages:
        for seats in sizes:
            _warm_table(seats, say)
    # Each row's counts as most rows show them, in every language: a first picture then draws
    # only its names anew.
    scratch = ImageDraw.Draw(_band_base("row").copy())
    for say, _ in languages:
        for hand in range(WARM_HANDS):
            for down in range(4):
                _draw_counts(scratch, _counts(say, "playing", hand, down))


def _warm_table(seats: int, words: Words) -> None:
    """A dealt table of ``seats`` and the same game some moves on, drawn."""
    rng = random.Random(seats)
    state = new_game(rng, seats, seats > 5)
    _render(view(state, None), tuple("ABCDEFGHIJ"[:seats]), words)
    for _ in range(6 * seats):
        if state.is_over:
            break
        seat = state.to_act[0]
        state, _ = apply(state, rng.choice(legal_actions(state, seat)))
    _render(view(state, None), tuple("KLMNOPQRST"[:seats]), words)


def learn_names(names: Sequence[str], words: Words | None = None) -> Future[object] | None:
    """Have the drawing process learn the players' ``names`` (in seat order, as far as they are
    known) before their table's first picture, and not wait for it: sent as seats are taken
    (:func:`bot.drawing.table.learn`; nothing is sent without a drawing process). Returns the
    request, for tests and benchmarks to wait on."""
    seated = tuple(names)[: len(SEAT_MARKS)]
    return learn(_learn_names, seated, english if words is None else words)


LEARNT_HAND = 3
"""The hand a row's counts show when a name is learnt (a dealt hand: any one-digit count is
as wide)."""


def _learn_names(names: tuple[str, ...], words: Words) -> None:
    """Each name drawn where a table draws it, as it draws it: in its row (fitted beside a
    dealt hand's counts), in the status line ("… to play") and under the pile ("top: …"), on
    a scratch band. What FreeType lays out and renders for them (their widths, each line's
    ink) is then kept in :mod:`bot.drawing.text`'s caches, which are bounded (least recently
    used first out), so learning names never grows a process without limit.

    And the table of a game of these players started now, but its face-up cards: its top band
    (kept by :func:`_top_key`, at most :data:`STARTS`) and each row's parts above and under the
    cards (:func:`_bare_row`, at most :data:`BARE_ROWS`). Nothing of it depends on the deal
    but the cards face up, so the start paints those and deflates their lines only."""
    who = Names(names, words)
    room = _name_room(_counts(words, "playing", LEARNT_HAND, 3))
    scratch = ImageDraw.Draw(_band_base("top").copy())
    for seat in range(len(names)):
        _draw_name(scratch, who.get(seat, font(NAME_SIZE, bold=True), room), TEXT)
        _draw_status(scratch, who, words("{player} to play", player=who.mark(seat)), GLOW)
        _draw_by(scratch, who, words("top: {player}", player=who.mark(seat)))
    start = _start_view(len(names))
    if start is not None:
        _learn_top(start, who, words)
        for seat in range(len(names)):
            _bare_row(_bare(_row_look(start, who, seat, words, ())))


def _start_view(seats: int) -> TableView | None:
    """The public view of a game of ``seats`` just dealt, as the game deals it: its rows but for
    their face-up cards (and the dealer, which the table does not show) are every deal's. None
    for a number of seats no game is dealt for."""
    fewest, most = SEATS
    if not fewest <= seats <= most:
        return None
    return view(new_game(random.Random(seats), seats, seats >= DOUBLE_FROM), None)


SEATS = (3, 10)
DOUBLE_FROM = 6
"""The players a table seats, and from how many they play the Dobbeldeck, as the game deals
(:mod:`games.vriddiot.game`, which a picture does not import; a test holds them together)."""


WARM_HANDS = 24
"""Hand sizes whose counts line a warm-up draws (most hands hold fewer cards)."""


def _render(view: TableView, names: tuple[str, ...], words: Words) -> bytes:
    """The picture, band by band: the top (header, requirement, pile, counts) drawn anew unless
    it is a start's drawn at the seats (:func:`_top`), and one band a player, each drawn from
    its :class:`_RowLook` only and kept compressed, so a row that looks as it did in the
    previous picture of the game costs nothing."""
    who = Names(names, words)
    placed: list[list[Face]] = [[] for _ in range(view.seats + 1)]
    for face in faces(view):
        band = 0 if face.y < ROWS_TOP else 1 + (face.y - ROWS_TOP) // ROW_STEP
        placed[band].append(face)
    bands = [_top(view, who, words, placed[0])]
    for seat in range(view.seats):
        bands.extend(_row_segments(_row_look(view, who, seat, words, tuple(placed[seat + 1]))))
    return png_of_segments(WIDTH, height(view.seats), bands)


def _top(view: TableView, who: Names, words: Words, shown: Sequence[Face]) -> Segment:
    """The top band (``shown``: its faces), as kept for a start whose names were learnt at the
    seats (:func:`learn_names`), else drawn."""
    key = _top_key(view, who.names, words)
    if key is not None:
        with _tops_lock:
            found = _tops.get(key)
        if found is not None:
            return found
    image = _band_base("top").copy()
    draw = ImageDraw.Draw(image)
    _header(image, draw, view, who, words)
    _pile(image, draw, view, who, words)
    _info(image, draw, view, words)
    _paint_faces(image, shown, 0)
    return _segment(image)


def _top_key(view: TableView, names: tuple[str, ...], words: Words) -> Hashable | None:
    """Everything the top band draws (:func:`_header`, :func:`_pile`, :func:`_info`, the pile's
    and a turned joker's faces): the names, the language and the view's parts they read; None
    for words that do not say their language."""
    language = language_of(words)
    if language is None and words is not english:
        return None
    return (
        language,
        names,
        view.ctx,
        view.deciding,
        view.to_act,
        view.outcome,
        view.war,
        view.req,
        view.pile,
        view.revealed,
        view.stock_count,
        view.burnt_count,
        view.destroyed_count,
        view.direction,
    )


STARTS = 64
"""Top bands of coming starts kept (:func:`_learn_names`; each some 20 KB): the tables being
seated at once."""
_tops: OrderedDict[Hashable, Segment] = OrderedDict()
_tops_lock = threading.Lock()


def _learn_top(view: TableView, who: Names, words: Words) -> None:
    """Draw and keep the top band of ``view`` (a start: no faces in it)."""
    key = _top_key(view, who.names, words)
    if key is None:
        return
    with _tops_lock:
        if key in _tops:
            _tops.move_to_end(key)
            return
    segment = _top(view, who, words, [f for f in faces(view) if f.y < ROWS_TOP])
    with _tops_lock:
        _tops[key] = segment
        while len(_tops) > STARTS:
            _tops.popitem(last=False)


def _paint_faces(image: Image.Image, shown: Sequence[Face], top: int) -> None:
    for face in shown:
        picture = card_picture(face.card, face.width, face.ident)
        image.paste(picture, (face.x, face.y - top), picture)


@functools.lru_cache(maxsize=3)
def _band_base(kind: str) -> Image.Image:
    """The empty felt of a band: ``top`` (the header, the requirement band, the pile), ``row``
    (a player's panel and the gap under it) or ``last`` (the last player's panel and the
    table's lower edge)."""
    seats = 2
    image = Image.new("RGB", (WIDTH, height(seats)), RIM)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([5, 5, WIDTH - 6, height(seats) - 6], 20, fill=FELT)
    band = (MARGIN, BAND_TOP, WIDTH - MARGIN, BAND_BOTTOM)
    draw.rounded_rectangle(band, 14, fill=PANEL, outline=PANEL_EDGE, width=2)
    for seat in range(seats):
        draw.rounded_rectangle(row_box(seat), 14, fill=PANEL, outline=PANEL_EDGE, width=2)
    if kind == "top":
        return image.crop((0, 0, WIDTH, ROWS_TOP))
    if kind == "row":
        return image.crop((0, ROWS_TOP, WIDTH, ROWS_TOP + ROW_STEP))
    return image.crop((0, ROWS_TOP + ROW_STEP, WIDTH, height(seats)))


# --- the PNG, band by band --------------------------------------------------------------------


def _segment(image: Image.Image) -> Segment:
    """A whole band (an RGB image) as a PNG segment of its own."""
    return segments(png_rows(image), image.width, [(0, image.height)])[0]


def clear_cache() -> None:
    """Forget the kept bands (tests and benchmarks that time a first drawing): each game's rows,
    bare rows and the starts' top bands drawn at the seats, not what rows of every game share
    (their chrome, the cards on the panel), which the process keeps from its warm-up on."""
    _row_segments.cache_clear()
    with _bare_lock:
        _bare_rows.clear()
    with _tops_lock:
        _tops.clear()


# --- the header and what must be beaten -------------------------------------------------------


def _header(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words
) -> None:
    waiting = bool(view.to_act) and view.outcome is None
    _draw_status(draw, who, _status(view, who, words), GLOW if waiting else TEXT)

    suit, line, colour = _requirement(view, words)
    x = MARGIN + 14
    if suit is not None:
        top = REQ_Y - BADGE // 2
        draw.rounded_rectangle((x, top, x + BADGE, top + BADGE), 6, fill=PAPER)
        draw_suit(image, suit, (x + BADGE / 2, top + BADGE / 2), BADGE - 10)
        x += BADGE + 10
    req_face = font(REQ_SIZE, bold=True)
    right = WIDTH - MARGIN - 14
    draw_text(draw, (x, REQ_Y), fit(line, req_face, right - x), req_face, colour, "lm")
    note = _note(view, who, words)
    if note:
        small = font(MIN_TEXT)
        room = right - MARGIN - 14
        lines = _wrapped(who.say(note, small, len(NOTE_Y) * room), small, room)
        for y, text in zip(NOTE_Y, lines, strict=False):
            draw_text(draw, (MARGIN + 14, y), text, small, MUTED, "lm")


def _draw_status(draw: ImageDraw.ImageDraw, who: Names, sentence: str, colour: RGB) -> None:
    """The header's line: whose decision it is (``sentence``, the names as seats' marks)."""
    face = font(STATUS_SIZE, bold=True)
    room = WIDTH - 2 * MARGIN - 16
    status = fit(who.say(sentence, face, room), face, room)
    draw_text(draw, (MARGIN + 8, STATUS_Y), status, face, colour, "lm")


def _wrapped(text: str, face: Font, room: float) -> list[str]:
    """``text`` on at most two lines ``room`` pixels wide: broken after the last space that
    fits (a text without one, such as Japanese, after the last character that fits), the
    second line cut with "…" if it is still too long."""
    if text_width(text, face) <= room:
        return [text]
    cut = len(text)
    while cut > 1 and text_width(text[:cut], face) > room:
        cut -= 1
    space = text.rfind(" ", 0, cut + 1)
    if space > 0:
        cut = space
    return [text[:cut].rstrip(), fit(text[cut:].strip(), face, room)]


def _status(view: TableView, who: Names, words: Words) -> str:
    """Whose decision it is, or how the game ended (names as the seats' marks)."""
    outcome = view.outcome
    if outcome is not None:
        if outcome.idiot is None:
            return words("The game was stopped")
        return words("{player} is the idiot", player=who.mark(outcome.idiot))
    ctx = view.ctx
    if ctx is Ctx.ARRANGE:
        waiting = len(view.to_act)
        if waiting == 1:
            return words("{player} is arranging", player=who.mark(view.to_act[0]))
        return words("Arranging: {count} players choosing", count=waiting)
    if ctx in (Ctx.JOIN, Ctx.TOSS):
        if len(view.to_act) == 1:
            player = who.mark(view.to_act[0])
            if ctx is Ctx.JOIN:
                return words("{player} may join the war", player=player)
            return words("{player} may toss along", player=player)
        if ctx is Ctx.JOIN:
            return words("{count} players may join the war", count=len(view.to_act))
        return words("{count} players may toss along", count=len(view.to_act))
    if ctx is Ctx.RETURN:
        return words("The burnt pile goes under the stock")
    seat = view.to_act[0] if view.to_act else view.deciding
    if seat < 0:
        return ""
    player = who.mark(seat)
    if ctx is Ctx.EXTRA:
        return words("{player} plays again", player=player)
    if ctx is Ctx.MUST_ADD:
        return words("{player} adds a play to the 8", player=player)
    if ctx is Ctx.WAR_Q:
        return words("{player} may declare war", player=player)
    if ctx is Ctx.WAR_TURN:
        return words("{player} to play in the war", player=player)
    if ctx is Ctx.JOKER:
        return words("{player} names the joker", player=player)
    return words("{player} to play", player=player)


def _suit_name(suit: Suit, words: Words) -> str:
    return {
        Suit.SPADES: words("spades"),
        Suit.HEARTS: words("hearts"),
        Suit.DIAMONDS: words("diamonds"),
        Suit.CLUBS: words("clubs"),
    }[suit]


def _requirement(view: TableView, words: Words) -> tuple[Suit | None, str, RGB]:
    """What must be beaten now: the suit to follow (drawn as a shape), the words, their
    colour."""
    if view.outcome is not None:
        return None, words("Game over"), TEXT
    if view.ctx is Ctx.ARRANGE:
        return None, words("Choose your 3 face-up cards"), TEXT
    war = view.war
    if view.ctx is Ctx.MUST_ADD:
        if war is not None:
            return None, words("War: add a play to the 8 (no 8)"), WAR
        return None, words("Add any play to the 8"), TEXT
    if war is not None:
        if war.down and war.suit is not None:
            suit = _suit_name(war.suit, words)
            return (
                war.suit,
                words("War: {suit} lower than {value}", suit=suit, value=label(war.bound)),
                WAR,
            )
        return None, words("War: {value} or higher", value=label(war.level)), WAR
    req = view.req
    if req.change and req.suit is not None:
        suit = _suit_name(req.suit, words)
        return (
            req.suit,
            words("Change: {suit} higher than {value}", suit=suit, value=label(req.value)),
            TEXT,
        )
    if req.floor:
        return None, words("Beat: {value} or higher", value=label(req.floor)), TEXT
    if view.pile and view.pile[-1].rank == 2:
        return None, words("Any card (a 2 is on top)"), TEXT
    if not view.pile:
        return None, words("Empty pile: any card"), TEXT
    return None, words("Any card"), TEXT


def _note(view: TableView, who: Names, words: Words) -> str:
    """The requirement band's second line: the warriors, an 8's pending play, how it ended."""
    outcome = view.outcome
    if outcome is not None:
        if outcome.seat is not None:
            player = who.mark(outcome.seat)
            if outcome.termination is Termination.RESIGNED:
                return words("{player} resigned", player=player)
            if outcome.termination is Termination.TIMEOUT:
                return words("{player} ran out of time", player=player)
        if outcome.capped:
            return words("The move limit ended the game")
        return ""
    war = view.war
    if war is not None:
        warriors = ", ".join(who.mark(s) for s in war.warriors)
        return words("Warriors: {players}", players=warriors)
    if view.ctx is Ctx.MUST_ADD:
        return words("Its top card sets the suit to follow; an ace cancels")
    if view.ctx is Ctx.EXTRA:
        return words("A free lead on the empty pile")
    if view.ctx is Ctx.ARRANGE:
        return ""
    if view.req.change:
        return words("A 10, the 4♠, an ace or four alike end the change")
    if view.req.floor:
        return words("A 2, a 10, the 4♠ or a joker may always be played")
    return ""


# --- the pile, the counts, the direction -------------------------------------------------------


def _pile(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, who: Names, words: Words
) -> None:
    """The pile's size over its top layers (faces painted later), ghosts as outlines with
    their 666 or KKK, the top ringed, and who laid the top layer."""
    small = font(MIN_TEXT)
    count = sum(len(layer.cards) for layer in view.pile)
    if not view.pile:
        caption = words("Pile: empty")
    elif count == 1:
        caption = words("Pile: 1 card")
    else:
        caption = words("Pile: {count} cards", count=count)
    room = PILE_RIGHT - PILE_LEFT
    draw_text(draw, (PILE_LEFT, PILE_CAPTION_Y), fit(caption, small, room), small, MUTED, "lm")
    shown = _shown_layers(view.pile)
    if not shown:
        slot = empty_slot(PILE_W)
        image.paste(slot, (PILE_LEFT, PILE_Y), slot)
        return
    for layer, x in shown:
        if not layer.cards:  # a ghost: where a 666 or KKK vanished
            slot = empty_slot(PILE_W)
            image.paste(slot, (x, PILE_Y), slot)
            text = "666" if layer.ghost == 6 else "KKK"
            centre = (x + PILE_W / 2, PILE_Y + card_height(PILE_W) / 3)
            draw_text(draw, centre, text, font(MIN_TEXT, bold=True), MUTED, "mm")
            if layer.ghost_suit is not None:
                draw_suit(
                    image,
                    layer.ghost_suit,
                    (x + PILE_W / 2, PILE_Y + card_height(PILE_W) * 0.68),
                    24,
                )
    top, x = shown[-1]
    ring = (x - 5, PILE_Y - 5, x + _layer_width(top) + 4, PILE_Y + card_height(PILE_W) + 4)
    draw.rounded_rectangle(ring, 10, outline=GLOW, width=3)
    if top.seat >= 0:
        _draw_by(draw, who, words("top: {player}", player=who.mark(top.seat)))


def _draw_by(draw: ImageDraw.ImageDraw, who: Names, sentence: str) -> None:
    """Who laid the pile's top layer, under it (``sentence``, the name as a seat's mark)."""
    small = font(MIN_TEXT)
    room = PILE_RIGHT - PILE_LEFT
    text = fit(who.say(sentence, small, room), small, room)
    draw_text(draw, (PILE_LEFT, BY_Y), text, small, MUTED, "lm")


def _info(image: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, words: Words) -> None:
    """The stock (a back and its count), the burnt and destroyed counts, the direction."""
    small = font(MIN_TEXT)
    room = WIDTH - MARGIN - 6 - INFO_X
    back = card_back(22)
    image.paste(back, (INFO_X, INFO_Y[0] - back.height // 2), back)
    lines = (
        (INFO_X + 28, INFO_Y[0], words("Stock: {count}", count=view.stock_count)),
        (INFO_X, INFO_Y[1], words("Burnt: {count}", count=view.burnt_count)),
        (INFO_X, INFO_Y[2], words("Destroyed: {count}", count=view.destroyed_count)),
    )
    for x, y, text in lines:
        draw_text(draw, (x, y), fit(text, small, room - (x - INFO_X)), small, TEXT, "lm")
    clockwise = view.direction > 0
    _turn_sign(image, INFO_X + 11, INFO_Y[3], clockwise)
    text = words("clockwise") if clockwise else words("counter-clockwise")
    draw_text(draw, (INFO_X + 28, INFO_Y[3]), fit(text, small, room - 28), small, TEXT, "lm")


TURN_SIZE = 26


def _turn_sign(image: Image.Image, cx: float, cy: float, clockwise: bool) -> None:
    """A circular arrow, clockwise or not, centred on (``cx``, ``cy``)."""
    mask = _turn_mask(clockwise)
    image.paste(GLOW, (round(cx - TURN_SIZE / 2), round(cy - TURN_SIZE / 2)), mask)


@functools.lru_cache(maxsize=2)
def _turn_mask(clockwise: bool) -> Image.Image:
    """Three quarters of a ring with an arrowhead at its end, drawn large and reduced."""
    k = SUPERSAMPLE
    size = TURN_SIZE * k
    mask = Image.new("L", (size, size), 0)
    draw = ImageDraw.Draw(mask)
    c, r, width = size / 2, size * 0.34, size * 0.12
    start, end = (-80.0, 190.0) if clockwise else (-10.0, 260.0)
    draw.arc((c - r, c - r, c + r, c + r), start, end, fill=255, width=round(width))
    # The head: where the ring ends in the way of travel, pointing along it.
    at = math.radians(end if clockwise else start)
    way = 1 if clockwise else -1
    mid = r - width / 2
    px, py = c + mid * math.cos(at), c + mid * math.sin(at)
    tx, ty = -math.sin(at) * way, math.cos(at) * way  # the tangent, in the way of travel
    nx, ny = math.cos(at), math.sin(at)
    head = size * 0.2
    draw.polygon(
        [
            (px + tx * head, py + ty * head),
            (px + nx * head * 0.9, py + ny * head * 0.9),
            (px - nx * head * 0.9, py - ny * head * 0.9),
        ],
        fill=255,
    )
    return mask.reduce(k)


# --- a player's row ---------------------------------------------------------------------------


def _ordinal(place: int, words: Words) -> str:
    if place == 1:
        return words("1st")
    if place == 2:
        return words("2nd")
    if place == 3:
        return words("3rd")
    return words("{n}th", n=place)


class _RowLook(NamedTuple):
    """Everything a player's band shows, fitted and coloured: the band is drawn from this only,
    and kept by it."""

    last: bool
    """The table's last row (its band holds the table's lower edge)."""
    name: str
    name_colour: RGB
    line: str
    faces: tuple[Face, ...]
    """Its face-up cards, at their place in the whole picture."""
    top: int
    """The band's top in the whole picture."""
    backs: int
    acting: bool
    warrior: bool
    tick: bool
    mark: str
    mark_colour: RGB
    arrow: tuple[bool, bool, int]
    """The direction arrow's part here: whether it starts here, ends here, and its way."""


def _row_look(
    view: TableView, who: Names, seat: int, words: Words, shown: tuple[Face, ...]
) -> _RowLook:
    player = view.players[seat]
    acting = seat in view.to_act and view.outcome is None
    name_face = font(NAME_SIZE, bold=True)
    colour = GLOW if acting else TEXT if player.status == "playing" else MUTED
    line = _counts(words, player.status, player.hand_count, sum(player.down))
    name = who.get(seat, name_face, _name_room(line))
    mark, mark_colour = _mark(view, seat, words)
    if mark:
        mark = fit(mark, font(MARK_SIZE, bold=True), MARK_ROOM - 16)
    last = seat == view.seats - 1
    return _RowLook(
        last=last,
        name=name,
        name_colour=colour,
        line=line,
        faces=shown,
        top=row_box(seat)[1],
        backs=sum(player.down),
        acting=acting,
        warrior=view.war is not None and seat in view.war.warriors,
        tick=view.ctx is Ctx.ARRANGE and player.arranged and view.outcome is None,
        mark=mark,
        mark_colour=mark_colour,
        arrow=(seat == 0, last, view.direction),
    )


def _name_room(line: str) -> float:
    """How wide a row's name may be beside its counts ``line``."""
    return COUNTS_RIGHT - NAME_X - text_width(line, font(MIN_TEXT)) - 20


def _draw_name(draw: ImageDraw.ImageDraw, name: str, colour: RGB) -> None:
    """A row's name (fitted), in its band."""
    draw_text(draw, (NAME_X, NAME_Y), name, font(NAME_SIZE, bold=True), colour, "lm")


def _counts(words: Words, status: str, hand: int, down: int) -> str:
    """A row's counts, fitted: the hand and the face-down cards, or that the player is out."""
    if status == "forfeited":
        line = words("forfeited")
    elif status == "out":
        line = words("out")
    else:
        line = words("hand {hand} · down {down}", hand=hand, down=down)
    return fit(line, font(MIN_TEXT), COUNTS_ROOM)


def _draw_counts(draw: ImageDraw.ImageDraw, line: str) -> None:
    draw_text(draw, (COUNTS_RIGHT, NAME_Y), line, font(MIN_TEXT), MUTED, "rm")


STRIP_TOP, STRIP_BOTTOM = CARDS_Y, CARDS_Y + card_height(UP_W)
"""The face-up cards' lines of a row's band. A band is three PNG segments: above them (the
name, the counts, the edge), them, and below them. Only the middle one depends on the cards,
which are dealt at the start: the others are kept by the row's :func:`_bare` look
(:func:`_bare_row`), and drawn for a new game's rows as its seats are taken
(:func:`learn_names`), so a first picture paints each row's cards on its kept lines and
deflates those lines only."""
BARE_ROWS = 1024
"""Bare rows kept (:func:`_bare_row`; each a few KB)."""


@functools.lru_cache(maxsize=1024)
def _row_segments(look: _RowLook) -> tuple[Segment, Segment, Segment]:
    """A player's band as three PNG segments (:data:`STRIP_TOP`): the parts above and under
    its face-up cards those of its kept bare row, the cards' lines painted on the bare row's;
    a row whose bare look is not kept drawn whole, and its bare row kept."""
    bare = _kept_bare(_bare(look))
    if bare is None:
        return _drawn_row(look)[0]
    # The chrome's lines (cut out: a new image, painted on as it is) or the name's.
    strip = _strip_of(_row_chrome(_chrome(look))) if bare.strip is None else bare.strip.copy()
    _paint_up_cards(strip, look.faces, look.top + STRIP_TOP)
    return bare.upper, _segment(strip), bare.lower


def _row_image(look: _RowLook) -> Image.Image:
    """A player's band: its kept chrome, then its name and its face-up cards."""
    image = _row_chrome(_chrome(look)).copy()
    _draw_name(ImageDraw.Draw(image), look.name, look.name_colour)
    _paint_up_cards(image, look.faces, look.top)
    return image


def _bare(look: _RowLook) -> _RowLook:
    """What a row shows but its face-up cards (and its place in the picture)."""
    return look._replace(faces=(), top=0)


def _chrome(look: _RowLook) -> _RowLook:
    """What a row shows but its name and face-up cards: its :func:`_row_chrome`'s key."""
    return look._replace(name="", faces=(), top=0)


class _BareRow(NamedTuple):
    """A row without its face-up cards, as a picture uses it: the PNG segments above and under
    the cards' lines, and those lines themselves when the name's ink reaches into them (else
    they are the chrome's: None)."""

    upper: Segment
    lower: Segment
    strip: Image.Image | None


_bare_rows: OrderedDict[_RowLook, _BareRow] = OrderedDict()
_bare_lock = threading.Lock()


def _kept_bare(bare: _RowLook) -> _BareRow | None:
    """The bare row kept for ``bare`` (a :func:`_bare` look), if it is."""
    with _bare_lock:
        found = _bare_rows.get(bare)
        if found is not None:
            _bare_rows.move_to_end(bare)
        return found


def _drawn_row(look: _RowLook) -> tuple[tuple[Segment, Segment, Segment], _BareRow]:
    """A player's band drawn whole, its rows read out of Pillow once and deflated in its three
    segments; its bare row kept (at most :data:`BARE_ROWS`, the least recently used out)."""
    image = _row_chrome(_chrome(look)).copy()
    _draw_name(ImageDraw.Draw(image), look.name, look.name_colour)
    ink = ink_box((NAME_X, NAME_Y), look.name, font(NAME_SIZE, bold=True), "lm")
    named = _strip_of(image) if ink is not None and ink[3] > STRIP_TOP else None
    _paint_up_cards(image, look.faces, look.top)
    upper, middle, lower = segments(
        png_rows(image),
        WIDTH,
        [(0, STRIP_TOP), (STRIP_TOP, STRIP_BOTTOM), (STRIP_BOTTOM, image.height)],
    )
    bare = _BareRow(upper, lower, named)
    with _bare_lock:
        _bare_rows[_bare(look)] = bare
        _bare_rows.move_to_end(_bare(look))
        while len(_bare_rows) > BARE_ROWS:
            _bare_rows.popitem(last=False)
    return (upper, middle, lower), bare


def _bare_row(bare: _RowLook) -> _BareRow:
    """The row ``bare`` (a :func:`_bare` look) without face-up cards, as kept: drawn if it is
    not (what :func:`learn_names` draws for a new game's rows)."""
    found = _kept_bare(bare)
    return _drawn_row(bare)[1] if found is None else found


def _strip_of(image: Image.Image) -> Image.Image:
    """A row band's face-up cards' lines, as a new image."""
    return image.crop((0, STRIP_TOP, WIDTH, STRIP_BOTTOM))


@functools.lru_cache(maxsize=24)
def _row_chrome(look: _RowLook) -> Image.Image:
    """A row's band with everything but its name and face-up cards (``look`` without them):
    kept, as a game's rows mostly share it (every row of a new game: the same counts and face-down
    cards, all deciding), so a first picture draws each row's own parts only. Nothing it holds
    lies under the name or the face-up cards, so they are drawn over it as they were before."""
    image = _band_base("last" if look.last else "row").copy()
    _row(image, look)
    return image


def _paint_up_cards(image: Image.Image, shown: Sequence[Face], top: int) -> None:
    """A row's face-up cards: each as it lies on the bare panel (:func:`_on_panel`, copied
    without blending), but where it overlies the card before it (four or more face-up cards),
    blended through its own corners as :func:`_paint_faces` does."""
    right = 0
    for face in shown:
        if face.x < right:
            _paint_faces(image, (face,), top)
        else:
            picture = _on_panel(face.card.face, face.width, face.ident)
            image.paste(picture, (face.x, face.y - top))
        right = face.x + face.width


@functools.lru_cache(maxsize=256)
def _on_panel(face: int, width: int, ident: Ident | None) -> Image.Image:
    """A card face (:data:`~games.vriddiot.rules.cards.FACES`' number) up on a row's bare
    panel, its rounded corners blended with it: an opaque picture a row copies in (a face
    pasted through its alpha costs several times more)."""
    picture = card_picture(FACES[face], width, ident)
    image = Image.new("RGB", picture.size, PANEL)
    image.paste(picture, (0, 0), picture)
    return image


def _row(image: Image.Image, look: _RowLook) -> None:
    """A player's row, in its band, but its name: a gold edge when the game waits for them, a red
    stripe in a war; the hand and face-down counts; the face-down cards as backs (the face-up
    cards are painted with the other faces); the arrangement's tick or the place taken; and
    its part of the direction arrow."""
    draw = ImageDraw.Draw(image)
    left, right, top, bottom = ROW_LEFT, ROW_RIGHT, 0, ROW_H
    if look.acting:
        draw.rounded_rectangle((left, top, right, bottom), 14, outline=GLOW, width=4)
    if look.warrior or look.acting:
        stripe = (left + 7, top + 12, left + 12, bottom - 12)
        draw.rounded_rectangle(stripe, 2, fill=WAR if look.warrior else GLOW)
    _draw_counts(draw, look.line)

    if look.backs:
        backs = _backs(look.backs)
        image.paste(backs, (DOWN_X, CARDS_Y + (card_height(UP_W) - backs.height) // 2))

    centre = (PLACE_X + MARK_ROOM / 2, CARDS_Y + card_height(UP_W) / 2)
    if look.tick:
        _tick(image, *centre)
    if look.mark:
        face = font(MARK_SIZE, bold=True)
        width = text_width(look.mark, face) + 16
        box = (centre[0] - width / 2, centre[1] - 21, centre[0] + width / 2, centre[1] + 21)
        draw.rounded_rectangle(box, 21, outline=look.mark_colour, width=3)
        draw_text(draw, centre, look.mark, face, look.mark_colour, "mm")

    # The direction of play along the rows: down for clockwise (seat order), up for
    # counter-clockwise; after the last row comes the first again.
    first, last, direction = look.arrow
    start = 12 if first else 0
    end = ROW_H - 12 if last else ROW_STEP
    draw.line([(ARROW_X, start), (ARROW_X, end)], fill=MUTED, width=4)
    if direction > 0 and last:
        head = [(ARROW_X - 9, end - 14), (ARROW_X + 9, end - 14), (ARROW_X, end + 2)]
        draw.polygon(head, fill=MUTED)
    if direction < 0 and first:
        head = [(ARROW_X - 9, start + 14), (ARROW_X + 9, start + 14), (ARROW_X, start - 2)]
        draw.polygon(head, fill=MUTED)


@functools.lru_cache(maxsize=8)
def _backs(count: int) -> Image.Image:
    """``count`` face-down cards as a row shows them, each overlying the one before, on the
    bare panel: an opaque picture a row copies in."""
    back = card_back(DOWN_W)
    image = Image.new("RGB", (DOWN_W + (count - 1) * DOWN_STEP, back.height), PANEL)
    for i in range(count):
        image.paste(back, (i * DOWN_STEP, 0), back)
    return image


def _tick(image: Image.Image, cx: float, cy: float) -> None:
    """A white tick on a green disc: a player who has arranged."""
    k = SUPERSAMPLE
    r = 15
    mask = Image.new("L", (2 * r * k, 2 * r * k), 0)
    draw = ImageDraw.Draw(mask)
    draw.ellipse((0, 0, 2 * r * k - 1, 2 * r * k - 1), fill=255)
    image.paste(YES, (round(cx - r), round(cy - r)), mask.reduce(k))
    tick = [(cx - 7, cy + 0.5), (cx - 2, cy + 6), (cx + 8, cy - 6)]
    ImageDraw.Draw(image).line(tick, fill=(255, 255, 255), width=4, joint="curve")


def _mark(view: TableView, seat: int, words: Words) -> tuple[str, RGB]:
    """The label at a row's end: the place taken, the idiot, or an arranged player's tick."""
    player = view.players[seat]
    outcome = view.outcome
    if outcome is not None and outcome.idiot == seat:
        return words("idiot"), WAR
    if player.place is not None:
        return _ordinal(player.place, words), GLOW if player.place == 1 else TEXT
    if view.war is not None and seat in view.war.warriors:
        return words("war"), WAR
    return "", TEXT


def rules_pictures() -> dict[str, Picture]:
    """The illustrated rules' pictures by name (:mod:`games.vriddiot.examples`), drawn once a
    process: what the guide shows beside each page."""
    from games.vriddiot.examples import rules_pictures as drawn_once

    return drawn_once()
