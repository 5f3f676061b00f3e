"""The guided first game: start it, decide whether a tip may be shown, remember it."""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.learn.model import LEVEL, SEED, Learner
from bot.play.model import Game
from bot.play.service import GameService
from bot.storage import Storage, Transaction


class LearnService:
    """Learners and their tips, on top of storage and the play service."""

    def __init__(
        self, storage: Storage, games: GameService, *, clock: Callable[[], float] = time.time
    ) -> None:
        self.storage = storage
        self.games = games
        self.clock = clock

    async def start(
        self, *, kind: str, guild_id: int, channel_id: int, user_id: int, computer_id: int
    ) -> Game:
        """A guided game against the rule-based computer, on the friendly first deal."""
        game = await self.games.start_computer_game(
            kind=kind,
            guild_id=guild_id,
            channel_id=channel_id,
            player_id=user_id,
            computer_id=computer_id,
            level=LEVEL,
            seed=SEED,
        )
        async with self.storage.transaction() as tx:
            await tx.learn.add_game(game.id, user_id)
        return game

    async def learner_in(self, game_id: int, user_id: int) -> Learner | None:
        """The member as a learner, if this game is their guided game and they want tips."""
        async with self.storage.read() as tx:
            if await tx.learn.learner_of(game_id) != user_id:
                return None
            learner = await tx.learn.learner(user_id)
        return learner if learner.wants_tips else None

    async def seen(self, user_id: int, tip: str) -> bool:
        """Remember a tip as shown; False when it already had been (don't show it again)."""
        async with self.storage.transaction() as tx:
            return await tx.learn.mark_shown(user_id, tip)

    async def skip(self, user_id: int) -> None:
        """*Skip hints*: no more tips for this member."""
        async with self.storage.transaction() as tx:
            await tx.learn.hints_off(user_id)


async def finish_learning(tx: Transaction, game: Game) -> None:
    """A finish hook: a guided game played to its end makes its learner a player."""
    user_id = await tx.learn.learner_of(game.id)
    if user_id is not None and game.result == "finished":
        await tx.learn.finish(user_id, game.finished_at or game.updated_at)
