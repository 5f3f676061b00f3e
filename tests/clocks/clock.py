"""A clock tests move by hand, and the services wired as the bot wires them (bot.services)."""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from bot.config import Config
from bot.play.model import Invite
from bot.play.service import GameService, Moved
from bot.services import Services

GUILD = 1000
CHANNEL = 2000
ALICE, BOB, CAROL, DAVE = 11, 22, 33, 44


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
async def services(path: Path | str, clock: FakeClock, seed: int = 1) -> AsyncIterator[Services]:
    """Every service on a database (a file, or as ``BOT_DB`` names one), on the test's
    clock."""
    config = Config(_env_file=None, database=str(path), ai_workers=0)  # type: ignore[call-arg]
    opened = await Services.open(config, clock=clock, rng=random.Random(seed))
    try:
        yield opened
    finally:
        await opened.close()


async def start(
    games: GameService,
    *players: int,
    kind: str = "vidrasso",
    time_per_move: float | None = None,
    channel_id: int = CHANNEL,
) -> int:
    """A game between ``players`` (default Alice and Bob), challenged and accepted; its id."""
    challenger, *others = players or (ALICE, BOB)
    made = await games.challenge(
        kind=kind,
        guild_id=GUILD,
        channel_id=channel_id,
        challenger_id=challenger,
        seats=[Invite(user) for user in others],
        time_per_move=time_per_move,
    )
    for user in others:
        accepted = await games.accept(made.id, user)
    assert accepted.game is not None
    return accepted.game.id


async def move(games: GameService, game_id: int, seat: int | None = None) -> Moved:
    """The seat to act (or ``seat``) makes its first legal move, as its button would send it."""
    game = await games.game(game_id)
    seat = game.to_act[0] if seat is None else seat
    rules = game.rules
    action = rules.legal_actions(game.state, seat)[0]
    return await games.act(game_id, game.player_ids[seat], rules.action_text(action), game.version)


async def play_until(games: GameService, game_id: int, waiting: Sequence[int]) -> None:
    """Move until the game waits for exactly the seats ``waiting``."""
    while (await games.game(game_id)).to_act != tuple(waiting):
        await move(games, game_id)
