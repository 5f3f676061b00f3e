"""The Harness: a real discord.py bot, logged in to a fake Discord, driven by test users.

    h = await Harness.start(bot)
    r = await h.slash(h.users["alice"], "vidrasso challenge", opponent=h.users["bob"])
    await h.click(h.users["bob"], h.last_public(), "vidrasso:accept:...")
    assert "Accepted" in h.last_public().text()

World state (accounts, guild, messages) lives in ``h.world`` and survives ``restart``; everything
tied to one bot (its HTTP client, its gateway stand-in) is rebuilt when a new bot attaches.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import discord
from discord import AppCommandOptionType, app_commands
from discord.ext import commands

from . import payloads, tasks
from .http import FakeDiscord, NotModelled, Request
from .logs import ErrorLog
from .world import (
    HANDLING,
    Account,
    Channel,
    ChannelKind,
    InteractionRecord,
    InteractionResult,
    Role,
    SentMessage,
    World,
)

UserLike = Account | str | int | discord.abc.Snowflake
ChannelLike = Channel | int | discord.abc.Snowflake
MessageLike = SentMessage | int

SETTLE_TIMEOUT = 20.0
"""How long the bot may stay busy after a click before the harness calls it hung. A hang
detector, not a latency check (answers are timed on their own, against Discord's 3 s): computer
seats' moves chained after a click run on the test machine's cores, and a medium Vriddiot
arrangement costs up to a second of CPU, several times that on a loaded machine."""
_SNOWFLAKE_OPTIONS = (
    AppCommandOptionType.user,
    AppCommandOptionType.channel,
    AppCommandOptionType.role,
    AppCommandOptionType.mentionable,
)


class NotAcknowledged(AssertionError):
    """The bot never answered an interaction; the user would see "This interaction failed"."""


class CannotDoThat(ValueError):
    """The Discord client would not let this user do this (wrong option, disabled button...)."""


class FakeGateway:
    """Stands in for the bot's websocket: records presence changes and nothing else."""

    open = False
    latency = 0.0
    shard_id = None

    def __init__(self) -> None:
        self.presences: list[tuple[Any, str | None]] = []

    async def change_presence(
        self, *, activity: Any = None, status: str | None = None, since: float = 0.0
    ) -> None:
        self.presences.append((activity, status))

    def is_ratelimited(self) -> bool:
        return False

    async def request_chunks(self, *args: Any, **kwargs: Any) -> None:
        raise NotModelled("member chunking over the gateway")


class Harness:
    """A bot under test, the fake Discord it talks to, and the users who poke it."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.api = FakeDiscord(world)
        self.errors = ErrorLog()
        self.gateway = FakeGateway()
        self._bot: commands.Bot | None = None
        self._baseline: set[asyncio.Task[Any]] = set()

    # -- lifecycle ------------------------------------------------------------------------

    @classmethod
    async def start(cls, bot: commands.Bot, *, world: World | None = None) -> Harness:
        """Log ``bot`` in (running its ``setup_hook``), then feed READY and GUILD_CREATE."""
        harness = cls(world or World())
        harness.errors.install()
        harness._baseline = set(asyncio.all_tasks())
        try:
            await harness._attach(bot)
        except BaseException:
            await harness.close(check_errors=False)
            raise
        return harness

    @classmethod
    @asynccontextmanager
    async def running(
        cls, bot: commands.Bot, *, world: World | None = None
    ) -> AsyncIterator[Harness]:
        """``start`` then ``close``; closing fails the test on unexpected logged errors."""
        harness = await cls.start(bot, world=world)
        try:
            yield harness
        except BaseException as failure:
            await harness.close(check_errors=False)
            for record in harness.errors.unexpected():
                failure.add_note(f"logged [{record.name}]: {record.getMessage()}")
            raise
        await harness.close()

    async def restart(self, bot: commands.Bot) -> Harness:
        """Shut the current bot down and start ``bot`` in the same world (same messages)."""
        await self.settle()
        await self._detach()
        await self._attach(bot)
        return self

    async def close(self, *, check_errors: bool = True) -> None:
        """Stop the bot; then, unless told not to, fail on any unexpected logged error."""
        try:
            if self._bot is not None:
                await self.settle()
        finally:
            await self._detach()
            await self._cancel_leftovers()
            self.api.uninstall()
            self.errors.uninstall()
            tasks.untag_tasks()
        if check_errors:
            self.errors.check()

    async def _attach(self, bot: commands.Bot) -> None:
        self._bot = bot
        self.gateway = FakeGateway()
        self.api.install(bot.http)
        self.api.on_gateway_event = self.feed
        bot.ws = self.gateway  # type: ignore[assignment]
        # After READY, discord.py waits this long for more GUILD_CREATEs; all ours come at once.
        bot._connection.guild_ready_timeout = 0.005
        await bot.login("fake-token")
        self.feed("READY", payloads.ready(self.world))
        self.feed("GUILD_CREATE", payloads.guild(self.world))
        await asyncio.wait_for(bot.wait_until_ready(), SETTLE_TIMEOUT)
        await self.settle()

    async def _detach(self) -> None:
        bot, self._bot = self._bot, None
        if bot is None:
            return
        # A stopped process takes its tasks with it: handlers still waiting for a click,
        # view timeouts, background loops. Only the world remembers what the bot did.
        await self._cancel_leftovers()
        if not bot.is_closed():
            await bot.close()

    async def _cancel_leftovers(self) -> None:
        me = asyncio.current_task()
        leftovers = [t for t in asyncio.all_tasks() - self._baseline if t is not me]
        for t in leftovers:
            t.cancel()
        await asyncio.gather(*leftovers, return_exceptions=True)

    @property
    def bot(self) -> commands.Bot:
        if self._bot is None:
            raise RuntimeError("no bot is attached to this harness")
        return self._bot

    def feed(self, event: str, data: dict[str, Any]) -> None:
        """Hand a raw gateway event to the bot, as its websocket would."""
        self.bot._connection.parsers[event](data)

    async def settle(self, timeout: float = SETTLE_TIMEOUT) -> None:
        """Wait until everything the bot started has finished (or only waits for users)."""
        await tasks.settle(self._baseline, timeout)

    @contextmanager
    def expect_error(self, pattern: str) -> Iterator[None]:
        """Inside this block, a logged error matching ``pattern`` is expected (and required)."""
        with self.errors.expect(pattern):
            yield

    # -- who and where --------------------------------------------------------------------

    @property
    def users(self) -> Mapping[str, Account]:
        return self.world.users

    @property
    def bot_member(self) -> Account:
        return self.world.bot

    @property
    def other_bot(self) -> Account:
        return self.world.other_bot

    @property
    def owner(self) -> Account:
        return self.world.owner

    @property
    def channel(self) -> Channel:
        return self.world.channel

    @property
    def guild(self) -> discord.Guild:
        """The guild as the attached bot sees it."""
        guild = self.bot.get_guild(self.world.guild_id)
        if guild is None:
            raise RuntimeError("the bot does not know the guild")
        return guild

    @property
    def threads(self) -> list[Channel]:
        return self.world.threads

    def account(self, user: UserLike) -> Account:
        if isinstance(user, Account):
            return user
        if isinstance(user, str):
            return self.world.users[user]
        key = user if isinstance(user, int) else user.id
        try:
            return self.world.accounts[key]
        except KeyError:
            raise LookupError(f"no account with id {key}") from None

    def channel_of(self, channel: ChannelLike | None) -> Channel:
        if channel is None:
            return self.world.channel
        if isinstance(channel, Channel):
            return channel
        key = channel if isinstance(channel, int) else channel.id
        return self.world.channels[key]

    def add_member(self, name: str, *, manage_guild: bool = False) -> Account:
        """A new person joins the guild (as a Moderator, with Manage Server, if asked)."""
        account = self.world.add_member(name, manage_guild=manage_guild)
        if self._bot is not None and self.bot.intents.members:
            member = payloads.member(self.world, account)
            self.feed("GUILD_MEMBER_ADD", {**member, "guild_id": str(self.world.guild_id)})
        return account

    def set_locale(self, user: UserLike, locale: str) -> Account:
        """The member's Discord client speaks ``locale`` (e.g. ``ja``) from now on."""
        account = dataclasses.replace(self.account(user), locale=locale)
        self.world.accounts[account.id] = account
        self.world.users[account.name] = account
        return account

    def remove_member(self, user: UserLike) -> None:
        account = self.account(user)
        self.world.member_roles.pop(account.id, None)
        if self._bot is not None and self.bot.intents.members:
            data = {"guild_id": str(self.world.guild_id), "user": payloads.user(account)}
            self.feed("GUILD_MEMBER_REMOVE", data)

    def close_dms(self, user: UserLike) -> None:
        """This user refuses DMs: sending them one fails with 403 (50007)."""
        self.world.closed_dms.add(self.account(user).id)

    def set_bot_permissions(
        self, permissions: discord.Permissions, *, channel: ChannelLike | None = None
    ) -> None:
        """Leave the bot exactly these permissions in every channel (or in ``channel`` and its
        threads), through a channel overwrite, as an admin would; seen in ``app_permissions``
        and the bot's cache, and enforced by the API."""
        where = None if channel is None else self.channel_of(channel)
        self.world.set_bot_permissions(permissions.value, where)
        self._channels_updated()

    def deny_bot(self, *names: str, channel: ChannelLike | None = None) -> None:
        """Take permissions (``"attach_files"``, ``"view_channel"``...) from the bot in every
        channel, or in ``channel`` and its threads, with a deny in its member overwrite, as a
        server manager does in the channel's settings: Discord then refuses what needs them
        (403 Missing Permissions / Missing Access), and the bot's cache learns of it from
        the CHANNEL_UPDATE that follows."""
        where = None if channel is None else self.channel_of(channel)
        if where is not None and where.is_thread:
            raise CannotDoThat("threads have no overwrites of their own: deny in their channel")
        self.world.deny_bot(where, **dict.fromkeys(names, True))
        self._channels_updated()

    def restore_bot(self) -> None:
        """Take the bot's overwrites off every channel (its roles' permissions again)."""
        self.world.restore_bot()
        self._channels_updated()

    def _channels_updated(self) -> None:
        if self._bot is not None:
            for channel in self.world.channels.values():
                if channel.kind is ChannelKind.TEXT:
                    self.feed("CHANNEL_UPDATE", payloads.channel(self.world, channel))

    # -- HTTP configuration ---------------------------------------------------------------

    def fail_route(
        self,
        method: str,
        path: str,
        *,
        status: int = 403,
        code: int = 50013,
        message: str = "Missing Permissions",
        times: int | None = None,
    ) -> None:
        """Make the bot's calls to a route fail with a real ``discord.HTTPException``."""
        self.api.fail_route(method, path, status=status, code=code, message=message, times=times)

    def clear_failures(self) -> None:
        """Every route answers again (undoes :meth:`fail_route`)."""
        self.api.clear_failures()

    def stub_route(self, method: str, path: str, response: Any) -> None:
        self.api.stub_route(method, path, response)

    @property
    def requests(self) -> list[Request]:
        return self.api.requests

    # -- what users see -------------------------------------------------------------------

    @property
    def messages(self) -> list[SentMessage]:
        """Every message state in order: each message as created, and again after each edit."""
        return list(self.world.log)

    def channel_messages(self, channel: ChannelLike | None = None) -> list[SentMessage]:
        """The public messages now in a channel or thread (default: the main channel)."""
        where = self.channel_of(channel).id
        return [
            m for m in self.world.current_messages() if m.channel_id == where and m.audience is None
        ]

    def visible_to(self, user: UserLike) -> list[SentMessage]:
        """Everything this user can see: public messages where they can read, their own
        ephemeral replies, and their DMs."""
        account = self.account(user)
        return [m for m in self.world.current_messages() if self.world.can_see(account.id, m)]

    def ephemeral_to(self, user: UserLike) -> list[SentMessage]:
        account = self.account(user)
        return [m for m in self.world.current_messages() if m.audience == account.id]

    def dms(self, user: UserLike) -> list[SentMessage]:
        account = self.account(user)
        dm = self.world.dm_channel(account.id).id
        return [m for m in self.world.current_messages() if m.channel_id == dm]

    def last_public(self, channel: ChannelLike | None = None) -> SentMessage:
        found = self.channel_messages(channel)
        if not found:
            raise LookupError(f"no public message in #{self.channel_of(channel).name}")
        return found[-1]

    def last_ephemeral(self, user: UserLike) -> SentMessage:
        found = self.ephemeral_to(user)
        if not found:
            raise LookupError(f"{self.account(user)} has no ephemeral message")
        return found[-1]

    # -- users acting ---------------------------------------------------------------------

    async def slash(
        self,
        user: UserLike,
        command: str,
        options: Mapping[str, Any] | None = None,
        /,
        *,
        channel: ChannelLike | None = None,
        validate: bool = True,
        unanswered_ok: bool = False,
        **values: Any,
    ) -> InteractionResult:
        """``user`` runs ``/command`` ("vidrasso challenge") with options given by name.

        Options go in as keywords, or in ``options`` when a name clashes with this method's
        own. With ``validate`` (the default) the harness refuses what the Discord client would
        not send: unknown or missing options, values outside the choices or bounds, commands
        the user's permissions hide.
        """
        account = self._actor(user)
        where = self.channel_of(channel)
        self._check_can_see(account, where)
        data = self._command_data(account, command, {**(options or {}), **values}, validate)
        record = self.world.new_interaction(
            kind=2, user_id=account.id, channel_id=where.id, name=command, message_id=None
        )
        return await self._run(record, data, None, unanswered_ok)

    async def click(
        self,
        user: UserLike,
        message: MessageLike,
        custom_id: str,
        *,
        validate: bool = True,
        unanswered_ok: bool = False,
        concurrent: bool = False,
    ) -> InteractionResult:
        """``user`` clicks the button ``custom_id`` on ``message`` (in its current state).

        With ``validate=False`` the click goes through even if the button is gone or disabled,
        as when a user clicks on a stale copy of the message. With ``concurrent=True`` other
        clicks may be in flight at the same time (``asyncio.gather``): the click waits only for
        its own handling, and only the messages that handling touched are credited to it.
        """
        account = self._actor(user)
        current = self._current(message)
        component = self._component(account, current, custom_id, validate, kinds=(2,))
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if component is not None and "id" in component:
            data["id"] = component["id"]
        record = self.world.new_interaction(
            kind=3, user_id=account.id, channel_id=current.channel_id, name=custom_id,
            message_id=current.id,
        )  # fmt: skip
        return await self._run(record, data, current, unanswered_ok, concurrent=concurrent)

    async def select(
        self,
        user: UserLike,
        message: MessageLike,
        custom_id: str,
        values: Sequence[Any],
        *,
        validate: bool = True,
        unanswered_ok: bool = False,
        concurrent: bool = False,
    ) -> InteractionResult:
        """``user`` picks ``values`` in the select menu ``custom_id`` on ``message``.

        String selects take option values; user selects take accounts. ``concurrent`` as for
        :meth:`click`.
        """
        account = self._actor(user)
        current = self._current(message)
        component = self._component(account, current, custom_id, validate, kinds=(3, 5, 6, 7, 8))
        kind = int(component["type"]) if component is not None else 3
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == 5:
            resolved: dict[str, Any] = {}
            picked = [self.account(v) for v in values]
            for a in picked:
                payloads.resolved_user(self.world, a, resolved)
            data["values"] = [str(a.id) for a in picked]
            data["resolved"] = resolved
        else:
            data["values"] = [str(v) for v in values]
        if validate and component is not None:
            self._check_selection(component, data["values"])
        record = self.world.new_interaction(
            kind=3, user_id=account.id, channel_id=current.channel_id, name=custom_id,
            message_id=current.id,
        )  # fmt: skip
        return await self._run(record, data, current, unanswered_ok, concurrent=concurrent)

    async def _run(
        self,
        record: InteractionRecord,
        data: dict[str, Any],
        message: SentMessage | None,
        unanswered_ok: bool,
        *,
        concurrent: bool = False,
    ) -> InteractionResult:
        message_data = payloads.message(self.world, message) if message is not None else None
        payload = payloads.interaction(self.world, record, data=data, message_data=message_data)
        if concurrent:
            # The record lives in this click's context (and the tasks spawned for it), not in
            # the world: other clicks in flight keep theirs.
            tasks.tag_tasks()
            handling = HANDLING.set(record)
            try:
                record.started = time.perf_counter()
                self.feed("INTERACTION_CREATE", payload)
                await tasks.settle(self._baseline, SETTLE_TIMEOUT, owner=record)
            finally:
                HANDLING.reset(handling)
            return self._result(record, unanswered_ok)
        self.world.current = record
        try:
            record.started = time.perf_counter()
            self.feed("INTERACTION_CREATE", payload)
            await self.settle()
        finally:
            self.world.current = None
        return self._result(record, unanswered_ok)

    def _result(self, record: InteractionRecord, unanswered_ok: bool) -> InteractionResult:
        result = InteractionResult(self.world, record)
        if not result.acknowledged and not unanswered_ok:
            logged = "".join(f"\n  logged: {r.getMessage()}" for r in self.errors.unexpected())
            raise NotAcknowledged(
                f"the bot never answered {record.name!r} from {result.user}; Discord would show "
                f"'This interaction failed'{logged}"
            )
        return result

    # -- what the Discord client allows ---------------------------------------------------

    def _actor(self, user: UserLike) -> Account:
        account = self.account(user)
        if account.bot:
            raise CannotDoThat(f"{account} is a bot; bots cannot use commands or components")
        if not self.world.is_member(account.id):
            raise CannotDoThat(f"{account} is not a member of the guild")
        return account

    def _check_can_see(self, account: Account, channel: Channel) -> None:
        if channel.kind is ChannelKind.DM or not self.world.can_see_channel(account.id, channel):
            raise CannotDoThat(f"{account} cannot use commands in #{channel.name}")

    def _current(self, message: MessageLike) -> SentMessage:
        message_id = message if isinstance(message, int) else message.id
        current = self.world.messages.get(message_id)
        if current is None:
            raise LookupError(f"no message {message_id}")
        return current

    def _component(
        self,
        account: Account,
        message: SentMessage,
        custom_id: str,
        validate: bool,
        *,
        kinds: tuple[int, ...],
    ) -> Mapping[str, Any] | None:
        component = message.component(custom_id)
        if not validate:
            return component
        if not self.world.can_see(account.id, message):
            raise CannotDoThat(f"{account} cannot see message {message.id}")
        if component is None:
            present = [b.custom_id for b in message.buttons]
            present += [s.custom_id for s in message.selects]
            raise CannotDoThat(f"message {message.id} has no {custom_id!r}; it has {present}")
        if component["type"] not in kinds:
            raise CannotDoThat(f"{custom_id!r} is a component of type {component['type']}")
        if component.get("disabled"):
            raise CannotDoThat(f"{custom_id!r} is disabled")
        return component

    @staticmethod
    def _check_selection(component: Mapping[str, Any], values: Sequence[str]) -> None:
        low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
        if not low <= len(values) <= high:
            raise CannotDoThat(f"pick between {low} and {high} values, not {len(values)}")
        if component["type"] == 3:
            offered = {o["value"] for o in component.get("options", ())}
            unknown = [v for v in values if v not in offered]
            if unknown:
                raise CannotDoThat(f"{unknown} are not options of {component['custom_id']!r}")

    # -- slash command payloads -----------------------------------------------------------

    def _command_data(
        self, account: Account, command: str, values: dict[str, Any], validate: bool
    ) -> dict[str, Any]:
        names = command.removeprefix("/").split()
        tree = self.bot.tree
        guild_id = self.world.guild_id
        root = tree.get_command(names[0], guild=discord.Object(guild_id))
        scope: int | None = guild_id
        if root is None:
            root, scope = tree.get_command(names[0]), None
        if root is None:
            raise LookupError(f"the bot has no slash command /{names[0]}")
        chain: list[app_commands.Command[Any, ..., Any] | app_commands.Group] = [root]
        for name in names[1:]:
            node = chain[-1]
            child = node.get_command(name) if isinstance(node, app_commands.Group) else None
            if child is None:
                raise LookupError(f"/{' '.join(names)}: no subcommand {name!r}")
            chain.append(child)
        leaf = chain[-1]
        if not isinstance(leaf, app_commands.Command):
            subs = [c.name for c in leaf.commands]
            raise LookupError(f"/{command} is a group; name one of its subcommands: {subs}")
        if validate:
            needed = root.default_permissions
            have = discord.Permissions(self.world.permissions_of(account.id))
            if needed is not None and not needed.is_subset(have):
                raise CannotDoThat(f"/{root.name} is hidden from {account}: needs {needed}")

        resolved: dict[str, Any] = {}
        options = self._options(leaf, values, resolved, validate)
        for node in reversed(chain[1:]):
            kind = 1 if isinstance(node, app_commands.Command) else 2
            options = [{"type": kind, "name": node.name, "options": options}]
        data: dict[str, Any] = {
            "id": str(self._command_id(root.name, scope)),
            "name": root.name,
            "type": 1,
            "options": options,
        }
        if resolved:
            data["resolved"] = resolved
        if scope is not None:
            data["guild_id"] = str(scope)
        return data

    def _command_id(self, name: str, scope: int | None) -> int:
        synced = self.world.commands.get((name, scope))
        if synced is None:  # never synced: give it a stable id anyway
            synced = self.world.commands.setdefault(
                (name, scope), {"id": str(self.world.ids.now()), "name": name, "unsynced": True}
            )
        return int(synced["id"])

    def _options(
        self,
        command: app_commands.Command[Any, ..., Any],
        values: dict[str, Any],
        resolved: dict[str, Any],
        validate: bool,
    ) -> list[dict[str, Any]]:
        params = {p.display_name: p for p in command.parameters}
        params |= {p.name: p for p in command.parameters if p.name not in params}
        options = []
        given = set()
        for key, value in values.items():
            param = params.get(key)
            if param is None:
                known = [p.display_name for p in command.parameters]
                raise CannotDoThat(f"/{command.qualified_name} has no option {key!r}: {known}")
            if value is None:
                continue
            given.add(param.display_name)
            option_value = self._option_value(param, value, resolved, validate)
            options.append(
                {"name": param.display_name, "type": param.type.value, "value": option_value}
            )
        if validate:
            missing = [p.display_name for p in command.parameters if p.required]
            missing = [name for name in missing if name not in given]
            if missing:
                raise CannotDoThat(f"/{command.qualified_name} needs {missing}")
        return options

    def _option_value(
        self, param: app_commands.Parameter, value: Any, resolved: dict[str, Any], validate: bool
    ) -> Any:
        kind = param.type
        if isinstance(value, app_commands.Choice):
            value = value.value
        if kind in _SNOWFLAKE_OPTIONS:
            return self._snowflake_option(kind, value, resolved)
        if kind is AppCommandOptionType.attachment:
            raise NotImplementedError("attachment options are not modelled yet")
        converted: Any
        if kind is AppCommandOptionType.integer:
            if isinstance(value, bool) or int(value) != value:
                raise CannotDoThat(f"{param.display_name} takes a whole number, not {value!r}")
            converted = int(value)
        elif kind is AppCommandOptionType.number:
            converted = float(value)
        elif kind is AppCommandOptionType.boolean:
            converted = bool(value)
        else:
            converted = str(value)
        if validate:
            self._check_option(param, converted)
        return converted

    @staticmethod
    def _check_option(param: app_commands.Parameter, value: Any) -> None:
        name = param.display_name
        if param.choices:
            allowed = [c.value for c in param.choices]
            if value not in allowed:
                raise CannotDoThat(f"{name} must be one of {allowed}, not {value!r}")
        size = len(value) if isinstance(value, str) else value
        if param.min_value is not None and size < param.min_value:
            raise CannotDoThat(f"{name} is below its minimum {param.min_value}: {value!r}")
        if param.max_value is not None and size > param.max_value:
            raise CannotDoThat(f"{name} is above its maximum {param.max_value}: {value!r}")

    def _snowflake_option(
        self, kind: AppCommandOptionType, value: Any, resolved: dict[str, Any]
    ) -> str:
        if isinstance(value, Role):
            payloads.resolved_role(value, resolved)
            return str(value.id)
        if kind is AppCommandOptionType.channel:
            channel = self.channel_of(value)
            payloads.resolved_channel(self.world, channel, resolved)
            return str(channel.id)
        account = self.account(value)
        payloads.resolved_user(self.world, account, resolved)
        return str(account.id)
