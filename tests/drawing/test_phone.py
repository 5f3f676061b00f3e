"""Tables read on a phone (issue 24): every caption of every game's table picture legible at a
phone's 320 pixels, measured by rendering; one colour a suit in the picture, the text and the
buttons; the picture and the text name a seat alike."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.drawing import cards, table, text
from bot.drawing.message import message_png
from bot.games import GAMES
from bot.play.model import ACTIVE, Game, Seat
from bot.suits import Suit
from cogs.ui.games import presentation
from cogs.ui.i18n import Words
from cogs.ui.table import table_message

PHONE = 320
"""How wide a phone shows a table's picture (at the least)."""
LEGIBLE = 11
"""The smallest glyph height, in pixels at :data:`PHONE`, of any caption (issue 24)."""
NAMES = ("Alice", "Bartholomew the Unhurried", "Carol", "Dmitri")
KEPT_INK = text._ink_mask
"""The kept ink of the drawn texts, as the module has it (a :class:`Recorder` wraps it)."""


def _game(kind: str, state: Any, computer: int | None = None) -> Game:
    rules = GAMES[kind]
    seats = tuple(
        Seat(999, "easy") if seat == computer else Seat(100 + seat)
        for seat in range(rules.seat_range[0])
    )
    return Game(
        id=1, kind=kind, guild_id=1, channel_id=1, thread_id=None,
        table_message_id=None, table_posted_at=None, seats=seats, target=rules.targets[0],
        status=ACTIVE, result=None, winner=None, version=rules.version(state), state=state,
        created_at=0.0, updated_at=0.0, finished_at=None,
    )  # fmt: skip


def _states(kind: str, seed: int, every: int) -> Iterator[Any]:
    """Every ``every``-th state of a seeded game of random legal moves, through the rules."""
    rules, rng = GAMES[kind], random.Random(seed)
    state = rules.new_game(rng, rules.targets[0], rules.seat_range[0])
    for move in range(400):
        if rules.outcome(state) is not None:
            yield state
            return
        if move % every == 0:
            yield state
        to_act = rules.to_act(state)
        if not to_act:
            state, _ = rules.settle(state, rng)
        else:
            state, _ = rules.apply(state, rng.choice(rules.legal_actions(state, to_act[0])))


def _drawing_kinds() -> list[str]:
    kinds = []
    for kind, rules in GAMES.items():
        state = next(_states(kind, 0, 1))
        game = _game(kind, state)
        words = Words("en")
        names = NAMES[: len(game.seats)]
        if presentation(kind).picture(game, rules.view(state, None), names, words) is not None:
            kinds.append(kind)
    return kinds


def glyph_height(face: ImageFont.FreeTypeFont, picture_width: int) -> int:
    """The height of ``face``'s capitals (a CJK face: of a kanji) when a picture
    ``picture_width`` pixels wide that holds them is shown :data:`PHONE` pixels wide: drawn,
    scaled down as a phone does, and counted in rows at least half inked."""
    glyph = "漢" if isinstance(face, text.CJKFont) else "H"
    size = int(face.size)
    canvas = Image.new("L", (picture_width, 3 * size), 0)
    ImageDraw.Draw(canvas).text(
        (picture_width / 2, 2 * size), glyph, font=face, fill=255, anchor="ms"
    )
    scale = PHONE / picture_width
    shown = canvas.resize((PHONE, max(1, round(canvas.height * scale))), Image.Resampling.LANCZOS)
    ink = shown.tobytes()
    rows = [y for y in range(shown.height) if max(ink[y * PHONE : (y + 1) * PHONE]) >= 128]
    return rows[-1] - rows[0] + 1 if rows else 0


