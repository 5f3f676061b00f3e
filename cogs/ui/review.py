"""The review of a finished game and the learner's *Hint*: their buttons and messages.

A review is public once the game is over (anyone in the server may open and page it); it is
shown a round a page, with the round's costly decisions, the biggest three first, for every
player, and the replay's picture of that round when the game's replay can jump to a round. A
hint is the asking player's alone: built from their own seat's view, answered privately.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import NotAllowed
from bot.games import GameRules
from bot.play.model import Game
from bot.review.model import Mark, Review
from bot.review.service import Hint, reviewer_of
from cogs.ui.common import COLOUR, guarded, of_items, reply, seat_name
from cogs.ui.games import presentation
from cogs.ui.i18n import ENGLISH_WORDS, N_, Words, private

if TYPE_CHECKING:
    from bot.app import CardBot

log = logging.getLogger(__name__)

Button = discord.ui.Button[Any]
PICTURE = "review.png"
SHOWN = 8
"""Costly decisions listed a round (the biggest three first, then the next biggest)."""
KIND_WORDS = {
    "trump": N_("trumps"),
    "gift": N_("gift"),
    "play": N_("play"),
    "bid": N_("bid"),
    "kill": N_("kill"),
}


def reviews_of(interaction: discord.Interaction) -> Reviews:
    return interaction.client.reviews  # type: ignore[attr-defined, no-any-return]


class ReviewButton(
    discord.ui.DynamicItem[Button],
    template=r"vidrasso:review:(?P<game>\d+):(?P<page>\d+):(?P<way>open|back|on)",
):
    """*Review* at the end of a game (``open``), and ◀ / ▶ under a review: anyone may open and
    page a finished game's review."""

    def __init__(
        self,
        game_id: int,
        page: int,
        way: str,
        tr: Words = ENGLISH_WORDS,
        *,
        disabled: bool = False,
    ) -> None:
        self.game_id = game_id
        self.page = max(page, 0)
        self.way = way
        label = {"open": tr("Review"), "back": "◀", "on": "▶"}[way]
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🔍" if way == "open" else None,
                style=discord.ButtonStyle.secondary,
                custom_id=f"vidrasso:review:{game_id}:{self.page}:{way}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReviewButton:
        return cls(int(match["game"]), int(match["page"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        flow = reviews_of(interaction)
        if self.way == "open":
            await guarded(interaction, lambda: flow.open(interaction, self.game_id))
        else:
            await guarded(interaction, lambda: flow.on_page(interaction, self.game_id, self.page))


class HintButton(
    discord.ui.DynamicItem[Button],
    template=r"vidrasso:hint:(?P<game>\d+):(?P<version>\d+)",
):
    """*Hint* in a learner's hand: the move the medium level would make, and why."""

    def __init__(self, game_id: int, version: int, tr: Words = ENGLISH_WORDS) -> None:
        self.game_id = game_id
        self.version = version
        super().__init__(
            discord.ui.Button(
                label=tr("Hint"),
                emoji="💡",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vidrasso:hint:{game_id}:{version}",
                row=4,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HintButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        flow = reviews_of(interaction)
        await guarded(interaction, lambda: flow.on_hint(interaction, self.game_id, self.version))


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ReviewButton, HintButton)


async def dispatch_orphan(interaction: discord.Interaction, custom_id: str) -> bool:
    """Run a review or hint button whose message no longer carries it (a double click after
    the message changed), so it is answered rather than failing."""
    for item_cls in ITEMS:
        match = item_cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match:
            item = await item_cls.from_custom_id(interaction, None, match)  # type: ignore[arg-type]
            await item.callback(interaction)
            return True
    return False


def review_buttons(game: Game, tr: Words) -> list[ReviewButton]:
    """*Review* under a finished game's message, when the game has a reviewer."""
    if reviewer_of(game.rules) is None:
        return []
    return [ReviewButton(game.id, 0, "open", tr)]


def action_words(rules: GameRules, seat: int, text: str, tr: Words) -> str:
    """A stored action (the game's move notation) in people's words."""
    reviewer = reviewer_of(rules)
    assert reviewer is not None
    template, fields = reviewer.label(rules.parse_action(seat, text))
    return tr(template, **fields)


def mark_line(game: Game, mark: Mark, tr: Words) -> str:
    rules = game.rules
    return tr(
        "{player} · {what}: {played} — better {best} (−{loss})",
        player=seat_name(game, mark.seat, tr),
        what=tr(KIND_WORDS.get(mark.kind, mark.kind)),
        played=action_words(rules, mark.seat, mark.played, tr),
        best=action_words(rules, mark.seat, mark.best, tr),
        loss=f"{mark.loss:.1f}",
    )


def costly_marks(marks: Sequence[Mark], least: float) -> list[Mark]:
    """The round's costly decisions, the biggest first (ties in the order played)."""
    return sorted((m for m in marks if m.loss >= least), key=lambda m: (-m.loss, m.number))


def review_embed(game: Game, review: Review, page: int, tr: Words) -> discord.Embed:
    """One round of a review: each player's summary, then the costly decisions."""
    reviewer = reviewer_of(game.rules)
    assert reviewer is not None
    least: float = getattr(reviewer, "COSTLY", 1.0)
    rounds = review.rounds()
    number = rounds[page]
    marks = review.in_round(number)
    where = tr(game.rules.round_name, n=number)
    embed = discord.Embed(
        title=tr("Review of game {game} · {round}", game=game.id, round=where), colour=COLOUR
    )
    lines = []
    for seat in range(len(game.seats)):
        own = [m for m in marks if m.seat == seat]
        if not own:
            continue
        agreed = sum(1 for m in own if m.played == m.best)
        lost = sum(m.loss for m in own)
        lines.append(
            tr(
                "{player}: {agreed} of {total} decisions as the strongest level would; "
                "{lost} expected points given away",
                player=seat_name(game, seat, tr),
                agreed=agreed,
                total=len(own),
                lost=f"{lost:.1f}",
            )
        )
    embed.description = "\n".join(lines) or tr("No decision this round had a choice.")
    costly = costly_marks(marks, least)
    if costly:
        top = [f"**{mark_line(game, m, tr)}**" for m in costly[:3]]
        rest = [mark_line(game, m, tr) for m in costly[3:SHOWN]]
        value = "\n".join(top + rest)
        if len(costly) > SHOWN:
            value += "\n" + tr("…and {count} more.", count=len(costly) - SHOWN)
        embed.add_field(
            name=tr("Costly plays, the biggest first"), value=value[:1024], inline=False
        )
    else:
        embed.add_field(
            name=tr("Costly plays, the biggest first"),
            value=tr("None: every decision was within {n} points of the best.", n=least),
            inline=False,
        )
    embed.set_footer(
        text=tr(
            "Round {n} of {rounds} · weighed by the strongest computer level from what each "
            "player could see at that moment",
            n=page + 1,
            rounds=len(rounds),
        )
    )
    return embed


class Reviews:
    """The review messages and the hints."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def message(
        self, game: Game, review: Review, page: int
    ) -> tuple[discord.Embed, list[discord.File], discord.ui.View]:
        """One round of the review, with the replay's picture of that round when the game's
        replay can jump to a round, and ◀ ▶."""
        tr = await self.bot.publisher.words(game.guild_id)
        rounds = review.rounds()
        if not rounds:
            embed = discord.Embed(
                title=tr("Review of game {game}", game=game.id),
                description=tr("No decision of this game had a choice."),
                colour=COLOUR,
            )
            return embed, [], of_items()
        page = min(max(page, 0), len(rounds) - 1)
        embed = review_embed(game, review, page, tr)
        files: list[discord.File] = []
        shown = presentation(game.kind)
        jumps = getattr(shown, "replay_rounds", None)
        if jumps is not None:
            starts = list(jumps(game))
            at = rounds[page] - 1
            if 0 <= at < len(starts):
                names = await self.bot.publisher.names(game, tr)
                _, png = await asyncio.to_thread(shown.replay_page, game, starts[at], names, tr)
                if png is not None:
                    embed.set_image(url=f"attachment://{PICTURE}")
                    files.append(discord.File(io.BytesIO(png), filename=PICTURE))
        view = of_items(
            ReviewButton(game.id, page - 1, "back", disabled=page == 0),
            ReviewButton(game.id, page + 1, "on", disabled=page == len(rounds) - 1),
        )
        return embed, files, view

    async def open(self, interaction: discord.Interaction, game_id: int) -> None:
        """Post a finished game's review (computing it first, with a progress line)."""
        tr = private(interaction)
        if interaction.guild_id is None:
            raise NotAllowed("Reviews are for games in a server.")
        reviews = self.bot.services.reviews
        game = await reviews.finished(interaction.guild_id, game_id)
        review = await reviews.stored(game.id)
        if review is None:
            running = reviews.progress_of(game.id)
            if running is not None:
                done, total = running
                await reply(
                    interaction,
                    tr(
                        "The review of game {game} is on its way ({done} of {total} decisions "
                        "weighed).",
                        game=game.id,
                        done=done,
                        total=total,
                    ),
                )
                return
            words = await self.bot.publisher.words(game.guild_id)
            await interaction.response.send_message(
                words("Reviewing game {game}: weighing every decision…", game=game.id)
            )

            async def progress(done: int, total: int) -> None:
                line = words(
                    "Reviewing game {game}: {done} of {total} decisions weighed…",
                    game=game.id,
                    done=done,
                    total=total,
                )
                try:
                    await interaction.edit_original_response(content=line)
                except discord.HTTPException as error:
                    log.info("could not show the review's progress: %s", error)

            try:
                review = await reviews.review(game, progress)
            except Exception:
                stopped = words(
                    "The review of game {game} stopped; press Review again later.", game=game.id
                )
                with contextlib.suppress(discord.HTTPException):
                    await interaction.edit_original_response(content=stopped)
                raise
            embed, files, view = await self.message(game, review, 0)
            await interaction.edit_original_response(
                content=None, embed=embed, attachments=files, view=view
            )
            return
        embed, files, view = await self.message(game, review, 0)
        await interaction.response.send_message(embed=embed, files=files, view=view)

    async def on_page(self, interaction: discord.Interaction, game_id: int, page: int) -> None:
        if interaction.guild_id is None:
            raise NotAllowed("Reviews are for games in a server.")
        reviews = self.bot.services.reviews
        game = await reviews.finished(interaction.guild_id, game_id)
        review = await reviews.stored(game.id)
        if review is None:  # an old message whose review was never kept: open it afresh
            await self.open(interaction, game_id)
            return
        embed, files, view = await self.message(game, review, page)
        await interaction.response.edit_message(embed=embed, attachments=files, view=view)

    # --- hints ---------------------------------------------------------------------------

    async def hint_button(self, game: Game, seat: int, view: Any, tr: Words) -> HintButton | None:
        """*Hint* for a hand, where hints are allowed and the seat has a choice to make."""
        if seat not in game.to_act or len(getattr(view, "actions", ())) < 2:
            return None
        reviewer = reviewer_of(game.rules)
        if reviewer is None or not getattr(reviewer, "can_weigh", lambda _: True)(view):
            return None
        user_id = game.seats[seat].user_id
        if not await self.bot.services.reviews.hints_allowed(game, user_id):
            return None
        return HintButton(game.id, game.version, tr)

    async def on_hint(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        tr = private(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game, hint = await self.bot.services.reviews.hint(game_id, interaction.user.id, version)
        await reply(interaction, hint_text(game, hint, tr))


def hint_text(game: Game, hint: Hint, tr: Words) -> str:
    """The hint in one line: the choice, and what it is worth over the next best."""
    rules = game.rules
    choice = action_words(rules, hint.seat, rules.action_text(hint.choice), tr)
    gain = hint.gain
    if gain is None or hint.runner_up is None:
        return tr("💡 {choice}: it is your only sensible move.", choice=choice)
    other = action_words(rules, hint.seat, rules.action_text(hint.runner_up), tr)
    if gain < 0.05:
        return tr(
            "💡 {choice}: about as good as {other} — the medium level finds little between them.",
            choice=choice,
            other=other,
        )
    return tr(
        "💡 {choice}: expected {gain} points more than {other}, its next best, as the medium "
        "level weighs it from your view.",
        choice=choice,
        gain=f"+{gain:.1f}",
        other=other,
    )
