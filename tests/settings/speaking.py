"""Languages for harness tests: a server whose Discord language is Japanese, and members whose
Discord client is in Japanese (the harness speaks en-US unless told otherwise)."""

from __future__ import annotations

import discord

from tests.harness import Account, Harness


def server_speaks(h: Harness, locale: discord.Locale) -> None:
    """The server's Discord language is ``locale`` from now on (what public messages use while
    the managers have not chosen one), also for the bot already attached."""
    h.world.guild_locale = locale.value
    guild = h.bot.get_guild(h.world.guild_id)
    assert guild is not None
    guild.preferred_locale = locale


def members_speak(h: Harness, locale: discord.Locale, *names: str) -> list[Account]:
    """These members' Discord clients are in ``locale`` from now on: their accounts (use these,
    not ones taken before)."""
    return [h.set_locale(h.users[name], locale.value) for name in names]
