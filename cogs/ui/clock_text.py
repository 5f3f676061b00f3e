"""Words for move clocks, for every game: time choices, deadlines, reminders, the inbox and
reminder preferences. Nothing here sends anything or calls a service; the clocks cog and the
play flows (``/vidrasso challenge``, ``/vidrasso games``, the table) import these."""

from __future__ import annotations

from collections.abc import Sequence

from discord import app_commands

from bot.clocks.model import NotifyMode, NotifyPrefs
from bot.clocks.policy import PRESETS, duration_text, preset_name
from bot.games import GAMES
from bot.play.model import Game
from cogs.ui.common import jump_url, mention

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


def table_url(game: Game) -> str:
    return jump_url(game.guild_id, game.place_id, game.table_message_id)


def deadline_text(deadline_at: float) -> str:
    """A deadline as Discord shows it to each reader: their local date and time, and how long
    from now (``<t:…:R>`` stays current without edits)."""
    return f"<t:{int(deadline_at)}:f> (<t:{int(deadline_at)}:R>)"


def time_left(deadline_at: float | None, now: float) -> str:
    if deadline_at is None:
        return "no deadline"
    return f"{duration_text(max(0.0, deadline_at - now))} left"


def opponents(game: Game, seat: int) -> str:
    """Mentions of everyone ``seat`` plays against: ``<@1>`` or ``<@1> and <@2>``."""
    return " and ".join(mention(game.player_ids[s]) for s in game.opponents_of(seat))


def _everyone(mentions: Sequence[str]) -> str:
    """``neither A nor B``, or ``none of A, B and C``."""
    if len(mentions) == 2:
        return f"neither {mentions[0]} nor {mentions[1]}"
    return f"none of {', '.join(mentions[:-1])} and {mentions[-1]}"


def reminder_text(
    game: Game, seats: Sequence[int], deadline_at: float, now: float, *, last: bool
) -> str:
    """A reminder in the game's place, mentioning the players it waits for."""
    mentions = " ".join(mention(game.player_ids[s]) for s in seats)
    against = f" against {opponents(game, seats[0])}" if len(seats) == 1 else ""
    first = "⏰ Last reminder" if last else "⏰ Reminder"
    return (
        f"{first}: {mentions}, it's your move in {game.rules.title} game {game.id}{against} — "
        f"{time_left(deadline_at, now)} (until <t:{int(deadline_at)}:f>). "
        f"When time runs out, the game is lost on time. [Go to the table]({table_url(game)})"
    )


def reminder_dm(
    game: Game, seat: int, deadline_at: float, now: float, guild_name: str | None, *, last: bool
) -> str:
    """A reminder by direct message."""
    where = f" on **{guild_name}**" if guild_name else ""
    first = "⏰ Last reminder" if last else "⏰ Reminder"
    return (
        f"{first}: it's your move in {game.rules.title} game {game.id} against "
        f"{opponents(game, seat)}{where} — {time_left(deadline_at, now)} "
        f"(until <t:{int(deadline_at)}:f>). [Go to the table]({table_url(game)})\n"
        "-# Change how I remind you with `/vidrasso notify`."
    )


def out_of_time_text(game: Game, seats: Sequence[int], time_per_move: float) -> str:
    """Why a game that waited for several seats ended on time without a winner."""
    who = _everyone([mention(game.player_ids[s]) for s in seats])
    return (
        f"⏰ Time is up in game {game.id}: {who} made their move within "
        f"{preset_name(time_per_move)}. The game ends without a winner and is not rated."
    )


def inbox_line(
    game: Game, user_id: int, your_turn: bool, deadline: float | None, now: float
) -> str:
    """One game of ``/vidrasso games``: opponents, round, score, whose turn, time left, link.
    The game's name is shown once the bot offers more than one."""
    seat = game.seat_of(user_id)
    assert seat is not None
    rules = game.rules
    kind = f" ({rules.title})" if len(GAMES) > 1 else ""
    points = rules.points(game.state)
    mine = game.team_of(seat)
    score = "–".join(
        str(p) for p in (points[mine], *(p for t, p in enumerate(points) if t != mine))
    )
    turn = "**your turn**" if your_turn else "their turn"
    due = "" if deadline is None else f" · {time_left(deadline, now)} (<t:{int(deadline)}:R>)"
    number = rules.rounds(game.state) + 1
    return (
        f"• Game {game.id}{kind} vs {opponents(game, seat)} — round {number}, "
        f"{score}, {turn}{due} · [table]({table_url(game)})"
    )


def prefs_text(prefs: NotifyPrefs) -> str:
    quiet = prefs.quiet
    hours = "none" if quiet is None else quiet.text()
    return (
        f"**Reminders:** {MODE_TEXT[prefs.mode]}.\n**Quiet hours:** {hours}. "
        "A reminder due in your quiet hours waits until they end; deadlines never wait."
    )
