"""Open tables in Discord: a partnership table shows who partners whom before anyone accepts
and seats each joiner in the team they pick, its buttons working across a restart; a
two-player challenge naming nobody starts when someone joins (on SQLite and PostgreSQL); a
learning game no longer keeps a member from another game's ``play-bot``; a challenge naming
every seat of a partnership game shows the teams too. As seats are taken, the drawing process
is sent the players' names to learn, and a broken one fails no seat."""

from __future__ import annotations

from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from bot.drawing import table
from bot.games import GAMES
from tests.bot.driver import make_bot, running, service_of
from tests.harness import Harness
from tests.harness.world import World


async def test_a_partnership_table_seats_joiners_by_team_across_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "pidro.sqlite3"
    world = World(people=("ann", "ben", "cat", "dan"))
    async with Harness.running(make_bot(db), world=world) as h:
        ann, ben, cat, dan = (h.users[n] for n in ("ann", "ben", "cat", "dan"))
        await h.slash(ann, "pidro challenge", partner=ben)
        table = h.last_public()
        text = table.text()
        # who partners whom, before anyone accepts
        assert f"Team 1: <@{ann.id}>, <@{ben.id}> (not yet accepted)" in text
        assert "Team 2: *open*, *open*" in text
        ids = [b.custom_id for b in table.buttons]
        challenge_id = int(ids[0].split(":")[2])
        prefix = f"vidrasso:challenge:{challenge_id}"
        assert f"{prefix}:join-1" in ids and f"{prefix}:join-0" not in ids  # team 1 is full
        start = next(b for b in table.buttons if b.custom_id == f"{prefix}:start")
        assert start.disabled  # Ben has not accepted and two seats are open
        await h.click(cat, table, f"{prefix}:join-1")
        answer = await h.click(cat, table, f"{prefix}:join-0", validate=False)
        assert "already at this table" in answer.ephemeral_messages[-1].text()

        await h.restart(make_bot(db))  # a new process: the posted buttons still work
        await h.click(dan, table, f"{prefix}:join-1")
        assert "Team 2: <@" in h.world.messages[table.id].text()
        await h.click(ben, table, f"{prefix}:accept")  # the last answer: the game starts
        (game,) = await service_of(h).games_of(h.guild.id, ann.id)
        assert game.kind == "pidro" and game.player_ids == (ann.id, cat.id, ben.id, dan.id)
        assert game.partners_of(0) == (2,)
        assert "accepted! Game" in h.world.messages[table.id].text()


async def test_a_challenge_naming_nobody_starts_when_someone_joins(h: Harness) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    await h.slash(alice, "vidrasso challenge")
    table = h.last_public()
    assert "Seat 2: *open*" in table.text() and "Press **Join**" in table.text()
    join = next(b.custom_id for b in table.buttons if b.custom_id.endswith(":join"))
    await h.click(bob, table, join)
    (game,) = await service_of(h).games_of(h.guild.id, alice.id)
    assert game.player_ids == (alice.id, bob.id) and game.kind == "vidrasso"
    late = await h.click(carol, table, join, validate=False)  # too late: the table started
    assert "no longer open" in late.ephemeral_messages[-1].text()


async def test_a_learning_game_does_not_block_another_games_play_bot(tmp_path: Path) -> None:
    async with running(tmp_path / "learn.sqlite3") as h:
        alice = h.users["alice"]
        await h.slash(alice, "vidrasso learn")
        await h.slash(alice, "pidro play-bot", level="easy")
        kinds = sorted(g.kind for g in await service_of(h).games_of(h.guild.id, alice.id))
        assert kinds == ["pidro", "vidrasso"]
        refused = await h.slash(alice, "vidrasso play-bot", level="easy")
        assert "against me" in refused.ephemeral_messages[-1].text()


