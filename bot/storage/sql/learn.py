"""Learners in SQL: the learn feature's store. Queries are module constants."""

from __future__ import annotations

from bot.learn.model import Learner
from bot.storage.sql.statements import Statements

SELECT_LEARNER = "SELECT hints_off, finished_at FROM learners WHERE user_id = ?"
SELECT_TIPS = "SELECT tip FROM learner_tips WHERE user_id = ?"
ADD_GAME = "INSERT INTO learn_games (game_id, user_id) VALUES (?, ?)"
LEARNER_OF = "SELECT user_id FROM learn_games WHERE game_id = ?"
ADD_TIP = "INSERT INTO learner_tips (user_id, tip) VALUES (?, ?) ON CONFLICT DO NOTHING"
HINTS_OFF = """
INSERT INTO learners (user_id, hints_off) VALUES (?, 1)
ON CONFLICT (user_id) DO UPDATE SET hints_off = 1
"""
FINISH = """
INSERT INTO learners (user_id, finished_at) VALUES (?, ?)
ON CONFLICT (user_id) DO UPDATE
SET finished_at = COALESCE(learners.finished_at, excluded.finished_at)
"""


class SqlLearnStore:
    """:class:`bot.learn.store.LearnStore` over SQL statements."""

    def __init__(self, db: Statements) -> None:
        self.db = db

    async def learner(self, user_id: int) -> Learner:
        row = await self.db.fetch_one(SELECT_LEARNER, (user_id,))
        tips = frozenset(r["tip"] for r in await self.db.fetch_all(SELECT_TIPS, (user_id,)))
        if row is None:
            return Learner(user_id, tips)
        return Learner(user_id, tips, bool(row["hints_off"]), row["finished_at"] is not None)

    async def add_game(self, game_id: int, user_id: int) -> None:
        await self.db.execute(ADD_GAME, (game_id, user_id))

    async def learner_of(self, game_id: int) -> int | None:
        row = await self.db.fetch_one(LEARNER_OF, (game_id,))
        return None if row is None else int(row["user_id"])

    async def mark_shown(self, user_id: int, tip: str) -> bool:
        return await self.db.execute(ADD_TIP, (user_id, tip)) == 1

    async def hints_off(self, user_id: int) -> None:
        await self.db.execute(HINTS_OFF, (user_id,))

    async def finish(self, user_id: int, now: float) -> None:
        await self.db.execute(FINISH, (user_id, now))
