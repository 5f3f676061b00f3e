"""Move clocks in Discord: the scheduler, reminders, and ``/notify``.

One ``tasks.loop`` runs :meth:`Clocks.run_due` every 30 seconds: it expires challenges not
accepted in time, reminds players of their move, and ends games whose deadline passed, through
the game service; the table flows (``bot.publisher``) show what that changed. After downtime the
first run catches up once: a passed deadline ends its game without reminders first, and a
reminder missed twice goes out once.

``/notify`` joins the tree (top-level: it is about every game) when the cog loads. Its
failures are answered by the bot's one error handler (``cogs.ui.common.answer_error``).

Reminders and time-out notices in a game's place are in the server's words; ``/notify``'s
answers and welcome DM in the member's own. A reminder by DM, sent by the scheduler
with no interaction to tell the member's language, is in the words of the game's server.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.clocks.model import Due, NotifyMode, NotifyPrefs, QuietHours
from bot.clocks.policy import MAX_REMINDERS, timeout_action
from bot.errors import BadRequest
from cogs.ui import clock_text as text
from cogs.ui.common import reply
from cogs.ui.group import Subcommand, attach, detach
from cogs.ui.i18n import N_, private

if TYPE_CHECKING:
    from bot.app import CardBot

log = logging.getLogger(__name__)

INTERVAL = 30.0
"""Seconds between scheduler runs."""
WELCOME_DM = N_("👋 I will send your game reminders here. `/notify` changes it.")
DMS_CLOSED = N_(
    "⚠️ I can't send you direct messages (they are closed for this server). "
    "Until you open them, I will mention you in the game's channel instead."
)


@dataclass
class Sweep:
    """What one scheduler run did (for logs and tests)."""

    expired_challenges: list[int] = field(default_factory=list)
    timed_out: list[int] = field(default_factory=list)
    """Games ended on time."""
    reminded: list[tuple[int, int, str]] = field(default_factory=list)
    """(game id, user id, ``channel`` or ``dm``) for each reminder sent."""


class Clocks(commands.Cog):
    """Deadlines and reminders, and the command for reminder preferences."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        self.subcommands: list[Subcommand] = [
            app_commands.Command(
                name="notify",
                description="How you are reminded of your moves, and your quiet hours",
                callback=self.notify,
            ),
        ]

    async def cog_load(self) -> None:
        attach(self.bot, self.subcommands)
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()
        detach(self.bot, self.subcommands)

    # --- the scheduler ----------------------------------------------------------------------

    @tasks.loop(seconds=INTERVAL)
    async def tick(self) -> None:
        try:
            await self.run_due()
        except Exception:  # the loop must outlive any one bad run
            log.exception("scheduler run failed")

    @tick.before_loop
    async def _before_tick(self) -> None:
        await self.bot.wait_until_ready()

    async def run_due(self, now: float | None = None) -> Sweep:
        """Do everything that is due at ``now`` (default: the game service's clock).

        One game failing (Discord refusing a message, a bug) is logged with its id and does
        not stop the others.
        """
        services = self.bot.services
        now = services.games.clock() if now is None else now
        sweep = Sweep()
        try:
            expired = await self.bot.publisher.expire_due_challenges()
            sweep.expired_challenges = [challenge.id for challenge in expired]
        except Exception:
            log.exception("could not expire challenges")
        for due in await services.clocks.due(now):
            try:
                await self._handle(due, now, sweep)
            except Exception:
                log.exception("scheduler failed on game %s", due.game.id)
        if sweep.timed_out or sweep.reminded:
            log.info(
                "scheduler: %d game(s) ended on time, %d reminder(s)",
                len(sweep.timed_out),
                len(sweep.reminded),
            )
        return sweep

    async def _handle(self, due: Due, now: float, sweep: Sweep) -> None:
        game = due.game
        services = self.bot.services
        if due.plan.expire:
            moved = await services.games.time_out(game.id, game.version)
            if moved is None:
                return  # a move came first
            sweep.timed_out.append(game.id)
            ended = not moved.game.is_active
            if ended and timeout_action(game).seat is None:  # several ran out: no winner, why
                tr = await self.bot.publisher.words(game.guild_id)
                note = text.out_of_time_text(game, game.to_act, due.clock.time_per_move, tr)
                try:
                    await self._post(game.place_id, note)
                except discord.HTTPException as error:
                    log.warning("could not explain the end of game %s: %s", game.id, error)
            await self.bot.publisher.publish(moved)  # the end of the game, with its record
            return
        if not await services.clocks.settle(due):
            return  # the game moved meanwhile, or nothing to record
        if due.plan.remind:
            await self._remind(due, now, sweep)

    async def _remind(self, due: Due, now: float, sweep: Sweep) -> None:
        game = due.game
        deadline = due.clock.deadline_at
        assert deadline is not None
        last = all(due.plan.reminders[s] >= MAX_REMINDERS for s in due.plan.remind)
        tr = await self.bot.publisher.words(game.guild_id)
        in_channel = []
        for seat in due.plan.remind:
            user_id = game.player_ids[seat]
            if due.prefs[seat].mode is NotifyMode.DM:
                guild = self.bot.get_guild(game.guild_id)
                dm = text.reminder_dm(
                    game, seat, deadline, now, guild.name if guild else None, tr, last=last
                )
                if await self._dm(user_id, dm):
                    sweep.reminded.append((game.id, user_id, "dm"))
                    continue
            in_channel.append(seat)
        if in_channel:
            note = text.reminder_text(game, in_channel, deadline, now, tr, last=last)
            mention = [game.player_ids[s] for s in in_channel]
            try:
                await self._post(game.place_id, note, mention=mention)
            except discord.HTTPException as error:
                log.warning("could not remind in game %s: %s", game.id, error)
                return
            sweep.reminded += [(game.id, user_id, "channel") for user_id in mention]

    async def _dm(self, user_id: int, content: str) -> bool:
        """Send a direct message; False when it cannot be delivered (DMs closed, user gone)."""
        try:
            channel = await self.bot.create_dm(discord.Object(id=user_id))
            await channel.send(content, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("could not DM %s: %s", user_id, error)
            return False
        return True

    async def _post(self, place_id: int, content: str, *, mention: list[int] | None = None) -> None:
        await self.bot.publisher.send(place_id, content, mention=mention or [])

    # --- /notify -------------------------------------------------------------------

    @app_commands.describe(
        mode="How to remind you when a move of yours is due",
        quiet_from="Your quiet hours begin at this hour, your local time (0-23)",
        quiet_to="…and end at this hour (0-23). The same hour as quiet_from: no quiet hours",
        utc_offset="Your local time's offset from UTC in hours, e.g. 1, -5 or 5.5",
    )
    @app_commands.choices(mode=text.MODE_CHOICES)
    async def notify(
        self,
        interaction: discord.Interaction,
        mode: str | None = None,
        quiet_from: app_commands.Range[int, 0, 23] | None = None,
        quiet_to: app_commands.Range[int, 0, 23] | None = None,
        utc_offset: app_commands.Range[float, -14.0, 14.0] | None = None,
    ) -> None:
        clocks = self.bot.services.clocks
        user_id = interaction.user.id
        tr = private(interaction)
        current = await clocks.prefs(user_id)
        if mode is None and quiet_from is None and quiet_to is None and utc_offset is None:
            await reply(interaction, text.prefs_text(current, tr))
            return
        prefs = NotifyPrefs(
            NotifyMode(mode) if mode else current.mode,
            quiet_hours(current.quiet, quiet_from, quiet_to, utc_offset),
        )
        await clocks.set_prefs(user_id, prefs)
        answer = tr("Saved. {prefs}", prefs=text.prefs_text(prefs, tr))
        switched = prefs.mode is NotifyMode.DM and current.mode is not NotifyMode.DM
        if switched and not await self._dm(user_id, tr(WELCOME_DM)):
            answer += "\n" + tr(DMS_CLOSED)
        await reply(interaction, answer)


def quiet_hours(
    current: QuietHours | None,
    start: int | None,
    end: int | None,
    offset_hours: float | None,
) -> QuietHours | None:
    """The quiet hours after a ``/notify``: what was given, the rest as it was."""
    offset = round(offset_hours * 60) if offset_hours is not None else None
    if start is None and end is None:
        if current is None or offset is None:
            return current
        return QuietHours(current.start, current.end, offset)
    if start is None or end is None:
        raise BadRequest("Give both ends of your quiet hours: quiet_from and quiet_to.")
    if start == end:
        return None
    if offset is None:
        offset = current.utc_offset if current is not None else 0
    return QuietHours(start, end, offset)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Clocks(bot))  # type: ignore[arg-type]
