"""Fonts and text for the pictures: a font found on any machine, Japanese glyphs, and names made
to fit.

DejaVu Sans (wide Unicode coverage for display names) is used where the system has it; Pillow's
own scalable default font stands in where it does not, so a fresh machine draws the same layout.
Neither draws Japanese: a character the main font lacks but Noto Sans CJK JP draws (kana,
kanji, full-width punctuation — Hangul and Chinese too) is drawn in Noto, which the
``noto-cjk-sans-jp-regular`` package carries (16 MB, opened only when such a character is first
drawn; without the package those characters are left out). A line mixing the two is drawn run
by run on one baseline (:func:`runs`, :func:`draw_text`, :func:`text_width`), so "Alice" in a
Japanese sentence keeps the English look and "花子" in an English one is drawn. Noto is one
weight, regular: bold Japanese is drawn with a thin outline of its own colour.

A character neither font can draw is drawn as its unaccented letter where it has one
(``é`` → ``e``), else left out (emoji, scripts neither covers) rather than drawn as a box; text too
wide for its place is cut with "…".
"""

from __future__ import annotations

import functools
import math
import os
import unicodedata
import weakref
from collections.abc import Callable, Mapping

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Words = Callable[..., str]
"""A language's texts: ``words("{player} to follow", player="Alice")`` → the text in the
reader's language (``cogs.ui.i18n.Words`` is one; the pictures never import it)."""

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
"""Preferred fonts (regular, bold), looked up in the system's fonts."""
MISSING = "\U0010fffd"
"""A private-use character no font draws: what a missing glyph looks like in a font."""
CJK_BOLD_STROKE = 0.6
"""The outline, in pixels, that makes Noto's regular weight read as bold."""


def english(message: str, **values: object) -> str:
    """The words of a picture without a translation: the English text, filled in."""
    return message.format(**values)


class Phrases:
    """A language's words as plain data: its texts' translations in a dict, said as
    ``cogs.ui.i18n.Words`` says them (the translation filled in, the English text where there
    is none or where it does not take the same placeholders).

    What a drawing process is handed instead of a ``Words``, which would import the Discord
    glue and compile the catalogs there when unpickled: each process learns every language's
    table once, when it starts (:func:`learn`), and a ``Phrases`` travels as its language
    alone (:meth:`__reduce__`)."""

    def __init__(self, language: str, texts: Mapping[str, str]) -> None:
        self.language = language
        self.texts = dict(texts)

    def __call__(self, message: str, /, **values: object) -> str:
        translated = self.texts.get(message, message)
        if not values:
            return translated
        try:
            return translated.format(**values)
        except (KeyError, IndexError, ValueError):
            return message.format(**values)

    def __reduce__(self) -> tuple[Callable[[str], Phrases], tuple[str]]:
        return phrases, (self.language,)

    def __repr__(self) -> str:
        return f"Phrases({self.language!r}, {len(self.texts)} texts)"


_languages: dict[str, Phrases] = {}
"""The languages this process has learnt (:func:`learn`)."""


def learn(tables: Mapping[str, Mapping[str, str]]) -> None:
    """Learn each language's table of translations (``language → {text: translation}``)."""
    for language, texts in tables.items():
        _languages[language] = Phrases(language, texts)


def phrases(language: str) -> Phrases:
    """The words of a learnt language (KeyError for one this process never learnt)."""
    return _languages[language]


def learnt() -> tuple[Phrases, ...]:
    """Every language this process has learnt (for warm-ups that draw in each)."""
    return tuple(_languages.values())


def plain(words: object) -> object:
    """``words`` as a learnt :class:`Phrases` when they name a learnt language (a
    ``cogs.ui.i18n.Words`` does), else ``words`` unchanged."""
    language = getattr(words, "language", None)
    if isinstance(words, Phrases) or not isinstance(language, str):
        return words
    return _languages.get(language, words)


_bold: weakref.WeakKeyDictionary[Font, bool] = weakref.WeakKeyDictionary()
"""Which of :func:`font`'s faces were asked for bold (their Japanese glyphs are then too)."""


def font(size: int, bold: bool = False) -> Font:
    """The font of this pixel size: DejaVu Sans where installed, else Pillow's default (one
    object per size and weight, however it is asked for)."""
    return _font(size, bold)


