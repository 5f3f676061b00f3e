"""``/review game:``: a finished game's decisions weighed by the strongest computer level, a
round a page (the flow is :mod:`cogs.ui.review`; the *Review* button at the end of a game and
the *Hint* button in a learner's hand are its buttons too).

Game-free: the game's registry entry names its reviewer; a game without one has no review.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GAMES
from bot.ladder.model import GameEntry
from cogs.ui.buttons import carries
from cogs.ui.common import NOT_IN_DMS, custom_id_of, reply
from cogs.ui.group import attach, detach
from cogs.ui.i18n import private
from cogs.ui.review import ITEMS, dispatch_orphan

if TYPE_CHECKING:
    from bot.app import CardBot

CHOICES = 25
"""Discord shows at most 25 choices."""


class Review(commands.Cog):
    """Reviews of finished games."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        self.command: app_commands.Command[Review, ..., None] = app_commands.Command(
            name="review",
            description="Review a finished game: each decision weighed by the strongest level",
            callback=self.review,
        )
        self.command.autocomplete("game")(self.finished_games)
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*ITEMS)
        attach(self.bot, [self.command])

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*ITEMS)
        detach(self.bot, [self.command])

    @app_commands.describe(game="The game's number (its record and /history show it)")
    async def review(self, interaction: discord.Interaction, game: int) -> None:
        if interaction.guild is None:
            await reply(interaction, private(interaction)(NOT_IN_DMS))
            return
        await self.bot.reviews.open(interaction, game)

    async def finished_games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The member's most recent finished games of every game that can be reviewed, newest
        first, then the server's other recent ones: those whose number starts with what was
        typed."""
        if interaction.guild_id is None:
            return []
        tr = private(interaction)
        found: list[tuple[GameEntry, str]] = []
        for kind, rules in GAMES.items():
            if getattr(rules, "reviewer", None) is None:
                continue
            history = await self.bot.services.ladder.history(
                interaction.guild_id, interaction.user.id, kind
            )
            found.extend((entry, rules.title) for entry in history)
        found.sort(key=lambda e: -e[0].finished_at)
        typed = current.strip()
        choices: list[app_commands.Choice[int]] = []
        named: set[int] = set()
        for entry, title in found:
            if typed and not str(entry.game_id).startswith(typed):
                continue
            name = tr(
                "Game {id} · {game} · {points} to {other}",
                id=entry.game_id,
                game=tr(title),
                points=entry.points,
                other=entry.opponent_points,
            )
            choices.append(app_commands.Choice(name=name[:100], value=entry.game_id))
            named.add(entry.game_id)
        # then the server's other recent games, for a member who watched rather than played
        for game_id, kind in await self.bot.services.reviews.recent(interaction.guild_id, 50):
            if game_id in named or (typed and not str(game_id).startswith(typed)):
                continue
            name = tr("Game {id} · {game}", id=game_id, game=tr(GAMES[kind].title))
            choices.append(app_commands.Choice(name=name[:100], value=game_id))
        return choices[:CHOICES]

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a click on a review or hint button that is no longer on its message."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = custom_id_of(interaction)
        if custom_id is None or not custom_id.startswith(("vidrasso:review:", "vidrasso:hint:")):
            return
        message = interaction.message
        if message is not None and carries(message, custom_id):
            return
        await dispatch_orphan(interaction, custom_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Review(bot))  # type: ignore[arg-type]
