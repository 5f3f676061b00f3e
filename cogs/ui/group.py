"""The ``/vidrasso`` command group, which every cog adds its subcommands to.

The group belongs to no cog: :func:`group` creates it on the bot's command tree the first time
any cog asks, so cogs may load in any order. A cog attaches its subcommands when it loads
(``cog_load``) and detaches them when it unloads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from discord import app_commands
from discord.ext import commands

from cogs.ui.i18n import N_

Subcommand = app_commands.Command[Any, ..., None]

NAME = "vidrasso"
DESCRIPTION = N_("Play Vidrasso, the two-player trick-taking card game")
"""Localised by the command translator (the commands' catalog)."""


def group(bot: commands.Bot) -> app_commands.Group:
    """The ``/vidrasso`` group on this bot's tree (created, guild-only, on first use)."""
    found = bot.tree.get_command(NAME)
    if isinstance(found, app_commands.Group):
        return found
    created = app_commands.Group(name=NAME, description=DESCRIPTION, guild_only=True)
    bot.tree.add_command(created)
    return created


def attach(bot: commands.Bot, subcommands: Sequence[Subcommand]) -> None:
    """Add ``subcommands`` to ``/vidrasso``."""
    target = group(bot)
    for command in subcommands:
        target.add_command(command)


def detach(bot: commands.Bot, subcommands: Sequence[Subcommand]) -> None:
    """Take ``subcommands`` off ``/vidrasso`` again (if it is still there)."""
    found = bot.tree.get_command(NAME)
    if isinstance(found, app_commands.Group):
        for command in subcommands:
            found.remove_command(command.name)
