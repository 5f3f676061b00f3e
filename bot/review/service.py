"""Reviews of finished games and hints for a learner, computed off the event loop.

A review weighs every decision of a finished game that had a choice with the game's reviewer
(the registry's ``reviewer``; :mod:`bot.ai.review`), one decision a task in the computer's
process pool, as many at once as the pool has processes, so that a computer's move in a game
under way waits for one decision at most. It is computed once per game, kept in the database,
and public to the game's server: the decisions were taken, and the game is over. A review
under way is shared by everyone who asks for it meanwhile (a double click, two members).

A hint weighs the asking player's own decision, from their seat's view only, by the level that
gives hints; only in a game of one member against the computer (unrated) that is their guided
game or where they asked for hints.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from bot.ai.review import Decision, Weighed
from bot.errors import BadRequest, NotAllowed, NotFound, Stale
from bot.games import GAMES, GameRules
from bot.play.model import Game
from bot.play.service import GameService
from bot.review.model import Mark, Review, mark_of
from bot.storage import Storage

log = logging.getLogger(__name__)

Progress = Callable[[int, int], Awaitable[None]]
"""Told (decisions weighed, decisions in all) now and then while a review is computed."""
PROGRESS_EVERY = 2.0
"""Seconds between two progress reports."""
REVIEW_SECONDS = 300.0
"""A review not done in this long is given up (and may be asked for again later)."""
HINT_SECONDS = 30.0


def reviewer_of(rules: GameRules) -> ModuleType | None:
    """The game's reviewer module (the registry entry's optional ``reviewer``), if it has one."""
    name: str | None = getattr(rules, "reviewer", None)
    return None if name is None else importlib.import_module(name)


@dataclass
class Running:
    """A review being computed: how far it is, and the task that finishes it."""

    task: asyncio.Task[Review]
    done: int = 0
    total: int = 0


@dataclass(frozen=True, slots=True)
class Hint:
    """The level's choice for the asking player's decision, and why."""

    seat: int
    weighed: Weighed

    @property
    def choice(self) -> Any:
        return self.weighed.choice

    @property
    def gain(self) -> float | None:
        """Expected points the choice is worth over the next best option."""
        other = self.weighed.runner_up()
        if other is None:
            return None
        return self.weighed.values[self.weighed.best] - self.weighed.values[other]

    @property
    def runner_up(self) -> Any:
        other = self.weighed.runner_up()
        return None if other is None else self.weighed.options[other]


class ReviewService:
    """Reviews (computed once, kept) and hints, over the computer's executor."""

    def __init__(
        self,
        storage: Storage,
        games: GameService,
        executor: Callable[[], Executor],
        workers: int = 1,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.games = games
        self.executor = executor
        self.workers = max(1, workers)
        self.clock = clock
        self._running: dict[int, Running] = {}
        self._hinting: set[tuple[int, int]] = set()

    # --- reviews -------------------------------------------------------------------------

    async def finished(self, guild_id: int, game_id: int) -> Game:
        """A finished game of this server that can be reviewed; a polite refusal else."""
        async with self.storage.read() as tx:
            game = await tx.play.get_game(game_id)
        if game is None or game.guild_id != guild_id:
            raise NotFound("That game isn't one of this server's.")
        if game.is_active:
            raise NotAllowed(
                "Game {game} is still being played: its review opens when it ends.", game=game_id
            )
        if reviewer_of(game.rules) is None:
            raise BadRequest("{title} games have no review yet.", title=game.rules.title)
        return game

    async def recent(self, guild_id: int, limit: int) -> list[tuple[int, str]]:
        """The server's most recently finished games that can be reviewed: (id, kind)."""
        async with self.storage.read() as tx:
            found = await tx.reviews.recent_finished(guild_id, limit)
        return [(i, kind) for i, kind in found if kind in GAMES and reviewer_of(GAMES[kind])]

    async def stored(self, game_id: int) -> Review | None:
        async with self.storage.read() as tx:
            text = await tx.reviews.review(game_id)
        return None if text is None else Review.from_json(game_id, text)

    def progress_of(self, game_id: int) -> tuple[int, int] | None:
        """How far the review of a game being computed now is (weighed, in all), if it is."""
        running = self._running.get(game_id)
        return None if running is None else (running.done, running.total)

    async def review(self, game: Game, progress: Progress | None = None) -> Review:
        """The game's review: kept, or computed now (``progress`` told how far it is)."""
        kept = await self.stored(game.id)
        if kept is not None:
            return kept
        running = self._running.get(game.id)
        if running is None:
            running = Running(asyncio.get_running_loop().create_task(self._compute(game)))
            self._running[game.id] = running
            running.task.add_done_callback(lambda _: self._running.pop(game.id, None))
        while True:
            done, _ = await asyncio.wait({running.task}, timeout=PROGRESS_EVERY)
            if done:
                return running.task.result()
            if progress is not None and running.total:
                await progress(running.done, running.total)

    async def _compute(self, game: Game) -> Review:
        reviewer = reviewer_of(game.rules)
        assert reviewer is not None
        found: list[Decision] = await asyncio.to_thread(reviewer.decisions, game.state)
        running = self._running[game.id]
        running.total = len(found)
        loop = asyncio.get_running_loop()
        gate = asyncio.Semaphore(self.workers)

        async def weigh(decision: Decision) -> Mark | None:
            async with gate:
                seed = game.id * 1_000_003 + decision.number
                weighed: Weighed = await loop.run_in_executor(
                    self.executor(), reviewer.weigh, decision.view, seed
                )
            running.done += 1
            return mark_of(game.rules, decision, weighed)

        started = time.perf_counter()
        try:
            marks = await asyncio.wait_for(
                asyncio.gather(*(weigh(d) for d in found)), REVIEW_SECONDS
            )
        except TimeoutError:
            log.warning("the review of game %s ran out of time", game.id)
            raise Stale(
                "The review of game {game} took too long; please ask again later.", game=game.id
            ) from None
        review = Review(game.id, tuple(m for m in marks if m is not None))
        log.info(
            "reviewed game %s: %s decisions in %.1f s",
            game.id,
            len(found),
            time.perf_counter() - started,
        )
        async with self.storage.transaction() as tx:
            await tx.reviews.save_review(game.id, review.to_json(), self.clock())
        return review

    # --- hints ---------------------------------------------------------------------------

    async def hints_on(self, game_id: int, user_id: int) -> None:
        """The member asked for hints in this game (checked when a hint is asked for)."""
        async with self.storage.transaction() as tx:
            await tx.reviews.hints_on(game_id, user_id)

    async def hints_allowed(self, game: Game, user_id: int) -> bool:
        """Whether the member may ask for hints in this game: it is under way, its reviewer
        gives hints, every other seat is the computer's (so the game is unrated and nobody
        else is helped against), and it is their guided game or they asked for hints."""
        reviewer = reviewer_of(game.rules)
        if not game.is_active or reviewer is None or not hasattr(reviewer, "hint"):
            return False
        members = {s.user_id for s in game.seats if s.computer is None}
        if members != {user_id} or not game.has_computer:
            return False
        async with self.storage.read() as tx:
            if await tx.learn.learner_of(game.id) == user_id:
                return True
            return await tx.reviews.wants_hints(game.id, user_id)

    async def hint(self, game_id: int, user_id: int, version: int) -> tuple[Game, Hint]:
        """The hint for the member's decision now in this game, from their seat's view."""
        game = await self.games.game(game_id)
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotAllowed("This isn't your game — only its players have hands here.")
        if not await self.hints_allowed(game, user_id):
            raise NotAllowed("Hints are only for games against the computer that ask for them.")
        if game.version != version:
            raise Stale("That hint was for an earlier moment of the game.")
        if seat not in game.to_act:
            raise NotAllowed("A hint is for your own turn: it isn't yours now.")
        key = (game_id, user_id)
        if key in self._hinting:
            raise Stale("Your hint is on its way.")
        reviewer = reviewer_of(game.rules)
        assert reviewer is not None
        view = game.rules.view(game.state, seat)
        if len(view.actions) < 2 or not getattr(reviewer, "can_weigh", lambda _: True)(view):
            raise NotAllowed("There is no hint for this decision.")
        self._hinting.add(key)
        try:
            loop = asyncio.get_running_loop()
            weighed: Weighed = await asyncio.wait_for(
                loop.run_in_executor(
                    self.executor(), reviewer.hint, view, game.id * 100_003 + game.version
                ),
                HINT_SECONDS,
            )
        except TimeoutError:
            raise Stale("The hint took too long; please ask again.") from None
        finally:
            self._hinting.discard(key)
        return game, Hint(seat, weighed)
