"""Private hands: showing a player their cards, their moves through its buttons, resigning.

A hand is only ever built from its owner's seat view and sent or edited through that owner's
own interaction, so it can never reach anyone else.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import NotAllowed, Stale
from bot.games import IllegalMove
from bot.play.model import Game
from cogs.ui.buttons import HandButton, SkipTipsButton, details_view
from cogs.ui.common import answer, detached, error_text, hold, is_ephemeral, release, reply
from cogs.ui.games import presentation
from cogs.ui.i18n import N_, Words, private

if TYPE_CHECKING:
    from bot.app import CardBot

log = logging.getLogger(__name__)

STALE = N_("That is no longer available — here is your hand as it is now.")
LIVE_FOR = 14 * 60.0
"""Seconds a hand message stays live: Discord lets an interaction's token edit its message
for 15 minutes; a minute is kept in hand."""
SWEEP_FROM = 256
"""Live hands held before the expired ones are first swept out (then twice what was left)."""


def let_go(view: discord.ui.View) -> None:
    """Once its message is sent or edited, take a view's items off it.

    Our views are stopped before they are sent (every button is routed by its custom id), so
    nothing needs them afterwards; but a view and its items point at each other, and a hand's
    twenty-odd buttons (with their emoji and rows) would wait for the garbage collector's
    cycle passes, which they would lengthen. Without the cycle they go at once.
    """
    view.clear_items()


@dataclass
class LiveHand:
    """A player's latest hand message, editable through their own interaction's token."""

    interaction: discord.Interaction
    since: float
    """``time.monotonic()`` when the interaction arrived."""

    @property
    def fresh(self) -> bool:
        return time.monotonic() - self.since < LIVE_FOR


class Hands:
    """The private side of a game.

    One tap a move: each player's latest hand message stays live, and whenever a game changes
    it is edited in place for every other player of the game, through that player's own
    interaction token — so it is ready when their turn comes, and nobody else's token ever
    touches it. When the token is too old, the table's mention and *Show my hand* open a
    fresh hand instead.
    """

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        self._live: dict[tuple[int, int], LiveHand] = {}
        self._sweep_at = SWEEP_FROM

    def _remember(self, interaction: discord.Interaction, game: Game) -> None:
        key = (game.id, interaction.user.id)
        if game.is_active:
            self._forget(key)
            hold(interaction)
            self._live[key] = LiveHand(interaction, time.monotonic())
            if len(self._live) >= self._sweep_at:
                self._sweep()
        else:
            self._forget(key)

    def _forget(self, key: tuple[int, int]) -> None:
        """No longer keep this hand live; its interaction may go (:func:`release`)."""
        live = self._live.pop(key, None)
        if live is not None:
            release(live.interaction)

    def _sweep(self) -> None:
        """Forget the hands whose token has expired. A game that nobody moves in again (left
        for days, or ended by the clock) would otherwise keep its players' last interactions
        for as long as the bot runs; sweeping when the count has doubled keeps this linear."""
        for key in [key for key, live in self._live.items() if not live.fresh]:
            self._forget(key)
        self._sweep_at = max(SWEEP_FROM, 2 * len(self._live))

    async def follow(self, game: Game, *, skip_user: int | None = None) -> None:
        """Bring every live hand of this game up to date (but ``skip_user``'s, just answered)."""
        for seat, player in enumerate(game.seats):
            if player.computer is not None or player.user_id == skip_user:
                continue
            key = (game.id, player.user_id)
            live = self._live.get(key)
            if live is None:
                continue
            if not live.fresh or not game.is_active:
                self._forget(key)
                if not live.fresh:
                    continue
            tr = private(live.interaction)
            embed, buttons = await self.hand_message(game, seat, tr)
            try:
                await live.interaction.edit_original_response(embed=embed, view=buttons)
            except discord.HTTPException as error:
                log.info("could not update a live hand in game %s: %s", game.id, error)
                self._forget(key)
            finally:
                let_go(buttons)

    async def hand_message(
        self,
        game: Game,
        seat: int,
        tr: Words,
        note: str | None = None,
        pending: str | None = None,
    ) -> tuple[discord.Embed, discord.ui.View]:
        """A player's hand from their seat's view: the embed (with the guided game's next tip
        for a learner) and its buttons."""
        seat_view = game.rules.view(game.state, seat)
        shown = presentation(game.kind)
        embed = shown.hand(game, seat_view, note, tr)
        buttons = self.hand_view(game, seat, tr, pending, seat_view=seat_view)
        learn = self.bot.services.learn
        user_id = game.seats[seat].user_id
        guided = game.is_active and game.has_computer  # a guided game is against the computer
        learner = await learn.learner_in(game.id, user_id) if guided else None
        if learner is not None:
            found = shown.tip(seat_view, learner.shown, tr)
            if found is not None and await learn.seen(user_id, found[0]):
                embed.add_field(name=tr("💡 Tip"), value=found[1], inline=False)
                buttons.add_item(SkipTipsButton(game.id, tr))
        if guided:
            hint = await self.bot.reviews.hint_button(game, seat, seat_view, tr)
            if hint is not None:
                buttons.add_item(hint)
        return embed, buttons

    async def on_skip_tips(self, interaction: discord.Interaction, game_id: int) -> None:
        """*Skip tips*: no more tips for this member; their hand without one."""
        await self.bot.services.learn.skip(interaction.user.id)
        game = await self.bot.services.games.game(game_id)
        await self.show(interaction, game, edit=is_ephemeral(interaction))

    def hand_view(
        self,
        game: Game,
        seat: int,
        tr: Words,
        pending: str | None = None,
        *,
        seat_view: Any = None,
    ) -> discord.ui.View:
        """The buttons under a player's hand: their moves (with ``pending``, a picked move
        waiting for *Confirm*), and Refresh while the game is on. ``seat_view``: the seat's
        view when the caller already has it (one view per hand drawn)."""
        view = discord.ui.View(timeout=None)
        if seat_view is None:
            seat_view = game.rules.view(game.state, seat)
        for item in presentation(game.kind).hand_items(game, seat_view, pending, tr):
            view.add_item(item)
        if game.is_active:
            view.add_item(HandButton(game.id, tr("Refresh"), primary=False, row=4))
        return detached(view)

    async def show(
        self,
        interaction: discord.Interaction,
        game: Game,
        *,
        note: str | None = None,
        edit: bool = False,
        pending: str | None = None,
    ) -> None:
        """The player's private hand, from their own seat view only."""
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            raise NotAllowed("This isn't your game.")
        embed, buttons = await self.hand_message(game, seat, private(interaction), note, pending)
        try:
            if edit and not interaction.response.is_done():
                editing = interaction.response.edit_message(content=None, embed=embed, view=buttons)
                shown = await answer(interaction, editing)
            else:
                shown = await reply(interaction, embed=embed, view=buttons)
        finally:
            let_go(buttons)
        if shown:  # a hand answered elsewhere is that process's to keep live
            self._remember(interaction, game)

    async def on_show(self, interaction: discord.Interaction, game_id: int) -> None:
        game = await self.bot.services.games.game(game_id)
        if game.seat_of(interaction.user.id) is None:
            raise NotAllowed("This isn't your game — only its players have hands here.")
        await self.show(interaction, game, edit=is_ephemeral(interaction))

    async def on_move(
        self, interaction: discord.Interaction, game_id: int, version: int, move: str
    ) -> None:
        """A move button: apply it, show the hand as it now is, publish, let the computer
        answer."""
        games = self.bot.services.games
        try:
            moved = await games.act(game_id, interaction.user.id, move, version)
        except (Stale, IllegalMove) as error:
            await self._refused(interaction, game_id, error)
            return
        note = presentation(moved.game.kind).move_note(moved, private(interaction))
        await self.show(interaction, moved.game, note=note, edit=is_ephemeral(interaction))
        publisher = self.bot.publisher
        await publisher.publish(moved, mover_id=interaction.user.id, interaction=interaction)
        if moved.game.has_computer and await publisher.computer_turns(game_id):
            await self.refresh(interaction, game_id)

    async def on_pick(
        self, interaction: discord.Interaction, game_id: int, version: int, move: str
    ) -> None:
        """The first step of a move that is confirmed: show the hand with it picked."""
        game = await self.bot.services.games.game(game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            raise NotAllowed("This isn't your game.")
        legal = {game.rules.action_text(a) for a in game.rules.legal_actions(game.state, seat)}
        try:  # the move in the game's own words (a set chosen in any order reads one way)
            move = game.rules.action_text(game.rules.parse_action(seat, move))
        except IllegalMove:
            move = ""
        if version != game.version or move not in legal:
            tr = private(interaction)
            note = tr(STALE)
            await self.show(interaction, game, note=note, edit=is_ephemeral(interaction))
            return
        await self.show(interaction, game, edit=is_ephemeral(interaction), pending=move)

    async def on_tricks(self, interaction: discord.Interaction, game_id: int) -> None:
        """This round's tricks so far, for anyone who asks (public information only)."""
        game = await self.bot.services.games.game(game_id)
        public = game.rules.view(game.state, None)
        tricks = presentation(game.kind).tricks(game, public, private(interaction))
        await reply(interaction, embed=tricks)

    async def on_details(self, interaction: discord.Interaction, game_id: int) -> None:
        """The whole table in words and this round's tricks, for anyone who asks (public
        information only), with *How to read this table* under them."""
        game = await self.bot.services.games.game(game_id)
        public = game.rules.view(game.state, None)
        tr = private(interaction)
        shown = presentation(game.kind)
        embeds = [shown.table(game, public, tr)]
        if shown.tricks_to_show(public):  # none during the bidding
            embeds.append(shown.tricks(game, public, tr))
        view = details_view(game.kind, tr)
        try:
            await reply(interaction, embeds=embeds, view=view)
        finally:
            let_go(view)

    async def on_resign(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        games, tr = self.bot.services.games, private(interaction)
        try:
            moved = await games.resign(game_id, interaction.user.id, version)
        except Stale as error:
            await self._refused(interaction, game_id, error)
            return
        await self.show(
            interaction, moved.game, note=tr("You resigned."), edit=is_ephemeral(interaction)
        )
        await self.bot.publisher.publish(
            moved, mover_id=interaction.user.id, interaction=interaction
        )

    async def _refused(
        self, interaction: discord.Interaction, game_id: int, error: Exception
    ) -> None:
        """A move the game no longer allows: its player sees why, above the hand as it is."""
        game = await self.bot.services.games.game(game_id)
        if game.seat_of(interaction.user.id) is None:
            raise NotAllowed("This isn't your game.") from error
        note = error_text(error, private(interaction))
        await self.show(interaction, game, note=note, edit=is_ephemeral(interaction))

    async def refresh(self, interaction: discord.Interaction, game_id: int) -> None:
        """Bring the player's private hand up to date after the computer answered, so their
        next press is not on a stale message."""
        game = await self.bot.services.games.game(game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            return
        tr = private(interaction)
        embed, buttons = await self.hand_message(game, seat, tr, tr("Your move."))
        try:
            await interaction.edit_original_response(embed=embed, view=buttons)
        except discord.HTTPException as error:
            log.info("could not refresh the hand in game %s: %s", game_id, error)
        finally:
            let_go(buttons)
        self._remember(interaction, game)
