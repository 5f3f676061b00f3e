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

from bot.clocks.model import (
    Due,
    NotifyMode,
    NotifyPrefs,
    QuietHours,
    is_time_zone,
    time_zones,
)
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


LOCALE_ZONES = {
    "ja": "Asia/Tokyo",
    "ko": "Asia/Seoul",
    "zh-CN": "Asia/Shanghai",
    "zh-TW": "Asia/Taipei",
    "en-GB": "Europe/London",
    "en-US": "America/New_York",
    "fi": "Europe/Helsinki",
    "sv-SE": "Europe/Stockholm",
    "de": "Europe/Berlin",
    "fr": "Europe/Paris",
    "es-ES": "Europe/Madrid",
    "pt-BR": "America/Sao_Paulo",
}
"""The likeliest time zone of a Discord language, offered first before anything is typed."""
ZONE_CHOICES = 25
"""Discord shows at most 25 suggestions."""


def zones_matching(typed: str, *, first: str | None = None, limit: int = ZONE_CHOICES) -> list[str]:
    """Time zone names for what a member typed: every word of it in the name (``tok`` finds
    Asia/Tokyo, ``new york`` America/New_York), those whose city begins with it first;
    ``first`` (the member's language's zone) leads while nothing is typed."""
    words = typed.casefold().replace("_", " ").replace("/", " ").split()
    found = []
    for zone in time_zones():
        plain = zone.casefold().replace("_", " ")
        if all(word in plain for word in words):
            city = plain.rsplit("/", 1)[-1]
            found.append((not (words and city.startswith(words[0])), "/" not in zone, zone))
    ordered = [zone for *_, zone in sorted(found)]
    if first is not None and not words:
        ordered = [first, *(z for z in ordered if z != first)]
    return ordered[:limit]


async def zone_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """``/notify``'s suggestions of time zones as the member types."""
    first = LOCALE_ZONES.get(str(interaction.locale)) or LOCALE_ZONES.get(
        str(interaction.locale).split("-")[0]
    )
    return [app_commands.Choice(name=z, value=z) for z in zones_matching(current, first=first)]


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
        time_zone="Your time zone: start typing your city (Tokyo, Helsinki…) and pick it",
        utc_offset="Instead of a time zone: your offset from UTC in hours, e.g. 1, -5 or 5.5",
    )
    @app_commands.choices(mode=text.MODE_CHOICES)
    @app_commands.autocomplete(time_zone=zone_choices)
    async def notify(
        self,
        interaction: discord.Interaction,
        mode: str | None = None,
        quiet_from: app_commands.Range[int, 0, 23] | None = None,
        quiet_to: app_commands.Range[int, 0, 23] | None = None,
        time_zone: str | None = None,
        utc_offset: app_commands.Range[float, -14.0, 14.0] | None = None,
    ) -> None:
        clocks = self.bot.services.clocks
        user_id = interaction.user.id
        tr = private(interaction)
        current = await clocks.prefs(user_id)
        given = (mode, quiet_from, quiet_to, time_zone, utc_offset)
        if all(value is None for value in given):
            await reply(interaction, text.prefs_text(current, tr))
            return
        zone = current.time_zone
        if time_zone is not None:
            zone = zone_named(time_zone)
        prefs = NotifyPrefs(
            NotifyMode(mode) if mode else current.mode,
            quiet_hours(current.quiet, quiet_from, quiet_to, utc_offset, zone),
            zone,
        )
        await clocks.set_prefs(user_id, prefs)
        answer = tr("Saved. {prefs}", prefs=text.prefs_text(prefs, tr))
        switched = prefs.mode is NotifyMode.DM and current.mode is not NotifyMode.DM
        if switched and not await self._dm(user_id, tr(WELCOME_DM)):
            answer += "\n" + tr(DMS_CLOSED)
        await reply(interaction, answer)


ZONE_ASKED = N_(
    "Which time zone are your quiet hours in? Add the time_zone option (start typing your city, "
    "e.g. Tokyo) — I'll remember it."
)


def zone_named(typed: str) -> str:
    """The time zone a member typed or picked (its IANA name, in any case); a polite refusal
    for a name no time zone has."""
    name = typed.strip().replace(" ", "_")
    if is_time_zone(name):
        return name
    folded = {zone.casefold(): zone for zone in time_zones()}
    found = folded.get(name.casefold())
    if found is None:
        matches = zones_matching(typed, limit=2)
        if len(matches) == 1:
            return matches[0]
        raise BadRequest(
            "I don't know the time zone {zone}. Start typing your city (Tokyo, Helsinki…) and "
            "pick it from the list.",
            zone=typed,
        )
    return found


def quiet_hours(
    current: QuietHours | None,
    start: int | None,
    end: int | None,
    offset_hours: float | None,
    zone: str | None = None,
) -> QuietHours | None:
    """The quiet hours after a ``/notify``: what was given, the rest as it was. With a time
    zone known (given now or before), the hours are read in it; without one, new quiet hours
    need either a zone (asked once) or an offset from UTC."""
    offset = round(offset_hours * 60) if offset_hours is not None else None
    if offset is not None:
        zone = None  # an offset given now is what the member wants
    if start is None and end is None:
        if current is None:
            return None
        if offset is not None:
            return QuietHours(current.start, current.end, offset)
        if zone is not None:
            return QuietHours(current.start, current.end, current.utc_offset, zone)
        return current
    if start is None or end is None:
        raise BadRequest("Give both ends of your quiet hours: quiet_from and quiet_to.")
    if start == end:
        return None
    if zone is not None:
        return QuietHours(start, end, 0, zone)
    if offset is None:
        if current is None:
            raise BadRequest(ZONE_ASKED)
        offset = current.utc_offset
    return QuietHours(start, end, offset)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Clocks(bot))  # type: ignore[arg-type]
