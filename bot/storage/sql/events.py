"""Events and seasons in SQL (migration 0016). Every query is a module constant; rows become
the records of :mod:`bot.events.records` here."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.events.records import AuditLine, Entrant, Event, EventTable, Season
from bot.ladder.period import PeriodEntry
from bot.ladder.rating import Rating
from bot.shards import Shards
from bot.storage.sql.shards import owned, shard_args, sharded
from bot.storage.sql.statements import Row, Statements

INSERT_EVENT = """
INSERT INTO events (guild_id, channel_id, organiser_id, kind, format, rounds, time_per_move,
                    seats, partners, target, starts_at, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
"""
SELECT_EVENT = "SELECT * FROM events WHERE id = ?"
SELECT_ENTRANTS = "SELECT * FROM event_players WHERE event_id = ? ORDER BY position"
SELECT_TABLES = "SELECT * FROM event_tables WHERE event_id = ? ORDER BY round, number"
SELECT_LOG = "SELECT * FROM event_log WHERE event_id = ? ORDER BY id"
SET_MESSAGE = "UPDATE events SET message_id = ? WHERE id = ?"
ADD_ENTRANT = """
INSERT INTO event_players (event_id, user_id, position, rating)
SELECT ?, ?, COALESCE(MAX(position) + 1, 0), 0 FROM event_players WHERE event_id = ?
ON CONFLICT DO NOTHING
"""
DROP_ENTRANT = "DELETE FROM event_players WHERE event_id = ? AND user_id = ?"
RENUMBER = """
UPDATE event_players SET position = position - 1 WHERE event_id = ? AND position > ?
"""
SET_RATING = "UPDATE event_players SET rating = ? WHERE event_id = ? AND user_id = ?"
REMOVE_ENTRANT = "UPDATE event_players SET removed = 1 WHERE event_id = ? AND user_id = ?"
REPLACE_ENTRANT = "UPDATE event_players SET computer = ? WHERE event_id = ? AND user_id = ?"
START_EVENT = """
UPDATE events SET status = 'running', seeds = ?, rounds = ? WHERE id = ? AND status = 'signup'
"""
SET_ROUND = """
UPDATE events SET round = ?, round_deadline = ? WHERE id = ? AND round = ? AND status = 'running'
"""
CLOSE_EVENT = """
UPDATE events SET status = ?, finished_at = ? WHERE id = ? AND status IN ('signup', 'running')
"""
INSERT_TABLE = """
INSERT INTO event_tables (event_id, round, number, game_id, units, sides, players, places,
                          status)
VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)
"""
TABLE_OF_GAME = "SELECT * FROM event_tables WHERE game_id = ?"
FINISH_TABLE = """
UPDATE event_tables SET places = ?, status = 'done' WHERE game_id = ? AND status = 'playing'
"""
LOG = "INSERT INTO event_log (event_id, at, user_id, action, subject) VALUES (?, ?, ?, ?, ?)"
DUE_EVENTS = f"""
SELECT id FROM events
WHERE ((status = 'running' AND (round_deadline <= ? OR NOT EXISTS (
            SELECT 1 FROM event_tables AS t
            WHERE t.event_id = events.id AND t.round = events.round AND t.status = 'playing')))
       OR (status = 'signup' AND starts_at <= ?))
  AND {owned("guild_id")}
ORDER BY id
"""
EVENTS_OF_GUILD = """
SELECT id FROM events WHERE guild_id = ? AND status IN ('signup', 'running') ORDER BY id
"""
LATEST_OF_GUILD = "SELECT id FROM events WHERE guild_id = ? ORDER BY id DESC LIMIT ?"
OPEN_SEASON = (
    "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL ORDER BY id DESC LIMIT 1"
)
LAST_SEASON = "SELECT * FROM seasons WHERE guild_id = ? ORDER BY id DESC LIMIT 1"
START_SEASON = """
INSERT INTO seasons (guild_id, name, started_at, started_by) VALUES (?, ?, ?, ?) RETURNING id
"""
END_SEASON = "UPDATE seasons SET ended_at = ?, ended_by = ? WHERE id = ? AND ended_at IS NULL"
PERIOD_ENTRIES = """
SELECT user_id, outcome, mu, sigma FROM ladder_entries
WHERE guild_id = ? AND kind = ? AND rated = 1 AND mu IS NOT NULL
  AND finished_at >= ? AND finished_at < ?
