"""Challenges in Discord: the challenge message, accepting and declining, the game's thread,
and rematches. The service decides; this module only words and shows."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.errors import NotAllowed
from bot.play.model import ACCEPTED, CANCELLED, DECLINED, OPEN, Challenge, Game, Invite
from cogs.ui.buttons import challenge_view
from cogs.ui.clock_text import preset_text
from cogs.ui.common import answer, mention
from cogs.ui.i18n import N_, Words

if TYPE_CHECKING:
    from bot.app import CardBot

log = logging.getLogger(__name__)


def challenge_text(row: Challenge, tr: Words, *, expired: bool = False) -> str:
    """The public challenge line, as it stands."""
    values = {
        "challenger": mention(row.challenger_id),
        "invited": names(row.invited_ids, tr),
        "game": tr(row.rules.title),
        "target": row.target,
    }
    to_points = len(row.rules.targets) > 1  # a game of one target is played to no points
    if row.time_per_move is not None:
        timed = (
            N_("{challenger} challenges {invited} to {game} (to {target}, {time} per move)")
            if to_points
            else N_("{challenger} challenges {invited} to {game} ({time} per move)")
        )
        who = tr(timed, time=preset_text(row.time_per_move, tr), **values)
    elif to_points:
        who = tr("{challenger} challenges {invited} to {game} (to {target})", **values)
    else:
        who = tr("{challenger} challenges {invited} to {game}", **values)
    status = "expired" if expired else row.status
    if status == OPEN:
        return tr(
            "{challenge}. {waiting}, do you accept? Expires <t:{expires}:R>. New to {game}? "
            "**Rules** explains it in a minute.",
            challenge=who,
            waiting=names(row.waiting_for, tr),
            expires=int(row.expires_at),
            game=tr(row.rules.title),
        )
    if status == ACCEPTED:
        return tr("{challenge} — accepted! Game {id} is on.", challenge=who, id=row.game_id)
    if status == DECLINED:
        return tr("{challenge} — declined.", challenge=who)
    if status == CANCELLED:
        return tr("{challenge} — withdrawn.", challenge=who)
    return tr("{challenge} — expired without an answer.", challenge=who)


def names(user_ids: Sequence[int], tr: Words) -> str:
    """Members as a list in words: ``@a``, ``@a and @b``, ``@a, @b and @c``."""
    shown = [mention(u) for u in user_ids]
    if len(shown) <= 1:
        return "".join(shown)
    return tr("{some} and {last}", some=", ".join(shown[:-1]), last=shown[-1])


class Challenges:
    """The challenge flow: post, answer, start the game in its own thread, rematch."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def post(self, interaction: discord.Interaction, row: Challenge) -> None:
        """Answer the command (or button) with the challenge, pinging the invited members."""
        tr = await self.bot.publisher.words(row.guild_id)
        sending = interaction.response.send_message(
            challenge_text(row, tr),
            view=challenge_view(row.id, row.kind, tr),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(id=i) for i in row.invited_ids]
            ),
        )
        if not await answer(interaction, sending):
            # Another process answered first (with its refusal: the pair's challenge is this
            # one): withdrawn, rather than left open where nobody can see or answer it.
            await self.bot.services.games.decline(row.id, interaction.user.id)
            return
        message = await interaction.original_response()
        await self.bot.services.games.set_challenge_message(row.id, message.id)

    async def on_answer(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None:
        games = self.bot.services.games
        if not accept:
            row = await games.decline(challenge_id, interaction.user.id)
            tr = await self.bot.publisher.words(row.guild_id)
            edit = interaction.response.edit_message(content=challenge_text(row, tr), view=None)
            await answer(interaction, edit)
            return
        accepted = await games.accept(challenge_id, interaction.user.id)
        tr = await self.bot.publisher.words(accepted.challenge.guild_id)
        if accepted.game is None:  # others still have to answer
            edit = interaction.response.edit_message(
                content=challenge_text(accepted.challenge, tr),
                view=challenge_view(challenge_id, accepted.challenge.kind, tr),
            )
            await answer(interaction, edit)
            return
        edit = interaction.response.edit_message(
            content=challenge_text(accepted.challenge, tr), view=None
        )
        await answer(interaction, edit)  # answered or not, the game starts: its table follows
        place_id = await self.open_thread(interaction, accepted.game, interaction.message)
        await self.bot.publisher.begin(accepted.game, place_id)

    async def open_thread(
        self, interaction: discord.Interaction, game: Game, message: discord.Message | None
    ) -> int:
        """Open a thread from the game's first message when allowed; else play in the channel."""
        channel = interaction.channel
        if message is None or isinstance(channel, discord.Thread):
            return game.channel_id
        if not interaction.app_permissions.create_public_threads:
            return game.channel_id
        if not (await self.bot.services.settings.guild_settings(game.guild_id)).open_threads:
            return game.channel_id
        try:
            tr = await self.bot.publisher.words(game.guild_id)
            thread = await message.create_thread(
                name=tr("{game} · game {id}", game=game.rules.title, id=game.id),
                auto_archive_duration=10080,
            )
        except discord.HTTPException as error:
            log.info("could not open a thread for game %s: %s", game.id, error)
            return game.channel_id
        await self.bot.services.games.set_thread(game.id, thread.id)
        return thread.id

    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """A player of a finished game challenges the same players again, same terms."""
        services = self.bot.services
        game = await services.games.game(game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            raise NotAllowed("Only the players of this game can ask for a rematch.")
        clock = await services.clocks.clock_of(game.id)  # a rematch keeps the time control
        # The one asking sits first; the others keep their order round the table (and so
        # their partnerships).
        count = len(game.seats)
        others = [(seat + k) % count for k in range(1, count)]
        row = await services.games.challenge(
            kind=game.kind,
            guild_id=game.guild_id,
            channel_id=interaction.channel_id or game.place_id,
            challenger_id=interaction.user.id,
            seats=[Invite(game.seats[s].user_id, computer=game.seats[s].computer) for s in others],
            target=game.target,
            time_per_move=None if clock is None else clock.time_per_move,
        )
        await self.post(interaction, row)
