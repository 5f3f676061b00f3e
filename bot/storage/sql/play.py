"""Challenges and games in SQL. Every query is a module constant; rows become the play
model's :class:`Challenge` and :class:`Game` here and go no further.

The store runs its statements through the :class:`Statements` it was made with (the write
connection, on the event loop), so the service decides the transaction: one per accepted action,
with the version check inside it. Games come from :class:`GameRows`, which keeps the parsed
states of active games.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from bot.play.model import ACTIVE, OPEN, Challenge, Game, Invite, Seat
from bot.shards import Shards
from bot.storage import VersionConflict
from bot.storage.sql.games import GAME_COLUMNS, GameRows
from bot.storage.sql.shards import owned, shard_args, sharded
from bot.storage.sql.statements import Row, Statements

INSERT_CHALLENGE = """
INSERT INTO challenges (kind, guild_id, channel_id, target, status, created_at, expires_at,
                        time_per_move, seat_count, fill_level)
VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?, ?)
RETURNING id
"""
INSERT_CHALLENGE_SEAT = """
INSERT INTO challenge_seats (challenge_id, seat, user_id, computer_level, accepted, joined)
VALUES (?, ?, ?, ?, ?, ?)
"""
TAKE_SEAT = """
INSERT INTO challenge_seats (challenge_id, seat, user_id, computer_level, accepted, joined)
VALUES (?, ?, ?, NULL, 1, 1)
ON CONFLICT DO NOTHING
"""
FREE_SEAT = "DELETE FROM challenge_seats WHERE challenge_id = ? AND seat = ? AND seat > 0"
SELECT_CHALLENGE = "SELECT * FROM challenges WHERE id = ?"
SELECT_CHALLENGE_SEATS = """
SELECT challenge_id, seat, user_id, computer_level, accepted, joined FROM challenge_seats
WHERE challenge_id = ? ORDER BY seat
"""
SET_CHALLENGE_MESSAGE = "UPDATE challenges SET message_id = ? WHERE id = ?"
ACCEPT_INVITE = """
UPDATE challenge_seats SET accepted = 1 WHERE challenge_id = ? AND seat = ? AND accepted = 0
"""
CLOSE_CHALLENGE = "UPDATE challenges SET status = ?, game_id = ? WHERE id = ? AND status = 'open'"
OPEN_CHALLENGE_AMONG = """
SELECT c.* FROM challenge_tables AS t JOIN challenges AS c ON c.id = t.challenge_id
WHERE t.channel_id = ? AND t.kind = ? AND t.members = ?
  AND c.status = 'open' AND c.expires_at > ?
"""
DUE_CHALLENGES = f"""
SELECT * FROM challenges WHERE status = 'open' AND expires_at <= ? AND {owned("guild_id")}
ORDER BY id
"""
# The invariants (migration 0013): per channel, game kind and set of members, one open
# challenge and one game in progress. A set's row is taken, or (a challenge's) taken over from
# an expired challenge; no row changed means another challenge or game holds the set.
TAKE_CHALLENGE_TABLE = """
INSERT INTO challenge_tables (channel_id, kind, members, challenge_id, expires_at)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (channel_id, kind, members) DO UPDATE SET
    challenge_id = excluded.challenge_id, expires_at = excluded.expires_at
WHERE challenge_tables.expires_at <= ?
"""
FREE_CHALLENGE_TABLE = "DELETE FROM challenge_tables WHERE challenge_id = ?"
TAKE_GAME_TABLE = """
INSERT INTO game_tables (channel_id, kind, members, game_id) VALUES (?, ?, ?, ?)
ON CONFLICT DO NOTHING
"""
FREE_GAME_TABLE = "DELETE FROM game_tables WHERE game_id = ?"
ACTIVE_GAME_AMONG = f"""
SELECT {GAME_COLUMNS} FROM game_tables AS t JOIN games AS g ON g.id = t.game_id
WHERE t.channel_id = ? AND t.kind = ? AND t.members = ? AND g.status = 'active'
"""

INSERT_GAME = """
INSERT INTO games (kind, guild_id, channel_id, seats, computers, target, status, version, state,
                   created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)
