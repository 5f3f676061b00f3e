"""Reviews and hint opt-ins in SQL: the review feature's store. Queries are module constants."""

from __future__ import annotations

from bot.storage.sql.statements import Statements

SELECT_REVIEW = "SELECT review FROM game_reviews WHERE game_id = ?"
SAVE_REVIEW = """
INSERT INTO game_reviews (game_id, review, created_at) VALUES (?, ?, ?)
ON CONFLICT (game_id) DO NOTHING
"""
HINTS_ON = "INSERT INTO game_hints (game_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING"
RECENT_FINISHED = """
SELECT id, kind FROM games WHERE guild_id = ? AND status = 'finished'
ORDER BY finished_at DESC, id DESC LIMIT ?
"""
WANTS_HINTS = "SELECT 1 AS yes FROM game_hints WHERE game_id = ? AND user_id = ?"


class SqlReviewStore:
    """:class:`bot.review.store.ReviewStore` over SQL statements."""

    def __init__(self, db: Statements) -> None:
        self.db = db

    async def review(self, game_id: int) -> str | None:
        row = await self.db.fetch_one(SELECT_REVIEW, (game_id,))
        return None if row is None else str(row["review"])

    async def save_review(self, game_id: int, review: str, now: float) -> None:
        await self.db.execute(SAVE_REVIEW, (game_id, review, now))

    async def hints_on(self, game_id: int, user_id: int) -> None:
        await self.db.execute(HINTS_ON, (game_id, user_id))

    async def wants_hints(self, game_id: int, user_id: int) -> bool:
        return await self.db.fetch_one(WANTS_HINTS, (game_id, user_id)) is not None

    async def recent_finished(self, guild_id: int, limit: int) -> list[tuple[int, str]]:
        rows = await self.db.fetch_all(RECENT_FINISHED, (guild_id, limit))
        return [(int(r["id"]), str(r["kind"])) for r in rows]
