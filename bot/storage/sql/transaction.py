"""One transaction's stores, over one :class:`Statements`: the same for both databases."""

from __future__ import annotations

from bot.storage.sql.clocks import SqlClockStore
from bot.storage.sql.events import SqlEventStore
from bot.storage.sql.games import GameRows
from bot.storage.sql.ladder import SqlLadderStore
from bot.storage.sql.learn import SqlLearnStore
from bot.storage.sql.play import SqlPlayStore
from bot.storage.sql.reviews import SqlReviewStore
from bot.storage.sql.settings import SqlSettingsStore
from bot.storage.sql.statements import Statements


class SqlTransaction:
    """:class:`bot.storage.Transaction`: every feature's store over one :class:`Statements`
    (the ladder's may be another: SQLite reads it off the event loop)."""

    __slots__ = ("clocks", "db", "events", "ladder", "learn", "play", "reviews", "settings")

    def __init__(self, db: Statements, games: GameRows, ladder: Statements | None = None) -> None:
        self.db = db
        self.play = SqlPlayStore(db, games)
        self.ladder = SqlLadderStore(ladder or db)
        self.clocks = SqlClockStore(db, games)
        self.settings = SqlSettingsStore(db)
        self.learn = SqlLearnStore(db)
        self.events = SqlEventStore(db)
        self.reviews = SqlReviewStore(db)

    async def claim(self, key: str) -> bool:
        return await self.db.claim(key)
