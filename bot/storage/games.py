"""Challenges and games in SQLite. Every query is a module constant; rows come back as dataclasses.

The functions take an open connection so the caller (the game service) decides the transaction:
one transaction per accepted action, with the version check inside it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import aiosqlite

from bot.engine import GameState, state_from_json, state_to_json
from bot.storage.database import fetch_all, fetch_one


@dataclass(frozen=True, slots=True)
class ChallengeRow:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    challenger_id: int
    opponent_id: int
    target: int
    status: str
    game_id: int | None
    created_at: float
    expires_at: float
    time_per_move: float | None = None
    """Seconds per move the challenge offers; None: the server's default."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """A stored game: where it is played, by whom, and its state."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    table_message_id: int | None
    table_posted_at: float | None
    player_ids: tuple[int, int]
    computer_level: str | None
    target: int
    status: str
    result: str | None
    winner_seat: int | None
    version: int
    state: GameState
    created_at: float
    updated_at: float
    finished_at: float | None

    @property
    def place_id(self) -> int:
        """The channel or thread where the game's messages go."""
        return self.thread_id or self.channel_id

    def seat_of(self, user_id: int) -> int | None:
        if user_id == self.player_ids[0]:
            return 0
        if user_id == self.player_ids[1]:
            return 1
        return None


class VersionConflict(Exception):
    """The game changed since it was loaded (a double click or a concurrent action)."""


INSERT_CHALLENGE = """
INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, target, status,
                        created_at, expires_at, time_per_move)
VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?)
"""
SELECT_CHALLENGE = "SELECT * FROM challenges WHERE id = ?"
SET_CHALLENGE_MESSAGE = "UPDATE challenges SET message_id = ? WHERE id = ?"
CLOSE_CHALLENGE = """
UPDATE challenges SET status = ?, game_id = ? WHERE id = ? AND status = 'open'
"""
OPEN_CHALLENGE_BETWEEN = """
SELECT * FROM challenges
WHERE channel_id = ? AND status = 'open' AND expires_at > ?
  AND ((challenger_id = ? AND opponent_id = ?) OR (challenger_id = ? AND opponent_id = ?))
LIMIT 1
"""
DUE_CHALLENGES = "SELECT * FROM challenges WHERE status = 'open' AND expires_at <= ?"

INSERT_GAME = """
INSERT INTO games (guild_id, channel_id, thread_id, player0_id, player1_id, computer_level,
                   target, status, version, state, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)
"""
SELECT_GAME = "SELECT * FROM games WHERE id = ?"
UPDATE_GAME_STATE = """
UPDATE games SET version = ?, state = ?, updated_at = ?, status = ?, result = ?,
                 winner_seat = ?, finished_at = ?
WHERE id = ? AND version = ?
"""
SET_GAME_THREAD = "UPDATE games SET thread_id = ? WHERE id = ?"
SET_TABLE_MESSAGE = "UPDATE games SET table_message_id = ?, table_posted_at = ? WHERE id = ?"
ACTIVE_GAMES_OF = """
SELECT * FROM games
WHERE status = 'active' AND guild_id = ? AND (player0_id = ? OR player1_id = ?)
ORDER BY updated_at DESC
"""
ACTIVE_GAME_BETWEEN_IN = """
SELECT * FROM games
WHERE status = 'active' AND channel_id = ?
  AND ((player0_id = ? AND player1_id = ?) OR (player0_id = ? AND player1_id = ?))
LIMIT 1
"""
ACTIVE_COMPUTER_GAMES = """
SELECT * FROM games WHERE status = 'active' AND computer_level IS NOT NULL ORDER BY id
"""


def challenge_from_row(row: aiosqlite.Row) -> ChallengeRow:
    return ChallengeRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        target=row["target"],
        status=row["status"],
        game_id=row["game_id"],
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        time_per_move=row["time_per_move"],
    )


def game_from_row(row: aiosqlite.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        table_message_id=row["table_message_id"],
        table_posted_at=row["table_posted_at"],
        player_ids=(row["player0_id"], row["player1_id"]),
        computer_level=row["computer_level"],
        target=row["target"],
        status=row["status"],
        result=row["result"],
        winner_seat=row["winner_seat"],
        version=row["version"],
        state=state_from_json(json.loads(row["state"])),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
    )


