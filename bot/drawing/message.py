"""Discord messages as pictures, so a reviewer sees the bot's screens without Discord.

:func:`message_png` draws one message from what the bot hands Discord — its author, its text,
``discord.Embed.to_dict()`` embeds, ``discord.ui.View.to_components()`` rows and the attached
files — in the look of Discord's dark (or light) theme; :func:`screen_png` stacks messages into
one screenshot. This module never imports Discord: it reads the payloads as plain dicts, so a
test or a tool can draw any screen of the bot from what the glue code builds.

What is drawn like Discord: the author's line (a round avatar with the initial, the name in
bold), the text wrapped to the column, embeds (the coloured bar, author, title, description,
fields three to a row when inline, the image, the footer), attachments no embed shows, buttons
in their style's colours (greyed when disabled), select menus, and the "Only you can see this"
line of an ephemeral reply. What is simplified:

- Markdown: ``**bold**`` is drawn bold; the markers of italics, underline, strike-through,
  spoilers and code are dropped and their text drawn plain; headings are bold and larger, quotes
  get their bar, list items their bullet, links their text in link blue.
- ``<@id>`` is a mention pill "@Name" (the name from ``names``, else "@user"); ``<t:N:R>`` is
  "in a while" (a picture has no "now"), the other timestamp styles a UTC date.
- The suits ♠ ♥ ♦ ♣ (with or without the emoji selector) are drawn as shapes on a small white
  chip, hearts and diamonds red, spades and clubs black, as Discord's emoji colour them; any
  other emoji the font lacks is a grey square; Japanese (and other East Asian) characters are
  drawn in Noto Sans CJK, and a line may break between any two of them (but not before a
  closing mark such as 。 or after an opening one such as 「); any other character the fonts
  lack is drawn as its unaccented letter or left out (:func:`bot.drawing.text.printable`),
  never as a box.
- No timestamps next to the name, no avatars but the initial, no embed thumbnails or icons.
"""

from __future__ import annotations

import datetime as dt
import io
import math
import re
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from PIL import Image, ImageDraw, ImageFont

from bot.drawing.cards import RGB, SUIT_COLOURS, SUPERSAMPLE, suit_mask
from bot.drawing.text import (
    Font,
    display_name,
    draw_text,
    drawable,
    fit,
    font,
    glyph_face,
    has_cjk,
    printable,
    text_width,
)
from bot.suits import Suit

# --- the look ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Theme:
    """Discord's colours in one theme."""

    background: RGB
    text: RGB
    strong: RGB
    """Names, titles, field names."""
    muted: RGB
    footer: RGB
    embed: RGB
    embed_bar: RGB
    """The bar of an embed without a colour."""
    link: RGB
    mention: RGB
    mention_tint: tuple[RGB, float]
    """A mention's pill: this colour at this opacity over what lies beneath."""
    time_tint: tuple[RGB, float]
    edge: RGB
    """Quote bars, the border of a select menu or a file."""
    secondary: RGB
    """Secondary and link buttons."""
    select: RGB
    chevron: RGB


DARK = Theme(
    background=(0x31, 0x33, 0x38),
    text=(0xDB, 0xDE, 0xE1),
    strong=(0xF2, 0xF3, 0xF5),
    muted=(0x94, 0x9B, 0xA4),
    footer=(0xB5, 0xBA, 0xC1),
    embed=(0x2B, 0x2D, 0x31),
    embed_bar=(0x1E, 0x1F, 0x22),
    link=(0x00, 0xA8, 0xFC),
    mention=(0xC9, 0xCD, 0xFB),
    mention_tint=((0x58, 0x65, 0xF2), 0.3),
    time_tint=((0x4E, 0x50, 0x58), 0.48),
    edge=(0x4E, 0x50, 0x58),
    secondary=(0x4E, 0x50, 0x58),
    select=(0x1E, 0x1F, 0x22),
    chevron=(0xB5, 0xBA, 0xC1),
)
LIGHT = Theme(
    background=(0xFF, 0xFF, 0xFF),
    text=(0x31, 0x33, 0x38),
    strong=(0x06, 0x06, 0x07),
    muted=(0x5C, 0x5E, 0x66),
    footer=(0x4E, 0x50, 0x58),
    embed=(0xF2, 0xF3, 0xF5),
    embed_bar=(0xE3, 0xE5, 0xE8),
    link=(0x00, 0x68, 0xE0),
    mention=(0x50, 0x5C, 0xDC),
    mention_tint=((0x58, 0x65, 0xF2), 0.15),
    time_tint=((0x74, 0x7F, 0x8D), 0.2),
    edge=(0xC4, 0xC9, 0xCE),
    secondary=(0x6D, 0x6F, 0x78),
    select=(0xEB, 0xED, 0xEF),
    chevron=(0x4E, 0x50, 0x58),
)

BUTTON_COLOURS: dict[int, RGB] = {
    1: (0x58, 0x65, 0xF2),
    3: (0x24, 0x80, 0x46),
    4: (0xDA, 0x37, 0x3C),
    6: (0x58, 0x65, 0xF2),
}
"""Buttons by style (primary, success, danger, premium); secondary and link are the theme's."""
WHITE = (0xFF, 0xFF, 0xFF)
AVATAR_COLOURS: tuple[RGB, ...] = (
    (0x58, 0x65, 0xF2),
    (0x75, 0x7E, 0x8A),
    (0x3B, 0xA5, 0x5C),
    (0xFA, 0xA6, 0x1A),
    (0xED, 0x42, 0x45),
    (0xEB, 0x45, 0x9E),
)
"""Discord's default avatar colours; an author keeps one (by a checksum of the name)."""
CHIP = (0xFA, 0xFA, 0xF7)
SUIT_INK: dict[Suit, RGB] = {suit: SUIT_COLOURS[suit.value] for suit in Suit}
"""The suits as Discord's emoji colour them: red hearts and diamonds, black spades and clubs
(the pictures' cards take the same two colours: :data:`bot.drawing.cards.SUIT_COLOURS`)."""
SUITS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}

