"""Embeds and files for the ladder commands, built from what :mod:`bot.ladder_service` returns.

Players appear by the display name last seen for them in the server (names in an embed must
read well for everyone, including members who have left, and the chart needs plain text); a
player never seen by the bot falls back to a mention.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

import discord

from bot.engine import BidKind, Rank, Suit
from bot.ladder import PROVISIONAL_GAMES, Result, Totals, is_provisional, rating_chart
from bot.ladder_service import LeaderboardPage, PlayerStats
from bot.storage.ladder import GameEntry, Standing, TrumpCount
from cogs.render import COLOUR

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


def average_text(totals: Totals) -> str:
    average = totals.average_round
    return "—" if average is None else f"{average:.1f}"


def rating_text(totals: Totals) -> str:
    """``**1534** ± 120``, with a question mark while provisional."""
    rating = totals.rating
    mark = "?" if is_provisional(totals.games) else ""
    return f"**{rating.shown}**{mark} ± {round(rating.deviation)}"


def standing_line(row: Standing, name: str, *, you: bool = False) -> str:
    t = row.totals
    line = (
        f"`{row.rank:>3}.` {name} — {rating_text(t)} · {t.wins}–{t.losses} "
        f"({percent(t.wins, t.games)}) · {t.games} game{'s' if t.games != 1 else ''} · "
        f"{average_text(t)} pts/round"
    )
    return f"{line}  ← **you**" if you else line


# --- leaderboard --------------------------------------------------------------------------


def leaderboard_embed(
    page: LeaderboardPage,
    viewer_id: int,
    *,
    guild_name: str | None = None,
    fresh: Mapping[int, str] | None = None,
) -> discord.Embed:
    title = "Vidrasso ladder" + (f" · {guild_name}" if guild_name else "")
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
            f"*There {'is' if page.pages == 1 else 'are'} only {page.pages} "
            f"page{'s' if page.pages != 1 else ''} — here is the last.*"
        )
    for row in page.rows:
        you = row.user_id == viewer_id
        lines.append(standing_line(row, display(row.user_id, row.name, fresh), you=you))
    viewer = page.viewer
    if viewer is not None and not page.viewer_on_page:
        lines.append("⋯")
        lines.append(standing_line(viewer, display(viewer.user_id, viewer.name, fresh), you=True))
    elif viewer is None:
        lines.append("\nYou're not on the ladder yet: finish a game against a member to join.")
    embed.description = "\n".join(lines)
    embed.set_footer(
        text=f"Page {page.page} of {page.pages} · {page.players} "
        f"player{'s' if page.players != 1 else ''} · rating ± deviation · "
        f"? provisional (fewer than {PROVISIONAL_GAMES} rated games)"
    )
    return embed


# --- stats --------------------------------------------------------------------------------


def streak_text(streak: int) -> str:
    if streak == 0:
        return "none"
    count = abs(streak)
    kind = "win" if streak > 0 else "loss"
    plural = "" if count == 1 else ("s" if kind == "win" else "es")
    return f"{count} {kind}{plural}"


def trump_noun(trump: TrumpCount) -> str:
    if trump.kind is BidKind.SUIT:
        suit = Suit.parse(trump.value)
        return f"{suit.symbol} {suit.noun}"
    return Rank.parse(trump.value).noun


def trumps_text(trumps: Sequence[TrumpCount], totals: Totals | None) -> str | None:
    if not trumps:
        return None
    suits = [t for t in trumps if t.kind is BidKind.SUIT]
    ranks = [t for t in trumps if t.kind is BidKind.RANK]
    named_suit = sum(t.named for t in suits)
    named_rank = sum(t.named for t in ranks)
    lines = [f"Named the suit {named_suit}× and the rank {named_rank}×."]
    if totals is not None and totals.first_suit + totals.first_rank:
        first = totals.first_suit + totals.first_rank
        lines.append(
            f"Choosing first: suit {percent(totals.first_suit, first)}, "
            f"rank {percent(totals.first_rank, first)} of {first} rounds."
        )
    favourites = []
    for label, group in (("suit", suits), ("rank", ranks)):
        if group:
            top = max(group, key=lambda t: (t.named, t.first))
            favourites.append(f"favourite {label} {trump_noun(top)} ({top.named}×)")
    favourite = " · ".join(favourites)
    lines.append(favourite[:1].upper() + favourite[1:])
    return "\n".join(lines)


def stats_embed(
    stats: PlayerStats,
    name: str,
    viewer_id: int,
    *,
    left: bool = False,
    viewer_name: str = "you",
) -> discord.Embed:
    """The stats embed; the chart, when there is one, is attached as :data:`CHART_FILE`."""
    embed = discord.Embed(title=f"{name} · Vidrasso stats", colour=COLOUR)
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
        best = str(t.best_round) if t.rounds else "—"
        embed.add_field(
            name="Rounds",
            value=(
                f"{t.rounds} played · {t.rounds_won} won\nBest {best} · average {average_text(t)}"
            ),
            inline=True,
        )
    trumps = trumps_text(stats.trumps, standing.totals if standing else None)
    if trumps:
        embed.add_field(name="Trumps", value=trumps, inline=False)
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
        title=f"{name} · rating over {games} game{'s' if games != 1 else ''}",
        first_game=stats.first_game,
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
