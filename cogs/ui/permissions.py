"""What the bot needs where a game is played, checked where it matters.

A game's table is an ordinary message in the game's place (its thread, or the channel), so a
server's permissions decide what the bot can show there. Three moments:

- **before a game starts** (a challenge, an accept, a game against the computer, the guided
  game, a rematch): :meth:`Permits.check_start` refuses, in one sentence naming the permission
  and who can grant it, where no table could be posted — a game never starts where its table
  cannot be posted;
- **whenever a public message of a game is sent** (:meth:`Permits.fit`): what the place no
  longer allows is left out and the rest is shown (no picture without *Attach Files*, the
  embed as plain text without *Embed Links*), and the game's players are told once, in words,
  what the server must fix (:meth:`Permits.tell`);
- **when the place takes no message at all** any more (:meth:`Permits.cannot_post`): the
  move stands, and each player is told once — the one who moved in their own answer, the
  others by direct message.

``/manage settings`` shows :func:`check_lines` for the channel it is run in, and the bot logs
the same at start for the channels a server listed. The invite link in README asks for exactly
:data:`INVITE_PERMISSIONS` (a test holds the two together).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import Channels, NotAllowed
from bot.play.model import Game
from cogs.ui.common import channel_mention, reply
from cogs.ui.i18n import N_, Words, private, text

if TYPE_CHECKING:
    from bot.app import CardBot

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Need:
    """A channel permission the bot uses: its flag in ``discord.Permissions``, its name as
    Discord's own settings show it, and what a game lacks without it."""

    flag: str
    name: str
    without: str


VIEW_CHANNEL = Need("view_channel", N_("View Channel"), N_("no game can start here"))
SEND_MESSAGES = Need(
    "send_messages", N_("Send Messages"), N_("games are played only in threads of their own")
)
SEND_IN_THREADS = Need(
    "send_messages_in_threads",
    N_("Send Messages in Threads"),
    N_("no thread for a game: it is played in the channel"),
)
CREATE_THREADS = Need(
    "create_public_threads",
    N_("Create Public Threads"),
    N_("no thread for a game: it is played in the channel"),
)
EMBED_LINKS = Need("embed_links", N_("Embed Links"), N_("tables in plain text"))
ATTACH_FILES = Need(
    "attach_files",
    N_("Attach Files"),
    N_("tables without their picture, finished games without their record file"),
)
READ_HISTORY = Need(
    "read_message_history",
    N_("Read Message History"),
    N_("after a restart, each table is posted anew"),
)
NEEDED = (
    VIEW_CHANNEL,
    SEND_MESSAGES,
    SEND_IN_THREADS,
    CREATE_THREADS,
    EMBED_LINKS,
    ATTACH_FILES,
    READ_HISTORY,
)
"""Every permission the bot uses in a channel, in the order Discord's settings list them."""

INVITE_PERMISSIONS = discord.Permissions(**{need.flag: True for need in NEEDED})
"""What the invite link asks for: exactly what the bot uses (README gives the integer)."""
INVITE_SCOPES = "bot+applications.commands"

CANNOT_START = N_(
    "I can't post a game's table here: a server manager can give me **{permission}** in {channel}."
)
NO_PICTURE = N_(
    "I can't attach files here, so tables come without their picture and a finished game "
    "without its record file: a server manager can give me **{permission}** in {channel}."
)
NO_EMBEDS = N_(
    "I can't show embeds here, so the tables are plain text: a server manager can give me "
    "**{permission}** in {channel}."
)
NO_TABLE = N_(
    "Game {game} goes on, but I can't post its table in {place}: a server manager can give "
    "me **{permission}** in {channel}. Meanwhile {hand} there shows your cards and moves."
)
CANNOT_START_HERE = N_("no game can start here")
FALLBACKS = {ATTACH_FILES: NO_PICTURE, EMBED_LINKS: NO_EMBEDS}
"""The permissions a table can do without, and the notice that says what is missing."""
TEXT_LIMIT = 2000
"""The most characters of a message's content."""
MISSING_ACCESS = 50001
"""Discord's JSON error code for a channel the bot cannot see."""