ORDER BY finished_at, id
"""
RATINGS_BEFORE = """
SELECT e.user_id, e.mu, e.sigma FROM ladder_entries AS e
WHERE e.guild_id = ? AND e.kind = ? AND e.rated = 1 AND e.mu IS NOT NULL AND e.finished_at < ?
  AND e.id = (SELECT MAX(x.id) FROM ladder_entries AS x
              WHERE x.guild_id = e.guild_id AND x.kind = e.kind AND x.user_id = e.user_id
                AND x.rated = 1 AND x.mu IS NOT NULL AND x.finished_at < ?)
"""
PERIOD_KINDS = """
SELECT DISTINCT kind FROM ladder_entries
WHERE guild_id = ? AND rated = 1 AND finished_at >= ? AND finished_at < ? ORDER BY kind
"""
SELECT_PERMISSION = "SELECT permission FROM event_settings WHERE guild_id = ?"
PUT_PERMISSION = """
INSERT INTO event_settings (guild_id, permission) VALUES (?, ?)
ON CONFLICT (guild_id) DO UPDATE SET permission = excluded.permission
"""


def _ints(text: str | None) -> tuple[int, ...] | None:
    return None if text is None else tuple(json.loads(text))


class SqlEventStore:
    """Events over SQL statements."""

    def __init__(self, db: Statements) -> None:
        self.db = db

    async def insert_event(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        kind: str,
        format: str,
        rounds: int,
        time_per_move: float,
        seats: int,
        partners: str,
        target: int,
        starts_at: float | None,
        now: float,
    ) -> int:
        return await self.db.insert(
            INSERT_EVENT,
            (
                guild_id, channel_id, organiser_id, kind, format, rounds, time_per_move,
                seats, partners, target, starts_at, now,
            ),
        )  # fmt: skip

    async def get_event(self, event_id: int) -> Event | None:
        row = await self.db.fetch_one(SELECT_EVENT, (event_id,))
        if row is None:
            return None
        entrants = tuple(
            Entrant(r["user_id"], r["position"], r["rating"], r["computer"], bool(r["removed"]))
            for r in await self.db.fetch_all(SELECT_ENTRANTS, (event_id,))
        )
        tables = tuple(_table(r) for r in await self.db.fetch_all(SELECT_TABLES, (event_id,)))
        return Event(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            organiser_id=row["organiser_id"],
            kind=row["kind"],
            format=row["format"],
            rounds=row["rounds"],
            time_per_move=row["time_per_move"],
            seats=row["seats"],
            partners=row["partners"],
            target=row["target"],
            status=row["status"],
            round=row["round"],
            round_deadline=row["round_deadline"],
            starts_at=row["starts_at"],
            seeds=_ints(row["seeds"]),
            created_at=row["created_at"],
            finished_at=row["finished_at"],
            entrants=entrants,
            tables=tables,
        )

    async def hold_event(self, event_id: int) -> None:
        await self.db.hold(f"event:{event_id}")

    async def set_message(self, event_id: int, message_id: int) -> None:
        await self.db.execute(SET_MESSAGE, (message_id, event_id))

    async def add_entrant(self, event_id: int, user_id: int) -> bool:
        return await self.db.execute(ADD_ENTRANT, (event_id, user_id, event_id)) == 1

    async def drop_entrant(self, event_id: int, user_id: int, position: int) -> None:
        await self.db.execute(DROP_ENTRANT, (event_id, user_id))
        await self.db.execute(RENUMBER, (event_id, position))

    async def set_rating(self, event_id: int, user_id: int, rating: int) -> None:
        await self.db.execute(SET_RATING, (rating, event_id, user_id))

    async def remove_entrant(self, event_id: int, user_id: int) -> None:
        await self.db.execute(REMOVE_ENTRANT, (event_id, user_id))

    async def replace_entrant(self, event_id: int, user_id: int, level: str) -> None:
        await self.db.execute(REPLACE_ENTRANT, (level, event_id, user_id))

    async def start_event(self, event_id: int, seeds: Sequence[int], rounds: int) -> bool:
        return await self.db.execute(START_EVENT, (json.dumps(list(seeds)), rounds, event_id)) == 1

    async def set_round(
        self, event_id: int, number: int, deadline: float | None, previous: int
    ) -> bool:
        return await self.db.execute(SET_ROUND, (number, deadline, event_id, previous)) == 1

    async def close_event(self, event_id: int, status: str, now: float) -> bool:
        return await self.db.execute(CLOSE_EVENT, (status, now, event_id)) == 1

    async def insert_table(self, event_id: int, table: EventTable) -> None:
        await self.db.execute(
            INSERT_TABLE,
            (
                event_id, table.round, table.number, table.game_id,
                json.dumps(list(table.units)), json.dumps(list(table.sides)),
                json.dumps(list(table.players)), table.status,
            ),
        )  # fmt: skip

    async def table_of_game(self, game_id: int) -> tuple[int, EventTable] | None:
        """The event and table a game is played at, if any."""
        row = await self.db.fetch_one(TABLE_OF_GAME, (game_id,))
        return None if row is None else (row["event_id"], _table(row))

    async def finish_table(self, game_id: int, places: Sequence[int] | None) -> bool:
        text = None if places is None else json.dumps(list(places))
        return await self.db.execute(FINISH_TABLE, (text, game_id)) == 1

    async def log(
        self, event_id: int, at: float, user_id: int, action: str, subject: int | None
    ) -> None:
        await self.db.execute(LOG, (event_id, at, user_id, action, subject))

    async def audit(self, event_id: int) -> list[AuditLine]:
        rows = await self.db.fetch_all(SELECT_LOG, (event_id,))
        return [AuditLine(r["at"], r["user_id"], r["action"], r["subject"]) for r in rows]

    async def due_events(self, now: float, shards: Shards) -> list[int]:
        d = self.db.dialect
        rows = await self.db.fetch_all(sharded(DUE_EVENTS, d), (now, now, *shard_args(shards, d)))
        return [r["id"] for r in rows]

    async def open_events(self, guild_id: int) -> list[int]:
        return [r["id"] for r in await self.db.fetch_all(EVENTS_OF_GUILD, (guild_id,))]

    async def latest_events(self, guild_id: int, limit: int) -> list[int]:
        return [r["id"] for r in await self.db.fetch_all(LATEST_OF_GUILD, (guild_id, limit))]

    async def open_season(self, guild_id: int) -> Season | None:
        return _season(await self.db.fetch_one(OPEN_SEASON, (guild_id,)))

    async def last_season(self, guild_id: int) -> Season | None:
        return _season(await self.db.fetch_one(LAST_SEASON, (guild_id,)))

    async def start_season(self, guild_id: int, name: str, now: float, by_user_id: int) -> int:
        return await self.db.insert(START_SEASON, (guild_id, name, now, by_user_id))

    async def end_season(self, season_id: int, now: float, by_user_id: int) -> bool:
        return await self.db.execute(END_SEASON, (now, by_user_id, season_id)) == 1

    async def period_entries(
        self, guild_id: int, kind: str, start: float, end: float
    ) -> tuple[list[PeriodEntry], dict[int, Rating]]:
        """The period's rated games of ``kind`` in order, and each of their players' rating
        before the period."""
        rows = await self.db.fetch_all(PERIOD_ENTRIES, (guild_id, kind, start, end))
        entries = [
            PeriodEntry(r["user_id"], r["outcome"], Rating(r["mu"], r["sigma"])) for r in rows
        ]
        earlier = await self.db.fetch_all(RATINGS_BEFORE, (guild_id, kind, start, start))
        return entries, {r["user_id"]: Rating(r["mu"], r["sigma"]) for r in earlier}

    async def period_kinds(self, guild_id: int, start: float, end: float) -> list[str]:
        rows = await self.db.fetch_all(PERIOD_KINDS, (guild_id, start, end))
        return [r["kind"] for r in rows]

    async def permission(self, guild_id: int) -> str | None:
        row = await self.db.fetch_one(SELECT_PERMISSION, (guild_id,))
        return None if row is None else str(row["permission"])

    async def put_permission(self, guild_id: int, permission: str) -> None:
        await self.db.execute(PUT_PERMISSION, (guild_id, permission))


def _season(row: Row | None) -> Season | None:
    if row is None:
        return None
    return Season(
        id=row["id"],
        guild_id=row["guild_id"],
        name=row["name"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
    )


def _table(row: Row) -> EventTable:
    return EventTable(
        round=row["round"],
        number=row["number"],
        game_id=row["game_id"],
        units=tuple(json.loads(row["units"])),
        sides=tuple(json.loads(row["sides"])),
        players=tuple(json.loads(row["players"])),
        places=_ints(row["places"]),
        status=row["status"],
    )
