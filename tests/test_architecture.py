"""The import contracts hold, and a forbidden import is caught."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.contracts import ROOT, game_kinds, runtime_cycles, violations


def test_import_contracts_hold() -> None:
    assert [str(v) for v in violations()] == []


def test_no_runtime_import_cycle() -> None:
    assert runtime_cycles() == []


def test_every_registered_game_has_its_folder_and_contracts() -> None:
    import games

    assert set(games.KINDS) <= set(game_kinds())


def _copy_tree(tmp_path: Path) -> Path:
    for package in ("bot", "cogs", "games"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.pyc"))
    return tmp_path


def _add_import(path: Path, line: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


def test_a_forbidden_import_in_the_engine_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    _add_import(root / "games/vidrasso/rules/game.py", "from bot.storage import Storage")
    found = [str(v) for v in violations(root)]
    assert found and all("games.vidrasso.rules.game" in v for v in found)
    assert any("vidrasso: the rules are pure" in v for v in found)


def test_a_cog_importing_storage_or_another_cog_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    _add_import(root / "cogs/ladder.py", "import aiosqlite")
    _add_import(root / "cogs/ladder.py", "from cogs.play import Play")
    found = {v.contract for v in violations(root)}
    assert "cogs know no storage" in found
    assert "cogs never import each other" in found
    assert "only the SQLite storage talks to SQLite" in found


def test_a_service_importing_discord_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    _add_import(root / "bot/play/service.py", "import discord")
    assert {v.module for v in violations(root)} == {"bot.play.service"}


def test_discord_anywhere_in_bot_outside_its_root_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    for module in ("bot/shards", "bot/db", "bot/drawing/table", "games/vidrasso/arena/match"):
        _add_import(root / f"{module}.py", "import discord")
    found = {v.module for v in violations(root)}
    assert found == {"bot.shards", "bot.db", "bot.drawing.table", "games.vidrasso.arena.match"}


def test_every_rules_package_is_held_pure(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    for path in ("games/pidro/rules/game.py", "bot/suits.py", "bot/endings.py"):
        _add_import(root / path, "from bot.ai import messages")
    found = {v.module for v in violations(root) if "the rules are pure" in v.contract}
    assert found == {"games.pidro.rules.game", "bot.suits", "bot.endings"}


def test_discord_in_a_games_rules_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    _add_import(root / "games/pidro/rules/view.py", "import discord")
    found = {(v.module, v.contract) for v in violations(root)}
    assert ("games.pidro.rules.view", "pidro: only the game's Discord part knows Discord") in found
    assert (
        "games.pidro.rules.view",
        "pidro: the rules are pure: no I/O, no platform, no players, no pictures",
    ) in found


def test_a_game_importing_another_game_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    _add_import(root / "games/pidro/drawing.py", "from games.vidrasso.rules import Card")
    found = {(v.module, v.contract) for v in violations(root)}
    assert found == {("games.pidro.drawing", "pidro: a game imports no other game")}


def test_the_platform_naming_a_game_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    _add_import(root / "cogs/ui/table.py", "from games.pidro import game")
    found = {(v.module, v.contract) for v in violations(root)}
    assert found == {
        ("cogs.ui.table", "the platform names no game: it finds each through the registry")
    }


def test_a_runtime_import_cycle_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    _add_import(root / "cogs/ui/common.py", "from cogs.ui import buttons")
    (cycle,) = runtime_cycles(root)
    assert {"cogs.ui.buttons", "cogs.ui.common"} <= set(cycle)


def test_a_deferred_import_closing_a_cycle_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    path = root / "games/vidrasso/discord/names.py"
    _add_import(path, "def _late() -> None:\n    from games.vidrasso.discord import presentation")
    assert any("games.vidrasso.discord.names" in cycle for cycle in runtime_cycles(root))


def test_a_typing_only_import_is_no_cycle(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    path = root / "cogs/ui/common.py"
    _add_import(
        path, "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cogs.ui import buttons"
    )
    assert runtime_cycles(root) == []


def test_a_driver_outside_its_storage_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    _add_import(root / "bot/storage/sqlite/database.py", "import asyncpg")
    _add_import(root / "bot/storage/sql/play.py", "import sqlite3")
    found = {(v.module, v.contract) for v in violations(root)}
    assert found == {
        ("bot.storage.sqlite.database", "only the PostgreSQL storage talks to PostgreSQL"),
        ("bot.storage.sql.play", "the shared SQL stores know neither database's driver"),
    }
