"""Embeds and files for the ladder commands, built from what :mod:`bot.ladder.service` returns.

Players appear by the display name last seen for them in the server (names in an embed must
read well for everyone, including members who have left, and the chart needs plain text); a
player never seen by the bot falls back to a mention. What a game's own statistics say is the
game's presentation's business (:func:`_game_fields`, :func:`_game_summary`).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

import discord

from bot.games import rules_for
from bot.ladder import (
    PROVISIONAL_GAMES,
    GameEntry,
    LeaderboardPage,
    PlayerStats,
    Result,
    Standing,
    Totals,
    is_provisional,
    rating_chart,
)
from cogs.ui.common import COLOUR
from cogs.ui.games import presentation

CHART_FILE = "rating.png"
NAME_WIDTH = 32
"""Longest name shown (Discord display names are at most 32 characters)."""


def display(user_id: int, name: str | None, fresh: Mapping[int, str] | None = None) -> str:
    """A player's name for an embed: freshly seen, else last seen, else a mention."""
    current = (fresh or {}).get(user_id) or name
    if not current:
        return f"<@{user_id}>"
    return discord.utils.escape_markdown(discord.utils.escape_mentions(current[:NAME_WIDTH]))


def plain(user_id: int, name: str | None) -> str:
    """A player's name as plain text (for the chart)."""
    return name[:NAME_WIDTH] if name else f"player {user_id}"


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "—"


