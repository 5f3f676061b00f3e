"""The commands that start and play games: each registered game's group (``/vidrasso``,
``/pidro``…) with its own challenge, play-bot, rules (and learn, for the first game); the
game-free ``/games``, ``/hand``, ``/resign`` and ``/replay``, which find the member's game of
any kind; and the start-up duties of play (resuming the computer's turns).

No rules and no SQL here: the services decide, and the shared flows in :mod:`cogs.ui` show.
"""

from __future__ import annotations

import inspect
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import DEFAULT_KIND, GAMES, GameRules, default_level, rules_for, to_points
from bot.play.model import Game, Invite
from bot.play.service import ChallengeRefused, table_seats
from cogs.ui import guide
from cogs.ui.buttons import (
    DYNAMIC_ITEMS,
    CancelButton,
    HandButton,
    ResignButton,
    carries,
    dispatch_orphan,
)
from cogs.ui.clock_text import TIME_CHOICES, inbox_line, listing, opponents
from cogs.ui.common import (
    COLOUR,
    NOT_IN_DMS,
    answer,
    channel_of,
    custom_id_of,
    detached,
    mention,
    of_items,
    reply,
    seat_name,
)
from cogs.ui.group import Subcommand, attach, detach
from cogs.ui.i18n import N_, Words, private, text
from cogs.ui.replay import replay_message

if TYPE_CHECKING:
    from bot.app import CardBot

log = logging.getLogger(__name__)

KIND = DEFAULT_KIND
"""The game ``learn`` teaches (the first registered)."""
INBOX_LINES = 15
NO_GAMES = N_("You have no games in progress. Start one: {commands}.")


def no_games(interaction: discord.Interaction, tr: Words) -> str:
    """There are no games: every registered game's challenge command, in the member's
    language (``/vidrasso challenge`` or ``/pidro challenge``)."""
    challenge = text(tr.language, "challenge", "command")
    commands = [f"`/{text(tr.language, kind, 'command')} {challenge}`" for kind in GAMES]
    return tr(NO_GAMES, commands=tr(", ").join(commands))


def target_choices(rules: GameRules) -> list[app_commands.Choice[int]]:
    return [
        app_commands.Choice(name=f"{t} ({'standard' if i == 0 else 'long game'})", value=t)
        for i, t in enumerate(rules.targets)
    ]


COMPUTER_GAME = N_("{player} plays {game} against me ({level}, to {target}). Good luck!")
COMPUTER_GAME_ONE = N_("{player} plays {game} against me ({level}). Good luck!")
"""The opening line of a game against the computer: to points, or (one target) one game."""


def has_target_choice(rules: GameRules) -> bool:
    """Whether a game is played to points a challenge chooses: a game with one target (one
    game is the whole match) offers no ``target`` option."""
    return len(rules.targets) > 1


def target_option(rules: GameRules) -> list[inspect.Parameter]:
    """The ``target`` option of a game's commands, where it has a choice."""
    if not has_target_choice(rules):
        return []
    keyword = inspect.Parameter.KEYWORD_ONLY
    return [inspect.Parameter("target", keyword, annotation=int | None, default=None)]