RETURNING id
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
SELECT_TABLE = "SELECT table_message_id, table_version FROM games WHERE id = ?"
SET_TABLE_MESSAGE = """
UPDATE games SET table_message_id = ?, table_posted_at = ?, table_version = ? WHERE id = ?
"""
ACTIVE_GAMES_OF = f"""
SELECT {GAME_COLUMNS} FROM game_seats AS s JOIN games AS g ON g.id = s.game_id
WHERE s.user_id = ? AND s.computer_level IS NULL AND g.guild_id = ? AND g.status = 'active'
ORDER BY g.updated_at DESC, g.id DESC
"""
ACTIVE_GAMES = f"""
SELECT {GAME_COLUMNS} FROM games AS g WHERE g.status = 'active' AND {owned("g.guild_id")}
ORDER BY g.id
"""
ACTIVE_COMPUTER_GAMES = f"""
SELECT {GAME_COLUMNS} FROM games AS g
WHERE g.status = 'active' AND g.computers > 0 AND {owned("g.guild_id")}
ORDER BY g.id
"""


def members_key(user_ids: Iterable[int]) -> str:
    """A set of members as one text, the same whatever their order: ``"11,22,33"``."""
    return ",".join(str(u) for u in sorted(set(user_ids)))


def game_members(seats: Sequence[Seat]) -> str:
    """The set of members a game holds (its computer seats aside)."""
    members = [s.user_id for s in seats if s.computer is None]
    return members_key(members or [s.user_id for s in seats])


def challenge_members(seats: Sequence[Invite | None]) -> str:
    """The set a challenge holds: its challenger and the members it named."""
    return members_key(
        s.user_id for s in seats if s is not None and s.computer is None and not s.joined
    )


