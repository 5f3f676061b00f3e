"""What the play service needs from storage: challenges and games (any registered game).

States are stored as the game's own text (``GameRules.dumps``); the storage turns them back
with the codec the composition root gave it, so it never imports a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.play.model import Challenge, Game, Invite, Seat
from bot.shards import Shards


class PlayStore(Protocol):
    async def insert_challenge(
        self,
        *,
        kind: str,
        guild_id: int,
        channel_id: int,
        seats: Sequence[Invite | None],
        target: int,
        now: float,
        expires_at: float,
        time_per_move: float | None,
        fill: str | None = None,
    ) -> int:
        """A new open challenge of ``len(seats)`` seats (None: an open seat); its id. Raises
        :class:`bot.storage.VersionConflict` when the same members (the challenger and those
        named) already have an open challenge of this game here (one another process just
        made)."""
        ...

    async def get_challenge(self, challenge_id: int) -> Challenge | None: ...

    async def hold_challenge(self, challenge_id: int) -> None:
        """Wait until no other transaction answers this challenge, and keep others waiting
        until this one ends: answers are taken one at a time, so the last one starts the game
        even when two arrive together."""
        ...

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None: ...

    async def accept_invite(self, challenge_id: int, seat: int) -> bool:
        """Mark one seat's invitation accepted; False when it already was."""
        ...

    async def take_seat(self, challenge_id: int, seat: int, user_id: int) -> bool:
        """A member joins an open seat (accepted by joining); False when it is no longer
        open."""
        ...

    async def free_seat(self, challenge_id: int, seat: int) -> bool:
        """Open a seat again (its member left); False when it was open already."""
        ...

    async def close_challenge(
        self, challenge_id: int, status: str, game_id: int | None = None
    ) -> bool:
        """Close an open challenge (freeing its players' pairs); False when it was no longer
        open."""
        ...

    async def open_challenge_among(
        self, channel_id: int, kind: str, user_ids: Sequence[int], now: float
    ) -> Challenge | None:
        """An open, unexpired challenge of this game in this channel that was made by and for
        exactly these members (its challenger and the members it named)."""
        ...

    async def due_challenges(self, now: float, shards: Shards) -> list[Challenge]:
        """Open challenges whose time has run out, in the servers of these shards."""
        ...

    async def insert_game(
        self,
        *,
        kind: str,
        guild_id: int,
        channel_id: int,
        seats: Sequence[Seat],
        target: int,
        version: int,
        state: str,
        now: float,
    ) -> int:
        """A new active game; its id. Raises :class:`bot.storage.VersionConflict` when the
        same members already have a game of this kind in progress here (a member alone: a
        game against the computer)."""
        ...

    async def get_game(self, game_id: int) -> Game | None: ...

    async def save_state(
        self,
        game_id: int,
        *,
        expected_version: int,
        version: int,
        state: str,
        status: str,
        result: str | None,
        winner: int | None,
        now: float,
        parsed: Any = None,
    ) -> None:
        """Write a new state if the stored one still has ``expected_version``; else raise
        :class:`bot.storage.VersionConflict`. ``parsed``, when given, is ``state`` as the game's
        own object: the storage may keep it, so the next read of the game parses nothing."""
        ...

    async def set_thread(self, game_id: int, thread_id: int) -> None: ...

    async def set_table_message(
        self, game_id: int, message_id: int, posted_at: float, version: int
    ) -> int | None:
        """Record a table message showing the state at ``version`` as the game's latest table,
        unless a table of a newer version is recorded already. Returns the message that is
        no longer the game's table, for the caller to remove: the one this replaced, or this
        very one when a newer table came first (None: nothing to remove)."""
        ...

    async def active_games_of(self, guild_id: int, user_id: int) -> list[Game]:
        """The member's games in progress in a server, most recently active first."""
        ...

    async def active_game_among(
        self, channel_id: int, kind: str, user_ids: Sequence[int]
    ) -> Game | None:
        """A game of this kind in progress in this channel whose members are exactly these
        (computer seats aside)."""
        ...

    async def active_games(self, shards: Shards) -> list[Game]:
        """Every game in progress in the servers of these shards, oldest first."""
        ...

    async def active_computer_games(self, shards: Shards) -> list[Game]:
        """Games in progress with at least one computer seat, in the servers of these
        shards."""
        ...