def challenge_command(cog: Play, rules: GameRules) -> Subcommand:
    """``challenge`` for a game: one optional member option per seat to fill, named by the
    game, ``seats`` where the game's count is a range (the table's size), and ``fill`` where
    the computer plays it (the level that takes the seats still open at the start). Seats
    nobody is named for are open: any member may join them."""
    low, high = rules.seat_range

    async def challenge(interaction: discord.Interaction, **options: Any) -> None:
        named = [
            (invite.seat, options[f"player{i}"])
            for i, invite in enumerate(rules.invites, start=1)
            if options.get(f"player{i}") is not None
        ]
        await cog.challenge(
            interaction,
            rules,
            named,
            options.get("target"),
            options.get("per_move"),
            seats=options.get("seats"),
            fill=options.get("fill"),
        )

    # discord.py reads a command's options from its callback's signature: one per invitation.
    keyword = inspect.Parameter.KEYWORD_ONLY
    players = [
        inspect.Parameter(f"player{i}", keyword, annotation=discord.Member | None, default=None)
        for i in range(1, len(rules.invites) + 1)
    ]
    extra = []
    if low < high:
        counts: Any = app_commands.Range[int, low, high]
        extra.append(inspect.Parameter("seats", keyword, annotation=counts, default=None))
    if rules.levels:
        extra.append(inspect.Parameter("fill", keyword, annotation=str | None, default=None))
    challenge.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            ),
            *players,
            *target_option(rules),
            inspect.Parameter("per_move", keyword, annotation=int | None, default=None),
            *extra,
        ]
    )
    callback: Any = challenge
    names = {f"player{i}": invite.option for i, invite in enumerate(rules.invites, start=1)}
    helps = {f"player{i}": invite.description for i, invite in enumerate(rules.invites, start=1)}
    points = " or ".join(str(t) for t in rules.targets)
    callback = app_commands.describe(
        **helps, per_move="Time for each move (default: this server's, usually 24 hours)"
    )(callback)
    if has_target_choice(rules):
        callback = app_commands.describe(target=f"Points to win: {points}")(callback)
    callback = app_commands.rename(**names, per_move="time")(callback)
    if has_target_choice(rules):
        callback = app_commands.choices(target=target_choices(rules))(callback)
    callback = app_commands.choices(per_move=TIME_CHOICES)(callback)
    if low < high:
        callback = app_commands.describe(
            seats=f"How many players: {low} to {high} (default: you and those you name)"
        )(callback)
    if rules.levels:
        levels = [app_commands.Choice(name=n, value=n) for n in rules.levels]
        callback = app_commands.choices(fill=levels)(callback)
        callback = app_commands.describe(
            fill="The computer level that takes the seats still open at the start"
        )(callback)
    noun = "a member" if len(rules.invites) == 1 else "members"
    return app_commands.Command(
        name="challenge",
        description=f"Challenge {noun} to a game, or open a table anyone can join",
        callback=callback,
    )


def offers_hints(callback: Any, rules: GameRules) -> Any:
    """A ``play-bot`` callback with its ``hints`` option where the game's reviewer gives hints
    (a *Hint* button in the player's hand), and without it otherwise."""
    if getattr(rules, "reviewer", None) is not None:
        return app_commands.describe(
            hints="A Hint button in your hand: the move the medium level would make, and why"
        )(callback)
    signature = inspect.signature(callback)
    kept = [p for p in signature.parameters.values() if p.name != "hints"]
    callback.__signature__ = signature.replace(parameters=kept)
    return callback


def play_bot_command(cog: Play, rules: GameRules) -> Subcommand:
    """``play-bot``: a game against the computer in every other seat."""

    async def play_bot(
        interaction: discord.Interaction,
        level: str | None = None,
        target: int | None = None,
        hints: bool = False,
    ) -> None:
        await cog.play_bot(interaction, rules, level, target, hints=hints)

    async def play_bot_game(
        interaction: discord.Interaction, level: str | None = None, hints: bool = False
    ) -> None:
        await cog.play_bot(interaction, rules, level, None, hints=hints)

    levels: list[app_commands.Choice[str]] = [
        app_commands.Choice(name=n, value=n) for n in rules.levels
    ]
    callback: Any
    if has_target_choice(rules):
        callback = app_commands.describe(
            level="How strong the computer plays",
            target="Points to win: " + " or ".join(str(t) for t in rules.targets),
        )(offers_hints(play_bot, rules))
        callback = app_commands.choices(target=target_choices(rules))(callback)
    else:  # one game is the whole match: no points to choose
        callback = app_commands.describe(level="How strong the computer plays")(
            offers_hints(play_bot_game, rules)
        )
    callback = app_commands.choices(level=levels)(callback)
    return app_commands.Command(
        name="play-bot", description="Play a game against the computer", callback=callback
    )


def rules_command(cog: Play, rules: GameRules) -> Subcommand:
    async def show_rules(interaction: discord.Interaction) -> None:
        await guide.show_rules(interaction, rules.kind, 1)

    return app_commands.Command(
        name="rules", description="A short summary of the rules", callback=show_rules
    )


