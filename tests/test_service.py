"""The game service on a real SQLite file: challenges, moves, versions, restarts."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.engine import Card, Phase, legal_actions
from bot.engine.game import Bid as EngineBid
from bot.engine.game import Gift, Play
from bot.service import (
    CardChoice,
    ChallengeRefused,
    GameService,
    NotAPlayer,
    Resignation,
    StaleChoice,
    TrumpChoice,
)
from bot.storage.database import Database, migrations

ALICE, BOB, CAROL = 101, 202, 303
GUILD, CHANNEL = 1, 10


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


OPEN: list[Database] = []


@pytest.fixture(autouse=True)
async def close_databases() -> AsyncIterator[None]:
    yield
    while OPEN:
        await OPEN.pop().close()


async def make_service(path: Path, clock: Clock | None = None) -> GameService:
    db = await Database.open(path)
    OPEN.append(db)
    return GameService(db, clock=clock or Clock(), rng=random.Random(7))


async def start(service: GameService) -> int:
    challenge = await service.challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        opponent_id=BOB,
        opponent_is_bot=False,
        target=300,
    )
    _, game = await service.accept(challenge.id, BOB)
    return game.id


def to_choice(action: object) -> TrumpChoice | CardChoice:
    if isinstance(action, EngineBid):
        return TrumpChoice(action.kind, action.value)
    if isinstance(action, Gift):
        return CardChoice(action.card, gift=True)
    assert isinstance(action, Play)
    return CardChoice(action.card)


async def test_migrations_set_user_version(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "v.sqlite3")
    OPEN.append(db)
    async with db.read() as conn:
        cursor = await conn.execute("PRAGMA user_version")
        row = await cursor.fetchone()
        mode = await (await conn.execute("PRAGMA journal_mode")).fetchone()
    assert row is not None and row[0] == migrations()[-1][0]
    assert mode is not None and mode[0] == "wal"
    again = await Database.open(tmp_path / "v.sqlite3")  # re-opening applies nothing twice
    OPEN.append(again)


@pytest.mark.parametrize(
    ("opponent", "is_bot", "target", "message"),
    [
        (ALICE, False, 300, "yourself"),
        (BOB, True, 300, "Bots"),
        (BOB, False, 400, "300"),
    ],
)
async def test_refused_challenges(
    tmp_path: Path, opponent: int, is_bot: bool, target: int, message: str
) -> None:
    service = await make_service(tmp_path / "g.sqlite3")
    with pytest.raises(ChallengeRefused, match=message):
        await service.challenge(
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ALICE,
            opponent_id=opponent,
            opponent_is_bot=is_bot,
            target=target,
        )


async def test_one_open_game_per_pair_and_channel(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "g.sqlite3")
    challenge = await service.challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        opponent_id=BOB,
        opponent_is_bot=False,
        target=300,
    )
    with pytest.raises(ChallengeRefused, match="already an open challenge"):
        await service.challenge(
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=BOB,
            opponent_id=ALICE,
            opponent_is_bot=False,
            target=300,
        )
    with pytest.raises(NotAPlayer, match="Only"):
        await service.accept(challenge.id, CAROL)
    await service.accept(challenge.id, BOB)
    with pytest.raises(ChallengeRefused, match="no longer open"):
        await service.accept(challenge.id, BOB)
    with pytest.raises(ChallengeRefused, match="in progress"):
        await service.challenge(
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ALICE,
            opponent_id=BOB,
            opponent_is_bot=False,
            target=500,
        )
    # another channel is fine
    await service.challenge(
        guild_id=GUILD,
        channel_id=CHANNEL + 1,
        challenger_id=ALICE,
        opponent_id=BOB,
        opponent_is_bot=False,
        target=300,
    )


async def test_challenges_expire(tmp_path: Path) -> None:
    clock = Clock()
    service = await make_service(tmp_path / "g.sqlite3", clock)
    challenge = await service.challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        opponent_id=BOB,
        opponent_is_bot=False,
        target=300,
    )
    clock.now += service.challenge_ttl + 1
    with pytest.raises(ChallengeRefused, match="expired"):
        await service.accept(challenge.id, BOB)
    other = await service.challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        opponent_id=BOB,
        opponent_is_bot=False,
        target=300,
    )
    clock.now += service.challenge_ttl + 1
    expired = await service.expire_challenges()
    assert [c.id for c in expired] == [challenge.id, other.id]
    assert (await service.get_challenge(other.id)).status == "expired"


async def test_full_game_with_restarts_and_stale_versions(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    service = await make_service(path)
    game_id = await start(service)
    rng = random.Random(3)
    players = (ALICE, BOB)
    moves = 0
    while True:
        game = await service.game(game_id)
        state = game.state
        if state.is_over:
            break
        seat = state.to_act[0]
        action = rng.choice(legal_actions(state, seat))
        if moves % 50 == 7:
            # a stranger, and the other player, are refused; nothing changes
            with pytest.raises(NotAPlayer):
                await service.act(game_id, CAROL, to_choice(action), game.version)
        if moves % 40 == 3:
            # restart: a new service on the same file resumes the game
            await OPEN.pop().close()
            service = await make_service(path)
        moved = await service.act(game_id, players[seat], to_choice(action), game.version)
        assert moved.game.version > game.version
        if moves % 30 == 5 and not moved.game.state.is_over:
            # the same click again (a double click) is stale and applies nothing
            with pytest.raises(StaleChoice):
                await service.act(game_id, players[seat], to_choice(action), game.version)
            assert (await service.game(game_id)).version == moved.game.version
        moves += 1
    finished = await service.game(game_id)
    assert finished.status == "finished" and finished.result == "finished"
    assert finished.winner_seat == finished.state.outcome.winner  # type: ignore[union-attr]
    assert sum(finished.state.totals) == 180 * len(finished.state.rounds)
    assert finished.state.phase is Phase.OVER


async def test_concurrent_double_click_applies_once(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "g.sqlite3")
    game_id = await start(service)
    game = await service.game(game_id)
    seat = game.state.to_act[0]
    action = legal_actions(game.state, seat)[0]
    player = (ALICE, BOB)[seat]
    results = await asyncio.gather(
        *(service.act(game_id, player, to_choice(action), game.version) for _ in range(3)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, StaleChoice) for r in results if isinstance(r, BaseException))
    assert (await service.game(game_id)).version == game.version + 1


async def test_resign_and_illegal_card(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "g.sqlite3")
    game_id = await start(service)
    game = await service.game(game_id)
    from bot.engine import IllegalAction

    with pytest.raises(IllegalAction):
        # a card during the trump choice is refused with the engine's sentence
        await service.act(game_id, ALICE, CardChoice(Card.parse("AS")), game.version)
    moved = await service.act(game_id, BOB, Resignation(), None)
    assert moved.game.status == "finished" and moved.game.result == "resigned"
    assert moved.game.winner_seat == 0
