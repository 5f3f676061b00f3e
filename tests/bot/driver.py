"""Drive Vidrasso games in the offline harness the way people do: through buttons only."""

from __future__ import annotations

import os
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.app import CardBot, create_bot
from bot.config import Config
from bot.play.model import Game
from games.vidrasso.rules import GameState
from tests.harness import Account, Harness, SentMessage

DEAL_SEED = int(os.environ.get("VIDRASSO_TEST_SEED", "1"))
"""The harness bots' deals: the same on every run; set ``VIDRASSO_TEST_SEED`` to play the bot
tests over other deals (a sweep of seeds finds a test that holds only for some)."""


def make_bot(db_path: Path | str, *, pictures: bool = False, seed: int = DEAL_SEED) -> CardBot:
    """The real bot on a database file, computer players in a thread. Tables are text only
    unless ``pictures``: drawing them is tested on its own (tests/drawing) and by the tests
    that ask for it, and would slow every whole-game test down. The deals come from ``seed``,
    so a test plays the same games on every run (the computer's choices are seeded by the
    game already)."""
    config = Config(  # type: ignore[call-arg]
        _env_file=None,
        database=str(db_path),
        sync_commands=True,
        ai_workers=0,
        table_workers=0,
        table_pictures=pictures,
    )
    return create_bot(config, rng=random.Random(seed))


@asynccontextmanager
async def running(db_path: Path | str, *, pictures: bool = False) -> AsyncIterator[Harness]:
    async with Harness.running(make_bot(db_path, pictures=pictures)) as h:
        yield h


def service_of(h: Harness):  # type: ignore[no-untyped-def]
    bot = h.bot
    assert isinstance(bot, CardBot)
    return bot.services.games


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


async def game_row(h: Harness, game_id: int) -> Game:
    return await service_of(h).game(game_id)


Check = Callable[[list[SentMessage], Game], None]
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
    await make_move(h, user, hand, rng)
    after = await game_row(h, game_id)
    if check is not None:
        check(h.messages[seen:], after)
    assert after.version > before.version
    return state, after.state


MOVE, PICK, CHOOSE = "vidrasso:move:", "vidrasso:pick:", "vidrasso:choose:"


def enabled_moves(message: SentMessage) -> list[str]:
    """The custom ids of the enabled one-tap moves on a hand."""
    return [b.custom_id for b in message.buttons if not b.disabled and b.custom_id.startswith(MOVE)]


def can_move(message: SentMessage) -> bool:
    """Whether a hand offers its owner any move now (one tap, a pick or a menu)."""
    return bool(
        enabled_moves(message)
        or any(b.custom_id.startswith(PICK) for b in message.buttons)
        or any(s.custom_id.startswith(CHOOSE) for s in message.selects)
    )


async def make_move(h: Harness, user: Account, hand: SentMessage, rng: random.Random) -> Any:
    """Make a random move on a hand the way a person does: one tap for a card to play; a pick
    (a card, or an option of a menu) and then *Confirm* for a trump or a gift. Returns the
    result of the last click."""
    menus = [s for s in hand.selects if s.custom_id.startswith(CHOOSE)]
    picks = [b.custom_id for b in hand.buttons if b.custom_id.startswith(PICK)]
    if menus:
        menu = rng.choice(menus)  # as many options as it asks for (a set chosen at once)
        values = [value for _, value in menu.options]
        chosen = (
            [rng.choice(values)] if menu.min_values <= 1 else rng.sample(values, menu.min_values)
        )
        picked = await h.select(user, hand, menu.custom_id, chosen)
    elif picks:
        picked = await h.click(user, hand, rng.choice(picks))
    else:
        moves = enabled_moves(hand)
        assert moves, f"no move for the player to act: {hand.text()}"
        return await h.click(user, hand, rng.choice(moves))
    now = h.world.messages[hand.id]
    confirm = enabled_moves(now)  # after a pick, the one move left is its Confirm
    assert confirm, f"no Confirm after a pick: {picked.messages[-1].text()}"
    return await h.click(user, hand, confirm[0])