@functools.lru_cache(maxsize=32)
def _font(size: int, bold: bool) -> Font:
    face: Font
    try:
        face = ImageFont.truetype(FONT_FILES[bold], size)
    except OSError:
        try:
            face = ImageFont.load_default(size=size)
        except (ImportError, OSError):  # Pillow without FreeType: the small bitmap font
            face = ImageFont.load_default()
    _bold[face] = bold
    return face


# --- Japanese ---------------------------------------------------------------------------------


class CJKFont(ImageFont.FreeTypeFont):
    """Noto Sans CJK JP at one size; a ``bold`` one is drawn with a thin outline."""

    def __init__(self, path: str, size: int, bold: bool) -> None:
        super().__init__(path, size)
        self.bold = bold


@functools.cache
def cjk_file() -> str | None:
    """Where Noto Sans CJK JP is: the file the ``noto-cjk-sans-jp-regular`` package carries, or
    None without it."""
    try:
        from noto_cjk_sans_jp_regular import FONT_PATH  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    try:
        path = os.fspath(FONT_PATH)
    except TypeError:  # not a file on disk (a zipped install): no Japanese glyphs
        return None
    return path if os.path.isfile(path) else None


@functools.lru_cache(maxsize=32)
def cjk_font(size: int, bold: bool = False) -> CJKFont | None:
    """Noto Sans CJK JP at ``size`` pixels (bold by an outline), None where it is not installed.
    The file is opened on first use, one face per size and weight."""
    path = cjk_file()
    if path is None:
        return None
    try:
        return CJKFont(path, size, bold)
    except OSError:
        return None


def _is_cjk(char: str) -> bool:
    """Whether ``char`` is in the blocks of East Asian scripts and their punctuation."""
    code = ord(char)
    return (
        0x2E80 <= code <= 0x9FFF
        or 0xA960 <= code <= 0xA97F
        or 0xAC00 <= code <= 0xD7FF
        or 0xF900 <= code <= 0xFAFF
        or 0xFE30 <= code <= 0xFE4F
        or 0xFF00 <= code <= 0xFFEF
        or 0x20000 <= code <= 0x3FFFF
    )


@functools.lru_cache(maxsize=64)
def fallback_face(face: Font) -> CJKFont | None:
    """The Japanese face that goes with ``face`` (same size and weight), None without one."""
    if isinstance(face, CJKFont) or not isinstance(face, ImageFont.FreeTypeFont):
        return None
    return cjk_font(round(face.size), _bold.get(face, False))


def stroke(face: Font) -> float:
    """The outline ``face`` is drawn with: a bold Japanese face's, else none."""
    return CJK_BOLD_STROKE if isinstance(face, CJKFont) and face.bold else 0


def has_cjk(text: str) -> bool:
    """Whether ``text`` has a character only the Japanese font draws (kana, kanji …)."""
    return any(ord(c) >= 0x2E80 and _is_cjk(c) for c in text)


def font_for(text: str, size: int, bold: bool = False) -> Font:
    """The one font to draw all of ``text`` in: Noto Sans CJK JP when it has Japanese (or other
    East Asian) characters and Noto is installed, else :func:`font`. (:func:`draw_text` does
    better for mixed text: each run in its own font.)"""
    main = font(size, bold)
    if has_cjk(text):
        return cjk_font(size, bold) or main
    return main


# --- which glyphs exist -----------------------------------------------------------------------


def _ink(face: Font, text: str) -> tuple[tuple[int, int], bytes]:
    """The pixels ``text`` puts down in ``face``: to tell a glyph from the missing-glyph box."""
    left, top, right, bottom = (int(v) for v in face.getbbox(text))
    image = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(image).text((-left, -top), text, font=face, fill=255)
    return image.size, image.tobytes()


@functools.lru_cache(maxsize=64)
def _missing_ink(face: Font) -> tuple[tuple[int, int], bytes]:
    return _ink(face, MISSING)


@functools.lru_cache(maxsize=8192)
def drawable(face: Font, char: str) -> bool:
    """Whether ``face`` has a glyph for ``char`` (white space always counts as drawable)."""
    return char.isspace() or _ink(face, char) != _missing_ink(face)


def glyph_face(face: Font, char: str) -> Font | None:
    """The face that draws ``char`` in text of ``face``: ``face`` itself, else its Japanese
    fallback, else None (nothing draws it)."""
    if drawable(face, char):
        return face
    other = fallback_face(face) if ord(char) >= 0x2E80 and _is_cjk(char) else None
    return other if other is not None and drawable(other, char) else None


