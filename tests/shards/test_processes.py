"""Several processes over one database: each runs the background duties of its own shards'
servers only, and a duty two processes both think is theirs (a rollout's overlap) fires once."""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot.clocks.model import HOUR, MINUTE
from bot.config import Config
from bot.play.model import Invite
from bot.play.service import CHALLENGE_TTL
from bot.services import Services
from bot.shards import Shards, shard_of
from tests.clocks.clock import ALICE, BOB, CAROL, DAVE, FakeClock, services
from tests.shards.overlap import Fired, sweep

COMPUTER = 999
"""The bot's own account, in the computer's seats."""


def guild_on(shard: int, count: int = 2) -> int:
    """A realistic server id on this shard (Discord's formula, bot.shards)."""
    first = 175928847299117063
    ids = range(first, first + (count << 22), 1 << 22)  # one per shard, as the formula reads
    return next(g for g in ids if shard_of(g, count) == shard)


GUILDS = (guild_on(0), guild_on(1))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(1_750_000_000.0)


@asynccontextmanager
async def process(database: str, clock: FakeClock, shard: int) -> AsyncIterator[Services]:
    """The services of a process running shard ``shard`` of 2."""
    config = Config(  # type: ignore[call-arg]
        _env_file=None,
        database=database,
        ai_workers=0,
        BOT_SHARDS="2",
        BOT_SHARD_IDS=str(shard),
    )
    opened = await Services.open(config, clock=clock, rng=random.Random(shard))
    try:
        yield opened
    finally:
        await opened.close()


async def game_in(s: Services, guild_id: int, time_per_move: float) -> int:
    """Alice and Bob's game in this server, challenged and accepted."""
    made = await s.games.challenge(
        kind="vidrasso",
        guild_id=guild_id,
        channel_id=guild_id + 1,
        challenger_id=ALICE,
        seats=[Invite(BOB)],
        time_per_move=time_per_move,
    )
    accepted = await s.games.accept(made.id, BOB)
    assert accepted.game is not None
    return accepted.game.id


async def open_challenge_in(s: Services, guild_id: int) -> int:
    """Carol's challenge to Dave in this server, unanswered."""
    made = await s.games.challenge(
        kind="vidrasso",
        guild_id=guild_id,
        channel_id=guild_id + 2,
        challenger_id=CAROL,
        seats=[Invite(DAVE)],
    )
    return made.id


async def computer_game_in(s: Services, guild_id: int) -> int:
    game = await s.games.start_computer_game(
        kind="vidrasso",
        guild_id=guild_id,
        channel_id=guild_id + 3,
        player_id=ALICE,
        computer_id=COMPUTER,
        level="easy",
    )
    return game.id


async def test_each_process_runs_only_its_own_servers_duties(
    database: str, clock: FakeClock
) -> None:
    async with process(database, clock, 0) as zero, process(database, clock, 1) as one:
        games, challenges, computers = {}, {}, {}
        for guild in GUILDS:  # clicks reach whichever process Discord sends them to
            games[guild] = await game_in(zero, guild, HOUR)
            challenges[guild] = await open_challenge_in(one, guild)
            computers[guild] = await computer_game_in(zero, guild)
        mine = [(zero, GUILDS[0]), (one, GUILDS[1])]

        for s, guild in mine:  # after a restart: tables, and the computer's turns
            assert {g.id for g in await s.games.active_games()} == {games[guild], computers[guild]}
            assert [g.id for g in await s.games.computer_games()] == [computers[guild]]

        clock.advance(HOUR / 2)  # every reminder is due
        for s, guild in mine:
            dues = await s.clocks.due(clock.now)
            assert {d.game.guild_id for d in dues} == {guild}
            assert games[guild] in {d.game.id for d in dues}

        clock.advance(CHALLENGE_TTL)
        for s, guild in mine:
            assert [c.id for c in await s.games.expire_challenges()] == [challenges[guild]]

        clock.advance(HOUR)  # every deadline has passed
        for s, guild in mine:
            dues = await s.clocks.due(clock.now)
            assert {d.game.guild_id for d in dues} == {guild} and all(d.plan.expire for d in dues)
            for due in dues:
                assert await s.games.time_out(due.game.id, due.game.version) is not None
        for s, guild in mine:  # nothing left for anyone: every server was someone's
            assert await s.clocks.due(clock.now) == []
            assert (await s.games.game(games[guild])).result == "timeout"


