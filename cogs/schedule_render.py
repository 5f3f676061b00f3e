"""Words and embeds for asynchronous play: time choices, reminders, the inbox, settings and
preferences. Nothing here sends anything or reads the database."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands

from bot.deadlines import PRESETS, NotifyMode, NotifyPrefs, duration_text, preset_name
from bot.storage.games import GameRow
from bot.storage.schedule import GuildSettings
from cogs.render import COLOUR

TIME_CHOICES = [app_commands.Choice(name=label, value=int(seconds)) for label, seconds in PRESETS]
"""The time-per-move presets as slash-command choices (seconds)."""

MODE_CHOICES = [
    app_commands.Choice(name="Mention me in the game's thread or channel", value="channel"),
    app_commands.Choice(name="Send me a direct message", value="dm"),
    app_commands.Choice(name="No reminders", value="off"),
]

MODE_TEXT = {
    NotifyMode.CHANNEL: "a mention in the game's thread or channel",
    NotifyMode.DM: "a direct message (a mention in the game's channel if I cannot DM you)",
    NotifyMode.OFF: "no reminders (the table still mentions you when it is your turn)",
}


def jump_url(guild_id: int, channel_id: int, message_id: int | None) -> str:
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{guild_id}/{channel_id}{tail}"


def table_url(game: GameRow) -> str:
    return jump_url(game.guild_id, game.place_id, game.table_message_id)


def deadline_text(deadline_at: float) -> str:
    """A deadline as Discord shows it to each reader: their local date and time, and how long
    from now (``<t:…:R>`` stays current without edits)."""
    return f"<t:{int(deadline_at)}:f> (<t:{int(deadline_at)}:R>)"


def time_left(deadline_at: float | None, now: float) -> str:
    if deadline_at is None:
        return "no deadline"
    return f"{duration_text(max(0.0, deadline_at - now))} left"


def reminder_text(
    game: GameRow, seats: Sequence[int], deadline_at: float, now: float, *, last: bool
) -> str:
    """A reminder in the game's place, mentioning the players it waits for."""
    mentions = " ".join(f"<@{game.player_ids[s]}>" for s in seats)
    against = f" against <@{game.player_ids[1 - seats[0]]}>" if len(seats) == 1 else ""
    first = "⏰ Last reminder" if last else "⏰ Reminder"
    return (
        f"{first}: {mentions}, it's your move in Vidrasso game {game.id}{against} — "
        f"{time_left(deadline_at, now)} (until <t:{int(deadline_at)}:f>). "
        f"When time runs out, the game is lost on time. [Go to the table]({table_url(game)})"
    )


def reminder_dm(
    game: GameRow, seat: int, deadline_at: float, now: float, guild_name: str | None, *, last: bool
) -> str:
    """A reminder by direct message."""
    where = f" on **{guild_name}**" if guild_name else ""
    first = "⏰ Last reminder" if last else "⏰ Reminder"
    return (
        f"{first}: it's your move in Vidrasso game {game.id} against "
        f"<@{game.player_ids[1 - seat]}>{where} — {time_left(deadline_at, now)} "
        f"(until <t:{int(deadline_at)}:f>). [Go to the table]({table_url(game)})\n"
        "-# Change how I remind you with `/vidrasso notify`."
    )


def both_out_of_time_text(game: GameRow, time_per_move: float) -> str:
    a, b = (f"<@{i}>" for i in game.player_ids)
    return (
        f"⏰ Time is up in game {game.id}: neither {a} nor {b} gave a gift within "
        f"{preset_name(time_per_move)}. The game ends without a winner and is not rated."
    )


def aborted_text(game: GameRow, manager_id: int, reason: str | None) -> str:
    why = f" Reason: {reason}" if reason else ""
    return (
        f"🛑 Game {game.id} was stopped by <@{manager_id}>, a server manager. "
        f"It ends without a winner and is not rated.{why}"
    )


def inbox_line(
    game: GameRow, user_id: int, your_turn: bool, deadline: float | None, now: float
) -> str:
    seat = game.seat_of(user_id)
    assert seat is not None
    state = game.state
    turn = "**your turn**" if your_turn else "their turn"
    due = "" if deadline is None else f" · {time_left(deadline, now)} (<t:{int(deadline)}:R>)"
    return (
        f"• Game {game.id} vs <@{game.player_ids[1 - seat]}> — round {state.round.number}, "
        f"{state.totals[seat]}–{state.totals[1 - seat]}, {turn}{due} · [table]({table_url(game)})"
    )


def settings_embed(settings: GuildSettings, guild_name: str) -> discord.Embed:
    channels = (
        ", ".join(f"<#{c}>" for c in sorted(settings.channel_ids))
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


def prefs_text(prefs: NotifyPrefs) -> str:
    quiet = prefs.quiet
    hours = "none" if quiet is None else quiet.text()
    return (
        f"**Reminders:** {MODE_TEXT[prefs.mode]}.\n**Quiet hours:** {hours}. "
        "A reminder due in your quiet hours waits until they end; deadlines never wait."
    )
