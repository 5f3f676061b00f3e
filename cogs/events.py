"""Events in Discord: ``/tournament`` (create, standings, remove, replace, cancel), the sign-up
message with *Join* / *Leave* / *Start*, each round's pairings and tables, the final standings,
and ``/manage events`` (who may run events).

Glue only: interaction → :class:`~bot.events.service.EventService` → reply. Rounds move on
when a table's game ends (a committed hook of the game service) and from a scheduler loop (round
deadlines, start times, and whatever a restart interrupted), in the servers this process owns.
Each table's game is begun like any game (its own thread when the server allows, its table,
clock and reminders) through the publisher. Failures are answered by the bot's one error
handler; buttons through :func:`~cogs.ui.common.guarded`.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.errors import NotAllowed, ServiceError
from bot.events.model import FORMATS, KNOCKOUT, ROUND_ROBIN, SWISS
from bot.events.records import CANCELLED, FINISHED, FIXED, ROTATING, RUNNING, SIGNUP, Event
from bot.events.seasons import MONTH, SEASON, PeriodBoard, SeasonService
from bot.events.service import Advanced, EventService
from bot.events.standings import Line, points_text
from bot.games import GAMES
from bot.play.model import Game
from bot.play.service import Moved
from cogs.ui.clock_text import TIME_CHOICES, preset_text
from cogs.ui.common import COLOUR, channel_of, guarded, mention, of_items, reply
from cogs.ui.group import Subcommand, attach_managed, detach_managed
from cogs.ui.i18n import ENGLISH_WORDS, N_, Words, private

if TYPE_CHECKING:
    from bot.app import CardBot

log = logging.getLogger(__name__)

Button = discord.ui.Button[Any]
INTERVAL = 30.0
"""Seconds between the scheduler's runs."""
DEFAULT_PERMISSION = "manage_guild"
PERMISSIONS = {
    "manage_guild": N_("Manage Server"),
    "manage_events": N_("Manage Events"),
    "manage_channels": N_("Manage Channels"),
    "everyone": N_("Everyone"),
}
PERMISSION_CHOICES = [
    app_commands.Choice(name="Manage Server", value="manage_guild"),
    app_commands.Choice(name="Manage Events", value="manage_events"),
    app_commands.Choice(name="Manage Channels", value="manage_channels"),
    app_commands.Choice(name="Everyone", value="everyone"),
]
GAME_CHOICES = [app_commands.Choice(name=rules.title, value=kind) for kind, rules in GAMES.items()]
FORMAT_CHOICES = [
    app_commands.Choice(name="Round robin", value=ROUND_ROBIN),
    app_commands.Choice(name="Swiss", value=SWISS),
    app_commands.Choice(name="Single elimination", value=KNOCKOUT),
]
FORMAT_NAMES = {
    ROUND_ROBIN: N_("Round robin"),
    SWISS: N_("Swiss"),
    KNOCKOUT: N_("Single elimination"),
}
PARTNER_CHOICES = [
    app_commands.Choice(name="Fixed partnerships", value=FIXED),
    app_commands.Choice(name="Rotating partnerships", value=ROTATING),
]
STATUS_NAMES = {
    SIGNUP: N_("sign-up open"),
    RUNNING: N_("under way"),
    FINISHED: N_("finished"),
    CANCELLED: N_("cancelled"),
}
AUDIT_NAMES = {
    "started": N_("{when}: {who} started the event"),
    "removed": N_("{when}: {who} removed {member}"),
    "replaced": N_("{when}: {who} had the computer play for {member}"),
    "cancelled": N_("{when}: {who} cancelled the event"),
}
NO_EVENT = N_("There is no event under way in this server.")
NOT_ALLOWED = N_(
    "Only members with the **{permission}** permission can create events here. "
    "Ask one of this server's managers."
)
STANDINGS_FILE = "standings.png"


def events_of(client: discord.Client) -> EventService:
    return client.services.events  # type: ignore[attr-defined, no-any-return]


