"""Embeds and files for the ladder commands, built from what :mod:`bot.ladder.service` returns,
in the reader's words (``tr``: the server's for the public leaderboard and stats, the member's
own for private answers).

Players appear by the display name last seen for them in the server (names in an embed must
read well for everyone, including members who have left, and the chart needs plain text); a
player never seen by the bot falls back to a mention. What a game's own statistics say is the
game's presentation's business (:func:`_game_fields`, :func:`_game_summary`).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

import discord

from bot.games import DEFAULT_KIND, rules_for
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
from cogs.ui.i18n import N_, Words

CHART_FILE = "rating.png"
NAME_WIDTH = 32
"""Longest name shown (Discord display names are at most 32 characters)."""
GAME_TITLES = (N_("Vidrasso"), N_("Pidro"))
"""The games' titles, for the catalog (a title is shown as ``tr(rules.title)``)."""


def display(user_id: int, name: str | None, fresh: Mapping[int, str] | None = None) -> str:
    """A player's name for an embed: freshly seen, else last seen, else a mention."""
    current = (fresh or {}).get(user_id) or name
    if not current:
        return f"<@{user_id}>"
    return discord.utils.escape_markdown(discord.utils.escape_mentions(current[:NAME_WIDTH]))


def plain(user_id: int, name: str | None) -> str:
    """A player's name as plain text (for the chart)."""
    return name[:NAME_WIDTH] if name else "?"


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "—"


def title_of(kind: str, tr: Words) -> str:
    """A game's title in the reader's words (``Vidrasso``)."""
    return tr(rules_for(kind).title)


def rating_text(totals: Totals) -> str:
    """``**1534** ± 120``, with a question mark while provisional."""
    rating = totals.rating
    mark = "?" if is_provisional(totals.games) else ""
    return f"**{rating.shown}**{mark} ± {round(rating.deviation)}"


def _game_fields(kind: str, totals: Totals, tr: Words) -> list[tuple[str, str]]:
    """The game's own lines of ``/stats``: (field name, value)."""
    return presentation(kind).ladder_fields(totals.stats, totals.rounds, tr)


def _game_summary(kind: str, totals: Totals, tr: Words) -> str | None:
    """The game's own figure at the end of a leaderboard row (e.g. points per round)."""
    return presentation(kind).ladder_summary(totals.stats, totals.rounds, tr)


def standing_line(kind: str, row: Standing, name: str, tr: Words, *, you: bool = False) -> str:
    t = row.totals
    games = tr.n("{count} game", "{count} games", t.games)
    line = (
        f"`{row.rank:>3}.` {name} — {rating_text(t)} · {t.wins}–{t.losses} "
        f"({percent(t.wins, t.games)}) · {games}"
    )
    summary = _game_summary(kind, t, tr)
    if summary:
        line = f"{line} · {summary}"
    return tr("{line}  ← **you**", line=line) if you else line


# --- leaderboard --------------------------------------------------------------------------


def leaderboard_embed(
    page: LeaderboardPage,
    viewer_id: int | None,
    tr: Words,
    *,
    guild_name: str | None = None,
    fresh: Mapping[int, str] | None = None,
) -> discord.Embed:
    title = tr("{game} ladder", game=title_of(page.kind, tr))
    if guild_name:
        title = f"{title} · {guild_name}"
    embed = discord.Embed(title=title, colour=COLOUR)
    if page.players == 0:
        embed.description = (
            tr(
                "Nobody is on this server's ladder yet. Finish a game against another member "
                "(`/vidrasso challenge`) to be the first."
            )
            if page.kind == DEFAULT_KIND
            else tr(
                "Nobody is on this server's {game} ladder yet: finish a game against other "
                "members to be the first.",
                game=title_of(page.kind, tr),
            )
        )
        return embed
    lines: list[str] = []
    if page.asked > page.pages:
        lines.append(
            tr.n(
                "*There is only {count} page — here is the last.*",
                "*There are only {count} pages — here is the last.*",
                page.pages,
            )
        )
    for row in page.rows:
        name = display(row.user_id, row.name, fresh)
        lines.append(standing_line(page.kind, row, name, tr, you=row.user_id == viewer_id))
    viewer = page.viewer
    if viewer_id is None:
        pass  # a public board: nobody is "you" where everyone reads it
    elif viewer is not None and not page.viewer_on_page:
        lines.append("⋯")
        name = display(viewer.user_id, viewer.name, fresh)
        lines.append(standing_line(page.kind, viewer, name, tr, you=True))
    elif viewer is None:
        lines.append(
            "\n" + tr("You're not on the ladder yet: finish a game against a member to join.")
        )
    embed.description = "\n".join(lines)
    embed.set_footer(
        text=tr.n(
            "Page {page} of {pages} · {count} player · rating ± deviation · "
            "? provisional (fewer than {games} rated games)",
            "Page {page} of {pages} · {count} players · rating ± deviation · "
            "? provisional (fewer than {games} rated games)",
            page.players,
            page=page.page,
            pages=page.pages,
            games=PROVISIONAL_GAMES,
        )
    )
    return embed


# --- stats --------------------------------------------------------------------------------


def streak_text(streak: int, tr: Words) -> str:
    if streak == 0:
        return tr("none")
    if streak > 0:
        return tr.n("{count} win", "{count} wins", streak)
    return tr.n("{count} loss", "{count} losses", -streak)


