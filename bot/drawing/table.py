"""What every drawn game table shares: the felt's colours, names fitted into sentences, the
PNG encoding, the kept pictures and the process the pictures are drawn in.

Each game's table (:mod:`games.vidrasso.drawing`, :mod:`games.pidro.drawing`) draws its own layout
from its own public view and hands the finished work here: :func:`kept` keeps a picture by the
caller's key and returns it only for an equal view; :func:`drawn` runs the drawing in the
process pool of :func:`draw_in` when the bot has one, and :func:`learn` sends it what a coming
picture will draw (the players' names, as they sit down), not waited for. Every game's pictures
share the one cache and the one drawing process.
"""

from __future__ import annotations

import functools
import logging
import re
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import CancelledError, Executor, Future
from concurrent.futures.process import BrokenProcessPool
from typing import NamedTuple, ParamSpec, TypeVar

from PIL import Image, ImageDraw, ImageFilter

from bot.drawing.cards import RGB
from bot.drawing.text import Font, Words, display_name, draw_text, font, plain, text_width

try:  # ISA-L's deflate: the same format as zlib's, some ten times quicker on a table's rows
    from isal import isal_zlib as deflate
except ImportError:  # a platform without its wheel: zlib, slower, the same pictures
    deflate = zlib  # type: ignore[misc,unused-ignore]

FELT = (30, 100, 60)
RIM = (17, 60, 36)
PANEL = (24, 82, 49)
PANEL_EDGE = (44, 122, 76)
TEXT = (246, 242, 228)
MUTED = (178, 210, 188)
GLOW = (255, 208, 80)
INK = (34, 34, 38)

log = logging.getLogger(__name__)


# --- names in sentences -----------------------------------------------------------------------


SEAT_MARKS = tuple(chr(0xE000 + seat) for seat in range(10))
"""Where a seat's name goes in a sentence before the names are fitted (private-use characters,
which no name keeps: :func:`~bot.drawing.text.printable` leaves them out): ten, for tables of up
to ten seats."""
_MARKED = re.compile("[" + "".join(SEAT_MARKS) + "]")


class Names:
    """The seats' names made drawable, cut to fit where they are drawn."""

    def __init__(self, names: Sequence[str], words: Words) -> None:
        self.names = tuple(names)
        self.words = words

    def mark(self, seat: int) -> str:
        """Stands for seat ``seat``'s name in a sentence given to :meth:`say`."""
        return SEAT_MARKS[seat]

    def get(self, seat: int, face: Font, width: float) -> str:
        """Seat ``seat``'s name, at most ``width`` pixels wide in ``face``."""
        words = self.words
        return display_name(self.names[seat], face, width, words("Player {n}", n=seat + 1))

    def say(self, sentence: str, face: Font, width: float) -> str:
        """``sentence`` with the seats' names where their :meth:`mark` is, the whole at most
        ``width`` pixels wide: the names share what the rest of the words leave, a short name
        leaving its unused part to the others."""
        seats = [s for s in range(len(self.names)) if SEAT_MARKS[s] in sentence]
        room = width - text_width(_MARKED.sub("", sentence), face)
        full = {s: self.get(s, face, 10_000) for s in seats}
        shares: dict[int, float] = {}
        waiting = sorted(seats, key=lambda s: text_width(full[s], face))
        while waiting:
            seat = waiting.pop(0)
            natural = text_width(full[seat], face)
            shares[seat] = max(40.0, min(natural, room / (len(waiting) + 1)))
            room -= shares[seat]
        fitted = {SEAT_MARKS[s]: self.get(s, face, shares[s]) for s in seats}
        return _MARKED.sub(lambda m: fitted[m.group()], sentence)


# --- small shapes -----------------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def glow_mask(width: int, height: int, spread: int) -> Image.Image:
    """A soft ring round a ``width`` × ``height`` panel, ``spread`` pixels each side."""
    mask = Image.new("L", (width + 2 * spread, height + 2 * spread), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        [spread - 2, spread - 2, spread + width + 1, spread + height + 1], 18, outline=255, width=5
    )
    return mask.filter(ImageFilter.GaussianBlur(spread / 2.5))


CHIP_SIZE = 18
"""A chip's text size unless told (the phone-first tables pass their caption size)."""


def chip_height(size: int = CHIP_SIZE) -> int:
    """The height of a chip whose text is ``size`` pixels."""
    return size + 8


