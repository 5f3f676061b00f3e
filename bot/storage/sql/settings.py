"""Servers' settings in SQL (tables ``guild_settings`` and ``game_channels``, migration 0003).
Every query is a module constant; rows become :class:`GuildSettings` here."""

from __future__ import annotations

from bot.settings.model import GuildSettings
from bot.storage.sql.statements import Statements

SELECT_SETTINGS = "SELECT * FROM guild_settings WHERE guild_id = ?"
SELECT_CHANNELS = "SELECT channel_id FROM game_channels WHERE guild_id = ? ORDER BY channel_id"
PUT_SETTINGS = """
INSERT INTO guild_settings (guild_id, time_per_move, open_threads, language, updated_by,
                            updated_at)
VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id) DO UPDATE SET
    time_per_move = excluded.time_per_move, open_threads = excluded.open_threads,
    language = excluded.language, updated_by = excluded.updated_by,
    updated_at = excluded.updated_at
"""
ADD_CHANNEL = """
INSERT INTO game_channels (guild_id, channel_id) VALUES (?, ?) ON CONFLICT DO NOTHING
"""
REMOVE_CHANNEL = "DELETE FROM game_channels WHERE guild_id = ? AND channel_id = ?"


class SqlSettingsStore:
    """:class:`bot.settings.store.SettingsStore` over SQL statements."""

    def __init__(self, db: Statements) -> None:
        self.db = db

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self.db.fetch_one(SELECT_SETTINGS, (guild_id,))
        channels = frozenset(
            r["channel_id"] for r in await self.db.fetch_all(SELECT_CHANNELS, (guild_id,))
        )
        if row is None:
            return GuildSettings(guild_id, channel_ids=channels)
        return GuildSettings(
            guild_id=guild_id,
            time_per_move=row["time_per_move"],
            open_threads=bool(row["open_threads"]),
            language=row["language"],
            channel_ids=channels,
        )

    async def put_guild_settings(
        self, settings: GuildSettings, by_user_id: int, now: float
    ) -> None:
        guild_id = settings.guild_id
        await self.db.execute(
            PUT_SETTINGS,
            (
                guild_id,
                settings.time_per_move,
                int(settings.open_threads),
                settings.language,
                by_user_id,
                now,
            ),
        )
        stored = (await self.guild_settings(guild_id)).channel_ids
        for channel_id in stored - settings.channel_ids:
            await self.db.execute(REMOVE_CHANNEL, (guild_id, channel_id))
        for channel_id in settings.channel_ids - stored:
            await self.db.execute(ADD_CHANNEL, (guild_id, channel_id))
