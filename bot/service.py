"""The game service: challenges and moves. Load, check, apply, save — testable without Discord.

Every accepted action is one database transaction that re-reads the game, checks the version
the player saw, applies the engine, deals the next round when one is due, and writes the new
state (plus anything hooked onto a finished game, such as ratings) before committing. One
``asyncio.Lock`` per game keeps a game's actions in order; the version check inside the
transaction makes a double click or an old button apply at most once.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import aiosqlite

from bot.deadlines import timeout_action
from bot.engine import (
    TARGETS,
    Abandon,
    Action,
    Bid,
    BidKind,
    Card,
    Event,
    GameState,
    Gift,
    Phase,
    Play,
    Rank,
    Resign,
    Suit,
    TimeOut,
    apply,
    deal_next,
    new_game,
)
from bot.storage import games as store
from bot.storage import schedule as clocks
from bot.storage.database import Database
from bot.storage.games import ChallengeRow, GameRow

log = logging.getLogger(__name__)

CHALLENGE_TTL = 15 * 60.0
"""Seconds a challenge stays open."""


class ServiceError(Exception):
    """Something a user did that cannot be done; ``str(error)`` is a sentence for them."""


class ChallengeRefused(ServiceError):
    """A challenge that cannot be made, accepted, declined or cancelled."""


class NotAPlayer(ServiceError):
    """The user is not a player of this game (or not the one this button is for)."""


class NoSuchGame(ServiceError):
    """The game does not exist (or no longer accepts this)."""


class StaleChoice(ServiceError):
    """The button belongs to an older state of the game."""


@dataclass(frozen=True, slots=True)
class TrumpChoice:
    """Name the trump suit or rank."""

    kind: BidKind
    value: Suit | Rank


@dataclass(frozen=True, slots=True)
class CardChoice:
    """Give a card (gift phase) or play it (play phase)."""

    card: Card
    gift: bool = False
    """True for a gift button, False for a play button."""


@dataclass(frozen=True, slots=True)
class Resignation:
    """Give up the game."""


Choice = TrumpChoice | CardChoice | Resignation


@dataclass(frozen=True, slots=True)
class Moved:
    """What an accepted choice did."""

    game: GameRow
    """The game after the move (and after any next deal)."""
    before: GameState
    """The state before the move."""
    seat: int
    """The seat that moved (for a time-out, the seat whose time ran out)."""
    events: list[Event] = field(default_factory=list)

    @property
    def turn_passed(self) -> bool:
        """Someone other than the mover is now to act and was not before."""
        before = set(self.before.to_act)
        return any(s != self.seat and s not in before for s in self.game.state.to_act)


FinishHook = Callable[[aiosqlite.Connection, GameRow], Awaitable[None]]
"""Runs inside the transaction that finishes a game (e.g. the ladder's rating update)."""

MoveHook = Callable[[aiosqlite.Connection, GameRow], Awaitable[None]]
"""Runs inside the transaction that starts a game and of every accepted action, with the game as
written (e.g. restarting the move clock)."""


class GameService:
    """Challenges and games, on top of the database and the engine."""

    def __init__(
        self,
        db: Database,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        challenge_ttl: float = CHALLENGE_TTL,
    ) -> None:
        self.db = db
        self.clock = clock
        self.rng = rng or random.Random()
        self.challenge_ttl = challenge_ttl
        self.finish_hooks: list[FinishHook] = []
        self.move_hooks: list[MoveHook] = []
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that orders this game's actions."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # --- challenges --------------------------------------------------------------------

    async def challenge(
        self,
        *,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        opponent_is_bot: bool,
        target: int,
        time_per_move: float | None = None,
    ) -> ChallengeRow:
        """Open a challenge, or refuse it with a reason.

        ``time_per_move`` (seconds; None: the server's default once accepted) also keeps the
        challenge open that long when it is longer than the usual challenge time.
        """
        if opponent_id == challenger_id:
            raise ChallengeRefused("You can't challenge yourself — pick a friend.")
        if opponent_is_bot:
            raise ChallengeRefused("Bots can't play Vidrasso. Challenge a person instead.")
        if target not in TARGETS:
            raise ChallengeRefused("A game is played to 300 (standard) or 500 (long) points.")
        if time_per_move is not None and time_per_move <= 0:
            raise ChallengeRefused("The time per move must be more than nothing.")
        now = self.clock()
        open_for = max(self.challenge_ttl, time_per_move or 0.0)
        async with self.db.transaction() as conn:
            game = await store.active_game_between(conn, channel_id, challenger_id, opponent_id)
            if game is not None:
                raise ChallengeRefused(
                    "You already have a game in progress with them here — finish that one first."
                )
            if await store.open_challenge_between(
                conn, channel_id, challenger_id, opponent_id, now
            ):
                raise ChallengeRefused("There is already an open challenge between you two here.")
            challenge_id = await store.insert_challenge(
                conn,
                guild_id=guild_id,
                channel_id=channel_id,
                challenger_id=challenger_id,
                opponent_id=opponent_id,
                target=target,
                now=now,
                expires_at=now + open_for,
                time_per_move=time_per_move,
            )
            row = await store.get_challenge(conn, challenge_id)
        assert row is not None
        return row

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        async with self.db.transaction() as conn:
            await store.set_challenge_message(conn, challenge_id, message_id)

    async def get_challenge(self, challenge_id: int) -> ChallengeRow:
        async with self.db.read() as conn:
            row = await store.get_challenge(conn, challenge_id)
        if row is None:
            raise ChallengeRefused("That challenge no longer exists.")
        return row

    async def accept(self, challenge_id: int, user_id: int) -> tuple[ChallengeRow, GameRow]:
        """The opponent accepts: the cut, the first deal, a new game."""
        now = self.clock()
        async with self.db.transaction() as conn:
            challenge = await self._open_challenge(conn, challenge_id, now)
            if user_id != challenge.opponent_id:
                raise NotAPlayer(f"Only <@{challenge.opponent_id}> can accept this challenge.")
            state = new_game(self.rng, challenge.target)
            game_id = await store.insert_game(
                conn,
                guild_id=challenge.guild_id,
                channel_id=challenge.channel_id,
                player_ids=(challenge.challenger_id, challenge.opponent_id),
                target=challenge.target,
                state=state,
                now=now,
            )
            await store.close_challenge(conn, challenge_id, "accepted", game_id)
            game = await store.get_game(conn, game_id)
            closed = await store.get_challenge(conn, challenge_id)
            assert game is not None and closed is not None
            for hook in self.move_hooks:
                await hook(conn, game)
        log.info("game %s started from challenge %s", game_id, challenge_id)
        return closed, game

    async def decline(self, challenge_id: int, user_id: int) -> ChallengeRow:
        """The opponent declines, or the challenger withdraws."""
        now = self.clock()
        async with self.db.transaction() as conn:
            challenge = await self._open_challenge(conn, challenge_id, now)
            if user_id == challenge.opponent_id:
                status = "declined"
            elif user_id == challenge.challenger_id:
                status = "cancelled"
            else:
                raise NotAPlayer("This challenge is between two other players.")
            await store.close_challenge(conn, challenge_id, status)
            closed = await store.get_challenge(conn, challenge_id)
        assert closed is not None
        return closed

    async def expire_challenges(self) -> list[ChallengeRow]:
        """Close every open challenge whose time has run out; return them."""
        now = self.clock()
        async with self.db.transaction() as conn:
            due = await store.due_challenges(conn, now)
            for challenge in due:
                await store.close_challenge(conn, challenge.id, "expired")
        return due

    async def _open_challenge(
        self, conn: aiosqlite.Connection, challenge_id: int, now: float
    ) -> ChallengeRow:
        challenge = await store.get_challenge(conn, challenge_id)
        if challenge is None:
            raise ChallengeRefused("That challenge no longer exists.")
        if challenge.status == "open" and challenge.expires_at <= now:
            # The expiry sweep closes it and takes its buttons away.
            raise ChallengeRefused("This challenge has expired.")
        if challenge.status != "open":
            raise ChallengeRefused(f"This challenge is no longer open (it was {challenge.status}).")
        return challenge

    async def start_computer_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        player_id: int,
        computer_id: int,
        level: str,
        target: int,
    ) -> GameRow:
        """A game against the computer: the player in seat 0, the computer in seat 1."""
        if target not in TARGETS:
            raise ChallengeRefused("A game is played to 300 (standard) or 500 (long) points.")
        now = self.clock()
        async with self.db.transaction() as conn:
            game = await store.active_game_between(conn, channel_id, player_id, computer_id)
            if game is not None:
                raise ChallengeRefused(
                    "You already have a game against me in progress here — finish that one first."
                )
            game_id = await store.insert_game(
                conn,
                guild_id=guild_id,
                channel_id=channel_id,
                player_ids=(player_id, computer_id),
                target=target,
                state=new_game(self.rng, target),
                now=now,
                computer_level=level,
            )
            row = await store.get_game(conn, game_id)
            assert row is not None
            for hook in self.move_hooks:
                await hook(conn, row)
        log.info("game %s started against the computer (%s)", game_id, level)
        return row

    async def computer_games(self) -> list[GameRow]:
        """Games against the computer in progress."""
        async with self.db.read() as conn:
            return await store.active_computer_games(conn)

    # --- games -------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow:
        async with self.db.read() as conn:
            game = await store.get_game(conn, game_id)
        if game is None:
            raise NoSuchGame("That game no longer exists.")
        return game

    async def games_of(self, guild_id: int, user_id: int) -> list[GameRow]:
        """The user's games in progress in this server, most recently active first."""
        async with self.db.read() as conn:
            return await store.active_games_of(conn, guild_id, user_id)

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        async with self.db.transaction() as conn:
            await store.set_thread(conn, game_id, thread_id)

    async def set_table_message(self, game_id: int, message_id: int) -> None:
        async with self.db.transaction() as conn:
            await store.set_table_message(conn, game_id, message_id, self.clock())

    async def act(self, game_id: int, user_id: int, choice: Choice, version: int | None) -> Moved:
        """Apply a player's choice, made on the state with ``version`` (None: the current one).

        Raises :class:`ServiceError` or the engine's ``IllegalAction``; either way nothing
        is written.
        """
        async with self.lock(game_id), self.db.transaction() as conn:
            game = await store.get_game(conn, game_id)
            if game is None:
                raise NoSuchGame("That game no longer exists.")
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotAPlayer("You are not playing in this game.")
            state = game.state
            if version is not None and version != game.version:
                raise StaleChoice("That is no longer available — here is your hand as it is now.")
            action = _action(state, seat, choice)
            return await self._commit(conn, game, action, seat, self.clock())

    # --- time-outs and aborts ----------------------------------------------------------

    async def time_out(self, game_id: int) -> Moved | None:
        """End a game whose deadline has passed: a loss on time for the player it waited for,
        or, when it waited for both, abandoned (see :func:`bot.deadlines.timeout_action`).

        The deadline is checked again inside the transaction, so a move that arrived first
        wins; None when there is nothing (any more) to end.
        """
        async with self.lock(game_id), self.db.transaction() as conn:
            game = await store.get_game(conn, game_id)
            clock = await clocks.get_clock(conn, game_id)
            now = self.clock()
            if game is None or game.status != "active" or clock is None:
                return None
            if clock.deadline_at is None or clock.deadline_at > now:
                return None
            action = timeout_action(game.state)
            if isinstance(action, TimeOut):
                seat = action.seat
                await clocks.record_event(conn, game_id, "timeout", game.player_ids[seat], now)
            else:
                seat = game.state.to_act[0] if game.state.to_act else 0
                await clocks.record_event(conn, game_id, "timeout_both", None, now)
            log.info("game %s ran out of time (%s)", game_id, action)
            return await self._commit(conn, game, action, seat, now)

    async def abort(
        self, game_id: int, *, guild_id: int, by_user_id: int, reason: str | None = None
    ) -> Moved:
        """A server manager stops a game: abandoned, without a winner, so unrated; recorded
        with who did it."""
        async with self.lock(game_id), self.db.transaction() as conn:
            game = await store.get_game(conn, game_id)
            if game is None or game.guild_id != guild_id:
                raise NoSuchGame(f"There is no game {game_id} in this server.")
            if game.status != "active":
                raise NoSuchGame(f"Game {game_id} is already over.")
            now = self.clock()
            await clocks.record_event(conn, game_id, "aborted", by_user_id, now, reason)
            log.info("game %s aborted by %s", game_id, by_user_id)
            waiting = game.state.to_act
            return await self._commit(conn, game, Abandon(), waiting[0] if waiting else 0, now)

    async def _commit(
        self, conn: aiosqlite.Connection, game: GameRow, action: Action, seat: int, now: float
    ) -> Moved:
        """Apply an action to a game read in this transaction, deal the next round when one is
        due, write the new state and run the hooks — all before the caller commits."""
        state = game.state
        new_state, events = apply(state, action)
        if new_state.phase is Phase.DEAL:
            new_state, more = deal_next(new_state, self.rng)
            events += more
        await store.save_state(conn, game.id, game.version, new_state, now)
        after = await store.get_game(conn, game.id)
        assert after is not None
        for hook in self.move_hooks:
            await hook(conn, after)
        if after.status == "finished":
            for hook in self.finish_hooks:
                await hook(conn, after)
        return Moved(after, state, seat, events)


def _action(state: GameState, seat: int, choice: Choice) -> Action:
    if isinstance(choice, Resignation):
        return Resign(seat)
    if isinstance(choice, TrumpChoice):
        return Bid(seat, choice.kind, choice.value)
    if choice.gift:
        return Gift(seat, choice.card)
    return Play(seat, choice.card)