class Recorder:
    """Every text drawn (``ImageDraw.text``, card corners included, and the ink
    :func:`bot.drawing.text.draw_text` keeps and paints, ``text._ink_mask``: where each of the
    pictures' texts ends), with its face."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn: list[tuple[str, ImageFont.FreeTypeFont]] = []
        real = ImageDraw.ImageDraw.text

        def recording(
            draw: ImageDraw.ImageDraw, xy: Any, content: Any, *args: Any, **kwargs: Any
        ) -> Any:
            face = kwargs.get("font")
            if isinstance(face, ImageFont.FreeTypeFont) and str(content).strip():
                self.drawn.append((str(content), face))
            return real(draw, xy, content, *args, **kwargs)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
        # Nothing kept from before: every text of the next pictures is drawn anew.
        KEPT_INK.cache_clear()

        def inking(content: str, face: Any, *args: Any) -> Any:
            if isinstance(face, ImageFont.FreeTypeFont) and content.strip():
                self.drawn.append((content, face))
            return KEPT_INK(content, face, *args)

        monkeypatch.setattr(text, "_ink_mask", inking)
        cards._face.cache_clear()
        table.clear_cache()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_caption_of_every_games_table_is_legible_at_a_phones_width(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    kinds = _drawing_kinds()
    assert {"vidrasso", "pidro"} <= set(kinds)
    words = Words(language)
    for kind in kinds:
        recorder = Recorder(monkeypatch)
        widths = set()
        for seed in range(3):
            for state in _states(kind, seed, 9):
                game = _game(kind, state)
                public = GAMES[kind].view(state, None)
                png = presentation(kind).picture(game, public, NAMES[: len(game.seats)], words)
                assert png is not None
                widths.add(Image.open(io.BytesIO(png)).width)
        (width,) = widths
        assert len(recorder.drawn) > 100
        faces = {
            (type(face), face.path, face.size): (face, caption) for caption, face in recorder.drawn
        }
        smallest, caption = min(
            (glyph_height(face, width), caption) for face, caption in faces.values()
        )
        assert smallest >= LEGIBLE, f"{kind}: {caption!r} is {smallest} px high on a phone"


def test_the_old_tables_captions_were_too_small_to_read() -> None:
    # The measure itself: 18-pixel captions on an 800-pixel picture (the tables before issue
    # 24) are some 5 pixels high on a phone; Discord's own text some 11.
    small, large = text.font(18), text.font(30)
    assert isinstance(small, ImageFont.FreeTypeFont) and isinstance(large, ImageFont.FreeTypeFont)
    assert glyph_height(small, 800) <= 6
    assert glyph_height(large, 600) >= LEGIBLE


# --- one colour a suit ------------------------------------------------------------------------


def _ink(png: bytes, colours: set[tuple[int, int, int]]) -> set[tuple[int, int, int]]:
    """Which of ``colours`` the picture holds, pixel for pixel."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    found = {colour for _, colour in image.getcolors(1 << 20) or ()}
    return {c for c in colours if c in found}


def test_a_suit_has_one_colour_in_the_picture_the_text_and_the_buttons() -> None:
    """The picture's card, the text's suit symbol and a button's suit emoji, each drawn — the
    text and the button as Discord draws them (its emoji: red hearts and diamonds, black
    spades and clubs; :mod:`bot.drawing.message` draws them in those colours) — show each suit
    in one colour, red for hearts and diamonds, black for spades and clubs."""
    red, black = cards.RED, cards.BLACK
    assert red[0] > 180 and max(red[1:]) < 100 and max(black) < 60
    expected = {Suit.HEARTS: red, Suit.DIAMONDS: red, Suit.SPADES: black, Suit.CLUBS: black}
    for suit, colour in expected.items():
        card = type("C", (), {"rank": type("R", (), {"label": "7"})(), "suit": suit})()
        face = cards.card_face(card, 70)
        out = io.BytesIO()
        face.convert("RGB").save(out, "PNG")
        in_picture = _ink(out.getvalue(), {red, black})
        in_text = _ink(
            message_png(author="Bot", content=f"Alice played 7{suit.symbol}"), {red, black}
        )
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label="7", emoji=suit.symbol + "\ufe0f", custom_id="x"
        )
        view = discord.ui.View()
        view.add_item(button)
        on_button = _ink(
            message_png(author="Bot", content=None, components=view.to_components()), {red, black}
        )
        assert in_picture == in_text == on_button == {colour}, suit


def test_texts_and_buttons_show_suits_as_discords_suit_emoji() -> None:
    """What the colour test relies on: a hand's card buttons carry the suit as Discord's
    emoji, and the table's texts write cards with the suit characters Discord draws as them."""
    for kind in ("vidrasso", "pidro"):
        rules = GAMES[kind]
        for state in _states(kind, 1, 5):
            seats = rules.to_act(state)
            if not seats:
                continue
            seat = seats[0]
            game = _game(kind, state)
            items = presentation(kind).hand_items(game, rules.view(state, seat), None, Words("en"))
            for item in items:
                emoji = getattr(item, "emoji", None) or getattr(
                    getattr(item, "item", None), "emoji", None
                )
                if emoji is not None:
                    assert str(emoji) in {s.symbol + "\ufe0f" for s in Suit}
            details = presentation(kind).table(game, rules.view(state, None), Words("en"))
            assert "\ufe0f" not in (details.description or "")


# --- one name a seat --------------------------------------------------------------------------


def test_the_text_names_the_computer_as_the_picture_does() -> None:
    kind = "vidrasso"
    state = next(s for s in _states(kind, 2, 1) if GAMES[kind].to_act(s) == (1,))
    game = _game(kind, state, computer=1)
    tr = Words("en")
    public = GAMES[kind].view(state, None)
    content, embed = table_message(game, public, tr, picture=True, deadline=None)
    shown = content + (embed.description or "")
    assert "Computer (easy)" in shown and "<@999>" not in shown


def test_the_text_names_a_pidro_team_as_the_picture_does() -> None:
    kind = "pidro"
    state = next(_states(kind, 2, 1))
    game = _game(kind, state)
    tr = Words("en")
    public = GAMES[kind].view(state, None)
    _, embed = table_message(game, public, tr, picture=True, deadline=None)
    details = presentation(kind).table(game, public, tr)
    for shown in (embed.description or "", details.description or ""):
        assert "<@100> & <@102>" in shown and "<@101> & <@103>" in shown
        assert "team A" not in shown.lower()
