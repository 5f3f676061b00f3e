"""The event service: sign-up, rounds, results and the organiser's corrections.

Every change is one transaction under the event's lock; rounds are paired from what is stored
(the pure :mod:`bot.events.pairing`), so a restart, or another process, picks up where the last
one stopped. A table's game is a normal game started through the game service in the same
transaction as its row, and its result reaches the event through a finish hook
(:func:`record_table`) in the transaction that ends the game. The next round is started by
:meth:`EventService.advance`, which the Discord glue calls after a game ends and from its
scheduler (for round deadlines, start times, and anything a restart interrupted); it claims
``event:{id}:{round}`` so two processes never start a round twice.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.errors import BadRequest, Member, NotAllowed, NotFound, ServiceError
from bot.events.model import FORMATS, KNOCKOUT, ROUND_ROBIN, SWISS
from bot.events.pairing import (
    History,
    PairingError,
    Round,
    knockout,
    knockout_rounds,
    knockout_winner,
    round_robin,
    round_robin_rounds,
    swiss,
)
from bot.events.records import (
    ALONE,
    BYE,
    CANCELLED,
    DONE,
    FINISHED,
    FIXED,
    PLAYING,
    ROTATING,
    RUNNING,
    SIGNUP,
    AuditLine,
    Event,
    EventTable,
)
from bot.events.standings import Line, standings
from bot.games import GameRules, rules_for
from bot.games.base import default_level, team_of
from bot.play.model import Game, Seat
from bot.play.service import GameService, Moved, alone
from bot.shards import EVERY, Shards
from bot.storage import Storage, Transaction

log = logging.getLogger(__name__)

MAX_ROUNDS = 20
MAX_ENTRANTS = 64
ROUND_MOVES = 10
"""A round's deadline is this many times the time per move after it starts (at least
:data:`MIN_ROUND`): time for a game's worth of slow moves, after which what is still playing
is settled by the game's time-out rule."""
MIN_ROUND = 3600.0

REMOVED = "removed"
REPLACED = "replaced"
CANCEL = "cancelled"
STARTED = "started"


class EventRefused(ServiceError):
    """Something about an event that cannot be done now."""


@dataclass(frozen=True, slots=True)
class Advanced:
    """What :meth:`EventService.advance` did."""

    event: Event
    started: list[Game] = field(default_factory=list)
    """The games of a round that began."""
    timed_out: list[Moved] = field(default_factory=list)
    """Games settled at the round's deadline (to be shown like any time-out)."""
    round_started: int | None = None
    finished: bool = False


def units_per_table(rules: GameRules, seats: int, partners: str) -> int:
    """Entrants a table seats: a fixed partnership's table seats its teams."""
    if partners == FIXED:
        return len(rules.teams_for(seats))
    return seats