def _challenge(row: Row, seats: list[Row]) -> Challenge:
    count = row["seat_count"] or len(seats)
    taken = {
        s["seat"]: Invite(s["user_id"], bool(s["accepted"]), s["computer_level"], bool(s["joined"]))
        for s in seats
    }
    return Challenge(
        id=row["id"],
        kind=row["kind"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        seats=tuple(taken.get(i) for i in range(max(count, len(seats)))),
        target=row["target"],
        status=row["status"],
        game_id=row["game_id"],
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        time_per_move=row["time_per_move"],
        fill=row["fill_level"],
    )


class SqlPlayStore:
    """:class:`bot.play.store.PlayStore` over SQL statements."""

    def __init__(self, db: Statements, games: GameRows) -> None:
        self.db = db
        self.games = games

    async def _challenge(self, row: Row | None) -> Challenge | None:
        if row is None:
            return None
        seats = await self.db.fetch_all(SELECT_CHALLENGE_SEATS, (row["id"],))
        return _challenge(row, seats)

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
        members = challenge_members(seats)
        challenge_id = await self.db.insert(
            INSERT_CHALLENGE,
            (
                kind, guild_id, channel_id, target, now, expires_at, time_per_move,
                len(seats), fill,
            ),
        )  # fmt: skip
        await self.db.execute_many(
            INSERT_CHALLENGE_SEAT,
            [
                (challenge_id, i, s.user_id, s.computer, int(s.accepted), int(s.joined))
                for i, s in enumerate(seats)
                if s is not None
            ],
        )
        args = (channel_id, kind, members, challenge_id, expires_at, now)
        if await self.db.execute(TAKE_CHALLENGE_TABLE, args) != 1:
            raise VersionConflict(f"an open {kind} challenge holds {members} in {channel_id}")
        return challenge_id

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        return await self._challenge(await self.db.fetch_one(SELECT_CHALLENGE, (challenge_id,)))

    async def hold_challenge(self, challenge_id: int) -> None:
        await self.db.hold(f"challenge:{challenge_id}")

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.db.execute(SET_CHALLENGE_MESSAGE, (message_id, challenge_id))

    async def accept_invite(self, challenge_id: int, seat: int) -> bool:
        return await self.db.execute(ACCEPT_INVITE, (challenge_id, seat)) == 1

    async def take_seat(self, challenge_id: int, seat: int, user_id: int) -> bool:
        return await self.db.execute(TAKE_SEAT, (challenge_id, seat, user_id)) == 1

    async def free_seat(self, challenge_id: int, seat: int) -> bool:
        return await self.db.execute(FREE_SEAT, (challenge_id, seat)) == 1

    async def close_challenge(
        self, challenge_id: int, status: str, game_id: int | None = None
    ) -> bool:
        if await self.db.execute(CLOSE_CHALLENGE, (status, game_id, challenge_id)) != 1:
            return False
        await self.db.execute(FREE_CHALLENGE_TABLE, (challenge_id,))
        return True

    async def open_challenge_among(
        self, channel_id: int, kind: str, user_ids: Sequence[int], now: float
    ) -> Challenge | None:
        args = (channel_id, kind, members_key(user_ids), now)
        challenge = await self._challenge(await self.db.fetch_one(OPEN_CHALLENGE_AMONG, args))
        assert challenge is None or challenge.status == OPEN
        return challenge

    async def due_challenges(self, now: float, shards: Shards) -> list[Challenge]:
        d = self.db.dialect
        rows = await self.db.fetch_all(sharded(DUE_CHALLENGES, d), (now, *shard_args(shards, d)))
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
        game_id = await self.db.insert(
            INSERT_GAME,
            (kind, guild_id, channel_id, seats_json, computers, target, version, state, now, now),
        )
        await self.db.execute_many(
            INSERT_GAME_SEAT,
            [(game_id, i, s.user_id, s.computer) for i, s in enumerate(seats)],
        )
        members = game_members(seats)
        if await self.db.execute(TAKE_GAME_TABLE, (channel_id, kind, members, game_id)) != 1:
            raise VersionConflict(f"a {kind} game holds {members} in {channel_id}")
        return game_id

    async def get_game(self, game_id: int) -> Game | None:
        row = await self.db.fetch_one(SELECT_GAME, (game_id,))
        return None if row is None else self.games.game(row)

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
        finished_at = None if status == ACTIVE else now
        changed = await self.db.execute(
            UPDATE_GAME_STATE,
            (version, state, now, status, result, winner, finished_at, game_id, expected_version),
        )
        if changed != 1:
            raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")
        if status != ACTIVE:
            await self.db.execute(FREE_GAME_TABLE, (game_id,))
        if parsed is not None:
            self.games.remember(game_id, version, state, parsed, status)

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        await self.db.execute(SET_GAME_THREAD, (thread_id, game_id))

    async def set_table_message(
        self, game_id: int, message_id: int, posted_at: float, version: int
    ) -> int | None:
        # Held per game: two tables recorded at once (two processes) compare versions in turn.
        await self.db.hold(f"table:{game_id}")
        row = await self.db.fetch_one(SELECT_TABLE, (game_id,))
        if row is None:
            return None
        latest, shown = row["table_message_id"], row["table_version"]
        if shown is not None and shown > version:
            return None if message_id == latest else message_id
        await self.db.execute(SET_TABLE_MESSAGE, (message_id, posted_at, version, game_id))
        return None if latest == message_id else latest

    async def active_games_of(self, guild_id: int, user_id: int) -> list[Game]:
        rows = await self.db.fetch_all(ACTIVE_GAMES_OF, (user_id, guild_id))
        return [self.games.game(r) for r in rows]

    async def active_game_among(
        self, channel_id: int, kind: str, user_ids: Sequence[int]
    ) -> Game | None:
        row = await self.db.fetch_one(ACTIVE_GAME_AMONG, (channel_id, kind, members_key(user_ids)))
        return None if row is None else self.games.game(row)

    async def active_games(self, shards: Shards) -> list[Game]:
        d = self.db.dialect
        rows = await self.db.fetch_all(sharded(ACTIVE_GAMES, d), shard_args(shards, d))
        return [self.games.game(r) for r in rows]

    async def active_computer_games(self, shards: Shards) -> list[Game]:
        d = self.db.dialect
        rows = await self.db.fetch_all(sharded(ACTIVE_COMPUTER_GAMES, d), shard_args(shards, d))
        return [self.games.game(r) for r in rows]
