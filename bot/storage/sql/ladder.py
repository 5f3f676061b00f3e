"""The ladder in SQL: results, ratings, aggregates and names (see migrations 0002 and 0005).
Every query is a module constant; rows become :mod:`bot.ladder.model` types here and go no
further.

A ladder is a server's and a game kind's; display names are a server's. Every aggregate is
written when a game finishes, so each read is a handful of index lookups (a deep leaderboard
page skips its offset on a covering index).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.ladder.model import (
    ComputerRecord,
    GameEntry,
    PairRecord,
    PartnerRecord,
    Result,
    Standing,
    Totals,
)
from bot.ladder.rating import Rating
from bot.storage.sql.statements import Row, Statements

# --- writing ------------------------------------------------------------------------------

ENTRY_EXISTS = "SELECT 1 FROM ladder_entries WHERE game_id = ? LIMIT 1"
UPSERT_PLAYER = """
INSERT INTO ladder_players (guild_id, kind, user_id, mu, sigma, rating, games, wins, losses,
                            streak, best_streak, rounds, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET
    mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, games = excluded.games,
    wins = excluded.wins, losses = excluded.losses, streak = excluded.streak,
    best_streak = excluded.best_streak, rounds = excluded.rounds,
    updated_at = excluded.updated_at
"""
SET_STAT = """
INSERT INTO ladder_stats (guild_id, kind, user_id, key, value) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (guild_id, kind, user_id, key) DO UPDATE SET value = excluded.value
"""
INSERT_ENTRY = """
INSERT INTO ladder_entries (game_id, kind, guild_id, user_id, seat, team, opponent_id,
                            computer_level, outcome, result, rated, points, opponent_points,
                            rounds, mu, sigma, finished_at, place)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
ADD_PAIR = """
INSERT INTO ladder_pairs (guild_id, kind, user_id, opponent_id, wins, losses, draws)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, kind, user_id, opponent_id) DO UPDATE SET
    wins = ladder_pairs.wins + excluded.wins, losses = ladder_pairs.losses + excluded.losses,
    draws = ladder_pairs.draws + excluded.draws
"""
ADD_COMPUTER = """
INSERT INTO computer_records (guild_id, kind, user_id, level, wins, losses)
VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, kind, user_id, level) DO UPDATE SET
    wins = computer_records.wins + excluded.wins,
    losses = computer_records.losses + excluded.losses
"""
REMEMBER_NAME = """
INSERT INTO display_names (guild_id, user_id, name, seen_at) VALUES (?, ?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at
"""

# --- reading ------------------------------------------------------------------------------

SELECT_PLAYER = """
SELECT p.*, n.name AS name FROM ladder_players AS p
LEFT JOIN display_names AS n ON n.guild_id = p.guild_id AND n.user_id = p.user_id
WHERE p.guild_id = ? AND p.kind = ? AND p.user_id = ?
"""
STATS_OF = """
SELECT user_id, key, value FROM ladder_stats WHERE guild_id = ? AND kind = ? AND user_id = ?
"""
STATS_OF_MANY = """
SELECT user_id, key, value FROM ladder_stats WHERE guild_id = ? AND kind = ? AND user_id
"""
"""The statistics of a page of players: completed by the dialect's ``any_of`` (one list)."""
COUNT_PLAYERS = "SELECT COUNT(*) FROM ladder_players WHERE guild_id = ? AND kind = ?"
RANK_OF = """
SELECT COUNT(*) + 1 FROM ladder_players WHERE guild_id = ? AND kind = ? AND rating > ?
"""
LEADERBOARD = """
SELECT p.*, n.name AS name FROM (
    -- Skipping OFFSET rows on the covering index alone keeps deep pages cheap.
    SELECT user_id, rating, games FROM ladder_players WHERE guild_id = ? AND kind = ?
    ORDER BY rating DESC, games DESC, user_id
    LIMIT ? OFFSET ?
) AS page
JOIN ladder_players AS p ON p.guild_id = ? AND p.kind = ? AND p.user_id = page.user_id
LEFT JOIN display_names AS n ON n.guild_id = p.guild_id AND n.user_id = p.user_id
ORDER BY page.rating DESC, page.games DESC, page.user_id
"""
RATING_HISTORY = """
SELECT mu, sigma, finished_at FROM ladder_entries
WHERE guild_id = ? AND kind = ? AND user_id = ? AND rated = 1
ORDER BY id DESC
LIMIT ?
"""
PAIR = """
SELECT wins, losses, draws FROM ladder_pairs
WHERE guild_id = ? AND kind = ? AND user_id = ? AND opponent_id = ?
"""
COMPUTER_RECORDS = """
SELECT level, wins, losses FROM computer_records
WHERE guild_id = ? AND kind = ? AND user_id = ?
ORDER BY level
"""
RECENT_GAMES = """
SELECT e.*, n.name AS opponent_name FROM ladder_entries AS e
LEFT JOIN display_names AS n ON n.guild_id = e.guild_id AND n.user_id = e.opponent_id
WHERE e.guild_id = ? AND e.kind = ? AND e.user_id = ?
ORDER BY e.id DESC
LIMIT ?
"""
PARTNERS = """
SELECT p.user_id AS partner_id, n.name AS name,
       SUM(CASE WHEN e.outcome = 'win' THEN 1 ELSE 0 END) AS wins,
       SUM(CASE WHEN e.outcome = 'loss' THEN 1 ELSE 0 END) AS losses
FROM ladder_entries AS e
JOIN ladder_entries AS p
  ON p.game_id = e.game_id AND p.team = e.team AND p.user_id <> e.user_id
LEFT JOIN display_names AS n ON n.guild_id = e.guild_id AND n.user_id = p.user_id
WHERE e.guild_id = ? AND e.kind = ? AND e.user_id = ? AND e.outcome IN ('win', 'loss')
GROUP BY p.user_id, n.name
ORDER BY COUNT(*) DESC, wins DESC, p.user_id
LIMIT ?
"""
NAME_OF = "SELECT name FROM display_names WHERE guild_id = ? AND user_id = ?"
RATING_CHANGES = """
SELECT e.user_id, e.mu, e.sigma, b.mu AS mu_before, b.sigma AS sigma_before
FROM ladder_entries AS e
LEFT JOIN ladder_entries AS b ON b.id = (
    SELECT p.id FROM ladder_entries AS p
    WHERE p.guild_id = e.guild_id AND p.kind = e.kind AND p.user_id = e.user_id
      AND p.rated = 1 AND p.id < e.id
    ORDER BY p.id DESC LIMIT 1
)
WHERE e.game_id = ? AND e.rated = 1
"""


def totals_from_row(row: Row, stats: Mapping[str, int]) -> Totals:
    """A player's totals from their ``ladder_players`` row and their statistics."""
    return Totals(
        rating=Rating(row["mu"], row["sigma"]),
        games=row["games"],
        wins=row["wins"],
        losses=row["losses"],
        streak=row["streak"],
        best_streak=row["best_streak"],
        rounds=row["rounds"],
        stats=dict(stats),
    )


def entry_from_row(row: Row) -> GameEntry:
    mu, sigma = row["mu"], row["sigma"]
    return GameEntry(
        game_id=row["game_id"],
        kind=row["kind"],
        guild_id=row["guild_id"],
        user_id=row["user_id"],
        seat=row["seat"],
        team=row["team"],
        opponent_id=row["opponent_id"],
        computer_level=row["computer_level"],
        result=Result(row["outcome"]),
        ending=row["result"],
        rated=bool(row["rated"]),
        points=row["points"],
        opponent_points=row["opponent_points"],
        rounds=row["rounds"],
        rating=None if mu is None or sigma is None else Rating(mu, sigma),
        finished_at=row["finished_at"],
        opponent_name=row["opponent_name"],
        place=row["place"],
    )


def stats_by_player(rows: list[Row]) -> dict[int, dict[str, int]]:
    """``ladder_stats`` rows grouped by player."""
    grouped: dict[int, dict[str, int]] = {}
    for row in rows:
        grouped.setdefault(row["user_id"], {})[row["key"]] = row["value"]
    return grouped


class SqlLadderStore:
    """:class:`bot.ladder.store.LadderStore` over SQL statements."""

    def __init__(self, db: Statements) -> None:
        self.db = db

    # --- writing ------------------------------------------------------------------------

    async def is_recorded(self, game_id: int) -> bool:
        return await self.db.fetch_one(ENTRY_EXISTS, (game_id,)) is not None

    async def hold_players(self, guild_id: int, kind: str, user_ids: Iterable[int]) -> None:
        # In one order (by user id), so two finishes sharing players never wait on each other
        # in a circle. A lock by name, not a row lock: a first game has no row to lock yet.
        for user_id in sorted(set(user_ids)):
            await self.db.hold(f"ladder:{guild_id}:{kind}:{user_id}")

    async def totals(self, guild_id: int, kind: str, user_id: int) -> Totals | None:
        found = await self.standing(guild_id, kind, user_id, ranked=False)
        return None if found is None else found.totals

    async def save_totals(
        self, guild_id: int, kind: str, user_id: int, totals: Totals, now: float
    ) -> None:
        rating = totals.rating
        await self.db.execute(
            UPSERT_PLAYER,
            (
                guild_id,
                kind,
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
                now,
            ),
        )
        await self.db.execute_many(
            SET_STAT,
            [(guild_id, kind, user_id, key, value) for key, value in totals.stats.items()],
        )

    async def add_entry(self, entry: GameEntry) -> None:
        rating = entry.rating
        await self.db.execute(
            INSERT_ENTRY,
            (
                entry.game_id,
                entry.kind,
                entry.guild_id,
                entry.user_id,
                entry.seat,
                entry.team,
                entry.opponent_id,
                entry.computer_level,
                entry.result.value,
                entry.ending,
                int(entry.rated),
                entry.points,
                entry.opponent_points,
                entry.rounds,
                None if rating is None else rating.mu,
                None if rating is None else rating.sigma,
                entry.finished_at,
                entry.place,
            ),
        )

    async def add_pair_result(
        self, guild_id: int, kind: str, user_id: int, opponent_id: int, won: bool | None
    ) -> None:
        wins, losses, draws = int(won is True), int(won is False), int(won is None)
        await self.db.execute(ADD_PAIR, (guild_id, kind, user_id, opponent_id, wins, losses, draws))

    async def add_computer_result(
        self, guild_id: int, kind: str, user_id: int, level: str, won: bool
    ) -> None:
        await self.db.execute(
            ADD_COMPUTER, (guild_id, kind, user_id, level, int(won), int(not won))
        )

    # --- reading ------------------------------------------------------------------------

    async def count_players(self, guild_id: int, kind: str) -> int:
        (row,) = await self.db.fetch_all(COUNT_PLAYERS, (guild_id, kind))  # a COUNT: one row
        return int(row[0])

    async def rank_of(self, guild_id: int, kind: str, shown_rating: int) -> int:
        """The rank that goes with a shown rating: one more than the players rated above it."""
        (row,) = await self.db.fetch_all(RANK_OF, (guild_id, kind, shown_rating))  # one row
        return int(row[0])

    async def leaderboard(
        self, guild_id: int, kind: str, *, offset: int, limit: int
    ) -> list[Standing]:
        rows = await self.db.fetch_all(LEADERBOARD, (guild_id, kind, limit, offset, guild_id, kind))
        dialect = self.db.dialect
        ids = dialect.as_list([row["user_id"] for row in rows])
        found = await self.db.fetch_all(STATS_OF_MANY + dialect.any_of, (guild_id, kind, ids))
        stats = stats_by_player(found)
        standings: list[Standing] = []
        rank = 0
        for i, row in enumerate(rows):
            if i == 0:
                rank = await self.rank_of(guild_id, kind, row["rating"])
            elif row["rating"] != rows[i - 1]["rating"]:
                rank = offset + i + 1
            totals = totals_from_row(row, stats.get(row["user_id"], {}))
            standings.append(Standing(row["user_id"], row["name"], totals, rank))
        return standings

    async def standing(
        self, guild_id: int, kind: str, user_id: int, *, ranked: bool = True
    ) -> Standing | None:
        """A player's standing; with ``ranked=False`` its rank is left at 0 (one query less)."""
        row = await self.db.fetch_one(SELECT_PLAYER, (guild_id, kind, user_id))
        if row is None:
            return None
        rows = await self.db.fetch_all(STATS_OF, (guild_id, kind, user_id))
        stats = stats_by_player(rows).get(user_id, {})
        rank = await self.rank_of(guild_id, kind, row["rating"]) if ranked else 0
        return Standing(user_id, row["name"], totals_from_row(row, stats), rank)

    async def rating_history(
        self, guild_id: int, kind: str, user_id: int, limit: int
    ) -> list[tuple[Rating, float]]:
        rows = await self.db.fetch_all(RATING_HISTORY, (guild_id, kind, user_id, limit))
        return [(Rating(r["mu"], r["sigma"]), r["finished_at"]) for r in reversed(rows)]

    async def rating_changes(self, game_id: int) -> dict[int, tuple[Rating | None, Rating]]:
        changes: dict[int, tuple[Rating | None, Rating]] = {}
        for r in await self.db.fetch_all(RATING_CHANGES, (game_id,)):
            before = None if r["mu_before"] is None else Rating(r["mu_before"], r["sigma_before"])
            changes[r["user_id"]] = (before, Rating(r["mu"], r["sigma"]))
        return changes

    async def pair_record(
        self, guild_id: int, kind: str, user_id: int, opponent_id: int
    ) -> PairRecord | None:
        row = await self.db.fetch_one(PAIR, (guild_id, kind, user_id, opponent_id))
        return None if row is None else PairRecord(row["wins"], row["losses"], row["draws"])

    async def computer_records(
        self, guild_id: int, kind: str, user_id: int
    ) -> list[ComputerRecord]:
        rows = await self.db.fetch_all(COMPUTER_RECORDS, (guild_id, kind, user_id))
        return [ComputerRecord(r["level"], r["wins"], r["losses"]) for r in rows]

    async def recent_games(
        self, guild_id: int, kind: str, user_id: int, limit: int
    ) -> list[GameEntry]:
        rows = await self.db.fetch_all(RECENT_GAMES, (guild_id, kind, user_id, limit))
        return [entry_from_row(r) for r in rows]

    async def partner_records(
        self, guild_id: int, kind: str, user_id: int, limit: int
    ) -> list[PartnerRecord]:
        rows = await self.db.fetch_all(PARTNERS, (guild_id, kind, user_id, limit))
        return [
            PartnerRecord(r["partner_id"], int(r["wins"]), int(r["losses"]), r["name"])
            for r in rows
        ]

    # --- names --------------------------------------------------------------------------

    async def remember_name(self, guild_id: int, user_id: int, name: str, now: float) -> None:
        await self.db.execute(REMEMBER_NAME, (guild_id, user_id, name, now))

    async def name_of(self, guild_id: int, user_id: int) -> str | None:
        row = await self.db.fetch_one(NAME_OF, (guild_id, user_id))
        return None if row is None else str(row["name"])
