"""Where the cogs' slash commands go: the shared, game-free commands at the top level
(``/games``, ``/hand``, ``/leaderboard``…) and the managers' commands in the ``/manage`` group.

Each game's own commands (``/vidrasso challenge``…) are in its own group, which
:mod:`cogs.play` builds from the registry. ``/manage`` belongs to no cog: :func:`manage` creates
it on the bot's command tree the first time any cog asks, so cogs may load in any order. A cog
attaches its commands when it loads (``cog_load``) and detaches them when it unloads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui.i18n import N_

Subcommand = app_commands.Command[Any, ..., None]
"""A command a cog makes: top-level, or in a game's group or ``/manage``."""

MANAGE = "manage"
MANAGE_DESCRIPTION = N_("This server's game settings, and stopping a game (Manage Server only)")
"""Localised by the command translator (the commands' catalog)."""
MANAGERS = discord.Permissions(manage_guild=True)
"""Who Discord shows ``/manage`` to unless a server changes it (Server Settings ›
Integrations): Discord applies these defaults to top-level commands only, hence a group of its
own rather than subcommands of a game's group."""


def top_level(command: Subcommand) -> Subcommand:
    """``command``, made for the top level: usable in servers only (every command here is about
    a server's games)."""
    command.guild_only = True
    return command


def attach(bot: commands.Bot, top: Sequence[Subcommand]) -> None:
    """Add ``top`` to the bot's tree as top-level commands."""
    for command in top:
        bot.tree.add_command(top_level(command))


def detach(bot: commands.Bot, top: Sequence[Subcommand]) -> None:
    """Take ``top`` off the tree again."""
    for command in top:
        bot.tree.remove_command(command.name)


def manage(bot: commands.Bot) -> app_commands.Group:
    """The ``/manage`` group on this bot's tree (created on first use: guild-only, shown by
    default to members with Manage Server only)."""
    found = bot.tree.get_command(MANAGE)
    if isinstance(found, app_commands.Group):
        return found
    created = app_commands.Group(
        name=MANAGE,
        description=MANAGE_DESCRIPTION,
        guild_only=True,
        default_permissions=MANAGERS,
    )
    bot.tree.add_command(created)
    return created


def attach_managed(bot: commands.Bot, subcommands: Sequence[Subcommand]) -> None:
    """Add ``subcommands`` to ``/manage``."""
    target = manage(bot)
    for command in subcommands:
        target.add_command(command)


def detach_managed(bot: commands.Bot, subcommands: Sequence[Subcommand]) -> None:
    """Take ``subcommands`` off ``/manage``, and the group with its last one."""
    found = bot.tree.get_command(MANAGE)
    if isinstance(found, app_commands.Group):
        for command in subcommands:
            found.remove_command(command.name)
        if not found.commands:
            bot.tree.remove_command(MANAGE)
