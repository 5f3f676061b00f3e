"""Asynchronous play in Discord: the scheduler, reminders, and ``/vidrasso notify``,
``/vidrasso settings`` and ``/vidrasso abort``.

One ``tasks.loop`` runs :meth:`Schedule.run_due` every 30 seconds: it expires challenges not
accepted in time, reminds players of their move, and ends games whose deadline passed, through
the game service. After downtime the first run catches up once: a passed deadline ends its game
without reminders first, and a reminder missed twice goes out once.

The three commands join the ``/vidrasso`` group that the Vidrasso cog owns, the way the ladder's
do: built from this cog's bound methods and attached in ``cog_load`` (so this extension loads
after ``cogs.vidrasso``), taken off in ``cog_unload``; they use this cog's error handler. Discord
applies ``default_permissions`` only to a whole top-level command, so the manager-only ones check
the Manage Server permission when they run, and refuse everyone else politely.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.deadlines import MAX_REMINDERS, NotifyMode, NotifyPrefs, QuietHours
from bot.engine import Termination
from bot.schedule_service import BadSetting, Due
from bot.service import ServiceError
from cogs import schedule_render as render
from cogs.group import Subcommand, attach, detach
from cogs.vidrasso import Vidrasso, reply

if TYPE_CHECKING:
    from bot.app import VidrassoBot

log = logging.getLogger(__name__)

INTERVAL = 30.0
"""Seconds between scheduler runs."""
SORRY = "Sorry — something went wrong on my side. Please try again."
NOT_IN_DMS = "Vidrasso is played in a server channel, not in DMs."
MANAGERS_ONLY = (
    "Only members with the **Manage Server** permission can {what}. "
    "Ask one of this server's managers."
)


@dataclass
class Sweep:
    """What one scheduler run did (for logs and tests)."""

    expired_challenges: list[int] = field(default_factory=list)
    timed_out: list[int] = field(default_factory=list)
    """Games ended on time."""
    reminded: list[tuple[int, int, str]] = field(default_factory=list)
    """(game id, user id, ``channel`` or ``dm``) for each reminder sent."""


class Schedule(commands.Cog):
    """Deadlines and reminders, and the commands for preferences, settings and rescue."""

    def __init__(self, bot: VidrassoBot) -> None:
        self.bot = bot
        self.schedule = bot.schedule
        self.subcommands: list[Subcommand] = [
            app_commands.Command(
                name="notify",
                description="How you are reminded of your moves, and your quiet hours",
                callback=self.notify,
            ),
            app_commands.Command(
                name="settings",
                description="This server's Vidrasso settings (Manage Server only)",
                callback=self.settings,
            ),
            app_commands.Command(
                name="abort",
                description="Stop a game without a winner, unrated (Manage Server only)",
                callback=self.abort,
            ),
        ]

    async def cog_load(self) -> None:
        attach(self.bot, "cogs.schedule", self.subcommands)
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()
        detach(self.bot, self.subcommands)

    def flow(self) -> Vidrasso:
        cog = self.bot.get_cog("Vidrasso")
        assert isinstance(cog, Vidrasso), "the Vidrasso cog is loaded in setup_hook"
        return cog

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
        now = self.bot.service.clock() if now is None else now
        sweep = Sweep()
        try:
            expired = await self.flow().expire_due_challenges()
            sweep.expired_challenges = [row.id for row in expired or ()]
        except Exception:
            log.exception("could not expire challenges")
        for due in await self.schedule.due(now):
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
        if due.plan.expire:
            moved = await self.bot.service.time_out(game.id)
            if moved is None:
                return  # a move came first
            sweep.timed_out.append(game.id)
            outcome = moved.game.state.outcome
            if outcome is not None and outcome.termination is Termination.ABANDONED:
                note = render.both_out_of_time_text(game, due.clock.time_per_move)
                try:
                    await self._post(game.place_id, note)
                except discord.HTTPException as error:
                    log.warning("could not explain the end of game %s: %s", game.id, error)
            await self.flow().publish(moved)  # the end of the game, with its record
            return
        if not await self.schedule.settle(due):
            return  # the game moved meanwhile, or nothing to record
        if due.plan.remind:
            await self._remind(due, now, sweep)

    async def _remind(self, due: Due, now: float, sweep: Sweep) -> None:
        game = due.game
        deadline = due.clock.deadline_at
        assert deadline is not None
        last = all(due.plan.reminders[s] >= MAX_REMINDERS for s in due.plan.remind)
        in_channel = []
        for seat in due.plan.remind:
            user_id = game.player_ids[seat]
            if due.prefs[seat].mode is NotifyMode.DM:
                guild = self.bot.get_guild(game.guild_id)
                text = render.reminder_dm(
                    game, seat, deadline, now, guild.name if guild else None, last=last
                )
                if await self._dm(user_id, text):
                    sweep.reminded.append((game.id, user_id, "dm"))
                    continue
            in_channel.append(seat)
        if in_channel:
            text = render.reminder_text(game, in_channel, deadline, now, last=last)
            mention = [game.player_ids[s] for s in in_channel]
            try:
                await self._post(game.place_id, text, mention=mention)
            except discord.HTTPException as error:
                log.warning("could not remind in game %s: %s", game.id, error)
                return
            sweep.reminded += [(game.id, user_id, "channel") for user_id in mention]

    async def _dm(self, user_id: int, text: str) -> bool:
        """Send a direct message; False when it cannot be delivered (DMs closed, user gone)."""
        try:
            channel = await self.bot.create_dm(discord.Object(id=user_id))
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("could not DM %s: %s", user_id, error)
            return False
        return True

    async def _post(self, place_id: int, text: str, *, mention: list[int] | None = None) -> None:
        channel = self.bot.get_partial_messageable(place_id)
        users = [discord.Object(id=i) for i in mention or ()]
        await channel.send(text, allowed_mentions=discord.AllowedMentions(users=users))

    # --- errors -----------------------------------------------------------------------------

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, ServiceError):
            await reply(interaction, str(original))
            return
        log.exception("command %s failed", interaction.command, exc_info=original)
        await reply(interaction, SORRY)

    # --- commands ---------------------------------------------------------------------------

    @app_commands.describe(
        mode="How to remind you when a move of yours is due",
        quiet_from="Your quiet hours begin at this hour, your local time (0-23)",
        quiet_to="…and end at this hour (0-23). The same hour as quiet_from: no quiet hours",
        utc_offset="Your local time's offset from UTC in hours, e.g. 1, -5 or 5.5",
    )
    @app_commands.choices(mode=render.MODE_CHOICES)
    async def notify(
        self,
        interaction: discord.Interaction,
        mode: str | None = None,
        quiet_from: app_commands.Range[int, 0, 23] | None = None,
        quiet_to: app_commands.Range[int, 0, 23] | None = None,
        utc_offset: app_commands.Range[float, -14.0, 14.0] | None = None,
    ) -> None:
        user_id = interaction.user.id
        current = await self.schedule.prefs(user_id)
        if mode is None and quiet_from is None and quiet_to is None and utc_offset is None:
            await reply(interaction, render.prefs_text(current))
            return
        prefs = NotifyPrefs(
            NotifyMode(mode) if mode else current.mode,
            _quiet(current.quiet, quiet_from, quiet_to, utc_offset),
        )
        await self.schedule.set_prefs(user_id, prefs)
        note = ""
        if prefs.mode is NotifyMode.DM and current.mode is not NotifyMode.DM:
            delivered = await self._dm(
                user_id,
                "👋 I will send your Vidrasso reminders here. `/vidrasso notify` changes it.",
            )
            if not delivered:
                note = (
                    "\n⚠️ I can't send you direct messages (they are closed for this server). "
                    "Until you open them, I will mention you in the game's channel instead."
                )
        await reply(interaction, "Saved. " + render.prefs_text(prefs) + note)

    @app_commands.describe(
        time="Default time per move of new challenges",
        threads="Open a thread for each game (when I may)",
        allow_channel="Allow starting games in this channel (once any is listed, only there)",
        remove_channel="Stop allowing games to be started in this channel",
        any_channel="Allow games in any channel again (clears the list)",
    )
    @app_commands.choices(time=render.TIME_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        time: int | None = None,
        threads: bool | None = None,
        allow_channel: discord.TextChannel | None = None,
        remove_channel: discord.TextChannel | None = None,
        any_channel: bool | None = None,
    ) -> None:
        guild = interaction.guild
        if guild is None:
            await reply(interaction, NOT_IN_DMS)
            return
        if not interaction.permissions.manage_guild:
            await reply(interaction, MANAGERS_ONLY.format(what="change Vidrasso's settings"))
            return
        changes = (time, threads, allow_channel, remove_channel, any_channel)
        if all(value is None for value in changes):
            settings = await self.schedule.guild_settings(guild.id)
            await reply(interaction, embed=render.settings_embed(settings, guild.name))
            return
        settings = await self.schedule.change_settings(
            guild.id,
            interaction.user.id,
            time_per_move=None if time is None else float(time),
            open_threads=threads,
            allow_channel=None if allow_channel is None else allow_channel.id,
            remove_channel=None if remove_channel is None else remove_channel.id,
            any_channel=bool(any_channel),
        )
        await reply(interaction, "Saved.", embed=render.settings_embed(settings, guild.name))

    @app_commands.describe(
        game="The game's number (in /vidrasso games, and in its thread's name)",
        reason="Why, for the players (optional)",
    )
    async def abort(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1],
        reason: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        guild = interaction.guild
        if guild is None:
            await reply(interaction, NOT_IN_DMS)
            return
        if not interaction.permissions.manage_guild:
            await reply(interaction, MANAGERS_ONLY.format(what="stop a game"))
            return
        moved = await self.bot.service.abort(
            game, guild_id=guild.id, by_user_id=interaction.user.id, reason=reason
        )
        await reply(interaction, f"Game {game} is stopped: no winner, not rated.")
        try:
            await self._post(
                moved.game.place_id, render.aborted_text(moved.game, interaction.user.id, reason)
            )
            await self.flow().publish(moved)
        except discord.HTTPException as error:
            log.warning("could not announce the abort of game %s: %s", game, error)


def _quiet(
    current: QuietHours | None,
    start: int | None,
    end: int | None,
    offset_hours: float | None,
) -> QuietHours | None:
    """The quiet hours after a ``/vidrasso notify``: what was given, the rest as it was."""
    offset = round(offset_hours * 60) if offset_hours is not None else None
    if start is None and end is None:
        if current is None or offset is None:
            return current
        return QuietHours(current.start, current.end, offset)
    if start is None or end is None:
        raise BadSetting("Give both ends of your quiet hours: quiet_from and quiet_to.")
    if start == end:
        return None
    if offset is None:
        offset = current.utc_offset if current is not None else 0
    return QuietHours(start, end, offset)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Schedule(bot))  # type: ignore[arg-type]
