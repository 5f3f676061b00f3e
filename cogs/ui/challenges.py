"""Challenges in Discord: the challenge message, accepting and declining, the game's thread,
and rematches. The service decides; this module only words and shows."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.drawing import table as drawing
from bot.errors import NotAllowed
from bot.games import to_points
from bot.play.model import ACCEPTED, CANCELLED, DECLINED, OPEN, Challenge, Game, Invite
from bot.play.service import Accepted
from cogs.ui.buttons import ChallengeButton, challenge_view
from cogs.ui.clock_text import preset_text
from cogs.ui.common import answer, mention, of_items
from cogs.ui.games import warm_names
from cogs.ui.guide import RulesButton
from cogs.ui.i18n import N_, Words
from cogs.ui.permissions import can_open_thread

if TYPE_CHECKING:
    from bot.app import CardBot

log = logging.getLogger(__name__)


def challenge_text(row: Challenge, tr: Words, *, expired: bool = False) -> str:
    """The public challenge line, as it stands."""
    if row.is_table:
        return table_text(row, tr, expired=expired)
    values = {
        "challenger": mention(row.challenger_id),
        "invited": names(row.invited_ids, tr),
        "game": tr(row.rules.title),
        "target": row.target,
    }
    if row.time_per_move is not None:
        timed = (
            N_("{challenger} challenges {invited} to {game} (to {target}, {time} per move)")
            if to_points(row.rules)
            else N_("{challenger} challenges {invited} to {game} ({time} per move)")
        )
        who = tr(timed, time=preset_text(row.time_per_move, tr), **values)
    elif to_points(row.rules):
        who = tr("{challenger} challenges {invited} to {game} (to {target})", **values)
    else:
        who = tr("{challenger} challenges {invited} to {game}", **values)
    status = "expired" if expired else row.status
    if status == OPEN:
        asked = tr(
            "{challenge}. {waiting}, do you accept? Expires <t:{expires}:R>. New to {game}? "
            "**Rules** explains it in a minute.",
            challenge=who,
            waiting=names(row.waiting_for, tr),
            expires=int(row.expires_at),
            game=tr(row.rules.title),
        )
        if all(len(team) == 1 for team in row.teams):
            return asked
        return "\n".join([asked, *team_lines(row, tr)])  # who partners whom
    if status == ACCEPTED:
        return tr("{challenge} — accepted! Game {id} is on.", challenge=who, id=row.game_id)
    if status == DECLINED:
        return tr("{challenge} — declined.", challenge=who)
    if status == CANCELLED:
        return tr("{challenge} — withdrawn.", challenge=who)
    return tr("{challenge} — expired without an answer.", challenge=who)


def seat_text(row: Challenge, seat: int, tr: Words) -> str:
    """Who sits in a seat of a table: a member (and whether they still have to accept), the
    computer, or an open seat."""
    invite = row.seats[seat]
    if invite is None:
        return tr("*open*")
    if invite.computer is not None:
        return tr("Computer ({level})", level=tr(invite.computer))
    if not invite.accepted:
        return tr("{member} (not yet accepted)", member=mention(invite.user_id))
    return mention(invite.user_id)


def team_lines(row: Challenge, tr: Words) -> list[str]:
    """Who sits where: a line a seat, or in a game with partners a line a team (who partners
    whom)."""
    teams = row.teams
    if all(len(team) == 1 for team in teams):
        return [
            tr("Seat {n}: {who}", n=seat + 1, who=seat_text(row, seat, tr)) for (seat,) in teams
        ]
    return [
        tr(
            "Team {n}: {who}",
            n=number,
            who=tr(", ").join(seat_text(row, seat, tr) for seat in team),
        )
        for number, team in enumerate(teams, start=1)
    ]


def table_text(row: Challenge, tr: Words, *, expired: bool = False) -> str:
    """An open table: who sits where (who partners whom, in a game with partners), the open
    seats, how empty seats are filled, and what happens next."""
    rules = row.rules
    values = {
        "challenger": mention(row.challenger_id),
        "game": tr(rules.title),
        "count": len(row.seats),
        "target": row.target,
    }
    if row.time_per_move is not None:
        timed = (
            N_("{challenger} opens a table of {game} for {count} (to {target}, {time} per move)")
            if to_points(rules)
            else N_("{challenger} opens a table of {game} for {count} ({time} per move)")
        )
        head = tr(timed, time=preset_text(row.time_per_move, tr), **values)
    elif to_points(rules):
        head = tr("{challenger} opens a table of {game} for {count} (to {target})", **values)
    else:
        head = tr("{challenger} opens a table of {game} for {count}", **values)
    status = "expired" if expired else row.status
    if status == ACCEPTED:
        return tr("{challenge} — accepted! Game {id} is on.", challenge=head, id=row.game_id)
    if status == DECLINED:
        return tr("{challenge} — declined.", challenge=head)
    if status == CANCELLED:
        return tr("{challenge} — withdrawn.", challenge=head)
    if status != OPEN:
        return tr("{challenge} — expired before it started.", challenge=head)
    lines = [tr("{table}.", table=head), *team_lines(row, tr)]
    low = rules.seat_range[0]
    if row.fill is not None:
        lines.append(
            tr(
                "Seats still open at the start are played by the computer ({level}).",
                level=tr(row.fill),
            )
        )
    elif low < len(row.seats):
        lines.append(tr("{challenger} can start with {low} players or more.", low=low, **values))
    asks = []
    if row.waiting_for:
        asks.append(tr("{waiting}, do you accept?", waiting=names(row.waiting_for, tr)))
    if row.open_seats:
        asks.append(tr("Press **Join** to take an open seat."))
    asks.append(tr("Expires <t:{expires}:R>.", expires=int(row.expires_at)))
    lines.append(" ".join(asks))
    return "\n".join(lines)


def table_view(row: Challenge, tr: Words) -> discord.ui.View:
    """The buttons of an open table: *Accept* / *Decline* while a named member has not
    answered, *Join* (one per team with an open seat, in a game with partners), *Leave*,
    *Start* (pressable once the game could begin), *Cancel* and the rules."""
    items: list[discord.ui.Item[Any]] = []
    if row.waiting_for:
        items += [ChallengeButton(row.id, "accept", tr), ChallengeButton(row.id, "decline", tr)]
    teams = row.teams
    if row.open_seats:
        if all(len(team) == 1 for team in teams):
            items.append(ChallengeButton(row.id, "join", tr))
        else:
            for number, team in enumerate(teams):
                if any(s in row.open_seats for s in team):
                    label = tr("Join team {n}", n=number + 1)
                    items.append(ChallengeButton(row.id, f"join-{number}", tr, label=label))
    if len(row.member_ids) > 1:
        items.append(ChallengeButton(row.id, "leave", tr))
    items.append(ChallengeButton(row.id, "start", tr, disabled=not row.can_start))
    items.append(ChallengeButton(row.id, "cancel", tr))
    items.append(RulesButton(row.kind, 1, label=tr("Rules")))
    return of_items(*items)


def view_of(row: Challenge, tr: Words) -> discord.ui.View:
    """The buttons a challenge shows while it is open."""
    return table_view(row, tr) if row.is_table else challenge_view(row.id, row.kind, tr)


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
        self._learning: set[asyncio.Task[None]] = set()
        """Names being sent to the drawing process (:meth:`learn_names`), held till done."""

    async def post(self, interaction: discord.Interaction, row: Challenge) -> None:
        """Answer the command (or button) with the challenge, pinging the invited members."""
        tr = await self.bot.publisher.words(row.guild_id)
        sending = interaction.response.send_message(
            challenge_text(row, tr),
            view=view_of(row, tr),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(id=i) for i in row.invited_ids]
            ),
        )
        if not await answer(interaction, sending):
            # Another process answered first (with its refusal: the pair's challenge is this
            # one): withdrawn, rather than left open where nobody can see or answer it.
            await self.bot.services.games.decline(row.id, interaction.user.id)
            return
        self.learn_names(interaction, row)
        message = await interaction.original_response()
        await self.bot.services.games.set_challenge_message(row.id, message.id)

    async def on_answer(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None:
        games = self.bot.services.games
        if not accept:
            row = await games.decline(challenge_id, interaction.user.id)
            await self.show(interaction, row)
            return
        await self.bot.permits.check_start(interaction)  # before the game is made
        await self.started(interaction, await games.accept(challenge_id, interaction.user.id))

    async def on_table(
        self, interaction: discord.Interaction, challenge_id: int, verb: str, team: int | None
    ) -> None:
        """*Join*, *Leave*, *Start* or *Cancel* at an open table."""
        games = self.bot.services.games
        user_id = interaction.user.id
        if verb in ("join", "start"):  # either may start the game: not where it cannot be seen
            await self.bot.permits.check_start(interaction)
        if verb == "join":
            await self.started(interaction, await games.join(challenge_id, user_id, team))
        elif verb == "leave":
            await self.show(interaction, await games.leave(challenge_id, user_id))
        elif verb == "start":
            assert self.bot.user is not None
            started = await games.start_table(challenge_id, user_id, self.bot.user.id)
            await self.started(interaction, started)
        else:
            await self.show(interaction, await games.cancel(challenge_id, user_id))

    async def show(self, interaction: discord.Interaction, row: Challenge) -> None:
        """Redraw the challenge message as the challenge now stands."""
        tr = await self.bot.publisher.words(row.guild_id)
        edit = interaction.response.edit_message(
            content=challenge_text(row, tr), view=view_of(row, tr) if row.status == OPEN else None
        )
        await answer(interaction, edit)

    async def started(self, interaction: discord.Interaction, accepted: Accepted) -> None:
        """After an answer: the challenge as it stands and, once everyone is in, the game."""
        await self.show(interaction, accepted.challenge)  # answered or not, the game starts
        self.learn_names(interaction, accepted.challenge)
        if accepted.game is not None:
            place_id = await self.open_thread(interaction, accepted.game, interaction.message)
            await self.bot.publisher.begin(accepted.game, place_id, interaction)

    def learn_names(self, interaction: discord.Interaction, row: Challenge) -> None:
        """As seats are taken at a challenge still open, have the process that draws the
        tables learn the names of everyone seated so far (as a game started now would call
        them), so that the game's first picture finds them kept (docs/decisions.md, "Names
        learnt at the seats"). In the background, after the answer, and only where pictures
        are drawn in a drawing process; a failure is logged, never the member's."""
        if row.status != OPEN or not self.bot.config.table_pictures or drawing.workers() is None:
            return
        user = interaction.user
        fresh = {user.id: user.display_name} if isinstance(user, discord.Member) else {}
        task = asyncio.get_running_loop().create_task(self._learn_names(row, fresh))
        self._learning.add(task)
        task.add_done_callback(self._learning.discard)

    async def _learn_names(self, row: Challenge, fresh: dict[int, str]) -> None:
        try:
            publisher = self.bot.publisher
            tr = await publisher.words(row.guild_id)
            me = self.bot.user
            seats = row.seats_at_start(me.id if me is not None else None)
            names = await publisher.seat_names(row.guild_id, seats, tr, fresh)
            warm_names(row.kind, names, tr)
        except Exception:  # the table is drawn all the same, its names learnt as it is
            log.exception("could not send challenge %s's names to the drawing process", row.id)

    async def open_thread(
        self, interaction: discord.Interaction, game: Game, message: discord.Message | None
    ) -> int:
        """Open a thread from the game's first message when allowed; else play in the channel."""
        channel = interaction.channel
        if message is None or isinstance(channel, discord.Thread):
            return game.channel_id
        if not can_open_thread(interaction.app_permissions):
            return game.channel_id
        if not (await self.bot.services.settings.guild_settings(game.guild_id)).open_threads:
            return game.channel_id
        try:
            tr = await self.bot.publisher.words(game.guild_id)
            thread = await message.create_thread(
                name=tr("{game} · game {id}", game=tr(game.rules.title), id=game.id),
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
        await self.bot.permits.check_start(interaction)
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