def no_table(tr: Words, need: Need, values: dict[str, Any]) -> str:
    """A game's table cannot be posted: the sentence for one of its players, with ``/hand``
    as their Discord shows it."""
    hand = "`/" + text(tr.language, "hand", "command") + "`"
    return tr(NO_TABLE, permission=tr(need.name), hand=hand, **values)


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with exactly the permissions it uses."""
    return (
        "https://discord.com/oauth2/authorize"
        f"?client_id={application_id}&scope={INVITE_SCOPES}&permissions={INVITE_PERMISSIONS.value}"
    )


def lacking(permissions: discord.Permissions, needs: Iterable[Need] = NEEDED) -> list[Need]:
    """The needs ``permissions`` do not grant, in :data:`NEEDED`'s order."""
    return [need for need in needs if not getattr(permissions, need.flag)]


def posting_need(permissions: discord.Permissions, *, thread: bool) -> Need | None:
    """The first permission missing to post any message in a channel (or a thread): None
    when the bot can post there."""
    sending = SEND_IN_THREADS if thread else SEND_MESSAGES
    found = lacking(permissions, (VIEW_CHANNEL, sending))
    return found[0] if found else None


def can_open_thread(permissions: discord.Permissions) -> bool:
    """Whether the bot may open a public thread here and post in it."""
    return not lacking(permissions, (VIEW_CHANNEL, CREATE_THREADS, SEND_IN_THREADS))


def start_need(permissions: discord.Permissions, *, thread: bool, threads_on: bool) -> Need | None:
    """What stops a game from starting here: None when its table can be posted, in a thread
    of its own (when the server wants them and the bot may open one) or right here."""
    if not thread and threads_on and can_open_thread(permissions):
        return None
    return posting_need(permissions, thread=thread)


def is_thread(channel: object) -> bool:
    return isinstance(channel, discord.Thread)


def settings_place(channel: object, channel_id: int) -> int:
    """Where a server manager changes the bot's permissions for a place: a thread's channel
    (threads take their channel's permissions), else the place itself."""
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return channel.parent_id
    return channel_id


def check_lines(
    permissions: discord.Permissions, tr: Words, *, thread: bool, threads_on: bool
) -> str:
    """The permission check of a place, for ``/manage settings``: each missing permission with
    what games lack without it, or that all is there."""
    missing = lacking(permissions)
    if VIEW_CHANNEL in missing:
        missing = [VIEW_CHANNEL]  # the bot can do nothing where it cannot see
    if not missing:
        return tr("✅ Everything I need: {permissions}.", permissions=names(NEEDED, tr))
    lines = []
    blocking = start_need(permissions, thread=thread, threads_on=threads_on)
    for need in missing:
        without = CANNOT_START_HERE if need == blocking else need.without
        lines.append(
            tr("❌ **{permission}**: {without}", permission=tr(need.name), without=tr(without))
        )
    return "\n".join(lines)


def add_check(
    embed: discord.Embed, interaction: discord.Interaction, threads_on: bool, tr: Words
) -> None:
    """The permission check of the channel (or thread) a command was run in, as a field of
    ``embed`` (``/manage settings``)."""
    if interaction.channel_id is None:
        return
    thread = is_thread(interaction.channel)
    embed.add_field(
        name=tr("My permissions in {channel}", channel=channel_mention(interaction.channel_id)),
        value=check_lines(interaction.app_permissions, tr, thread=thread, threads_on=threads_on),
        inline=False,
    )


def names(needs: Iterable[Need], tr: Words) -> str:
    return tr(", ").join(tr(need.name) for need in needs)