def plural(count: int, noun: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def rating_text(totals: Totals) -> str:
    """``**1534** ± 120``, with a question mark while provisional."""
    rating = totals.rating
    mark = "?" if is_provisional(totals.games) else ""
    return f"**{rating.shown}**{mark} ± {round(rating.deviation)}"


def _game_fields(kind: str, totals: Totals) -> list[tuple[str, str]]:
    """The game's own lines of ``/stats``: (field name, value)."""
    return presentation(kind).ladder_fields(totals.stats, totals.rounds)


def _game_summary(kind: str, totals: Totals) -> str | None:
    """The game's own figure at the end of a leaderboard row (e.g. points per round)."""
    return presentation(kind).ladder_summary(totals.stats, totals.rounds)


def standing_line(kind: str, row: Standing, name: str, *, you: bool = False) -> str:
    t = row.totals
    line = (
        f"`{row.rank:>3}.` {name} — {rating_text(t)} · {t.wins}–{t.losses} "
        f"({percent(t.wins, t.games)}) · {plural(t.games, 'game')}"
    )
    summary = _game_summary(kind, t)
    if summary:
        line = f"{line} · {summary}"
    return f"{line}  ← **you**" if you else line


# --- leaderboard --------------------------------------------------------------------------


def leaderboard_embed(
    page: LeaderboardPage,
    viewer_id: int,
    *,
    guild_name: str | None = None,
    fresh: Mapping[int, str] | None = None,
) -> discord.Embed:
    title = f"{rules_for(page.kind).title} ladder" + (f" · {guild_name}" if guild_name else "")
    embed = discord.Embed(title=title, colour=COLOUR)
    if page.players == 0:
        embed.description = (
            "Nobody is on this server's ladder yet. Finish a game against another member "
            "(`/vidrasso challenge`) to be the first."
        )
        return embed
    lines: list[str] = []
    if page.asked > page.pages:
        lines.append(
            f"*There {'is' if page.pages == 1 else 'are'} only {plural(page.pages, 'page')}"
            " — here is the last.*"
        )
    for row in page.rows:
        name = display(row.user_id, row.name, fresh)
        lines.append(standing_line(page.kind, row, name, you=row.user_id == viewer_id))
    viewer = page.viewer
    if viewer is not None and not page.viewer_on_page:
        lines.append("⋯")
        name = display(viewer.user_id, viewer.name, fresh)
        lines.append(standing_line(page.kind, viewer, name, you=True))
    elif viewer is None:
        lines.append("\nYou're not on the ladder yet: finish a game against a member to join.")
    embed.description = "\n".join(lines)
    embed.set_footer(
        text=f"Page {page.page} of {page.pages} · {plural(page.players, 'player')} · "
        f"rating ± deviation · ? provisional (fewer than {PROVISIONAL_GAMES} rated games)"
    )
    return embed


# --- stats --------------------------------------------------------------------------------


def streak_text(streak: int) -> str:
    if streak == 0:
        return "none"
    count = abs(streak)
    kind = "win" if streak > 0 else "loss"
    ending = "" if count == 1 else ("s" if kind == "win" else "es")
    return f"{count} {kind}{ending}"


def stats_embed(
    stats: PlayerStats,
    name: str,
    viewer_id: int,
    *,
    left: bool = False,
    viewer_name: str = "you",
) -> discord.Embed:
    """The stats embed; the chart, when there is one, is attached as :data:`CHART_FILE`.

    The game's own fields follow the record of games: the first beside it, the rest below."""
    title = rules_for(stats.kind).title
    embed = discord.Embed(title=f"{name} · {title} stats", colour=COLOUR)
    notes: list[str] = []
    if left:
        notes.append("*No longer in this server — their results stay on the ladder.*")
    standing = stats.standing
    if standing is None:
        notes.append(f"{name} has no rated games in this server yet.")
    embed.description = "\n".join(notes) or None
    if standing is not None:
        t = standing.totals
        provisional = (
            f"\nProvisional: {t.games} of {PROVISIONAL_GAMES} rated games played."
            if is_provisional(t.games)
            else ""
        )
        embed.add_field(
            name="Rating",
            value=f"{rating_text(t)} · rank **#{standing.rank}** of {stats.players}{provisional}",
            inline=False,
        )
        embed.add_field(
            name="Games",
            value=(
                f"{t.wins} won · {t.losses} lost ({percent(t.wins, t.games)})\n"
                f"Streak: {streak_text(t.streak)} · best: {streak_text(t.best_streak)}"
            ),
            inline=True,
        )
        for i, (field, value) in enumerate(_game_fields(stats.kind, t)):
            embed.add_field(name=field, value=value, inline=i == 0)
    if stats.user_id != viewer_id and standing is not None:
        pair = stats.head_to_head
        value = (
            f"{name} **{pair.wins}** – **{pair.losses}** {viewer_name}"
            if pair is not None
            else f"No rated games between {name} and {viewer_name} yet."
        )
        embed.add_field(name="Head to head", value=value, inline=False)
    if stats.computer:
        record = " · ".join(f"{c.level}: {c.wins}–{c.losses}" for c in stats.computer)
        embed.add_field(name="Against the computer (unrated)", value=record, inline=False)
    if stats.history:
        embed.set_image(url=f"attachment://{CHART_FILE}")
    return embed


def chart_file(stats: PlayerStats, name: str) -> discord.File | None:
    """The rating chart as an attachment, or None before the first rated game."""
    if not stats.history:
        return None
    games = stats.first_game + len(stats.history) - 1
    png = rating_chart(
        stats.history,
        title=f"{name} · rating over {plural(games, 'game')}",
        first_game=stats.first_game,
        finished=stats.finished,
    )
    return discord.File(io.BytesIO(png), filename=CHART_FILE, description=f"{name}'s rating")


# --- history ------------------------------------------------------------------------------

ENDINGS: dict[tuple[Result, str], str] = {
    (Result.WIN, "resigned"): "won · they resigned",
    (Result.LOSS, "resigned"): "lost · resigned",
    (Result.WIN, "timeout"): "won on time",
    (Result.LOSS, "timeout"): "lost on time",
    (Result.WIN, "finished"): "won",
    (Result.LOSS, "finished"): "lost",
}


def result_text(entry: GameEntry) -> str:
    if entry.result is Result.NONE:
        return "abandoned"
    return ENDINGS.get((entry.result, entry.ending), str(entry.result.value))


def opponent_text(entry: GameEntry, fresh: Mapping[int, str] | None = None) -> str:
    if entry.computer_level is not None:
        return f"the computer ({entry.computer_level})"
    return display(entry.opponent_id, entry.opponent_name, fresh)


def history_embed(
    entries: Sequence[GameEntry], name: str, fresh: Mapping[int, str] | None = None
) -> discord.Embed:
    embed = discord.Embed(title=f"{name} · recent games", colour=COLOUR)
    if not entries:
        embed.description = f"{name} has no finished games in this server yet."
        return embed
    lines = []
    for i, e in enumerate(entries, start=1):
        when = int(e.finished_at)
        result = result_text(e)
        if e.result is not Result.NONE:
            result = f"**{result}**"
        unrated = "" if e.rated else " · unrated"
        lines.append(
            f"`{i:>2}.` <t:{when}:d> vs {opponent_text(e, fresh)} — {result} "
            f"{e.points}–{e.opponent_points}{unrated}"
        )
    embed.description = "\n".join(lines)
    embed.set_footer(text="A button below sends that game's record (vidrasso-record/1 JSON).")
    return embed
