"""The ladder in SQLite: results, ratings, aggregates and names. Queries are module constants;
rows come back as dataclasses.

:func:`record_result` is a game-service finish hook: it runs inside the transaction that writes
the finished game, so the result, the ratings and every aggregate commit together or not at all.
Everything a command shows is kept up to date there, so reading is a handful of index lookups.

What counts (see docs/decisions.md, "Ladder"):
- a game between two members that ends with a winner (last round, resignation, time-out) is
  rated: a win for one, a loss for the other;
- an abandoned game (no winner) is unrated and counts for nothing but the history;
- a game against the computer (``computer_level`` set, seat 1 is the bot) is unrated and only
  adds to the human's record against that level.
"""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from bot.engine import BidKind
from bot.ladder import Rating, Result, SeatStats, Totals, count_trumps, rate, seat_stats
from bot.storage.database import fetch_all, fetch_one
from bot.storage.games import GameRow

COMPUTER_SEAT = 1
"""In a game against the computer, the bot's seat."""


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place on a server's ladder."""

    user_id: int
    name: str | None
    """The display name last seen for them in this server, if any."""
    totals: Totals
    rank: int
    """1 for the top; players with the same shown rating share a rank."""


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One finished game, as one of its players sees it."""

    game_id: int
    user_id: int
    opponent_id: int
    opponent_name: str | None
    computer_level: str | None
    result: Result
    ending: str
    """How the game ended: finished, resigned, timeout, abandoned."""
    rated: bool
    points: int
    opponent_points: int
    rounds: int
    rating: Rating | None
    """The player's rating after the game (rated games only)."""
    finished_at: float


@dataclass(frozen=True, slots=True)
class TrumpCount:
    kind: BidKind
    value: str
    named: int
    first: int


@dataclass(frozen=True, slots=True)
class PairRecord:
    """Rated games between two players, from the first one's side."""

    wins: int
    losses: int


@dataclass(frozen=True, slots=True)
class ComputerRecord:
    level: str
    wins: int
    losses: int


# --- writing ------------------------------------------------------------------------------

ENTRY_EXISTS = "SELECT 1 FROM ladder_entries WHERE game_id = ? LIMIT 1"
SELECT_PLAYER = """
SELECT p.*, n.name AS name FROM ladder_players AS p
LEFT JOIN display_names AS n ON n.guild_id = p.guild_id AND n.user_id = p.user_id
WHERE p.guild_id = ? AND p.user_id = ?
"""
UPSERT_PLAYER = """
INSERT INTO ladder_players (guild_id, user_id, mu, sigma, rating, games, wins, losses, streak,
                            best_streak, rounds, rounds_won, round_points, best_round,
                            first_suit, first_rank, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, games = excluded.games,
    wins = excluded.wins, losses = excluded.losses, streak = excluded.streak,
    best_streak = excluded.best_streak, rounds = excluded.rounds,
    rounds_won = excluded.rounds_won, round_points = excluded.round_points,
    best_round = excluded.best_round, first_suit = excluded.first_suit,
    first_rank = excluded.first_rank, updated_at = excluded.updated_at
"""
INSERT_ENTRY = """
INSERT INTO ladder_entries (game_id, guild_id, user_id, seat, opponent_id, computer_level,
                            outcome, result, rated, points, opponent_points, rounds, mu, sigma,
                            finished_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
ADD_PAIR = """
INSERT INTO ladder_pairs (guild_id, user_id, opponent_id, wins, losses) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id, opponent_id) DO UPDATE SET
    wins = wins + excluded.wins, losses = losses + excluded.losses
"""
ADD_TRUMP = """
INSERT INTO ladder_trumps (guild_id, user_id, kind, value, named, first) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id, kind, value) DO UPDATE SET
    named = named + excluded.named, first = first + excluded.first
"""
ADD_COMPUTER = """
INSERT INTO computer_records (guild_id, user_id, level, wins, losses) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id, level) DO UPDATE SET
    wins = wins + excluded.wins, losses = losses + excluded.losses
