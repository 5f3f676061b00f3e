"""The ladder commands through the offline Discord harness: what each member sees."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from PIL import Image

from bot.app import CardBot
from bot.games import GAMES
from bot.storage import Storage
from games.vidrasso.rules import from_record
from tests.bot.driver import make_bot, running
from tests.harness import CannotDoThat, Harness, SentMessage
from tests.ladder.finish import finish_game


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    async with running(tmp_path / "ladder.sqlite3") as harness:
        yield harness


def db(h: Harness) -> Storage:
    bot = h.bot
    assert isinstance(bot, CardBot)
    return bot.services.storage


def lines(message: SentMessage) -> list[str]:
    return str(message.embeds[0].get("description", "")).splitlines()


def labels(message: SentMessage) -> list[tuple[str | None, bool]]:
    return [(b.label, b.disabled) for b in message.buttons]


async def ladder_of(h: Harness, players: int, *, first_id: int = 5000) -> None:
    """``players`` players (an even number) from games won by the first of each pair."""
    for i in range(players // 2):
        pair = (first_id + 2 * i, first_id + 2 * i + 1)
        await finish_game(db(h), h.world.guild_id, pair, winner=0, seed=i)


# --- leaderboard ---------------------------------------------------------------------------------


async def test_an_empty_server(h: Harness) -> None:
    alice = h.users["alice"]

    await h.slash(alice, "leaderboard")
    board = h.last_public()
    await h.slash(alice, "stats")
    stats = h.last_public()
    await h.slash(alice, "history")
    history = h.last_ephemeral(alice)

    assert board.embeds[0]["title"] == "Vidrasso ladder · Vidrasso Club"
    assert "Nobody is on this server's ladder yet" in lines(board)[0]
    assert board.buttons == []
    assert "Alice has no rated games in this server yet." in stats.text()
    assert stats.files == () and "image" not in stats.embeds[0]
    assert "Alice has no finished games in this server yet." in history.text()
    assert history.buttons == []


async def test_pages_turn_within_bounds(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await ladder_of(h, 24)
    await finish_game(db(h), h.world.guild_id, (bob.id, alice.id), winner=0, seed=99)

    await h.slash(alice, "leaderboard")
    board = h.last_public()

    assert len(lines(board)) == 10  # ten players; nobody is "you" where everyone reads it
    assert "← **you**" not in board.text()
    own = h.last_ephemeral(alice)  # Alice's own place, for her eyes only
    assert own.content.startswith("Your place: ` 14.` Alice — **")  # 13 winners above her
    assert board.embeds[0]["footer"]["text"].startswith("Page 1 of 3 · 26 players")
    assert labels(board) == [
        ("« First", True),
        ("‹ Previous", True),
        ("Next ›", False),
        ("Last »", False),
    ]
    with pytest.raises(CannotDoThat, match="disabled"):
        await h.click(alice, board, board.buttons[1].custom_id or "")

    await h.click(alice, board, board.buttons[2].custom_id or "")
    page2 = h.last_public()
    assert page2.id == board.id and page2.version == 1  # the same message, turned
    assert page2.embeds[0]["footer"]["text"].startswith("Page 2 of 3")
    assert "← **you**" not in page2.text()
    assert not any(b.disabled for b in page2.buttons)

    await h.click(alice, page2, page2.buttons[3].custom_id or "")
    page3 = h.last_public()
    assert page3.embeds[0]["footer"]["text"].startswith("Page 3 of 3")
    assert len(lines(page3)) == 6 and "⋯" not in lines(page3)  # Alice is last, tied 14th
    assert lines(page3)[-1].startswith("` 14.` Alice — **") and "you" not in lines(page3)[-1]
    assert labels(page3)[2:] == [("Next ›", True), ("Last »", True)]


async def test_a_page_beyond_the_last_shows_the_last(h: Harness) -> None:
    await ladder_of(h, 12)

    await h.slash(h.users["carol"], "leaderboard", page=7)

    board = h.last_public()
    assert lines(board)[0] == "*There are only 2 pages — here is the last.*"
    assert board.embeds[0]["footer"]["text"].startswith("Page 2 of 2")
    assert "You're not on the ladder yet" not in board.text()  # said to Carol alone
    assert "You're not on the ladder yet" in h.last_ephemeral(h.users["carol"]).text()
    with pytest.raises(CannotDoThat, match="minimum"):
        await h.slash(h.users["carol"], "leaderboard", page=0)


async def test_someone_elses_page_buttons_open_their_own_copy(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await ladder_of(h, 12)
    await h.slash(alice, "leaderboard")
    board = h.last_public()

    await h.click(bob, board, board.buttons[2].custom_id or "")

    assert h.last_public() == board  # Alice's message is untouched
    copy = h.last_ephemeral(bob)
    assert copy.embeds[0]["footer"]["text"].startswith("Page 2 of 2")
    assert all(str(bob.id) in (b.custom_id or "") for b in copy.buttons)
    await h.click(bob, copy, copy.buttons[0].custom_id or "")  # Bob turns his own copy back
    assert h.last_ephemeral(bob).embeds[0]["footer"]["text"].startswith("Page 1 of 2")


async def test_page_buttons_work_after_a_restart(h: Harness, tmp_path: Path) -> None:
    alice = h.users["alice"]
    await ladder_of(h, 12)
    await h.slash(alice, "leaderboard")
    board = h.last_public()

    await h.restart(make_bot(tmp_path / "ladder.sqlite3"))
    await h.click(alice, board, board.buttons[2].custom_id or "")

    assert h.last_public().embeds[0]["footer"]["text"].startswith("Page 2 of 2")


async def test_equal_ratings_share_a_rank_on_the_board(h: Harness) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    dave = h.add_member("dave")
    guild = h.world.guild_id
    for member in (alice, bob, carol, dave):  # each is seen once, so their names are known
        await h.slash(member, "vidrasso rules")
    await finish_game(db(h), guild, (alice.id, bob.id), winner=0, seed=1)
    await finish_game(db(h), guild, (carol.id, dave.id), winner=0, seed=2)

    await h.slash(alice, "leaderboard")

    rows = lines(h.last_public())
    assert [row.split(" — ")[0] for row in rows] == [
        "`  1.` Alice",
        "`  1.` Carol",
        "`  3.` Bob",
        "`  3.` Dave",
    ]
    assert rows[0].split(" — ")[1].split(" · ")[0] == rows[1].split(" — ")[1].split(" · ")[0]
    assert "**1578**? ± 238 · 1–0 (100%) · 1 game ·" in rows[0]


# --- names ----------------------------------------------------------------------------------------


async def test_names_are_the_ones_members_were_last_seen_with(h: Harness) -> None:
    alice = h.users["alice"]
    erin = h.add_member("erin")
    await finish_game(db(h), h.world.guild_id, (alice.id, erin.id), winner=1)

    await h.slash(alice, "leaderboard")
    assert lines(h.last_public())[0].startswith(f"`  1.` <@{erin.id}> — ")  # never seen yet

    await h.slash(erin, "vidrasso rules")  # any interaction with the bot
    await h.slash(alice, "leaderboard")
    assert lines(h.last_public())[0].startswith("`  1.` Erin — ")


async def test_a_member_who_left_keeps_their_results(h: Harness) -> None:
    alice, carol = h.users["alice"], h.users["carol"]
    await h.slash(carol, "vidrasso rules")
    await finish_game(db(h), h.world.guild_id, (carol.id, alice.id), winner=0, seed=5)
    h.remove_member(carol)

    await h.slash(alice, "leaderboard")
    board = h.last_public()
    await h.slash(alice, "stats", player=carol)
    stats = h.last_public()
    await h.slash(alice, "history", player=carol)
    history = h.last_ephemeral(alice)

    assert lines(board)[0].startswith("`  1.` Carol — ") and "1–0" in lines(board)[0]
    assert stats.embeds[0]["title"] == "Carol · Vidrasso stats"
    assert "No longer in this server" in stats.text()
    assert "Carol **1** – **0** Alice" in stats.text()
    assert [f.filename for f in stats.files] == ["rating.png"]
    assert history.embeds[0]["title"] == "Carol · recent games · Vidrasso"
    assert "vs Alice — **won · they resigned**" in history.text()


# --- stats ----------------------------------------------------------------------------------------


async def test_stats_show_rating_record_habits_and_a_chart(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    guild = h.world.guild_id
    for i, winner in enumerate([0, 0, 1, 0]):
        await finish_game(db(h), guild, (alice.id, bob.id), winner=winner, seed=10 + i)
    await finish_game(db(h), guild, (alice.id, 4242), winner=0, computer_level="easy", seed=20)

    await h.slash(bob, "stats", player=alice)

    stats = h.last_public()
    embed = stats.embeds[0]
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert embed["title"] == "Alice · Vidrasso stats"
    assert fields["Rating"].startswith("**") and "rank **#1** of 2" in fields["Rating"]
    assert "Provisional: 4 of 10 rated games played." in fields["Rating"]
    assert fields["Games"] == "3 won · 1 lost (75%)\nStreak: 1 win · best: 2 wins"
    assert "played" in fields["Rounds"] and "average" in fields["Rounds"]
    assert fields["Trumps"].startswith("Named the suit ")
    assert "favourite" in fields["Trumps"].lower()
    assert fields["Head to head"] == "Alice **3** – **1** Bob"
    assert fields["Against the computer (unrated)"] == "easy: 1–0"
    assert embed["image"]["url"] == "attachment://rating.png"
    (chart,) = stats.files
    image = Image.open(io.BytesIO(chart.data))
    assert (image.format, image.size) == ("PNG", (600, 240))


async def test_own_stats_have_no_head_to_head(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await finish_game(db(h), h.world.guild_id, (alice.id, bob.id), winner=1)

    await h.slash(bob, "stats")

    embed = h.last_public().embeds[0]
    assert embed["title"] == "Bob · Vidrasso stats"
    assert "Head to head" not in [f["name"] for f in embed["fields"]]


# --- history and records -------------------------------------------------------------------------


async def test_history_buttons_send_records_that_replay(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    guild = h.world.guild_id
    await h.slash(alice, "vidrasso rules")  # the bot sees Alice, and so learns her name
    older = await finish_game(db(h), guild, (alice.id, bob.id), winner=1, now=1_700_000_000)
    newer = await finish_game(
        db(h), guild, (bob.id, alice.id), winner=None, seed=8, now=1_700_086_400
    )

    await h.slash(bob, "history")
    history = h.last_ephemeral(bob)

    assert history.embeds[0]["title"] == "Bob · recent games · Vidrasso"
    assert lines(history)[0].startswith(f"`#{newer.id}` <t:1700086400:d> vs Alice — **")
    assert lines(history)[1] == (
        f"`#{older.id}` <t:1700000000:d> vs Alice — **won · they resigned** "
        f"{older.state.totals[1]}–{older.state.totals[0]}"
    )
    assert [b.label for b in history.buttons] == [
        f"Replay #{newer.id}",
        f"Record #{newer.id}",
        f"Replay #{older.id}",
        f"Record #{older.id}",
    ]
    assert [b.custom_id for b in history.buttons] == [
        f"vidrasso:replay-open:{newer.id}",
        f"vidrasso:record:{newer.id}",
        f"vidrasso:replay-open:{older.id}",
        f"vidrasso:record:{older.id}",
    ]

    await h.click(bob, history, f"vidrasso:record:{newer.id}")

    sent = h.last_ephemeral(bob)
    (file,) = sent.files
    assert file.filename == f"vidrasso-game-{newer.id}.json"
    record = json.loads(file.data)
    assert record["format"] == "vidrasso-record/1" and record["game_id"] == newer.id
    assert record["players"] == [str(bob.id), str(alice.id)]
    replayed = from_record(record)
    assert replayed.totals == newer.state.totals and replayed.outcome == newer.state.outcome
    assert sent not in h.visible_to(alice)

    await h.click(bob, history, f"vidrasso:replay-open:{older.id}")
    replay = h.last_ephemeral(bob)
    assert replay.embeds[0]["title"].startswith(f"Replay of game {older.id} · Round 1 · the deal")
    assert replay not in h.visible_to(alice)


async def test_a_game_played_in_discord_reaches_the_ladder(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await h.slash(alice, "vidrasso challenge", opponent=bob)
    challenge = h.last_public()
    await h.click(bob, challenge, challenge.buttons[0].custom_id or "")
    thread = h.threads[0]
    await h.slash(bob, "resign", channel=thread.id)
    confirm = h.last_ephemeral(bob)

    await h.click(bob, confirm, confirm.buttons[0].custom_id or "")
    await h.slash(alice, "leaderboard")

    rows = lines(h.last_public())
    assert rows[0].startswith("`  1.` Alice — **") and "1–0 (100%)" in rows[0]
    assert "you" not in rows[0] and rows[1].startswith("`  2.` Bob — **")
    await h.slash(alice, "history")
    assert "vs Bob — **won · they resigned** 0–0" in h.last_ephemeral(alice).text()


async def test_the_ladder_commands_are_top_level_and_game_free(h: Harness) -> None:
    for command in ("leaderboard", "stats", "history"):
        assert isinstance(h.bot.tree.get_command(command), discord.app_commands.Command)
    route = "/applications/{application_id}/commands"
    (sync,) = [q for q in h.requests if q.method == "PUT" and q.route == route]
    synced = {c["name"]: c for c in sync.json}
    assert [o["name"] for o in synced["leaderboard"]["options"]] == ["page", "game", "period"]
    assert synced["leaderboard"]["options"][0]["min_value"] == 1
    assert [o["name"] for o in synced["stats"]["options"]] == ["player", "game"]
    assert synced["stats"]["options"][0]["description"] == "Whose stats (yourself when left out)"
    for command in ("leaderboard", "stats", "history"):  # every registered game, by name
        (game,) = [o for o in synced[command]["options"] if o["name"] == "game"]
        assert [c["value"] for c in game["choices"]] == list(GAMES)
        assert game["name_localizations"]["ja"] == "ゲーム"
