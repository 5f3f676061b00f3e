"""A clock tests move by hand, and a game service wired as the bot wires it."""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.engine import Bid, GameState, Gift, Play, legal_actions
from bot.schedule_service import ScheduleService
from bot.service import CardChoice, Choice, GameService, Moved, TrumpChoice
from bot.storage.database import Database
from bot.storage.ladder import record_result
from bot.storage.schedule import keep_clock

GUILD = 1000
CHANNEL = 2000
ALICE, BOB, CAROL = 11, 22, 33


class FakeClock:
    """Returns ``now``; tests move it with :meth:`advance` or by setting ``now``."""

    def __init__(self, now: float | None = None) -> None:
        self.now = time.time() if now is None else now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


@asynccontextmanager
async def services(
    path: Path, clock: FakeClock, seed: int = 1
) -> AsyncIterator[tuple[GameService, ScheduleService]]:
    db = await Database.open(path)
    games = GameService(db, clock=clock, rng=random.Random(seed))
    games.finish_hooks.append(record_result)
    games.move_hooks.append(keep_clock)
    try:
        yield games, ScheduleService(db, games)
    finally:
        await db.close()


async def start(
    games: GameService,
    a: int = ALICE,
    b: int = BOB,
    *,
    time_per_move: float | None = None,
    channel_id: int = CHANNEL,
) -> int:
    row = await games.challenge(
        guild_id=GUILD,
        channel_id=channel_id,
        challenger_id=a,
        opponent_id=b,
        opponent_is_bot=False,
        target=300,
        time_per_move=time_per_move,
    )
    _, game = await games.accept(row.id, b)
    return game.id


def first_choice(state: GameState, seat: int) -> Choice:
    """The first legal action of ``seat``, as its button would send it."""
    action = legal_actions(state, seat)[0]
    if isinstance(action, Bid):
        return TrumpChoice(action.kind, action.value)
    if isinstance(action, Gift):
        return CardChoice(action.card, gift=True)
    assert isinstance(action, Play)
    return CardChoice(action.card)


async def move(games: GameService, game_id: int, seat: int | None = None) -> Moved:
    """The player to act (or ``seat``) makes their first legal move."""
    game = await games.game(game_id)
    seat = game.state.to_act[0] if seat is None else seat
    return await games.act(game_id, game.player_ids[seat], first_choice(game.state, seat), None)
