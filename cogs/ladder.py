"""``/vidrasso leaderboard``, ``/vidrasso stats`` and ``/vidrasso history``: the server's ladder.

Glue only: interaction → :class:`~bot.ladder_service.LadderService` → reply. The three commands
join the ``/vidrasso`` group that the Vidrasso cog owns: they are built from this cog's bound
methods in ``cog_load`` and attached to that group (so this extension loads after
``cogs.vidrasso``), and taken off again in ``cog_unload``. Being bound to this cog, they use its
error handler. Leaderboard pages and game records are persistent buttons (DynamicItems with
``vidrasso:lb:…`` and ``vidrasso:record:…`` custom ids), so they keep working after a restart.
"""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import to_record
from bot.ladder_service import LadderService, LeaderboardPage
from bot.service import ServiceError
from cogs import ladder_render as render
from cogs.components import detached
from cogs.group import Subcommand, attach, detach
from cogs.vidrasso import reply

if TYPE_CHECKING:
    from bot.app import VidrassoBot

log = logging.getLogger(__name__)

Button = discord.ui.Button[Any]
NOT_IN_DMS = "The ladder belongs to a server — use this in a server channel."
SORRY = "Sorry — something went wrong on my side. Please try again."


def ladder(interaction: discord.Interaction) -> Ladder:
    cog = interaction.client.get_cog("Ladder")  # type: ignore[attr-defined]
    assert isinstance(cog, Ladder), "the Ladder cog is loaded in setup_hook"
    return cog


