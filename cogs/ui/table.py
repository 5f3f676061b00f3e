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
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.play.model import Challenge, Game, Seat
from bot.play.service import Moved
from cogs.ui import replay
from cogs.ui.buttons import RematchButton, ReplayOpenButton, table_view
from cogs.ui.challenges import challenge_text
from cogs.ui.clock_text import deadline_text
from cogs.ui.common import computer_seat_name, mention, message_age, of_items
from cogs.ui.games import presentation, record_file, summary_of
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


def table_buttons(game: Game, tr: Words) -> discord.ui.View:
    """The buttons under a game's table: no *Show my hand* once the game is over."""
    return table_view(game.id, game.kind, tr, hand=game.outcome is None)


def table_message(
    game: Game, public: Any, tr: Words, *, picture: bool, deadline: float | None
) -> tuple[str, discord.Embed]:
    """A table message's content and embed, from the public view: the turn line (which
    mentions whoever must act), then, beside the picture, the game's short text — what just
    happened, the score — and the deadline, the long description going behind *Details*
    (phone first: the picture is the table). Without a picture (pictures off, a game that draws
    none, or one without a short text) the embed is the long description itself."""
    shown = presentation(game.kind)
    content = shown.turn_line(game, public, tr)
    summary = summary_of(shown, game, public, tr) if picture else None
    if summary is None:
        embed = shown.table(game, public, tr)
        if deadline is not None:
            embed.add_field(name=tr("Move by"), value=deadline_text(deadline), inline=False)
    else:
        embed = discord.Embed(description=summary, colour=shown.table(game, public, tr).colour)
        if deadline is not None:
            assert embed.description is not None
            embed.description += "\n" + tr("**Move by**: {time}", time=f"<t:{int(deadline)}:R>")
    if picture:
        embed.set_image(url=f"attachment://{PICTURE}")
    return content, embed


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

    async def begin(
        self, game: Game, place_id: int, interaction: discord.Interaction | None = None
    ) -> None:
        """The opening line and the first table; then the computer moves if it is first.
        ``interaction``: the member's who started it, told if the table cannot be posted."""
        if place_id != game.place_id:
            game = await self.bot.services.games.game(game.id)
        try:
            opening = presentation(game.kind).opening(game, await self.words(game.guild_id))
            if opening:
                await self.send(place_id, opening, mention=[], game=game)
            await self.post_table(game, mention_seats=game.to_act)
        except discord.Forbidden as error:
            await self.cannot_post(game, error, interaction)
        except discord.HTTPException as error:  # the game is made: the next move posts again
            log.warning("game %s: could not post its first table: %s", game.id, error)
        await self.computer_turns(game.id)

    async def computer_turns(self, game_id: int) -> bool:
        """Let the computer play its seats, showing each move; True if it moved."""
        return await self.bot.services.computer.take_turns(game_id, self.publish)

    async def publish(
        self,
        moved: Moved,
        *,
        mover_id: int | None = None,
        interaction: discord.Interaction | None = None,
    ) -> None:
        """The public side of any accepted action — round results, table, end of game — and
        every other player's live hand brought up to date. The action stands even where
        nothing can be posted any more: the players are told why (``interaction``: the
        mover's, who is told in their answer)."""
        try:
            await self._publish(moved)
        except discord.Forbidden as error:
            await self.cannot_post(moved.game, error, interaction)
        except discord.HTTPException as error:
            # Not the mover's to retry (the move stands); the next one posts the table again.
            log.warning(
                "game %s: could not publish version %s: %s",
                moved.game.id,
                moved.game.version,
                error,
            )
        await self.bot.hands.follow(moved.game, skip_user=mover_id)

    async def cannot_post(
        self, game: Game, error: discord.Forbidden, interaction: discord.Interaction | None
    ) -> None:
        """Discord refused a message of the game in its place: tell its players, once, which
        permission the server must give back (:mod:`cogs.ui.permissions`)."""
        permits = self.bot.permits
        need = permits.posting_need(game.place_id, game.channel_id, error)
        await permits.cannot_post(game, need, interaction)

    async def _publish(self, moved: Moved) -> None:
        game = moved.game
        shown = presentation(game.kind)
        tr = await self.words(game.guild_id)
        for embed in shown.announcements(moved, tr):
            await self.send(game.place_id, embed=embed, game=game)
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
        buttons = table_buttons(game, tr)
        try:
            message = await self.send(
                game.place_id,
                content,
                embed=embed,
                view=buttons,
                file=picture,
                mention=ids,
                game=game,
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
        draws one, its picture, attached and shown in the embed (:func:`table_message`)."""
        public = game.rules.view(game.state, None)
        shown = presentation(game.kind)
        clock = await self.bot.services.clocks.clock_of(game.id)
        deadline = clock.deadline_at if clock is not None else None
        png = None
        if self.bot.config.table_pictures:
            names = await self.names(game, tr)
            png = await asyncio.to_thread(shown.picture, game, public, names, tr)
        # Where the picture cannot be attached (no *Attach Files*), the table is told in words.
        shows = png is not None and self.bot.permits.can_attach(game.place_id)
        content, embed = table_message(game, public, tr, picture=shows, deadline=deadline)
        if png is None:
            return content, embed, None
        return content, embed, discord.File(io.BytesIO(png), filename=PICTURE)

    async def names(self, game: Game, tr: Words) -> list[str]:
        """What a picture calls each seat: the name last seen, the computer's level, or the
        seat's number."""
        return await self.seat_names(game.guild_id, game.seats, tr)

    async def seat_names(
        self,
        guild_id: int,
        seats: Sequence[Seat],
        tr: Words,
        fresh: Mapping[int, str] | None = None,
    ) -> list[str]:
        """:meth:`names` for a table's ``seats`` (a game's, or a challenge's as its game would
        start); ``fresh``: names just seen (a member pressing a button now), before the
        stored ones (which the ladder's listener may not have written yet)."""
        names = []
        for seat, player in enumerate(seats):
            if player.computer is not None:
                names.append(computer_seat_name(seats, seat, tr))
                continue
            seen = (fresh or {}).get(player.user_id)
            if seen is None:
                seen = await self.bot.services.ladder.name(guild_id, player.user_id)
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
        drawn, table, picture = await self.table(game, tr)
        content, embed, files, lost = self.bot.permits.fit(
            game.place_id, drawn, table, [picture] if picture else []
        )
        buttons = table_buttons(game, tr)
        try:
            await channel.get_partial_message(mid).edit(
                content=content,
                embed=embed,
                view=buttons,
                attachments=files,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as error:
            log.info("could not edit table of game %s (%s); posting anew", game.id, error)
            await self.post_table(game, mention_seats=())
            return
        finally:
            let_go(buttons)
        await self.record_table(game, mid)
        await self.bot.permits.tell(game, lost)

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
            except (discord.NotFound, discord.Forbidden):
                pass  # gone, or cannot be looked at (no Read Message History): posted anew
        try:
            await self.post_table(game, mention_seats=game.to_act)
        except discord.Forbidden as error:  # its players are told at the next move
            log.warning("game %s: cannot post its table in %s: %s", game.id, game.place_id, error)
            return False
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
            view=of_items(
                RematchButton(game.id, tr), ReplayOpenButton(game.id, tr), *review_buttons(game, tr)
            ),
            mention=people,
            game=game,
        )

    async def on_replay_page(
        self, interaction: discord.Interaction, game_id: int, page: int
    ) -> None:
        """A replay's ⏮ ◀ ▶ ⏭ or its menu of rounds (:mod:`cogs.ui.replay`)."""
        await replay.turn_page(interaction, game_id, page)

    async def on_replay_open(self, interaction: discord.Interaction, game_id: int) -> None:
        """*Replay* on the game-over message or in ``/history``."""
        await replay.open_replay(interaction, game_id)

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
        game: Game | None = None,
    ) -> discord.Message:
        """Post in a channel or thread, notifying only the members in ``mention``; what the
        place does not allow is left out (:meth:`Permits.fit`), and a ``game``'s players are
        told once what the server must fix."""
        content, embed, files, lost = self.bot.permits.fit(
            place_id, content, embed, [file] if file else []
        )
        file = files[0] if files else None
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
        message = await channel.send(**kwargs)
        if game is not None:
            await self.bot.permits.tell(game, lost)
        return message