def as_text(content: str | None, embed: discord.Embed) -> str:
    """A message's embed written out as plain text after its content (for a place without
    *Embed Links*), within a message's length."""
    parts = [content or ""]
    if embed.title:
        parts.append(f"**{embed.title}**")
    if embed.description:
        parts.append(embed.description)
    for field in embed.fields:
        parts.append(f"**{field.name}**\n{field.value}")
    if embed.footer and embed.footer.text:
        parts.append(embed.footer.text)
    shown = "\n".join(part for part in parts if part)
    return shown if len(shown) <= TEXT_LIMIT else shown[: TEXT_LIMIT - 1] + "…"


async def survey(bot: CardBot) -> list[int]:
    """At start, for every server this process serves that limits games to some channels:
    each of those channels where the bot lacks a permission, logged as one warning line (the
    server's managers see the same in ``/manage settings``). Returns those channels' ids."""
    found = []
    for guild in bot.guilds:
        settings = await bot.services.settings.guild_settings(guild.id)
        me = guild.me
        if not settings.channel_ids or me is None:
            continue
        for channel_id in sorted(settings.channel_ids):
            channel = guild.get_channel(channel_id)
            if channel is None:
                log.warning(
                    "permissions: server %s limits games to channel %s, which is gone",
                    guild.id,
                    channel_id,
                )
                found.append(channel_id)
                continue
            permissions = channel.permissions_for(me)
            missing = lacking(permissions)
            if not missing:
                continue
            if VIEW_CHANNEL in missing:
                missing = [VIEW_CHANNEL]
            blocked = start_need(permissions, thread=False, threads_on=settings.open_threads)
            log.warning(
                "permissions: server %s, #%s (%s): missing %s%s",
                guild.id,
                channel.name,
                channel_id,
                ", ".join(need.name for need in missing),
                "; no game can start there" if blocked is not None else "",
            )
            found.append(channel_id)
    return found


