"""Two processes over one PostgreSQL database, racing: each side is its own pool of
connections (as a second shard process would be), and the database keeps the invariants that a
single SQLite writer keeps by itself."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Iterator

import pytest

from bot import games
from bot.config import Config
from bot.errors import ServiceError
from bot.play.model import Invite, Seat
from bot.play.service import GameService
from bot.services import Services, open_storage
from bot.storage import Storage
from bot.storage.postgres import PostgresStorage
from games.toy.game import GAME as HIGH_CARD
from tests.conftest import clean_postgres
from tests.ladder.finish import VIDRASSO, play, store_finished
from tests.postgres import Server

ALICE, BOB, CAROL = 101, 202, 303
GUILD = 1
ROUNDS = 12
"""Races per test: each is a fresh chance for the two sides to interleave."""


@pytest.fixture
async def two(postgres: Server) -> AsyncIterator[tuple[Storage, Storage]]:
    url = await clean_postgres(postgres)
    first, second = await open_storage(url), await open_storage(url)
    yield first, second
    await first.close()
    await second.close()


@pytest.fixture
def high_card() -> Iterator[None]:
    games.register(HIGH_CARD)
    yield None
    games.unregister(HIGH_CARD.kind)


def services(pair: tuple[Storage, Storage]) -> tuple[GameService, GameService]:
    return GameService(pair[0], rng=random.Random(1)), GameService(pair[1], rng=random.Random(2))


async def outcomes(*calls: object) -> list[object]:
    return list(await asyncio.gather(*calls, return_exceptions=True))  # type: ignore[call-overload]


async def test_a_double_accept_in_two_processes_starts_one_game(
    two: tuple[Storage, Storage],
) -> None:
    a, b = services(two)
    for channel in range(ROUNDS):
        made = await a.challenge(
            kind="vidrasso", guild_id=GUILD, channel_id=channel, challenger_id=ALICE,
            seats=[Invite(BOB)],
        )  # fmt: skip
        results = await outcomes(a.accept(made.id, BOB), b.accept(made.id, BOB))
        started = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, ServiceError)]
        assert len(started) == 1 and len(refused) == 1, results
    rows = await two[0].execute("SELECT channel_id, COUNT(*) FROM games GROUP BY channel_id")
    assert sorted(tuple(r) for r in rows) == [(c, 1) for c in range(ROUNDS)]


async def test_the_last_two_answers_together_start_the_game_once(
    two: tuple[Storage, Storage], high_card: None
) -> None:
    a, b = services(two)
    for channel in range(ROUNDS):
        made = await a.challenge(
            kind=HIGH_CARD.kind, guild_id=GUILD, channel_id=channel, challenger_id=ALICE,
            seats=[Invite(BOB), Invite(CAROL)],
        )  # fmt: skip
        results = await outcomes(a.accept(made.id, BOB), b.accept(made.id, CAROL))
        assert not [r for r in results if isinstance(r, BaseException)], results
        assert sum(r.game is not None for r in results) == 1  # type: ignore[attr-defined]
    (row,) = await two[0].execute("SELECT COUNT(*) FROM games")
    assert row[0] == ROUNDS


async def test_two_challenges_at_once_between_one_pair_open_one(
    two: tuple[Storage, Storage],
) -> None:
    a, b = services(two)
    for channel in range(ROUNDS):
        results = await outcomes(
            *(
                side.challenge(
                    kind="vidrasso", guild_id=GUILD, channel_id=channel, challenger_id=who,
                    seats=[Invite(other)],
                )
                for side, who, other in ((a, ALICE, BOB), (b, BOB, ALICE))
            )
        )  # fmt: skip
        assert sum(not isinstance(r, BaseException) for r in results) == 1, results
        assert all(isinstance(r, ServiceError) for r in results if isinstance(r, BaseException))


async def test_finishes_at_once_keep_every_rating_update(two: tuple[Storage, Storage]) -> None:
    """Alice finishes games against four members at once, half in each process: every game is
    counted once, and her rating is the one the games give one after another."""
    finished = [play(seed) for seed in range(8)]
    opponents = [1000 + i for i in range(len(finished))]
    await asyncio.gather(
        *(
            store_finished(
                two[i % 2], VIDRASSO, GUILD, [Seat(ALICE), Seat(opponent)], start, final,
                channel_id=i,
            )
            for i, (opponent, (start, final)) in enumerate(zip(opponents, finished, strict=True))
        )
    )  # fmt: skip
    async with two[0].read() as tx:
        alice = await tx.ladder.totals(GUILD, VIDRASSO.kind, ALICE)
        history = await tx.ladder.recent_games(GUILD, VIDRASSO.kind, ALICE, 100)
        others = [await tx.ladder.totals(GUILD, VIDRASSO.kind, o) for o in opponents]
    assert alice is not None and alice.games == len(finished) == len(history)
    assert alice.wins + alice.losses == alice.games
    assert sum(o.games for o in others if o is not None) == len(finished)
    assert alice.wins == sum(o.losses for o in others if o is not None)
    # Each game rated from the rating the one before it left: the chain of history entries.
    ratings = [e.rating for e in reversed(history)]
    assert len(set(ratings)) == len(ratings)
    assert history[0].rating == alice.rating


async def test_a_deadline_is_claimed_by_one_process(two: tuple[Storage, Storage]) -> None:
    first, second = two
    key = "deadline:7:12"
    async with first.transaction() as held:
        assert await held.claim(key)
        async with second.transaction() as other:
            assert not await other.claim(key)
            assert await other.claim("deadline:7:13")  # another version: another claim
    async with second.transaction() as later:  # the claim ended with its transaction
        assert await later.claim(key)
    results = []
    for _ in range(ROUNDS):  # at once: exactly one of the two

        async def race(storage: Storage) -> bool:
            async with storage.transaction() as tx:
                won = await tx.claim("deadline:8:1")
                await asyncio.sleep(0.01)  # hold it while the other asks
                return won

        results.append(sorted(await asyncio.gather(race(first), race(second))))
    assert results == [[False, True]] * ROUNDS


async def test_two_processes_adopt_a_game_without_a_clock_once(postgres: Server) -> None:
    url = await clean_postgres(postgres)
    config = Config(_env_file=None, database=url, ai_workers=0)  # type: ignore[call-arg]
    first, second = await Services.open(config), await Services.open(config)
    try:
        state = VIDRASSO.new_game(random.Random(1), 300, 2)
        strays = []
        for channel in range(ROUNDS):
            async with first.storage.transaction() as tx:  # a path without move hooks
                strays.append(
                    await tx.play.insert_game(
                        kind="vidrasso", guild_id=GUILD, channel_id=channel,
                        seats=[Seat(ALICE), Seat(BOB)], target=300,
                        version=VIDRASSO.version(state), state=VIDRASSO.dumps(state), now=1.0,
                    )
                )  # fmt: skip
        now = first.games.clock()
        await asyncio.gather(first.clocks.due(now), second.clocks.due(now))
        clocks = [await second.clocks.clock_of(game_id) for game_id in strays]
        assert all(c is not None and c.turn_started_at == now for c in clocks)
    finally:
        await first.close()
        await second.close()


async def test_the_pool_is_as_large_as_the_setting_and_releases_in_one_piece(
    postgres: Server,
) -> None:
    """``BOT_DB_POOL`` bounds the connections; a connection goes back to the pool without
    asyncpg's reset query, yet a transaction an error left is rolled back and its claims freed."""
    url = await clean_postgres(postgres)
    config = Config(_env_file=None, database=url, ai_workers=0, BOT_DB_POOL="3")  # type: ignore[call-arg]
    opened = await Services.open(config)
    storage = opened.storage
    try:
        assert isinstance(storage, PostgresStorage) and storage.pool.get_max_size() == 3
        with pytest.raises(RuntimeError):
            async with storage.transaction() as tx:
                assert await tx.claim("deadline:1:1")
                raise RuntimeError("a click that fails half-way")
        async with storage.transaction() as tx:
            assert await tx.claim("deadline:1:1")
        # Every connection at once (the one the error left among them) answers, in no
        # transaction: an aborted one would refuse every statement.
        assert await asyncio.gather(*(read_at_once(storage) for _ in range(3))) == [None] * 3
    finally:
        await opened.close()


async def read_at_once(storage: PostgresStorage) -> object:
    async with storage.read() as tx:
        await asyncio.sleep(0.01)  # held while the others take theirs
        return await tx.play.get_game(1)
