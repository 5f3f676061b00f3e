"""What the settings service needs from storage: one row of settings per server, and its list of
channels."""

from __future__ import annotations

from typing import Protocol

from bot.settings.model import GuildSettings


class SettingsStore(Protocol):
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; the defaults when none were stored."""
        ...

    async def put_guild_settings(
        self, settings: GuildSettings, by_user_id: int, now: float
    ) -> None:
        """Store a server's settings, its channel list included, and who changed them when."""
        ...