def stats_embed(
    stats: PlayerStats,
    name: str,
    viewer_id: int,
    tr: Words,
    *,
    left: bool = False,
    viewer_name: str | None = None,
) -> discord.Embed:
    """The stats embed; the chart, when there is one, is attached as :data:`CHART_FILE`.

    The game's own fields follow the record of games: the first beside it, the rest below."""
    viewer = viewer_name or tr("you")
    title = tr("{name} · {game} stats", name=name, game=title_of(stats.kind, tr))
    embed = discord.Embed(title=title, colour=COLOUR)
    notes: list[str] = []
    if left:
        notes.append(tr("*No longer in this server — their results stay on the ladder.*"))
    standing = stats.standing
    if standing is None:
        notes.append(tr("{name} has no rated games in this server yet.", name=name))
    embed.description = "\n".join(notes) or None
    if standing is not None:
        t = standing.totals
        rating = tr(
            "{rating} · rank **#{rank}** of {players}",
            rating=rating_text(t),
            rank=standing.rank,
            players=stats.players,
        )
        if is_provisional(t.games):
            rating += "\n" + tr(
                "Provisional: {games} of {total} rated games played.",
                games=t.games,
                total=PROVISIONAL_GAMES,
            )
        embed.add_field(name=tr("Rating"), value=rating, inline=False)
        record = tr(
            "{won} won · {lost} lost ({percent})",
            won=t.wins,
            lost=t.losses,
            percent=percent(t.wins, t.games),
        )
        streaks = tr(
            "Streak: {streak} · best: {best}",
            streak=streak_text(t.streak, tr),
            best=streak_text(t.best_streak, tr),
        )
        embed.add_field(name=tr("Games"), value=f"{record}\n{streaks}", inline=True)
        for i, (field, value) in enumerate(_game_fields(stats.kind, t, tr)):
            embed.add_field(name=field, value=value, inline=i == 0)
    if stats.user_id != viewer_id and standing is not None:
        pair = stats.head_to_head
        value = (
            tr(
                "{name} **{wins}** – **{losses}** {viewer}",
                name=name,
                wins=pair.wins,
                losses=pair.losses,
                viewer=viewer,
            )
            if pair is not None
            else tr("No rated games between {name} and {viewer} yet.", name=name, viewer=viewer)
        )
        if pair is not None and pair.draws:
            value += " " + tr.n("({count} draw)", "({count} draws)", pair.draws)
        embed.add_field(name=tr("Head to head"), value=value, inline=False)
    if stats.partners:
        partners = "\n".join(
            tr(
                "with {partner}: {wins}–{losses}",
                partner=display(p.partner_id, p.name),
                wins=p.wins,
                losses=p.losses,
            )
            for p in stats.partners
        )
        embed.add_field(name=tr("Partnerships"), value=partners, inline=False)
    if stats.computer:
        record = " · ".join(f"{tr(c.level)}: {c.wins}–{c.losses}" for c in stats.computer)
        embed.add_field(name=tr("Against the computer (unrated)"), value=record, inline=False)
    if stats.history:
        embed.set_image(url=f"attachment://{CHART_FILE}")
    return embed


def chart_file(stats: PlayerStats, name: str, tr: Words) -> discord.File | None:
    """The rating chart as an attachment, or None before the first rated game.

    Its title, axis and legend, and its description read out by screen readers, are in the
    reader's words.
    """
    if not stats.history:
        return None
    games = stats.first_game + len(stats.history) - 1
    title = tr.n(
        "{name} · rating over {count} game", "{name} · rating over {count} games", games, name=name
    )
    png = rating_chart(
        stats.history,
        title=title,
        first_game=stats.first_game,
        finished=stats.finished,
        words=tr,
    )
    return discord.File(
        io.BytesIO(png), filename=CHART_FILE, description=tr("{name}'s rating", name=name)
    )


# --- history ------------------------------------------------------------------------------

ENDINGS: dict[tuple[Result, str], str] = {
    (Result.WIN, "resigned"): N_("won · they resigned"),
    (Result.LOSS, "resigned"): N_("lost by resignation"),
    (Result.WIN, "timeout"): N_("won on time"),
    (Result.LOSS, "timeout"): N_("lost on time"),
    (Result.WIN, "finished"): N_("won"),
    (Result.LOSS, "finished"): N_("lost"),
}


def result_text(entry: GameEntry, tr: Words) -> str:
    if entry.result is Result.NONE:
        return tr("abandoned")
    return tr(ENDINGS.get((entry.result, entry.ending), str(entry.result.value)))


def opponent_text(entry: GameEntry, tr: Words, fresh: Mapping[int, str] | None = None) -> str:
    if entry.computer_level is not None:
        return tr("the computer ({level})", level=tr(entry.computer_level))
    return display(entry.opponent_id, entry.opponent_name, fresh)


def history_embed(
    entries: Sequence[GameEntry],
    name: str,
    tr: Words,
    fresh: Mapping[int, str] | None = None,
    *,
    kind: str | None = None,
) -> discord.Embed:
    """A player's recent games of one game (``kind``; its title is shown unless left out)."""
    title = tr("{name} · recent games", name=name)
    if kind is not None:
        title = f"{title} · {title_of(kind, tr)}"
    embed = discord.Embed(title=title, colour=COLOUR)
    if not entries:
        embed.description = tr("{name} has no finished games in this server yet.", name=name)
        return embed
    lines = []
    for e in entries:
        result = result_text(e, tr)
        if e.result is not Result.NONE:
            result = f"**{result}**"
        line = tr(
            "`#{number}` {date} vs {opponent} — {result} {points}–{opponent_points}",
            number=e.game_id,
            date=f"<t:{int(e.finished_at)}:d>",
            opponent=opponent_text(e, tr, fresh),
            result=result,
            points=e.points,
            opponent_points=e.opponent_points,
        )
        lines.append(line if e.rated else tr("{line} · unrated", line=line))
    embed.description = "\n".join(lines)
    embed.set_footer(text=tr("A button below sends that game's record, to replay or study it."))
    return embed
