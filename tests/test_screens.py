"""The reviewers' gallery keeps working: every screen is drawn and is a picture."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot import screens


def test_every_screen_is_drawn(tmp_path: Path) -> None:
    assert screens.main(["--out", str(tmp_path), "--seed", "3"]) == 0
    drawn = sorted(p.name for p in tmp_path.glob("*.png"))
    assert len(drawn) == 42
    assert {"event-01-signup.png", "event-02-pairings.png", "event-03-final-standings.png"} <= set(
        drawn
    )
    assert {"vidrasso-01-table-trump.png", "vidrasso-08-hand-play.png"} <= set(drawn)
    assert {"vidrasso-12-replay.png", "vidrasso-13-replay-deal.png"} <= set(drawn)
    assert "ladder-rating-chart.png" in drawn
    phases = ("bid", "trump", "kill", "play", "deal", "over")
    assert {f"pidro-{1 + i:02d}-table-{phase}.png" for i, phase in enumerate(phases)} <= set(drawn)
    assert "pidro-07-rules.png" in drawn
    assert {"pidro-09-hand-trump.png", "pidro-10-hand-kill.png", "pidro-13-game-over.png"} <= set(
        drawn
    )
    moments = ("arrange", "turn", "war", "join", "over")
    assert {f"vriddiot-{1 + i:02d}-table-{m}.png" for i, m in enumerate(moments)} <= set(drawn)
    assert {"vriddiot-07-hand-arrange.png", "vriddiot-09-hand-cards.png"} <= set(drawn)
    assert {"vriddiot-11-hand-joker.png", "vriddiot-12-game-over.png"} <= set(drawn)
    for path in tmp_path.glob("*.png"):
        with Image.open(io.BytesIO(path.read_bytes())) as image:
            assert image.width >= 400 and image.height > 100
