"""The tables' PNG encoder (:func:`bot.drawing.table.png`): any reader reads the picture's own
pixels back."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image

from bot.drawing import table


def test_the_png_holds_the_pictures_pixels_exactly() -> None:
    for seed, size in enumerate(((1, 1), (7, 3), (123, 77), (600, 40))):
        picture = Image.effect_noise(size, 30 + seed).convert("RGB")
        picture.paste((30, 100, 60), (0, 0, size[0] // 2, size[1]))  # flat and noisy halves
        data = table.png(picture)
        back = Image.open(io.BytesIO(data))
        back.load()
        assert (back.format, back.mode, back.size) == ("PNG", "RGB", size)
        assert back.tobytes() == picture.tobytes()


def _bands_png(image: Image.Image, spans: list[tuple[int, int]]) -> bytes:
    parts = table.segments(table.png_rows(image), image.width, spans)
    return table.png_of_segments(image.width, image.height, parts)


def _noisy(size: tuple[int, int], seed: int) -> Image.Image:
    picture = Image.effect_noise(size, 30 + seed).convert("RGB")
    picture.paste((30, 100, 60), (0, 0, size[0] // 2, size[1]))
    return picture


def test_each_band_stands_alone_and_the_bands_make_the_picture() -> None:
    picture = _noisy((600, 90), 1)
    spans = [(0, 7), (7, 8), (8, 50), (50, 90)]
    for part, (top, bottom) in zip(
        table.segments(table.png_rows(picture), 600, spans), spans, strict=True
    ):
        # A raw deflate of the band's rows alone: no reference to the band before it.
        rows = zlib.decompressobj(-15).decompress(part.data)
        stride = 3 * 600 + 1
        assert len(rows) == (bottom - top) * stride == part.length
        assert rows[::stride] == bytes(bottom - top)
    back = Image.open(io.BytesIO(_bands_png(picture, spans)))
    back.load()
    assert back.tobytes() == picture.tobytes()


def test_without_isal_zlib_deflates_the_same_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = _noisy((300, 60), 2)
    quick = (table.png(picture), _bands_png(picture, [(0, 20), (20, 60)]))
    monkeypatch.setattr(table, "deflate", zlib)
    plain = (table.png(picture), _bands_png(picture, [(0, 20), (20, 60)]))
    for data in (*quick, *plain):
        back = Image.open(io.BytesIO(data))
        back.load()
        assert back.tobytes() == picture.tobytes()