class Play(commands.Cog):
    """Challenges, the table, private hands and the end of games."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        self._resumed = False
        self.top: list[Subcommand] = [
            *self.everyday_commands(),
            app_commands.Command(
                name="replay",
                description="Look back on a finished game: every hand, round by round",
                callback=self.replay,
            ),
        ]
        self.groups: list[app_commands.Group] = []
        for kind, rules in GAMES.items():
            group = app_commands.Group(
                name=kind, description=f"Play {rules.title}", guild_only=True
            )
            group.add_command(challenge_command(self, rules))
            if rules.levels:
                group.add_command(play_bot_command(self, rules))
            group.add_command(rules_command(self, rules))
            if kind == KIND:
                group.add_command(
                    app_commands.Command(
                        name="learn",
                        description="Learn the game: a guided first game against the computer",
                        callback=self.learn,
                    )
                )
            self.groups.append(group)
        super().__init__()

    def everyday_commands(self) -> list[Subcommand]:
        """``/hand``, ``/games`` and ``/resign``: they find the caller's game of any kind, so
        they belong to no game's group."""
        return [
            app_commands.Command(
                name="hand", description="See your hand in this channel's game", callback=self.hand
            ),
            app_commands.Command(
                name="games",
                description="Your games in progress in this server",
                callback=self.games,
            ),
            app_commands.Command(
                name="resign", description="Resign your game in this channel", callback=self.resign
            ),
        ]

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        attach(self.bot, self.top)
        for group in self.groups:
            self.bot.tree.add_command(group)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)
        detach(self.bot, self.top)
        for group in self.groups:
            self.bot.tree.remove_command(group.name)

    # --- starting games ----------------------------------------------------------------

    async def challenge(
        self,
        interaction: discord.Interaction,
        rules: GameRules,
        named: list[tuple[int, discord.Member]],
        target: int | None,
        per_move: int | None,
        *,
        seats: int | None = None,
        fill: str | None = None,
    ) -> None:
        """Challenge the members ``named`` for seats (the seat of each invitation); the bot's
        own account fills its seat with the computer (alone, with no seat left open, it is a
        game against the computer). Seats nobody is named for are open to anyone."""
        if interaction.guild is None or interaction.channel_id is None:
            await reply(interaction, private(interaction)(NOT_IN_DMS))
            return
        services = self.bot.services
        settings = await services.settings.check_channel(
            interaction.guild.id, channel_of(interaction), title=rules.title
        )
        await self.bot.permits.check_start(interaction)
        me = self.bot.user
        assert me is not None
        members = [member for _, member in named]
        if any(m.bot and m.id != me.id for m in members):
            raise ChallengeRefused("Bots can't play. Challenge a person instead.")
        if any(m.id == me.id for m in members) and not rules.levels:
            raise ChallengeRefused(
                "I can't play {game} myself. Challenge a person.", game=rules.title
            )
        places = table_seats(
            rules,
            [
                (
                    seat,
                    Invite(m.id, accepted=True, computer=default_level(rules))
                    if m.id == me.id
                    else Invite(m.id),
                )
                for seat, m in named
            ],
            seats,
        )
        everyone_computer = all(p is not None and p.computer is not None for p in places)
        if members and everyone_computer:  # nobody to wait for: a game against me
            level = fill or default_level(rules)
            await self._start_computer_game(interaction, rules, level, target)
            return
        row = await services.games.challenge(
            kind=rules.kind,
            guild_id=interaction.guild.id,
            channel_id=interaction.channel_id,
            challenger_id=interaction.user.id,
            seats=places,
            target=target,
            time_per_move=settings.default_time if per_move is None else float(per_move),
            fill=fill,
        )
        await self.bot.challenges.post(interaction, row)

    async def play_bot(
        self,
        interaction: discord.Interaction,
        rules: GameRules,
        level: str | None,
        target: int | None,
        *,
        hints: bool = False,
    ) -> None:
        if interaction.guild is None or interaction.channel_id is None:
            await reply(interaction, private(interaction)(NOT_IN_DMS))
            return
        await self.bot.services.settings.check_channel(
            interaction.guild.id, channel_of(interaction), title=rules.title
        )
        await self.bot.permits.check_start(interaction)
        await self._start_computer_game(
            interaction, rules, level or default_level(rules), target, hints=hints
        )

    async def learn(self, interaction: discord.Interaction) -> None:
        """A guided first game: the easy computer, a friendly deal, tips in the hand."""
        if interaction.guild is None or interaction.channel_id is None:
            await reply(interaction, private(interaction)(NOT_IN_DMS))
            return
        services = self.bot.services
        rules = rules_for(KIND)
        await services.settings.check_channel(
            interaction.guild.id, channel_of(interaction), title=rules.title
        )
        await self.bot.permits.check_start(interaction)
        assert self.bot.user is not None
        game = await services.learn.start(
            kind=KIND,
            guild_id=interaction.guild.id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            computer_id=self.bot.user.id,
        )
        tr = await self.bot.publisher.words(interaction.guild.id)
        sending = interaction.response.send_message(
            tr(
                "{player} is learning {game} with me. Tips come in your private hand: press "
                "**Show my hand** on the table.",
                player=mention(interaction.user.id),
                game=tr(rules.title),
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        # Answered here or not (another process may have), the game begins.
        answered = await answer(interaction, sending)
        message = await interaction.original_response() if answered else None
        place_id = await self.bot.challenges.open_thread(interaction, game, message)
        await self.bot.publisher.begin(game, place_id, interaction)

    async def _start_computer_game(
        self,
        interaction: discord.Interaction,
        rules: GameRules,
        level: str,
        target: int | None,
        *,
        hints: bool = False,
    ) -> None:
        assert interaction.guild is not None and interaction.channel_id is not None
        assert self.bot.user is not None
        game = await self.bot.services.games.start_computer_game(
            kind=rules.kind,
            guild_id=interaction.guild.id,
            channel_id=interaction.channel_id,
            player_id=interaction.user.id,
            computer_id=self.bot.user.id,
            level=level,
            target=target,
        )
        if hints:
            await self.bot.services.reviews.hints_on(game.id, interaction.user.id)
        tr = await self.bot.publisher.words(interaction.guild.id)
        opening = COMPUTER_GAME if to_points(rules) else COMPUTER_GAME_ONE
        sending = interaction.response.send_message(
            tr(
                opening,
                player=mention(interaction.user.id),
                game=tr(rules.title),
                level=tr(level),
                target=game.target,
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        # Answered here or not (another process may have), the game begins.
        answered = await answer(interaction, sending)
        message = await interaction.original_response() if answered else None
        place_id = await self.bot.challenges.open_thread(interaction, game, message)
        await self.bot.publisher.begin(game, place_id, interaction)

    # --- playing -----------------------------------------------------------------------

    async def hand(self, interaction: discord.Interaction) -> None:
        game = await self._game_here(interaction, "show")
        if game is not None:
            await self.bot.hands.show(interaction, game)

    async def games(self, interaction: discord.Interaction) -> None:
        tr = private(interaction)
        if interaction.guild is None:
            await reply(interaction, private(interaction)(NOT_IN_DMS))
            return
        services = self.bot.services
        inbox = await services.clocks.inbox(interaction.guild.id, interaction.user.id)
        if not inbox:
            await reply(interaction, no_games(interaction, tr))
            return
        now = services.games.clock()
        lines = [
            inbox_line(g.game, interaction.user.id, g.your_turn, g.deadline_at, now, tr=tr)
            for g in inbox[:INBOX_LINES]
        ]
        if len(inbox) > INBOX_LINES:
            lines.append(tr("…and {count} more.", count=len(inbox) - INBOX_LINES))
        embed = discord.Embed(
            title=tr("Your games, most urgent first"), description="\n".join(lines), colour=COLOUR
        )
        await reply(interaction, embed=embed)

    async def resign(self, interaction: discord.Interaction) -> None:
        tr = private(interaction)
        game = await self._game_here(interaction, "resign")
        if game is None:
            return
        seat = game.seat_of(interaction.user.id)
        assert seat is not None
        against = self._opponents(game, interaction.user.id, tr)
        partners = game.partners_of(seat)
        if partners:
            question = tr(
                "Resign your game against {opponents}? It counts as a loss for you and {partner}.",
                opponents=against,
                partner=listing([seat_name(game, s, tr) for s in partners], tr),
            )
        else:
            question = tr(
                "Resign your game against {opponents}? It counts as a loss.", opponents=against
            )
        await reply(
            interaction,
            question,
            view=of_items(
                ResignButton(game.id, game.version, tr("Yes, resign")), CancelButton(game.id, tr)
            ),
        )

    @app_commands.describe(game="The game's number (its record and /history show it)")
    async def replay(self, interaction: discord.Interaction, game: int) -> None:
        if interaction.guild is None:
            await reply(interaction, private(interaction)(NOT_IN_DMS))
            return
        finished = await self.bot.services.games.finished_game(interaction.guild.id, game)
        tr = await self.bot.publisher.words(interaction.guild.id)
        embed, files, view = await replay_message(self.bot, finished, 0, tr)
        await interaction.response.send_message(embed=embed, files=files, view=view)

    async def _game_here(self, interaction: discord.Interaction, verb: str) -> Game | None:
        """The caller's game in this channel or thread; asks which when there are several."""
        tr = private(interaction)
        if interaction.guild is None:
            await reply(interaction, private(interaction)(NOT_IN_DMS))
            return None
        games = await self.bot.services.games.games_of(interaction.guild.id, interaction.user.id)
        here = [g for g in games if interaction.channel_id in (g.thread_id, g.channel_id)]
        if len(here) == 1:
            return here[0]
        if len(games) == 1 and not here:
            return games[0]
        if not games:
            await reply(interaction, no_games(interaction, tr))
            return None
        choices = here or games
        view = discord.ui.View(timeout=None)
        for game in choices[:20]:
            seat = game.seat_of(interaction.user.id)
            if verb == "resign":
                view.add_item(
                    ResignButton(game.id, game.version, tr("Resign game {id}", id=game.id))
                )
            else:
                number = tr(game.rules.round_name, n=game.rules.rounds(game.state) + 1)
                label = tr("Game {id} ({round})", id=game.id, round=number)
                view.add_item(HandButton(game.id, label, primary=seat in game.to_act))
        described = tr(", ").join(
            tr(
                "game {id} vs {opponents}",
                id=g.id,
                opponents=self._opponents(g, interaction.user.id, tr),
            )
            for g in choices[:20]
        )
        await reply(
            interaction,
            tr("You have several games ({games}). Which one?", games=described),
            view=detached(view),
        )
        return None

    @staticmethod
    def _opponents(game: Game, user_id: int, tr: Words) -> str:
        seat = game.seat_of(user_id)
        assert seat is not None
        return opponents(game, seat, tr)

    # --- listeners ---------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks on buttons that are no longer on their message (see
        :func:`cogs.ui.buttons.dispatch_orphan`)."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = custom_id_of(interaction)
        if custom_id is None or not custom_id.startswith("vidrasso:"):
            return
        message = interaction.message
        if message is not None and carries(message, custom_id):
            return  # discord.py dispatches it to the persistent button
        await dispatch_orphan(interaction, custom_id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a restart (in a shard process: its own servers'): every game in progress
        whose table was lost or shows an older move (the bot stopped after saving a move and
        before posting its table) gets its current table, and any computer turn that was
        interrupted is finished."""
        if self._resumed:
            return
        self._resumed = True
        games = self.bot.services.games
        for game in await games.active_games():
            try:
                if await self.bot.publisher.ensure_table(game):
                    log.info("game %s: its table was lost or behind; posted it anew", game.id)
            except Exception:
                log.exception("could not check the table of game %s", game.id)
        for game in await games.computer_games():
            try:
                await self.bot.publisher.computer_turns(game.id)
            except Exception:
                log.exception("could not resume the computer's turn in game %s", game.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))  # type: ignore[arg-type]


__all__: list[Any] = ["Play", "setup"]