class EventService:
    """Events on top of storage and the game service."""

    def __init__(
        self,
        storage: Storage,
        games: GameService,
        *,
        clock: Callable[[], float] = time.time,
        shards: Shards = EVERY,
    ) -> None:
        self.storage = storage
        self.games = games
        self.clock = clock
        self.shards = shards

    # --- the permission -------------------------------------------------------------------

    async def permission(self, guild_id: int) -> str | None:
        """The Discord permission (by name) a member needs to run events; None: the default
        (Manage Server)."""
        async with self.storage.read() as tx:
            return await tx.events.permission(guild_id)

    async def set_permission(self, guild_id: int, permission: str, by_user_id: int) -> None:
        async with self.storage.transaction() as tx:
            await tx.events.put_permission(guild_id, permission)
        log.info("event permission of %s set to %s by %s", guild_id, permission, by_user_id)

    # --- sign-up ----------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        kind: str,
        format: str,
        rounds: int | None,
        time_per_move: float,
        seats: int | None = None,
        partners: str | None = None,
        starts_in: float | None = None,
    ) -> Event:
        """Open an event's sign-up, or refuse it with a reason."""
        try:
            rules = rules_for(kind)
        except KeyError:
            raise BadRequest("There is no game called {kind} here.", kind=kind) from None
        if format not in FORMATS:
            raise BadRequest("The formats are {formats}.", formats=", ".join(FORMATS))
        low, high = rules.seat_range
        seats = low if seats is None else seats
        if not low <= seats <= high:
            if low == high:
                raise BadRequest(
                    "{game} is played by {count} players.", game=rules.title, count=low
                )
            raise BadRequest(
                "{game} is played by {low} to {high} players.", game=rules.title, low=low, high=high
            )
        partnered = not alone(rules, seats)
        if not partnered:
            partners = ALONE
        elif partners is None:
            partners = FIXED
        elif partners not in (FIXED, ROTATING):
            raise BadRequest("Partnerships are fixed or rotating.")
        if partners == FIXED and any(len(t) != 2 for t in rules.teams_for(seats)):
            raise BadRequest("Fixed partnerships need teams of two.")
        per_table = units_per_table(rules, seats, partners)
        if format in (ROUND_ROBIN, KNOCKOUT) and per_table != 2:
            raise BadRequest(
                "A round robin or a knockout needs two sides a table: choose a Swiss for "
                "tables of {count}.",
                count=per_table,
            )
        if format == SWISS:
            if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
                raise BadRequest("A Swiss has 1 to {most} rounds.", most=MAX_ROUNDS)
        elif rounds is not None:
            raise BadRequest("Only a Swiss takes a number of rounds: the others play them all.")
        if time_per_move <= 0:
            raise BadRequest("The time per move must be more than nothing.")
        if starts_in is not None and starts_in <= 0:
            raise BadRequest("The start must be in the future.")
        now = self.clock()
        async with self.storage.transaction() as tx:
            event_id = await tx.events.insert_event(
                guild_id=guild_id,
                channel_id=channel_id,
                organiser_id=organiser_id,
                kind=kind,
                format=format,
                rounds=rounds or 0,
                time_per_move=time_per_move,
                seats=seats,
                partners=partners,
                target=rules.targets[0],
                starts_at=None if starts_in is None else now + starts_in,
                now=now,
            )
            event = await tx.events.get_event(event_id)
        assert event is not None
        log.info("event %s (%s, %s) opened by %s", event_id, kind, format, organiser_id)
        return event

    async def set_message(self, event_id: int, message_id: int) -> None:
        async with self.storage.transaction() as tx:
            await tx.events.set_message(event_id, message_id)

    async def event(self, event_id: int, guild_id: int | None = None) -> Event:
        async with self.storage.read() as tx:
            event = await tx.events.get_event(event_id)
        if event is None or (guild_id is not None and event.guild_id != guild_id):
            raise NotFound("There is no event {event} in this server.", event=event_id)
        return event

    async def events_of(self, guild_id: int) -> list[Event]:
        """The server's events in sign-up or under way, oldest first."""
        async with self.storage.read() as tx:
            ids = await tx.events.open_events(guild_id)
            found = [await tx.events.get_event(i) for i in ids]
        return [e for e in found if e is not None]

    async def latest(self, guild_id: int) -> Event | None:
        """The server's newest event."""
        async with self.storage.read() as tx:
            ids = await tx.events.latest_events(guild_id, 1)
            return await tx.events.get_event(ids[0]) if ids else None

    async def audit(self, event_id: int) -> list[AuditLine]:
        async with self.storage.read() as tx:
            return await tx.events.audit(event_id)

    async def join(self, event_id: int, user_id: int) -> Event:
        async with self.storage.transaction() as tx:
            event = await self._signup(tx, event_id)
            if event.unit_of(user_id) is not None:
                raise EventRefused("You are already signed up.")
            if len(event.entrants) >= MAX_ENTRANTS:
                raise EventRefused("The event is full ({count} players).", count=MAX_ENTRANTS)
            await tx.events.add_entrant(event_id, user_id)
            joined = await tx.events.get_event(event_id)
        assert joined is not None
        return joined

    async def leave(self, event_id: int, user_id: int) -> Event:
        async with self.storage.transaction() as tx:
            event = await self._signup(tx, event_id)
            entrant = next((e for e in event.entrants if e.user_id == user_id), None)
            if entrant is None:
                raise EventRefused("You are not signed up.")
            await tx.events.drop_entrant(event_id, user_id, entrant.position)
            left = await tx.events.get_event(event_id)
        assert left is not None
        return left

    async def _signup(self, tx: Transaction, event_id: int) -> Event:
        await tx.events.hold_event(event_id)
        event = await tx.events.get_event(event_id)
        if event is None:
            raise NotFound("That event no longer exists.")
        if event.status != SIGNUP:
            raise EventRefused("The sign-up of this event is closed.")
        return event

    # --- starting and rounds ----------------------------------------------------------------

    async def start(self, event_id: int, user_id: int | None, computer_id: int) -> Advanced:
        """Close the sign-up and start round 1 (``user_id``: the organiser pressing *Start*;
        None: the start time came)."""
        async with self.storage.transaction() as tx:
            event = await self._signup(tx, event_id)
            if user_id is not None and user_id != event.organiser_id:
                raise NotAllowed(
                    "Only {organiser} can start this event.", organiser=Member(event.organiser_id)
                )
            return await self._begin(tx, event, computer_id)

    async def _begin(self, tx: Transaction, event: Event, computer_id: int) -> Advanced:
        rules = rules_for(event.kind)
        per_table = units_per_table(rules, event.seats, event.partners)
        count = len(event.entrants)
        if event.partners == FIXED and count % 2:
            raise EventRefused(
                "Fixed partnerships need an even number of players: {count} signed up.",
                count=count,
            )
        units = count // event.unit_size
        if units < max(per_table, 2):
            raise EventRefused(
                "At least {count} are needed to start: wait for more to sign up.",
                count=max(per_table, 2) * event.unit_size,
            )
        ratings: dict[int, int] = {}
        for entrant in event.entrants:
            totals = await tx.ladder.totals(event.guild_id, event.kind, entrant.user_id)
            rating = 0 if totals is None else totals.rating.shown
            ratings[entrant.user_id] = rating
            await tx.events.set_rating(event.id, entrant.user_id, rating)

        def strength(unit: int) -> float:
            return sum(ratings[e.user_id] for e in event.members_of(unit)) / event.unit_size

        seeds = sorted(range(units), key=lambda u: (-strength(u), u))
        if event.format == ROUND_ROBIN:
            planned = round_robin_rounds(seeds)
        elif event.format == KNOCKOUT:
            planned = knockout_rounds(units)
        else:
            planned = event.rounds or max(1, math.ceil(math.log2(units)))
        await tx.events.start_event(event.id, seeds, planned)
        await tx.events.log(event.id, self.clock(), event.organiser_id, STARTED, None)
        started = await tx.events.get_event(event.id)
        assert started is not None
        log.info("event %s started: %d entrants, %d rounds", event.id, units, planned)
        return await self._next_round(tx, started, computer_id)

    async def advance(
        self, event_id: int, computer_id: int, *, settled_once: bool = False
    ) -> Advanced | None:
        """Whatever is due for the event: its start at the start time; the round's deadline
        (games still playing settled by the time-out rule); the next round once every table
        of this one has ended; the end. None when nothing is due. (``settled_once``: the
        deadline's games were just settled; one that could not be is left to the next run.)"""
        now = self.clock()
        overdue: list[int] = []
        async with self.storage.transaction() as tx:
            await tx.events.hold_event(event_id)
            event = await tx.events.get_event(event_id)
            if event is None:
                return None
            if not await tx.claim(f"event:{event_id}:{event.round}"):
                return None  # another process is at it
            if event.status == SIGNUP:
                if event.starts_at is None or event.starts_at > now:
                    return None
                try:
                    return await self._begin(tx, event, computer_id)
                except EventRefused as refusal:  # too few came: the event is called off
                    log.info("event %s could not start: %s", event_id, refusal)
                    await tx.events.close_event(event_id, CANCELLED, now)
                    closed = await tx.events.get_event(event_id)
                    assert closed is not None
                    return Advanced(closed)
            if event.status != RUNNING:
                return None
            playing = [t for t in event.round_tables(event.round) if t.status == PLAYING]
            if not playing:
                return await self._next_round(tx, event, computer_id)
            if event.round_deadline is None or event.round_deadline > now or settled_once:
                return None
            overdue = [t.game_id for t in playing if t.game_id is not None]
        settled: list[Moved] = []
        for game_id in overdue:
            game = await self.games.game(game_id)
            if game.is_active:
                moved = await self.games.time_out(game_id, game.version, now_due=True)
                if moved is not None:
                    settled.append(moved)
        after = await self.advance(event_id, computer_id, settled_once=True)
        if after is None:
            return Advanced(await self.event(event_id), timed_out=settled)
        return Advanced(
            after.event,
            after.started,
            settled + after.timed_out,
            after.round_started,
            after.finished,
        )

    async def _next_round(self, tx: Transaction, event: Event, computer_id: int) -> Advanced:
        """Pair and start the round after ``event.round``, or end the event after its last."""
        now = self.clock()
        number = event.round + 1
        pairing = None if number > event.rounds else self._pair(event, number)
        if pairing is None or not pairing.tables:
            await tx.events.close_event(event.id, FINISHED, now)
            await tx.events.set_round(event.id, event.round, None, event.round)
            done = await tx.events.get_event(event.id)
            assert done is not None
            log.info("event %s finished after round %s", event.id, event.round)
            return Advanced(done, finished=True)
        rules = rules_for(event.kind)
        started: list[Game] = []
        for index, units in enumerate(pairing.tables, start=1):
            players, sides, seats = self._seating(event, rules, units, computer_id)
            game = await self.games.start_game(
                tx,
                kind=event.kind,
                guild_id=event.guild_id,
                channel_id=event.channel_id,
                seats=seats,
                target=event.target,
                time_per_move=event.time_per_move,
            )
            await tx.events.insert_table(
                event.id, EventTable(number, index, game.id, units, sides, players, None, PLAYING)
            )
            started.append(game)
        for offset, unit in enumerate(pairing.byes, start=len(pairing.tables) + 1):
            await tx.events.insert_table(
                event.id, EventTable(number, offset, None, (unit,), (0,), (), None, BYE)
            )
        deadline = now + max(MIN_ROUND, ROUND_MOVES * event.time_per_move)
        if not await tx.events.set_round(event.id, number, deadline, event.round):
            raise EventRefused("This round has already started.")
        log.info("event %s: round %s started, %d tables", event.id, number, len(started))
        after = await tx.events.get_event(event.id)
        assert after is not None
        return Advanced(after, started, round_started=number)

    def _pair(self, event: Event, number: int) -> Round | None:
        """Round ``number``'s pairing; None when no table can be made (the event is over)."""
        rules = rules_for(event.kind)
        per_table = units_per_table(rules, event.seats, event.partners)
        out = event.out()
        results, byes = event.results(), event.byes()
        try:
            if event.format == SWISS:
                ranked = [line.unit for line in self.standings(event) if line.unit not in out]
                if len(ranked) < per_table:
                    return None
                return swiss(ranked, History.of(results, byes), per_table)
            if event.format == ROUND_ROBIN:
                planned = round_robin(event.units, number)
                tables = [t for t in planned.tables if not out.intersection(t)]
                # a removed entrant's opponent has the round off, scored as a bye
                freed = [
                    u for t in planned.tables if out.intersection(t) for u in t if u not in out
                ]
                return Round(tuple(tables), (*planned.byes, *freed))
            assert event.seeds is not None
            if knockout_winner(event.seeds, results, out) is not None:
                return None
            return knockout(event.seeds, results, number, out)
        except PairingError:
            return None

    def _seating(
        self, event: Event, rules: GameRules, units: Sequence[int], computer_id: int
    ) -> tuple[tuple[int, ...], tuple[int, ...], list[Seat]]:
        """The members of a table in seat order, each unit's side, and the game's seats (a
        replaced member's seat played by the computer)."""
        players: list[int] = [0] * event.seats
        if event.partners == FIXED:
            for side, unit in enumerate(units):
                team = rules.teams_for(event.seats)[side]
                for seat, entrant in zip(team, event.members_of(unit), strict=True):
                    players[seat] = entrant.user_id
            sides = tuple(range(len(units)))
        else:
            for seat, unit in enumerate(units):
                players[seat] = event.members_of(unit)[0].user_id
            sides = tuple(team_of(rules, seat, event.seats) for seat in range(len(units)))
        computer = {e.user_id: e.computer for e in event.entrants}
        seats = []
        for user_id in players:
            level = computer[user_id]
            if level is not None and rules.levels:
                seats.append(Seat(computer_id, level))
            else:
                seats.append(Seat(user_id))
        return tuple(players), sides, seats

    # --- results ----------------------------------------------------------------------------

    def standings(self, event: Event) -> list[Line]:
        return standings(list(event.units), event.results(), event.byes())

    async def due(self) -> list[int]:
        """The events of this process's servers with something due now."""
        async with self.storage.read() as tx:
            return await tx.events.due_events(self.clock(), self.shards)

    async def event_of_game(self, game_id: int) -> int | None:
        async with self.storage.read() as tx:
            found = await tx.events.table_of_game(game_id)
        return None if found is None else found[0]

    # --- the organiser's corrections --------------------------------------------------------

    async def remove(self, event_id: int, guild_id: int, by_user_id: int, user_id: int) -> Event:
        """Take a member out of the event: no further tables; a game they are playing is
        resigned for them (their team loses it)."""
        playing: int | None = None
        async with self.storage.transaction() as tx:
            event = await self._organised(tx, event_id, guild_id, by_user_id)
            entrant = next((e for e in event.entrants if e.user_id == user_id), None)
            if entrant is None or entrant.removed:
                raise EventRefused("{member} is not playing in this event.", member=Member(user_id))
            if event.status == SIGNUP:
                await tx.events.drop_entrant(event_id, user_id, entrant.position)
            else:
                await tx.events.remove_entrant(event_id, user_id)
                for table in event.round_tables(event.round):
                    if table.status == PLAYING and user_id in table.players:
                        playing = table.game_id
            await tx.events.log(event_id, self.clock(), by_user_id, REMOVED, user_id)
        log.info("event %s: %s removed by %s", event_id, user_id, by_user_id)
        if playing is not None:
            game = await self.games.game(playing)
            if game.is_active and game.seat_of(user_id) is not None:
                await self.games.resign(playing, user_id, None)
        return await self.event(event_id)

    async def replace(self, event_id: int, guild_id: int, by_user_id: int, user_id: int) -> Event:
        """The computer (at the game's middle level) plays a member's tables from the next one
        on; they keep their place and score."""
        async with self.storage.transaction() as tx:
            event = await self._organised(tx, event_id, guild_id, by_user_id)
            rules = rules_for(event.kind)
            if not rules.levels:
                raise EventRefused("I can't play {game} myself.", game=rules.title)
            entrant = next((e for e in event.entrants if e.user_id == user_id), None)
            if entrant is None or entrant.removed:
                raise EventRefused("{member} is not playing in this event.", member=Member(user_id))
            if entrant.computer is not None:
                raise EventRefused(
                    "The computer already plays for {member}.", member=Member(user_id)
                )
            await tx.events.replace_entrant(event_id, user_id, default_level(rules))
            await tx.events.log(event_id, self.clock(), by_user_id, REPLACED, user_id)
        log.info("event %s: %s replaced by the computer (%s)", event_id, user_id, by_user_id)
        return await self.event(event_id)

    async def cancel(self, event_id: int, guild_id: int, by_user_id: int) -> Event:
        """Call the event off; games in progress go on as ordinary games."""
        async with self.storage.transaction() as tx:
            await self._organised(tx, event_id, guild_id, by_user_id)
            await tx.events.close_event(event_id, CANCELLED, self.clock())
            await tx.events.log(event_id, self.clock(), by_user_id, CANCEL, None)
        log.info("event %s cancelled by %s", event_id, by_user_id)
        return await self.event(event_id)

    async def _organised(
        self, tx: Transaction, event_id: int, guild_id: int, user_id: int
    ) -> Event:
        await tx.events.hold_event(event_id)
        event = await tx.events.get_event(event_id)
        if event is None or event.guild_id != guild_id:
            raise NotFound("There is no event {event} in this server.", event=event_id)
        if event.organiser_id != user_id:
            raise NotAllowed(
                "Only {organiser} can change this event.", organiser=Member(event.organiser_id)
            )
        if event.status not in (SIGNUP, RUNNING):
            raise EventRefused("This event is over.")
        return event


async def record_table(tx: Transaction, game: Game) -> None:
    """A finish hook: an event table's game ended, so its places are written, in the
    transaction that ends it."""
    found = await tx.events.table_of_game(game.id)
    if found is None:
        return
    event_id, table = found
    rules = game.rules
    outcome = game.outcome
    places: tuple[int, ...] | None = None
    if outcome is not None and outcome.places:
        event = await tx.events.get_event(event_id)
        assert event is not None
        seat_of_unit: dict[int | None, int] = {}
        for seat, user_id in enumerate(table.players):
            unit = event.unit_of(user_id)
            seat_of_unit.setdefault(unit, seat)
        found_places = []
        for unit in table.units:
            team = team_of(rules, seat_of_unit[unit], len(game.seats))
            found_places.append(outcome.place_of(team) or len(outcome.places))
        places = tuple(found_places)
    await tx.events.finish_table(game.id, places)


__all__ = [
    "DONE",
    "Advanced",
    "EventRefused",
    "EventService",
    "record_table",
    "units_per_table",
]
