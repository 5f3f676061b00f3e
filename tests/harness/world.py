"""The fake Discord world: accounts, one guild, its channels and threads, and every message sent.

The world outlives any one bot, so a test can restart the bot and click a button on a message the
first bot sent. The HTTP layer (http.py) changes the world; payloads.py renders it as the JSON
discord.py reads; nothing here knows about a bot.
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import datetime
import itertools
import re
import time
import weakref
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, NamedTuple

import discord

EPHEMERAL = 1 << 6
"""Message flag: only the user who triggered the interaction sees the message."""
LOADING = 1 << 7
"""Message flag: the "Bot is thinking..." placeholder left by a deferred reply."""
COMPONENTS_V2 = 1 << 15

DISCORD_EPOCH_MS = 1_420_070_400_000
FOUNDED = datetime.datetime(2021, 3, 1, tzinfo=datetime.UTC)
"""When the fake accounts, guild and channels were created (their snowflakes say so)."""

_MENTION = re.compile(r"<@!?(\d+)>")

HANDLING: contextvars.ContextVar[InteractionRecord | None] = contextvars.ContextVar(
    "HANDLING", default=None
)
"""The interaction whose handling is running, for clicks made concurrently
(``Harness.click(..., concurrent=True)``): set in the click's own context, so the tasks
discord.py spawns for it (which copy that context) credit their messages to it, while the
other clicks in flight credit theirs to their own."""


class Snowflakes:
    """Makes unique, increasing snowflake ids whose timestamps mean something.

    Messages and interactions get ids from the real clock, because discord.py derives
    ``created_at`` and ``Interaction.is_expired()`` from them.
    """

    def __init__(self) -> None:
        self._last = 0

    def at(self, moment: datetime.datetime) -> int:
        ms = int(moment.timestamp() * 1000) - DISCORD_EPOCH_MS
        self._last = max(ms << 22, self._last + 1)
        return self._last

    def now(self) -> int:
        return self.at(datetime.datetime.now(datetime.UTC))


def snowflake_time(snowflake: int) -> datetime.datetime:
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.UTC)


@dataclass(frozen=True)
class Account:
    """A Discord user: a person or a bot."""

    id: int
    name: str
    """The username, also the key in ``Harness.users``."""
    bot: bool = False
    locale: str = "en-US"
    """The language of the member's Discord client (sent with each interaction)."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Role:
    """A guild role. The @everyone role has the guild's id."""

    id: int
    name: str
    permissions: int
    position: int


class ChannelKind(IntEnum):
    """Discord's channel type numbers, for the kinds the harness models."""

    TEXT = 0
    DM = 1
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12