def chip_width(text: str, size: int = CHIP_SIZE) -> float:
    return text_width(text, font(size, bold=True)) + size - 2


def chip(
    draw: ImageDraw.ImageDraw, x: float, y: float, text: str, colour: RGB, size: int = CHIP_SIZE
) -> float:
    """A small rounded label at ``x`` (its top at ``y``), its text ``size`` pixels; its right
    edge."""
    width, height = chip_width(text, size), chip_height(size)
    draw.rounded_rectangle([x, y, x + width, y + height], height // 2, outline=colour, width=2)
    draw_text(draw, (x + width / 2, y + height / 2), text, font(size, bold=True), colour, "mm")
    return x + width


Parts = tuple[tuple[Image.Image, tuple[int, int, int, int], bool], ...]
"""A picture with an alpha channel cut by :func:`opaque_parts`."""


def opaque_parts(picture: Image.Image) -> Parts:
    """An RGBA picture (a card face …) cut into its largest opaque middle (inset the same on
    every side, as RGB: copied) and the four strips round it (blended through their alpha),
    each with its box in the picture: :func:`paste_parts` pastes them as pasting the picture
    through its own alpha would, the same pixels, blending only the rim."""
    w, h = picture.size
    alpha = picture.getchannel("A")

    def opaque(inset: int) -> bool:
        lowest, _ = alpha.crop((inset, inset, w - inset, h - inset)).getextrema()
        return bool(lowest == 255)

    inset = 0
    while inset < min(w, h) // 2 and not opaque(inset):
        inset += 1
    middle = (inset, inset, w - inset, h - inset)
    parts = [(picture.crop(middle).convert("RGB"), middle, False)]
    if inset:
        for box in (
            (0, 0, w, inset),
            (0, h - inset, w, h),
            (0, inset, inset, h - inset),
            (w - inset, inset, w, h - inset),
        ):
            parts.append((picture.crop(box), box, True))
    for part, _, _ in parts:
        part.load()
    return tuple(parts)


def paste_parts(image: Image.Image, parts: Parts, x: int, y: int) -> None:
    """:func:`opaque_parts`' ``parts`` pasted on an RGB ``image`` at (``x``, ``y``), by
    Pillow's own paste without the checks of ``Image.paste`` (which cost more than the copy)."""
    core = image.im
    for part, (left, top, right, bottom), blend in parts:
        box = (x + left, y + top, x + right, y + bottom)
        if blend:
            core.paste(part.im, box, part.im)
        else:
            core.paste(part.im, box)


# --- the PNG ----------------------------------------------------------------------------------


PNG_LEVEL = 1
"""The deflate level for the pictures: ISA-L's level 1 (``isal``, :data:`deflate`), which
deflates a band of a table's rows in a tenth of the time zlib's quickest level takes, and as
small (zlib's level 1 where ISA-L is not installed; its levels 1 to 3 take the same fast path).
The phone-first tables come out at some 45 KB for Vidrasso's, 80 KB for Pidro's, far under
Discord's limits. Compressing the rows in strips and keeping the strips a game's previous
picture shared was tried for Vidrasso's table and lost: a move changes most of its rows (the
turn's glow spans the panels). Pidro's table, a row a seat, keeps its bands so
(:func:`segments`, :func:`png_of_segments`)."""


def png(image: Image.Image) -> bytes:
    """An RGB image as a PNG whose rows are left unfiltered, one zlib stream.

    The same pixels as Pillow's PNG, in a fraction of the time: Pillow tries PNG's five filters
    on every row, where a table (large flat areas) compresses as small without them, and the
    deflating lets other threads run while it works. The rows come out of Pillow in one pass,
    each in a line one byte longer than its pixels (the raw encoder's stride), which Pillow fills
    with a zero: that zero is the next row's filter byte (0: none), and a zero put before the
    first row is its own — so the bytes zlib reads are PNG's rows as they are, copied once.
    """
    assert image.mode == "RGB"
    width, height = image.size
    lines = image.tobytes("raw", "RGB", 3 * width + 1)  # each row, then a zero
    squeeze = deflate.compressobj(PNG_LEVEL)
    stream = squeeze.compress(b"\x00") + squeeze.compress(memoryview(lines)[:-1])
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB, no interlace
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", stream + squeeze.flush()),
            _chunk(b"IEND", b""),
        )
    )