# Sizes in pixels (DejaVu Sans is wider than Discord's font, so its sizes are a little smaller).
PAD_X, PAD_TOP, PAD_BOTTOM, PAD_RIGHT = 16, 10, 10, 16
AVATAR = 40
GUTTER = 72
"""Where the text starts: right of the avatar."""
NAME_LINE = 22
TEXT_SIZE, NAME_SIZE, EMBED_SIZE, TITLE_SIZE, SMALL_SIZE, BUTTON_SIZE = 15, 15, 13, 15, 11, 13
LINE_SPACING = 1.4
"""A line's height over its font size."""
EMBED_MAX = 520
BAR = 4
EMBED_PAD_TOP, EMBED_PAD_LEFT, EMBED_PAD_RIGHT, EMBED_PAD_BOTTOM = 8, 12, 16, 16
EMBED_GAP, IMAGE_GAP, FIELD_GAP = 8, 16, 8
ATTACHMENT_MAX, FILE_HEIGHT = 400, 58
BUTTON_HEIGHT, BUTTON_PAD, BUTTON_MIN, BUTTON_GAP, EMOJI_GAP = 32, 16, 60, 8, 6
SELECT_HEIGHT, SELECT_MAX = 40, 400
PILL_PAD = 2
QUOTE_INDENT, BULLET_INDENT = 14, 18
DISABLED = 0.5
"""A disabled component's opacity."""


# --- shapes -----------------------------------------------------------------------------------


def _blend(under: RGB, over: RGB, opacity: float) -> RGB:
    """``over`` at ``opacity`` on ``under``."""
    r, g, b = (round(u + (o - u) * opacity) for u, o in zip(under, over, strict=True))
    return (r, g, b)


Painter = Callable[[ImageDraw.ImageDraw, int, int, int], None]
"""Draws a shape on a mask: the drawing, the mask's width and height, and the supersampling."""


def _mask(size: tuple[int, int], paint: Painter) -> Image.Image:
    """An anti-aliased mask of ``size`` that ``paint`` draws, supersampled."""
    k = SUPERSAMPLE
    mask = Image.new("L", (size[0] * k, size[1] * k), 0)
    paint(ImageDraw.Draw(mask), size[0] * k, size[1] * k, k)
    return mask.reduce(k)


def _shape(
    image: Image.Image, box: tuple[float, float, float, float], colour: RGB, paint: Painter
) -> None:
    """Paint ``colour`` over ``box`` through the mask ``paint`` draws."""
    x0, y0, x1, y1 = (round(v) for v in box)
    if x1 > x0 and y1 > y0:
        image.paste(colour, (x0, y0, x1, y1), _mask((x1 - x0, y1 - y0), paint))


def _rounded(
    image: Image.Image, box: tuple[float, float, float, float], radius: float, colour: RGB
) -> None:
    """A rounded rectangle, anti-aliased."""
    _shape(image, box, colour, _corners(round(radius)))


def _chevron(draw: ImageDraw.ImageDraw, width: int, height: int, k: int) -> None:
    """A downward chevron."""
    draw.line(
        [(width * 0.2, height * 0.35), (width * 0.5, height * 0.65), (width * 0.8, height * 0.35)],
        fill=255,
        width=2 * k,
        joint="curve",
    )


def _launch(draw: ImageDraw.ImageDraw, width: int, height: int, k: int) -> None:
    """The "opens a link" icon: a box with an arrow out of its corner."""
    line = round(1.6 * k)
    draw.line(
        [(width * 0.45, height * 0.2), (width * 0.2, height * 0.2), (width * 0.2, height * 0.8)],
        fill=255,
        width=line,
    )
    draw.line(
        [(width * 0.2, height * 0.8), (width * 0.8, height * 0.8), (width * 0.8, height * 0.55)],
        fill=255,
        width=line,
    )
    draw.line([(width * 0.45, height * 0.55), (width * 0.85, height * 0.15)], fill=255, width=line)
    draw.polygon(
        [(width * 0.6, height * 0.1), (width * 0.9, height * 0.1), (width * 0.9, height * 0.4)],
        fill=255,
    )


def _eye(draw: ImageDraw.ImageDraw, width: int, height: int, k: int) -> None:
    """An eye: who can see the message."""
    draw.ellipse((0, height * 0.2, width - 1, height * 0.8), fill=255)
    draw.ellipse(
        (k * 1.5, height * 0.2 + k * 1.5, width - 1 - k * 1.5, height * 0.8 - k * 1.5), fill=0
    )
    r = height * 0.2
    draw.ellipse((width / 2 - r, height / 2 - r, width / 2 + r, height / 2 + r), fill=255)


def _file_icon(draw: ImageDraw.ImageDraw, width: int, height: int, k: int) -> None:
    """A page with a folded corner."""
    fold = width * 0.3
    draw.polygon([(0, 0), (width - fold, 0), (width, fold), (width, height), (0, height)], fill=255)
    draw.polygon([(width - fold, 0), (width - fold, fold), (width, fold)], fill=120)


# --- text: markdown and Discord's tokens into spans -------------------------------------------


@dataclass(frozen=True, slots=True)
class Span:
    """A run of text in one look."""

    text: str
    bold: bool = False
    kind: Literal["text", "link", "mention", "time", "emoji"] = "text"


TOKEN = re.compile(
    r"""
    (?P<code_mark>`+)(?P<code>.+?)(?P=code_mark)
    | \\(?P<escaped>[^\w\s])
    | <@!?(?P<user>\d+)>
    | <@&(?P<role>\d+)>
    | <\#(?P<channel>\d+)>
    | <t:(?P<time>-?\d+)(?::(?P<time_style>[tTdDfFR]))?>
    | <a?:(?P<emoji>\w+):\d+>
    | \[(?P<link_text>[^\]]+)\]\(<?(?P<link_url>[^)\s>]+)>?\)
    | <?(?P<url>https?://[^\s<>]*[^\s<>.,;:!?)\]'"])>?
    | @(?P<everyone>everyone|here)\b
    | \*\*\*(?P<bold_italic>\S(?:.*?\S)??)\*\*\*
    | \*\*(?P<bold>\S(?:.*?\S)??)\*\*
    | __(?P<underline>\S(?:.*?\S)??)__
    | ~~(?P<strike>.+?)~~
    | \|\|(?P<spoiler>.+?)\|\|
    | \*(?P<italic>[^\s*](?:.*?[^\s*])??)\*
    | (?<!\w)_(?P<italic_>[^\s_](?:.*?[^\s_])??)_(?!\w)
    """,
    re.VERBOSE,
)
"""Discord's inline tokens and markdown, in order of precedence at one position."""


