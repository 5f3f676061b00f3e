"""What every cog shares: answering an interaction, turning errors into polite sentences,
mentions, and the few fixed texts. Cogs import this module, never each other."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.errors import ServiceError
from bot.play.model import Game, Seat
from cogs.ui.i18n import ENGLISH_WORDS, N_, Words, private

log = logging.getLogger(__name__)

NOT_IN_DMS = N_("Games are played in a server channel, not in DMs.")
SORRY = N_("Sorry — something went wrong on my side. Please try again.")
COLOUR = discord.Colour.from_rgb(46, 125, 84)
"""The felt green of the card table: every embed's default colour."""

DISCORD_EPOCH_MS = 1420070400000

ALREADY_ACKNOWLEDGED = 40060
"""Discord's JSON error code: "Interaction has already been acknowledged"."""
UNKNOWN_INTERACTION = 10062
"""Discord's JSON error code: "Unknown interaction" (answered elsewhere, or too late)."""
ANSWERED_ELSEWHERE = frozenset({ALREADY_ACKNOWLEDGED, UNKNOWN_INTERACTION})
"""Why Discord refuses an answer when two processes run the same shard (a rolling deploy):
both receive each click, and only the first answer counts."""


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def computer_name(game: Game, seat: int, tr: Words) -> str:
    """A computer seat by its level, numbered when the game has more than one computer seat
    (``Computer 2 (easy)``), so that a table of three computers tells them apart."""
    return computer_seat_name(game.seats, seat, tr)


def computer_seat_name(seats: Sequence[Seat], seat: int, tr: Words) -> str:
    """:func:`computer_name` for a table's ``seats`` (a game's, or a challenge's as its game
    would start)."""
    computers = [s for s, player in enumerate(seats) if player.computer is not None]
    level = seats[seat].computer
    assert level is not None, "only a computer seat has a computer's name"
    if len(computers) < 2:
        return tr("Computer ({level})", level=tr(level))
    return tr("Computer {n} ({level})", n=computers.index(seat) + 1, level=tr(level))


def seat_name(game: Game, seat: int, tr: Words) -> str:
    """A member as a mention; a computer seat as the computer and its level."""
    player = game.seats[seat]
    if player.computer is not None:
        return computer_name(game, seat, tr)
    return mention(player.user_id)


def channel_mention(channel_id: int) -> str:
    return f"<#{channel_id}>"


def sentence(text: str) -> str:
    """The text as a sentence: a capital first letter and a full stop (in any language)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "。", "！", "？")) else text + "."


def error_text(error: Exception, tr: Words = ENGLISH_WORDS) -> str:
    """The sentence to show a member for a refused request, in their words."""
    if isinstance(error, ServiceError):
        return sentence(error.text(mention, channel_mention, tr))
    return sentence(tr(str(error)))


def message_age(message_id: int, now: float) -> float:
    """Seconds since a message was created, from its snowflake id."""
    created = ((message_id >> 22) + DISCORD_EPOCH_MS) / 1000
    return now - created


def jump_url(guild_id: int, channel_id: int, message_id: int | None) -> str:
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{guild_id}/{channel_id}{tail}"


def custom_id_of(interaction: discord.Interaction) -> str | None:
    data: Any = interaction.data or {}
    custom_id = data.get("custom_id")
    return str(custom_id) if custom_id is not None else None


def is_ephemeral(interaction: discord.Interaction) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


def channel_of(interaction: discord.Interaction) -> int:
    """The channel an interaction comes from; for a thread, the channel it belongs to."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return channel.parent_id
    assert interaction.channel_id is not None
    return interaction.channel_id


def answered_elsewhere(error: BaseException) -> bool:
    """Whether an answer failed because the interaction can no longer be answered: another
    process answered it first (or its time to be answered ran out)."""
    original = getattr(error, "original", error)
    return isinstance(original, discord.HTTPException) and original.code in ANSWERED_ELSEWHERE


def dropped(interaction: discord.Interaction, error: BaseException) -> None:
    """The one line for an interaction answered elsewhere: nothing went wrong here."""
    original = getattr(error, "original", error)
    code = getattr(original, "code", None)
    log.debug("interaction %s answered elsewhere (Discord error %s): dropped", interaction.id, code)