@dataclass
class Channel:
    """A guild text channel, a thread, or a DM channel."""

    id: int
    name: str
    kind: ChannelKind
    parent_id: int | None = None
    """Threads: the text channel the thread hangs off."""
    owner_id: int | None = None
    """Threads: who started it."""
    starter_message_id: int | None = None
    """Threads started from a message: that message (Discord gives the thread the same id)."""
    recipient_id: int | None = None
    """DMs: the person at the other end."""
    member_ids: set[int] = field(default_factory=set)
    """Threads: who has joined or been added."""
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440

    @property
    def is_thread(self) -> bool:
        return self.kind in (ChannelKind.PUBLIC_THREAD, ChannelKind.PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass(frozen=True)
class File:
    """An attachment on a message, with its bytes."""

    id: int
    filename: str
    data: bytes
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


class Button(NamedTuple):
    """A button on a message, as a user sees it."""

    label: str | None
    custom_id: str | None
    disabled: bool
    style: int
    url: str | None = None
    emoji: str | None = None


class SelectMenu(NamedTuple):
    """A select menu on a message. ``options`` holds (label, value) pairs for string selects."""

    custom_id: str
    type: int
    options: tuple[tuple[str, str], ...]
    placeholder: str | None
    min_values: int
    max_values: int
    disabled: bool


def walk_components(components: Sequence[Mapping[str, Any]]) -> Iterator[Mapping[str, Any]]:
    """Every component, depth first: action rows, their children, containers, sections..."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", ()))
        accessory = component.get("accessory")
        if accessory is not None:
            yield from walk_components([accessory])


@dataclass(frozen=True)
class SentMessage:
    """One state of a message the bot sent: as created, or after an edit (``version`` > 0).

    Snapshots never change; ``Harness.messages`` lists every one, and the query methods
    (``channel_messages``, ``visible_to``...) return the latest state of each message.
    """

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: tuple[dict[str, Any], ...] = ()
    components: tuple[dict[str, Any], ...] = ()
    files: tuple[File, ...] = ()
    flags: int = 0
    audience: int | None = None
    """For ephemeral messages: the one account that can see it."""
    interaction_id: int | None = None
    """The interaction this message answers, if any."""
    message_type: int = 0
    """Discord's message type: 0 default, 19 reply, 20 slash command response."""
    allowed_mentions: dict[str, Any] | None = None
    reference_id: int | None = None
    """The message this one replies to."""
    version: int = 0
    deleted: bool = False
    edited_at: datetime.datetime | None = None

    def __repr__(self) -> str:
        shown = [f"id={self.id}", f"v{self.version}", repr(self.content[:60])]
        if self.embeds:
            shown.append(f"embeds={[e.get('title') for e in self.embeds]}")
        if self.components:
            controls = [b.label for b in self.buttons] + [s.custom_id for s in self.selects]
            shown.append(f"components={controls}")
        if self.files:
            shown.append(f"files={[f.filename for f in self.files]}")
        if self.audience is not None:
            shown.append(f"ephemeral_to={self.audience}")
        if self.deleted:
            shown.append("deleted")
        return f"<SentMessage {' '.join(shown)}>"

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred reply's "thinking..." placeholder."""
        return bool(self.flags & LOADING)

    @property
    def created_at(self) -> datetime.datetime:
        return snowflake_time(self.id)

    @property
    def buttons(self) -> list[Button]:
        return [
            Button(
                label=c.get("label"),
                custom_id=c.get("custom_id"),
                disabled=bool(c.get("disabled", False)),
                style=int(c.get("style", 1)),
                url=c.get("url"),
                emoji=(c.get("emoji") or {}).get("name"),
            )
            for c in walk_components(self.components)
            if c.get("type") == 2
        ]

    @property
    def selects(self) -> list[SelectMenu]:
        return [
            SelectMenu(
                custom_id=c["custom_id"],
                type=int(c["type"]),
                options=tuple((o["label"], o["value"]) for o in c.get("options", ())),
                placeholder=c.get("placeholder"),
                min_values=int(c.get("min_values", 1)),
                max_values=int(c.get("max_values", 1)),
                disabled=bool(c.get("disabled", False)),
            )
            for c in walk_components(self.components)
            if c.get("type") in (3, 5, 6, 7, 8)
        ]

    def component(self, custom_id: str) -> Mapping[str, Any] | None:
        """The button or select with this custom_id, if the message has it."""
        for c in walk_components(self.components):
            if c.get("custom_id") == custom_id:
                return c
        return None

    @property
    def mentioned_ids(self) -> tuple[int, ...]:
        """Every user written as ``<@id>`` in the content, pinged or not."""
        return tuple(dict.fromkeys(int(m) for m in _MENTION.findall(self.content)))

    @property
    def mentions(self) -> tuple[int, ...]:
        """The users this message pings: mentioned in the content and allowed to be pinged."""
        ids = self.mentioned_ids
        allowed = self.allowed_mentions
        if allowed is None or "users" in allowed.get("parse", ()):
            return ids
        users = {int(u) for u in allowed.get("users", ())}
        return tuple(i for i in ids if i in users)

    def text(self) -> str:
        """All the text a user can read on this message, one piece per line, for leak checks."""
        parts = [self.content]
        for embed in self.embeds:
            parts.append(embed.get("title", ""))
            parts.append(embed.get("description", ""))
            parts.append((embed.get("author") or {}).get("name", ""))
            for f in embed.get("fields", ()):
                parts += [f.get("name", ""), f.get("value", "")]
            parts.append((embed.get("footer") or {}).get("text", ""))
        for c in walk_components(self.components):
            parts += [c.get("label") or "", c.get("placeholder") or "", c.get("content") or ""]
            for option in c.get("options", ()):
                parts += [option.get("label", ""), option.get("description") or ""]
        parts += [f.filename for f in self.files]
        return "\n".join(p for p in parts if p)


class Callback(NamedTuple):
    """How the bot answered an interaction (the one allowed interaction callback)."""

    type: discord.InteractionResponseType
    ephemeral: bool
    message: SentMessage | None
    """The message the callback created or updated, in its current state."""
    elapsed: float
    """Seconds from the interaction's arrival to this callback (Discord allows 3)."""


@dataclass
class InteractionRecord:
    """Discord's side of one interaction: who sent it and everything the bot did about it."""

    id: int
    token: str
    kind: int
    """2 for a slash command, 3 for a component (button or select)."""
    user_id: int
    channel_id: int
    name: str
    """The command ("vidrasso challenge") or the component's custom_id."""
    message_id: int | None = None
    """Components: the message the component is on."""
    started: float = field(default_factory=time.perf_counter)
    callback_type: int | None = None
    callback_ephemeral: bool = False
    acked_after: float | None = None
    original_id: int | None = None
    """The message ``@original`` refers to, once there is one."""
    followup_ids: list[int] = field(default_factory=list)
    touched_ids: list[int] = field(default_factory=list)
    """Every message created or edited while this interaction was being handled."""
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    tasks: weakref.WeakSet[asyncio.Task[Any]] = field(
        default_factory=weakref.WeakSet, repr=False, compare=False
    )
    """The tasks created while this interaction was handled, when clicks are concurrent
    (``tasks.tag_tasks``): what its ``settle`` waits for."""


class InteractionResult:
    """What came of one ``slash``/``click``/``select``: the callback, follow-ups, messages."""

    def __init__(self, world: World, record: InteractionRecord) -> None:
        self.world = world
        self.record = record

    def __repr__(self) -> str:
        return f"<InteractionResult {self.record.name!r} response={self.response}>"

    @property
    def user(self) -> Account:
        return self.world.accounts[self.record.user_id]

    @property
    def acknowledged(self) -> bool:
        return self.record.callback_type is not None

    @property
    def response(self) -> Callback | None:
        r = self.record
        if r.callback_type is None or r.acked_after is None:
            return None
        message = self.world.messages.get(r.original_id) if r.original_id else None
        kind = discord.InteractionResponseType(r.callback_type)
        return Callback(kind, r.callback_ephemeral, message, r.acked_after)

    @property
    def deferred(self) -> bool:
        return self.record.callback_type in (5, 6)

    @property
    def elapsed_ack(self) -> float | None:
        return self.record.acked_after

    @property
    def followups(self) -> list[SentMessage]:
        return [self.world.messages[i] for i in self.record.followup_ids]

    @property
    def messages(self) -> list[SentMessage]:
        """Current state of every message created or edited while handling this interaction."""
        return [self.world.messages[i] for i in self.record.touched_ids]

    @property
    def public_messages(self) -> list[SentMessage]:
        return [m for m in self.messages if not m.ephemeral and not m.deleted]

    @property
    def ephemeral_messages(self) -> list[SentMessage]:
        return [m for m in self.messages if m.ephemeral and not m.deleted]

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened in answer, as sent."""
        return self.record.modal


def permissions(**flags: bool) -> int:
    return discord.Permissions(**flags).value


EVERYONE_PERMISSIONS = permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    read_message_history=True,
    add_reactions=True,
    embed_links=True,
    attach_files=True,
    use_application_commands=True,
    use_external_emojis=True,
)
ADMINISTRATOR = permissions(administrator=True)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | permissions(
    create_private_threads=True, manage_threads=True, manage_messages=True
)


class World:
    """One guild with a text channel, its members, and every message the bot has sent."""

    def __init__(self, *, people: Sequence[str] = ("alice", "bob", "carol")) -> None:
        self.ids = Snowflakes()
        self._founding = (FOUNDED + datetime.timedelta(minutes=i) for i in itertools.count())
        self.ack_deadline = 3.0
        """Seconds a bot has to answer an interaction before Discord calls it unknown."""

        self.accounts: dict[int, Account] = {}
        self.guild_locale = "en-US"
        """The server's own language (Discord's "preferred locale" of the guild)."""
        self.guild_id = self._static_id()
        self.guild_name = "Vidrasso Club"
        self.application_id = self._static_id()
        self.bot = self._new_account("Vidrasso", bot=True)
        self.owner = self._new_account("owner")
        self.roles: dict[int, Role] = {
            self.guild_id: Role(self.guild_id, "@everyone", EVERYONE_PERMISSIONS, 0)
        }
        self.moderator_role = self._add_role("Moderator", permissions(manage_guild=True), 1)
        self.bot_role = self._add_role("Vidrasso", BOT_PERMISSIONS, 2)
        self.member_roles: dict[int, list[int]] = {}
        """The guild's members: account id -> role ids (without @everyone)."""
        self.member_roles[self.owner.id] = []
        self.member_roles[self.bot.id] = [self.bot_role.id]
        self.bot_overwrite: tuple[int, int] = (0, 0)
        """(allow, deny) bits of the bot's member overwrite on every channel."""
        self.channel_overwrites: dict[int, tuple[int, int]] = {}
        """The bot's member overwrite on one text channel (and so its threads), by channel id:
        it replaces ``bot_overwrite`` there."""

        self.channels: dict[int, Channel] = {}
        self.channel = self._add_channel("vidrasso")
        self.messages: dict[int, SentMessage] = {}
        """Latest state of every message, by id."""
        self.log: list[SentMessage] = []
        """Every message state in order: each creation and each edit."""
        self.interactions: dict[str, InteractionRecord] = {}
        """Every interaction, by token (the webhook routes name it so)."""
        self.interactions_by_id: dict[int, InteractionRecord] = {}
        """The same records by interaction id (a message answering one names it so)."""
        self.current: InteractionRecord | None = None
        """The interaction being handled; messages touched now are credited to it."""
        self.closed_dms: set[int] = set()
        self.commands: dict[tuple[str, int | None], dict[str, Any]] = {}
        """Synced application commands: (name, guild id or None) -> command as Discord stores it."""

        self.users: dict[str, Account] = {}
        for name in people:
            self.add_member(name)
        self.other_bot = self.add_member("dealerbot", bot=True)

    # -- ids and setup -------------------------------------------------------------------

    def _static_id(self) -> int:
        return self.ids.at(next(self._founding))

    def _new_account(self, name: str, *, bot: bool = False) -> Account:
        account = Account(self._static_id(), name, bot)
        self.accounts[account.id] = account
        return account

    def _add_role(self, name: str, perms: int, position: int) -> Role:
        role = Role(self._static_id(), name, perms, position)
        self.roles[role.id] = role
        return role

    def _add_channel(self, name: str) -> Channel:
        channel = Channel(self._static_id(), name, ChannelKind.TEXT)
        self.channels[channel.id] = channel
        return channel

    def add_text_channel(self, name: str) -> Channel:
        return self._add_channel(name)

    # -- members and permissions ---------------------------------------------------------

    def add_member(self, name: str, *, manage_guild: bool = False, bot: bool = False) -> Account:
        """Create an account that is a member of the guild (a Moderator if ``manage_guild``)."""
        if name in self.users:
            raise ValueError(f"there is already a user called {name!r}")
        account = self._new_account(name, bot=bot)
        self.users[name] = account
        self.member_roles[account.id] = [self.moderator_role.id] if manage_guild else []
        return account

    def is_member(self, account_id: int) -> bool:
        return account_id in self.member_roles

    def permissions_of(self, account_id: int) -> int:
        """The account's permissions in the guild's channels (no channel overwrites here)."""
        if account_id == self.owner.id:
            return discord.Permissions.all().value
        value = self.roles[self.guild_id].permissions
        for role_id in self.member_roles.get(account_id, ()):
            value |= self.roles[role_id].permissions
        if value & discord.Permissions(administrator=True).value:
            return discord.Permissions.all().value
        return value

    def overwrite_of(self, channel: Channel | None) -> tuple[int, int]:
        """(allow, deny) bits of the bot's member overwrite that rule in ``channel``: its own
        overwrite if it has one, else the one every channel got; a thread has none of its
        own (Discord gives threads their parent's permissions)."""
        if channel is not None and channel.is_thread and channel.parent_id is not None:
            channel = self.channels.get(channel.parent_id)
        if channel is not None and channel.id in self.channel_overwrites:
            return self.channel_overwrites[channel.id]
        return self.bot_overwrite

    def bot_permissions(self, channel: Channel | None = None) -> int:
        """What the bot may do in ``channel`` (default: the main channel): its roles, then its
        member overwrite there. In a thread, as Discord (and discord.py) resolve it: the
        parent's, without Embed Links and Attach Files unless it may send in threads."""
        channel = self.channel if channel is None else channel
        if channel.kind is ChannelKind.DM:
            return EVERYONE_PERMISSIONS
        allow, deny = self.overwrite_of(channel)
        value = (self.permissions_of(self.bot.id) | allow) & ~deny
        if value & ADMINISTRATOR:
            return discord.Permissions.all().value
        if not value & permissions(view_channel=True):
            return 0
        if channel.is_thread and not value & permissions(send_messages_in_threads=True):
            value &= ~permissions(embed_links=True, attach_files=True)
        return value

    def bot_can(self, channel: Channel | None = None, **flags: bool) -> bool:
        needed = permissions(**flags)
        return self.bot_permissions(channel) & needed == needed

    def set_bot_permissions(self, value: int, channel: Channel | None = None) -> None:
        """Give the bot exactly these permissions in every channel (or in ``channel`` only, a
        text channel, and so its threads), the way a server admin would: with a member
        overwrite for the bot on the channel."""
        roles = self.permissions_of(self.bot.id)
        overwrite = (value & ~roles, roles & ~value)
        if channel is None:
            self.bot_overwrite = overwrite
            self.channel_overwrites.clear()
        else:
            self.channel_overwrites[channel.id] = overwrite

    def deny_bot(self, channel: Channel | None = None, **flags: bool) -> None:
        """Take these permissions from the bot in ``channel`` (default: every channel) with a
        deny in its member overwrite there, keeping whatever else the overwrite says."""
        bits = permissions(**flags)
        if channel is None:
            allow, deny = self.bot_overwrite
            self.bot_overwrite = (allow & ~bits, deny | bits)
            return
        allow, deny = self.overwrite_of(channel)
        self.channel_overwrites[channel.id] = (allow & ~bits, deny | bits)

    def restore_bot(self) -> None:
        """Take every overwrite off the bot: its roles' permissions everywhere again."""
        self.bot_overwrite = (0, 0)
        self.channel_overwrites.clear()

    # -- channels ------------------------------------------------------------------------

    def dm_channel(self, account_id: int) -> Channel:
        for channel in self.channels.values():
            if channel.kind is ChannelKind.DM and channel.recipient_id == account_id:
                return channel
        channel = Channel(self.ids.now(), "", ChannelKind.DM, recipient_id=account_id)
        self.channels[channel.id] = channel
        return channel

    @property
    def threads(self) -> list[Channel]:
        return [c for c in self.channels.values() if c.is_thread]

    def can_see_channel(self, account_id: int, channel: Channel) -> bool:
        if channel.kind is ChannelKind.DM:
            return channel.recipient_id == account_id or account_id == self.bot.id
        if not self.is_member(account_id):
            return False
        if channel.kind is ChannelKind.PRIVATE_THREAD:
            return (
                account_id in channel.member_ids
                or account_id == channel.owner_id
                or bool(self.permissions_of(account_id) & permissions(manage_threads=True))
            )
        return True

    # -- messages ------------------------------------------------------------------------

    def record(self, message: SentMessage) -> SentMessage:
        """Store a new message state and credit it to the interaction being handled."""
        self.messages[message.id] = message
        self.log.append(message)
        current = HANDLING.get() or self.current
        if current is not None and message.id not in current.touched_ids:
            current.touched_ids.append(message.id)
        return message

    def edit(self, message_id: int, **changes: Any) -> SentMessage:
        old = self.messages[message_id]
        now = datetime.datetime.now(datetime.UTC)
        return self.record(
            dataclasses.replace(old, version=old.version + 1, edited_at=now, **changes)
        )

    def delete(self, message_id: int) -> SentMessage:
        old = self.messages[message_id]
        return self.record(dataclasses.replace(old, version=old.version + 1, deleted=True))

    def live(self, message_id: int) -> SentMessage | None:
        message = self.messages.get(message_id)
        return None if message is None or message.deleted else message

    def can_see(self, account_id: int, message: SentMessage) -> bool:
        if message.deleted:
            return False
        if message.audience is not None:
            return message.audience == account_id
        channel = self.channels.get(message.channel_id)
        return channel is not None and self.can_see_channel(account_id, channel)

    def current_messages(self) -> list[SentMessage]:
        """Latest state of every message that still exists, oldest first."""
        return sorted((m for m in self.messages.values() if not m.deleted), key=lambda m: m.id)

    # -- interactions --------------------------------------------------------------------

    def new_interaction(
        self, *, kind: int, user_id: int, channel_id: int, name: str, message_id: int | None
    ) -> InteractionRecord:
        interaction_id = self.ids.now()
        token = f"token-{interaction_id}"
        record = InteractionRecord(
            id=interaction_id,
            token=token,
            kind=kind,
            user_id=user_id,
            channel_id=channel_id,
            name=name,
            message_id=message_id,
        )
        self.interactions[token] = record
        self.interactions_by_id[interaction_id] = record
        return record

    def forget(self, tokens: Iterable[str]) -> None:
        """Forget these interactions, and every message left that no interaction can reach
        and nobody can click any more: ephemeral messages and deleted ones.

        For long runs (the benchmark), where the records of every click and message would
        otherwise pile up; an interaction that a kept message answers is kept. Give only
        interactions whose handling is over and whose token the bot no longer uses.
        """
        dropped = {t: self.interactions[t] for t in tokens if t in self.interactions}
        kept = [r for t, r in self.interactions.items() if t not in dropped]
        reached: set[int | None] = set()
        for r in kept:
            reached.add(r.original_id)
            reached.add(r.message_id)
            reached.update(r.followup_ids)
            reached.update(r.touched_ids)
        answered: set[int | None] = set()
        for message_id, message in list(self.messages.items()):
            if message_id in reached or (message.audience is None and not message.deleted):
                answered.add(message.interaction_id)
            else:
                del self.messages[message_id]
        for token, record in dropped.items():
            if record.id not in answered:
                del self.interactions[token]
                del self.interactions_by_id[record.id]
