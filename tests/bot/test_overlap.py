"""Two processes on one shard (a rolling deploy): both receive every click, and Discord takes
only the first answer. The other's answer is refused (40060 "Interaction has already been
acknowledged", or 10062 "Unknown interaction"); it is dropped quietly — one debug line, no
error, no traceback — and what follows the answer (the table, the game's start) still
happens."""

from __future__ import annotations

import logging
import random

import pytest

from cogs.ui.i18n import ENGLISH_WORDS
from games.vidrasso.discord.presentation import turn_text
from games.vidrasso.rules import view
from tests.bot.driver import (
    button_id,
    challenge_and_accept,
    game_row,
    latest_with,
    make_move,
    service_of,
)
from tests.harness import Harness

CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
REFUSALS = {
    40060: (400, "Interaction has already been acknowledged."),
    10062: (404, "Unknown interaction"),
}


def answered_elsewhere(h: Harness, code: int) -> None:
    """Discord refuses the bot's next answer to an interaction, with ``code``."""
    status, message = REFUSALS[code]
    h.fail_route("POST", CALLBACK, status=status, code=code, message=message, times=1)


def dropped(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """What was logged about dropped answers; fails on any warning, error or traceback."""
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
    assert not loud, [r.getMessage() for r in loud]
    return [r for r in caplog.records if "answered elsewhere" in r.getMessage()]


@pytest.fixture(autouse=True)
def debug_lines(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="cogs")


@pytest.mark.parametrize("code", sorted(REFUSALS))
async def test_a_move_answered_elsewhere_is_still_played_and_shown(
    h: Harness, caplog: pytest.LogCaptureFixture, code: int
) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await challenge_and_accept(h, alice, bob)
    before = await game_row(h, game_id)
    user = h.account(before.player_ids[before.state.to_act[0]])
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    # The confirm of a trump (or a one-tap move) is the click another process answered.
    menus = [s for s in hand.selects if s.custom_id.startswith("vidrasso:choose:")]
    assert menus, "the game opens with a trump to choose"
    menu = menus[0]
    await h.select(user, hand, menu.custom_id, [menu.options[0][1]])
    confirm = button_id(h.world.messages[hand.id], "vidrasso:move:")
    caplog.clear()
    answered_elsewhere(h, code)
    result = await h.click(user, hand, confirm, unanswered_ok=True)
    assert not result.acknowledged  # this process's answer was refused
    (line,) = dropped(caplog)
    assert line.levelno == logging.DEBUG and str(code) in line.getMessage()
    after = await game_row(h, game_id)
    assert after.version == before.version + 1  # the move, once
    current = latest_with(h, f"vidrasso:hand:{game_id}")
    assert current.id == after.table_message_id and after.table_version == after.version
    assert current.content == turn_text(view(after.state, None), after.player_ids, ENGLISH_WORDS)
    # the same click again, its move already played: refused as stale, answered elsewhere
    caplog.clear()
    answered_elsewhere(h, code)
    await h.click(user, hand, confirm, validate=False, unanswered_ok=True)
    assert len(dropped(caplog)) == 1
    assert (await game_row(h, game_id)).version == after.version
    assert latest_with(h, f"vidrasso:hand:{game_id}").id == current.id
    # and the game plays on
    waiting = h.account(after.player_ids[after.state.to_act[0]])
    hand = (await h.click(waiting, current, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    await make_move(h, waiting, hand, random.Random(2))
    assert (await game_row(h, game_id)).version > after.version


async def test_an_accept_answered_elsewhere_still_starts_the_game(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await h.slash(alice, "vidrasso challenge", opponent=bob, target=300)
    challenge = h.last_public()
    accept = button_id(challenge, "vidrasso:challenge:").replace(":decline", ":accept")
    caplog.clear()
    answered_elsewhere(h, 40060)
    await h.click(bob, challenge, accept, unanswered_ok=True)
    assert len(dropped(caplog)) == 1
    (game,) = await service_of(h).games_of(h.guild.id, alice.id)
    table = latest_with(h, f"vidrasso:hand:{game.id}")
    assert table.id == game.table_message_id
    assert table.mentions == tuple(game.player_ids[s] for s in game.state.to_act)


async def test_a_challenge_answered_elsewhere_is_withdrawn(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """The other process answered first — with its refusal, the pair's challenge being this
    one — so nobody sees this challenge: it is withdrawn rather than left open unseen."""
    alice, bob = h.users["alice"], h.users["bob"]
    answered_elsewhere(h, 40060)
    await h.slash(alice, "vidrasso challenge", opponent=bob, target=300, unanswered_ok=True)
    assert len(dropped(caplog)) == 1
    r = await h.slash(alice, "vidrasso challenge", opponent=bob, target=300)
    assert "accept" in r.messages[-1].text().lower()  # a new challenge, not a refusal


async def test_a_command_answered_elsewhere_is_dropped_by_the_one_error_handler(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    alice = h.users["alice"]
    answered_elsewhere(h, 10062)
    await h.slash(alice, "vidrasso rules", unanswered_ok=True)
    (line,) = dropped(caplog)
    assert "10062" in line.getMessage()
    r = await h.slash(alice, "vidrasso rules")  # the next one is answered as ever
    assert r.messages
