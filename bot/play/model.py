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
    joined: bool = False
    """The member took an open seat (*Join*) rather than being named by the challenger."""


@dataclass(frozen=True, slots=True)
class Challenge:
    """An invitation to play, open until it starts a game or closes.

    A challenge names members for some seats and may leave others open (an *open table*):
    any member may take an open seat, and the challenger may start once the game's fewest
    players are seated, empty seats then filled by the computer at :attr:`fill` (or left out
    when there is no fill and the game's seat range allows it)."""

    id: int
    kind: str
    guild_id: int
    channel_id: int
    message_id: int | None
    seats: tuple[Invite | None, ...]
    """Seat by seat, as many as the table has; None is an open seat. Seat 0 is the
    challenger (who has accepted by asking)."""
    target: int
    status: str
    game_id: int | None
    created_at: float
    expires_at: float
    time_per_move: float | None = None
    """Seconds per move the challenge offers; None: the server's default."""
    fill: str | None = None
    """The computer level that fills the seats still open when the game starts; None: they
    stay empty (the game has fewer players)."""

    @property
    def challenger_id(self) -> int:
        first = self.seats[0]
        assert first is not None, "the challenger's seat is never open"
        return first.user_id

    @property
    def taken(self) -> tuple[tuple[int, Invite], ...]:
        """(seat, who) of every seat someone holds, in seat order."""
        return tuple((i, s) for i, s in enumerate(self.seats) if s is not None)

    @property
    def open_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s is None)

    @property
    def is_table(self) -> bool:
        """An open table: seats were left open (or filled by members who joined), or it
        fills with the computer. A named member leaving frees their seat rather than ending
        it; anything else is a challenge as it always was."""
        return self.fill is not None or any(s is None or s.joined for s in self.seats)

    @property
    def invited_ids(self) -> tuple[int, ...]:
        """Every member the challenger named (not those who joined)."""
        return tuple(
            s.user_id
            for s in self.seats[1:]
            if s is not None and s.computer is None and not s.joined
        )

    @property
    def member_ids(self) -> tuple[int, ...]:
        """Every member seated (the challenger, those named and those who joined)."""
        return tuple(s.user_id for _, s in self.taken if s.computer is None)

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Members who have not yet accepted."""
        return tuple(s.user_id for _, s in self.taken if not s.accepted and s.computer is None)

    @property
    def rules(self) -> GameRules:
        return rules_for(self.kind)

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in self.taken:
            if seat.user_id == user_id and seat.computer is None:
                return index
        return None

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team at the table's full count."""
        return self.rules.teams_for(len(self.seats))

    def players_at_start(self) -> int:
        """How many players a game started now would have: every seat with a fill, else the
        seats taken."""
        return len(self.seats) if self.fill is not None else len(self.taken)

    def seats_at_start(self, computer_id: int | None) -> tuple[Seat, ...]:
        """The seats of a game started now, in order: the open ones filled by the computer
        (the bot's own account ``computer_id``, at :attr:`fill`) or, without a fill or an
        account, left out."""
        seats: list[Seat] = []
        for invite in self.seats:
            if invite is not None:
                seats.append(Seat(invite.user_id, invite.computer))
            elif self.fill is not None and computer_id is not None:
                seats.append(Seat(computer_id, self.fill))
        return tuple(seats)

    @property
    def can_start(self) -> bool:
        """Everyone named has accepted and a game started now would have enough players."""
        return not self.waiting_for and self.players_at_start() >= self.rules.seat_range[0]

    @property
    def is_full(self) -> bool:
        return not self.open_seats


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
