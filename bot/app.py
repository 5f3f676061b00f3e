"""The Discord bot: built from the configuration by :func:`create_bot`, started by
``python -m bot``.

With ``BOT_SHARDS`` set it is discord.py's ``AutoShardedBot`` over the shards of
``BOT_SHARD_IDS`` (:class:`ShardedCardBot`); its background duties then look only after
the servers of those shards (:mod:`bot.shards`).

``setup_hook`` opens the services (the composition root, :mod:`bot.services`), builds the
shared Discord flows (table, hands, challenges), installs the one error handler of every
command, loads the cogs, syncs the slash commands, and then freezes what start-up built out of
the garbage collector's sight (:mod:`bot.memory`).
"""

from __future__ import annotations

import functools
import logging
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import discord
from discord import VoiceClient, app_commands
from discord.ext import commands

from bot.config import Config
from bot.drawing import table as drawing
from bot.drawing import text
from bot.games import GAMES
from bot.memory import settle_after_start
from bot.services import Services
from bot.workers import process_pool, start_all
from cogs.ui.challenges import Challenges
from cogs.ui.common import answer_error
from cogs.ui.games import presentation
from cogs.ui.hands import Hands
from cogs.ui.i18n import LANGUAGES, CommandTranslator, translations
from cogs.ui.permissions import Permits
from cogs.ui.review import Reviews
from cogs.ui.table import Publisher

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.play",
    "cogs.ladder",
    "cogs.clocks",
    "cogs.settings",
    "cogs.events",
    "cogs.review",
)
"""Every cog the bot loads, one file per feature under ``cogs/``."""


class CardBot(commands.Bot):
    """The bot, holding the services and the shared flows once ``setup_hook`` has run."""

    services: Services
    publisher: Publisher
    hands: Hands
    challenges: Challenges
    permits: Permits
    reviews: Reviews

    def __init__(self, config: Config, *, rng: random.Random | None = None, **options: Any) -> None:
        # A card bot never joins voice: discord.py's start-up warnings about its voice
        # libraries (PyNaCl, davey) would only worry whoever runs it. These are the flags
        # discord.py itself clears once it has warned.
        VoiceClient.warn_nacl = VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads; interactions carry the members we need
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        self.config = config
        self.rng = rng
        """Where the deals come from: a fresh unseeded generator unless one is given (tests give
        a seeded one, so a game plays the same on every run)."""
        self.drawing: ProcessPoolExecutor | None = None
        """The process that draws the tables' pictures (see :meth:`start_drawing`)."""
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CommandTranslator())
        self.services = await Services.open(self.config, rng=self.rng)
        self.publisher = Publisher(self)
        self.hands = Hands(self)
        self.challenges = Challenges(self)
        self.permits = Permits(self)
        self.reviews = Reviews(self)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.config.sync_commands:
            await self.sync_commands()
        self.start_drawing()
        settle_after_start()

    def start_drawing(self) -> None:
        """Draw the tables' pictures in processes of their own, off the event loop's GIL
        (docs/decisions.md, "Speed under load"): ``table_workers`` of them (0: in threads, as
        tests do). Each is started now and, before its first picture, learns every language's
        words and warms every registered game's table, so the first table after a start is as
        quick as the next; requests then carry plain data only."""
        workers = self.config.table_workers
        if not self.config.table_pictures or workers <= 0:
            return
        self.drawing = drawing_processes(workers)
        start_all(self.drawing, workers)
        drawing.draw_in(self.drawing)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Every slash command's failures, answered the same way (see ``answer_error``)."""
        await answer_error(interaction, error)

    async def sync_commands(self) -> None:
        """Instant sync to one test server when configured, global sync otherwise."""
        guild_id = self.config.sync_guild
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
        if self.drawing is not None:
            drawing.draw_in(None)
            self.drawing.shutdown(wait=False, cancel_futures=True)
            self.drawing = None
        services = getattr(self, "services", None)
        if services is not None:
            await services.close()


def drawing_processes(workers: int) -> ProcessPoolExecutor:
    """The processes that draw the tables (``workers`` of them, not started yet: see
    :func:`bot.workers.start_all`), as the bot makes them: each learns every language's words
    and warms every registered game's table before its first picture."""
    for kind in GAMES:
        # The game's presentation, here and now (not at its first table), and with it its
        # table picture, whose warm-up every drawing process then runs.
        presentation(kind)
    words = {language: translations(language) for language in LANGUAGES}
    text.learn(words)
    return process_pool(
        workers, warm_ups=[functools.partial(text.learn, words), *drawing.warm_ups()]
    )


class ShardedCardBot(CardBot, commands.AutoShardedBot):
    """The bot over some of its gateway shards, in one process of several over one database."""

    def __init__(self, config: Config, *, rng: random.Random | None = None) -> None:
        shards = config.shards
        super().__init__(config, rng=rng, shard_count=shards.count, shard_ids=sorted(shards.ids))
        log.info("running %s", shards)


def create_bot(config: Config | None = None, *, rng: random.Random | None = None) -> CardBot:
    """Build the bot from the configuration (environment / .env) without connecting: sharded
    when ``BOT_SHARDS`` is set, else one connection as discord.py makes it. ``rng`` deals
    the cards (tests seed it)."""
    config = config or Config()
    kind = ShardedCardBot if config.sharded else CardBot
    return kind(config, rng=rng)
