"""High card in Discord through the offline harness: four members, challenged by naming three of
the optional seats, play it to the end and land on its own ladder by their places."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.games import register, unregister
from games.toy.game import GAME
from tests.bot.driver import button_id, latest_with, make_bot, service_of
from tests.harness import Harness
from tests.harness.world import World


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(GAME)
    yield
    unregister(GAME.kind)


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    world = World(people=("alice", "bob", "carol", "dave"))
    async with Harness.running(make_bot(tmp_path / "toy.sqlite3"), world=world) as harness:
        yield harness


async def test_four_members_play_it_in_discord(h: Harness) -> None:
    ann, ben, cat, dan = (h.users[n] for n in ("alice", "bob", "carol", "dave"))
    await h.slash(ann, "toy challenge", second=ben, third=cat, fourth=dan)
    challenge = h.last_public()
    accept = button_id(challenge, "vidrasso:challenge:").replace(":decline", ":accept")
    for member in (ben, cat, dan):
        await h.click(member, h.last_public(), accept)
    service = service_of(h)
    (game,) = await service.games_of(h.guild.id, ann.id)
    assert game.kind == "toy" and game.player_ids == (ann.id, ben.id, cat.id, dan.id)
    players = {p.id: p for p in (ann, ben, cat, dan)}
    while game.is_active:
        user = players[game.player_ids[game.to_act[0]]]
        table = latest_with(h, f"vidrasso:hand:{game.id}")
        shown = await h.click(user, table, f"vidrasso:hand:{game.id}")
        hand = shown.ephemeral_messages[-1]
        await h.click(user, hand, button_id(hand, "vidrasso:move:"))
        game = await service.game(game.id)
    assert game.result == "finished"
    said = [m.text() for m in h.channel_messages(None)]
    said += [m.text() for t in h.threads for m in h.channel_messages(t)]
    assert any("High card" in text and "1. " in text for text in said)
    board = await h.bot.services.ladder.leaderboard(  # type: ignore[attr-defined]
        h.guild.id, 1, ann.id, kind="toy"
    )
    assert board.players == 4


async def test_the_challenge_offers_one_option_per_seat_the_range_allows(h: Harness) -> None:
    ann, ben = h.users["alice"], h.users["bob"]
    await h.slash(ann, "toy challenge", second=ben)  # two players: the fewest
    service = service_of(h)
    challenge = h.last_public()
    await h.click(
        ben, challenge, button_id(challenge, "vidrasso:challenge:").replace(":decline", ":accept")
    )
    (game,) = await service.games_of(h.guild.id, ann.id)
    assert game.player_ids == (ann.id, ben.id)
