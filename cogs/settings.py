"""A server's settings in Discord: ``/manage settings`` and ``/manage abort`` (the managers'
rescue for a stuck game).

Both join the top-level ``/manage`` group when the cog loads, which Discord shows by default to
members with Manage Server only (``default_permissions``, which Discord applies to top-level
commands only). A server's owner may change who sees it (Server Settings › Integrations), so the
commands still check Manage Server when they run and refuse everyone else politely. Failures
are answered by the bot's one error handler (``cogs.ui.common.answer_error``). Answers are
private, in the manager's own words; the notice of a stopped game is posted in the game's place,
in the server's words.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.play.model import Game
from bot.settings.model import GuildSettings
from cogs.ui.clock_text import TIME_CHOICES, preset_text
from cogs.ui.common import COLOUR, NOT_IN_DMS, mention, reply
from cogs.ui.group import Subcommand, attach_managed, detach_managed
from cogs.ui.i18n import ENGLISH, N_, Words, language_of, private
from cogs.ui.permissions import add_check, survey

if TYPE_CHECKING:
    from bot.app import CardBot

log = logging.getLogger(__name__)

SETTINGS_MANAGERS_ONLY = N_(
    "Only members with the **Manage Server** permission can change this server's game settings. "
    "Ask one of this server's managers."
)
ABORT_MANAGERS_ONLY = N_(
    "Only members with the **Manage Server** permission can stop a game. "
    "Ask one of this server's managers."
)
AUTO = "auto"
"""The ``language`` choice for the server's own Discord language (stored as None)."""
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}
"""Each language by its own name, as language pickers show them."""
LANGUAGE_CHOICES = [
    app_commands.Choice(name="The server's language", value=AUTO),
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="日本語 (Japanese)", value="ja"),
]
"""Japanese is named in both scripts: a choice's name must differ from its translation."""


def channel_mention(channel_id: int) -> str:
    return f"<#{channel_id}>"


def language_text(settings: GuildSettings, guild_language: str, tr: Words) -> str:
    """The language of the server's public messages: the one chosen, or the server's own."""
    if settings.language:
        return LANGUAGE_NAMES.get(settings.language, settings.language)
    return tr(
        "the server's language ({name})",
        name=LANGUAGE_NAMES.get(guild_language, guild_language),
    )


def settings_embed(
    settings: GuildSettings, guild_name: str, tr: Words, *, guild_language: str = ENGLISH
) -> discord.Embed:
    """The server's settings; ``guild_language``: the server's own Discord language."""
    channels = (
        ", ".join(channel_mention(c) for c in sorted(settings.channel_ids))
        if settings.channel_ids
        else tr("any channel")
    )
    embed = discord.Embed(title=tr("Game settings · {server}", server=guild_name), colour=COLOUR)
    embed.add_field(
        name=tr("Default time per move"),
        value=preset_text(settings.default_time, tr),
        inline=False,
    )
    embed.add_field(
        name=tr("A thread for each game"),
        value=tr("yes") if settings.open_threads else tr("no"),
        inline=False,
    )
    embed.add_field(name=tr("Games may be started in"), value=channels, inline=False)
    embed.add_field(
        name=tr("Language of public messages"),
        value=language_text(settings, guild_language, tr),
        inline=False,
    )
    embed.set_footer(text=tr("A challenge may still choose its own time per move."))
    return embed


def aborted_text(game: Game, manager_id: int, reason: str | None, tr: Words) -> str:
    if reason:
        return tr(
            "🛑 Game {game} was stopped by {manager}, a server manager. It ends without a "
            "winner and is not rated. Reason: {reason}",
            game=game.id,
            manager=mention(manager_id),
            reason=reason,
        )
    return tr(
        "🛑 Game {game} was stopped by {manager}, a server manager. It ends without a "
        "winner and is not rated.",
        game=game.id,
        manager=mention(manager_id),
    )