def time_text(seconds: int, style: str | None) -> str:
    """A ``<t:seconds:style>`` timestamp as drawn: "in a while" for the relative style (a
    picture has no "now"), else the date and time in UTC in the style's length."""
    if style == "R":
        return "in a while"
    try:
        when = dt.datetime.fromtimestamp(seconds, tz=dt.UTC)
    except (OverflowError, OSError, ValueError):
        return "<time>"
    date = f"{when.day} {when:%B %Y}"
    formats = {
        "t": f"{when:%H:%M}",
        "T": f"{when:%H:%M:%S}",
        "d": f"{when:%d/%m/%Y}",
        "D": date,
        "F": f"{when:%A}, {date} {when:%H:%M}",
    }
    return formats.get(style or "f", f"{date} {when:%H:%M}")


def spans(text: str, names: Mapping[int, str], bold: bool = False) -> list[Span]:
    """One line of message text as spans: markdown markers dropped (bold kept as bold), Discord's
    mentions, timestamps and custom emoji as their own spans."""
    out: list[Span] = []
    position = 0
    for match in TOKEN.finditer(text):
        if match.start() > position:
            out.append(Span(text[position : match.start()], bold))
        position = match.end()
        group = match.lastgroup
        value = match[group] if group else ""
        if group in ("code", "escaped"):
            out.append(Span(value, bold))
        elif group == "user":
            out.append(Span("@" + names.get(int(value), "user"), bold, "mention"))
        elif group == "role":
            out.append(Span("@role", bold, "mention"))
        elif group == "channel":
            out.append(Span("#channel", bold, "mention"))
        elif group == "everyone":
            out.append(Span("@" + value, bold, "mention"))
        elif group in ("time", "time_style"):
            out.append(Span(time_text(int(match["time"]), match["time_style"]), bold, "time"))
        elif group == "emoji":
            out.append(Span(value, bold, "emoji"))
        elif group == "link_url":
            out.extend(replace(s, kind="link") for s in spans(match["link_text"], names, bold))
        elif group == "url":
            out.append(Span(value, bold, "link"))
        else:
            out.extend(spans(value, names, bold or group in ("bold", "bold_italic")))
    if position < len(text):
        out.append(Span(text[position:], bold))
    return out


LineKind = Literal["text", "code", "h1", "h2", "h3", "small", "quote", "bullet"]
HEADINGS: dict[str, float] = {"h1": 1.5, "h2": 1.25, "h3": 1.1}
"""A heading's size over the text's."""


def source_lines(text: str) -> list[tuple[LineKind, str]]:
    """The lines of a message with their block markdown: code blocks (fences dropped), headings,
    small text, quotes and list items, their markers taken off."""
    out: list[tuple[LineKind, str]] = []
    in_code = quote_rest = False
    for raw in text.split("\n"):
        stripped = raw.strip()
        if stripped.startswith("```"):
            if stripped.count("```") >= 2 and len(stripped) > 6:
                out.append(("code", stripped.strip("`")))
            else:
                in_code = not in_code
            continue
        if in_code:
            out.append(("code", raw))
            continue
        if raw.startswith(">>> "):
            quote_rest, raw = True, raw[4:]
        if quote_rest:
            out.append(("quote", raw))
        elif raw.startswith("> ") or raw == ">":
            out.append(("quote", raw[2:]))
        elif heading := re.match(r"(#{1,3}) (.*)", raw):
            out.append((("h1", "h2", "h3")[len(heading[1]) - 1], heading[2]))
        elif raw.startswith("-# "):
            out.append(("small", raw[3:]))
        elif item := re.match(r"\s*[-*] (.*)", raw):
            out.append(("bullet", item[1]))
        else:
            out.append(("text", raw))
    return out


# --- text: spans into pieces, lines and pictures ----------------------------------------------


@dataclass(frozen=True, slots=True)
class Look:
    """How a text is drawn: its size, weight and colour, and what it is drawn on."""

    size: int
    colour: RGB
    background: RGB
    bold: bool = False

    @property
    def line_height(self) -> int:
        return round(self.size * LINE_SPACING)


PieceKind = Literal["text", "space", "pill", "suit", "emoji"]


@dataclass(frozen=True, slots=True)
class Piece:
    """What a line is made of: a run of text, a space, a pill (mention or time), a suit chip or
    an emoji square."""

    kind: PieceKind
    text: str
    width: float
    face: Font
    colour: RGB
    size: int
    fill: RGB | None = None
    """A pill's background."""


ZERO_WIDTH = {"\ufe0f", "\ufe0e", "\u200d", "\u20e3"}
"""Emoji selectors and joiners: never drawn themselves."""


def _emoji_like(char: str) -> bool:
    """Whether ``char`` is a pictograph, which Discord would draw as an emoji."""
    code = ord(char)
    return 0x1F000 <= code <= 0x1FAFF or 0x2600 <= code <= 0x27BF or 0x2B00 <= code <= 0x2BFF


def _chip_size(size: int) -> tuple[int, int]:
    """A suit chip's width and height for text of ``size``: a small upright card."""
    height = round(size * 1.25)
    return round(height * 0.8), height


def _glyph(kind: PieceKind, text: str, face: Font, look: Look) -> Piece:
    """A suit chip or an emoji square, for text of ``look``."""
    width = (_chip_size(look.size)[0] if kind == "suit" else round(look.size * 1.15)) + 2
    return Piece(kind, text, width, face, look.colour, look.size)


