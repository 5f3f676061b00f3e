"""A second game on the platform: High card (three seats) plays through the service, storage,
ladder and the offline Discord harness, with nothing registered but its one registry line."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot import games
from bot.play.model import Invite
from bot.play.service import GameService
from bot.services import load_state
from bot.storage.sqlite import SqliteStorage
from tests.bot.driver import button_id, latest_with, running, service_of
from tests.harness import Harness
from tests.toy.rules import HIGH_CARD

GUILD, CHANNEL = 1, 10
ANN, BEN, CAT = 11, 22, 33


@pytest.fixture(autouse=True)
def high_card() -> Iterator[None]:
    games.register(HIGH_CARD)  # the registry line
    yield
    games.unregister(HIGH_CARD.kind)


async def test_three_seats_through_service_storage_and_ladder(tmp_path: Path) -> None:
    from bot.ladder.service import LadderService, record_result

    storage = await SqliteStorage.open(tmp_path / "toy.sqlite3", load_state)
    try:
        service = GameService(storage, rng=random.Random(4))
        service.finish_hooks.append(record_result)
        challenge = await service.challenge(
            kind="highcard",
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ANN,
            seats=[Invite(BEN), Invite(CAT)],
            target=4,
        )
        first = await service.accept(challenge.id, BEN)
        assert first.game is None and first.challenge.waiting_for == (CAT,)
        started = await service.accept(challenge.id, CAT)
        assert started.game is not None and started.game.player_ids == (ANN, BEN, CAT)
        game = started.game
        while game.is_active:
            seat = game.to_act[0]
            move = HIGH_CARD.action_text(HIGH_CARD.legal_actions(game.state, seat)[0])
            game = (await service.act(game.id, game.player_ids[seat], move, game.version)).game
        assert game.result == "finished" and game.winner is not None
        ladder = LadderService(storage)
        page = await ladder.leaderboard(GUILD, 1, ANN, kind="highcard")
        assert page.players == 3
        assert page.rows[0].user_id == game.player_ids[game.winner]
        vidrasso = await ladder.leaderboard(GUILD, 1, ANN)
        assert vidrasso.players == 0  # a separate ladder per game
    finally:
        await storage.close()


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    async with running(tmp_path / "toy.sqlite3") as harness:
        yield harness


async def test_three_members_play_it_in_discord(h: Harness) -> None:
    ann, ben, cat = h.users["alice"], h.users["bob"], h.users["carol"]
    await h.slash(ann, "highcard challenge", second=ben, third=cat)
    challenge = h.last_public()
    accept = button_id(challenge, "vidrasso:challenge:").replace(":decline", ":accept")
    await h.click(ben, challenge, accept)
    assert "carol" in h.last_public().text() or str(cat.id) in h.last_public().text()
    await h.click(cat, h.last_public(), accept)
    service = service_of(h)
    (game,) = await service.games_of(h.guild.id, ann.id)
    assert game.kind == "highcard"
    players = {ann.id: ann, ben.id: ben, cat.id: cat}
    while game.is_active:
        user = players[game.player_ids[game.to_act[0]]]
        table = latest_with(h, f"vidrasso:hand:{game.id}")
        shown = await h.click(user, table, f"vidrasso:hand:{game.id}")
        hand = shown.ephemeral_messages[-1]
        await h.click(user, hand, button_id(hand, "vidrasso:move:"))
        game = await service.game(game.id)
    assert game.result == "finished"
    assert any("wins High card" in m.text() for m in h.channel_messages(None)) or any(
        "wins High card" in m.text() for t in h.threads for m in h.channel_messages(t)
    )
    # rated on High card's own ladder, never on Vidrasso's
    high_card = await h.bot.services.ladder.leaderboard(  # type: ignore[attr-defined]
        h.guild.id, 1, ann.id, kind="highcard"
    )
    assert high_card.players == 3
    r = await h.slash(ann, "leaderboard")
    assert "Nobody is on this server's ladder yet" in r.messages[-1].text()