class PageButton(
    discord.ui.DynamicItem[Button],
    template=r"vidrasso:lb:(?P<owner>\d+):(?P<page>\d+):(?P<which>first|prev|next|last)",
):
    """A leaderboard page button. The owner (who asked) turns the page; anyone else gets their
    own copy of that page, privately."""

    LABELS: ClassVar[dict[str, str]] = {
        "first": "« First",
        "prev": "‹ Previous",
        "next": "Next ›",
        "last": "Last »",
    }

    def __init__(self, owner_id: int, page: int, which: str, *, disabled: bool = False) -> None:
        self.owner_id = owner_id
        self.page = page
        super().__init__(
            discord.ui.Button(
                label=self.LABELS[which],
                style=discord.ButtonStyle.secondary,
                custom_id=f"vidrasso:lb:{owner_id}:{page}:{which}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(int(match["owner"]), int(match["page"]), match["which"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await ladder(interaction).on_page(interaction, self.owner_id, self.page)


class RecordButton(discord.ui.DynamicItem[Button], template=r"vidrasso:record:(?P<game>\d+)"):
    """Sends a finished game's ``vidrasso-record/1`` file, privately."""

    def __init__(self, game_id: int, label: str = "Record") -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"vidrasso:record:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RecordButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await ladder(interaction).on_record(interaction, self.game_id)


LADDER_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (PageButton, RecordButton)


def pages_view(owner_id: int, page: LeaderboardPage) -> discord.ui.View | None:
    """First / previous / next / last, disabled where they would go nowhere."""
    if page.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    at_start, at_end = page.page <= 1, page.page >= page.pages
    view.add_item(PageButton(owner_id, 1, "first", disabled=at_start))
    view.add_item(PageButton(owner_id, max(1, page.page - 1), "prev", disabled=at_start))
    view.add_item(PageButton(owner_id, min(page.pages, page.page + 1), "next", disabled=at_end))
    view.add_item(PageButton(owner_id, page.pages, "last", disabled=at_end))
    return detached(view)


def records_view(game_ids: list[int]) -> discord.ui.View | None:
    if not game_ids:
        return None
    view = discord.ui.View(timeout=None)
    for i, game_id in enumerate(game_ids, start=1):
        view.add_item(RecordButton(game_id, f"Record {i}"))
    return detached(view)


class Ladder(commands.Cog):
    """The ladder commands, their buttons, and members' last-seen display names."""

    def __init__(self, bot: VidrassoBot) -> None:
        self.bot = bot
        self.ladder = LadderService(bot.db)
        self.subcommands: list[Subcommand] = [
            app_commands.Command(
                name="leaderboard",
                description="This server's Vidrasso ladder",
                callback=self.leaderboard,
            ),
            app_commands.Command(
                name="stats",
                description="A player's rating, record and habits",
                callback=self.stats,
            ),
            app_commands.Command(
                name="history",
                description="A player's recent finished games, with their records",
                callback=self.history,
            ),
        ]

    async def cog_load(self) -> None:
        attach(self.bot, "cogs.ladder", self.subcommands)
        self.bot.add_dynamic_items(*LADDER_ITEMS)

    async def cog_unload(self) -> None:
        detach(self.bot, self.subcommands)
        self.bot.remove_dynamic_items(*LADDER_ITEMS)

    # --- names --------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Keep the display name of every member who uses the bot (for the ladder)."""
        user = interaction.user
        if interaction.guild_id is None or not isinstance(user, discord.Member):
            return
        await self.remember(interaction.guild_id, user)

    async def remember(self, guild_id: int, member: discord.Member) -> None:
        try:
            await self.ladder.remember_name(guild_id, member.id, member.display_name)
        except Exception:
            log.exception("could not store the display name of %s", member.id)

    # --- errors -------------------------------------------------------------------------

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, ServiceError):
            await reply(interaction, str(original))
            return
        log.exception("command %s failed", interaction.command, exc_info=original)
        await reply(interaction, SORRY)

    async def guarded(
        self, interaction: discord.Interaction, work: Callable[[], Awaitable[None]]
    ) -> None:
        """Run a button handler; player errors get a polite answer, the rest is logged."""
        try:
            await work()
        except ServiceError as error:
            await reply(interaction, str(error))
        except Exception:
            data: Any = interaction.data or {}
            log.exception("ladder button %s failed", data.get("custom_id"))
            try:
                await reply(interaction, SORRY)
            except discord.HTTPException:
                log.exception("could not even apologise")

    # --- commands -----------------------------------------------------------------------

    @app_commands.describe(page="Which page of the ladder (10 players a page)")
    async def leaderboard(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1] = 1
    ) -> None:
        if interaction.guild is None:
            await reply(interaction, NOT_IN_DMS)
            return
        embed, view = await self._leaderboard(interaction, interaction.user.id, page)
        await _send(interaction, embed=embed, view=view, ephemeral=False)

    @app_commands.describe(player="Whose stats (yourself when left out)")
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.Member | discord.User | None = None,
    ) -> None:
        if interaction.guild is None:
            await reply(interaction, NOT_IN_DMS)
            return
        who = player or interaction.user
        left = not isinstance(who, discord.Member)
        if isinstance(who, discord.Member) and who.id != interaction.user.id:
            await self.remember(interaction.guild.id, who)
        stats = await self.ladder.stats(interaction.guild.id, who.id, interaction.user.id)
        name = _name(who, stats.name)
        embed = render.stats_embed(
            stats,
            render.display(who.id, name),
            interaction.user.id,
            left=left,
            viewer_name=render.display(interaction.user.id, interaction.user.display_name),
        )
        chart = render.chart_file(stats, render.plain(who.id, name))
        await _send(interaction, embed=embed, file=chart, ephemeral=False)

    @app_commands.describe(player="Whose games (yours when left out)")
    async def history(
        self,
        interaction: discord.Interaction,
        player: discord.Member | discord.User | None = None,
    ) -> None:
        if interaction.guild is None:
            await reply(interaction, NOT_IN_DMS)
            return
        who = player or interaction.user
        left = not isinstance(who, discord.Member)
        if isinstance(who, discord.Member) and who.id != interaction.user.id:
            await self.remember(interaction.guild.id, who)
        entries = await self.ladder.history(interaction.guild.id, who.id)
        fresh = {interaction.user.id: interaction.user.display_name}
        if isinstance(who, discord.Member):
            fresh[who.id] = who.display_name
        stored = None if left else await self.ladder.name(interaction.guild.id, who.id)
        embed = render.history_embed(
            entries, render.display(who.id, _name(who, stored)), fresh=fresh
        )
        view = records_view([e.game_id for e in entries])
        await _send(interaction, embed=embed, view=view, ephemeral=True)

    # --- buttons ------------------------------------------------------------------------

    async def on_page(self, interaction: discord.Interaction, owner_id: int, page: int) -> None:
        async def work() -> None:
            if interaction.guild is None:
                await reply(interaction, NOT_IN_DMS)
                return
            viewer = interaction.user.id
            embed, view = await self._leaderboard(interaction, viewer, page)
            if viewer == owner_id:
                await interaction.response.edit_message(embed=embed, view=view)
            else:  # someone else's leaderboard: their own copy, privately
                await _send(interaction, embed=embed, view=view, ephemeral=True)

        await self.guarded(interaction, work)

    async def on_record(self, interaction: discord.Interaction, game_id: int) -> None:
        async def work() -> None:
            if interaction.guild is None:
                await reply(interaction, NOT_IN_DMS)
                return
            game = await self.ladder.finished_game(interaction.guild.id, game_id)
            record = to_record(game.state, [str(i) for i in game.player_ids])
            record["game_id"] = game.id
            data = json.dumps(record, indent=1).encode()
            file = discord.File(io.BytesIO(data), filename=f"vidrasso-game-{game.id}.json")
            await interaction.response.send_message(
                f"The record of game {game.id} (`vidrasso-record/1`).", file=file, ephemeral=True
            )

        await self.guarded(interaction, work)

    async def _leaderboard(
        self, interaction: discord.Interaction, viewer_id: int, page: int
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        assert interaction.guild is not None
        board = await self.ladder.leaderboard(interaction.guild.id, page, viewer_id)
        embed = render.leaderboard_embed(
            board,
            viewer_id,
            guild_name=interaction.guild.name,
            fresh={interaction.user.id: interaction.user.display_name},
        )
        return embed, pages_view(viewer_id, board)


def _name(who: discord.Member | discord.User, stored: str | None) -> str:
    """A member's current display name; for someone who left, the name they were last seen with
    here (their server nickname, perhaps), else their account's name."""
    if isinstance(who, discord.Member):
        return who.display_name
    return stored or who.display_name


async def _send(
    interaction: discord.Interaction,
    *,
    embed: discord.Embed,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
    ephemeral: bool,
) -> None:
    kwargs: dict[str, Any] = {"embed": embed, "ephemeral": ephemeral}
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    kwargs["allowed_mentions"] = discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Ladder(bot))  # type: ignore[arg-type]