class Settings(commands.Cog):
    """The managers' commands: the server's settings, and stopping a game."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        self._surveyed = False
        self.subcommands: list[Subcommand] = [
            app_commands.Command(
                name="settings",
                description="This server's game settings (Manage Server only)",
                callback=self.settings,
            ),
            app_commands.Command(
                name="abort",
                description="Stop a game without a winner, unrated (Manage Server only)",
                callback=self.abort,
            ),
        ]

    async def cog_load(self) -> None:
        attach_managed(self.bot, self.subcommands)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once, at start: the channels servers limit games to where a permission is missing
        (a warning line each)."""
        if self._surveyed:
            return
        self._surveyed = True
        try:
            await survey(self.bot)
        except Exception:
            log.exception("could not check the permissions of the servers' game channels")

    async def cog_unload(self) -> None:
        detach_managed(self.bot, self.subcommands)

    @staticmethod
    async def _managers_only(
        interaction: discord.Interaction, refusal: str
    ) -> discord.Guild | None:
        """The server, when the member may manage it; otherwise answer them (``refusal``)
        and None."""
        guild = interaction.guild
        tr = private(interaction)
        if guild is None:
            await reply(interaction, tr(NOT_IN_DMS))
            return None
        if not interaction.permissions.manage_guild:
            await reply(interaction, tr(refusal))
            return None
        return guild

    @app_commands.describe(
        time="Default time per move of new challenges",
        threads="Open a thread for each game (when I may)",
        allow_channel="Allow starting games in this channel (once any is listed, only there)",
        remove_channel="Stop allowing games to be started in this channel",
        any_channel="Allow games in any channel again (clears the list)",
        language="The language of public messages: tables, challenges, reminders",
    )
    @app_commands.choices(time=TIME_CHOICES)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        time: int | None = None,
        threads: bool | None = None,
        allow_channel: discord.TextChannel | None = None,
        remove_channel: discord.TextChannel | None = None,
        any_channel: bool | None = None,
        language: str | None = None,
    ) -> None:
        guild = await self._managers_only(interaction, SETTINGS_MANAGERS_ONLY)
        if guild is None:
            return
        tr = private(interaction)
        own = language_of(guild.preferred_locale)
        service = self.bot.services.settings
        changes = (time, threads, allow_channel, remove_channel, any_channel, language)
        if all(value is None for value in changes):
            settings = await service.guild_settings(guild.id)
            embed = settings_embed(settings, guild.name, tr, guild_language=own)
            add_check(embed, interaction, settings.open_threads, tr)
            await reply(interaction, embed=embed)
            return
        settings = await service.change_settings(
            guild.id,
            interaction.user.id,
            time_per_move=None if time is None else float(time),
            open_threads=threads,
            allow_channel=None if allow_channel is None else allow_channel.id,
            remove_channel=None if remove_channel is None else remove_channel.id,
            any_channel=bool(any_channel),
            language=language,
        )
        embed = settings_embed(settings, guild.name, tr, guild_language=own)
        add_check(embed, interaction, settings.open_threads, tr)
        await reply(interaction, tr("Saved."), embed=embed)

    @app_commands.describe(
        game="The game's number (in /games, and in its thread's name)",
        reason="Why, for the players (optional)",
    )
    async def abort(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1],
        reason: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        guild = await self._managers_only(interaction, ABORT_MANAGERS_ONLY)
        if guild is None:
            return
        moved = await self.bot.services.games.abort(
            game, guild_id=guild.id, by_user_id=interaction.user.id, reason=reason
        )
        tr = private(interaction)
        await reply(interaction, tr("Game {game} is stopped: no winner, not rated.", game=game))
        publisher = self.bot.publisher
        try:
            public = await publisher.words(guild.id)
            await publisher.send(
                moved.game.place_id,
                aborted_text(moved.game, interaction.user.id, reason, public),
                mention=[],
            )
            await publisher.publish(moved)
        except discord.HTTPException as error:
            log.warning("could not announce the abort of game %s: %s", game, error)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings(bot))  # type: ignore[arg-type]
