"""Only the latest table is shown: a burst of moves in one game, published together, ends
with the table of the last state, draws no table a newer one overtook, and never sends an older
state over a newer one."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.games import GAMES
from bot.play.service import Moved
from cogs.ui.i18n import Words
from cogs.ui.latest import Latest
from cogs.ui.table import Publisher
from tests.bot.driver import button_id, challenge_and_accept, game_row, running, service_of
from tests.harness import Harness


async def burst(h: Any, game_id: int, moves: int, rng: random.Random) -> list[Moved]:
    """``moves`` accepted actions in a row, as quick clicks would make them (not published)."""
    service = service_of(h)
    done = []
    for _ in range(moves):
        game = await game_row(h, game_id)
        seat = game.to_act[0]
        action = rng.choice(game.rules.legal_actions(game.state, seat))
        text = game.rules.action_text(action)
        done.append(await service.act(game_id, game.player_ids[seat], text, game.version))
    return done


async def three_seats(h: Harness) -> int:
    """A Vriddiot game of alice, bob and carol: several players' moves between two tables."""
    alice, bob, carol = (h.users[n] for n in ("alice", "bob", "carol"))
    await h.slash(alice, "vriddiot challenge", second=bob, third=carol)
    accept = button_id(h.last_public(), "vidrasso:challenge:").replace(":decline", ":accept")
    for who in (bob, carol):
        await h.click(who, h.last_public(), accept)
    (game,) = await service_of(h).games_of(h.guild.id, alice.id)
    assert game.kind == "vriddiot" and len(game.seats) == 3
    return game.id


@pytest.mark.parametrize(
    ("kind", "seed"),
    [("vidrasso", 3), ("vriddiot", 3), ("vriddiot", 11)],
)
async def test_a_burst_of_moves_ends_with_the_last_table_and_never_goes_back(
    tmp_path: Path, kind: str, seed: int
) -> None:
    if kind not in GAMES:  # the platform's tests pass in a checkout without that game
        pytest.skip(f"{kind} is not registered")
    async with running(tmp_path / "v.sqlite3", pictures=True) as h:
        if kind == "vidrasso":
            game_id = await challenge_and_accept(h, h.users["alice"], h.users["bob"])
        else:  # everyone's arrangement, then the first plays, from different seats
            game_id = await three_seats(h)
        publisher: Publisher = h.bot.publisher  # type: ignore[attr-defined]
        drawn: list[int] = []  # the versions whose table was built, in order
        sent: list[tuple[int, int]] = []  # (message id, version) of each table sent or edited
        build = publisher.table

        async def table(game: Any, tr: Words) -> Any:
            drawn.append(game.version)
            built = await build(game, tr)
            await asyncio.sleep(0.01)  # a slow picture: the rest of the burst arrives meanwhile
            return built

        send = publisher.send

        async def tracked_send(*args: Any, **kwargs: Any) -> Any:
            message = await send(*args, **kwargs)
            if drawn:
                sent.append((message.id, drawn[-1]))
            return message

        publisher.table = table  # type: ignore[method-assign]
        publisher.send = tracked_send  # type: ignore[method-assign]
        moved = await burst(h, game_id, 6, random.Random(seed))
        assert len({m.seat for m in moved}) > 1 or kind == "vidrasso"
        await asyncio.gather(*(publisher.publish(m) for m in moved))
        await h.settle()

        versions = [m.game.version for m in moved]
        assert drawn == [versions[0], versions[-1]], "the first, then straight to the last"
        game = await game_row(h, game_id)
        assert game.version == versions[-1]
        (shown,) = [
            m
            for m in h.world.current_messages()
            if m.audience is None
            and not m.deleted
            and any(b.custom_id == f"vidrasso:hand:{game_id}" for b in m.buttons)
        ]
        assert shown.id == game.table_message_id
        content, embed, _ = await build(game, Words("en"))
        assert shown.content == content
        assert shown.embeds[0]["description"] == embed.to_dict().get("description")
        assert [v for _, v in sent] == sorted(v for _, v in sent), "never back in time"


async def test_a_dropped_table_hands_its_new_message_and_mentions_to_the_next() -> None:
    latest = Latest()
    seen: list[Any] = []
    release = asyncio.Event()

    async def show(version: int, new_message: bool, mention: tuple[int, ...]) -> None:
        async with latest.turn(7, version, new_message=new_message, mention=mention) as turn:
            seen.append((version, turn.latest, turn.new_message, turn.mention))
            if version == 1:
                await release.wait()

    first = asyncio.create_task(show(1, False, ()))
    await asyncio.sleep(0)
    others = [
        asyncio.create_task(show(2, True, (1,))),
        asyncio.create_task(show(3, False, ())),
    ]
    await asyncio.sleep(0)
    release.set()
    await asyncio.gather(first, *others)
    assert seen == [(1, True, False, ()), (2, False, False, ()), (3, True, True, (1,))]
    assert not latest._newest and not latest._dropped and not latest._waiting