async def test_a_partnership_challenge_shows_who_partners_whom(tmp_path: Path) -> None:
    world = World(people=("ann", "ben", "cat", "dan"))
    async with Harness.running(make_bot(tmp_path / "teams.sqlite3"), world=world) as h:
        ann, ben, cat, dan = (h.users[n] for n in ("ann", "ben", "cat", "dan"))
        await h.slash(ann, "pidro challenge", partner=ben, opponent1=cat, opponent2=dan)
        text = h.last_public().text()
        assert f"Team 1: <@{ann.id}>, <@{ben.id}> (not yet accepted)\n" in text
        assert f"Team 2: <@{cat.id}> (not yet accepted), <@{dan.id}> (not yet accepted)" in text
        assert "Join" not in text  # every seat named: a challenge as it always was


class _Inline(Executor):
    """A drawing "process" that draws at once, in the calling thread, and notes each request
    (pictures and lessons alike)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.calls.append((fn.__qualname__, args))
        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        return done

    def lessons(self) -> list[tuple[str, ...]]:
        return [args[0] for name, args in self.calls if name == "_learn_names"]


class _Broken(Executor):
    """A drawing process that has died: every request refused."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise BrokenProcessPool("the drawing process died")


async def test_the_drawing_process_learns_the_names_as_the_seats_are_taken(
    tmp_path: Path,
) -> None:
    """An open Vriddiot table, filled by the computer at the start: the drawing process is
    sent the names of everyone seated (as a game started then would call them) when the table
    is posted and when someone joins, before the game; the first picture calls its players
    what was last sent."""
    if "vriddiot" not in GAMES:  # a table of more than two seats: Vriddiot's
        pytest.skip("vriddiot is not registered")
    pool = _Inline()
    async with running(tmp_path / "names.sqlite3", pictures=True) as h:
        alice, bob = h.users["alice"], h.users["bob"]
        table.draw_in(pool)
        try:
            await h.slash(alice, "vriddiot challenge", seats=4, fill="easy")
            posted = h.last_public()
            computers = [f"Computer {n} (easy)" for n in (1, 2, 3)]
            assert pool.lessons() == [("Alice", *computers)]
            join = next(b.custom_id for b in posted.buttons if b.custom_id.endswith(":join"))
            await h.click(bob, posted, join)
            assert pool.lessons()[-1] == ("Alice", "Bob", *computers[:2])
            assert not [name for name, _ in pool.calls if name == "_render"]  # no game yet
            start = next(b.custom_id for b in posted.buttons if b.custom_id.endswith(":start"))
            await h.click(alice, posted, start)
            lessons = len(pool.lessons())
            (game,) = await service_of(h).games_of(h.guild.id, alice.id)
            assert game.kind == "vriddiot" and len(game.seats) == 4
        finally:
            table.draw_in(None)
        drawn = [args for name, args in pool.calls if name == "_render"]
        assert drawn and drawn[0][1] == pool.lessons()[-1]  # the names the picture used
        assert lessons == 2  # the start itself sends none: its picture follows at once


async def test_a_broken_drawing_process_does_not_fail_a_seat(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    if "vriddiot" not in GAMES:  # a table of more than two seats: Vriddiot's
        pytest.skip("vriddiot is not registered")
    async with running(tmp_path / "broken.sqlite3", pictures=True) as h:
        alice, bob = h.users["alice"], h.users["bob"]
        table.draw_in(_Broken())
        try:
            await h.slash(alice, "vriddiot challenge", seats=3, fill="easy")
            posted = h.last_public()
            join = next(b.custom_id for b in posted.buttons if b.custom_id.endswith(":join"))
            await h.click(bob, posted, join)  # the names cannot be sent: logged
            assert f"<@{bob.id}>" in h.world.messages[posted.id].text()
            start = next(b.custom_id for b in posted.buttons if b.custom_id.endswith(":start"))
            await h.click(alice, posted, start)  # its picture drawn here instead
            assert table.workers() is None
        finally:
            table.draw_in(None)
        (game,) = await service_of(h).games_of(h.guild.id, alice.id)
        assert game.kind == "vriddiot" and game.player_ids[:2] == (alice.id, bob.id)
        assert any(m.files for m in h.world.current_messages() if m.audience is None)
    assert any("could not send _learn_names" in r.getMessage() for r in caplog.records)
