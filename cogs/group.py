"""Subcommands that live in another cog but belong to the one ``/vidrasso`` group.

The group is owned by the Vidrasso cog (``cogs.vidrasso``, loaded first); other cogs attach
their subcommands to it when they load and take them off when they unload.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from discord import app_commands
from discord.ext import commands

Subcommand = app_commands.Command[Any, ..., None]


def vidrasso_group(bot: commands.Bot, who: str) -> app_commands.Group:
    group = bot.tree.get_command("vidrasso")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"{who} adds to /vidrasso: load cogs.vidrasso first")
    return group


def attach(bot: commands.Bot, who: str, subcommands: Sequence[Subcommand]) -> None:
    """Add ``subcommands`` to ``/vidrasso``."""
    group = vidrasso_group(bot, who)
    for command in subcommands:
        group.add_command(command)


def detach(bot: commands.Bot, subcommands: Sequence[Subcommand]) -> None:
    """Take ``subcommands`` off ``/vidrasso`` again (if it is still there)."""
    group = bot.tree.get_command("vidrasso")
    if isinstance(group, app_commands.Group):
        for command in subcommands:
            group.remove_command(command.name)