def cog_of(interaction: discord.Interaction) -> Events:
    found = interaction.client.get_cog("Events")  # type: ignore[attr-defined]
    assert found is not None
    return cast(Events, found)


class EventButton(
    discord.ui.DynamicItem[Button],
    template=r"vidrasso:event:(?P<id>\d+):(?P<action>join|leave|start)",
):
    """*Join*, *Leave* and *Start* on an event's sign-up message."""

    LABELS: ClassVar[dict[str, str]] = {
        "join": N_("Join"),
        "leave": N_("Leave"),
        "start": N_("Start"),
    }
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.primary,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.success,
    }

    def __init__(self, event_id: int, action: str, tr: Words = ENGLISH_WORDS) -> None:
        self.event_id = event_id
        self.action = action
        super().__init__(
            discord.ui.Button(
                label=tr(self.LABELS[action]),
                style=self.STYLES[action],
                custom_id=f"vidrasso:event:{event_id}:{action}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> EventButton:
        return cls(int(match["id"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction,
            lambda: cog_of(interaction).on_button(interaction, self.event_id, self.action),
        )


# --- texts ------------------------------------------------------------------------------------


def when(at: float) -> str:
    return f"<t:{int(at)}:R>"


def entrant_text(event: Event, unit: int, tr: Words) -> str:
    """An entrant: a member, or a pair (``@a & @b``); a computer's seat marked."""
    parts = []
    for entrant in event.members_of(unit):
        name = mention(entrant.user_id)
        if entrant.computer is not None:
            name = tr("{name} (computer)", name=name)
        if entrant.removed:
            name = tr("~~{name}~~ (removed)", name=name)
        parts.append(name)
    return " & ".join(parts)


def plan_text(event: Event, tr: Words) -> str:
    """The event in one line: format, rounds, time, tables."""
    game = GAMES[event.kind].title
    rounds = (
        tr.n("{count} round", "{count} rounds", event.rounds)
        if event.rounds
        else tr("rounds as needed")
    )
    tables = tr("tables of {count}", count=event.seats)
    if event.partners == FIXED:
        tables = tr("{tables}, fixed partnerships", tables=tables)
    elif event.partners == ROTATING:
        tables = tr("{tables}, rotating partnerships", tables=tables)
    return tr(
        "{game} · {format} · {rounds} · {time} a move · {tables}",
        game=game,
        format=tr(FORMAT_NAMES[event.format]),
        rounds=rounds,
        time=preset_text(event.time_per_move, tr),
        tables=tables,
    )


def signup_embed(event: Event, tr: Words) -> discord.Embed:
    """The sign-up message: the plan, the organiser, the start, who signed up."""
    lines = [plan_text(event, tr), tr("Organiser: {member}", member=mention(event.organiser_id))]
    if event.status == SIGNUP:
        if event.starts_at is not None:
            lines.append(
                tr(
                    "Starts {when}, or when the organiser presses **Start**.",
                    when=when(event.starts_at),
                )
            )
        else:
            lines.append(tr("Starts when the organiser presses **Start**."))
    else:
        lines.append(tr("Status: {status}", status=tr(STATUS_NAMES[event.status])))
    count = len(event.entrants)
    lines.append("")
    lines.append(tr.n("{count} player signed up:", "{count} players signed up:", count))
    units = range(count // event.unit_size + count % event.unit_size)
    for unit in units:
        members = event.members_of(unit)
        if members:
            lines.append(f"{unit + 1}. {entrant_text(event, unit, tr)}")
    if event.partners == FIXED and event.status == SIGNUP:
        lines.append(tr("Partners: the first and second to sign up play together, and so on."))
    title = tr("Event {id}: {game}", id=event.id, game=GAMES[event.kind].title)
    return discord.Embed(title=title, description="\n".join(lines)[:4000], colour=COLOUR)


def signup_view(event: Event, tr: Words) -> discord.ui.View | None:
    if event.status != SIGNUP:
        return None
    return of_items(*(EventButton(event.id, action, tr) for action in ("join", "leave", "start")))


def table_line(event: Event, units: tuple[int, ...], tr: Words) -> str:
    return " – ".join(entrant_text(event, u, tr) for u in units)


def pairings_text(event: Event, number: int, tr: Words) -> str:
    """A round's pairings: one line a table, the byes, the deadline."""
    lines = [tr("**Round {round}** of event {id}", round=number, id=event.id)]
    for table in event.round_tables(number):
        if table.game_id is None:
            lines.append(tr("Bye: {entrant}", entrant=entrant_text(event, table.units[0], tr)))
        else:
            lines.append(
                tr(
                    "Table {number}: {players} (game {game})",
                    number=table.number,
                    players=table_line(event, table.units, tr),
                    game=table.game_id,
                )
            )
    if event.round_deadline is not None and event.round == number:
        lines.append(
            tr(
                "Round deadline {when}: games still playing then are settled as on time.",
                when=when(event.round_deadline),
            )
        )
    return "\n".join(lines)


def standings_lines(event: Event, lines: list[Line], tr: Words) -> list[str]:
    rows = []
    for line in lines:
        rows.append(
            tr(
                "{rank}. {entrant} — {score} (Buchholz {buchholz}, S-B {berger})",
                rank=line.rank,
                entrant=entrant_text(event, line.unit, tr),
                score=tr("{points} pts", points=points_text(line.score)),
                buchholz=points_text(line.buchholz),
                berger=points_text(line.sonneborn_berger),
            )
        )
    return rows


def standings_embed(event: Event, lines: list[Line], tr: Words) -> discord.Embed:
    if event.status == FINISHED:
        title = tr("Final standings · event {id}", id=event.id)
    elif event.round:
        title = tr("Standings after round {round} · event {id}", round=event.round, id=event.id)
    else:
        title = tr("Event {id}: sign-up", id=event.id)
    body = "\n".join(standings_lines(event, lines, tr)) or tr("No results yet.")
    embed = discord.Embed(title=title, description=body[:4000], colour=COLOUR)
    embed.set_footer(text=plan_text(event, tr)[:2000])
    return embed


def standings_file(
    event: Event, lines: list[Line], names: dict[int, str], tr: Words
) -> discord.File:
    """The standings drawn as a table (phone-legible, like the other pictures)."""
    from bot.drawing.standings import Row, standings_picture

    rows = []
    for line in lines:
        members = event.members_of(line.unit)
        name = " & ".join(names.get(m.user_id, str(m.user_id)) for m in members)
        rows.append(
            Row(
                rank=line.rank,
                name=name,
                score=points_text(line.score),
                buchholz=points_text(line.buchholz),
                berger=points_text(line.sonneborn_berger),
                played=line.played,
                out=any(m.removed for m in members),
            )
        )
    title = (
        tr("Final standings · {game}", game=GAMES[event.kind].title)
        if event.status == FINISHED
        else tr("Standings after round {round}", round=event.round)
    )
    png = standings_picture(title, rows, tr)
    return discord.File(
        io.BytesIO(png), filename=STANDINGS_FILE, description=tr("The standings as a table")
    )


PERIOD_CHOICES = [
    app_commands.Choice(name="This month", value=MONTH),
    app_commands.Choice(name="Season", value=SEASON),
]
SEASON_ACTIONS = [
    app_commands.Choice(name="Start a season", value="start"),
    app_commands.Choice(name="End the season", value="end"),
]


def period_embed(board: PeriodBoard, tr: Words) -> discord.Embed:
    """A game's ladder for a period: rating gained, rating, record."""
    game = GAMES[board.kind].title
    if board.season is None:
        title = tr("{game} · this month", game=game)
    elif board.season.ended_at is not None:
        title = tr("{game} · final table of season {name}", game=game, name=board.season.name)
    else:
        title = tr("{game} · season {name}", game=game, name=board.season.name)
    rows = [
        tr(
            "{rank}. {member} — {gain} ({rating}) · {wins} won, {losses} lost of {games}",
            rank=line.rank,
            member=mention(line.user_id),
            gain=f"{line.gain:+d}",
            rating=line.end.shown,
            wins=line.wins,
            losses=line.losses,
            games=line.games,
        )
        for line in board.lines[:25]
    ]
    body = "\n".join(rows) or tr("No rated games in this period yet.")
    return discord.Embed(title=title, description=body[:4000], colour=COLOUR)


# --- the cog ----------------------------------------------------------------------------------


class Events(commands.Cog):
    """``/tournament``, the sign-up buttons, the rounds' scheduler, ``/manage events``."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        self.group = app_commands.Group(
            name="tournament", description="Tournaments of this server", guild_only=True
        )
        commands_: tuple[Subcommand, ...] = (
            app_commands.Command(
                name="create", description="Open a tournament's sign-up", callback=self.create
            ),
            app_commands.Command(
                name="standings", description="A tournament's standings", callback=self.standings
            ),
            app_commands.Command(
                name="remove",
                description="Take a player out of your tournament",
                callback=self.remove,
            ),
            app_commands.Command(
                name="replace",
                description="Let the computer play for a player of your tournament",
                callback=self.replace,
            ),
            app_commands.Command(
                name="cancel", description="Call your tournament off", callback=self.cancel
            ),
        )
        for command in commands_:
            self.group.add_command(command)
        self.managed: list[Subcommand] = [
            app_commands.Command(
                name="events",
                description="Who may create tournaments here",
                callback=self.permission,
            ),
            app_commands.Command(
                name="season",
                description="Start or end this server's season of the ladder",
                callback=self.season,
            ),
        ]
        self._tasks: set[asyncio.Task[Advanced | None]] = set()

    @property
    def events(self) -> EventService:
        return self.bot.services.events

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)
        attach_managed(self.bot, self.managed)
        self.bot.add_dynamic_items(EventButton)
        self.bot.services.games.committed_hooks.append(self.after_move)
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()
        hooks = self.bot.services.games.committed_hooks
        if self.after_move in hooks:
            hooks.remove(self.after_move)
        self.bot.remove_dynamic_items(EventButton)
        detach_managed(self.bot, self.managed)
        self.bot.tree.remove_command(self.group.name)

    # --- moving on --------------------------------------------------------------------------

    async def after_move(self, moved: Moved) -> None:
        """A table's game ended: its round may be complete (looked at once the end is shown)."""
        if moved.game.is_active:
            return
        event_id = await self.events.event_of_game(moved.game.id)
        if event_id is None:
            return
        task = asyncio.get_running_loop().create_task(self.advance(event_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @tasks.loop(seconds=INTERVAL)
    async def tick(self) -> None:
        try:
            await self.run_due()
        except Exception:  # the loop must outlive any one bad run
            log.exception("event scheduler run failed")

    @tick.before_loop
    async def _before_tick(self) -> None:
        await self.bot.wait_until_ready()

    async def run_due(self) -> list[Advanced]:
        """Everything due for this process's servers' events."""
        done = []
        for event_id in await self.events.due():
            advanced = await self.advance(event_id)
            if advanced is not None:
                done.append(advanced)
        return done

    async def advance(self, event_id: int) -> Advanced | None:
        try:
            advanced = await self.events.advance(event_id, self.bot_id)
            if advanced is not None:
                await self.show(advanced)
            return advanced
        except ServiceError as refusal:  # a round that cannot start yet: tried again later
            log.info("event %s waits: %s", event_id, refusal)
        except Exception:
            log.exception("event %s could not move on", event_id)
        return None

    @property
    def bot_id(self) -> int:
        user = self.bot.user
        assert user is not None
        return user.id

    async def show(self, advanced: Advanced) -> None:
        """Post what an advance did: games settled on time, a new round, the end."""
        event = advanced.event
        tr = await self.bot.publisher.words(event.guild_id)
        for moved in advanced.timed_out:
            await self.bot.publisher.publish(moved)
        await self.refresh_signup(event, tr)
        if advanced.round_started is not None:
            await self.post(event.channel_id, pairings_text(event, advanced.round_started, tr))
            for game in advanced.started:
                await self.begin(event, game, tr)
        elif advanced.finished:
            await self.post_standings(event, tr)
        elif event.status == CANCELLED:
            await self.post(
                event.channel_id,
                tr("Event {id} did not start: too few players signed up.", id=event.id),
            )

    async def begin(self, event: Event, game: Game, tr: Words) -> None:
        """A table's game: a message naming it, its thread when allowed, then its table."""
        table = next(t for t in event.tables if t.game_id == game.id)
        header = tr(
            "Event {id} · round {round} · table {number}: {players}",
            id=event.id,
            round=table.round,
            number=table.number,
            players=table_line(event, table.units, tr),
        )
        message = await self.post(event.channel_id, header)
        place_id = event.channel_id
        settings = await self.bot.services.settings.guild_settings(event.guild_id)
        channel = self.bot.get_channel(event.channel_id)
        if (
            message is not None
            and settings.open_threads
            and isinstance(channel, discord.TextChannel)
        ):
            try:
                thread = await channel.create_thread(
                    name=tr("{game} · game {id}", game=game.rules.title, id=game.id),
                    message=message,
                    auto_archive_duration=10080,
                )
                await self.bot.services.games.set_thread(game.id, thread.id)
                place_id = thread.id
            except discord.HTTPException as error:
                log.info("could not open a thread for game %s: %s", game.id, error)
        await self.bot.publisher.begin(game, place_id)

    async def post(self, channel_id: int, content: str, **kwargs: Any) -> discord.Message | None:
        try:
            message: discord.Message = await self.bot.publisher.send(channel_id, content, **kwargs)
            return message
        except discord.HTTPException as error:
            log.warning("could not post in %s: %s", channel_id, error)
            return None

    async def post_standings(self, event: Event, tr: Words) -> None:
        lines = self.events.standings(event)
        embed = standings_embed(event, lines, tr)
        picture = standings_file(event, lines, await self.names(event), tr)
        embed.set_image(url=f"attachment://{STANDINGS_FILE}")
        await self.post(event.channel_id, "", embed=embed, file=picture)

    async def names(self, event: Event) -> dict[int, str]:
        names = {}
        for entrant in event.entrants:
            stored = await self.bot.services.ladder.name(event.guild_id, entrant.user_id)
            names[entrant.user_id] = stored or str(entrant.user_id)
        return names

    async def refresh_signup(self, event: Event, tr: Words) -> None:
        if event.message_id is None:
            return
        channel = self.bot.get_partial_messageable(event.channel_id)
        try:
            await channel.get_partial_message(event.message_id).edit(
                embed=signup_embed(event, tr), view=signup_view(event, tr)
            )
        except discord.HTTPException as error:
            log.info("could not update the sign-up of event %s: %s", event.id, error)

    # --- buttons ----------------------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction, event_id: int, action: str) -> None:
        user_id = interaction.user.id
        tr = private(interaction)
        if action == "join":
            event = await self.events.join(event_id, user_id)
            await reply(interaction, tr("You are signed up for event {id}.", id=event_id))
        elif action == "leave":
            event = await self.events.leave(event_id, user_id)
            await reply(interaction, tr("You left event {id}.", id=event_id))
        else:
            advanced = await self.events.start(event_id, user_id, self.bot_id)
            await reply(interaction, tr("Event {id} has started.", id=event_id))
            await self.show(advanced)
            return
        await self.refresh_signup(event, await self.bot.publisher.words(event.guild_id))

    # --- commands ---------------------------------------------------------------------------

    async def _may_organise(self, interaction: discord.Interaction) -> int:
        guild = interaction.guild
        if guild is None:
            raise app_commands.NoPrivateMessage()
        permission = await self.events.permission(guild.id) or DEFAULT_PERMISSION
        if permission != "everyone" and not getattr(interaction.permissions, permission, False):
            raise NotAllowed(NOT_ALLOWED, permission=PERMISSIONS[permission])
        return guild.id

    @app_commands.describe(
        game="Which game",
        format="Round robin, Swiss or single elimination",
        rounds="Rounds of a Swiss (left out: enough for the players)",
        time_per_move="Time per move of every table",
        seats_per_table="Players a table, for a game played by a range of players",
        partnerships="For a partnership game: fixed pairs or partners that rotate",
        starts_in_minutes="Start by itself this many minutes from now (left out: Start)",
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES, partnerships=PARTNER_CHOICES)
    @app_commands.choices(time_per_move=TIME_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        time_per_move: int,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        seats_per_table: app_commands.Range[int, 2, 10] | None = None,
        partnerships: str | None = None,
        starts_in_minutes: app_commands.Range[int, 1, 10080] | None = None,
    ) -> None:
        guild_id = await self._may_organise(interaction)
        if game in GAMES:  # where the server lets games start (an unknown game: refused below)
            await self.bot.services.settings.check_channel(
                guild_id, channel_of(interaction), title=GAMES[game].title
            )
        if format not in FORMATS:
            raise ServiceError("The formats are {formats}.", formats=", ".join(FORMATS))
        event = await self.events.create(
            guild_id=guild_id,
            channel_id=interaction.channel_id or 0,
            organiser_id=interaction.user.id,
            kind=game,
            format=format,
            rounds=rounds,
            time_per_move=float(time_per_move),
            seats=seats_per_table,
            partners=partnerships,
            starts_in=None if starts_in_minutes is None else starts_in_minutes * 60.0,
        )
        tr = await self.bot.publisher.words(guild_id)
        await reply(
            interaction, embed=signup_embed(event, tr), view=signup_view(event, tr), ephemeral=False
        )
        message = await interaction.original_response()
        await self.events.set_message(event.id, message.id)

    async def _event(self, interaction: discord.Interaction, event_id: int | None) -> Event:
        guild = interaction.guild
        if guild is None:
            raise app_commands.NoPrivateMessage()
        if event_id is not None:
            return await self.events.event(event_id, guild.id)
        open_events = await self.events.events_of(guild.id)
        mine = [e for e in open_events if e.organiser_id == interaction.user.id]
        if mine or open_events:
            return (mine or open_events)[-1]
        raise ServiceError(NO_EVENT)

    @app_commands.describe(event="Which event (left out: the newest)")
    async def standings(
        self, interaction: discord.Interaction, event: app_commands.Range[int, 1] | None = None
    ) -> None:
        guild = interaction.guild
        if guild is None:
            raise app_commands.NoPrivateMessage()
        found = None if event is not None else await self.events.latest(guild.id)
        chosen = found or await self._event(interaction, event)
        tr = await self.bot.publisher.words(guild.id)
        lines = self.events.standings(chosen)
        embed = standings_embed(chosen, lines, tr)
        audit = await self.events.audit(chosen.id)
        if audit:
            text = "\n".join(
                tr(
                    AUDIT_NAMES[a.action],
                    when=when(a.at),
                    who=mention(a.user_id),
                    member=mention(a.subject or 0),
                )
                for a in audit[-8:]
            )
            embed.add_field(name=tr("Organiser's log"), value=text[:1024], inline=False)
        picture = None
        if chosen.round:
            picture = standings_file(chosen, lines, await self.names(chosen), tr)
            embed.set_image(url=f"attachment://{STANDINGS_FILE}")
        await reply(interaction, embed=embed, file=picture, ephemeral=False)

    @app_commands.describe(player="Who leaves the event", event="Which event (left out: yours)")
    async def remove(
        self,
        interaction: discord.Interaction,
        player: discord.Member | discord.User,
        event: app_commands.Range[int, 1] | None = None,
    ) -> None:
        chosen = await self._event(interaction, event)
        changed = await self.events.remove(
            chosen.id, chosen.guild_id, interaction.user.id, player.id
        )
        tr = private(interaction)
        await reply(
            interaction,
            tr("{member} is out of event {id}.", member=mention(player.id), id=chosen.id),
        )
        words = await self.bot.publisher.words(chosen.guild_id)
        await self.post(
            chosen.channel_id,
            words(
                "{who} removed {member} from event {id}.",
                who=mention(interaction.user.id),
                member=mention(player.id),
                id=chosen.id,
            ),
            mention=[],
        )
        await self.refresh_signup(changed, words)

    @app_commands.describe(player="Whose tables the computer plays", event="Which event")
    async def replace(
        self,
        interaction: discord.Interaction,
        player: discord.Member | discord.User,
        event: app_commands.Range[int, 1] | None = None,
    ) -> None:
        chosen = await self._event(interaction, event)
        await self.events.replace(chosen.id, chosen.guild_id, interaction.user.id, player.id)
        tr = private(interaction)
        await reply(
            interaction,
            tr("From the next round the computer plays for {member}.", member=mention(player.id)),
        )

    @app_commands.describe(event="Which event (left out: yours)")
    async def cancel(
        self, interaction: discord.Interaction, event: app_commands.Range[int, 1] | None = None
    ) -> None:
        chosen = await self._event(interaction, event)
        cancelled = await self.events.cancel(chosen.id, chosen.guild_id, interaction.user.id)
        tr = private(interaction)
        await reply(interaction, tr("Event {id} is cancelled.", id=chosen.id))
        words = await self.bot.publisher.words(chosen.guild_id)
        await self.post(
            chosen.channel_id,
            words(
                "{who} cancelled event {id}; games under way go on as ordinary games.",
                who=mention(interaction.user.id),
                id=chosen.id,
            ),
            mention=[],
        )
        await self.refresh_signup(cancelled, words)

    @app_commands.describe(who="Who may create tournaments")
    @app_commands.choices(who=PERMISSION_CHOICES)
    async def permission(self, interaction: discord.Interaction, who: str) -> None:
        guild = interaction.guild
        if guild is None:
            raise app_commands.NoPrivateMessage()
        tr = private(interaction)
        if not interaction.permissions.manage_guild:
            raise NotAllowed("Only members with the **Manage Server** permission can change this.")
        if who not in PERMISSIONS:
            raise ServiceError("That is not a permission I know.")
        await self.events.set_permission(guild.id, who, interaction.user.id)
        await reply(
            interaction, tr("Tournaments can now be created by: {who}.", who=tr(PERMISSIONS[who]))
        )

    @app_commands.describe(action="Start a season or end the one under way", name="Its name")
    @app_commands.choices(action=SEASON_ACTIONS)
    async def season(
        self,
        interaction: discord.Interaction,
        action: str,
        name: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        guild = interaction.guild
        if guild is None:
            raise app_commands.NoPrivateMessage()
        tr = private(interaction)
        if not interaction.permissions.manage_guild:
            raise NotAllowed("Only members with the **Manage Server** permission can change this.")
        seasons: SeasonService = self.bot.services.seasons
        words = await self.bot.publisher.words(guild.id)
        if action == "start":
            if name is None:
                raise ServiceError("A season needs a name.")
            season = await seasons.start(guild.id, name, interaction.user.id)
            await reply(interaction, tr("Season {name} has started.", name=season.name))
            await self.post(
                interaction.channel_id or 0,
                words(
                    "Season {name} has started: `/leaderboard period:season` shows it.",
                    name=season.name,
                ),
                mention=[],
            )
            return
        ended, boards = await seasons.end(guild.id, interaction.user.id)
        await reply(interaction, tr("Season {name} has ended.", name=ended.name))
        await self.post(
            interaction.channel_id or 0,
            words("Season {name} has ended. The final tables:", name=ended.name),
            mention=[],
        )
        for board in boards:
            await self.post(interaction.channel_id or 0, "", embed=period_embed(board, words))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Events(cast("CardBot", bot)))
