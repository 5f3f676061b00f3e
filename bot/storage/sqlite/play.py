"""Challenges and games in SQLite. Every query is a module constant; rows become the play
model's :class:`Challenge` and :class:`Game` here and go no further.

The store works on the connection of the transaction it was made for, so the service decides the
transaction: one per accepted action, with the version check inside it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import aiosqlite

from bot.play.model import ACTIVE, OPEN, Challenge, Game, Invite, Seat
from bot.storage import StateCodec, VersionConflict
from bot.storage.sqlite.rows import fetch_all, fetch_one

INSERT_CHALLENGE = """
INSERT INTO challenges (kind, guild_id, channel_id, target, status, created_at, expires_at,
                        time_per_move)
VALUES (?, ?, ?, ?, 'open', ?, ?, ?)
"""
INSERT_CHALLENGE_SEAT = """
INSERT INTO challenge_seats (challenge_id, seat, user_id, computer_level, accepted)
VALUES (?, ?, ?, ?, ?)
"""
SELECT_CHALLENGE = "SELECT * FROM challenges WHERE id = ?"
SELECT_CHALLENGE_SEATS = """
SELECT challenge_id, seat, user_id, computer_level, accepted FROM challenge_seats
WHERE challenge_id = ? ORDER BY seat
"""
SET_CHALLENGE_MESSAGE = "UPDATE challenges SET message_id = ? WHERE id = ?"
ACCEPT_INVITE = """
UPDATE challenge_seats SET accepted = 1 WHERE challenge_id = ? AND seat = ? AND accepted = 0
"""
CLOSE_CHALLENGE = "UPDATE challenges SET status = ?, game_id = ? WHERE id = ? AND status = 'open'"
OPEN_CHALLENGES_OF = """
SELECT c.* FROM challenges AS c JOIN challenge_seats AS s ON s.challenge_id = c.id
WHERE s.user_id = ? AND s.computer_level IS NULL
  AND c.channel_id = ? AND c.status = 'open' AND c.expires_at > ?
"""
DUE_CHALLENGES = "SELECT * FROM challenges WHERE status = 'open' AND expires_at <= ? ORDER BY id"

GAME_COLUMNS = """
g.id, g.kind, g.guild_id, g.channel_id, g.thread_id, g.table_message_id, g.table_posted_at,
g.seats, g.target, g.status, g.result, g.winner, g.version, g.state, g.created_at, g.updated_at,
g.finished_at
"""
"""What :func:`game_from_row` reads: select these from ``games AS g`` in any store's query."""

INSERT_GAME = """
INSERT INTO games (kind, guild_id, channel_id, seats, computers, target, status, version, state,
                   created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)
"""
INSERT_GAME_SEAT = """
INSERT INTO game_seats (game_id, seat, user_id, computer_level) VALUES (?, ?, ?, ?)
"""
SELECT_GAME = f"SELECT {GAME_COLUMNS} FROM games AS g WHERE g.id = ?"
UPDATE_GAME_STATE = """
UPDATE games SET version = ?, state = ?, updated_at = ?, status = ?, result = ?, winner = ?,
                 finished_at = ?
WHERE id = ? AND version = ?
"""
SET_GAME_THREAD = "UPDATE games SET thread_id = ? WHERE id = ?"
SET_TABLE_MESSAGE = "UPDATE games SET table_message_id = ?, table_posted_at = ? WHERE id = ?"
ACTIVE_GAMES_OF = f"""
SELECT {GAME_COLUMNS} FROM game_seats AS s JOIN games AS g ON g.id = s.game_id
WHERE s.user_id = ? AND s.computer_level IS NULL AND g.guild_id = ? AND g.status = 'active'
ORDER BY g.updated_at DESC, g.id DESC
"""
ACTIVE_GAMES_IN = f"""
SELECT {GAME_COLUMNS} FROM game_seats AS s JOIN games AS g ON g.id = s.game_id
WHERE s.user_id = ? AND g.channel_id = ? AND g.status = 'active'
"""
ACTIVE_GAMES = f"""
SELECT {GAME_COLUMNS} FROM games AS g WHERE g.status = 'active' ORDER BY g.id
"""
ACTIVE_COMPUTER_GAMES = f"""
SELECT {GAME_COLUMNS} FROM games AS g WHERE g.status = 'active' AND g.computers > 0 ORDER BY g.id
"""


