"""Shard processes of the real bot, offline: after a restart, a process resumes the
computer's interrupted turns only in the servers of its own shards."""

from __future__ import annotations

import random

from bot.app import CardBot
from bot.config import Config
from bot.shards import shard_of
from games.vidrasso.rules import new_game
from tests.bot.driver import (
    challenge_and_accept,
    game_row,
    latest_with,
    make_bot,
    running,
    service_of,
)


def shard_process(database: str, shard: int) -> CardBot:
    """The bot as one of two shard processes over this database: its services and cogs as
    that process has them, on the harness's one unsharded gateway connection (which gateway
    class the settings choose is tests/shards/test_shards.py's)."""
    config = Config(  # type: ignore[call-arg]
        _env_file=None,
        database=database,
        ai_workers=0,
        table_pictures=False,
        BOT_SHARDS="2",
        BOT_SHARD_IDS=str(shard),
    )
    return CardBot(config)


async def test_only_the_owning_process_resumes_the_computers_turn(database: str) -> None:
    db = database
    async with running(db) as h:
        alice = h.users["alice"]
        service = service_of(h)
        seed = next(s for s in range(100) if 1 in new_game(random.Random(s)).to_act)
        service.rng = random.Random(seed)
        game = await service.start_computer_game(  # the computer must choose the first trump
            kind="vidrasso",
            guild_id=h.guild.id,
            channel_id=h.channel.id,
            player_id=alice.id,
            computer_id=h.bot_member.id,
            level="easy",
            target=300,
        )
        owner = shard_of(h.guild.id, 2)
        await h.restart(shard_process(db, 1 - owner))  # another shard's process: not its game
        assert (await game_row(h, game.id)).version == game.version
        await h.restart(shard_process(db, owner))
        after = await game_row(h, game.id)
        assert after.version > game.version and 1 not in after.state.to_act
        assert latest_with(h, f"vidrasso:hand:{game.id}").mentions == (alice.id,)
        await h.restart(make_bot(db))


async def test_only_the_owning_process_puts_a_table_left_behind_right(database: str) -> None:
    db = database
    async with running(db) as h:
        game_id = await challenge_and_accept(h, h.users["alice"], h.users["bob"])
        table = latest_with(h, f"vidrasso:hand:{game_id}")
        game = await game_row(h, game_id)
        (seat,) = game.state.to_act
        first = game.rules.legal_actions(game.state, seat)[0]
        await service_of(h).play(game_id, seat, first, game.version)  # saved, never shown
        owner = shard_of(h.guild.id, 2)
        await h.restart(shard_process(db, 1 - owner))  # another shard's process: not its game
        assert latest_with(h, f"vidrasso:hand:{game_id}").id == table.id
        await h.restart(shard_process(db, owner))
        after = await game_row(h, game_id)
        assert after.table_version == after.version == game.version + 1
        shown = latest_with(h, f"vidrasso:hand:{game_id}")
        assert shown.id == after.table_message_id and h.world.messages[table.id].deleted
        (waiting,) = after.state.to_act
        assert waiting != seat and shown.mentions == (after.player_ids[waiting],)
        await h.restart(make_bot(db))
