"""The reviewers' gallery keeps working: every screen is drawn and is a picture."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot import screens


def test_every_screen_is_drawn(tmp_path: Path) -> None:
    assert screens.main(["--out", str(tmp_path), "--seed", "3"]) == 0
    drawn = sorted(p.name for p in tmp_path.glob("*.png"))
    assert len(drawn) == 26
    assert {"01-table-trump.png", "08-hand-play.png", "12-replay.png"} <= set(drawn)
    assert {f"{14 + i}-pidro-{phase}.png" for i, phase in enumerate(screens.PIDRO_PHASES)} <= set(
        drawn
    )
    assert "20-pidro-rules.png" in drawn
    assert {"22-pidro-hand-trump.png", "23-pidro-hand-kill.png", "26-pidro-game-over.png"} <= set(
        drawn
    )
    for path in tmp_path.glob("*.png"):
        with Image.open(io.BytesIO(path.read_bytes())) as image:
            assert image.width >= 400 and image.height > 100
