"""The reviewers' gallery keeps working: every registered game's screens and the platform's own
are drawn, each a picture, and each game's are numbered without a gap (a moment its seeded games
did not reach would leave one). What each game draws is checked in its own folder's tests."""

from __future__ import annotations

import io
from importlib import import_module
from pathlib import Path

from PIL import Image

from bot import screens
from bot.games import GAMES
from cogs.ui.games import presentation

PLATFORM = {
    "ladder-rating-chart",
    "event-01-signup",
    "event-02-pairings",
    "event-03-final-standings",
}


def test_every_screen_is_drawn(tmp_path: Path) -> None:
    assert screens.main(["--out", str(tmp_path), "--seed", "3"]) == 0
    drawn = {p.stem for p in tmp_path.glob("*.png")}
    assert drawn >= PLATFORM
    games = drawn - PLATFORM
    for kind in GAMES:
        own = sorted(name.removeprefix(f"{kind}-") for name in drawn if name.startswith(f"{kind}-"))
        games -= {f"{kind}-{name}" for name in own}
        assert [name[:3] for name in own] == [f"{n:02d}-" for n in range(1, len(own) + 1)], kind
        assert any(name[3:].startswith("table-") for name in own), kind
        assert any(name[3:].startswith("hand-") for name in own), kind
        assert any(name[3:] == "game-over" for name in own), kind
        readme = getattr(import_module(presentation(kind).gallery), "README", {})
        assert set(readme.values()) <= set(own), kind
    assert not games  # nothing but the registered games' and the platform's
    for path in tmp_path.glob("*.png"):
        with Image.open(io.BytesIO(path.read_bytes())) as image:
            assert image.width >= 400 and image.height > 100
