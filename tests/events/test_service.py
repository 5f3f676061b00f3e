"""The event service on SQLite and PostgreSQL, with the toy game: sign-up, rounds started as
normal games, results through the finish hook, a round deadline settling a game by the time-out
rule, a restart mid-round, a removed player, and standings checked against the stored games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

import pytest

from bot.clocks.service import keep_clock
from bot.errors import NotAllowed, ServiceError
from bot.events.records import FINISHED, RUNNING
from bot.events.service import EventService, record_table
from bot.games import register, unregister
from bot.ladder.service import record_result
from bot.play.model import Game
from bot.play.service import GameService
from bot.services import open_storage
from bot.storage import Storage
from games.toy.game import GAME

GUILD, CHANNEL, BOT = 1 << 22, 10, 999
PEOPLE = tuple(range(101, 108))


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(GAME)
    yield
    unregister(GAME.kind)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def services(storage: Storage, clock: Clock, seed: int) -> tuple[GameService, EventService]:
    games = GameService(storage, clock=clock, rng=random.Random(seed))
    games.move_hooks.append(keep_clock)
    games.finish_hooks.append(record_result)
    games.finish_hooks.append(record_table)
    return games, EventService(storage, games, clock=clock)


async def play_out(games: GameService, game: Game) -> None:
    while game.is_active:
        seat = game.to_act[0]
        move = GAME.action_text(GAME.legal_actions(game.state, seat)[0])
        game = (await games.act(game.id, game.player_ids[seat], move, game.version)).game


def expected_scores(finished: list[Game], byes: dict[int, int]) -> dict[int, Fraction]:
    """Independently of the event code: a two-player game's winner scores 1, a tie ½ each,
    an abandoned game nothing; a bye 1."""
    score = {p: Fraction(0) for p in PEOPLE}
    for game in finished:
        outcome = game.outcome
        assert outcome is not None
        if not outcome.places:
            continue
        a, b = game.player_ids
        pa, pb = outcome.place_of(0), outcome.place_of(1)
        score[a] += 1 if pa < pb else Fraction(1, 2) if pa == pb else 0  # type: ignore[operator]
        score[b] += 1 if pb < pa else Fraction(1, 2) if pa == pb else 0  # type: ignore[operator]
    for unit, count in byes.items():
        score[PEOPLE[unit]] += count
    return score


async def test_a_swiss_runs_to_the_end_across_a_restart(database: str) -> None:
    clock = Clock()
    storage = await open_storage(database)
    games, events = services(storage, clock, 1)
    event = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, organiser_id=PEOPLE[0], kind=GAME.kind,
        format="swiss", rounds=3, time_per_move=600.0,
    )  # fmt: skip
    for person in PEOPLE:
        await events.join(event.id, person)
    with pytest.raises(ServiceError, match="already signed up"):
        await events.join(event.id, PEOPLE[1])
    with pytest.raises(NotAllowed):
        await events.start(event.id, PEOPLE[1], BOT)
    started = await events.start(event.id, PEOPLE[0], BOT)
    assert started.round_started == 1 and len(started.started) == 3
    assert len(started.event.round_tables(1)) == 4  # three tables and a bye

    # round 1: two games played, one left to the round deadline
    first, second, third = started.started
    await play_out(games, first)
    await play_out(games, second)
    assert await events.advance(event.id, BOT) is None  # a game still playing
    await storage.close()  # a restart in the middle of the round
    storage = await open_storage(database)
    games, events = services(storage, clock, 2)
    assert await events.due() == []
    clock.now += 3 * 3600
    assert event.id in await events.due()
    moved = await events.advance(event.id, BOT)
    assert moved is not None and [m.game.id for m in moved.timed_out] == [third.id]
    assert moved.round_started == 2

    # round 2: a player is removed while playing (their game resigned), the others played
    current = await events.event(event.id)
    victim = current.round_tables(2)[0].players[1]
    await events.remove(event.id, GUILD, PEOPLE[0], victim)
    for table in current.round_tables(2):
        if table.game_id is not None:
            game = await games.game(table.game_id)
            await play_out(games, game)
    after = await events.advance(event.id, BOT)
    assert after is not None and after.round_started == 3
    assert all(victim not in t.players for t in after.event.round_tables(3))
    for game in after.started:
        await play_out(games, game)
    done = await events.advance(event.id, BOT)
    assert done is not None and done.finished and done.event.status == FINISHED

    final = await events.event(event.id)
    played = [await games.game(t.game_id) for t in final.tables if t.game_id is not None]
    byes: dict[int, int] = {}
    for table in final.tables:
        if table.status == "bye":
            byes[table.units[0]] = byes.get(table.units[0], 0) + 1
    expected = expected_scores(played, byes)
    lines = events.standings(final)
    assert {PEOPLE[line.unit]: line.score for line in lines} == expected
    assert [line.score for line in lines] == sorted(expected.values(), reverse=True)
    assert max(byes.values()) == 1
    audit = await events.audit(event.id)
    assert [(a.action, a.subject) for a in audit] == [("started", None), ("removed", victim)]
    await storage.close()


async def test_the_organiser_alone_corrects_and_cancels(database: str) -> None:
    clock = Clock()
    storage = await open_storage(database)
    _, events = services(storage, clock, 3)
    event = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, organiser_id=PEOPLE[0], kind=GAME.kind,
        format="round-robin", rounds=None, time_per_move=600.0,
    )  # fmt: skip
    for person in PEOPLE[:3]:
        await events.join(event.id, person)
    with pytest.raises(NotAllowed):
        await events.cancel(event.id, GUILD, PEOPLE[1])
    begun = await events.start(event.id, PEOPLE[0], BOT)
    assert begun.event.status == RUNNING and begun.event.rounds == 3
    replaced = await events.replace(event.id, GUILD, PEOPLE[0], PEOPLE[2])
    assert replaced.entrants[2].computer == "easy"
    with pytest.raises(ServiceError, match="already plays"):
        await events.replace(event.id, GUILD, PEOPLE[0], PEOPLE[2])
    cancelled = await events.cancel(event.id, GUILD, PEOPLE[0])
    assert cancelled.status == "cancelled"
    with pytest.raises(ServiceError, match="over"):
        await events.cancel(event.id, GUILD, PEOPLE[0])
    assert [a.action for a in await events.audit(event.id)] == [
        "started", "replaced", "cancelled",
    ]  # fmt: skip
    await storage.close()


async def test_creation_refuses_wrong_inputs(database: str) -> None:
    storage = await open_storage(database)
    _, events = services(storage, Clock(), 4)
    base = dict(guild_id=GUILD, channel_id=CHANNEL, organiser_id=1, time_per_move=60.0)
    with pytest.raises(ServiceError, match="no game called"):
        await events.create(kind="chess", format="swiss", rounds=3, **base)  # type: ignore[arg-type]
    with pytest.raises(ServiceError, match="played by 2 to 5"):
        await events.create(kind=GAME.kind, format="swiss", rounds=3, seats=7, **base)  # type: ignore[arg-type]
    with pytest.raises(ServiceError, match="two sides a table"):
        await events.create(kind=GAME.kind, format="round-robin", rounds=None, seats=3, **base)  # type: ignore[arg-type]
    with pytest.raises(ServiceError, match="1 to 20 rounds"):
        await events.create(kind=GAME.kind, format="swiss", rounds=40, **base)  # type: ignore[arg-type]
    await storage.close()


async def test_a_knockout_seeds_byes_and_ends_with_its_winner(database: str) -> None:
    clock = Clock()
    storage = await open_storage(database)
    games, events = services(storage, clock, 5)
    event = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, organiser_id=PEOPLE[0], kind=GAME.kind,
        format="single-elimination", rounds=None, time_per_move=600.0,
    )  # fmt: skip
    for person in PEOPLE[:5]:
        await events.join(event.id, person)
    started = await events.start(event.id, PEOPLE[0], BOT)
    assert started.event.rounds == 3 and len(started.started) == 1  # 5 of 8: three byes
    assert sum(t.status == "bye" for t in started.event.round_tables(1)) == 3
    advanced = started
    while not advanced.finished:
        for game in advanced.started:
            await play_out(games, game)
        found = await events.advance(event.id, BOT)
        assert found is not None
        advanced = found
    final = await events.event(event.id)
    last = final.round_tables(3)
    assert len(last) == 1 and last[0].places is not None
    champion = last[0].units[last[0].places.index(1)]
    assert events.standings(final)[0].unit == champion
    await storage.close()


async def test_only_the_process_owning_the_server_runs_its_events(database: str) -> None:
    from bot.shards import Shards, shard_of

    clock = Clock()
    storage = await open_storage(database)
    games, events = services(storage, clock, 6)
    event = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, organiser_id=PEOPLE[0], kind=GAME.kind,
        format="swiss", rounds=1, time_per_move=600.0, starts_in=60.0,
    )  # fmt: skip
    for person in PEOPLE[:4]:
        await events.join(event.id, person)
    clock.now += 120
    owner = shard_of(GUILD, 2)
    other = EventService(storage, games, clock=clock, shards=Shards.of(2, [1 - owner]))
    mine = EventService(storage, games, clock=clock, shards=Shards.of(2, [owner]))
    assert await other.due() == [] and await mine.due() == [event.id]
    started = await mine.advance(event.id, BOT)
    assert started is not None and started.round_started == 1  # the start time came
    assert await mine.advance(event.id, BOT) is None  # nothing more due: a second run is idle
    await storage.close()
