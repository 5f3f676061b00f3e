"""Fonts and text for the pictures: a font found on any machine, and names made to fit.

DejaVu Sans (wide Unicode coverage for display names) is used where the system has it; Pillow's
own scalable default font stands in where it does not, so a fresh machine draws the same layout.
A character the chosen font cannot draw is drawn as its unaccented letter where it has one
(``é`` → ``e``), else left out (emoji, most CJK) rather than drawn as a box; text too wide for
its place is cut with "…".
"""

from __future__ import annotations

import functools
import unicodedata

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
"""Preferred fonts (regular, bold), looked up in the system's fonts."""
MISSING = "\U0010fffd"
"""A private-use character no font draws: what a missing glyph looks like in a font."""


@functools.lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> Font:
    """The font of this pixel size: DejaVu Sans where installed, else Pillow's default."""
    try:
        return ImageFont.truetype(FONT_FILES[bold], size)
    except OSError:
        pass
    try:
        return ImageFont.load_default(size=size)
    except (ImportError, OSError):  # Pillow without FreeType: the small bitmap font
        return ImageFont.load_default()


def _ink(face: Font, text: str) -> tuple[tuple[int, int], bytes]:
    """The pixels ``text`` puts down in ``face``: to tell a glyph from the missing-glyph box."""
    left, top, right, bottom = (int(v) for v in face.getbbox(text))
    image = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(image).text((-left, -top), text, font=face, fill=255)
    return image.size, image.tobytes()


@functools.lru_cache(maxsize=4096)
def drawable(face: Font, char: str) -> bool:
    """Whether ``face`` has a glyph for ``char`` (white space always counts as drawable)."""
    return char.isspace() or _ink(face, char) != _ink(face, MISSING)


def _stand_in(face: Font, char: str) -> str:
    """``char`` if ``face`` draws it, else its drawable base letters (``é`` → ``e``), or ""."""
    if drawable(face, char):
        return char
    base = unicodedata.normalize("NFKD", char)
    return "".join(c for c in base if not unicodedata.combining(c) and drawable(face, c))


def printable(text: str, face: Font) -> str:
    """``text`` as ``face`` can draw it (see the module's docstring), spaces tidied."""
    kept = "".join(_stand_in(face, c) for c in text)
    return " ".join(kept.split())


def ellipsis(face: Font) -> str:
    """ "…" where the font has it, else three dots."""
    return "…" if drawable(face, "…") else "..."


def fit(text: str, face: Font, width: float) -> str:
    """``text`` as is when it is at most ``width`` pixels wide, else cut and ended with "…"."""
    if face.getlength(text) <= width:
        return text
    dots = ellipsis(face)
    cut = text
    while cut and face.getlength(cut.rstrip() + dots) > width:
        cut = cut[:-1]
    return cut.rstrip() + dots


def display_name(name: str, face: Font, width: float, fallback: str) -> str:
    """A person's name as drawn: drawable characters only, cut to ``width``; ``fallback`` when
    nothing of it can be drawn."""
    return fit(printable(name, face) or fallback, face, width)
