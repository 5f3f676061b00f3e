"""Games against the computer, through the real discord.py stack."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.play.computer import ComputerPlayer
from games.vidrasso.rules import Bid, new_game, view
from tests.bot.driver import (
    can_move,
    game_row,
    latest_with,
    make_bot,
    make_move,
    running,
    service_of,
)
from tests.harness import Harness

CHOICES = ("vidrasso:move:", "vidrasso:pick:", "vidrasso:choose:")


async def computer_game_id(h: Harness, player_id: int) -> int:
    games = await service_of(h).games_of(h.guild.id, player_id)
    (game,) = [g for g in games if g.has_computer]
    return game.id


async def play_human_turns(h: Harness, game_id: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(1000):
        game = await game_row(h, game_id)
        if game.state.is_over:
            return
        seat = game.state.to_act[0]
        assert seat == 0, "the computer never leaves the game waiting for it"
        user = h.account(game.player_ids[0])
        table = latest_with(h, f"vidrasso:hand:{game_id}")
        assert table.mentions in ((user.id,), ()), "only the human is ever mentioned"
        current = [m for m in h.ephemeral_to(user) if can_move(m)]
        if current and rng.random() < 0.5:
            # press in the private hand as it stands: it is up to date after the computer moved
            hand = current[-1]
            marks = {
                c.split(":")[3]
                for c in [b.custom_id for b in hand.buttons] + [s.custom_id for s in hand.selects]
                if c.startswith(CHOICES)
            }
            assert marks == {str(game.version)}, "the private hand is stale"
        else:
            hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
        await make_move(h, user, hand, rng)
    pytest.fail("the game did not end")


async def test_play_bot_full_game(h: Harness) -> None:
    alice = h.users["alice"]
    r = await h.slash(alice, "vidrasso play-bot", level="easy", target=300)
    assert r.response is not None and not r.response.ephemeral
    game_id = await computer_game_id(h, alice.id)
    game = await game_row(h, game_id)
    assert game.seats[1].computer == "easy" and game.player_ids[1] == h.bot_member.id
    await play_human_turns(h, game_id, seed=1)
    final = await game_row(h, game_id)
    assert final.state.is_over and final.status == "finished"
    assert "wins" in h.last_public(h.threads[0]).text()


async def test_challenging_the_bot_itself_starts_a_computer_game(h: Harness) -> None:
    bob = h.users["bob"]
    await h.slash(bob, "vidrasso challenge", opponent=h.bot_member)
    game_id = await computer_game_id(h, bob.id)
    game = await game_row(h, game_id)
    assert game.seats[1].computer == "medium"
    # the computer has already made any move it had to make first
    assert 1 not in game.state.to_act


async def test_play_bot_refuses_a_second_game_here(h: Harness) -> None:
    alice = h.users["alice"]
    await h.slash(alice, "vidrasso play-bot", level="easy")
    thread = h.threads[0]
    r = await h.slash(alice, "vidrasso play-bot", level="easy", channel=h.channel)
    assert "already have a game against me" in r.messages[-1].text()
    assert thread  # the first game is untouched


async def test_restart_while_the_computer_is_to_move(tmp_path: Path) -> None:
    db = tmp_path / "vidrasso.sqlite3"
    async with running(db) as h:
        alice = h.users["alice"]
        service = service_of(h)
        # a game where the computer must choose the first trump, created behind the bot's back
        seed = next(s for s in range(100) if 1 in new_game(random.Random(s)).to_act)
        service.rng = random.Random(seed)
        game = await service.start_computer_game(
            kind="vidrasso",
            guild_id=h.guild.id,
            channel_id=h.channel.id,
            player_id=alice.id,
            computer_id=h.bot_member.id,
            level="easy",
            target=300,
        )
        assert 1 in game.state.to_act
        await h.restart(make_bot(db))  # the new process resumes the computer's turn
        after = await game_row(h, game.id)
        assert after.version > game.version and 1 not in after.state.to_act
        assert latest_with(h, f"vidrasso:hand:{game.id}").mentions == (alice.id,)


async def test_decisions_run_in_a_separate_process() -> None:
    computer = ComputerPlayer(None, workers=1)  # type: ignore[arg-type]
    try:
        state = new_game(random.Random(3))
        seat = state.to_act[0]
        choice = await computer.decide("vidrasso", "easy", view(state, seat), seed=5)
        assert isinstance(choice, Bid) and choice.seat == seat
        again = await computer.decide("vidrasso", "easy", view(state, seat), seed=5)
        assert again == choice
    finally:
        computer.close()