async def insert_challenge(
    conn: aiosqlite.Connection,
    *,
    guild_id: int,
    channel_id: int,
    challenger_id: int,
    opponent_id: int,
    target: int,
    now: float,
    expires_at: float,
    time_per_move: float | None = None,
) -> int:
    cursor = await conn.execute(
        INSERT_CHALLENGE,
        (guild_id, channel_id, challenger_id, opponent_id, target, now, expires_at, time_per_move),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


async def get_challenge(conn: aiosqlite.Connection, challenge_id: int) -> ChallengeRow | None:
    row = await fetch_one(conn, SELECT_CHALLENGE, (challenge_id,))
    return None if row is None else challenge_from_row(row)


async def set_challenge_message(
    conn: aiosqlite.Connection, challenge_id: int, message_id: int
) -> None:
    await conn.execute(SET_CHALLENGE_MESSAGE, (message_id, challenge_id))


async def close_challenge(
    conn: aiosqlite.Connection, challenge_id: int, status: str, game_id: int | None = None
) -> bool:
    """Close an open challenge; False when it was no longer open."""
    cursor = await conn.execute(CLOSE_CHALLENGE, (status, game_id, challenge_id))
    return cursor.rowcount == 1


async def open_challenge_between(
    conn: aiosqlite.Connection, channel_id: int, a: int, b: int, now: float
) -> ChallengeRow | None:
    row = await fetch_one(conn, OPEN_CHALLENGE_BETWEEN, (channel_id, now, a, b, b, a))
    return None if row is None else challenge_from_row(row)


async def due_challenges(conn: aiosqlite.Connection, now: float) -> list[ChallengeRow]:
    return [challenge_from_row(r) for r in await fetch_all(conn, DUE_CHALLENGES, (now,))]


async def insert_game(
    conn: aiosqlite.Connection,
    *,
    guild_id: int,
    channel_id: int,
    player_ids: tuple[int, int],
    target: int,
    state: GameState,
    now: float,
    computer_level: str | None = None,
    thread_id: int | None = None,
) -> int:
    cursor = await conn.execute(
        INSERT_GAME,
        (
            guild_id,
            channel_id,
            thread_id,
            player_ids[0],
            player_ids[1],
            computer_level,
            target,
            state.moves,
            json.dumps(state_to_json(state), separators=(",", ":")),
            now,
            now,
        ),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


async def get_game(conn: aiosqlite.Connection, game_id: int) -> GameRow | None:
    row = await fetch_one(conn, SELECT_GAME, (game_id,))
    return None if row is None else game_from_row(row)


async def save_state(
    conn: aiosqlite.Connection, game_id: int, expected_version: int, state: GameState, now: float
) -> None:
    """Write a new state if the stored one still has ``expected_version``."""
    outcome = state.outcome
    cursor = await conn.execute(
        UPDATE_GAME_STATE,
        (
            state.moves,
            json.dumps(state_to_json(state), separators=(",", ":")),
            now,
            "active" if outcome is None else "finished",
            None if outcome is None else outcome.termination.value,
            None if outcome is None else outcome.winner,
            None if outcome is None else now,
            game_id,
            expected_version,
        ),
    )
    if cursor.rowcount != 1:
        raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")


async def set_thread(conn: aiosqlite.Connection, game_id: int, thread_id: int) -> None:
    await conn.execute(SET_GAME_THREAD, (thread_id, game_id))


async def set_table_message(
    conn: aiosqlite.Connection, game_id: int, message_id: int, posted_at: float
) -> None:
    await conn.execute(SET_TABLE_MESSAGE, (message_id, posted_at, game_id))


async def active_games_of(conn: aiosqlite.Connection, guild_id: int, user_id: int) -> list[GameRow]:
    rows = await fetch_all(conn, ACTIVE_GAMES_OF, (guild_id, user_id, user_id))
    return [game_from_row(r) for r in rows]


async def active_game_between(
    conn: aiosqlite.Connection, channel_id: int, a: int, b: int
) -> GameRow | None:
    row = await fetch_one(conn, ACTIVE_GAME_BETWEEN_IN, (channel_id, a, b, b, a))
    return None if row is None else game_from_row(row)


async def active_computer_games(conn: aiosqlite.Connection) -> list[GameRow]:
    """Games against the computer still in progress (to resume its turn after a restart)."""
    return [game_from_row(r) for r in await fetch_all(conn, ACTIVE_COMPUTER_GAMES, ())]