def _text_pieces(text: str, face: Font, colour: RGB, look: Look) -> list[Piece]:
    """Plain text as pieces: words, spaces, suit chips and emoji squares, a Japanese character
    alone (a line may break next to it); characters the fonts lack as their stand-ins
    (:func:`~bot.drawing.text.printable`)."""
    out: list[Piece] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            word = "".join(run)
            out.append(Piece("text", word, face.getlength(word), face, colour, look.size))
            run.clear()

    joined = flag = False
    for char in text:
        if char in ZERO_WIDTH or 0x1F3FB <= ord(char) <= 0x1F3FF:
            joined = joined or char == "\u200d"
            continue
        if char.isspace():
            flush()
            out.append(Piece("space", " ", face.getlength(" "), face, colour, look.size))
        elif char in SUITS:
            flush()
            out.append(_glyph("suit", char, face, look))
        elif _emoji_like(char) and not drawable(face, char):
            regional = 0x1F1E6 <= ord(char) <= 0x1F1FF
            if not joined and not (regional and flag):
                flush()
                out.append(_glyph("emoji", char, face, look))
            flag = regional and not flag
        elif (drawn_in := glyph_face(face, char)) is face:
            run.append(char)
        elif drawn_in is not None:  # Japanese, drawn in its own font
            flush()
            out.append(Piece("text", char, text_width(char, face), face, colour, look.size))
        else:
            run.append(printable(char, face))
        joined = False
    flush()
    return out


def pieces(runs: Sequence[Span], look: Look, theme: Theme) -> list[Piece]:
    """Spans as the pieces a line is made of, in ``look``."""
    out: list[Piece] = []
    for span in runs:
        face = font(look.size, look.bold or span.bold)
        if span.kind in ("mention", "time"):
            text = printable(span.text, face) or "@user"
            tint = theme.mention_tint if span.kind == "mention" else theme.time_tint
            colour = theme.mention if span.kind == "mention" else look.colour
            width = text_width(text, face) + 2 * PILL_PAD
            fill = _blend(look.background, *tint)
            out.append(Piece("pill", text, width, face, colour, look.size, fill))
        elif span.kind == "emoji":
            out.append(_glyph("emoji", span.text, face, look))
        else:
            colour = theme.link if span.kind == "link" else look.colour
            out.extend(_text_pieces(span.text, face, colour, look))
    return out


NO_LINE_START = frozenset(
    "、。，．・：；？！ー…‥）」』】〕〉》〜ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
)
"""Japanese marks a line does not start with (closing marks, small kana, the long vowel)."""
NO_LINE_END = frozenset("（「『【〔〈《")
"""Japanese marks a line does not end with (opening marks)."""


def _japanese(piece: Piece) -> bool:
    return piece.kind == "text" and len(piece.text) == 1 and has_cjk(piece.text)


def _breaks(before: Piece, after: Piece) -> bool:
    """Whether a line may break between two pieces with no space between them: next to a
    Japanese character, but not before a closing mark or after an opening one."""
    if not (_japanese(before) or _japanese(after)):
        return False
    return after.text not in NO_LINE_START and before.text not in NO_LINE_END


def _words(line: Sequence[Piece]) -> Iterator[tuple[float, list[Piece]]]:
    """The words of a line, each with the width of the spaces before it (Japanese has no
    spaces: each of its characters is a word, see :func:`_breaks`)."""
    gap, word = 0.0, list[Piece]()
    for piece in line:
        if piece.kind == "space":
            if word:
                yield gap, word
                gap, word = 0.0, list[Piece]()
            gap += piece.width
        else:
            if word and _breaks(word[-1], piece):
                yield gap, word
                gap, word = 0.0, list[Piece]()
            word.append(piece)
    if word:
        yield gap, word


def _split(piece: Piece, width: float) -> list[Piece]:
    """A piece too wide for a line: text into its letters, a pill cut to ``width``."""
    if piece.kind == "text":
        return [replace(piece, text=c, width=text_width(c, piece.face)) for c in piece.text]
    if piece.kind == "pill" and piece.width > width:
        text = fit(piece.text, piece.face, width - 2 * PILL_PAD)
        return [replace(piece, text=text, width=text_width(text, piece.face) + 2 * PILL_PAD)]
    return [piece]


Row = list[tuple[float, Piece]]


def wrap(line: Sequence[Piece], width: float) -> list[Row]:
    """A line's pieces in rows at most ``width`` wide (but for a piece wider on its own), each
    piece with its x; breaking between words, and inside a word only when it fills a row."""
    rows: list[Row] = [[]]
    x = 0.0
    for gap, word in _words(line):
        size = sum(p.width for p in word)
        if rows[-1] and x + gap + size > width:
            rows.append([])
            x = 0.0
        if rows[-1] or len(rows) == 1:
            x += gap
        if x + size <= width:
            parts = word
        else:
            parts = [part for piece in word for part in _split(piece, width)]
        for part in parts:
            if rows[-1] and x + part.width > width:
                rows.append([])
                x = 0.0
            rows[-1].append((x, part))
            x += part.width
    return rows


@dataclass(frozen=True, slots=True)
class Placed:
    """A piece at its place: x, the top of its line, the line's height."""

    x: float
    top: int
    height: int
    piece: Piece


@dataclass(frozen=True, slots=True)
class Laid:
    """A text laid out in lines, from its top left: the pieces, the quote bars (x, top, bottom),
    the widest line and the height."""

    placed: tuple[Placed, ...]
    bars: tuple[tuple[int, int, int], ...]
    width: float
    height: int


