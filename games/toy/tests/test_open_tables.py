"""High card at open tables of 2, 3, 4 and 5 seats, in Discord through the offline harness:
the challenger opens a table (naming a member where there is room), members press *Join* (one
joins and leaves again; a stranger's or a double click is answered politely), the challenger
presses *Start* and the computer fills the empty seat; the game is played to its end and lands
in storage and on the ladder by its finishing order."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.games import register, unregister
from games.toy.game import GAME
from tests.bot.driver import make_bot, service_of
from tests.conformance.test_discord import play_to_the_end
from tests.harness import Harness
from tests.harness.world import World

PEOPLE = ("ann", "ben", "cat", "dan", "eve")


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(GAME)
    yield
    unregister(GAME.kind)


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    world = World(people=PEOPLE)
    async with Harness.running(make_bot(tmp_path / "tables.sqlite3"), world=world) as harness:
        yield harness


def said(h: Harness, user: str, result: object) -> str:
    """The polite sentence a click was answered with, privately."""
    messages = result.ephemeral_messages  # type: ignore[attr-defined]
    assert messages, f"{user} got no answer"
    return str(messages[-1].text())


@pytest.mark.parametrize("count", [2, 3, 4, 5])
async def test_an_open_table_fills_up_and_plays_to_a_finishing_order(
    h: Harness, count: int
) -> None:
    ann, ben, cat, dan, eve = (h.users[n] for n in PEOPLE)
    named = {"second": ben} if count >= 4 else {}  # a member named where there is room
    await h.slash(ann, "toy challenge", seats=count, fill="easy", **named)
    table = h.last_public()
    challenge_id = int(table.buttons[0].custom_id.split(":")[2])
    prefix = f"vidrasso:challenge:{challenge_id}"
    text = table.text()
    assert f"for {count}" in text and text.count("*open*") == count - 1 - len(named)
    assert "played by the computer (easy)" in text
    # everyone but the challenger and one seat for the computer: named, or joining
    joiners = [p for p in (ben, cat, dan)[: count - 2] if p not in named.values()]
    if count > 2:  # a join and a leave: the seat is open again
        await h.click(eve, table, f"{prefix}:join")
        assert f"<@{eve.id}>" in h.world.messages[table.id].text()
        await h.click(eve, table, f"{prefix}:leave")
    for member in joiners:
        await h.click(member, table, f"{prefix}:join")
    if named:
        await h.click(ben, table, f"{prefix}:accept")
    shown = h.world.messages[table.id].text()
    assert shown.count("*open*") == 1 and all(f"<@{p.id}>" in shown for p in joiners)
    # wrong people and double clicks: a polite sentence, nothing changes
    wrong = [(eve, "start", "Only"), (eve, "cancel", "Only"), (eve, "leave", "not at this table")]
    wrong += [(member, "join", "already at this table") for member in joiners[:1]]
    for member, action, words in wrong:
        answer = await h.click(member, table, f"{prefix}:{action}", validate=False)
        assert words in said(h, member.name, answer)
    await h.click(ann, table, f"{prefix}:start")
    ended = h.world.messages[table.id]
    assert "Game" in ended.text() and not ended.buttons
    answer = await h.click(eve, table, f"{prefix}:join", validate=False)  # an old button
    assert "no longer open" in said(h, "eve", answer)

    service = service_of(h)
    (game,) = await service.games_of(h.guild.id, ann.id)
    members = (ann, *(p for p in (ben, cat, dan) if p in joiners or p in named.values()))
    assert game.kind == "toy" and len(game.seats) == count
    assert [s.computer for s in game.seats] == [None] * (count - 1) + ["easy"]
    assert set(game.player_ids[:-1]) == {m.id for m in members}
    finished = await play_to_the_end(h, GAME, game.id)
    assert finished.result == "finished"
    outcome = (await service.game(game.id)).outcome  # read back from storage
    assert outcome is not None and sorted(t for p in outcome.places for t in p) == list(
        range(count)
    )
    place = {finished.player_ids[s]: n for n, seats in enumerate(outcome.places, 1) for s in seats}
    ladder = h.bot.services.ladder  # type: ignore[attr-defined]
    for member in members:
        (entry,) = await ladder.history(h.guild.id, member.id, kind="toy")
        assert entry.game_id == game.id and entry.place == place[member.id]