class Segment(NamedTuple):
    """A band of a picture as PNG rows (each after its filter byte 0), deflated on its own and
    ended on a byte boundary (a raw deflate stream's blocks, not final); with the rows'
    Adler-32 and length. :func:`png_of_segments` joins bands into one PNG."""

    data: bytes
    adler: int
    length: int


def png_rows(image: Image.Image) -> memoryview:
    """An RGB image's rows, each followed by a zero byte (Pillow's raw encoder with a stride
    one byte longer): rows ``a`` to ``b`` as PNG rows with their filter byte 0 are
    ``b"\\x00" + rows[a * stride : b * stride - 1]``, where ``stride`` is ``3 * width + 1``
    (see :func:`segments`)."""
    assert image.mode == "RGB"
    return memoryview(image.tobytes("raw", "RGB", 3 * image.width + 1))


def segments(rows: memoryview, width: int, spans: Sequence[tuple[int, int]]) -> list[Segment]:
    """Rows ``top`` to ``bottom`` (excluded) of :func:`png_rows`' ``rows`` as a
    :class:`Segment`, for each ``(top, bottom)`` of ``spans``, at :data:`PNG_LEVEL`: each band
    from a new compressor (some µs with ISA-L), ended by a sync flush, so its blocks stand
    alone and end on a byte. (One compressor fully flushed after each band stands alone too,
    but ISA-L's full flush costs a third more bytes.)"""
    stride = 3 * width + 1
    start = deflate.adler32(b"\x00")
    out = []
    for top, bottom in spans:
        lines = rows[top * stride : bottom * stride - 1]
        squeeze = deflate.compressobj(PNG_LEVEL, deflate.DEFLATED, -15)
        data = b"".join(
            (
                squeeze.compress(b"\x00"),
                squeeze.compress(lines),
                squeeze.flush(deflate.Z_SYNC_FLUSH),
            )
        )
        out.append(Segment(data, deflate.adler32(lines, start), len(lines) + 1))
    return out


_ADLER_BASE = 65521


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from each one's (zlib's own
    ``adler32_combine``, which Python's zlib does not offer)."""
    rem = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + _ADLER_BASE - rem
    sum1 %= _ADLER_BASE
    sum2 %= _ADLER_BASE
    return sum1 | (sum2 << 16)


