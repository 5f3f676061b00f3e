"""``bench/leaderboard.py`` writes its ladder straight into the tables with bulk SQL: a small
one here, read back through the ladder service, so the benchmark cannot fall behind the schema
unnoticed (it did once: a migration added columns and its inserts stopped working)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from bot.ladder.service import LadderService
from bot.services import load_state
from bot.storage.sqlite import SqliteStorage

BENCH = Path(__file__).resolve().parents[2] / "bench" / "leaderboard.py"


def bench_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_leaderboard", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


async def test_the_benchmarks_ladder_reads_back_through_the_service(tmp_path: Path) -> None:
    bench = bench_module()
    path = tmp_path / "bench.sqlite3"
    await (await SqliteStorage.open(path, load_state)).close()
    guild_id, players = 7, [1000 + i for i in range(12)]
    facts = bench.build(path, guild_id, players, 40, seed=3)
    assert facts["games"] == 40 and facts["entries"] == 80

    storage = await SqliteStorage.open(path, load_state)
    try:
        ladder = LadderService(storage)
        page = await ladder.leaderboard(guild_id, 1, players[0])
        assert page.players == facts["players"] and page.rows
        ratings = [row.totals.rating.shown for row in page.rows]
        assert ratings == sorted(ratings, reverse=True)
        busiest = int(facts["busiest"])
        stats = await ladder.stats(guild_id, busiest, players[0] if busiest != players[0] else 1)
        assert stats.standing is not None
        assert stats.standing.totals.games == facts["busiest_games"]
        history = await ladder.history(guild_id, busiest)
        assert history and {entry.place for entry in history} <= {1, 2}
    finally:
        await storage.close()
