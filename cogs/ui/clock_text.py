"""Words for move clocks, for every game: time choices, deadlines, reminders, the inbox and
reminder preferences, in the reader's words (``tr``). Nothing here sends anything or calls a
service; the clocks cog and the play flows (``/vidrasso challenge``, ``/games``, the
table) import these."""

from __future__ import annotations

import math
from collections.abc import Sequence

from discord import app_commands

from bot.clocks.model import MINUTE, NotifyMode, NotifyPrefs
from bot.clocks.policy import PRESETS
from bot.games import GAMES
from bot.play.model import Game
from cogs.ui.common import jump_url, mention, seat_name
from cogs.ui.i18n import ENGLISH_WORDS, N_, Words

TIME_CHOICES = [app_commands.Choice(name=label, value=int(seconds)) for label, seconds in PRESETS]
"""The time-per-move presets as slash-command choices (seconds); their names are translated
with the commands (and :func:`preset_text` shows them in the reader's words)."""

MODE_CHOICES = [
    app_commands.Choice(name="Mention me in the game's thread or channel", value="channel"),
    app_commands.Choice(name="Send me a direct message", value="dm"),
    app_commands.Choice(name="No reminders", value="off"),
]

MODE_TEXT = {
    NotifyMode.CHANNEL: N_("a mention in the game's thread or channel"),
    NotifyMode.DM: N_("a direct message (a mention in the game's channel if I cannot DM you)"),
    NotifyMode.OFF: N_("no reminders (the table still mentions you when it is your turn)"),
}
REMINDER = N_("⏰ Reminder")
LAST_REMINDER = N_("⏰ Last reminder")


def table_url(game: Game) -> str:
    return jump_url(game.guild_id, game.place_id, game.table_message_id)


def deadline_text(deadline_at: float) -> str:
    """A deadline as Discord shows it to each reader: their local date and time, and how long
    from now (``<t:…:R>`` stays current without edits, in the reader's own language)."""
    return f"<t:{int(deadline_at)}:f> (<t:{int(deadline_at)}:R>)"


def duration_text(seconds: float, tr: Words) -> str:
    """A duration in words, to the nearest minute and at most two units: ``1 day 4 h``
    (in the reader's words)."""
    if seconds < MINUTE:
        return tr("less than a minute")
    minutes = round(seconds / MINUTE)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    if days and hours:
        return tr.n("{count} day {hours} h", "{count} days {hours} h", days, hours=hours)
    if days:
        return tr.n("{count} day", "{count} days", days)
    if hours and minutes:
        return tr("{hours} h {minutes} min", hours=hours, minutes=minutes)
    if hours:
        return tr("{hours} h", hours=hours)
    return tr("{minutes} min", minutes=minutes)


def preset_text(seconds: float, tr: Words) -> str:
    """The preset's name (``24 hours``), or the duration in words for any other value
    (in the reader's words)."""
    for label, value in PRESETS:
        if math.isclose(value, seconds):
            return tr(label)  # the choices' names, translated with the commands
    return duration_text(seconds, tr)


