"""The drawn Vriddiot table: a function of the public view only, every seat count laid out
without overlap, legible on a phone 320 pixels wide, and a few facts checked pixel by pixel."""

from __future__ import annotations

import ast
import io
import os
import random
import struct
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from PIL import Image, ImageDraw

from bot.drawing.cards import card_back, card_height
from bot.drawing.table import Names, adler32_combine
from bot.drawing.text import Font, draw_text, english
from games.vriddiot import drawing
from games.vriddiot.drawing import (
    MIN_TEXT,
    ROWS_TOP,
    WIDTH,
    cards_drawn,
    faces,
    height,
    row_box,
    table_png,
)
from games.vriddiot.rules import Ctx, GameState, Resign, apply, view
from games.vriddiot.tests.helpers import card, random_states, table
from tests.catalog import fields

NAMES = (
    "Alice",
    "Bartholomew the Unhurried",
    "Carol",
    "Dmitri",
    "Eve",
    "Fumiko",
    "Gustav",
    "Hanna",
    "Ivo",
    "Jo",
)
PHONE = 320
"""The narrowest a phone shows the picture."""
SMALLEST_GLYPH = 11
"""Pixels: every text at least this high at :data:`PHONE` pixels wide (issue 24)."""
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def _fresh() -> None:
    drawing.clear_cache()


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB")


def _game(seats: int, seed: int = 1) -> list[GameState]:
    return list(random_states(seed, seats, seats > 5, forfeits=False))


def _middle(seats: int, seed: int = 1) -> GameState:
    """A state in the middle of play: the stock not empty, someone to play."""
    states = _game(seats, seed)
    return next(
        s for s in states if s.ctx is Ctx.TURN and len(s.stock) >= 2 and s.pile and s.war is None
    )


# --- the public view only ---------------------------------------------------------------------


def test_only_the_public_view_is_drawn() -> None:
    state = _middle(4)
    with pytest.raises(ValueError, match="public view"):
        table_png(view(state, 0), NAMES[:4])
    with pytest.raises(ValueError, match="every seat"):
        table_png(view(state, None), NAMES[:3])


def test_states_that_differ_only_in_hidden_cards_draw_the_same_bytes() -> None:
    state = _middle(5)
    seat = 1
    hand = list(state.hands[seat])
    stock = list(state.stock)
    swap = next(i for i, c in enumerate(stock) if c.face != hand[0].face)
    hand[0], stock[swap] = stock[swap], hand[0]
    downs = [list(row) for row in state.down]
    first, second = [s for s in range(5) if downs[s][0] is not None][:2]
    downs[first][0], downs[second][0] = downs[second][0], downs[first][0]
    other = replace(
        state,
        hands=(*state.hands[:seat], tuple(hand), *state.hands[seat + 1 :]),
        stock=tuple(stock),
        down=tuple(tuple(row) for row in downs),
    )
    assert other.hands != state.hands and other.stock != state.stock
    assert other.down != state.down
    drawn = table_png(view(state, None), NAMES[:5])
    drawing.clear_cache()
    assert table_png(view(other, None), NAMES[:5]) == drawn
    assert table_png(view(state, None), NAMES[:5]) == drawn  # kept bands: the same bytes


def test_only_visible_cards_are_painted_face_up() -> None:
    for seats in (3, 6, 10):
        for state in _game(seats, seats)[::7]:
            public = view(state, None)
            visible = set(public.visible_cards())
            drawn = cards_drawn(public)
            assert drawn <= visible
            for player in public.players:
                assert set(player.up) <= drawn
            if public.pile and public.pile[-1].cards:
                assert set(public.pile[-1].cards) <= drawn


# --- the layout -------------------------------------------------------------------------------


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("seats", range(3, 11))
def test_every_seat_count_draws_its_rows_apart_and_inside(seats: int) -> None:
    state = _middle(seats, seed=seats)
    public = view(state, None)
    image = _image(table_png(public, NAMES[:seats]))
    assert image.size == (WIDTH, height(seats))
    boxes = [row_box(s) for s in range(seats)]
    for i, box in enumerate(boxes):
        assert 0 < box[0] < box[2] < WIDTH and ROWS_TOP <= box[1] < box[3] < image.height
        for other in boxes[i + 1 :]:
            assert not _overlap(box, other)
    # Every face lies inside its own row's panel, or above the rows (the pile).
    for face in faces(public):
        right, bottom = face.x + face.width, face.y + round(face.width * 1.4)
        if face.y < ROWS_TOP:
            assert bottom < ROWS_TOP and right < WIDTH
            continue
        seat = next(s for s, box in enumerate(boxes) if box[1] <= face.y < box[3])
        assert face.card in public.players[seat].up
        left, top, box_right, box_bottom = boxes[seat]
        assert left < face.x and right < box_right and top <= face.y and bottom <= box_bottom


