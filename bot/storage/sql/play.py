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
                        time_per_move)
VALUES (?, ?, ?, ?, 'open', ?, ?, ?)
RETURNING id
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
DUE_CHALLENGES = f"""
SELECT * FROM challenges WHERE status = 'open' AND expires_at <= ? AND {owned("guild_id")}
ORDER BY id
"""
# The invariants (migration 0010): a pair's row is taken, or taken over from an expired
# challenge; no row changed means another challenge or game holds the pair.
TAKE_CHALLENGE_PAIR = """
INSERT INTO challenge_pairs (channel_id, user_low, user_high, challenge_id, expires_at)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (channel_id, user_low, user_high) DO UPDATE SET
    challenge_id = excluded.challenge_id, expires_at = excluded.expires_at
WHERE challenge_pairs.expires_at <= ?
"""
FREE_CHALLENGE_PAIRS = "DELETE FROM challenge_pairs WHERE challenge_id = ?"
TAKE_GAME_PAIR = """
INSERT INTO game_pairs (channel_id, user_low, user_high, game_id) VALUES (?, ?, ?, ?)
ON CONFLICT DO NOTHING
"""
FREE_GAME_PAIRS = "DELETE FROM game_pairs WHERE game_id = ?"

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
ACTIVE_GAMES_IN = f"""
SELECT {GAME_COLUMNS} FROM game_seats AS s JOIN games AS g ON g.id = s.game_id
WHERE s.user_id = ? AND g.channel_id = ? AND g.status = 'active'
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


def pairs(user_ids: Iterable[int]) -> list[tuple[int, int]]:
    """Every pair of different ids, each as (lower, higher)."""
    ids = sorted(set(user_ids))
    return [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]


def game_pairs(seats: Sequence[Seat]) -> list[tuple[int, int]]:
    """The pairs a game holds: its members', or a lone member's with the computer's account."""
    members = {s.user_id for s in seats if s.computer is None}
    return pairs(members if len(members) >= 2 else (s.user_id for s in seats))


def _challenge(row: Row, seats: list[Row]) -> Challenge:
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
        seats: Sequence[Invite],
        target: int,
        now: float,
        expires_at: float,
        time_per_move: float | None,
    ) -> int:
        challenge_id = await self.db.insert(
            INSERT_CHALLENGE,
            (kind, guild_id, channel_id, target, now, expires_at, time_per_move),
        )
        await self.db.execute_many(
            INSERT_CHALLENGE_SEAT,
            [
                (challenge_id, i, s.user_id, s.computer, int(s.accepted))
                for i, s in enumerate(seats)
            ],
        )
        for low, high in pairs(s.user_id for s in seats if s.computer is None):
            args = (channel_id, low, high, challenge_id, expires_at, now)
            if await self.db.execute(TAKE_CHALLENGE_PAIR, args) != 1:
                raise VersionConflict(f"an open challenge holds {low} and {high} in {channel_id}")
        return challenge_id

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        return await self._challenge(await self.db.fetch_one(SELECT_CHALLENGE, (challenge_id,)))

    async def hold_challenge(self, challenge_id: int) -> None:
        await self.db.hold(f"challenge:{challenge_id}")

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.db.execute(SET_CHALLENGE_MESSAGE, (message_id, challenge_id))

    async def accept_invite(self, challenge_id: int, seat: int) -> bool:
        return await self.db.execute(ACCEPT_INVITE, (challenge_id, seat)) == 1

    async def close_challenge(
        self, challenge_id: int, status: str, game_id: int | None = None
    ) -> bool:
        if await self.db.execute(CLOSE_CHALLENGE, (status, game_id, challenge_id)) != 1:
            return False
        await self.db.execute(FREE_CHALLENGE_PAIRS, (challenge_id,))
        return True

    async def open_challenge_between(
        self, channel_id: int, user_ids: Sequence[int], now: float
    ) -> Challenge | None:
        wanted = set(user_ids)
        for user_id in wanted:
            for row in await self.db.fetch_all(OPEN_CHALLENGES_OF, (user_id, channel_id, now)):
                challenge = await self._challenge(row)
                assert challenge is not None and challenge.status == OPEN
                people = {s.user_id for s in challenge.seats if s.computer is None}
                if len(people & wanted) >= 2:
                    return challenge
        return None

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
        for low, high in game_pairs(seats):
            if await self.db.execute(TAKE_GAME_PAIR, (channel_id, low, high, game_id)) != 1:
                raise VersionConflict(f"a game holds {low} and {high} in {channel_id}")
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
            await self.db.execute(FREE_GAME_PAIRS, (game_id,))
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

    async def active_game_between(self, channel_id: int, user_ids: Sequence[int]) -> Game | None:
        wanted = set(user_ids)
        for user_id in wanted:
            for row in await self.db.fetch_all(ACTIVE_GAMES_IN, (user_id, channel_id)):
                people = {int(u) for u, _ in json.loads(row["seats"])}
                if len(people & wanted) >= 2:
                    return self.games.game(row)
        return None

    async def active_games(self, shards: Shards) -> list[Game]:
        d = self.db.dialect
        rows = await self.db.fetch_all(sharded(ACTIVE_GAMES, d), shard_args(shards, d))
        return [self.games.game(r) for r in rows]

    async def active_computer_games(self, shards: Shards) -> list[Game]:
        d = self.db.dialect
        rows = await self.db.fetch_all(sharded(ACTIVE_COMPUTER_GAMES, d), shard_args(shards, d))
        return [self.games.game(r) for r in rows]
