"""Starting the bot: a clear message without a token, and every extension loads."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.app import EXTENSIONS
from bot.games import GAMES
from tests.harness import Harness

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_stops_with_one_clear_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\n")
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN is not set" in lines[0] and ".env" in lines[0]


async def test_every_extension_loads(h: Harness) -> None:
    assert set(EXTENSIONS) <= set(h.bot.extensions)
    names = {c.name for c in h.bot.tree.get_commands()}
    shared = {"games", "hand", "resign", "replay", "leaderboard", "stats", "history", "notify"}
    shared |= {"tournament", "review"}
    assert names == {*shared, *GAMES, "manage"}  # one group per registered game
