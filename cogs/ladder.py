"""``/leaderboard``, ``/stats`` and ``/history``: the server's ladders, one per game.

Glue only: interaction → :class:`~bot.ladder.service.LadderService` (``bot.services.ladder``) →
reply, drawn by :mod:`cogs.ui.ladder_text` in the reader's words: the server's for the public
leaderboard and stats, the member's own for private answers (history, records, someone else's
leaderboard page). The three commands are top-level and take a ``game`` option (the member's
one game in progress, else the first registered, when left out); they join the tree when the
cog loads and leave it when it unloads; failures are answered by the bot's one error
handler (buttons through :func:`~cogs.ui.common.guarded`). Leaderboard pages and game records
are persistent buttons (DynamicItems with ``vidrasso:lb:…`` and ``vidrasso:record:…`` custom
ids), so they keep working after a restart.
"""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import ServiceError
from bot.games import DEFAULT_KIND, GAMES
from bot.ladder import LeaderboardPage
from bot.ladder.service import LadderService
from cogs.events import PERIOD_CHOICES, period_embed
from cogs.ui import ladder_text as text
from cogs.ui.buttons import ReplayOpenButton
from cogs.ui.common import guarded, of_items, reply
from cogs.ui.games import record_file
from cogs.ui.group import Subcommand, attach, detach
from cogs.ui.i18n import ENGLISH_WORDS, N_, Words, private

log = logging.getLogger(__name__)

Button = discord.ui.Button[Any]
KIND = DEFAULT_KIND
"""The game whose ladder these commands show when no ``game`` is named and the member's games
in progress do not tell (and whose page buttons' custom ids carry no game)."""
GAME_CHOICES = [app_commands.Choice(name=rules.title, value=kind) for kind, rules in GAMES.items()]
"""The ``game`` option of every ladder command: each registered game has its own ladder."""
GAME_HELP = N_("Which game (left out: the game you are playing)")


async def kind_of(interaction: discord.Interaction, game: str | None) -> str:
    """The game a ``game`` option names; left out, the kind of the member's games in progress
    here when they are all of one kind, else the first registered game."""
    if game is None:
        games = interaction.client.services.games  # type: ignore[attr-defined]
        playing = await games.games_of(guild_of(interaction).id, interaction.user.id)
        kinds = {g.kind for g in playing}
        return kinds.pop() if len(kinds) == 1 else KIND
    if game not in GAMES:  # a choice Discord no longer offers (an old client)
        raise ServiceError("There is no game called {game} here.", game=game)
    return game


def ladder_of(client: discord.Client) -> LadderService:
    return client.services.ladder  # type: ignore[attr-defined, no-any-return]


async def public_words(client: discord.Client, guild_id: int) -> Words:
    """The words of the server's public messages (``bot.publisher.words``)."""
    words: Words = await client.publisher.words(guild_id)  # type: ignore[attr-defined]
    return words


def guild_of(interaction: discord.Interaction) -> discord.Guild:
    """The server the interaction comes from; a DM is refused (the ladder is a server's)."""
    if interaction.guild is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild


class PageButton(
    discord.ui.DynamicItem[Button],
    template=(
        r"vidrasso:lb:(?P<owner>\d+):(?P<page>\d+):(?P<which>first|prev|next|last)"
        r"(?::(?P<kind>[a-z]+))?"
    ),
):
    """A leaderboard page button. The owner (who asked) turns the page; anyone else gets their
    own copy of that page, privately."""

    LABELS: ClassVar[dict[str, str]] = {
        "first": N_("« First"),
        "prev": N_("‹ Previous"),
        "next": N_("Next ›"),
        "last": N_("Last »"),
    }

    def __init__(
        self,
        owner_id: int,
        page: int,
        which: str,
        kind: str = KIND,
        *,
        disabled: bool = False,
        tr: Words = ENGLISH_WORDS,
    ) -> None:
        self.owner_id = owner_id
        self.page = page
        self.kind = kind
        suffix = "" if kind == KIND else f":{kind}"  # the default game's buttons as before
        super().__init__(
            discord.ui.Button(
                label=tr(self.LABELS[which]),
                style=discord.ButtonStyle.secondary,
                custom_id=f"vidrasso:lb:{owner_id}:{page}:{which}{suffix}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(int(match["owner"]), int(match["page"]), match["which"], match["kind"] or KIND)

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            viewer = interaction.user.id
            if viewer == self.owner_id:  # the public message, in the server's words
                tr = await public_words(interaction.client, guild_of(interaction).id)
                embed, view = await leaderboard(
                    interaction, viewer, self.page, self.kind, tr, public=True
                )
                await interaction.response.edit_message(embed=embed, view=view)
            else:  # someone else's leaderboard: their own copy, privately
                embed, view = await leaderboard(
                    interaction, viewer, self.page, self.kind, private(interaction)
                )
                await reply(interaction, embed=embed, view=view, ephemeral=True)

        await guarded(interaction, work)


class RecordButton(discord.ui.DynamicItem[Button], template=r"vidrasso:record:(?P<game>\d+)"):
    """Sends a finished game's record file (``vidrasso-record/1`` for Vidrasso), privately."""

    def __init__(self, game_id: int, label: str = "Record") -> None:
        """``label``: the button's words (a button made from its custom id is never shown)."""
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
        async def work() -> None:
            guild = guild_of(interaction)
            games = interaction.client.services.games  # type: ignore[attr-defined]
            game = await games.finished_game(guild.id, self.game_id)
            file = await record_file(game)
            tr = private(interaction)
            await reply(interaction, tr("The record of game {game}.", game=game.id), file=file)

        await guarded(interaction, work)


LADDER_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (PageButton, RecordButton)


def pages_view(owner_id: int, page: LeaderboardPage, tr: Words) -> discord.ui.View | None:
    """First / previous / next / last, disabled where they would go nowhere."""
    if page.pages <= 1:
        return None
    at_start, at_end = page.page <= 1, page.page >= page.pages
    kind = page.kind
    return of_items(
        PageButton(owner_id, 1, "first", kind, disabled=at_start, tr=tr),
        PageButton(owner_id, max(1, page.page - 1), "prev", kind, disabled=at_start, tr=tr),
        PageButton(owner_id, min(page.pages, page.page + 1), "next", kind, disabled=at_end, tr=tr),
        PageButton(owner_id, page.pages, "last", kind, disabled=at_end, tr=tr),
    )


def records_view(game_ids: list[int], tr: Words) -> discord.ui.View | None:
    """*Replay* and *Record* for each game, two games a row (ten games fill the five rows)."""
    if not game_ids:
        return None
    items: list[discord.ui.Item[Any]] = []
    for index, game_id in enumerate(game_ids[:10]):
        replay = ReplayOpenButton(game_id, tr, label=tr("Replay #{number}", number=game_id))
        record = RecordButton(game_id, tr("Record #{number}", number=game_id))
        replay.row = record.row = index // 2
        items += [replay, record]
    return of_items(*items)


async def leaderboard(
    interaction: discord.Interaction,
    viewer_id: int,
    page: int,
    kind: str,
    tr: Words,
    *,
    public: bool = False,
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The leaderboard of ``kind``, page ``page``, as ``viewer_id`` sees it, with its page
    buttons. A ``public`` one marks nobody as "you": everyone in the channel reads it."""
    guild = guild_of(interaction)
    board = await ladder_of(interaction.client).leaderboard(guild.id, page, viewer_id, kind)
    embed = text.leaderboard_embed(
        board,
        None if public else viewer_id,
        tr,
        guild_name=guild.name,
        fresh={interaction.user.id: interaction.user.display_name},
    )
    return embed, pages_view(viewer_id, board, tr)


async def own_standing(interaction: discord.Interaction, kind: str, tr: Words) -> str:
    """The caller's own line of a ladder, for their eyes only."""
    guild = guild_of(interaction)
    board = await ladder_of(interaction.client).leaderboard(guild.id, 1, interaction.user.id, kind)
    if board.viewer is None:
        return tr("You're not on the ladder yet: finish a game against a member to join.")
    name = text.display(board.viewer.user_id, interaction.user.display_name)
    return tr(
        "Your place: {line}", line=text.standing_line(kind, board.viewer, name, tr, you=False)
    )


def name_of(who: discord.Member | discord.User, stored: str | None) -> str:
    """A member's current display name; for someone who left, the name they were last seen with
    here (their server nickname, perhaps), else their account's name."""
    if isinstance(who, discord.Member):
        return who.display_name
    return stored or who.display_name


class Ladder(commands.Cog):
    """The ladder commands, their buttons, and members' last-seen display names."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.subcommands: list[Subcommand] = [
            app_commands.Command(
                name="leaderboard",
                description="This server's ladder",
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

    @property
    def ladder(self) -> LadderService:
        return ladder_of(self.bot)

    async def cog_load(self) -> None:
        attach(self.bot, self.subcommands)
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

    async def remember_named(
        self, interaction: discord.Interaction, who: discord.Member | discord.User
    ) -> None:
        """Keep the name of a member named in a ``player`` option (the caller's is kept on
        every interaction)."""
        if isinstance(who, discord.Member) and who.id != interaction.user.id:
            await self.remember(guild_of(interaction).id, who)

    # --- commands -----------------------------------------------------------------------

    @app_commands.describe(
        page="Which page of the ladder (10 players a page)",
        game=GAME_HELP,
        period="The ladder of this month or of the season (left out: all time)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.choices(period=PERIOD_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        page: app_commands.Range[int, 1] = 1,
        game: str | None = None,
        period: str | None = None,
    ) -> None:
        tr = await public_words(self.bot, guild_of(interaction).id)
        kind = await kind_of(interaction, game)
        if period is not None:
            seasons = self.bot.services.seasons  # type: ignore[attr-defined]
            board = await seasons.board(guild_of(interaction).id, kind, period)
            await reply(interaction, embed=period_embed(board, tr), ephemeral=False)
            return
        embed, view = await leaderboard(
            interaction, interaction.user.id, page, kind, tr, public=True
        )
        await reply(interaction, embed=embed, view=view, ephemeral=False)
        mine = await own_standing(interaction, kind, private(interaction))
        await reply(interaction, mine, ephemeral=True)

    @app_commands.describe(player="Whose stats (yourself when left out)", game=GAME_HELP)
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.Member | discord.User | None = None,
        game: str | None = None,
    ) -> None:
        guild = guild_of(interaction)
        who = player or interaction.user
        await self.remember_named(interaction, who)
        kind = await kind_of(interaction, game)
        stats = await self.ladder.stats(guild.id, who.id, interaction.user.id, kind)
        name = name_of(who, stats.name)
        tr = await public_words(self.bot, guild.id)  # a public answer
        embed = text.stats_embed(
            stats,
            text.display(who.id, name),
            interaction.user.id,
            tr,
            left=not isinstance(who, discord.Member),
            viewer_name=text.display(interaction.user.id, interaction.user.display_name),
        )
        chart = text.chart_file(stats, text.plain(who.id, name), tr)
        await reply(interaction, embed=embed, file=chart, ephemeral=False)

    @app_commands.describe(player="Whose games (yours when left out)", game=GAME_HELP)
    @app_commands.choices(game=GAME_CHOICES)
    async def history(
        self,
        interaction: discord.Interaction,
        player: discord.Member | discord.User | None = None,
        game: str | None = None,
    ) -> None:
        guild = guild_of(interaction)
        who = player or interaction.user
        left = not isinstance(who, discord.Member)
        await self.remember_named(interaction, who)
        kind = await kind_of(interaction, game)
        entries = await self.ladder.history(guild.id, who.id, kind)
        fresh = {interaction.user.id: interaction.user.display_name}
        if isinstance(who, discord.Member):
            fresh[who.id] = who.display_name
        stored = await self.ladder.name(guild.id, who.id) if left else None
        tr = private(interaction)  # a private answer
        name = text.display(who.id, name_of(who, stored))
        embed = text.history_embed(entries, name, tr, fresh=fresh, kind=kind)
        view = records_view([e.game_id for e in entries], tr)
        await reply(interaction, embed=embed, view=view, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Ladder(bot))
