"""Open tables in Discord: a partnership table shows who partners whom before anyone accepts
and seats each joiner in the team they pick, its buttons working across a restart; a
two-player challenge naming nobody starts when someone joins (on SQLite and PostgreSQL); a
learning game no longer keeps a member from another game's ``play-bot``; a challenge naming
every seat of a partnership game shows the teams too."""

from __future__ import annotations

from pathlib import Path

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
