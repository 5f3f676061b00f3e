"""The public side of every game: the table message, round results, the end of the game.

Whenever the turn passes, a new table message mentions whoever must act (edits do not notify)
and the previous table is removed, so the channel or thread stays readable. Otherwise the
latest table is edited in place while it is fresh. Everything here is drawn from public views.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

from bot.play.model import Challenge, Game
from bot.play.service import Moved
from cogs.ui.buttons import RematchButton, ReplayButton, table_view
from cogs.ui.challenges import challenge_text
from cogs.ui.clock_text import deadline_text
from cogs.ui.common import computer_name, mention, message_age, of_items
from cogs.ui.games import presentation, record_file
from cogs.ui.hands import let_go
from cogs.ui.i18n import Words, language_of
from cogs.ui.latest import Latest
from cogs.ui.review import review_buttons

if TYPE_CHECKING:
    from bot.app import CardBot

log = logging.getLogger(__name__)

PICTURE = "table.png"
"""The file name of a table's picture (one per table message)."""
EDIT_WINDOW = 3600.0
"""Never rely on editing a message older than this: post a new one instead."""


class Publisher:
    """Posts and edits the public messages of games and challenges."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        self.latest = Latest()
        """Orders each game's tables and drops those a newer state has overtaken."""

    async def words(self, guild_id: int) -> Words:
        """The words of a server's public messages: the language its managers chose, else the
        server's own Discord language, else English."""
        settings = await self.bot.services.settings.guild_settings(guild_id)
        if settings.language:
            return Words(settings.language)
        guild = self.bot.get_guild(guild_id)
        return Words(language_of(guild.preferred_locale if guild else None))

    async def begin(self, game: Game, place_id: int) -> None:
        """The opening line and the first table; then the computer moves if it is first."""
        if place_id != game.place_id:
            game = await self.bot.services.games.game(game.id)
        opening = presentation(game.kind).opening(game, await self.words(game.guild_id))
        if opening:
            await self.send(place_id, opening, mention=[])
        await self.post_table(game, mention_seats=game.to_act)
        await self.computer_turns(game.id)

    async def computer_turns(self, game_id: int) -> bool:
        """Let the computer play its seats, showing each move; True if it moved."""
        return await self.bot.services.computer.take_turns(game_id, self.publish)

    async def publish(self, moved: Moved, *, mover_id: int | None = None) -> None:
        """The public side of any accepted action — round results, table, end of game — and
        every other player's live hand brought up to date."""
        await self._publish(moved)
        await self.bot.hands.follow(moved.game, skip_user=mover_id)

    async def _publish(self, moved: Moved) -> None:
        game = moved.game
        shown = presentation(game.kind)
        tr = await self.words(game.guild_id)
        for embed in shown.announcements(moved, tr):
            await self.send(game.place_id, embed=embed)
        new_round = game.rules.rounds(game.state) != game.rules.rounds(moved.before)
        mention: tuple[int, ...] = ()
        if new_round:
            mention = game.to_act
        elif moved.turn_passed:
            mention = tuple(s for s in game.to_act if s != moved.seat)
        new_message = new_round or moved.turn_passed
        # One table of a game at a time, the latest only (cogs/ui/latest.py).
        async with self.latest.turn(
            game.id, game.version, new_message=new_message, mention=mention
        ) as turn:
            if not turn.latest:
                return
            if turn.waited:  # the table message may have been replaced meanwhile
                stored = await self.bot.services.games.game(game.id)
                game = dataclasses.replace(game, table_message_id=stored.table_message_id)
            if game.outcome is not None:
                await self.retire_table(game.place_id, game.guild_id, game.table_message_id)
                await self.game_over(game)
                return
            if turn.new_message:
                seats = tuple(s for s in turn.mention if s in mention or s in game.to_act)
                await self.post_table(game, mention_seats=seats)
            else:
                await self.refresh_table(game)

    async def post_table(self, game: Game, *, mention_seats: tuple[int, ...]) -> None:
        """A new public table message, mentioning who must act (edits do not notify), then the
        table it replaces removed: a game never has no table, even if the bot stops between
        the two. The table is recorded with the version it shows, so a restart can tell a
        table left behind (:meth:`ensure_table`); should a newer table have been recorded
        meanwhile (another click, another process), this one is the one removed."""
        ids = [game.player_ids[s] for s in mention_seats if not game.is_computer(s)]
        tr = await self.words(game.guild_id)
        content, embed, picture = await self.table(game, tr)
        buttons = table_view(game.id, game.kind, tr)
        try:
            message = await self.send(
                game.place_id, content, embed=embed, view=buttons, file=picture, mention=ids
            )
        finally:
            let_go(buttons)
        await self.record_table(game, message.id)

    async def record_table(self, game: Game, message_id: int) -> None:
        """Record the message as the game's table, showing its version; remove the table this
        leaves behind."""
        stale = await self.bot.services.games.set_table_message(game.id, message_id, game.version)
        await self.retire_table(game.place_id, game.guild_id, stale)

    async def table(self, game: Game, tr: Words) -> tuple[str, discord.Embed, discord.File | None]:
        """The public table, all drawn from one public view: the turn line (the message's
        content), the embed (with the deadline of the move it waits for) and, for a game that
        draws one, its picture, attached and shown in the embed."""
        public = game.rules.view(game.state, None)
        shown = presentation(game.kind)
        content = shown.turn_line(game, public, tr)
        embed = shown.table(game, public, tr)
        clock = await self.bot.services.clocks.clock_of(game.id)
        if clock is not None and clock.deadline_at is not None:
            embed.add_field(
                name=tr("Move by"), value=deadline_text(clock.deadline_at), inline=False
            )
        if not self.bot.config.table_pictures:
            return content, embed, None
        names = await self.names(game, tr)
        png = await asyncio.to_thread(shown.picture, game, public, names, tr)
        if png is None:
            return content, embed, None
        embed.set_image(url=f"attachment://{PICTURE}")
        return content, embed, discord.File(io.BytesIO(png), filename=PICTURE)

    async def names(self, game: Game, tr: Words) -> list[str]:
        """What a picture calls each seat: the name last seen, the computer's level, or the
        seat's number."""
        names = []
        for seat, player in enumerate(game.seats):
            if player.computer is not None:
                names.append(computer_name(game, seat, tr))
                continue
            seen = await self.bot.services.ladder.name(game.guild_id, player.user_id)
            names.append(seen or tr("Player {n}", n=seat + 1))
        return names

    async def refresh_table(self, game: Game) -> None:
        """Edit the latest table in place while it is fresh; otherwise post a new one."""
        mid = game.table_message_id
        if mid is None or message_age(mid, time.time()) > EDIT_WINDOW:
            await self.post_table(game, mention_seats=())
            return
        channel = self.bot.get_partial_messageable(game.place_id, guild_id=game.guild_id)
        tr = await self.words(game.guild_id)
        content, embed, picture = await self.table(game, tr)
        buttons = table_view(game.id, game.kind, tr)
        try:
            await channel.get_partial_message(mid).edit(
                content=content,
                embed=embed,
                view=buttons,
                attachments=[picture] if picture else [],
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as error:
            log.info("could not edit table of game %s (%s); posting anew", game.id, error)
            await self.post_table(game, mention_seats=())
            return
        finally:
            let_go(buttons)
        await self.record_table(game, mid)

    async def retire_table(self, place_id: int, guild_id: int, message_id: int | None) -> None:
        """Delete a previous table (the bot's own message) once another replaces it."""
        if message_id is None:
            return
        channel = self.bot.get_partial_messageable(place_id, guild_id=guild_id)
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException as error:
            log.info("could not remove the old table message %s: %s", message_id, error)

    async def ensure_table(self, game: Game) -> bool:
        """After a restart, make a game's table true: a table that shows an older version (the
        bot stopped after saving a move and before posting its table), none at all, or one
        whose message is gone is replaced by the current table, which mentions whoever must
        act. True when a table was posted."""
        behind = game.table_version is not None and game.table_version != game.version
        if game.table_message_id is not None and not behind:
            channel = self.bot.get_partial_messageable(game.place_id, guild_id=game.guild_id)
            try:
                await channel.fetch_message(game.table_message_id)
                return False
            except discord.NotFound:
                pass
        await self.post_table(game, mention_seats=game.to_act)
        return True

    async def game_over(self, game: Game) -> None:
        """The end: who won, round by round, the rating changes, every player pinged, the
        game record and a Rematch button."""
        public = game.rules.view(game.state, None)
        tr = await self.words(game.guild_id)
        changes = await self.bot.services.ladder.rating_changes(game.id)
        ratings = {user: (before.shown, after.shown) for user, (before, after) in changes.items()}
        people = [s.user_id for s in game.seats if s.computer is None]
        await self.send(
            game.place_id,
            " ".join(mention(u) for u in people),
            embed=presentation(game.kind).game_over(game, public, ratings, tr),
            file=await record_file(game),
            view=of_items(RematchButton(game.id, tr), *review_buttons(game, tr)),
            mention=people,
        )

    async def replay_message(
        self, game: Game, page: int
    ) -> tuple[discord.Embed, list[discord.File], discord.ui.View]:
        """One page of a finished game's replay, with ◀ ▶ to turn the pages."""
        shown = presentation(game.kind)
        pages = shown.replay_pages(game)
        page = min(max(page, 0), pages - 1)
        tr = await self.words(game.guild_id)
        names = await self.names(game, tr)
        embed, png = await asyncio.to_thread(shown.replay_page, game, page, names, tr)
        embed.set_footer(text=tr("Page {n} of {pages}", n=page + 1, pages=pages))
        files = []
        if png is not None:
            embed.set_image(url=f"attachment://{PICTURE}")
            files.append(discord.File(io.BytesIO(png), filename=PICTURE))
        view = of_items(
            ReplayButton(game.id, page - 1, False, disabled=page == 0),
            ReplayButton(game.id, page + 1, True, disabled=page == pages - 1),
        )
        return embed, files, view

    async def on_replay_page(
        self, interaction: discord.Interaction, game_id: int, page: int
    ) -> None:
        assert interaction.guild_id is not None
        game = await self.bot.services.games.finished_game(interaction.guild_id, game_id)
        embed, files, view = await self.replay_message(game, page)
        await interaction.response.edit_message(embed=embed, attachments=files, view=view)

    async def expire_due_challenges(self) -> list[Challenge]:
        """Close challenges whose time ran out and take the buttons off their messages."""
        expired = await self.bot.services.games.expire_challenges()
        for row in expired:
            if row.message_id is None:
                continue
            channel = self.bot.get_partial_messageable(row.channel_id)
            try:
                tr = await self.words(row.guild_id)
                await channel.get_partial_message(row.message_id).edit(
                    content=challenge_text(row, tr, expired=True), view=None
                )
            except discord.HTTPException as error:
                log.info("could not update expired challenge %s: %s", row.id, error)
        return expired

    async def send(
        self,
        place_id: int,
        content: str | None = None,
        *,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
        mention: list[int] | None = None,
    ) -> discord.Message:
        """Post in a channel or thread, notifying only the members in ``mention``."""
        channel = self.bot.get_partial_messageable(place_id)
        kwargs: dict[str, Any] = {
            "allowed_mentions": discord.AllowedMentions(
                users=[discord.Object(id=i) for i in (mention or [])]
            )
        }
        if content is not None:
            kwargs["content"] = content
        if embed is not None:
            kwargs["embed"] = embed
        if view is not None:
            kwargs["view"] = view
        if file is not None:
            kwargs["file"] = file
        return await channel.send(**kwargs)
