"""The tables' PNG encoder (:func:`bot.drawing.table.png`): any reader reads the picture's own
pixels back."""

from __future__ import annotations

import io

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