def png_of_segments(width: int, height: int, segments: Sequence[Segment]) -> bytes:
    """An RGB PNG from its bands, top to bottom: one zlib stream whose deflate blocks are the
    bands' own (each starts afresh, so a kept band is reused as it is), a final empty block,
    and the Adler-32 of all the rows."""
    adler = 1
    for part in segments:
        adler = adler32_combine(adler, part.adler, part.length)
    stream = b"".join(
        (b"\x78\x01", *(s.data for s in segments), b"\x03\x00", struct.pack(">I", adler))
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB, no interlace
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


# --- kept pictures ----------------------------------------------------------------------------


CACHE_SIZE = 256
"""Pictures kept by :func:`kept` (each some tens of KB)."""

_cache: OrderedDict[Hashable, tuple[object, bytes]] = OrderedDict()
_cache_lock = threading.Lock()


def kept(cache_key: Hashable, view: object, draw: Callable[[], bytes]) -> bytes:
    """The picture kept under ``cache_key`` if it was drawn from a view equal to ``view``, else
    ``draw()``'s, then kept: at most :data:`CACHE_SIZE` pictures, the least recently used going
    first. A key shared by two games costs a render, never a wrong picture."""
    with _cache_lock:
        found = _cache.get(cache_key)
        if found is not None and found[0] == view:
            _cache.move_to_end(cache_key)
            return found[1]
    picture = draw()
    with _cache_lock:
        _cache[cache_key] = (view, picture)
        _cache.move_to_end(cache_key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return picture


def clear_cache() -> None:
    """Forget every kept picture (for tests and benchmarks)."""
    with _cache_lock:
        _cache.clear()


def language_of(words: Words | None) -> str | None:
    """The language a picture's ``words`` name (``cogs.ui.i18n.Words`` does), for the cache
    key; None for English without ``words``, and for ``words`` that do not say (then a picture
    is not kept)."""
    return None if words is None else getattr(words, "language", None)


# --- the drawing processes -------------------------------------------------------------------


_workers: Executor | None = None
"""Where pictures are drawn, when not in the calling thread (see :func:`draw_in`)."""

_warm_ups: list[Callable[[], object]] = []
"""Every game table's :func:`warms` function."""

P = ParamSpec("P")
W = TypeVar("W", bound=Callable[[], object])


def warms(warm_up: W) -> W:
    """Marks a game table's module-level warm-up (its empty table, its fonts …): every drawing
    process runs each before its first picture (:func:`warm_ups`), so the first table of every
    game after a start is drawn as fast as the next."""
    if warm_up not in _warm_ups:
        _warm_ups.append(warm_up)
    return warm_up


def warm_ups() -> tuple[Callable[[], object], ...]:
    """The warm-ups of every game table imported so far (see :func:`warms`)."""
    return tuple(_warm_ups)


def draw_in(executor: Executor | None) -> None:
    """Draw the pictures in ``executor`` (a process pool) from now on; None: in the thread
    that asks, as by default.

    Drawing holds the GIL for most of its few milliseconds of Python and Pillow calls, so a
    picture drawn in a thread of the bot's process competes with the event loop for it: under
    load, every click waits behind whichever picture is being drawn. In another process it only
    costs the loop pickling the view and reading back the bytes. The cache stays here: a kept
    picture never goes to the pool. The bytes are the same wherever they are drawn.
    """
    global _workers
    _workers = executor


def workers() -> Executor | None:
    """The pool pictures are drawn in now (None: the calling thread)."""
    return _workers


def drawn(render: Callable[P, bytes], *args: P.args, **kwargs: P.kwargs) -> bytes:
    """``render(*args)``, in the pool of :func:`draw_in` if there is one (the calling thread
    waits for it without holding the GIL). ``render`` must be a module-level function.

    What goes to the pool is plain data: a reader's ``words`` go as the
    :class:`~bot.drawing.text.Phrases` of their language when the process learnt it
    (:func:`~bot.drawing.text.plain`), not as the Discord glue's object, whose unpickling would
    import the glue in the drawing process."""
    pool = _workers
    if pool is not None:
        # The process died, or the pool was shut down: draw here from now on.
        try:
            drawing = pool.submit(
                render,
                *(plain(arg) for arg in args),  # type: ignore[arg-type]
                **{name: plain(value) for name, value in kwargs.items()},  # type: ignore[arg-type]
            )
        except (BrokenProcessPool, RuntimeError) as error:
            _give_up(pool, error)
        else:
            try:
                return drawing.result()
            except (BrokenProcessPool, CancelledError) as error:
                _give_up(pool, error)
    return render(*args, **kwargs)


def learn(teach: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> Future[object] | None:
    """``teach(*args)`` sent to the pool of :func:`draw_in`, not waited for: a drawing process
    learning what a coming picture will draw (the players' names, as seats are taken), so that
    picture finds it kept. ``teach`` must be a module-level function; what it is handed goes as
    :func:`drawn` sends it (plain data).

    Only worth it in a drawing process, off the bot's loop: without a pool (pictures drawn in
    the bot's own threads) nothing is sent, and the first picture learns as it draws. A pool
    that is shut down or broken is left to the next picture (:func:`drawn` gives up on it);
    a failed lesson is logged. Returns the request (for tests and benchmarks to wait on), or
    None when nothing was sent."""
    pool = _workers
    if pool is None:
        return None
    try:
        lesson = pool.submit(
            teach,
            *(plain(arg) for arg in args),  # type: ignore[arg-type]
            **{name: plain(value) for name, value in kwargs.items()},  # type: ignore[arg-type]
        )
    except Exception as error:  # BrokenProcessPool, RuntimeError after a shutdown, …
        log.warning("could not send %s to the drawing process: %r", _name(teach), error)
        return None
    lesson.add_done_callback(functools.partial(_learnt, _name(teach)))
    return lesson


def _name(function: Callable[..., object]) -> str:
    return getattr(function, "__qualname__", repr(function))


def _learnt(name: str, lesson: Future[object]) -> None:
    if lesson.cancelled():
        return
    error = lesson.exception()
    if error is not None:
        log.warning("the drawing process could not learn (%s): %r", name, error)


def _give_up(pool: Executor, error: BaseException) -> None:
    global _workers
    with _cache_lock:
        if _workers is not pool:
            return
        _workers = None
    log.warning("drawing the pictures in the bot's own threads from now on: %r", error)
