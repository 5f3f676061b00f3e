"""The Discord bot: built from settings by :func:`create_bot`, started by ``python -m bot``.

``setup_hook`` opens the database, builds the game service, loads the cogs, registers the
persistent buttons and syncs the slash commands.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.computer import ComputerPlayer
from bot.schedule_service import ScheduleService
from bot.service import GameService
from bot.settings import Settings
from bot.storage.database import Database
from bot.storage.ladder import record_result
from bot.storage.schedule import keep_clock

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.vidrasso", "cogs.ladder", "cogs.schedule")
"""Every cog the bot loads, one file per feature under ``cogs/``."""


class VidrassoBot(commands.Bot):
    """The bot, holding the database and the game service once ``setup_hook`` has run."""

    db: Database
    service: GameService
    schedule: ScheduleService
    computer: ComputerPlayer

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads; interactions carry the members we need
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings

    async def setup_hook(self) -> None:
        self.db = await Database.open(self.settings.database)
        self.service = GameService(self.db)
        self.computer = ComputerPlayer(self.settings.ai_workers)
        self.service.finish_hooks.append(record_result)
        self.service.move_hooks.append(keep_clock)
        self.schedule = ScheduleService(self.db, self.service)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.settings.sync_commands:
            await self.sync_commands()

    async def sync_commands(self) -> None:
        """Instant sync to one test server when configured, global sync otherwise."""
        guild_id = self.settings.sync_guild
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to server %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally (may take up to an hour to show)", len(synced))

    async def close(self) -> None:
        await super().close()
        computer = getattr(self, "computer", None)
        if computer is not None:
            computer.close()
        db = getattr(self, "db", None)
        if db is not None:
            await db.close()


def create_bot(settings: Settings | None = None) -> VidrassoBot:
    """Build the bot from settings (environment / .env) without connecting."""
    return VidrassoBot(settings or Settings())