def game_from_row(row: aiosqlite.Row, codec: StateCodec) -> Game:
    """A game from a row that has :data:`GAME_COLUMNS`."""
    return Game(
        id=row["id"],
        kind=row["kind"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        table_message_id=row["table_message_id"],
        table_posted_at=row["table_posted_at"],
        seats=tuple(Seat(int(user), level) for user, level in json.loads(row["seats"])),
        target=row["target"],
        status=row["status"],
        result=row["result"],
        winner=row["winner"],
        version=row["version"],
        state=codec(row["kind"], row["state"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
    )


def _challenge(row: aiosqlite.Row, seats: list[aiosqlite.Row]) -> Challenge:
    return Challenge(
        id=row["id"],
        kind=row["kind"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        seats=tuple(Invite(s["user_id"], bool(s["accepted"]), s["computer_level"]) for s in seats),
        target=row["target"],
        status=row["status"],
        game_id=row["game_id"],
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        time_per_move=row["time_per_move"],
    )


class SqlitePlayStore:
    """:class:`bot.play.store.PlayStore` on one SQLite connection."""

    def __init__(self, conn: aiosqlite.Connection, codec: StateCodec) -> None:
        self.conn = conn
        self.codec = codec

    async def _challenge(self, row: aiosqlite.Row | None) -> Challenge | None:
        if row is None:
            return None
        seats = await fetch_all(self.conn, SELECT_CHALLENGE_SEATS, (row["id"],))
        return _challenge(row, seats)

    async def insert_challenge(
        self,
        *,
        kind: str,
        guild_id: int,
        channel_id: int,
        seats: Sequence[Invite],
        target: int,
        now: float,
        expires_at: float,
        time_per_move: float | None,
    ) -> int:
        cursor = await self.conn.execute(
            INSERT_CHALLENGE,
            (kind, guild_id, channel_id, target, now, expires_at, time_per_move),
        )
        challenge_id = cursor.lastrowid
        assert challenge_id is not None
        await self.conn.executemany(
            INSERT_CHALLENGE_SEAT,
            [
                (challenge_id, i, s.user_id, s.computer, int(s.accepted))
                for i, s in enumerate(seats)
            ],
        )
        return challenge_id

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        return await self._challenge(await fetch_one(self.conn, SELECT_CHALLENGE, (challenge_id,)))

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.conn.execute(SET_CHALLENGE_MESSAGE, (message_id, challenge_id))

    async def accept_invite(self, challenge_id: int, seat: int) -> bool:
        cursor = await self.conn.execute(ACCEPT_INVITE, (challenge_id, seat))
        return cursor.rowcount == 1

    async def close_challenge(
        self, challenge_id: int, status: str, game_id: int | None = None
    ) -> bool:
        cursor = await self.conn.execute(CLOSE_CHALLENGE, (status, game_id, challenge_id))
        return cursor.rowcount == 1

    async def open_challenge_between(
        self, channel_id: int, user_ids: Sequence[int], now: float
    ) -> Challenge | None:
        wanted = set(user_ids)
        for user_id in wanted:
            for row in await fetch_all(self.conn, OPEN_CHALLENGES_OF, (user_id, channel_id, now)):
                challenge = await self._challenge(row)
                assert challenge is not None and challenge.status == OPEN
                people = {s.user_id for s in challenge.seats if s.computer is None}
                if len(people & wanted) >= 2:
                    return challenge
        return None

    async def due_challenges(self, now: float) -> list[Challenge]:
        rows = await fetch_all(self.conn, DUE_CHALLENGES, (now,))
        found = [await self._challenge(row) for row in rows]
        return [c for c in found if c is not None]

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
        seats_json = json.dumps([[s.user_id, s.computer] for s in seats], separators=(",", ":"))
        computers = sum(1 for s in seats if s.computer is not None)
        cursor = await self.conn.execute(
            INSERT_GAME,
            (kind, guild_id, channel_id, seats_json, computers, target, version, state, now, now),
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        await self.conn.executemany(
            INSERT_GAME_SEAT,
            [(game_id, i, s.user_id, s.computer) for i, s in enumerate(seats)],
        )
        return game_id

    async def get_game(self, game_id: int) -> Game | None:
        row = await fetch_one(self.conn, SELECT_GAME, (game_id,))
        return None if row is None else game_from_row(row, self.codec)

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
    ) -> None:
        finished_at = None if status == ACTIVE else now
        cursor = await self.conn.execute(
            UPDATE_GAME_STATE,
            (version, state, now, status, result, winner, finished_at, game_id, expected_version),
        )
        if cursor.rowcount != 1:
            raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        await self.conn.execute(SET_GAME_THREAD, (thread_id, game_id))

    async def set_table_message(self, game_id: int, message_id: int, posted_at: float) -> None:
        await self.conn.execute(SET_TABLE_MESSAGE, (message_id, posted_at, game_id))

    async def active_games_of(self, guild_id: int, user_id: int) -> list[Game]:
        rows = await fetch_all(self.conn, ACTIVE_GAMES_OF, (user_id, guild_id))
        return [game_from_row(r, self.codec) for r in rows]

    async def active_game_between(self, channel_id: int, user_ids: Sequence[int]) -> Game | None:
        wanted = set(user_ids)
        for user_id in wanted:
            for row in await fetch_all(self.conn, ACTIVE_GAMES_IN, (user_id, channel_id)):
                people = {int(u) for u, _ in json.loads(row["seats"])}
                if len(people & wanted) >= 2:
                    return game_from_row(row, self.codec)
        return None

    async def active_games(self) -> list[Game]:
        rows = await fetch_all(self.conn, ACTIVE_GAMES, ())
        return [game_from_row(r, self.codec) for r in rows]

    async def active_computer_games(self) -> list[Game]:
        rows = await fetch_all(self.conn, ACTIVE_COMPUTER_GAMES, ())
        return [game_from_row(r, self.codec) for r in rows]
