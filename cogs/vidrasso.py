"""The ``/vidrasso`` commands and the game flow in Discord: interaction → service → reply.

No rules and no SQL live here: the service decides, the engine's views say what each person may
see, and :mod:`cogs.render` turns views into embeds.
"""

from __future__ import annotations

import io
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.computer import DEFAULT_LEVEL, LEVELS
from bot.deadlines import preset_name
from bot.engine import (
    IllegalAction,
    RoundDealt,
    RoundEnded,
    to_record,
    view,
)
from bot.service import (
    Choice,
    Moved,
    NotAPlayer,
    ServiceError,
    StaleChoice,
)
from bot.storage.games import ChallengeRow, GameRow
from cogs import render
from cogs.components import (
    DYNAMIC_ITEMS,
    HandButton,
    RematchButton,
    ResignButton,
    challenge_view,
    detached,
    hand_view,
    single,
    table_view,
)
from cogs.schedule_render import TIME_CHOICES, deadline_text, inbox_line

if TYPE_CHECKING:
    from bot.app import VidrassoBot

log = logging.getLogger(__name__)

COMPUTER_SEAT = 1
"""In a game against the computer, the bot plays seat 1."""
EDIT_WINDOW = 3600.0
"""Never rely on editing a message older than this: post a new one instead."""
DISCORD_EPOCH_MS = 1420070400000
TARGET_CHOICES: list[app_commands.Choice[int]] = [
    app_commands.Choice(name="300 (standard)", value=300),
    app_commands.Choice(name="500 (long game)", value=500),
]
LEVEL_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=name, value=name) for name in LEVELS
]


def message_age(message_id: int, now: float) -> float:
    """Seconds since a message was created, from its snowflake id."""
    created = ((message_id >> 22) + DISCORD_EPOCH_MS) / 1000
    return now - created


def jump_url(guild_id: int, channel_id: int, message_id: int | None) -> str:
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{guild_id}/{channel_id}{tail}"


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
    ephemeral: bool = True,
) -> None:
    """Answer an interaction whether or not it has been answered already."""
    kwargs: dict[str, Any] = {"content": content, "ephemeral": ephemeral}
    if embed is not None:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


