"""An event as stored: the event, its entrants, its tables and its audit log.

Plain data read and written by :mod:`bot.storage.sql.events`; the service turns them into the
pure vocabulary of :mod:`bot.events.model` to pair and rank.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.events.model import Bye, Played, Table

SIGNUP = "signup"
RUNNING = "running"
FINISHED = "finished"
CANCELLED = "cancelled"

ALONE = "none"
FIXED = "fixed"
ROTATING = "rotating"
PARTNERS = (ALONE, FIXED, ROTATING)

PLAYING = "playing"
DONE = "done"
BYE = "bye"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A member signed up for an event."""

    user_id: int
    position: int
    """Order of sign-up, from 0."""
    rating: int
    """Their ladder rating when the event started (its seeding)."""
    computer: str | None
    """The computer level that plays for them since the organiser replaced them."""
    removed: bool


@dataclass(frozen=True, slots=True)
class EventTable:
    """One table (or bye) of one round."""

    round: int
    number: int
    game_id: int | None
    units: tuple[int, ...]
    sides: tuple[int, ...]
    players: tuple[int, ...]
    """The members in the game's seat order (a replaced member's id too)."""
    places: tuple[int, ...] | None
    status: str

    @property
    def played(self) -> Played | None:
        """The result as the standings read it, once the game ended."""
        if self.status != DONE:
            return None
        return Played(self.round, Table(self.units, self.sides), self.places)

    @property
    def bye(self) -> Bye | None:
        return Bye(self.round, self.units[0]) if self.status == BYE else None


@dataclass(frozen=True, slots=True)
class AuditLine:
    at: float
    user_id: int
    action: str
    subject: int | None


@dataclass(frozen=True, slots=True)
class Event:
    """An event (tournament) of one game in one server."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    organiser_id: int
    kind: str
    format: str
    rounds: int
    """The rounds planned (for a round robin and a knockout, set at the start)."""
    time_per_move: float
    seats: int
    """Players a table."""
    partners: str
    target: int
    status: str
    round: int
    """The round being played (0 before the start)."""
    round_deadline: float | None
    starts_at: float | None
    seeds: tuple[int, ...] | None
    """The units in seeding order, fixed at the start."""
    created_at: float
    finished_at: float | None
    entrants: tuple[Entrant, ...] = ()
    tables: tuple[EventTable, ...] = ()

    @property
    def unit_size(self) -> int:
        """Members an entrant (unit) holds: two in fixed partnerships, else one."""
        return 2 if self.partners == FIXED else 1

    def members_of(self, unit: int) -> tuple[Entrant, ...]:
        """The entrants of a unit (a pair's two, in sign-up order)."""
        size = self.unit_size
        return tuple(e for e in self.entrants if e.position // size == unit)

    def unit_of(self, user_id: int) -> int | None:
        for entrant in self.entrants:
            if entrant.user_id == user_id:
                return entrant.position // self.unit_size
        return None

    @property
    def units(self) -> tuple[int, ...]:
        """Every unit, in seeding order once seeded (else sign-up order)."""
        if self.seeds is not None:
            return self.seeds
        count = len(self.entrants) // self.unit_size
        return tuple(range(count))

    def out(self) -> frozenset[int]:
        """Units removed from the event."""
        return frozenset(e.position // self.unit_size for e in self.entrants if e.removed)

    def round_tables(self, number: int) -> list[EventTable]:
        return [t for t in self.tables if t.round == number]

    def results(self) -> list[Played]:
        return [p for t in self.tables if (p := t.played) is not None]

    def byes(self) -> list[Bye]:
        return [b for t in self.tables if (b := t.bye) is not None]


@dataclass(frozen=True, slots=True)
class Season:
    """A named period of a server's ladder, started and ended by a manager."""

    id: int
    guild_id: int
    name: str
    started_at: float
    ended_at: float | None
