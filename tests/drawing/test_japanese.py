"""The drawn table in the reader's language: every word through ``words``, Japanese drawn in
Noto Sans CJK (names too), a Japanese translation for every word, no picture shared between
languages, and the 16 MB font opened only when Japanese is drawn."""

from __future__ import annotations

import ast
import io
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from PIL import Image, ImageChops, ImageDraw
from random_games import random_game

import games
from bot.drawing import message, text
from bot.drawing.message import message_png
from bot.drawing.text import CJKFont, display_name, draw_text, font, font_for, printable
from cogs.ui.i18n import Words
from games.vidrasso import drawing
from games.vidrasso.drawing import table_png
from games.vidrasso.rules import GameState, Phase, Resign, apply, view
from tests.catalog import fields

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "cogs" / "locales" / "ja" / "LC_MESSAGES"
NAMES = ("花子", "Bob")
JAPANESE = Words("ja")


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    drawing.clear_cache()


@pytest.fixture
def no_japanese_font(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draw as a machine without ``noto-cjk-sans-jp-regular`` would."""
    _without_the_japanese_font(monkeypatch)


def _without_the_japanese_font(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text, "fallback_face", lambda face: None)
    monkeypatch.setattr(text, "cjk_font", lambda size, bold=False: None)
    # The runs of each line kept with the font are not this machine's (and those found here
    # are not kept for the tests after this one).
    monkeypatch.setattr(text, "_runs", lambda line, face: tuple(text.runs(line, face)))


def _states() -> list[GameState]:
    states = [s for seed in range(2) for s in random_game(seed)]
    mid = next(s for s in states if s.phase is Phase.PLAY and s.round.trick and s.round.tricks)
    return [
        next(s for s in states if s.phase is Phase.TRUMP and s.round.bids),
        next(s for s in states if s.phase is Phase.GIFT),
        mid,
        next(s for s in states if s.phase is Phase.DEAL),
        states[-1],
        apply(mid, Resign(1))[0],
    ]


def _picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert (image.format, image.size) == ("PNG", (drawing.WIDTH, drawing.HEIGHT))
    return image.convert("RGB")


def _changed_pixels(a: bytes, b: bytes) -> int:
    difference = ImageChops.difference(_picture(a), _picture(b)).convert("L")
    return sum(difference.histogram()[41:])


# --- the picture in Japanese ------------------------------------------------------------------


def test_a_japanese_table_decodes_and_differs_from_the_english_one() -> None:
    for state in _states():
        public = view(state, None)
        japanese = table_png(public, NAMES, words=JAPANESE)
        english = table_png(public, NAMES)
        _picture(japanese)
        assert japanese != english
        assert table_png(public, NAMES, words=Words("en")) == english


def test_japanese_glyphs_and_names_are_ink(monkeypatch: pytest.MonkeyPatch) -> None:
    public = view(_states()[2], None)
    with_font = table_png(public, NAMES, words=JAPANESE)
    english_with_font = table_png(public, NAMES)
    _without_the_japanese_font(monkeypatch)
    without = table_png(public, NAMES, words=JAPANESE)
    english_without = table_png(public, NAMES)
    # Every Japanese word is lost without the font; in English, only the name 花子 is.
    assert _changed_pixels(with_font, without) > 5000
    assert 100 < _changed_pixels(english_with_font, english_without) < 5000
    assert printable("花子", font(26, bold=True)) == ""


def test_a_kanji_name_is_kept_measured_and_drawn() -> None:
    face = font(20)
    assert printable("花子 🌸", face) == "花子"
    assert display_name("山田花子（やまだはなこ）", face, 100, "Player 1").endswith("…")
    assert display_name("🌸", face, 100, "Player 1") == "Player 1"
    assert isinstance(font_for("花子", 20), CJKFont)
    assert font_for("Alice", 20) is face
    assert text.text_width("花子", face) == pytest.approx(40, abs=2)  # two full-width em
    image = Image.new("RGB", (80, 40))
    draw_text(ImageDraw.Draw(image), (40, 20), "花子", face, (255, 255, 255), "mm")
    assert image.getbbox() is not None
    assert 30 < image.getbbox()[2] - image.getbbox()[0] <= 42  # type: ignore[index]


def test_mixed_text_keeps_each_script_in_its_font() -> None:
    face = font(20, bold=True)
    parts = text.runs("Łukasz と 花子", face)
    assert [run for run, _ in parts] == ["Łukasz ", "と 花子"]  # spaces join the run they are in
    assert [isinstance(f, CJKFont) for _, f in parts] == [False, True]
    assert all(f.bold for _, f in parts if isinstance(f, CJKFont))  # drawn with an outline
    assert text.stroke(parts[1][1]) > 0 and text.stroke(face) == 0


# --- every word translated --------------------------------------------------------------------


def _drawn_words() -> dict[str, str]:
    """Every ``words("...")`` text in bot/drawing and each registered game's drawing, with where
    it is."""
    found: dict[str, str] = {}
    tables = [ROOT / "games" / kind / "drawing.py" for kind in games.KINDS]
    paths = [*(ROOT / "bot" / "drawing").glob("*.py"), *(p for p in tables if p.exists())]
    for path in sorted(paths):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else None
            if isinstance(node.func, ast.Attribute):
                name = node.func.attr
            if name != "words":
                continue
            where = f"{path.name}:{node.lineno}"
            assert isinstance(node.func, ast.Name), f"{where}: call it words(...), not x.words"
            first = node.args[0] if node.args else None
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), where
            found[first.value] = where
    return found


DRAWN = tuple(
    sorted(
        path
        for kind in games.KINDS
        for path in (ROOT / "games" / kind).glob("locales/ja/LC_MESSAGES/*_table.po")
    )
)
"""The pictures' catalogs: each registered game's table words (shared words are in Vidrasso's;
a game not registered yet is checked with its registry line, as in :mod:`tests.catalog`)."""


def _drawn_catalogs() -> dict[str, dict[str, str]]:
    out = {}
    for path in DRAWN:
        with path.open("rb") as po:
            out[path.name] = {str(m.id): str(m.string) for m in read_po(po, locale="ja") if m.id}
    return out


def test_every_word_drawn_has_a_japanese_translation_with_the_same_placeholders() -> None:
    drawn = _drawn_words()
    assert len(drawn) >= 60  # the phone-first tables say less (issue 24)
    catalogs = _drawn_catalogs()
    translated = {k: v for c in catalogs.values() for k, v in c.items()}
    problems = []
    for message_id, where in drawn.items():
        japanese = translated.get(message_id)
        if not japanese:
            names = " or ".join(path.name for path in DRAWN)
            problems.append(f"{where}: {message_id!r} has no translation in {names}")
        elif fields(japanese) != fields(message_id):
            problems.append(f"{where}: the placeholders of {message_id!r} differ")
        else:
            values = dict.fromkeys(fields(message_id), "X")
            if JAPANESE(message_id, **values) != japanese.format(**values):
                problems.append(f"{where}: another catalog translates {message_id!r} otherwise")
    assert problems == []
    assert set(translated) <= set(drawn), "a picture's catalog has texts no picture draws"
    names = sorted(catalogs)
    for i, name in enumerate(names):
        for other in names[i + 1 :]:
            assert set(catalogs[name]).isdisjoint(catalogs[other]), "one text, one place"


def test_a_text_in_two_catalogs_has_one_translation() -> None:
    catalogs = {}
    everywhere = [*LOCALES.glob("*.po"), *(ROOT / "games").glob("*/locales/ja/LC_MESSAGES/*.po")]
    for path in sorted(everywhere):
        with path.open("rb") as po:
            catalogs[path.name] = {
                (m.context, m.id): m.string for m in read_po(po, locale="ja") if m.id
            }
    for path in DRAWN:
        name = path.name
        drawn = catalogs.pop(name)
        clashes = [
            f"{other_name}: {key[1]!r} is {other[key]!r} there, {string!r} in {name}"
            for other_name, other in catalogs.items()
            for key, string in drawn.items()
            if key in other and other[key] != string
        ]
        assert clashes == []


# --- the cache and the font -------------------------------------------------------------------


def _count_renders(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = drawing._render

    def counting(*args: object) -> bytes:
        calls[0] += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(drawing, "_render", counting)
    return calls


def test_two_languages_never_share_a_kept_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_renders(monkeypatch)
    public = view(_states()[2], None)
    english = table_png(public, NAMES, key="game 1", words=Words("en"))
    japanese = table_png(public, NAMES, key="game 1", words=JAPANESE)
    assert japanese != english and calls[0] == 2
    assert table_png(public, NAMES, key="game 1", words=Words("en")) == english
    assert table_png(public, NAMES, key="game 1", words=JAPANESE) == japanese
    assert calls[0] == 2
    # Words that do not say their language are never kept.
    shouting = lambda message, **values: message.format(**values).upper()  # noqa: E731
    first = table_png(public, NAMES, key="game 1", words=shouting)
    assert first != english and calls[0] == 3
    table_png(public, NAMES, key="game 1", words=shouting)
    assert calls[0] == 4


def test_the_japanese_font_is_opened_only_when_japanese_is_drawn() -> None:
    code = (
        "import sys\n"
        "sys.path.insert(0, 'tests')\n"
        "from random_games import random_game\n"
        "from bot.drawing import text\n"
        "from games.vidrasso.drawing import table_png\n"
        "from games.vidrasso.rules import view\n"
        "for state in random_game(1)[::10]:\n"
        "    table_png(view(state, None), ('Alice', 'Zoë Łukasz'))\n"
        "print(text.cjk_font.cache_info().currsize, 'noto_cjk_sans_jp_regular' in sys.modules)\n"
        "table_png(view(random_game(1)[5], None), ('花子', 'Bob'))\n"
        "print(text.cjk_font.cache_info().currsize > 0)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.split() == ["0", "False", "True"]


# --- the message mock -------------------------------------------------------------------------


def test_japanese_text_wraps_without_spaces_and_keeps_closing_marks() -> None:
    look = message.Look(15, (255, 255, 255), (0, 0, 0))
    line = "これは長い日本語の文章です。行の折り返しを確かめます。「かぎ」も。"
    pieces = message.pieces([message.Span(line)], look, message.DARK)
    for width in (100, 121, 150, 181):
        rows = message.wrap(pieces, width)
        assert len(rows) > 1
        assert "".join(p.text for row in rows for _, p in row) == line
        for row in rows:
            assert row[-1][0] + row[-1][1].width <= width
            assert row[0][1].text not in message.NO_LINE_START
            assert row[-1][1].text not in message.NO_LINE_END


def test_without_the_japanese_font_japanese_is_left_out(no_japanese_font: None) -> None:
    assert message_png(author="B", content="a日本b") == message_png(author="B", content="ab")
    assert printable("花子", font(20)) == ""


def test_a_japanese_message_and_its_author_have_ink() -> None:
    drawn = message_png(author="花子", content="<@1> さん、あなたの番です！", names={1: "花子"})
    empty = message_png(author="花子", content="<@1>", names={1: "花子"})
    assert drawn != empty
    assert message_png(author="花子", content="x") != message_png(author="Someone", content="x")
