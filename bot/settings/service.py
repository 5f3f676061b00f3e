"""A server's settings without Discord: reading them, checking where a game may start, and the
managers' changes. Who is a manager is the Discord glue's check (the Manage Server permission).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import replace

from bot.errors import BadRequest, Channels, NotAllowed
from bot.settings.model import GuildSettings
from bot.storage import Storage

log = logging.getLogger(__name__)

AUTO_LANGUAGE = "auto"
"""The ``language`` given to :meth:`SettingsService.change_settings` for the server's own
Discord language (stored as None)."""


class ChannelNotAllowed(NotAllowed):
    """Games may not be started in this channel: the server chose others (named as
    ``{channels}``, mentions in the glue)."""

    def __init__(self, channel_ids: Iterable[int], title: str | None = None) -> None:
        self.channel_ids = tuple(sorted(channel_ids))
        if title:
            super().__init__(
                "On this server, {game} games are started in {channels}.",
                game=title,
                channels=Channels(channel_ids),
            )
        else:
            super().__init__(
                "On this server, games are started in {channels}.", channels=Channels(channel_ids)
            )


class SettingsService:
    """Servers' settings on top of the storage; ``clock`` dates every change."""

    def __init__(self, storage: Storage, *, clock: Callable[[], float]) -> None:
        self.storage = storage
        self.clock = clock

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self.storage.read() as tx:
            return await tx.settings.guild_settings(guild_id)

    async def check_channel(
        self, guild_id: int, channel_id: int, *, title: str | None = None
    ) -> GuildSettings:
        """The server's settings, if games may be started in this channel (for a thread: its
        parent channel); otherwise :class:`ChannelNotAllowed` saying where they may. ``title``
        names the game in the refusal (``Vidrasso games are started in …``)."""
        settings = await self.guild_settings(guild_id)
        if not settings.allows(channel_id):
            raise ChannelNotAllowed(settings.channel_ids, title)
        return settings

    async def change_settings(
        self,
        guild_id: int,
        by_user_id: int,
        *,
        time_per_move: float | None = None,
        open_threads: bool | None = None,
        allow_channel: int | None = None,
        remove_channel: int | None = None,
        any_channel: bool = False,
        language: str | None = None,
    ) -> GuildSettings:
        """Change what is given, keep the rest; return the settings as stored. ``language``:
        a language code for the server's public messages, or ``auto`` for the server's own."""
        if time_per_move is not None and time_per_move <= 0:
            raise BadRequest("The time per move must be more than nothing.")
        if language is not None and not (language.isascii() and language.isalpha()):
            raise BadRequest("There is no language called {code}.", code=language)
        chosen = None if language == AUTO_LANGUAGE else language
        async with self.storage.transaction() as tx:
            settings = await tx.settings.guild_settings(guild_id)
            channels = set() if any_channel else set(settings.channel_ids)
            if allow_channel is not None:
                channels.add(allow_channel)
            if remove_channel is not None:
                channels.discard(remove_channel)
            settings = replace(
                settings,
                time_per_move=settings.time_per_move if time_per_move is None else time_per_move,
                open_threads=settings.open_threads if open_threads is None else open_threads,
                channel_ids=frozenset(channels),
                language=settings.language if language is None else chosen,
            )
            await tx.settings.put_guild_settings(settings, by_user_id, self.clock())
        log.info("settings of server %s changed by %s: %s", guild_id, by_user_id, settings)
        return settings