def lay(
    text: str,
    width: float,
    look: Look,
    theme: Theme,
    names: Mapping[int, str] = {},
    *,
    markdown: bool = True,
) -> Laid:
    """``text`` laid out ``width`` pixels wide in ``look`` (every line, even an empty one, at
    least one line high); without ``markdown`` the text is taken as it is."""
    placed: list[Placed] = []
    bars: list[tuple[int, int, int]] = []
    y, widest = 0, 0.0
    lines = source_lines(text) if markdown else [("code", line) for line in text.split("\n")]
    for kind, line in lines:
        line_look, indent = look, 0
        if kind in HEADINGS:
            line_look = replace(look, size=round(look.size * HEADINGS[kind]), bold=True)
        elif kind == "small":
            line_look = replace(look, size=round(look.size * 0.85), colour=theme.muted)
        elif kind == "quote":
            indent = QUOTE_INDENT
        elif kind == "bullet":
            indent = BULLET_INDENT
        runs = [Span(line)] if kind == "code" else spans(line, names)
        rows = wrap(pieces(runs, line_look, theme), width - indent)
        height, top = line_look.line_height, y
        if kind == "bullet":
            bullet = next(iter(pieces([Span("•")], line_look, theme)), None)
            if bullet is not None:
                placed.append(Placed(indent - 12, y, height, bullet))
        for row in rows:
            placed.extend(Placed(indent + x, y, height, piece) for x, piece in row)
            if row:
                widest = max(widest, indent + row[-1][0] + row[-1][1].width)
            y += height
        if kind == "quote":
            bars.append((0, top, y))
    return Laid(tuple(placed), tuple(bars), widest, y)


def _metrics(face: Font) -> tuple[int, int]:
    """The font's ascent and descent (the small bitmap font's from its letters)."""
    if isinstance(face, ImageFont.FreeTypeFont):
        return face.getmetrics()
    bottom = int(face.getbbox("Ag")[3])
    return bottom, 0


def _draw_piece(
    image: Image.Image, draw: ImageDraw.ImageDraw, at: Placed, x: float, y: int
) -> None:
    piece = at.piece
    ascent, descent = _metrics(piece.face)
    text_y = y + (at.height - ascent - descent) / 2
    middle = y + at.height / 2
    if piece.kind == "text":
        draw_text(draw, (x, text_y), piece.text, piece.face, piece.colour)
    elif piece.kind == "pill" and piece.fill is not None:
        _rounded(image, (x, y + 1, x + piece.width, y + at.height - 1), 3, piece.fill)
        draw_text(draw, (x + PILL_PAD, text_y), piece.text, piece.face, piece.colour)
    elif piece.kind == "suit":
        _suit_chip(image, SUITS[piece.text], (x + piece.width / 2, middle), piece.size)
    elif piece.kind == "emoji":
        side = piece.width - 2
        colour = _blend(piece.colour, (0x80, 0x84, 0x8E), 0.6)
        _rounded(image, (x + 1, middle - side / 2, x + 1 + side, middle + side / 2), 4, colour)