async def test_the_storage_filters_by_the_same_formula(database: str, clock: FakeClock) -> None:
    guilds = [175928847299117063 + (k << 22) + k for k in range(12)]
    guilds += [0, (1 << 22) - 1, 1 << 22, 2**63 - 8, 2**63 - 8 - (5 << 22)]  # the edges
    async with services(database, clock) as s:
        by_guild = {g: await computer_game_in(s, g) for g in guilds}
        for shards in (Shards.of(3, [1]), Shards.of(3, [0, 2]), Shards.every(5), Shards.of(7, [6])):
            async with s.storage.read() as tx:
                found = {g.id for g in await tx.play.active_games(shards)}
            assert found == {by_guild[g] for g in guilds if shards.owns(g)}


class HeldElsewhere:
    """A storage whose claims another process holds (what PostgreSQL's advisory locks answer
    during a rollout's overlap); it remembers the keys asked for."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage
        self.asked: list[str] = []

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        async with self.storage.transaction() as tx:
            yield Claims(tx, self.asked)

    def read(self) -> Any:
        return self.storage.read()


class Claims:
    def __init__(self, tx: Any, asked: list[str]) -> None:
        self.tx = tx
        self.asked = asked

    def __getattr__(self, name: str) -> Any:
        return getattr(self.tx, name)

    async def claim(self, key: str) -> bool:
        self.asked.append(key)
        return False


async def test_a_duty_claimed_by_another_process_is_left_to_it(
    database: str, clock: FakeClock
) -> None:
    async with services(database, clock) as s:
        guild = GUILDS[0]
        timing_out, reminding = await game_in(s, guild, HOUR), await game_in(s, guild + 9, 2 * HOUR)
        challenge = await open_challenge_in(s, guild)
        clock.advance(HOUR + MINUTE)
        held = HeldElsewhere(s.storage)
        s.games.storage = s.clocks.storage = held  # type: ignore[assignment]
        assert await s.games.expire_challenges() == []
        dues = {d.game.id: d for d in await s.clocks.due(clock.now)}
        before = {g: (await s.games.game(g)).version for g in (timing_out, reminding)}
        assert await s.games.time_out(timing_out, before[timing_out]) is None
        assert not await s.clocks.settle(dues[reminding])
        assert held.asked == [
            f"challenge-expiry:{challenge}",
            f"deadline:{timing_out}:{before[timing_out]}",
            f"deadline:{reminding}:{before[reminding]}",
        ]
        s.games.storage = s.clocks.storage = held.storage  # the claim is free again
        assert [c.id for c in await s.games.expire_challenges()] == [challenge]
        assert await s.games.time_out(timing_out, before[timing_out]) is not None
        assert await s.clocks.settle(dues[reminding])


@pytest.fixture
def spawn() -> Iterator[Any]:
    yield multiprocessing.get_context("spawn")


async def test_two_processes_racing_the_same_duties_fire_each_once(
    database: str, clock: FakeClock, spawn: Any
) -> None:
    async with services(database, clock) as s:
        timing_out = await game_in(s, GUILDS[0], HOUR)
        reminding = await game_in(s, GUILDS[1], 2 * HOUR)  # half its time gone: a reminder
        challenge = await open_challenge_in(s, GUILDS[0])
    now = clock.advance(HOUR + MINUTE)
    together, results = spawn.Barrier(2, timeout=60), spawn.Queue()
    workers = [
        spawn.Process(target=sweep, args=(database, now, together, results)) for _ in range(2)
    ]
    for worker in workers:
        worker.start()
    fired: list[Fired] = [results.get(timeout=90) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
        assert worker.exitcode == 0
    assert [c for f in fired for c in f.expired] == [challenge]
    assert [g for f in fired for g in f.timed_out] == [timing_out]
    assert [g for f in fired for g in f.reminded] == [reminding]
    async with services(database, clock) as s:
        assert [e.kind for e in await s.clocks.events(timing_out)] == ["timeout"]
        reminded = await s.clocks.clock_of(reminding)
        assert reminded is not None and max(reminded.reminders) == 1
