"""A server's settings in Discord: ``/vidrasso settings`` and ``/vidrasso abort`` (the managers'
rescue for a stuck game).

Both join the ``/vidrasso`` group when the cog loads. Discord applies ``default_permissions`` only
to a whole top-level command, so these check the Manage Server permission when they run and
refuse everyone else politely. Failures are answered by the bot's one error handler
(``cogs.ui.common.answer_error``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.clocks.policy import preset_name
from bot.play.model import Game
from bot.settings.model import GuildSettings
from cogs.ui.clock_text import TIME_CHOICES
from cogs.ui.common import COLOUR, NOT_IN_DMS, mention, reply
from cogs.ui.group import Subcommand, attach, detach

if TYPE_CHECKING:
    from bot.app import VidrassoBot

log = logging.getLogger(__name__)

MANAGERS_ONLY = (
    "Only members with the **Manage Server** permission can {what}. "
    "Ask one of this server's managers."
)


def channel_mention(channel_id: int) -> str:
    return f"<#{channel_id}>"


def settings_embed(settings: GuildSettings, guild_name: str) -> discord.Embed:
    channels = (
        ", ".join(channel_mention(c) for c in sorted(settings.channel_ids))
        if settings.channel_ids
        else "any channel"
    )
    embed = discord.Embed(title=f"Vidrasso settings · {guild_name}", colour=COLOUR)
    embed.add_field(
        name="Default time per move", value=preset_name(settings.default_time), inline=False
    )
    embed.add_field(
        name="A thread for each game", value="yes" if settings.open_threads else "no", inline=False
    )
    embed.add_field(name="Games may be started in", value=channels, inline=False)
    embed.set_footer(text="A challenge may still choose its own time per move.")
    return embed


def aborted_text(game: Game, manager_id: int, reason: str | None) -> str:
    why = f" Reason: {reason}" if reason else ""
    return (
        f"🛑 Game {game.id} was stopped by {mention(manager_id)}, a server manager. "
        f"It ends without a winner and is not rated.{why}"
    )


class Settings(commands.Cog):
    """The managers' commands: the server's settings, and stopping a game."""

    def __init__(self, bot: VidrassoBot) -> None:
        self.bot = bot
        self.subcommands: list[Subcommand] = [
            app_commands.Command(
                name="settings",
                description="This server's Vidrasso settings (Manage Server only)",
                callback=self.settings,
            ),
            app_commands.Command(
                name="abort",
                description="Stop a game without a winner, unrated (Manage Server only)",
                callback=self.abort,
            ),
        ]

    async def cog_load(self) -> None:
        attach(self.bot, self.subcommands)

    async def cog_unload(self) -> None:
        detach(self.bot, self.subcommands)

    @staticmethod
    async def _managers_only(interaction: discord.Interaction, what: str) -> discord.Guild | None:
        """The server, when the member may manage it; otherwise answer them and None."""
        guild = interaction.guild
        if guild is None:
            await reply(interaction, NOT_IN_DMS)
            return None
        if not interaction.permissions.manage_guild:
            await reply(interaction, MANAGERS_ONLY.format(what=what))
            return None
        return guild

    @app_commands.describe(
        time="Default time per move of new challenges",
        threads="Open a thread for each game (when I may)",
        allow_channel="Allow starting games in this channel (once any is listed, only there)",
        remove_channel="Stop allowing games to be started in this channel",
        any_channel="Allow games in any channel again (clears the list)",
    )
    @app_commands.choices(time=TIME_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        time: int | None = None,
        threads: bool | None = None,
        allow_channel: discord.TextChannel | None = None,
        remove_channel: discord.TextChannel | None = None,
        any_channel: bool | None = None,
    ) -> None:
        guild = await self._managers_only(interaction, "change Vidrasso's settings")
        if guild is None:
            return
        service = self.bot.services.settings
        changes = (time, threads, allow_channel, remove_channel, any_channel)
        if all(value is None for value in changes):
            settings = await service.guild_settings(guild.id)
            await reply(interaction, embed=settings_embed(settings, guild.name))
            return
        settings = await service.change_settings(
            guild.id,
            interaction.user.id,
            time_per_move=None if time is None else float(time),
            open_threads=threads,
            allow_channel=None if allow_channel is None else allow_channel.id,
            remove_channel=None if remove_channel is None else remove_channel.id,
            any_channel=bool(any_channel),
        )
        await reply(interaction, "Saved.", embed=settings_embed(settings, guild.name))

    @app_commands.describe(
        game="The game's number (in /vidrasso games, and in its thread's name)",
        reason="Why, for the players (optional)",
    )
    async def abort(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1],
        reason: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        guild = await self._managers_only(interaction, "stop a game")
        if guild is None:
            return
        moved = await self.bot.services.games.abort(
            game, guild_id=guild.id, by_user_id=interaction.user.id, reason=reason
        )
        await reply(interaction, f"Game {game} is stopped: no winner, not rated.")
        publisher = self.bot.publisher
        try:
            await publisher.send(
                moved.game.place_id,
                aborted_text(moved.game, interaction.user.id, reason),
                mention=[],
            )
            await publisher.publish(moved)
        except discord.HTTPException as error:
            log.warning("could not announce the abort of game %s: %s", game, error)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings(bot))  # type: ignore[arg-type]
