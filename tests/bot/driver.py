"""Drive Vidrasso games in the offline harness the way people do: through buttons only."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from bot.app import VidrassoBot, create_bot
from bot.engine import GameState
from bot.settings import Settings
from bot.storage.games import GameRow
from tests.harness import Account, Harness, SentMessage

PLAY_PREFIXES = ("vidrasso:trump:", "vidrasso:gift:", "vidrasso:play:")


def make_bot(db_path: Path) -> VidrassoBot:
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, database=str(db_path), sync_commands=True, ai_workers=0
    )
    return create_bot(settings)


@asynccontextmanager
async def running(db_path: Path) -> AsyncIterator[Harness]:
    async with Harness.running(make_bot(db_path)) as h:
        yield h


def service_of(h: Harness):  # type: ignore[no-untyped-def]
    bot = h.bot
    assert isinstance(bot, VidrassoBot)
    return bot.service


def button_id(message: SentMessage, prefix: str) -> str:
    for button in message.buttons:
        if button.custom_id and button.custom_id.startswith(prefix):
            return button.custom_id
    raise LookupError(f"no {prefix} button on message {message.id}: {message.buttons}")


def latest_with(h: Harness, prefix: str, channel_id: int | None = None) -> SentMessage:
    """The newest public message (in any channel or thread) carrying a button with this prefix."""
    for current in reversed(h.world.current_messages()):
        if current.audience is not None or current.deleted:
            continue
        if channel_id is not None and current.channel_id != channel_id:
            continue
        if any(b.custom_id and b.custom_id.startswith(prefix) for b in current.buttons):
            return current
    raise LookupError(f"no public message with a {prefix} button")


async def challenge_and_accept(h: Harness, a: Account, b: Account, target: int = 300) -> int:
    await h.slash(a, "vidrasso challenge", opponent=b, target=target)
    challenge = h.last_public()
    await h.click(
        b, challenge, button_id(challenge, "vidrasso:challenge:").replace(":decline", ":accept")
    )
    games = await service_of(h).games_of(h.guild.id, a.id)
    return games[0].id


async def game_row(h: Harness, game_id: int) -> GameRow:
    return await service_of(h).game(game_id)


Check = Callable[[list[SentMessage], GameRow], None]
"""Called with the messages one click produced and the game as it stands after that click."""


async def take_turn(
    h: Harness, game_id: int, rng: random.Random, check: Check | None = None
) -> tuple[GameState, GameState]:
    """The player to act opens their hand from the table and presses a random enabled button."""
    seen = len(h.messages)
    before = await game_row(h, game_id)
    state = before.state
    seat = state.to_act[0]
    user = h.account(before.player_ids[seat])
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    shown = await h.click(user, table, f"vidrasso:hand:{game_id}")
    hand = shown.ephemeral_messages[-1]
    if check is not None:
        check(h.messages[seen:], before)
        seen = len(h.messages)
    choices = [
        b.custom_id
        for b in hand.buttons
        if not b.disabled and b.custom_id and b.custom_id.startswith(PLAY_PREFIXES)
    ]
    assert choices, f"no enabled choice for the player to act: {hand.text()}"
    await h.click(user, hand, rng.choice(choices))
    after = await game_row(h, game_id)
    if check is not None:
        check(h.messages[seen:], after)
    assert after.version > before.version
    return state, after.state
