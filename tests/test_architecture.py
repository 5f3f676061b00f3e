"""The import contracts hold, and a forbidden import is caught."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.contracts import ROOT, violations


def test_import_contracts_hold() -> None:
    assert [str(v) for v in violations()] == []


def _copy_tree(tmp_path: Path) -> Path:
    for package in ("bot", "cogs"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.pyc"))
    return tmp_path


def _add_import(path: Path, line: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


def test_a_forbidden_import_in_the_engine_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    _add_import(root / "bot/engine/game.py", "from bot.storage import Storage")
    found = [str(v) for v in violations(root)]
    assert found and all("bot.engine.game" in v for v in found)
    assert any("the engine is pure" in v for v in found)


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
    for module in ("shards", "db", "drawing/table", "arena/match"):
        _add_import(root / f"bot/{module}.py", "import discord")
    found = {v.module for v in violations(root)}
    assert found == {"bot.shards", "bot.db", "bot.drawing.table", "bot.arena.match"}


def test_every_rules_package_is_held_pure(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    for path in ("pidro/game.py", "suits.py", "endings.py"):
        _add_import(root / f"bot/{path}", "from bot.ai import base")
    found = {v.module for v in violations(root) if "the engine is pure" in v.contract}
    assert found == {"bot.pidro.game", "bot.suits", "bot.endings"}


def test_a_driver_outside_its_storage_is_caught(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    _add_import(root / "bot/storage/sqlite/database.py", "import asyncpg")
    _add_import(root / "bot/storage/sql/play.py", "import sqlite3")
    found = {(v.module, v.contract) for v in violations(root)}
    assert found == {
        ("bot.storage.sqlite.database", "only the PostgreSQL storage talks to PostgreSQL"),
        ("bot.storage.sql.play", "the shared SQL stores know neither database's driver"),
    }
