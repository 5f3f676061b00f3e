"""Challenges and games as the play service hands them out: plain data, any registered game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.errors import translatable
from bot.games import GameRules, Outcome, rules_for, team_of

OPEN = translatable("open")
ACCEPTED = translatable("accepted")
DECLINED = translatable("declined")
CANCELLED = translatable("cancelled")
EXPIRED = translatable("expired")
"""A challenge's status (words shown in a refusal, so in the catalogs)."""
ACTIVE, FINISHED = "active", "finished"
"""A game's status."""


@dataclass(frozen=True, slots=True)
class Seat:
    """Who plays one seat of a game: a member, or the computer at some level."""

    user_id: int
    """The member, or the bot's own account for a computer seat."""
    computer: str | None = None
    """The computer level playing this seat; None for a person."""


@dataclass(frozen=True, slots=True)
class Invite:
    """One seat of a challenge: who is asked, and whether they said yes."""

    user_id: int
    accepted: bool = False
    computer: str | None = None
    """A computer level: the seat is the bot's own account, which needs no answer."""


@dataclass(frozen=True, slots=True)
class Challenge:
    """An invitation to play, open until every invited member accepts (or one declines)."""

    id: int
    kind: str
    guild_id: int
    channel_id: int
    message_id: int | None
    seats: tuple[Invite, ...]
    """Seat by seat; seat 0 is the challenger (who has accepted by asking)."""
    target: int
    status: str
    game_id: int | None
    created_at: float
    expires_at: float
    time_per_move: float | None = None
    """Seconds per move the challenge offers; None: the server's default."""

    @property
    def challenger_id(self) -> int:
        return self.seats[0].user_id

    @property
    def invited_ids(self) -> tuple[int, ...]:
        """Every member asked to play (the challenger excluded)."""
        return tuple(s.user_id for s in self.seats[1:] if s.computer is None)

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Members who have not yet accepted."""
        return tuple(s.user_id for s in self.seats if not s.accepted and s.computer is None)

    @property
    def rules(self) -> GameRules:
        return rules_for(self.kind)

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and seat.computer is None:
                return index
        return None


@dataclass(frozen=True, slots=True)
class Game:
    """A stored game with its state, as the service loaded it."""

    id: int
    kind: str
    guild_id: int
    channel_id: int
    """Where the challenge was posted."""
    thread_id: int | None
    """The game's own thread, when the bot could open one."""
    table_message_id: int | None
    table_posted_at: float | None
    seats: tuple[Seat, ...]
    target: int
    status: str
    result: str | None
    """How it ended (see :data:`bot.games.ENDINGS`), once it has."""
    winner: int | None
    """The team alone in first place, once there is one (stored; the whole finishing order
    is the state's, :attr:`outcome`)."""
    version: int
    state: Any = field(compare=False)
    """The game's own state (see its rules in :attr:`rules`)."""
    created_at: float
    updated_at: float
    finished_at: float | None
    table_version: int | None = None
    """The version of the state its table message shows (None: no table recorded yet)."""

    @property
    def rules(self) -> GameRules:
        return rules_for(self.kind)

    @property
    def place_id(self) -> int:
        """The channel or thread where the game's messages go."""
        return self.thread_id or self.channel_id

    @property
    def player_ids(self) -> tuple[int, ...]:
        return tuple(s.user_id for s in self.seats)

    @property
    def is_active(self) -> bool:
        return self.status == ACTIVE

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits for."""
        return self.rules.to_act(self.state) if self.is_active else ()

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    @property
    def has_computer(self) -> bool:
        return any(s.computer is not None for s in self.seats)

    def is_computer(self, seat: int) -> bool:
        return self.seats[seat].computer is not None

    @property
    def people_to_act(self) -> tuple[int, ...]:
        """The seats the game waits for that a member plays (never a computer seat)."""
        return tuple(s for s in self.to_act if not self.is_computer(s))

    @property
    def computers_to_act(self) -> tuple[int, ...]:
        return tuple(s for s in self.to_act if self.is_computer(s))

    def seat_of(self, user_id: int) -> int | None:
        """The seat a member plays (never a computer seat, even on the bot's own account)."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and seat.computer is None:
                return index
        return None

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team, for this game's number of players."""
        return self.rules.teams_for(len(self.seats))

    def team_of(self, seat: int) -> int:
        return team_of(self.rules, seat, len(self.seats))

    def partners_of(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team."""
        return tuple(s for s in self.teams[self.team_of(seat)] if s != seat)

    def opponents_of(self, seat: int) -> tuple[int, ...]:
        """Every seat of the other teams."""
        mine = self.team_of(seat)
        return tuple(s for index, team in enumerate(self.teams) if index != mine for s in team)