def test_a_long_name_is_cut_to_its_room() -> None:
    public = view(_middle(3), None)
    names = Names(("A" * 80, "Bob", "Carol"), english)
    looks = [drawing._row_look(public, names, s, english, ()) for s in range(3)]
    assert looks[0].name.endswith("…") and len(looks[0].name) < 20
    assert looks[1].name == "Bob"
    assert len(table_png(public, ("A" * 80, "Bob", "Carol"))) > 0


def _sizes_drawn(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    sizes: list[int] = []
    real = draw_text

    def recording(draw: object, xy: object, text: str, face: Font, *args: object) -> None:
        if text.strip():
            sizes.append(round(getattr(face, "size", 0)))
        real(draw, xy, text, face, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(drawing, "draw_text", recording)
    return sizes


def test_every_caption_is_legible_on_a_phone_320_pixels_wide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sizes = _sizes_drawn(monkeypatch)
    for seats in (3, 5, 8, 10):
        for state in _game(seats, seats)[::11]:
            drawing.clear_cache()
            png = table_png(view(state, None), NAMES[:seats])
            assert _image(png).width == WIDTH
    assert sizes and min(sizes) == MIN_TEXT
    scale = PHONE / WIDTH
    assert min(sizes) * scale >= SMALLEST_GLYPH
    # And by the ink: a caption's digits, scaled to 320 wide, stand at least 11 pixels (the
    # digits of a 28-pixel font are about 0.73 of it: some 20 pixels, 11 at 320 wide).
    state = table(3, hands={0: "3S 4S 5S"}, up={0: "7H 8C 9D"}, pile=[(2, "9S")])
    image = _image(table_png(view(state, None), NAMES[:3]))
    small = image.resize((PHONE, round(image.height * scale)), Image.Resampling.LANCZOS)
    top = ROWS_TOP + drawing.NAME_Y - 20  # the first row's counts line, "hand 3 · down 0"
    left, right = drawing.COUNTS_RIGHT - 240, drawing.COUNTS_RIGHT
    band = small.crop(
        (round(left * scale), round(top * scale), round(right * scale), round((top + 40) * scale))
    )
    ink = [
        y
        for y in range(band.height)
        if any(sum(band.getpixel((x, y))) > 420 for x in range(band.width))  # type: ignore[arg-type]
    ]
    assert ink and ink[-1] - ink[0] + 1 >= SMALLEST_GLYPH


# --- golden facts ----------------------------------------------------------------------------


def _pixel(image: Image.Image, face: drawing.Face, fx: float, fy: float) -> tuple[int, int, int]:
    x = face.x + round(face.width * fx)
    y = face.y + round(face.width * 1.4 * fy)
    found = image.getpixel((x, y))
    assert isinstance(found, tuple)
    return found[0], found[1], found[2]


def test_hearts_are_red_and_spades_black_on_the_table() -> None:
    state = table(3, up={0: "7H 8S 9D", 1: "JC"}, pile=[(1, "5H")])
    public = view(state, None)
    image = _image(table_png(public, NAMES[:3]))
    by_card = {f.card: f for f in faces(public)}
    red = _pixel(image, by_card[card("7H")], 0.6, 0.66)
    black = _pixel(image, by_card[card("8S")], 0.6, 0.66)
    diamond = _pixel(image, by_card[card("9D")], 0.6, 0.66)
    assert red[0] > 160 and red[1] < 80 and red[2] < 90
    assert max(black) < 70
    assert diamond != black and max(diamond) > 150  # coloured, never black like spades


def test_the_player_to_act_has_a_gold_edge_and_warriors_a_red_stripe() -> None:
    from games.vriddiot.rules import War

    war = War((0, 1), 1, 1, level=9)
    state = table(3, ctx=Ctx.WAR_TURN, seat=0, pile=[(0, "9H"), (1, "9S")], war=war)
    public = view(state, None)
    image = _image(table_png(public, NAMES[:3]))
    left, top, _, bottom = row_box(0)
    gold = image.getpixel((left + 1, (top + bottom) // 2))
    assert isinstance(gold, tuple) and gold[0] > 200 and gold[1] > 150 and gold[2] < 120
    stripe = image.getpixel((left + 9, (top + bottom) // 2))
    assert stripe == drawing.WAR
    idle = image.getpixel((row_box(2)[0] + 9, (row_box(2)[1] + row_box(2)[3]) // 2))
    assert idle != drawing.WAR


def test_the_finishing_places_and_the_idiot_are_marked() -> None:
    states = _game(4, seed=3)
    end = states[-1]
    assert end.outcome is not None and end.outcome.idiot is not None
    public = view(end, None)
    looks = [drawing._row_look(public, Names(NAMES[:4], english), s, english, ()) for s in range(4)]
    assert looks[end.outcome.idiot].mark == "idiot"
    assert sorted(look.mark for look in looks) == sorted(["1st", "2nd", "3rd", "idiot"])
    resigned = apply(states[5], Resign(2))[0]
    look = drawing._row_look(view(resigned, None), Names(NAMES[:4], english), 2, english, ())
    assert look.mark == "4th" and look.line == "forfeited"


def _blended_row(look: drawing._RowLook) -> Image.Image:
    """A player's band as it was painted before its chrome and cards were kept: its name
    first, then the rest of the band, every back and face pasted through its own corners."""
    image = drawing._band_base("last" if look.last else "row").copy()
    drawing._draw_name(ImageDraw.Draw(image), look.name, look.name_colour)
    drawing._row(image, look._replace(backs=0))
    back = card_back(drawing.DOWN_W)
    y = drawing.CARDS_Y + (card_height(drawing.UP_W) - back.height) // 2
    for i in range(look.backs):
        image.paste(back, (drawing.DOWN_X + i * drawing.DOWN_STEP, y), back)
    drawing._paint_faces(image, look.faces, look.top)
    return image


def test_a_row_of_kept_chrome_and_cards_paints_what_blending_each_part_painted() -> None:
    public = view(_middle(6), None)
    many = (card("2S"), card("X"), card("10H"), card("KD"), card("AC"))
    players = list(public.players)
    players[1] = replace(players[1], up=many)  # overlapping: each blended on the one before
    players[2] = replace(players[2], up=(), down=(True, False, False))
    public = replace(public, players=tuple(players))
    players[4] = replace(players[4], up=players[3].up, hand_count=players[3].hand_count)
    public = replace(public, players=tuple(players))
    who = Names(NAMES[:6], english)
    shown = faces(public)
    looks = []
    for seat in range(6):
        top = row_box(seat)[1]
        mine = tuple(f for f in shown if top <= f.y < top + drawing.ROW_STEP)
        looks.append(drawing._row_look(public, who, seat, english, mine))
        if seat == 1:  # five cards in the room of three: each lies on the one before
            assert len(mine) == 5 and mine[1].x - mine[0].x < mine[0].width
    # Twice, and in both orders: a row drawn on a kept chrome leaves nothing of itself there.
    for order in (looks, looks[::-1]):
        for look in order:
            reference = _blended_row(look)
            assert drawing._row_image(look).tobytes() == reference.tobytes(), look.name
    chrome = {look._replace(name="", faces=(), top=0) for look in looks}
    assert len(chrome) < len(looks)  # Dmitri's and Eve's rows share theirs


# --- the PNG, band by band ----------------------------------------------------------------------


def test_the_bands_make_one_valid_png_whatever_was_kept() -> None:
    states = _game(8, seed=2)[::5][:12]
    kept = [table_png(view(s, None), NAMES[:8]) for s in states]
    for state, png in zip(states, kept, strict=True):
        drawing.clear_cache()
        assert table_png(view(state, None), NAMES[:8]) == png
        at = png.index(b"IDAT")
        (length,) = struct.unpack(">I", png[at - 4 : at])
        rows = zlib.decompress(png[at + 4 : at + 4 + length])  # checks the Adler-32 too
        assert len(rows) == height(8) * (3 * WIDTH + 1)
        assert rows[:: 3 * WIDTH + 1] == bytes(height(8))  # every row's filter: none


def test_adler32_combines_as_zlib_computes_it() -> None:
    rng = random.Random(5)
    for _ in range(50):
        first = os.urandom(rng.randrange(0, 3000))
        second = bytes(rng.randrange(0, 3)) * rng.randrange(0, 70000)
        combined = adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
        assert combined == zlib.adler32(first + second)


def test_a_kept_row_is_used_when_it_looks_the_same() -> None:
    states = _game(6, seed=4)
    table_png(view(states[40], None), NAMES[:6])
    before = drawing._row_segments.cache_info()
    table_png(view(states[41], None), NAMES[:6])
    after = drawing._row_segments.cache_info()
    assert after.hits - before.hits >= 3  # most rows look as they did a move ago


# --- the words ---------------------------------------------------------------------------------


def test_every_word_of_the_table_has_a_japanese_translation() -> None:
    """The Japanese catalog of the table: every ``words("...")`` text here is translated, here
    or (if another table draws it too) in that table's catalog only, with the same
    placeholders; the catalog holds nothing the table does not draw."""
    source = (ROOT / "games" / "vriddiot" / "drawing.py").read_text(encoding="utf-8")
    drawn = {
        node.args[0].value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "words"
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }
    own_path = ROOT / "games" / "vriddiot" / "locales" / "ja" / "LC_MESSAGES" / "vriddiot_table.po"
    with own_path.open("rb") as po:
        own = {str(m.id): str(m.string) for m in read_po(po, locale="ja") if m.id}
    others: dict[str, str] = {}
    for path in (ROOT / "games").glob("*/locales/ja/LC_MESSAGES/*_table.po"):
        if path != own_path:
            with path.open("rb") as po:
                others.update({str(m.id): str(m.string) for m in read_po(po, locale="ja") if m.id})
    assert set(own) <= drawn
    assert set(own).isdisjoint(others)
    for text in drawn:
        japanese = own.get(text) or others.get(text)
        assert japanese, f"{text!r} has no Japanese translation"
        assert fields(japanese) == fields(text), text


# --- the rules pages' pictures -----------------------------------------------------------------


def test_every_rules_picture_is_drawn_and_shows_its_own_cards() -> None:
    from bot.drawing import pages

    pictures = drawing.rules_pictures()
    assert {"arrange", "play", "specials", "change", "combos", "war"} <= set(pictures)
    assert {"pickup", "finish"} <= set(pictures)
    seen = set()
    for name, picture in pictures.items():
        image = _image(picture.png)
        assert image.size == (pages.WIDTH, pages.HEIGHT), name
        assert picture.png not in seen, f"{name} draws the same as another picture"
        seen.add(picture.png)
    labels = [f.rank.label + f.suit.value for f in pictures["change"].faces]
    assert labels == ["8C", "5H", "9H", "9C", "3H"]
    specials = [f.rank.label + f.suit.value for f in pictures["specials"].faces]
    assert specials == ["2C", "10H", "JS", "4S"]  # and a joker, which has no suit
    assert drawing.rules_pictures() is pictures  # drawn once a process


def test_the_warm_up_draws_every_rows_counts_in_every_language_the_process_knows() -> None:
    """A drawing process learns every language, then warms up: a first picture finds its rows'
    counts measured, their characters' fonts known and (a line of one font) their ink drawn,
    in Japanese as in English."""
    from PIL import ImageDraw

    from bot.drawing import text
    from cogs.ui.i18n import translations

    text.learn({"ja": translations("ja")})
    japanese = text.phrases("ja")
    drawing.warm_up()
    scratch = ImageDraw.Draw(Image.new("RGB", (drawing.WIDTH, drawing.ROW_STEP)))
    lines = [
        drawing._counts(say, "playing", hand, down)
        for say in (english, japanese)
        for hand in range(drawing.WARM_HANDS)
        for down in range(4)
    ]
    assert any("·" in line for line in lines) and len(set(lines)) == len(lines)
    kept = (text._ink_mask, text.text_width, text.drawable)
    before = [cache.cache_info().misses for cache in kept]
    for line in lines:
        drawing._draw_counts(scratch, line)
        text.text_width(line, text.font(drawing.MIN_TEXT))
    assert [cache.cache_info().misses for cache in kept] == before


def test_names_learnt_before_the_start_are_not_laid_out_or_rendered_again() -> None:
    """``learn_names`` (what the drawing process is sent as the seats are taken) draws each
    name where the table does: the first picture of their dealt table then finds every name's
    width and ink kept, in its row; and later, in the status line ("… to play") and under the
    pile ("top: …")."""
    from bot.drawing import text

    states = list(random_states(4, 6, True, forfeits=False))
    later = next(
        s
        for s in states
        if s.ctx is Ctx.TURN
        and view(s, None).pile
        and view(s, None).pile[-1].seat >= 0
        and all(p.hand_count < 10 for p in view(s, None).players)
    )
    for at in (states[0], later):  # every other text of both pictures kept
        drawing._render(view(at, None), tuple("ABCDEF"), english)
    kept = (text._ink_mask, text.text_width)

    def misses(names: tuple[str, ...], at: GameState) -> list[int]:
        before = [cache.cache_info().misses for cache in kept]
        drawing._render(view(at, None), names, english)
        return [cache.cache_info().misses - b for cache, b in zip(kept, before, strict=True)]

    cold = ("Quentin Cold", "Rhoda", "Sigismund the Long-Named Unlearnt", "Tove", "Ugo", "Vi")
    assert min(misses(cold, states[0])) >= len(cold)  # never seen: laid out and rendered
    learnt = ("Quentin Learnt", "Rhea", "Sigismund the Long-Named Learnt", "Tova", "Ugne", "Vo")
    drawing._learn_names(learnt, english)
    assert misses(learnt, states[0]) == [0, 0]
    assert misses(learnt, later) == [0, 0]


def test_the_names_a_process_learns_are_bounded() -> None:
    """A bot that sees a hundred thousand names keeps only the most recent ones' widths and
    ink: the caches the names go to are bounded, least recently used first out."""
    from bot.drawing import text

    caches = (text._ink_mask, text.text_width, text._runs, text.drawable)
    assert all(cache.cache_info().maxsize for cache in caches)
    for n in range(1000):  # three texts a name: more than the kept masks hold
        drawing._learn_names((f"Pat {n}",), english)
    assert all(c.cache_info().currsize <= c.cache_info().maxsize for c in caches)
    assert text._ink_mask.cache_info().currsize == text._ink_mask.cache_info().maxsize


# --- a start drawn at the seats ---------------------------------------------------------------


def _pixels(png: bytes) -> bytes:
    return _image(png).tobytes()


def test_every_deal_starts_with_the_rows_drawn_at_the_seats() -> None:
    """What ``learn_names`` draws of a new game's rows (everything but the face-up cards) is
    what every deal of that many players shows: its rows' looks are those of real deals, seeds
    and deck sizes as the game deals them."""
    from games.vriddiot.game import DOUBLE_FROM, GAME

    assert (GAME.seat_range, DOUBLE_FROM) == (drawing.SEATS, drawing.DOUBLE_FROM)
    for seats in range(3, 11):
        start = drawing._start_view(seats)
        assert start is not None
        who = Names(NAMES[:seats], english)
        predicted = [drawing._row_look(start, who, s, english, ()) for s in range(seats)]
        for seed in range(5):
            dealt = view(GAME.new_game(random.Random(seed), GAME.targets[0], seats), None)
            looks = [drawing._row_look(dealt, who, s, english, ()) for s in range(seats)]
            assert looks == predicted
            top = drawing._top_key(dealt, NAMES[:seats], english)
            assert top is not None and top == drawing._top_key(start, NAMES[:seats], english)
    assert drawing._start_view(2) is None and drawing._start_view(11) is None


def test_a_start_paints_only_the_face_up_cards_on_rows_drawn_at_the_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Names learnt at the seats leave the coming table drawn but for its face-up cards: the
    start draws no row whole (it paints the cards and deflates their lines) and no top band,
    and its picture is, byte for byte, the one drawn with nothing learnt; so are the next."""
    names = ("Quentin", "Rhoda", "Sigismund the Long-Named", "Tove", "Ugo", "Vi", "Wes", "Xan")
    drawn_whole: list[object] = []
    real_row, real_header = drawing._drawn_row, drawing._header

    def row(look: drawing._RowLook) -> object:
        drawn_whole.append(look)
        return real_row(look)

    def header(*args: object) -> None:
        drawn_whole.append("top")
        real_header(*args)  # type: ignore[arg-type]

    for seats in (3, 5, 8):
        states = _game(seats, seed=seats)[:4]
        cold = [table_png(view(s, None), names[:seats]) for s in states]
        drawing.clear_cache()
        drawing._learn_names(names[:seats], english)
        with monkeypatch.context() as patched:
            patched.setattr(drawing, "_drawn_row", row)
            patched.setattr(drawing, "_header", header)
            assert table_png(view(states[0], None), names[:seats]) == cold[0]
        assert drawn_whole == []
        for state, png in zip(states[1:], cold[1:], strict=True):
            assert table_png(view(state, None), names[:seats]) == png
        drawing.clear_cache()


def test_a_name_reaching_into_the_cards_lines_is_kept_with_them() -> None:
    """A name whose ink reaches under its line (marks stacked under a letter) lies partly in
    the face-up cards' lines: its bare row keeps those lines as the name leaves them, so a
    row drawn on it is the row drawn whole, pixel for pixel."""
    low = "Ze" + "\u0323" * 8 + "d"
    names = ("Alice", low, "Carol", "Dmitri")
    states = _game(4, seed=6)
    who = Names(names, english)
    for state in (states[0], states[len(states) // 2]):
        public = view(state, None)
        players = list(public.players)
        players[1] = replace(players[1], up=())  # no card over the marks
        public = replace(public, players=tuple(players))
        shown = faces(public)
        for seat in range(4):
            top = row_box(seat)[1]
            mine = tuple(f for f in shown if top <= f.y < top + drawing.ROW_STEP)
            look = drawing._row_look(public, who, seat, english, mine)
            whole = drawing._row_image(look).tobytes()
            for kept in (False, True):  # drawn whole, then on the kept bare row
                drawing._row_segments.cache_clear()
                if not kept:
                    drawing.clear_cache()
                parts = drawing._row_segments(look)
                rows = zlib.decompressobj(-15).decompress(b"".join(p.data for p in parts))
                stride = 3 * WIDTH + 1
                assert len(rows) == len(whole) // (3 * WIDTH) * stride
                lines = range(len(rows) // stride)
                pixels = b"".join(rows[r * stride + 1 : (r + 1) * stride] for r in lines)
                assert pixels == whole, (seat, kept)
            bare = drawing._kept_bare(drawing._bare(look))
            assert bare is not None
            assert (bare.strip is not None) == (look.name == low)


def test_the_top_band_draws_nothing_its_key_leaves_out() -> None:
    """A start's top band is kept by :func:`drawing._top_key`: every part of the view the top
    band does not read may change (here each in turn, and all of them) and it is drawn the same,
    byte for byte; every part of the view is one or the other."""
    keyed = {"ctx", "deciding", "to_act", "outcome", "war", "req", "pile", "revealed"}
    keyed |= {"stock_count", "burnt", "grave", "direction"}  # burnt, grave: only their counts
    states = _game(6, seed=7)
    chosen = [states[0], _middle(6, seed=7), states[-1]]
    chosen += [s for s in states if s.war is not None][:1]
    who = Names(NAMES[:6], english)

    def top(public: object) -> bytes:
        drawing.clear_cache()
        shown = [f for f in faces(public) if f.y < ROWS_TOP]  # type: ignore[arg-type]
        return drawing._top(public, who, english, shown).data  # type: ignore[arg-type]

    for state in chosen:
        public = view(state, None)
        others = list(public.burnt[::-1]) if public.burnt else []
        changes = {
            "seat": None,
            "moves": public.moves + 7,
            "seats": public.seats + 1,
            "double": not public.double,
            "dealer": (public.dealer + 1) % 6,
            "starter": (public.starter + 2) % 6,
            "offer_rank": public.offer_rank + 3,
            "players": public.players[::-1],
            "burnt": tuple(others),
            "grave": public.grave[::-1],
            "places": (*public.places, 9),
            "forfeits": (*public.forfeits, 9),
            "plays": public.plays + 5,
            "hand": None,
            "arrangement": None,
            "actions": (),
        }
        fields_of_view = set(public.__dataclass_fields__)
        assert (set(changes) - {"burnt", "grave"}) | keyed == fields_of_view
        drawn = top(public)
        for name, value in changes.items():
            assert top(replace(public, **{name: value})) == drawn, name
        assert top(replace(public, **changes)) == drawn
        assert top(replace(public, stock_count=public.stock_count + 1)) != drawn
        key = drawing._top_key(public, NAMES[:6], english)
        for name in keyed:  # each in the key
            other = (*getattr(public, name), card("3H")) if name in ("burnt", "grave") else object()
            assert drawing._top_key(replace(public, **{name: other}), NAMES[:6], english) != key