class Permits:
    """The bot's permissions where games are played, and what players were told about them.

    Players are told once of each missing permission in each game (remembered by this
    process; a permission given back and taken again is told again)."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        self._told: set[tuple[int, str, int]] = set()
        """(game id, permission flag, member id — 0 for the public notice) already told."""

    # --- where the permissions come from -------------------------------------------------

    def of_place(self, place_id: int, parent_id: int | None = None) -> discord.Permissions | None:
        """The bot's permissions in a channel or thread as its cache knows them (a thread
        it does not hold takes its channel's, ``parent_id``); None when unknown."""
        channel = self.bot.get_channel(place_id)
        if channel is None and parent_id is not None and parent_id != place_id:
            channel = self.bot.get_channel(parent_id)
        guild = getattr(channel, "guild", None)
        if channel is None or guild is None or guild.me is None:
            return None
        return channel.permissions_for(guild.me)  # type: ignore[union-attr]

    def in_thread(self, place_id: int) -> bool:
        return is_thread(self.bot.get_channel(place_id))

    # --- before a game starts ------------------------------------------------------------

    async def check_start(self, interaction: discord.Interaction) -> None:
        """Refuse, before anything is made, a game whose table could not be posted where this
        interaction came from (:class:`NotAllowed`, answered as every refusal is)."""
        if interaction.guild_id is None or interaction.channel_id is None:
            return
        settings = await self.bot.services.settings.guild_settings(interaction.guild_id)
        channel = interaction.channel
        need = start_need(
            interaction.app_permissions, thread=is_thread(channel), threads_on=settings.open_threads
        )
        if need is not None:
            raise NotAllowed(
                CANNOT_START,
                permission=need.name,
                channel=Channels([settings_place(channel, interaction.channel_id)]),
            )

    # --- posting ---------------------------------------------------------------------------

    def can_attach(self, place_id: int) -> bool:
        """Whether a picture can be attached at a place (as far as the cache knows)."""
        permissions = self.of_place(place_id)
        return permissions is None or permissions.attach_files

    def fit(
        self,
        place_id: int,
        content: str | None,
        embed: discord.Embed | None,
        files: list[discord.File],
    ) -> tuple[str | None, discord.Embed | None, list[discord.File], list[Need]]:
        """A message made to fit what the place allows: without *Attach Files* no file (and an
        embed no longer shows the picture), without *Embed Links* the embed as text. Returns
        the message and what it had to do without."""
        permissions = self.of_place(place_id)
        if permissions is None:
            return content, embed, files, []
        lost: list[Need] = []
        if files and not permissions.attach_files:
            lost.append(ATTACH_FILES)
            files = []
            if embed is not None and (embed.image.url or "").startswith("attachment://"):
                embed = embed.copy()
                embed.set_image(url=None)
        if embed is not None and not permissions.embed_links:
            lost.append(EMBED_LINKS)
            content, embed = as_text(content, embed), None
        return content, embed, files, lost

    def posting_need(self, place_id: int, parent_id: int | None, error: Exception) -> Need:
        """The permission that a refused post lacked: as the cache knows it, else as
        Discord's answer says (no access: View Channel; else the sending one)."""
        thread = self.in_thread(place_id) or (parent_id is not None and parent_id != place_id)
        permissions = self.of_place(place_id, parent_id)
        if permissions is not None:
            need = posting_need(permissions, thread=thread)
            if need is not None:
                return need
        if getattr(error, "code", None) == MISSING_ACCESS:
            return VIEW_CHANNEL
        return SEND_IN_THREADS if thread else SEND_MESSAGES

    # --- telling the players -------------------------------------------------------------

    def _first(self, game: Game, need: Need, whom: int) -> bool:
        key = (game.id, need.flag, whom)
        if key in self._told:
            return False
        self._told.add(key)
        return True

    def _forget(self, game: Game, present: Iterable[Need]) -> None:
        """Permissions the place has again: told anew should they go again."""
        back = {need.flag for need in present}
        self._told = {k for k in self._told if k[0] != game.id or k[1] not in back}

    async def tell(self, game: Game, lost: list[Need]) -> None:
        """After a message of the game was posted: once per game and permission, the public
        line saying what the table does without and who can fix it (posted where the game is
        played, mentioning nobody)."""
        self._forget(game, [need for need in NEEDED if need not in lost])
        for need in lost:
            notice = FALLBACKS.get(need)
            if notice is None or not self._first(game, need, 0):
                continue
            tr = await self.bot.publisher.words(game.guild_id)
            text = tr(
                notice,
                permission=tr(need.name),
                channel=channel_mention(self.settings_place_of(game)),
            )
            try:
                await self.bot.publisher.send(game.place_id, text, mention=[])
            except discord.HTTPException as error:
                log.info("game %s: could not say what the server must fix: %s", game.id, error)

    def settings_place_of(self, game: Game) -> int:
        return settings_place(self.bot.get_channel(game.place_id), game.place_id)

    async def cannot_post(
        self,
        game: Game,
        need: Need,
        interaction: discord.Interaction | None = None,
    ) -> None:
        """No message can be posted in the game's place: every player is told once — the one
        whose interaction this is in their answer, the others by direct message."""
        log.warning(
            "game %s: cannot post in %s (missing %s); its players are told",
            game.id,
            game.place_id,
            need.flag,
        )
        values: dict[str, Any] = {
            "game": game.id,
            "place": channel_mention(game.place_id),
            "channel": channel_mention(self.settings_place_of(game)),
        }
        asker = interaction.user.id if interaction is not None else None
        for seat in game.seats:
            user_id = seat.user_id
            if seat.computer is not None or not self._first(game, need, user_id):
                continue
            if interaction is not None and user_id == asker:
                tr = private(interaction)
                try:
                    await reply(interaction, no_table(tr, need, values))
                except discord.HTTPException as error:
                    log.info("could not tell %s about game %s: %s", user_id, game.id, error)
                continue
            tr = await self.bot.publisher.words(game.guild_id)
            try:
                dm = await self.bot.create_dm(discord.Object(id=user_id))
                await dm.send(
                    no_table(tr, need, values), allowed_mentions=discord.AllowedMentions.none()
                )
            except discord.HTTPException as error:
                log.info("could not DM %s about game %s: %s", user_id, game.id, error)