@app_commands.guild_only()
class Vidrasso(
    commands.GroupCog,
    group_name="vidrasso",
    group_description="Play Vidrasso, the two-player trick-taking card game",
):
    """Challenges, the table, private hands, and the end of games."""

    def __init__(self, bot: VidrassoBot) -> None:
        self.bot = bot
        self.service = bot.service
        self._resumed = False
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    # --- error handling -----------------------------------------------------------------

    async def guarded(
        self,
        interaction: discord.Interaction,
        work: Callable[[], Awaitable[None]],
        *,
        game_id: int | None = None,
    ) -> None:
        """Run a handler; turn player errors into polite ephemeral answers and log the rest."""
        try:
            await work()
        except (ServiceError, IllegalAction) as error:
            await reply(interaction, _sentence(str(error)))
        except Exception:
            log.exception(
                "interaction failed (game %s, user %s, custom id %s)",
                game_id,
                interaction.user.id,
                _custom_id(interaction),
            )
            try:
                await reply(
                    interaction, "Sorry — something went wrong on my side. Please try again."
                )
            except discord.HTTPException:
                log.exception("could not even apologise")

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, ServiceError | IllegalAction):
            await reply(interaction, _sentence(str(original)))
            return
        if isinstance(error, app_commands.NoPrivateMessage):
            await reply(interaction, "Vidrasso is played in a server channel, not in DMs.")
            return
        log.exception("command %s failed", interaction.command, exc_info=original)
        await reply(interaction, "Sorry — something went wrong on my side. Please try again.")

    # --- commands ----------------------------------------------------------------------

    @app_commands.command(name="challenge", description="Challenge a member to a game")
    @app_commands.describe(
        opponent="The member you want to play",
        target="Points to win: 300 (standard) or 500",
        per_move="Time for each move (default: this server's, usually 24 hours)",
    )
    @app_commands.rename(per_move="time")
    @app_commands.choices(target=TARGET_CHOICES, per_move=TIME_CHOICES)
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member,
        target: int = 300,
        per_move: int | None = None,
    ) -> None:
        if interaction.guild is None or interaction.channel_id is None:
            await reply(interaction, "Vidrasso is played in a server channel, not in DMs.")
            return
        settings = await self.bot.schedule.check_channel(
            interaction.guild.id, _channel_of(interaction)
        )
        if self.bot.user is not None and opponent.id == self.bot.user.id:
            await self._start_computer_game(interaction, DEFAULT_LEVEL, target)
            return
        row = await self.service.challenge(
            guild_id=interaction.guild.id,
            channel_id=interaction.channel_id,
            challenger_id=interaction.user.id,
            opponent_id=opponent.id,
            opponent_is_bot=opponent.bot,
            target=target,
            time_per_move=settings.default_time if per_move is None else float(per_move),
        )
        await interaction.response.send_message(
            _challenge_text(row),
            view=challenge_view(row.id),
            allowed_mentions=discord.AllowedMentions(users=[opponent]),
        )
        message = await interaction.original_response()
        await self.service.set_challenge_message(row.id, message.id)

    @app_commands.command(name="play-bot", description="Play a game against the computer")
    @app_commands.describe(
        level="easy (rule-based), medium (searches a little), hard (searches hard)",
        target="Points to win: 300 (standard) or 500",
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.choices(target=TARGET_CHOICES)
    async def play_bot(
        self, interaction: discord.Interaction, level: str = DEFAULT_LEVEL, target: int = 300
    ) -> None:
        if interaction.guild is None or interaction.channel_id is None:
            await reply(interaction, "Vidrasso is played in a server channel, not in DMs.")
            return
        await self.bot.schedule.check_channel(interaction.guild.id, _channel_of(interaction))
        await self._start_computer_game(interaction, level, target)

    async def _start_computer_game(
        self, interaction: discord.Interaction, level: str, target: int
    ) -> None:
        assert interaction.guild is not None and interaction.channel_id is not None
        assert self.bot.user is not None
        if level not in LEVELS:
            await reply(interaction, f"The levels are {', '.join(LEVELS)}.")
            return
        game = await self.service.start_computer_game(
            guild_id=interaction.guild.id,
            channel_id=interaction.channel_id,
            player_id=interaction.user.id,
            computer_id=self.bot.user.id,
            level=level,
            target=target,
        )
        await interaction.response.send_message(
            f"<@{interaction.user.id}> plays Vidrasso against me ({level}, to {target}). "
            "Good luck!",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        message = await interaction.original_response()
        place_id = await self._open_thread(interaction, game, message)
        await self._begin(game, place_id)

    @app_commands.command(name="hand", description="See your hand in this channel's game")
    async def hand(self, interaction: discord.Interaction) -> None:
        game = await self._game_here(interaction, "show")
        if game is not None:
            await self.show_hand(interaction, game)

    @app_commands.command(name="games", description="Your games in progress in this server")
    async def games(self, interaction: discord.Interaction) -> None:
        if interaction.guild is None:
            await reply(interaction, "Vidrasso is played in a server channel, not in DMs.")
            return
        inbox = await self.bot.schedule.inbox(interaction.guild.id, interaction.user.id)
        if not inbox:
            await reply(
                interaction, "You have no games in progress. Start one with `/vidrasso challenge`."
            )
            return
        now = self.service.clock()
        lines = [
            inbox_line(g.game, interaction.user.id, g.your_turn, g.deadline_at, now)
            for g in inbox[:15]
        ]
        if len(inbox) > 15:
            lines.append(f"…and {len(inbox) - 15} more.")
        embed = discord.Embed(
            title="Your games, most urgent first",
            description="\n".join(lines),
            colour=render.COLOUR,
        )
        await reply(interaction, embed=embed)

    @app_commands.command(name="resign", description="Resign your game in this channel")
    async def resign(self, interaction: discord.Interaction) -> None:
        game = await self._game_here(interaction, "resign")
        if game is None:
            return
        opponent = game.player_ids[1 - (game.seat_of(interaction.user.id) or 0)]
        await reply(
            interaction,
            f"Resign your game against <@{opponent}>? It counts as a loss.",
            view=single(ResignButton(game.id, game.version)),
        )

    @app_commands.command(name="rules", description="A short summary of the rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(
            title="How to play Vidrasso", description=render.RULES_TEXT, colour=render.COLOUR
        )
        await reply(interaction, embed=embed)

    async def _game_here(self, interaction: discord.Interaction, verb: str) -> GameRow | None:
        """The caller's game in this channel or thread; asks which when there are several."""
        if interaction.guild is None:
            await reply(interaction, "Vidrasso is played in a server channel, not in DMs.")
            return None
        games = await self.service.games_of(interaction.guild.id, interaction.user.id)
        here = [g for g in games if interaction.channel_id in (g.thread_id, g.channel_id)]
        if len(here) == 1:
            return here[0]
        if len(games) == 1 and not here:
            return games[0]
        if not games:
            await reply(
                interaction, "You have no game in progress. Start one with `/vidrasso challenge`."
            )
            return None
        choices = here or games
        view = discord.ui.View(timeout=None)
        for game in choices[:20]:
            seat = game.seat_of(interaction.user.id) or 0
            label = f"Game {game.id} (round {game.state.round.number})"
            if verb == "resign":
                view.add_item(ResignButton(game.id, game.version))
                view.children[-1].label = f"Resign game {game.id}"  # type: ignore[attr-defined]
            else:
                view.add_item(HandButton(game.id, label, primary=seat in game.state.to_act))
        opponents = ", ".join(
            f"game {g.id} vs <@{g.player_ids[1 - (g.seat_of(interaction.user.id) or 0)]}>"
            for g in choices[:20]
        )
        await reply(
            interaction, f"You have several games ({opponents}). Which one?", view=detached(view)
        )
        return None

    # --- buttons -----------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks on buttons that are no longer on their message.

        discord.py dispatches a persistent button only if the message (as Discord sends it
        with the click) still carries it. A fast double click arrives after the first click
        replaced the buttons, and would otherwise end in "This interaction failed".
        """
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = _custom_id(interaction)
        if custom_id is None or not custom_id.startswith("vidrasso:"):
            return
        message = interaction.message
        if message is not None and _carries(message, custom_id):
            return  # discord.py dispatches it to the persistent button
        for item_cls in DYNAMIC_ITEMS:
            match = item_cls.__discord_ui_compiled_template__.fullmatch(custom_id)
            if match:
                item = await item_cls.from_custom_id(interaction, None, match)  # type: ignore[arg-type]
                await item.callback(interaction)
                return

    async def on_challenge_button(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None:
        async def work() -> None:
            if accept:
                await self._accept(interaction, challenge_id)
            else:
                row = await self.service.decline(challenge_id, interaction.user.id)
                await interaction.response.edit_message(content=_challenge_text(row), view=None)

        await self.guarded(interaction, work)

    async def _accept(self, interaction: discord.Interaction, challenge_id: int) -> None:
        challenge, game = await self.service.accept(challenge_id, interaction.user.id)
        await interaction.response.edit_message(content=_challenge_text(challenge), view=None)
        place_id = await self._open_thread(interaction, game, interaction.message)
        await self._begin(game, place_id)

    async def _begin(self, game: GameRow, place_id: int) -> None:
        """Show the cut and the first table; let the computer move if it is first."""
        if place_id != game.place_id:
            game = await self.service.game(game.id)
        state = game.state
        cut = state.cut.cards
        await self._send(
            place_id,
            f"The cut: <@{game.player_ids[0]}> {cut[0].display}, "
            f"<@{game.player_ids[1]}> {cut[1].display} — the weaker card deals, so "
            f"<@{game.player_ids[state.first_dealer]}> deals first.",
            mention=[],
        )
        await self.post_table(game, mention_seats=state.to_act)
        await self.computer_turns(game.id)

    async def _open_thread(
        self, interaction: discord.Interaction, game: GameRow, message: discord.Message | None
    ) -> int:
        """Open a thread from the game's first message when allowed; else play in the channel."""
        channel = interaction.channel
        if message is None or isinstance(channel, discord.Thread):
            return game.channel_id
        if not interaction.app_permissions.create_public_threads:
            return game.channel_id
        if not (await self.bot.schedule.guild_settings(game.guild_id)).open_threads:
            return game.channel_id
        try:
            thread = await message.create_thread(
                name=f"Vidrasso · game {game.id}", auto_archive_duration=10080
            )
        except discord.HTTPException as error:
            log.info("could not open a thread for game %s: %s", game.id, error)
            return game.channel_id
        await self.service.set_thread(game.id, thread.id)
        return thread.id

    async def on_hand_button(self, interaction: discord.Interaction, game_id: int) -> None:
        async def work() -> None:
            game = await self.service.game(game_id)
            if game.seat_of(interaction.user.id) is None:
                raise NotAPlayer("This isn't your game — only its two players have hands here.")
            edit = _is_ephemeral(interaction)
            await self.show_hand(interaction, game, edit=edit)

        await self.guarded(interaction, work, game_id=game_id)

    async def on_choice(
        self, interaction: discord.Interaction, game_id: int, version: int, choice: Choice
    ) -> None:
        async def work() -> None:
            try:
                moved = await self.service.act(game_id, interaction.user.id, choice, version)
            except (StaleChoice, IllegalAction) as error:
                game = await self.service.game(game_id)
                if game.seat_of(interaction.user.id) is None:
                    raise NotAPlayer("This isn't your game.") from error
                await self.show_hand(
                    interaction, game, note=_sentence(str(error)), edit=_is_ephemeral(interaction)
                )
                return
            note = _moved_note(moved)
            await self.show_hand(
                interaction, moved.game, note=note, edit=_is_ephemeral(interaction)
            )
            await self.publish(moved)
            if moved.game.computer_level and await self.computer_turns(game_id):
                await self._refresh_hand(interaction, game_id)

        await self.guarded(interaction, work, game_id=game_id)

    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        async def work() -> None:
            game = await self.service.game(game_id)
            seat = game.seat_of(interaction.user.id)
            if seat is None:
                raise NotAPlayer("Only the two players of this game can ask for a rematch.")
            assert interaction.guild is not None
            clock = await self.bot.schedule.clock_of(game.id)  # a rematch keeps the time control
            row = await self.service.challenge(
                guild_id=game.guild_id,
                channel_id=interaction.channel_id or game.place_id,
                challenger_id=interaction.user.id,
                opponent_id=game.player_ids[1 - seat],
                opponent_is_bot=False,
                target=game.target,
                time_per_move=None if clock is None else clock.time_per_move,
            )
            await interaction.response.send_message(
                _challenge_text(row),
                view=challenge_view(row.id),
                allowed_mentions=discord.AllowedMentions(
                    users=[discord.Object(id=row.opponent_id)]
                ),
            )
            message = await interaction.original_response()
            await self.service.set_challenge_message(row.id, message.id)

        await self.guarded(interaction, work, game_id=game_id)

    # --- the computer opponent ----------------------------------------------------------

    async def computer_turns(self, game_id: int) -> bool:
        """Let the computer move for as long as the game waits for it; True if it moved."""
        moved_any = False
        for _ in range(8):  # at most a few of its moves in a row (trump, gift, a lead)
            game = await self.service.game(game_id)
            level = game.computer_level
            if level is None or game.state.is_over or COMPUTER_SEAT not in game.state.to_act:
                return moved_any
            seat_view = view(game.state, COMPUTER_SEAT)
            seed = game.id * 100_003 + game.version
            try:
                choice = await self.bot.computer.choose(level, seat_view, seed)
            except Exception:
                # A game must never get stuck on the computer: fall back to the rule-based level.
                log.exception("computer (%s) failed in game %s; playing easy", level, game_id)
                choice = await self.bot.computer.choose("easy", seat_view, seed)
            computer_id = game.player_ids[COMPUTER_SEAT]
            try:
                moved = await self.service.act(game_id, computer_id, choice, game.version)
            except StaleChoice:
                continue  # the player moved (or resigned) meanwhile: look again
            moved_any = True
            await self.publish(moved)
        return moved_any

    async def _refresh_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        """Bring the player's private hand up to date after the computer answered, so their
        next press is not on a stale message."""
        game = await self.service.game(game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            return
        embed = render.hand_embed(view(game.state, seat), game.player_ids, "Your move.")
        try:
            await interaction.edit_original_response(embed=embed, view=hand_view(game, seat))
        except discord.HTTPException as error:
            log.info("could not refresh the hand in game %s: %s", game_id, error)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a restart, finish any computer turn that was interrupted."""
        if self._resumed:
            return
        self._resumed = True
        for game in await self.service.computer_games():
            try:
                await self.computer_turns(game.id)
            except Exception:
                log.exception("could not resume the computer's turn in game %s", game.id)

    # --- showing and publishing --------------------------------------------------------

    async def show_hand(
        self,
        interaction: discord.Interaction,
        game: GameRow,
        *,
        note: str | None = None,
        edit: bool = False,
    ) -> None:
        """The player's private hand, from their own seat view only."""
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            raise NotAPlayer("This isn't your game.")
        embed = render.hand_embed(view(game.state, seat), game.player_ids, note)
        buttons = hand_view(game, seat)
        if edit and not interaction.response.is_done():
            await interaction.response.edit_message(content=None, embed=embed, view=buttons)
        else:
            await reply(interaction, embed=embed, view=buttons)

    async def publish(self, moved: Moved) -> None:
        """The public side of a move: table, round results, end of game."""
        game = moved.game
        public = view(game.state, None)
        new_round = False
        for event in moved.events:
            if isinstance(event, RoundEnded):
                summary = next(s for s in public.finished_rounds if s.number == event.number)
                await self._send(game.place_id, embed=render.round_embed(summary, game.player_ids))
            elif isinstance(event, RoundDealt):
                new_round = True
        if game.state.outcome is not None:
            await self._retire_table(game)
            await self._game_over(game)
            return
        if new_round:
            await self._retire_table(game)
            await self.post_table(game, mention_seats=game.state.to_act)
        elif moved.turn_passed:
            await self._retire_table(game)
            waiting = tuple(s for s in game.state.to_act if s != moved.seat)
            await self.post_table(game, mention_seats=waiting)
        else:
            await self.refresh_table(game)

    async def post_table(self, game: GameRow, *, mention_seats: tuple[int, ...]) -> None:
        """A new public table message, mentioning who must act (edits do not notify)."""
        public = view(game.state, None)
        ids = [
            game.player_ids[s]
            for s in mention_seats
            if not (game.computer_level and s == COMPUTER_SEAT)
        ]
        content = (
            " ".join(f"<@{i}>" for i in ids) + " — " + render.turn_text(public, game.player_ids)
        )
        message = await self._send(
            game.place_id,
            content if ids else None,
            embed=await self._table_embed(game),
            view=table_view(game.id),
            mention=ids,
        )
        await self.service.set_table_message(game.id, message.id)

    async def _table_embed(self, game: GameRow) -> discord.Embed:
        """The public table, with the deadline of the move it waits for."""
        embed = render.table_embed(view(game.state, None), game.player_ids)
        clock = await self.bot.schedule.clock_of(game.id)
        if clock is not None and clock.deadline_at is not None:
            embed.add_field(name="Move by", value=deadline_text(clock.deadline_at), inline=False)
        return embed

    async def refresh_table(self, game: GameRow) -> None:
        """Edit the latest table in place while it is fresh; otherwise post a new one."""
        mid = game.table_message_id
        if mid is None or message_age(mid, time.time()) > EDIT_WINDOW:
            await self.post_table(game, mention_seats=())
            return
        channel = self.bot.get_partial_messageable(game.place_id, guild_id=game.guild_id)
        try:
            await channel.get_partial_message(mid).edit(
                embed=await self._table_embed(game), view=table_view(game.id)
            )
        except discord.HTTPException as error:
            log.info("could not edit table of game %s (%s); posting anew", game.id, error)
            await self.post_table(game, mention_seats=())

    async def _retire_table(self, game: GameRow) -> None:
        """Delete the previous table (the bot's own message) so the thread does not flood;
        the new table below it replaces it."""
        mid = game.table_message_id
        if mid is None:
            return
        channel = self.bot.get_partial_messageable(game.place_id, guild_id=game.guild_id)
        try:
            await channel.get_partial_message(mid).delete()
        except discord.HTTPException as error:
            log.info("could not remove the old table of game %s: %s", game.id, error)

    async def _game_over(self, game: GameRow) -> None:
        public = view(game.state, None)
        record = to_record(game.state, [str(i) for i in game.player_ids])
        record["game_id"] = game.id
        data = json.dumps(record, indent=1).encode()
        await self._send(
            game.place_id,
            render.game_over_text(public, game.player_ids),
            file=discord.File(io.BytesIO(data), filename=f"vidrasso-game-{game.id}.json"),
            view=single(RematchButton(game.id)),
            mention=[],
        )

    async def _send(
        self,
        place_id: int,
        content: str | None = None,
        *,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
        mention: list[int] | None = None,
    ) -> discord.Message:
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

    # --- challenge expiry (run by the scheduler in cogs/schedule.py) ---------------------

    async def expire_due_challenges(self) -> list[ChallengeRow]:
        """Close challenges whose time ran out and take the buttons off their messages."""
        expired = await self.service.expire_challenges()
        for row in expired:
            if row.message_id is None:
                continue
            channel = self.bot.get_partial_messageable(row.channel_id)
            try:
                await channel.get_partial_message(row.message_id).edit(
                    content=_challenge_text(row, expired=True), view=None
                )
            except discord.HTTPException as error:
                log.info("could not update expired challenge %s: %s", row.id, error)
        return expired


def _channel_of(interaction: discord.Interaction) -> int:
    """The channel an interaction comes from; for a thread, the channel it belongs to."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return channel.parent_id
    assert interaction.channel_id is not None
    return interaction.channel_id


def _challenge_text(row: ChallengeRow, *, expired: bool = False) -> str:
    terms = f"to {row.target}"
    if row.time_per_move is not None:
        terms += f", {preset_name(row.time_per_move)} per move"
    who = f"<@{row.challenger_id}> challenges <@{row.opponent_id}> to Vidrasso ({terms})"
    status = "expired" if expired else row.status
    if status == "open":
        return f"{who}. <@{row.opponent_id}>, do you accept? Expires <t:{int(row.expires_at)}:R>."
    if status == "accepted":
        return f"{who} — accepted! Game {row.game_id} is on."
    if status == "declined":
        return f"{who} — declined."
    if status == "cancelled":
        return f"{who} — withdrawn."
    return f"{who} — expired without an answer."


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _carries(message: discord.Message, custom_id: str) -> bool:
    for row in message.components:
        for child in getattr(row, "children", ()):
            if getattr(child, "custom_id", None) == custom_id:
                return True
    return False


def _custom_id(interaction: discord.Interaction) -> str | None:
    data: Any = interaction.data or {}
    custom_id = data.get("custom_id")
    return str(custom_id) if custom_id is not None else None


def _is_ephemeral(interaction: discord.Interaction) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


def _moved_note(moved: Moved) -> str:
    """A short line for the mover, about what just happened."""
    from bot.engine import CardPlayed, GiftGiven, TrickTaken, TrumpChosen

    for event in reversed(moved.events):
        if isinstance(event, TrickTaken):
            won = event.trick.winner == moved.seat
            return f"{'You take' if won else 'They take'} the trick ({event.points} points)."
        if isinstance(event, GiftGiven):
            return "Gift given."
        if isinstance(event, TrumpChosen):
            return f"You named {event.bid.value.noun}."
        if isinstance(event, CardPlayed) and event.seat == moved.seat:
            return f"You played {event.card.display}."
    return "Done."


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Vidrasso(bot))  # type: ignore[arg-type]