"""
REMEMBER_NAME = """
INSERT INTO display_names (guild_id, user_id, name, seen_at) VALUES (?, ?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at
"""

# --- reading ------------------------------------------------------------------------------

COUNT_PLAYERS = "SELECT COUNT(*) FROM ladder_players WHERE guild_id = ?"
RANK_OF = "SELECT COUNT(*) + 1 FROM ladder_players WHERE guild_id = ? AND rating > ?"
LEADERBOARD = """
SELECT p.*, n.name AS name FROM (
    -- Skipping OFFSET rows on the covering index alone keeps deep pages cheap.
    SELECT user_id, rating, games FROM ladder_players WHERE guild_id = ?
    ORDER BY rating DESC, games DESC, user_id
    LIMIT ? OFFSET ?
) AS page
JOIN ladder_players AS p ON p.guild_id = ? AND p.user_id = page.user_id
LEFT JOIN display_names AS n ON n.guild_id = p.guild_id AND n.user_id = p.user_id
ORDER BY page.rating DESC, page.games DESC, page.user_id
"""
RATING_HISTORY = """
SELECT mu, sigma FROM ladder_entries
WHERE guild_id = ? AND user_id = ? AND rated = 1
ORDER BY id DESC
LIMIT ?
"""
TRUMPS_OF = """
SELECT kind, value, named, first FROM ladder_trumps WHERE guild_id = ? AND user_id = ?
ORDER BY named DESC, kind, value
"""
PAIR = """
SELECT wins, losses FROM ladder_pairs WHERE guild_id = ? AND user_id = ? AND opponent_id = ?
"""
COMPUTER_RECORDS = """
SELECT level, wins, losses FROM computer_records WHERE guild_id = ? AND user_id = ? ORDER BY level
"""
RECENT_GAMES = """
SELECT e.*, n.name AS opponent_name FROM ladder_entries AS e
LEFT JOIN display_names AS n ON n.guild_id = e.guild_id AND n.user_id = e.opponent_id
WHERE e.guild_id = ? AND e.user_id = ?
ORDER BY e.id DESC
LIMIT ?
"""
NAME_OF = "SELECT name FROM display_names WHERE guild_id = ? AND user_id = ?"


def totals_from_row(row: aiosqlite.Row) -> Totals:
    return Totals(
        rating=Rating(row["mu"], row["sigma"]),
        games=row["games"],
        wins=row["wins"],
        losses=row["losses"],
        streak=row["streak"],
        best_streak=row["best_streak"],
        rounds=row["rounds"],
        rounds_won=row["rounds_won"],
        round_points=row["round_points"],
        best_round=row["best_round"],
        first_suit=row["first_suit"],
        first_rank=row["first_rank"],
    )


def entry_from_row(row: aiosqlite.Row) -> GameEntry:
    mu, sigma = row["mu"], row["sigma"]
    return GameEntry(
        game_id=row["game_id"],
        user_id=row["user_id"],
        opponent_id=row["opponent_id"],
        opponent_name=row["opponent_name"],
        computer_level=row["computer_level"],
        result=Result(row["outcome"]),
        ending=row["result"],
        rated=bool(row["rated"]),
        points=row["points"],
        opponent_points=row["opponent_points"],
        rounds=row["rounds"],
        rating=None if mu is None or sigma is None else Rating(mu, sigma),
        finished_at=row["finished_at"],
    )


# --- the finish hook ----------------------------------------------------------------------


async def record_result(conn: aiosqlite.Connection, game: GameRow) -> None:
    """Put a finished game on its server's ladder (a :data:`bot.service.FinishHook`).

    Runs inside the transaction that finishes the game; does nothing for a game that is not
    finished or is already recorded.
    """
    if game.status != "finished" or game.result is None:
        return
    if await fetch_one(conn, ENTRY_EXISTS, (game.id,)) is not None:
        return
    stats = (seat_stats(game.state, 0), seat_stats(game.state, 1))
    if game.computer_level is not None:
        await _record_computer_game(conn, game, stats)
        return
    if game.winner_seat is None:
        for seat in (0, 1):
            await _insert_entry(conn, game, seat, stats[seat], rated=False, rating=None)
        return

    winner = game.winner_seat
    before = [await _totals(conn, game.guild_id, game.player_ids[s]) for s in (0, 1)]
    won, lost = rate(before[winner].rating, before[1 - winner].rating)
    for seat in (0, 1):
        user_id, opponent_id = game.player_ids[seat], game.player_ids[1 - seat]
        is_winner = seat == winner
        totals = before[seat].after(stats[seat], is_winner, won if is_winner else lost)
        await _upsert_player(conn, game, user_id, totals)
        await _insert_entry(conn, game, seat, stats[seat], rated=True, rating=totals.rating)
        await conn.execute(
            ADD_PAIR, (game.guild_id, user_id, opponent_id, int(is_winner), int(not is_winner))
        )
        for (kind, value), (named, first) in count_trumps(stats[seat].trumps).items():
            await conn.execute(ADD_TRUMP, (game.guild_id, user_id, kind.value, value, named, first))


async def _record_computer_game(
    conn: aiosqlite.Connection, game: GameRow, stats: tuple[SeatStats, SeatStats]
) -> None:
    human = 1 - COMPUTER_SEAT
    await _insert_entry(conn, game, human, stats[human], rated=False, rating=None)
    if game.winner_seat is None:
        return
    won = game.winner_seat == human
    await conn.execute(
        ADD_COMPUTER,
        (game.guild_id, game.player_ids[human], game.computer_level, int(won), int(not won)),
    )


async def _totals(conn: aiosqlite.Connection, guild_id: int, user_id: int) -> Totals:
    row = await fetch_one(conn, SELECT_PLAYER, (guild_id, user_id))
    return Totals() if row is None else totals_from_row(row)


async def _upsert_player(
    conn: aiosqlite.Connection, game: GameRow, user_id: int, totals: Totals
) -> None:
    rating = totals.rating
    await conn.execute(
        UPSERT_PLAYER,
        (
            game.guild_id,
            user_id,
            rating.mu,
            rating.sigma,
            rating.shown,
            totals.games,
            totals.wins,
            totals.losses,
            totals.streak,
            totals.best_streak,
            totals.rounds,
            totals.rounds_won,
            totals.round_points,
            totals.best_round,
            totals.first_suit,
            totals.first_rank,
            _finished_at(game),
        ),
    )


async def _insert_entry(
    conn: aiosqlite.Connection,
    game: GameRow,
    seat: int,
    stats: SeatStats,
    *,
    rated: bool,
    rating: Rating | None,
) -> None:
    totals = game.state.totals
    await conn.execute(
        INSERT_ENTRY,
        (
            game.id,
            game.guild_id,
            game.player_ids[seat],
            seat,
            game.player_ids[1 - seat],
            game.computer_level,
            Result.of(game.winner_seat, seat).value,
            game.result,
            int(rated),
            totals[seat],
            totals[1 - seat],
            stats.rounds,
            None if rating is None else rating.mu,
            None if rating is None else rating.sigma,
            _finished_at(game),
        ),
    )


def _finished_at(game: GameRow) -> float:
    return game.finished_at if game.finished_at is not None else game.updated_at


# --- names --------------------------------------------------------------------------------


async def remember_name(
    conn: aiosqlite.Connection, guild_id: int, user_id: int, name: str, now: float
) -> None:
    """Keep the display name a member was last seen with in a server."""
    await conn.execute(REMEMBER_NAME, (guild_id, user_id, name, now))


async def name_of(conn: aiosqlite.Connection, guild_id: int, user_id: int) -> str | None:
    row = await fetch_one(conn, NAME_OF, (guild_id, user_id))
    return None if row is None else str(row["name"])


# --- reading ------------------------------------------------------------------------------


async def count_players(conn: aiosqlite.Connection, guild_id: int) -> int:
    row = await fetch_one(conn, COUNT_PLAYERS, (guild_id,))
    return int(row[0])


async def rank_of(conn: aiosqlite.Connection, guild_id: int, shown_rating: int) -> int:
    """The rank that goes with a shown rating: one more than the players rated above it."""
    row = await fetch_one(conn, RANK_OF, (guild_id, shown_rating))
    return int(row[0])


async def leaderboard(
    conn: aiosqlite.Connection, guild_id: int, *, offset: int, limit: int
) -> list[Standing]:
    """Players in ladder order from ``offset``; equal shown ratings share a rank."""
    rows = await fetch_all(conn, LEADERBOARD, (guild_id, limit, offset, guild_id))
    standings: list[Standing] = []
    rank = 0
    for i, row in enumerate(rows):
        totals = totals_from_row(row)
        if i == 0:
            rank = await rank_of(conn, guild_id, row["rating"])
        elif row["rating"] != rows[i - 1]["rating"]:
            rank = offset + i + 1
        standings.append(Standing(row["user_id"], row["name"], totals, rank))
    return standings


async def standing(conn: aiosqlite.Connection, guild_id: int, user_id: int) -> Standing | None:
    row = await fetch_one(conn, SELECT_PLAYER, (guild_id, user_id))
    if row is None:
        return None
    rank = await rank_of(conn, guild_id, row["rating"])
    return Standing(user_id, row["name"], totals_from_row(row), rank)


async def rating_history(
    conn: aiosqlite.Connection, guild_id: int, user_id: int, limit: int
) -> list[Rating]:
    """The ratings after the player's last ``limit`` rated games, oldest first."""
    rows = await fetch_all(conn, RATING_HISTORY, (guild_id, user_id, limit))
    return [Rating(r["mu"], r["sigma"]) for r in reversed(rows)]


async def trumps_of(conn: aiosqlite.Connection, guild_id: int, user_id: int) -> list[TrumpCount]:
    rows = await fetch_all(conn, TRUMPS_OF, (guild_id, user_id))
    return [TrumpCount(BidKind(r["kind"]), r["value"], r["named"], r["first"]) for r in rows]


async def pair_record(
    conn: aiosqlite.Connection, guild_id: int, user_id: int, opponent_id: int
) -> PairRecord | None:
    row = await fetch_one(conn, PAIR, (guild_id, user_id, opponent_id))
    return None if row is None else PairRecord(row["wins"], row["losses"])


async def computer_records(
    conn: aiosqlite.Connection, guild_id: int, user_id: int
) -> list[ComputerRecord]:
    rows = await fetch_all(conn, COMPUTER_RECORDS, (guild_id, user_id))
    return [ComputerRecord(r["level"], r["wins"], r["losses"]) for r in rows]


async def recent_games(
    conn: aiosqlite.Connection, guild_id: int, user_id: int, limit: int
) -> list[GameEntry]:
    """The player's last ``limit`` finished games in this server, newest first."""
    rows = await fetch_all(conn, RECENT_GAMES, (guild_id, user_id, limit))
    return [entry_from_row(r) for r in rows]