def _suit_chip(image: Image.Image, suit: Suit, centre: tuple[float, float], size: int) -> None:
    """A suit on a white chip, centred on ``centre``, for text of ``size``."""
    width, height = _chip_size(size)
    left, top = round(centre[0] - width / 2), round(centre[1] - height / 2)
    _rounded(image, (left, top, left + width, top + height), max(2, width // 5), CHIP)
    side = round(width * 0.84)
    x, y = left + (width - side) // 2, top + (height - side) // 2
    image.paste(SUIT_INK[suit], (x, y, x + side, y + side), suit_mask(suit, side))


def draw_laid(image: Image.Image, x: int, y: int, laid: Laid, theme: Theme) -> None:
    """Draw laid-out text with its top left at (``x``, ``y``)."""
    for bar_x, top, bottom in laid.bars:
        _rounded(image, (x + bar_x, y + top, x + bar_x + 4, y + bottom), 2, theme.edge)
    draw = ImageDraw.Draw(image)
    for at in laid.placed:
        _draw_piece(image, draw, at, x + at.x, y + at.top)


# --- blocks: the parts of a message, stacked --------------------------------------------------


@dataclass(frozen=True, slots=True)
class Block:
    """A part of a message (or of an embed): the space above it, its height, and how to draw it
    with its top left at a point."""

    gap: int
    height: int
    paint: Callable[[Image.Image, int, int], None]


def _height(blocks: Sequence[Block]) -> int:
    return sum(b.gap + b.height for b in blocks)


def _stack(image: Image.Image, x: int, y: int, blocks: Sequence[Block]) -> None:
    for block in blocks:
        y += block.gap
        block.paint(image, x, y)
        y += block.height


def _text_block(laid: Laid, gap: int, theme: Theme) -> Block:
    return Block(gap, laid.height, lambda image, x, y: draw_laid(image, x, y, laid, theme))


def _picture(
    data: bytes, background: RGB, width: float, height: float | None = None
) -> Image.Image | None:
    """An attached image on ``background``, made to fit ``width`` (and ``height``) but never
    enlarged; None when the bytes are not an image."""
    try:
        with Image.open(io.BytesIO(data)) as opened:
            picture = opened.convert("RGBA")
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    scale = min(1.0, width / picture.width, (height or math.inf) / picture.height)
    size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
    flat = Image.new("RGBA", picture.size, (*background, 255))
    flat.alpha_composite(picture)
    return flat.convert("RGB").resize(size, Image.Resampling.LANCZOS)


def _corners(radius: int) -> Painter:
    """A painter of a rounded rectangle filling its mask."""

    def paint(draw: ImageDraw.ImageDraw, width: int, height: int, k: int) -> None:
        draw.rounded_rectangle((0, 0, width - 1, height - 1), radius * k, fill=255)

    return paint


def _picture_block(picture: Image.Image, gap: int, radius: int) -> Block:
    def paint(image: Image.Image, x: int, y: int) -> None:
        image.paste(picture, (x, y), _mask(picture.size, _corners(radius)))

    return Block(gap, picture.height, paint)


def _missing_block(label: str, width: float, gap: int, theme: Theme) -> Block:
    """Where an image would be that the picture was not handed."""
    height = round(min(width * 9 / 16, 200))
    face = font(SMALL_SIZE)

    def paint(image: Image.Image, x: int, y: int) -> None:
        _rounded(image, (x, y, x + width, y + height), 4, _blend(theme.embed, theme.muted, 0.2))
        text = fit(printable(label, face), face, width - 16)
        draw_text(
            ImageDraw.Draw(image), (x + width / 2, y + height / 2), text, face, theme.muted, "mm"
        )

    return Block(gap, height, paint)


def _file_block(name: str, size: int, width: float, gap: int, theme: Theme) -> Block:
    """A file attached that is not an image: Discord's file box."""
    face, small = font(EMBED_SIZE), font(SMALL_SIZE)
    width = min(width, 432)

    def paint(image: Image.Image, x: int, y: int) -> None:
        _rounded(image, (x, y, x + width, y + FILE_HEIGHT), 8, theme.edge)
        _rounded(image, (x + 1, y + 1, x + width - 1, y + FILE_HEIGHT - 1), 7, theme.embed)
        _shape(image, (x + 14, y + 12, x + 40, y + 46), (0x7E, 0x8A, 0xF0), _file_icon)
        draw = ImageDraw.Draw(image)
        label = display_name(name, face, width - 64, "file")
        draw_text(draw, (x + 52, y + 12), label, face, theme.link)
        draw.text((x + 52, y + 32), _bytes_text(size), font=small, fill=theme.muted)

    return Block(gap, FILE_HEIGHT, paint)


def _bytes_text(size: int) -> str:
    """A file's size as Discord writes it."""
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:.2f} KB"
    return f"{size / 1024 / 1024:.2f} MB"


def _str(value: Any) -> str:
    """A payload's text field as text ("" when absent)."""
    return "" if value is None else str(value)


ATTACHMENT = "attachment://"


def _image_url(embed: Mapping[str, Any]) -> str:
    image = embed.get("image")
    return _str(image.get("url")) if isinstance(image, Mapping) else ""


def _attachment_block(name: str, data: bytes, column: int, gap: int, theme: Theme) -> Block:
    """A file no embed shows: the image itself, or a file box."""
    picture = _picture(data, theme.background, min(column, ATTACHMENT_MAX), ATTACHMENT_MAX)
    if picture is None:
        return _file_block(name, len(data), column, gap, theme)
    return _picture_block(picture, gap, 8)


# --- embeds -----------------------------------------------------------------------------------


def _colour(value: Any, default: RGB) -> RGB:
    """An embed's ``color`` (an int) as RGB."""
    if not isinstance(value, int) or isinstance(value, bool):
        return default
    return ((value >> 16) & 255, (value >> 8) & 255, value & 255)


def _field_rows(fields: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """Fields in their rows: inline fields side by side, three at most; any other alone."""
    rows: list[list[Mapping[str, Any]]] = []
    inline_row = False
    for field in fields:
        inline = bool(field.get("inline"))
        if inline and inline_row and len(rows[-1]) < 3:
            rows[-1].append(field)
        else:
            rows.append([field])
        inline_row = inline
    return rows


def _fields_block(
    row: Sequence[Mapping[str, Any]], width: float, names: Mapping[int, str], theme: Theme
) -> tuple[Block, float]:
    """A row of fields ``width`` wide (each a column of an equal share), and the width its
    widest field needs for the whole row."""
    count = len(row)
    column = (width - (count - 1) * FIELD_GAP) / count
    name_look = Look(EMBED_SIZE, theme.strong, theme.embed, bold=True)
    value_look = Look(EMBED_SIZE, theme.text, theme.embed)
    laid = [
        (
            lay(_str(f.get("name")), column, name_look, theme, names),
            lay(_str(f.get("value")), column, value_look, theme, names),
        )
        for f in row
    ]
    height = max(name.height + 2 + value.height for name, value in laid)
    widest = max(max(name.width, value.width) for name, value in laid)

    def paint(image: Image.Image, x: int, y: int) -> None:
        for i, (name, value) in enumerate(laid):
            left = x + round(i * (column + FIELD_GAP))
            draw_laid(image, left, y, name, theme)
            draw_laid(image, left, y + name.height + 2, value, theme)

    return Block(EMBED_GAP, height, paint), count * widest + (count - 1) * FIELD_GAP


def _footer_text(embed: Mapping[str, Any]) -> str:
    """The footer's text, and the embed's timestamp after a dot."""
    footer = embed.get("footer")
    parts = [_str(footer.get("text"))] if isinstance(footer, Mapping) else []
    stamp = _str(embed.get("timestamp"))
    if stamp:
        try:
            when = dt.datetime.fromisoformat(stamp).astimezone(dt.UTC)
            parts.append(f"{when:%d/%m/%Y %H:%M}")
        except ValueError:
            pass
    return " • ".join(p for p in parts if p)


def _embed_block(
    embed: Mapping[str, Any],
    column: int,
    attachments: Mapping[str, bytes],
    names: Mapping[int, str],
    theme: Theme,
) -> Block:
    """An embed: as wide as its content needs, up to the column (or 520 pixels)."""
    inner_max = min(column, EMBED_MAX) - BAR - EMBED_PAD_LEFT - EMBED_PAD_RIGHT
    background = theme.embed
    natural = 0.0
    top: list[Block] = []

    def text(value: str, look: Look) -> None:
        nonlocal natural
        if value:
            laid = lay(value, inner_max, look, theme, names)
            natural = max(natural, laid.width)
            top.append(_text_block(laid, EMBED_GAP, theme))

    author = embed.get("author")
    if isinstance(author, Mapping):
        text(_str(author.get("name")), Look(EMBED_SIZE, theme.strong, background, bold=True))
    title_colour = theme.link if embed.get("url") else theme.strong
    text(_str(embed.get("title")), Look(TITLE_SIZE, title_colour, background, bold=True))
    text(_str(embed.get("description")), Look(EMBED_SIZE, theme.text, background))

    rows = _field_rows([f for f in embed.get("fields") or () if isinstance(f, Mapping)])
    for row in rows:
        natural = max(natural, _fields_block(row, inner_max, names, theme)[1])

    bottom: list[Block] = []
    url = _image_url(embed)
    if url:
        data = attachments.get(url[len(ATTACHMENT) :]) if url.startswith(ATTACHMENT) else None
        picture = _picture(data, background, inner_max) if data is not None else None
        if picture is not None:
            natural = max(natural, picture.width)
            bottom.append(_picture_block(picture, IMAGE_GAP, 4))
        else:
            natural = inner_max
            bottom.append(_missing_block(url.rsplit("/", 1)[-1], inner_max, IMAGE_GAP, theme))
    footer = _footer_text(embed)
    if footer:
        laid = lay(footer, inner_max, Look(SMALL_SIZE, theme.footer, background), theme, names)
        natural = max(natural, laid.width)
        bottom.append(_text_block(laid, EMBED_GAP, theme))

    inner = math.ceil(min(inner_max, natural))
    blocks = [*top, *(_fields_block(row, inner, names, theme)[0] for row in rows), *bottom]
    width = BAR + EMBED_PAD_LEFT + inner + EMBED_PAD_RIGHT
    height = EMBED_PAD_TOP + _height(blocks) + EMBED_PAD_BOTTOM
    bar = _colour(embed.get("color"), theme.embed_bar)

    def paint(image: Image.Image, x: int, y: int) -> None:
        _rounded(image, (x, y, x + width, y + height), 4, bar)
        _rounded(image, (x + BAR, y, x + width, y + height), 4, background)
        image.paste(background, (x + BAR, y, x + BAR + 4, y + height))
        _stack(image, x + BAR + EMBED_PAD_LEFT, y + EMBED_PAD_TOP, blocks)

    return Block(4, height, paint)


# --- components -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Control:
    """A button or a select menu: its size, how to draw it at a point, and whether it is
    disabled (drawn at half opacity)."""

    width: int
    height: int
    paint: Callable[[Image.Image, int, int], None]
    disabled: bool


def _line(runs: Sequence[Span], look: Look, theme: Theme) -> Laid:
    """Spans on one line, never wrapped."""
    row = wrap(pieces(runs, look, theme), math.inf)[0]
    placed = tuple(Placed(x, 0, look.line_height, piece) for x, piece in row)
    width = row[-1][0] + row[-1][1].width if row else 0.0
    return Laid(placed, (), width, look.line_height)


def _button(button: Mapping[str, Any], column: int, theme: Theme) -> Control:
    """A button: its emoji (a suit as a chip, another emoji as a square) and label, centred."""
    style = button.get("style")
    link = style == 5
    fill = BUTTON_COLOURS.get(style, theme.secondary) if isinstance(style, int) else theme.secondary
    look = Look(BUTTON_SIZE, WHITE, fill, bold=True)
    emoji = button.get("emoji")
    icon = None
    if isinstance(emoji, Mapping) and emoji.get("name"):
        kind: Literal["text", "emoji"] = "emoji" if emoji.get("id") else "text"
        icon = _line([Span(_str(emoji["name"]), kind=kind)], replace(look, size=15), theme)
        icon = icon if icon.placed else None
    icon_width = icon.width + EMOJI_GAP if icon else 0.0
    extra = 20 if link else 0
    room = column - 2 * BUTTON_PAD - icon_width - extra
    label_text = fit(_str(button.get("label")), font(BUTTON_SIZE, True), room)
    label = _line([Span(label_text)], look, theme) if label_text else None
    if label is None and icon is not None:
        icon_width -= EMOJI_GAP
    inside = icon_width + (label.width if label else 0.0) + extra
    width = max(BUTTON_MIN, math.ceil(inside + 2 * BUTTON_PAD))

    def paint(image: Image.Image, x: int, y: int) -> None:
        _rounded(image, (x, y, x + width, y + BUTTON_HEIGHT), 8, fill)
        left = x + (width - inside) / 2
        if icon is not None:
            draw_laid(image, round(left), y + (BUTTON_HEIGHT - icon.height) // 2, icon, theme)
            left += icon_width
        if label is not None:
            draw_laid(image, round(left), y + (BUTTON_HEIGHT - label.height) // 2, label, theme)
            left += label.width
        if link:
            box = (left + 4, y + 8, left + 20, y + 24)
            _shape(image, box, WHITE, _launch)

    return Control(width, BUTTON_HEIGHT, paint, bool(button.get("disabled")))


def _select(menu: Mapping[str, Any], column: int, theme: Theme) -> Control:
    """A select menu: a wide box with its placeholder (or the options chosen) and a chevron."""
    width = min(column, SELECT_MAX)
    options = menu.get("options") or ()
    chosen = [_str(o.get("label")) for o in options if isinstance(o, Mapping) and o.get("default")]
    text = ", ".join(chosen) or _str(menu.get("placeholder")) or "Make a selection"
    look = Look(TEXT_SIZE - 1, theme.strong if chosen else theme.muted, theme.select)
    laid = _line([Span(fit(text, font(look.size), width - 56))], look, theme)

    def paint(image: Image.Image, x: int, y: int) -> None:
        _rounded(image, (x, y, x + width, y + SELECT_HEIGHT), 8, theme.edge)
        _rounded(image, (x + 1, y + 1, x + width - 1, y + SELECT_HEIGHT - 1), 7, theme.select)
        draw_laid(image, x + 12, y + (SELECT_HEIGHT - laid.height) // 2, laid, theme)
        middle = y + SELECT_HEIGHT / 2
        _shape(
            image,
            (x + width - 34, middle - 10, x + width - 14, middle + 10),
            theme.chevron,
            _chevron,
        )

    return Control(width, SELECT_HEIGHT, paint, bool(menu.get("disabled")))


SELECTS = {3, 5, 6, 7, 8}
"""Component types of select menus (strings, users, roles, mentionables, channels)."""


def _control(item: Mapping[str, Any], column: int, theme: Theme) -> Control | None:
    kind = item.get("type")
    if kind == 2:
        return _button(item, column, theme)
    if kind in SELECTS:
        return _select(item, column, theme)
    return None


def _paint_control(image: Image.Image, x: int, y: int, control: Control) -> None:
    """Draw a control; a disabled one at half opacity over what was there."""
    if not control.disabled:
        control.paint(image, x, y)
        return
    box = (x, y, x + control.width, y + control.height)
    under = image.crop(box)
    control.paint(image, x, y)
    image.paste(Image.blend(under, image.crop(box), DISABLED), box)


def _components_block(
    components: Sequence[Mapping[str, Any]], column: int, theme: Theme
) -> Block | None:
    """The action rows: each row's controls left to right, wrapping when the column is full."""
    placed: list[tuple[int, int, Control]] = []
    y = 0
    for component in components:
        items = component.get("components") or () if component.get("type") == 1 else [component]
        row = [c for c in (_control(i, column, theme) for i in items) if c is not None]
        if not row:
            continue
        if placed:
            y += BUTTON_GAP
        x = line = 0
        for control in row:
            if x and x + control.width > column:
                y, x, line = y + line + BUTTON_GAP, 0, 0
            placed.append((x, y, control))
            x, line = x + control.width + BUTTON_GAP, max(line, control.height)
        y += line
    if not placed:
        return None

    def paint(image: Image.Image, x: int, top: int) -> None:
        for dx, dy, control in placed:
            _paint_control(image, x + dx, top + dy, control)

    return Block(8, y, paint)


def _ephemeral_block(theme: Theme) -> Block:
    """ "Only you can see this • Dismiss message", under a reply only its reader sees."""
    face = font(SMALL_SIZE)
    dot = "•" if drawable(face, "•") else "-"
    seen = f"Only you can see this {dot} "

    def paint(image: Image.Image, x: int, y: int) -> None:
        _shape(image, (x, y + 2, x + 16, y + 16), theme.muted, _eye)
        draw = ImageDraw.Draw(image)
        draw.text((x + 20, y + 9), seen, font=face, fill=theme.muted, anchor="lm")
        after = x + 20 + face.getlength(seen)
        draw.text((after, y + 9), "Dismiss message", font=face, fill=theme.link, anchor="lm")

    return Block(4, 18, paint)


# --- messages and screens ---------------------------------------------------------------------


def _disc(draw: ImageDraw.ImageDraw, width: int, height: int, k: int) -> None:
    draw.ellipse((0, 0, width - 1, height - 1), fill=255)


def _author_line(image: Image.Image, author: str, column: int, theme: Theme) -> None:
    """The avatar (a coloured disc with the initial) and the name in bold."""
    colour = AVATAR_COLOURS[zlib.crc32(author.encode()) % len(AVATAR_COLOURS)]
    top = PAD_TOP + 1
    _shape(image, (PAD_X, top, PAD_X + AVATAR, top + AVATAR), colour, _disc)
    draw = ImageDraw.Draw(image)
    initial_face = font(18, bold=True)
    initial = next((c for c in printable(author, initial_face).upper() if c.isalnum()), "?")
    centre = (PAD_X + AVATAR / 2, top + AVATAR / 2)
    draw_text(draw, centre, printable(initial, initial_face) or "?", initial_face, WHITE, "mm")
    face = font(NAME_SIZE, bold=True)
    name = display_name(author, face, column, "Someone")
    draw_text(draw, (GUTTER, PAD_TOP + NAME_LINE / 2), name, face, theme.strong, "lm")


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


MIN_COLUMN = 160


def message_png(
    *,
    author: str,
    content: str | None,
    embeds: Sequence[Mapping[str, Any]] = (),
    components: Sequence[Mapping[str, Any]] = (),
    attachments: Mapping[str, bytes] = {},
    names: Mapping[int, str] = {},
    ephemeral: bool = False,
    width: int = 520,
    dark: bool = True,
) -> bytes:
    """One Discord message as a PNG ``width`` pixels wide, as tall as it needs.

    ``embeds`` are ``discord.Embed.to_dict()`` payloads, ``components`` the action rows of
    ``discord.ui.View.to_components()``; ``attachments`` the files sent with the message
    (filename → bytes): an embed whose image is ``attachment://<filename>`` shows that file,
    and any other file is drawn under the text, as Discord does. ``names`` are the display names
    for ``<@id>`` mentions. ``ephemeral`` adds the line of a reply only its reader sees. A
    phone's column is about 400 pixels, a desktop's 520 to 700."""
    theme = DARK if dark else LIGHT
    column = width - GUTTER - PAD_RIGHT
    if column < MIN_COLUMN:
        raise ValueError(f"a message is at least {MIN_COLUMN + GUTTER + PAD_RIGHT} pixels wide")
    blocks: list[Block] = []
    if content:
        look = Look(TEXT_SIZE, theme.text, theme.background)
        blocks.append(_text_block(lay(content, column, look, theme, names), 0, theme))
    shown = {
        _image_url(e)[len(ATTACHMENT) :] for e in embeds if _image_url(e).startswith(ATTACHMENT)
    }
    for name, data in attachments.items():
        if name not in shown:
            blocks.append(_attachment_block(name, data, column, 4, theme))
    blocks.extend(_embed_block(e, column, attachments, names, theme) for e in embeds)
    rows = _components_block(components, column, theme)
    if rows is not None:
        blocks.append(rows)
    if ephemeral:
        blocks.append(_ephemeral_block(theme))
    height = max(NAME_LINE + _height(blocks), AVATAR + 2) + PAD_TOP + PAD_BOTTOM
    image = Image.new("RGB", (width, height), theme.background)
    _author_line(image, author, column, theme)
    _stack(image, GUTTER, PAD_TOP + NAME_LINE, blocks)
    return _png(image)


def screen_png(messages: Sequence[bytes], *, gap: int = 8) -> bytes:
    """Message pictures (from :func:`message_png`) one under another, ``gap`` pixels apart, on
    the first one's background: a screenshot of a channel."""
    if not messages:
        raise ValueError("a screen needs at least one message")
    pictures = []
    for data in messages:
        with Image.open(io.BytesIO(data)) as opened:
            pictures.append(opened.convert("RGB"))
    background = pictures[0].getpixel((0, 0))
    assert isinstance(background, tuple)
    width = max(p.width for p in pictures)
    height = sum(p.height for p in pictures) + gap * (len(pictures) - 1)
    screen = Image.new("RGB", (width, height), background)
    y = 0
    for picture in pictures:
        screen.paste(picture, (0, y))
        y += picture.height + gap
    return _png(screen)
