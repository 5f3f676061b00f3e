"""The play service: challenges and moves for every registered game. Load, check, apply, save.

Every accepted action is one transaction that re-reads the game, checks the version the player
saw, applies the game's rules, takes any chance step now due (the next deal), and writes the new
state — plus whatever is hooked on (the move clock, the ladder) — before committing. One
``asyncio.Lock`` per game in use keeps its actions in order (held weakly: dropped as soon as no
action holds or waits for it, so finished games leave none behind); the version check inside the
transaction makes a double click or an old button apply at most once.

The service knows games only through :class:`bot.games.GameRules`: adding a game needs no edit
here.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import time
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.clocks.policy import start_clock, timeout_action
from bot.errors import (
    BadRequest,
    Member,
    NotAllowed,
    NotFound,
    ServiceError,
    Stale,
    translatable,
)
from bot.games import GameRules, IllegalMove, rules_for
from bot.play.model import (
    ACCEPTED,
    ACTIVE,
    CANCELLED,
    DECLINED,
    EXPIRED,
    FINISHED,
    OPEN,
    Challenge,
    Game,
    Invite,
    Seat,
)
from bot.shards import EVERY, Shards
from bot.storage import Storage, Transaction, VersionConflict

log = logging.getLogger(__name__)

TOGETHER = translatable(
    "You already have a game in progress together here — finish that one first."
)
AGAINST_ME = translatable(
    "You already have a game against me in progress here — finish that one first."
)
ALREADY_CHALLENGED = translatable("There is already an open challenge between you here.")
ALREADY_OPEN = translatable("You already have an open table of this game here.")
"""Refusals met both by the service's own check and by the database's (a concurrent start)."""

CHALLENGE_TTL = 15 * 60.0
"""Seconds a challenge stays open."""
NO_CHALLENGE = -1
"""The challenge of a game started with its seats settled (an event's table): none to close,
refused as members' games are when the same members already play together."""


class ChallengeRefused(ServiceError):
    """A challenge that cannot be made, accepted, declined or cancelled."""


def alone(rules: GameRules, count: int) -> bool:
    """Whether every player of a ``count``-player game plays for themselves (no partners)."""
    return all(len(team) == 1 for team in rules.teams_for(min(count, rules.seat_range[1])))


def table_seats(
    rules: GameRules, named: Sequence[tuple[int, Invite]], count: int | None = None
) -> list[Invite | None]:
    """Seats 1… of a table of ``count`` players (None: as many as the members named need,
    at least the game's fewest), from the members named for seats (the seat of each
    :class:`~bot.games.Invitation`): in a game with partners each keeps the seat named for
    them (so who partners whom is as asked); without partners they sit side by side from seat
    1. The seats nobody was named for are open (None)."""
    low, high = rules.seat_range
    if count is None:  # the challenger and the members named, at least the fewest
        count = max(low, 1 + len(named))
        if not alone(rules, count):  # partners: as far as the farthest seat named
            count = max(count, 1 + max((seat for seat, _ in named), default=0))
    if not low <= count <= high:
        if low == high:
            raise BadRequest("{game} is played by {count} players.", game=rules.title, count=low)
        raise BadRequest(
            "{game} is played by {low} to {high} players.", game=rules.title, low=low, high=high
        )
    seats: list[Invite | None] = [None] * (count - 1)
    ordered = sorted(named, key=lambda pair: pair[0])
    if alone(rules, count):
        ordered = [(n, invite) for n, (_, invite) in enumerate(ordered, start=1)]
    for seat, invite in ordered:
        if seat >= count:
            raise BadRequest(
                "A table of {count} has room for {room} players besides you.",
                count=count,
                room=count - 1,
            )
        seats[seat - 1] = invite
    return seats


@dataclass(frozen=True, slots=True)
class Moved:
    """What an accepted action did."""

    game: Game
    """The game after the action (and after any chance step it made due)."""
    before: Any
    """The state before the action."""
    seat: int
    """The seat that acted (for a time-out, the seat whose time ran out)."""
    events: list[Any] = field(default_factory=list)
    """What happened, in the game's own vocabulary."""

    @property
    def turn_passed(self) -> bool:
        """Someone other than the mover is now to act and was not before."""
        before = set(self.game.rules.to_act(self.before))
        return any(s != self.seat and s not in before for s in self.game.to_act)


@dataclass(frozen=True, slots=True)
class Accepted:
    """An accepted invitation: the challenge as it stands, and the game once everyone is in."""

    challenge: Challenge
    game: Game | None


Hook = Callable[[Transaction, Game], Awaitable[None]]
"""Runs inside a transaction with the game as written: a move hook after the start of a game
and every accepted action (the move clock), a finish hook when it ends (the ladder)."""

Committed = Callable[[Moved], Awaitable[None]]
"""Runs once an action's transaction has committed, before the caller shows anyone the move."""


class GameService:
    """Challenges and games, on top of storage and the games' rules."""

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        challenge_ttl: float = CHALLENGE_TTL,
        shards: Shards = EVERY,
    ) -> None:
        self.storage = storage
        self.shards = shards
        """The servers whose background duties (challenge expiry, time-outs, the restart's
        resume) are this process's: see :mod:`bot.shards`."""
        self.clock = clock
        self.rng = rng or random.Random()
        self.challenge_ttl = challenge_ttl
        self.move_hooks: list[Hook] = []
        self.finish_hooks: list[Hook] = []
        self.committed_hooks: list[Committed] = []
        """Run after each accepted action commits and before it is announced: where a process
        that stops leaves a saved move with the table still showing the one before (tests
        stop the process here; a restart puts the table right, :mod:`cogs.ui.table`)."""
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that orders this game's actions (alive while an action holds or awaits
        it)."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # --- challenges --------------------------------------------------------------------

    async def challenge(
        self,
        *,
        kind: str,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        seats: Sequence[Invite | None],
        target: int | None = None,
        time_per_move: float | None = None,
        fill: str | None = None,
    ) -> Challenge:
        """Open a challenge for seats 1… (seat 0 is the challenger), or refuse it with a reason.

        A seat whose invite names a computer level is the bot's own and needs no answer; a
        None seat is open, for any member to join. ``fill`` (a computer level of the game, or
        None) fills the seats still open when the game starts. ``time_per_move`` (seconds;
        None: the server's default once accepted) also keeps the challenge open that long when
        it is longer than the usual challenge time.
        """
        rules = self._rules(kind)
        low, high = rules.seat_range
        if not low <= len(seats) + 1 <= high:
            if low == high:
                raise BadRequest(
                    "{game} is played by {count} players.", game=rules.title, count=low
                )
            raise BadRequest(
                "{game} is played by {low} to {high} players.", game=rules.title, low=low, high=high
            )
        named = [s for s in seats if s is not None]
        people = [challenger_id, *(s.user_id for s in named if s.computer is None)]
        if len(set(people)) != len(people):
            if challenger_id in people[1:]:
                raise ChallengeRefused("You can't challenge yourself — pick a friend.")
            raise ChallengeRefused("Each player can play only once in a game.")
        if fill is not None and fill not in rules.levels:
            if not rules.levels:
                raise ChallengeRefused(
                    "I can't play {game} myself. Challenge a person.", game=rules.title
                )
            raise BadRequest("The levels are {levels}.", levels=", ".join(rules.levels))
        target = rules.targets[0] if target is None else target
        self._check_target(rules, target)
        if time_per_move is not None and time_per_move <= 0:
            raise ChallengeRefused("The time per move must be more than nothing.")
        now = self.clock()
        open_for = max(self.challenge_ttl, time_per_move or 0.0)
        # Members only: a game against the bot's account elsewhere here does not count. A
        # table with open seats is checked when it starts, once its members are known.
        async with self.storage.transaction() as tx:
            full = all(s is not None for s in seats)
            if full and await tx.play.active_game_among(channel_id, kind, people) is not None:
                raise ChallengeRefused(TOGETHER)
            if await tx.play.open_challenge_among(channel_id, kind, people, now) is not None:
                raise ChallengeRefused(ALREADY_CHALLENGED if len(people) > 1 else ALREADY_OPEN)
            try:
                challenge_id = await tx.play.insert_challenge(
                    kind=kind,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    seats=[Invite(challenger_id, accepted=True), *seats],
                    target=target,
                    now=now,
                    expires_at=now + open_for,
                    time_per_move=time_per_move,
                    fill=fill,
                )
            except VersionConflict:  # made meanwhile, by another click or process
                raise ChallengeRefused(
                    ALREADY_CHALLENGED if len(people) > 1 else ALREADY_OPEN
                ) from None
            challenge = await tx.play.get_challenge(challenge_id)
        assert challenge is not None
        return challenge

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        async with self.storage.transaction() as tx:
            await tx.play.set_challenge_message(challenge_id, message_id)

    async def get_challenge(self, challenge_id: int) -> Challenge:
        async with self.storage.read() as tx:
            challenge = await tx.play.get_challenge(challenge_id)
        if challenge is None:
            raise ChallengeRefused("That challenge no longer exists.")
        return challenge

    async def accept(self, challenge_id: int, user_id: int) -> Accepted:
        """A named member accepts; when that was the last answer missing and every seat is
        taken, the game starts."""
        now = self.clock()
        async with self.storage.transaction() as tx:
            await tx.play.hold_challenge(challenge_id)
            challenge = await self._open_challenge(tx, challenge_id, now)
            seat = challenge.seat_of(user_id)
            if seat is None or seat == 0:
                invited = challenge.invited_ids
                if seat is None and challenge.open_seats:
                    raise NotAllowed("This table has open seats: press **Join** to take one.")
                if seat == 0 and challenge.is_table:
                    raise NotAllowed("You are already at this table: it is yours.")
                if len(invited) == 1:
                    raise NotAllowed(
                        "Only {invited} can accept this challenge.", invited=Member(invited[0])
                    )
                raise NotAllowed("Only the invited players can accept this challenge.")
            if not await tx.play.accept_invite(challenge_id, seat):
                raise ChallengeRefused("You have already accepted this challenge.")
            return await self._start_when_full(tx, challenge_id, now)

    async def join(self, challenge_id: int, user_id: int, team: int | None = None) -> Accepted:
        """A member takes an open seat (in ``team``, for a game with partners; None: the first
        open seat); when that was the last one and everyone has accepted, the game starts."""
        now = self.clock()
        async with self.storage.transaction() as tx:
            await tx.play.hold_challenge(challenge_id)
            challenge = await self._open_challenge(tx, challenge_id, now)
            if challenge.seat_of(user_id) is not None:
                raise ChallengeRefused("You are already at this table.")
            free = challenge.open_seats
            if not free:
                raise ChallengeRefused("This table is full — every seat is taken.")
            if team is not None:
                teams = challenge.teams
                if not 0 <= team < len(teams):
                    raise BadRequest("This table has no team {team}.", team=team + 1)
                free = tuple(s for s in free if s in teams[team])
                if not free:
                    raise ChallengeRefused(
                        "Team {team} is full — join the other team.", team=team + 1
                    )
            if not await tx.play.take_seat(challenge_id, free[0], user_id):
                raise ChallengeRefused("That seat was just taken — try again.")
            return await self._start_when_full(tx, challenge_id, now)

    async def leave(self, challenge_id: int, user_id: int) -> Challenge:
        """A member gets up from a table: their seat is open again. (The challenger cancels
        instead.)"""
        now = self.clock()
        async with self.storage.transaction() as tx:
            await tx.play.hold_challenge(challenge_id)
            challenge = await self._open_challenge(tx, challenge_id, now)
            seat = challenge.seat_of(user_id)
            if seat is None:
                raise ChallengeRefused("You are not at this table.")
            if seat == 0:
                raise NotAllowed("This is your table: press **Cancel** to call it off.")
            await tx.play.free_seat(challenge_id, seat)
            left = await tx.play.get_challenge(challenge_id)
        assert left is not None
        return left

    async def start_table(self, challenge_id: int, user_id: int, computer_id: int) -> Accepted:
        """The challenger starts the game with the members seated: the seats still open are
        the computer's (``computer_id``, the bot's own account) at the table's fill level,
        or, without one, left out."""
        now = self.clock()
        async with self.storage.transaction() as tx:
            await tx.play.hold_challenge(challenge_id)
            challenge = await self._open_challenge(tx, challenge_id, now)
            if challenge.seat_of(user_id) != 0:
                raise NotAllowed(
                    "Only {challenger} can start this table.",
                    challenger=Member(challenge.challenger_id),
                )
            low = challenge.rules.seat_range[0]
            if challenge.players_at_start() < low:
                raise ChallengeRefused(
                    "{game} needs at least {count} players: wait for more to join.",
                    game=challenge.rules.title,
                    count=low,
                )
            if challenge.waiting_for:
                raise ChallengeRefused(
                    "Not everyone has accepted yet: waiting for {waiting}.",
                    waiting=Member(challenge.waiting_for[0]),
                )
            return await self._begin(tx, challenge, now, computer_id)

    async def cancel(self, challenge_id: int, user_id: int) -> Challenge:
        """The challenger calls the challenge off."""
        now = self.clock()
        async with self.storage.transaction() as tx:
            await tx.play.hold_challenge(challenge_id)
            challenge = await self._open_challenge(tx, challenge_id, now)
            if challenge.seat_of(user_id) != 0:
                raise NotAllowed(
                    "Only {challenger} can call this off.",
                    challenger=Member(challenge.challenger_id),
                )
            await tx.play.close_challenge(challenge_id, CANCELLED)
            closed = await tx.play.get_challenge(challenge_id)
        assert closed is not None
        return closed

    async def _start_when_full(self, tx: Transaction, challenge_id: int, now: float) -> Accepted:
        """After an answer: the game starts once every seat is taken and accepted."""
        challenge = await tx.play.get_challenge(challenge_id)
        assert challenge is not None
        if challenge.waiting_for or challenge.open_seats:
            return Accepted(challenge, None)
        return await self._begin(tx, challenge, now, None)

    async def _begin(
        self, tx: Transaction, challenge: Challenge, now: float, computer_id: int | None
    ) -> Accepted:
        """Start the game of a challenge: its seats in order, the open ones filled by the
        computer (with a fill level and ``computer_id``) or left out."""
        game = await self._start(
            tx,
            kind=challenge.kind,
            guild_id=challenge.guild_id,
            channel_id=challenge.channel_id,
            seats=challenge.seats_at_start(computer_id),
            target=challenge.target,
            now=now,
            challenge_id=challenge.id,
        )
        closed = await tx.play.get_challenge(challenge.id)
        assert closed is not None
        log.info("game %s (%s) started from challenge %s", game.id, game.kind, challenge.id)
        return Accepted(closed, game)

    async def decline(self, challenge_id: int, user_id: int) -> Challenge:
        """A named member declines (at an open table their seat opens again, else the
        challenge closes), or the challenger withdraws."""
        now = self.clock()
        async with self.storage.transaction() as tx:
            await tx.play.hold_challenge(challenge_id)
            challenge = await self._open_challenge(tx, challenge_id, now)
            seat = challenge.seat_of(user_id)
            if seat is None:
                raise NotAllowed("This challenge is between other players.")
            if seat != 0 and challenge.is_table:
                await tx.play.free_seat(challenge_id, seat)
            else:
                await tx.play.close_challenge(challenge_id, CANCELLED if seat == 0 else DECLINED)
            closed = await tx.play.get_challenge(challenge_id)
        assert closed is not None
        return closed

    async def expire_challenges(self) -> list[Challenge]:
        """Close every open challenge of this process's servers whose time has run out; return
        them as closed. Each closes once even when two processes sweep at the same time: the
        claim keeps them from acting together, and one that comes after the other committed
        finds the challenge no longer open."""
        now = self.clock()
        async with self.storage.transaction() as tx:
            closed = []
            for challenge in await tx.play.due_challenges(now, self.shards):
                if not await tx.claim(f"challenge-expiry:{challenge.id}"):
                    continue  # another process is closing it
                if await tx.play.close_challenge(challenge.id, EXPIRED):
                    found = await tx.play.get_challenge(challenge.id)
                    assert found is not None
                    closed.append(found)
        return closed

    async def _open_challenge(self, tx: Transaction, challenge_id: int, now: float) -> Challenge:
        challenge = await tx.play.get_challenge(challenge_id)
        if challenge is None:
            raise ChallengeRefused("That challenge no longer exists.")
        if challenge.status == OPEN and challenge.expires_at <= now:
            # The expiry sweep closes it and takes its buttons away.
            raise ChallengeRefused("This challenge has expired.")
        if challenge.status != OPEN:
            raise ChallengeRefused(
                "This challenge is no longer open (it was {status}).", status=challenge.status
            )
        return challenge

    async def start_computer_game(
        self,
        *,
        kind: str,
        guild_id: int,
        channel_id: int,
        player_id: int,
        computer_id: int,
        level: str,
        target: int | None = None,
        seed: int | None = None,
    ) -> Game:
        """A game between one member (seat 0) and the computer in every other seat; with a
        ``seed``, its first deal is that seed's (the guided game's friendly deal)."""
        rules = self._rules(kind)
        if level not in rules.levels:
            raise BadRequest("The levels are {levels}.", levels=", ".join(rules.levels))
        target = rules.targets[0] if target is None else target
        self._check_target(rules, target)
        now = self.clock()
        async with self.storage.transaction() as tx:
            if await tx.play.active_game_among(channel_id, kind, [player_id]):
                raise ChallengeRefused(AGAINST_ME)
            # The fewest players the game allows: the member and as few computers as it takes.
            count = max(rules.seat_range[0], 2)
            seats = [Seat(player_id), *(Seat(computer_id, level) for _ in range(count - 1))]
            game = await self._start(
                tx,
                kind=kind,
                guild_id=guild_id,
                channel_id=channel_id,
                seats=seats,
                target=target,
                now=now,
                rng=None if seed is None else random.Random(seed),
            )
        log.info("game %s (%s) started against the computer (%s)", game.id, kind, level)
        return game

    async def start_game(
        self,
        tx: Transaction,
        *,
        kind: str,
        guild_id: int,
        channel_id: int,
        seats: Sequence[Seat],
        target: int,
        time_per_move: float,
    ) -> Game:
        """Start a game whose seats are already settled (an event's table), in the caller's
        transaction, with its own time per move. Refused like a challenge when these members
        already play this game together in the channel."""
        now = self.clock()
        game = await self._start(
            tx, kind=kind, guild_id=guild_id, channel_id=channel_id, seats=seats,
            target=target, now=now, challenge_id=NO_CHALLENGE,
        )  # fmt: skip
        if game.is_active:
            await tx.clocks.put_clock(
                game.id, start_clock(time_per_move, now, game.to_act, len(game.seats))
            )
        return game

    async def _start(
        self,
        tx: Transaction,
        *,
        kind: str,
        guild_id: int,
        channel_id: int,
        seats: Sequence[Seat],
        target: int,
        now: float,
        challenge_id: int | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        """Create the game (and close the challenge it comes from, before the hooks: the clock
        takes its time per move from it)."""
        rules = rules_for(kind)
        state = rules.new_game(rng or self.rng, target, len(seats))
        try:
            game_id = await tx.play.insert_game(
                kind=kind,
                guild_id=guild_id,
                channel_id=channel_id,
                seats=seats,
                target=target,
                version=rules.version(state),
                state=rules.dumps(state),
                now=now,
            )
        except VersionConflict:  # a game these players started meanwhile
            raise ChallengeRefused(TOGETHER if challenge_id else AGAINST_ME) from None
        if (
            challenge_id is not None
            and challenge_id > 0
            and not await tx.play.close_challenge(challenge_id, ACCEPTED, game_id)
        ):
            raise ChallengeRefused("This challenge is no longer open.")
        game = await tx.play.get_game(game_id)
        assert game is not None
        for hook in self.move_hooks:
            await hook(tx, game)
        return game

    def _rules(self, kind: str) -> GameRules:
        try:
            return rules_for(kind)
        except KeyError:
            raise BadRequest("There is no game called {kind} here.", kind=kind) from None

    @staticmethod
    def _check_target(rules: GameRules, target: int) -> None:
        if target not in rules.targets:
            points = " or ".join(str(t) for t in rules.targets)
            raise ChallengeRefused(
                "A game of {game} is played to {points} points.", game=rules.title, points=points
            )

    # --- games -------------------------------------------------------------------------

    async def game(self, game_id: int) -> Game:
        async with self.storage.read() as tx:
            game = await tx.play.get_game(game_id)
        if game is None:
            raise NotFound("That game no longer exists.")
        return game

    async def finished_game(self, guild_id: int, game_id: int) -> Game:
        """A finished game of this server (for its record or replay); anything else is
        refused."""
        async with self.storage.read() as tx:
            game = await tx.play.get_game(game_id)
        if game is None or game.guild_id != guild_id:
            raise NotFound("That game isn't one of this server's.")
        if game.status != FINISHED:
            raise NotFound("That game is still being played; its record comes when it ends.")
        return game

    async def games_of(self, guild_id: int, user_id: int) -> list[Game]:
        """The member's games in progress in this server, most recently active first."""
        async with self.storage.read() as tx:
            return await tx.play.active_games_of(guild_id, user_id)

    async def active_games(self) -> list[Game]:
        """Every game in progress in this process's servers (to check their tables after a
        restart)."""
        async with self.storage.read() as tx:
            return await tx.play.active_games(self.shards)

    async def computer_games(self) -> list[Game]:
        """Games in progress with a computer seat, in this process's servers (to finish the
        computer's turns a restart interrupted)."""
        async with self.storage.read() as tx:
            return await tx.play.active_computer_games(self.shards)

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        async with self.storage.transaction() as tx:
            await tx.play.set_thread(game_id, thread_id)

    async def set_table_message(self, game_id: int, message_id: int, version: int) -> int | None:
        """Record a table message showing the game at ``version``; the message to remove, if
        any (see :meth:`bot.play.store.PlayStore.set_table_message`)."""
        async with self.storage.transaction() as tx:
            return await tx.play.set_table_message(game_id, message_id, self.clock(), version)

    async def act(self, game_id: int, user_id: int, move: str, version: int | None) -> Moved:
        """Apply a member's move, written as its game's ``action_text``, made on the state
        with ``version`` (None: the current one). Raises :class:`ServiceError` or
        :class:`IllegalMove`; either way nothing is written."""
        return await self._player_action(
            game_id, user_id, version, lambda rules, state, seat: rules.parse_action(seat, move)
        )

    async def play(self, game_id: int, seat: int, action: Any, version: int) -> Moved:
        """Apply an action already in the game's vocabulary for ``seat`` (a computer seat's
        choice), made on the state with ``version``."""
        async with self.lock(game_id), self.storage.transaction() as tx:
            game = await self._active(tx, game_id)
            if version != game.version:
                raise Stale("The game moved on meanwhile.")
            moved = await self._commit(tx, game, action, seat, self.clock())
        return await self._committed(moved)

    async def resign(self, game_id: int, user_id: int, version: int | None) -> Moved:
        """A member gives up (their team loses)."""
        return await self._player_action(
            game_id, user_id, version, lambda rules, state, seat: rules.resign(state, seat)
        )

    async def _player_action(
        self,
        game_id: int,
        user_id: int,
        version: int | None,
        build: Callable[[GameRules, Any, int], Any],
    ) -> Moved:
        async with self.lock(game_id), self.storage.transaction() as tx:
            game = await tx.play.get_game(game_id)
            if game is None:
                raise NotFound("That game no longer exists.")
            seat = game.seat_of(user_id)
            if seat is None:
                raise NotAllowed("You are not playing in this game.")
            if game.status != ACTIVE:
                raise Stale("This game is over.")
            if version is not None and version != game.version:
                raise Stale("That is no longer available — here is your hand as it is now.")
            action = build(game.rules, game.state, seat)
            moved = await self._commit(tx, game, action, seat, self.clock())
        return await self._committed(moved)

    # --- time-outs and aborts ----------------------------------------------------------

    async def time_out(self, game_id: int, version: int, *, now_due: bool = False) -> Moved | None:
        """End a game whose deadline passed while it stood at ``version`` (as the scheduler
        read it): a loss on time for the one player it waited for or, when it waited for
        several, abandoned.

        Once, whatever else runs: the game's version and deadline are checked again inside the
        transaction, after claiming this deadline (another process overlapping during a
        rollout does not act at the same time), so a move that arrived first wins and a
        second time-out finds nothing to do. None when there is nothing (any more) to end.
        ``now_due``: the deadline is now, whatever the clock says (an event's round deadline).
        """
        try:
            async with self.lock(game_id), self.storage.transaction() as tx:
                if not await tx.claim(f"deadline:{game_id}:{version}"):
                    return None  # another process is ending it
                game = await tx.play.get_game(game_id)
                clock = await tx.clocks.get_clock(game_id)
                now = self.clock()
                if game is None or game.status != ACTIVE or game.version != version:
                    return None
                deadline = None if clock is None else clock.deadline_at
                if not now_due and (deadline is None or deadline > now):
                    return None
                up = timeout_action(game)
                loser = None if up.seat is None else game.player_ids[up.seat]
                await tx.clocks.record_event(game_id, up.event, loser, now)
                log.info("game %s ran out of time (%s)", game_id, up.action)
                seat = up.seat if up.seat is not None else (game.to_act or (0,))[0]
                moved = await self._commit(tx, game, up.action, seat, now)
        except Stale:
            return None  # written by another process between our read and our write
        return await self._committed(moved)

    async def abort(
        self, game_id: int, *, guild_id: int, by_user_id: int, reason: str | None = None
    ) -> Moved:
        """A server manager stops a game: abandoned, without a winner, so unrated; recorded
        with who did it."""
        async with self.lock(game_id), self.storage.transaction() as tx:
            game = await tx.play.get_game(game_id)
            if game is None or game.guild_id != guild_id:
                raise NotFound("There is no game {game} in this server.", game=game_id)
            if game.status != ACTIVE:
                raise NotFound("Game {game} is already over.", game=game_id)
            now = self.clock()
            await tx.clocks.record_event(game_id, "aborted", by_user_id, now, reason)
            log.info("game %s aborted by %s", game_id, by_user_id)
            waiting = game.to_act
            action = game.rules.abandon(game.state)
            moved = await self._commit(tx, game, action, waiting[0] if waiting else 0, now)
        return await self._committed(moved)

    # --- the one way a state changes ---------------------------------------------------

    async def _committed(self, moved: Moved) -> Moved:
        for hook in self.committed_hooks:
            await hook(moved)
        return moved

    async def _active(self, tx: Transaction, game_id: int) -> Game:
        game = await tx.play.get_game(game_id)
        if game is None:
            raise NotFound("That game no longer exists.")
        if game.status != ACTIVE:
            raise Stale("This game is over.")
        return game

    async def _commit(
        self, tx: Transaction, game: Game, action: Any, seat: int, now: float
    ) -> Moved:
        """Apply an action to a game read in this transaction, take any chance step now due,
        write the new state and run the hooks — all before the caller commits."""
        rules = game.rules
        state, events = rules.apply(game.state, action)
        state, more = rules.settle(state, self.rng)
        events = [*events, *more]
        outcome = rules.outcome(state)
        # The game as written, built here rather than read back (and its state parsed again).
        after = dataclasses.replace(
            game,
            version=rules.version(state),
            state=state,
            status=ACTIVE if outcome is None else FINISHED,
            result=None if outcome is None else outcome.ending,
            winner=None if outcome is None else outcome.winner,
            updated_at=now,
            finished_at=None if outcome is None else now,
        )
        try:
            await tx.play.save_state(
                game.id,
                expected_version=game.version,
                version=after.version,
                state=rules.dumps(state),
                status=after.status,
                result=after.result,
                winner=after.winner,
                now=now,
                parsed=state,
            )
        except VersionConflict as error:
            raise Stale("The game moved on meanwhile.") from error
        for hook in self.move_hooks:
            await hook(tx, after)
        if after.status == FINISHED:
            for hook in self.finish_hooks:
                await hook(tx, after)
        return Moved(after, game.state, seat, events)


__all__ = [
    "CHALLENGE_TTL",
    "Accepted",
    "ChallengeRefused",
    "Committed",
    "GameService",
    "Hook",
    "IllegalMove",
    "Moved",
    "table_seats",
]
