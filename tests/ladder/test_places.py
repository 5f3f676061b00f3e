"""The ladder rates by the finishing order and keeps head to head for every pair, on SQLite and
PostgreSQL: High card (the toy game, ``games/toy``) of four and five seats, with ties."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from bot.games import register, unregister
from bot.ladder import PairRecord
from bot.ladder.rating import INITIAL, rate
from bot.play.model import Seat
from bot.storage import Storage
from games.toy.game import GAME
from games.toy.rules import State
from tests.ladder.finish import store_finished

GUILD = 1
PEOPLE = (11, 22, 33, 44, 55)


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(GAME)
    yield
    unregister(GAME.kind)


def finished(seats: int, places: tuple[tuple[int, ...], ...]) -> tuple[State, State]:
    start = GAME.new_game(random.Random(seats), 4, seats)
    return start, replace(start, ending="finished", places=places, moves=4 * seats)


async def pair(storage: Storage, a: int, b: int) -> PairRecord | None:
    async with storage.read() as tx:
        return await tx.ladder.pair_record(GUILD, GAME.kind, a, b)


async def test_five_players_rated_by_place_with_a_tie(storage: Storage) -> None:
    places = ((3,), (0, 4), (1,), (2,))
    start, final = finished(5, places)
    seats = [Seat(p) for p in PEOPLE]
    await store_finished(storage, GAME, GUILD, seats, start, final)

    place = {PEOPLE[s]: n for n, tied in enumerate(places, 1) for s in tied}
    expected = rate([[INITIAL]] * 5, [place[p] for p in PEOPLE])  # openskill's ranks
    async with storage.read() as tx:
        for seat, person in enumerate(PEOPLE):
            totals = await tx.ladder.totals(GUILD, GAME.kind, person)
            assert totals is not None and totals.rating == expected[seat][0]
            assert (totals.wins, totals.losses) == ((1, 0) if place[person] == 1 else (0, 1))
            (entry,) = await tx.ladder.recent_games(GUILD, GAME.kind, person, 5)
            assert entry.place == place[person]
    # A better place never rates lower (openskill's ties move the place just below a tie
    # with the tied teams: its Plackett-Luce ties, taken as the library gives them).
    mus = {p: expected[PEOPLE.index(p)][0].mu for p in PEOPLE}
    assert all(
        mus[a] >= mus[b] for a, b in itertools.permutations(PEOPLE, 2) if place[a] < place[b]
    )
    assert mus[PEOPLE[3]] > mus[PEOPLE[0]] > mus[PEOPLE[2]]
    for a, b in itertools.permutations(PEOPLE, 2):  # every pair, both ways
        wins, losses = int(place[a] < place[b]), int(place[a] > place[b])
        assert await pair(storage, a, b) == PairRecord(wins, losses, int(place[a] == place[b]))


async def test_records_add_up_over_games_of_different_counts(storage: Storage) -> None:
    a, b, c, d = PEOPLE[:4]
    for count, places in ((4, ((1,), (0,), (2, 3))), (3, ((0,), (1,), (2,))), (2, ((0, 1),))):
        start, final = finished(count, places)
        await store_finished(storage, GAME, GUILD, [Seat(p) for p in PEOPLE[:count]], start, final)
    assert await pair(storage, a, b) == PairRecord(1, 1, 1)
    assert await pair(storage, b, a) == PairRecord(1, 1, 1)
    assert await pair(storage, c, d) == PairRecord(0, 0, 1)
    assert await pair(storage, a, c) == PairRecord(2, 0, 0)
    assert await pair(storage, d, a) == PairRecord(0, 1, 0)


async def test_stats_show_the_draws_of_a_shared_place(storage: Storage) -> None:
    from bot.ladder.service import LadderService
    from cogs.ui.i18n import Words
    from cogs.ui.ladder_text import stats_embed

    start, final = finished(3, ((0, 1), (2,)))
    await store_finished(storage, GAME, GUILD, [Seat(p) for p in PEOPLE[:3]], start, final)
    ladder = LadderService(storage)
    tied = await ladder.stats(GUILD, PEOPLE[0], PEOPLE[1], kind=GAME.kind)
    beaten = await ladder.stats(GUILD, PEOPLE[0], PEOPLE[2], kind=GAME.kind)
    words = Words("en")
    shown = stats_embed(tied, "ann", PEOPLE[1], words).to_dict()["fields"]
    assert any("**0** – **0**" in f["value"] and "(1 draw)" in f["value"] for f in shown)
    shown = stats_embed(beaten, "ann", PEOPLE[2], words).to_dict()["fields"]
    assert not any("draw" in f["value"] for f in shown)
