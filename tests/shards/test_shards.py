"""Shards: Discord's formula, what a process owns, and the settings that choose them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from discord.ext import commands
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from bot.app import CardBot, ShardedCardBot, create_bot
from bot.config import Config, problems
from bot.shards import EVERY, BadShards, Shards, shard_of

ROOT = Path(__file__).resolve().parents[2]
SNOWFLAKE = st.integers(min_value=0, max_value=2**63 - 1)


def test_the_formula_reads_the_timestamp_bits() -> None:
    # A snowflake's low 22 bits (worker, process, increment) never choose the shard.
    assert shard_of(5 << 22, 4) == 1
    assert shard_of((5 << 22) | (2**22 - 1), 4) == 1
    assert shard_of(6 << 22, 4) == 2
    assert shard_of(0, 16) == 0  # no server (a direct message): shard 0, as in discord.py
    # The snowflake Discord's documentation breaks down: its timestamp part is 41944705796
    # (ms since 2015), so its shard of n is 41944705796 % n.
    assert [shard_of(175928847299117063, n) for n in (1, 2, 3, 7, 16)] == [0, 0, 2, 0, 4]


@given(SNOWFLAKE, st.integers(min_value=1, max_value=64))
def test_every_server_has_exactly_one_owner_among_the_processes(guild: int, count: int) -> None:
    processes = [Shards.of(count, range(first, count, 3)) for first in range(min(3, count))]
    assert sum(p.owns(guild) for p in processes) == 1
    assert EVERY.owns(guild) and Shards.every(count).owns(guild)


def test_a_process_owns_the_servers_of_its_shards() -> None:
    mine = Shards.of(4, [1, 3])
    assert not mine.everything and Shards.every(4).everything and EVERY.everything
    assert [mine.owns(k << 22) for k in range(8)] == [False, True, False, True] * 2
    assert str(mine) == "shard(s) 1, 3 of 4"


@pytest.mark.parametrize(
    ("count", "ids", "says"),
    [
        (0, [0], "at least 1"),
        (2, [2], "from 0 to 1"),
        (2, [-1], "from 0 to 1"),
        (2, [1, 1], "1 given twice"),
        (2, [], "at least one shard"),
    ],
)
def test_shards_no_process_could_run_are_refused(count: int, ids: list[int], says: str) -> None:
    with pytest.raises(BadShards, match=says):
        Shards.of(count, ids)


def config(**env: str) -> Config:
    return Config(_env_file=None, **env)  # type: ignore[call-arg]


def test_without_shard_settings_the_bot_runs_as_before() -> None:
    plain = config()
    assert not plain.sharded and plain.shards == EVERY
    bot = create_bot(plain)
    assert type(bot) is CardBot and not isinstance(bot, commands.AutoShardedBot)
    assert not config(BOT_SHARDS="", BOT_SHARD_IDS="").sharded


def test_shard_settings_run_the_auto_sharded_bot_over_the_chosen_shards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BOT_SHARDS", "4")
    monkeypatch.setenv("BOT_SHARD_IDS", "3, 1")
    chosen = Config(_env_file=None)  # type: ignore[call-arg]
    assert chosen.sharded and chosen.shards == Shards.of(4, [1, 3])
    bot = create_bot(chosen)
    assert isinstance(bot, ShardedCardBot) and isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    monkeypatch.delenv("BOT_SHARD_IDS")
    every = create_bot(config(BOT_SHARDS="2"))
    assert isinstance(every, commands.AutoShardedBot)
    assert (every.shard_count, every.shard_ids) == (2, [0, 1])


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"BOT_SHARDS": "2", "BOT_SHARD_IDS": "0,2"}, "so 2 cannot be run"),
        ({"BOT_SHARDS": "2", "BOT_SHARD_IDS": "1,1"}, "1 given twice"),
        ({"BOT_SHARDS": "2", "BOT_SHARD_IDS": "one"}, "separated by commas"),
        ({"BOT_SHARD_IDS": "1"}, "BOT_SHARDS is not"),
        ({"BOT_SHARDS": "0"}, "at least 1"),
        ({"BOT_SHARDS": "two"}, "BOT_SHARDS: Input should be a valid integer"),
    ],
)
def test_bad_shard_settings_say_what_is_wrong(env: dict[str, str], says: str) -> None:
    with pytest.raises(ValidationError) as error:
        config(**env)
    (problem,) = problems(error.value)
    assert says in problem


def test_bad_shard_settings_stop_the_bot_with_one_clear_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "VIDRASSO_"))}
    env["PYTHONPATH"] = str(ROOT)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nBOT_SHARDS=2\nBOT_SHARD_IDS=1,2\n")
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    assert "BOT_SHARD_IDS" in line and "2 cannot be run" in line and ".env" in line
