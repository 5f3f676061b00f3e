"""High card through the platform with 2, 3, 4 and 5 seats: challenge, accept, play through the
game service, store, and rate on its own ladder by the finishing order."""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.errors import BadRequest
from bot.games import register, unregister
from bot.ladder.service import LadderService, record_result
from bot.play.model import Game, Invite
from bot.play.service import GameService
from bot.services import load_state
from bot.storage.sqlite import SqliteStorage
from games.toy.game import GAME

GUILD, CHANNEL = 1, 10
PEOPLE = (11, 22, 33, 44, 55)


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(GAME)
    yield
    unregister(GAME.kind)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    storage = await SqliteStorage.open(tmp_path / "toy.sqlite3", load_state)
    made = GameService(storage, rng=random.Random(4))
    made.finish_hooks.append(record_result)
    yield made
    await storage.close()


async def play_to_the_end(service: GameService, players: tuple[int, ...]) -> Game:
    challenge = await service.challenge(
        kind=GAME.kind,
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=players[0],
        seats=[Invite(p) for p in players[1:]],
    )
    game = None
    for player in players[1:]:
        game = (await service.accept(challenge.id, player)).game
    assert game is not None and game.player_ids == players
    while game.is_active:
        seat = game.to_act[0]
        move = GAME.action_text(GAME.legal_actions(game.state, seat)[0])
        game = (await service.act(game.id, game.player_ids[seat], move, game.version)).game
    return game


@pytest.mark.parametrize("count", [2, 3, 4, 5])
async def test_a_game_of_any_count_is_stored_and_rated_by_place(
    service: GameService, count: int
) -> None:
    players = PEOPLE[:count]
    game = await play_to_the_end(service, players)
    assert game.result == "finished" and len(game.teams) == count
    stored = await service.game(game.id)
    outcome = stored.outcome
    assert outcome is not None and outcome.places == game.state.places
    place = {players[s]: n for n, seats in enumerate(outcome.places, 1) for s in seats}

    ladder = LadderService(service.storage)
    board = await ladder.leaderboard(GUILD, 1, players[0], kind=GAME.kind)
    assert board.players == count
    shown = {row.user_id: row.totals.rating.shown for row in board.rows}
    for a, b in itertools.permutations(players, 2):
        if place[a] < place[b]:
            assert shown[a] >= shown[b]  # a better place never rates lower
        elif place[a] == place[b]:
            assert shown[a] == shown[b]
    for a, b in itertools.permutations(players, 2):  # head to head for every pair
        record = (await ladder.stats(GUILD, a, b, kind=GAME.kind)).head_to_head
        assert record is not None
        expected = (place[a] < place[b], place[a] > place[b], place[a] == place[b])
        assert (record.wins, record.losses, record.draws) == tuple(map(int, expected))
    for player in players:
        (entry,) = await ladder.history(GUILD, player, kind=GAME.kind)
        assert entry.place == place[player]


async def test_a_count_out_of_range_is_refused(service: GameService) -> None:
    for players in (PEOPLE[:1], (*PEOPLE, 66)):
        with pytest.raises(BadRequest):
            await service.challenge(
                kind=GAME.kind,
                guild_id=GUILD,
                channel_id=CHANNEL,
                challenger_id=players[0],
                seats=[Invite(p) for p in players[1:]],
            )


async def test_leaving_a_game_of_four_finishes_last(service: GameService) -> None:
    challenge = await service.challenge(
        kind=GAME.kind,
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=PEOPLE[0],
        seats=[Invite(p) for p in PEOPLE[1:4]],
    )
    for player in PEOPLE[1:4]:
        game = (await service.accept(challenge.id, player)).game
    assert game is not None
    over = (await service.resign(game.id, PEOPLE[2], None)).game
    assert over.outcome is not None and over.outcome.places[-1] == (2,)
    ladder = LadderService(service.storage)
    (entry,) = await ladder.history(GUILD, PEOPLE[2], kind=GAME.kind)
    assert entry.place == len(over.outcome.places) and entry.ending == "resigned"