def listing(names: Sequence[str], tr: Words) -> str:
    """``<@1>``, ``<@1> and <@2>``, ``<@1>, <@2> and <@3>``."""
    if len(names) == 1:
        return names[0]
    return tr("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def opponents(game: Game, seat: int, tr: Words) -> str:
    """Everyone ``seat`` plays against: ``<@1>``, ``<@1> and Computer (easy)``."""
    return listing([seat_name(game, s, tr) for s in game.opponents_of(seat)], tr)


def reminder_text(
    game: Game, seats: Sequence[int], deadline_at: float, now: float, tr: Words, *, last: bool
) -> str:
    """A reminder in the game's place, mentioning the players it waits for."""
    values = {
        "reminder": tr(LAST_REMINDER if last else REMINDER),
        "players": " ".join(mention(game.player_ids[s]) for s in seats),
        "game": tr(game.rules.title),
        "number": game.id,
        "left": duration_text(max(0.0, deadline_at - now), tr),
        "deadline": f"<t:{int(deadline_at)}:f>",
        "url": table_url(game),
    }
    if len(seats) == 1:
        return tr(
            "{reminder}: {players}, it's your move in {game} game {number} against "
            "{opponents} — {left} left (until {deadline}). When time runs out, the game is "
            "lost on time. [Go to the table]({url})",
            opponents=opponents(game, seats[0], tr),
            **values,
        )
    return tr(
        "{reminder}: {players}, it's your move in {game} game {number} — {left} left "
        "(until {deadline}). When time runs out, the game is lost on time. "
        "[Go to the table]({url})",
        **values,
    )


def reminder_dm(
    game: Game,
    seat: int,
    deadline_at: float,
    now: float,
    guild_name: str | None,
    tr: Words,
    *,
    last: bool,
) -> str:
    """A reminder by direct message."""
    values = {
        "reminder": tr(LAST_REMINDER if last else REMINDER),
        "game": tr(game.rules.title),
        "number": game.id,
        "opponents": opponents(game, seat, tr),
        "left": duration_text(max(0.0, deadline_at - now), tr),
        "deadline": f"<t:{int(deadline_at)}:f>",
        "url": table_url(game),
    }
    if guild_name:
        text = tr(
            "{reminder}: it's your move in {game} game {number} against {opponents} on "
            "**{server}** — {left} left (until {deadline}). [Go to the table]({url})",
            server=guild_name,
            **values,
        )
    else:
        text = tr(
            "{reminder}: it's your move in {game} game {number} against {opponents} — "
            "{left} left (until {deadline}). [Go to the table]({url})",
            **values,
        )
    return text + "\n" + tr("-# Change how I remind you with `/notify`.")


def out_of_time_text(game: Game, seats: Sequence[int], time_per_move: float, tr: Words) -> str:
    """Why a game that waited for several seats ended on time without a winner."""
    players = [mention(game.player_ids[s]) for s in seats]
    time = preset_text(time_per_move, tr)
    if len(players) == 2:
        return tr(
            "⏰ Time is up in game {game}: neither {first} nor {second} made their move "
            "within {time}. The game ends without a winner and is not rated.",
            game=game.id,
            first=players[0],
            second=players[1],
            time=time,
        )
    return tr(
        "⏰ Time is up in game {game}: none of {players} and {last} made their move within "
        "{time}. The game ends without a winner and is not rated.",
        game=game.id,
        players=", ".join(players[:-1]),
        last=players[-1],
        time=time,
    )


def inbox_line(
    game: Game,
    user_id: int,
    your_turn: bool,
    deadline: float | None,
    now: float,
    *,
    tr: Words = ENGLISH_WORDS,
) -> str:
    """One game of ``/games``: opponents, round, score, whose turn, time left, link.
    The game's name is shown once the bot offers more than one."""
    seat = game.seat_of(user_id)
    assert seat is not None
    rules = game.rules
    points = rules.points(game.state)
    mine = game.team_of(seat)
    score = "–".join(
        str(p) for p in (points[mine], *(p for t, p in enumerate(points) if t != mine))
    )
    turn = tr("**your turn**") if your_turn else tr("their turn")
    if deadline is not None:
        left = tr(
            "{duration} left ({when})",
            duration=duration_text(max(0.0, deadline - now), tr),
            when=f"<t:{int(deadline)}:R>",
        )
        turn = f"{turn} · {left}"
    values = {
        "number": game.id,
        "opponents": opponents(game, seat, tr),
        "round": tr(rules.round_name, n=rules.rounds(game.state) + 1),
        "score": score,
        "turn": turn,
        "url": table_url(game),
    }
    if len(GAMES) > 1:
        return tr(
            "• Game {number} ({game}) vs {opponents} — {round}, {score}, {turn} · [table]({url})",
            game=tr(rules.title),
            **values,
        )
    return tr(
        "• Game {number} vs {opponents} — {round}, {score}, {turn} · [table]({url})",
        **values,
    )


def prefs_text(prefs: NotifyPrefs, tr: Words) -> str:
    mode = tr(MODE_TEXT[prefs.mode])
    if prefs.quiet is None:
        said = tr(
            "**Reminders:** {mode}.\n**Quiet hours:** none. A reminder due in your quiet hours "
            "waits until they end; deadlines never wait.",
            mode=mode,
        )
    else:
        said = tr(
            "**Reminders:** {mode}.\n**Quiet hours:** {hours}. A reminder due in your quiet "
            "hours waits until they end; deadlines never wait.",
            mode=mode,
            hours=prefs.quiet.text(),
        )
    if prefs.time_zone is not None:
        said += "\n" + tr("**Time zone:** {zone}", zone=prefs.time_zone)
    return said