def runs(text: str, face: Font) -> list[tuple[str, Font]]:
    """``text`` in runs of one font each: ``face`` for what it draws, the Japanese fallback for
    what only that draws (white space stays in the run it is in); a character neither draws is
    its stand-in or left out, as in :func:`printable`."""
    out: list[tuple[str, Font]] = []
    current: list[str] = []
    current_face = face
    for char in text:
        if char.isspace():
            current.append(char)
            continue
        chosen = glyph_face(face, char)
        if chosen is None:  # its stand-in (``é`` → ``e``), or nothing
            chosen, char = face, _stand_in(face, char)
            if not char:
                continue
        if chosen is not current_face and current:
            out.append(("".join(current), current_face))
            current.clear()
        current_face = chosen
        current.append(char)
    if current:
        out.append(("".join(current), current_face))
    return out


@functools.lru_cache(maxsize=2048)
def _runs(text: str, face: Font) -> tuple[tuple[str, Font], ...]:
    """:func:`runs`, kept: a table draws the same few non-ASCII lines (a row's "hand 5 · down
    3", the Japanese words) in every picture, and finding each character's font costs more
    than drawing the line from its kept ink."""
    return tuple(runs(text, face))


@functools.lru_cache(maxsize=4096)
def text_width(text: str, face: Font) -> float:
    """How wide ``text`` is drawn in ``face`` (Japanese runs in their own font); kept, as a
    table measures the same few hundred texts again and again."""
    if text.isascii():
        return face.getlength(text)
    return sum(f.getlength(run) for run, f in _runs(text, face))


TEXT_PAD = 3
"""Room round a kept text's ink on its mask (the fraction of a pixel it starts at may move
the ink by one), for a font that is not FreeType's."""


@functools.lru_cache(maxsize=2048)
def _ink_mask(
    text: str, face: Font, anchor: str | None, fx: float, fy: float
) -> tuple[Image.Image, int, int]:
    """``text`` in ``face`` as Pillow would draw it at a point whose fractional part is
    ``(fx, fy)``: the mask of its ink and where the mask goes from the point's integer part.

    The mask FreeType renders for ``draw.text`` (:meth:`~PIL.ImageFont.FreeTypeFont.getmask2`,
    which lays the text out and renders each glyph once), kept and painted with
    :meth:`ImageDraw.ImageDraw.bitmap` afterwards: the same pixels as ``draw.text``, without
    FreeType rendering the same labels, names and counts for every picture. (Measuring the
    text first and drawing it on a mask of that size laid it out and loaded its glyphs twice
    more: most of what a new name cost a first picture.)"""
    if isinstance(face, ImageFont.FreeTypeFont):
        ink, (dx, dy) = face.getmask2(text, "L", anchor=anchor, start=(fx, fy))
        width, height = ink.size
        mask = Image.new("L", (max(1, width), max(1, height)), 0)
        if width and height:
            mask.im.paste(ink, (0, 0, width, height))
        return mask, dx, dy
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    shift_x, shift_y = TEXT_PAD - int(left // 1), TEXT_PAD - int(top // 1)
    size = (int(right - left) + 2 * TEXT_PAD + 2, int(bottom - top) + 2 * TEXT_PAD + 2)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).text(
        (shift_x + fx, shift_y + fy), text, font=face, fill=255, anchor=anchor
    )
    return mask, -shift_x, -shift_y


def _paint(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: tuple[int, int, int],
    anchor: str | None,
) -> None:
    """``draw.text(xy, text, font=face, fill=fill, anchor=anchor)``, from a kept mask."""
    x, y = xy
    ix, iy = int(x), int(y)
    mask, dx, dy = _ink_mask(text, face, anchor, x - ix, y - iy)
    draw.bitmap((ix + dx, iy + dy), mask, fill=fill)