async def answer(interaction: discord.Interaction, sending: Awaitable[Any]) -> bool:
    """Send an interaction's answer; False, quietly, when Discord refuses it because the
    interaction was answered elsewhere (:func:`answered_elsewhere`), so whatever follows the
    answer — publishing a move, starting a game — still happens."""
    try:
        await sending
    except discord.HTTPException as error:
        if not answered_elsewhere(error):
            raise
        dropped(interaction, error)
        return False
    return True


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    embeds: list[discord.Embed] | None = None,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
    ephemeral: bool = True,
) -> bool:
    """Answer an interaction whether or not it has been answered already; False when it was
    answered elsewhere (see :func:`answer`)."""
    kwargs: dict[str, Any] = {"content": content, "ephemeral": ephemeral}
    if embed is not None:
        kwargs["embed"] = embed
    if embeds is not None:
        kwargs["embeds"] = embeds
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    if interaction.response.is_done():
        return await answer(interaction, interaction.followup.send(**kwargs))
    return await answer(interaction, interaction.response.send_message(**kwargs))


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """The one way every command and button answers a failure: a refused request gets its
    sentence, anything else is logged and gets an apology; an interaction another process
    answered is dropped quietly. Never raises."""
    original = getattr(error, "original", error)
    if answered_elsewhere(original):
        dropped(interaction, original)
        return
    tr = private(interaction)
    try:
        if isinstance(original, ServiceError):
            await reply(interaction, error_text(original, tr))
        elif isinstance(error, discord.app_commands.NoPrivateMessage):
            await reply(interaction, tr(NOT_IN_DMS))
        elif isinstance(error, discord.app_commands.CheckFailure):
            await reply(interaction, tr("You can't use that command here."))
        else:
            log.error(
                "interaction failed (user %s, command %s, custom id %s)",
                interaction.user.id,
                getattr(interaction.command, "qualified_name", None),
                custom_id_of(interaction),
                exc_info=original,
            )
            await reply(interaction, tr(SORRY))
    except discord.HTTPException:
        log.exception("could not even answer the failed interaction")


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run a button's work; answer any failure as :func:`answer_error` does. Then the
    interaction is :func:`finished`."""
    try:
        await work()
    except Exception as error:
        await answer_error(interaction, error)
    finally:
        finished(interaction)


# --- letting interactions go ------------------------------------------------------------------
#
# A discord.py interaction is a cycle: its ``response`` (and its original message, once
# fetched or edited) point back at it. So every click's interaction, with the message, member,
# embeds and components parsed for it (some forty objects), waits for a cycle pass of the
# garbage collector; and the ones a live hand keeps for minutes (cogs.ui.hands) reach the
# oldest generation, whose full passes then free hundreds of them at once while every click in
# flight waits (docs/decisions.md, "Speed under load"). An interaction that its handler is done
# with and that no live hand holds has its cycle cut, so it goes as soon as the last
# reference does.

HELD = "vidrasso:held"
"""``Interaction.extras`` key: a live hand still edits through this interaction."""
FINISHED = "vidrasso:finished"
"""``Interaction.extras`` key: the handler of this interaction has returned."""
CYCLES = ("_cs_response", "_original_response")
"""discord.py's slots that point back at the interaction (a fresh ``response`` would be a new
object that knows nothing of the answer given, so only a finished interaction loses them)."""


def finished(interaction: discord.Interaction) -> None:
    """Its handler is done: let it go unless a live hand holds it."""
    interaction.extras[FINISHED] = True
    if not interaction.extras.get(HELD):
        _cut(interaction)


def hold(interaction: discord.Interaction) -> None:
    """A live hand keeps this interaction to edit its message later."""
    interaction.extras[HELD] = True


def release(interaction: discord.Interaction) -> None:
    """No live hand holds it any more: let it go if its handler is done (else :func:`finished`
    will)."""
    interaction.extras.pop(HELD, None)
    if interaction.extras.get(FINISHED):
        _cut(interaction)


def _cut(interaction: discord.Interaction) -> None:
    for slot in CYCLES:
        with contextlib.suppress(AttributeError):
            delattr(interaction, slot)


def detached(view: discord.ui.View) -> discord.ui.View:
    """A view discord.py will not keep listening to.

    Every button here is a persistent ``DynamicItem`` routed by its custom id, so listening
    views are useless; worse, discord.py gives each view sent in an ephemeral reply a
    15-minute timer that keeps the view alive (one per "Show my hand").
    """
    view.stop()
    return view


def of_items(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return detached(view)