def _baseline(face: Font, y: float, anchor: str | None) -> float:
    """The baseline of text drawn at ``y`` with ``anchor``'s vertical part, in ``face``'s
    metrics (so every run of a line sits on the main font's baseline)."""
    if not isinstance(face, ImageFont.FreeTypeFont):
        return y
    ascent, descent = face.getmetrics()
    vertical = anchor[1] if anchor else "a"
    if vertical in "at":
        return y + ascent
    if vertical == "m":
        return y + (ascent - descent) / 2
    if vertical in "bd":
        return y - descent
    return y


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: tuple[int, int, int],
    anchor: str | None = None,
) -> None:
    """``draw.text`` for one line that may hold Japanese: each run in its font, all on the
    baseline ``face`` would put the line on, bold Japanese outlined."""
    parts = _runs(text, face) if not text.isascii() else ((text, face),)
    if len(parts) == 1 and parts[0][1] is face:
        _paint(draw, xy, parts[0][0], face, fill, anchor)
        return
    if not parts:
        return
    widths = [f.getlength(run) for run, f in parts]
    shift = {"l": 0.0, "m": sum(widths) / 2, "r": sum(widths)}
    x = xy[0] - (shift.get(anchor[0], 0.0) if anchor else 0.0)
    y = _baseline(face, xy[1], anchor)
    for (run, f), width in zip(parts, widths, strict=True):
        outline = stroke(f)
        draw.text(
            (x, y), run, font=f, fill=fill, anchor="ls", stroke_width=outline, stroke_fill=fill
        )
        x += width


def ink_box(
    xy: tuple[float, float], text: str, face: Font, anchor: str | None = None
) -> tuple[int, int, int, int] | None:
    """A box (left, top, right, bottom, the last two excluded) holding every pixel
    :func:`draw_text` paints for the same arguments, or None when it paints nothing: exactly
    its kept mask's box for a line in one font (no new layout: the mask is the one drawn), a
    pixel wider each way than FreeType's box for a line of several runs."""
    parts = _runs(text, face) if not text.isascii() else ((text, face),)
    if len(parts) == 1 and parts[0][1] is face:
        x, y = xy
        ix, iy = int(x), int(y)
        mask, dx, dy = _ink_mask(text, face, anchor, x - ix, y - iy)
        return (ix + dx, iy + dy, ix + dx + mask.width, iy + dy + mask.height)
    if not parts:
        return None
    widths = [f.getlength(run) for run, f in parts]
    shift = {"l": 0.0, "m": sum(widths) / 2, "r": sum(widths)}
    x = xy[0] - (shift.get(anchor[0], 0.0) if anchor else 0.0)
    y = _baseline(face, xy[1], anchor)
    boxes = []
    for (run, f), width in zip(parts, widths, strict=True):
        left, top, right, bottom = f.getbbox(run, anchor="ls", stroke_width=stroke(f))
        boxes.append((x + left, y + top, x + right, y + bottom))
        x += width
    return (
        math.floor(min(b[0] for b in boxes)) - 1,
        math.floor(min(b[1] for b in boxes)) - 1,
        math.ceil(max(b[2] for b in boxes)) + 1,
        math.ceil(max(b[3] for b in boxes)) + 1,
    )


# --- text made to fit -------------------------------------------------------------------------


def _stand_in(face: Font, char: str) -> str:
    """``char`` if ``face`` or its Japanese fallback draws it, else its drawable base letters
    (``é`` → ``e``), or ""."""
    if glyph_face(face, char) is not None:
        return char
    base = unicodedata.normalize("NFKD", char)
    return "".join(c for c in base if not unicodedata.combining(c) and drawable(face, c))


def printable(text: str, face: Font) -> str:
    """``text`` as ``face`` can draw it — Japanese characters kept where Noto is installed (draw
    the result with :func:`draw_text`) — see the module's docstring; spaces tidied."""
    kept = "".join(_stand_in(face, c) for c in text)
    return " ".join(kept.split())


def ellipsis(face: Font) -> str:
    """ "…" where the font has it, else three dots."""
    return "…" if drawable(face, "…") else "..."


def fit(text: str, face: Font, width: float) -> str:
    """``text`` as is when it is at most ``width`` pixels wide, else cut and ended with "…"."""
    if text_width(text, face) <= width:
        return text
    dots = ellipsis(face)
    # The longest beginning of ``text`` that fits with the dots, by halving: each measure of a
    # new text costs FreeType a layout (some 0.1 ms for a long name), and a name cut from 25
    # characters to 12 took 13 of them one character at a time.
    fits, over = 0, len(text)  # text[:fits] + dots fits (or fits is 0); text[:over] does not
    while over - fits > 1:
        middle = (fits + over) // 2
        if text_width(text[:middle].rstrip() + dots, face) <= width:
            fits = middle
        else:
            over = middle
    return text[:fits].rstrip() + dots


def display_name(name: str, face: Font, width: float, fallback: str) -> str:
    """A person's name as drawn: drawable characters only, cut to ``width``; ``fallback`` when
    nothing of it can be drawn."""
    return fit(printable(name, face) or fallback, face, width)
