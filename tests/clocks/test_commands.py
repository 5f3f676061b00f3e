"""Clocks through the offline Discord harness, on a clock the test moves by hand: reminders,
time-outs, catching up, restarts, DMs, quiet hours, challenge expiry and the inbox."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from discord import app_commands

from bot.app import CardBot
from bot.clocks.model import DAY, MINUTE, Due
from cogs.clocks import Sweep
from tests.bot.driver import (
    challenge_and_accept,
    game_row,
    latest_with,
    make_bot,
    running,
    service_of,
    take_turn,
)
from tests.clocks.clock import FakeClock
from tests.clocks.conftest import scheduler, take_over
from tests.harness import Channel, Harness, SentMessage


def bot_of(h: Harness) -> CardBot:
    bot = h.bot
    assert isinstance(bot, CardBot)
    return bot


async def run(h: Harness) -> Sweep:
    """One scheduler run at the clock's time, and everything it caused."""
    sweep = await scheduler(h).run_due()
    await h.settle()
    return sweep


def reminders(h: Harness, where: Channel | None = None) -> list[SentMessage]:
    """Reminders in a channel or thread (default: everywhere, DMs included)."""
    found = h.channel_messages(where) if where is not None else h.world.current_messages()
    return [m for m in found if "eminder:" in m.content]


async def waiting_player(h: Harness, game_id: int) -> int:
    game = await game_row(h, game_id)
    (seat,) = game.to_act
    return game.player_ids[seat]


async def game_in_thread(h: Harness) -> tuple[int, Channel]:
    """Alice challenges Bob, who accepts: the game, and the thread it is played in."""
    game_id = await challenge_and_accept(h, h.users["alice"], h.users["bob"])
    return game_id, h.threads[-1]


async def half_time(h: Harness, clock: FakeClock) -> tuple[int, int, Sweep]:
    """Alice challenges Bob, who accepts; the scheduler runs at half the move's time. The game,
    the member it waits for, and what the run did."""
    began = clock.now
    game_id, _ = await game_in_thread(h)
    player = await waiting_player(h, game_id)
    clock.now = began + 0.5 * DAY
    return game_id, player, await run(h)


def deadline_field(h: Harness, game_id: int) -> str:
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    (deadline,) = [f for f in table.embeds[0]["fields"] if f["name"] == "Move by"]
    return str(deadline["value"])


async def test_two_reminders_per_move_in_the_games_thread(h: Harness, clock: FakeClock) -> None:
    began = clock.now
    game_id, thread = await game_in_thread(h)
    player = await waiting_player(h, game_id)
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    assert f"<t:{int(began + DAY)}:R>" in deadline_field(h, game_id)  # the table tells it

    clock.now = began + 0.49 * DAY
    await run(h)
    assert reminders(h) == []
    clock.now = began + 0.5 * DAY
    sweep = await run(h)
    (first,) = reminders(h, thread)
    assert sweep.reminded == [(game_id, player, "channel")]
    assert first.mentions == (player,)
    assert f"/{thread.id}/{table.id}" in first.content  # a link to the table
    assert "12 h left" in first.content and f"Vidrasso game {game_id} against" in first.content
    clock.now = began + 0.7 * DAY
    await run(h)
    assert len(reminders(h)) == 1
    clock.now = began + 0.9 * DAY
    await run(h)
    second = reminders(h, thread)[-1]
    assert len(reminders(h)) == 2 and "Last reminder" in second.content
    clock.now = began + 0.999 * DAY
    await run(h)
    assert len(reminders(h)) == 2  # never more than two a move

    # a move restarts the clock: the next player has a full day and two reminders of their own
    await take_turn(h, game_id, random.Random(1))
    moved_at = clock.now
    following = await waiting_player(h, game_id)
    assert f"<t:{int(moved_at + DAY)}:R>" in deadline_field(h, game_id)
    clock.now = moved_at + 0.49 * DAY
    await run(h)
    assert len(reminders(h)) == 2
    clock.now = moved_at + 0.5 * DAY
    await run(h)
    assert len(reminders(h)) == 3 and reminders(h)[-1].mentions == (following,)
    assert (await game_row(h, game_id)).status == "active"  # the first deadline moved on


async def test_a_passed_deadline_ends_the_game_as_a_rated_loss(
    h: Harness, clock: FakeClock
) -> None:
    game_id, thread = await game_in_thread(h)
    loser = await waiting_player(h, game_id)
    (winner,) = {h.users["alice"].id, h.users["bob"].id} - {loser}
    clock.advance(DAY + MINUTE)
    sweep = await run(h)
    assert sweep.timed_out == [game_id] and sweep.reminded == []  # no late reminders first
    game = await game_row(h, game_id)
    assert (game.status, game.result) == ("finished", "timeout")
    assert game.winner is not None and game.player_ids[game.winner] == winner
    end = h.last_public(thread)
    assert f"<@{loser}> ran out of time" in end.text() and f"<@{winner}> wins" in end.text()
    (record,) = end.files
    assert json.loads(record.data)["result"] == "timeout"
    hand = f"vidrasso:hand:{game_id}"
    assert not [
        m for m in h.channel_messages(thread) if any(b.custom_id == hand for b in m.buttons)
    ]
    lost = (await bot_of(h).services.ladder.stats(h.world.guild_id, loser, loser)).standing
    assert lost is not None and (lost.totals.wins, lost.totals.losses) == (0, 1)
    assert (await run(h)).timed_out == []  # once


async def test_when_neither_gives_a_gift_the_game_ends_without_a_winner(
    h: Harness, clock: FakeClock
) -> None:
    game_id, thread = await game_in_thread(h)
    rng = random.Random(2)
    while (await game_row(h, game_id)).to_act != (0, 1):
        await take_turn(h, game_id, rng)
    clock.advance(DAY)
    assert (await run(h)).timed_out == [game_id]
    game = await game_row(h, game_id)
    assert (game.result, game.winner) == ("abandoned", None)
    texts = [m.text() for m in h.channel_messages(thread)]
    assert any("neither" in t and "not rated" in t for t in texts)
    assert "without a winner" in h.last_public(thread).text()


async def test_catching_up_after_downtime(h: Harness, clock: FakeClock) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    began = clock.now
    first = await challenge_and_accept(h, alice, bob)
    clock.now = began + 0.5 * DAY
    second = await challenge_and_accept(h, carol, alice)  # started while the first half-ran
    # the bot was down from here until 95% of the first game's time
    clock.now = began + 0.95 * DAY
    sweep = await run(h)
    assert [r[0] for r in sweep.reminded] == [first]  # one reminder for two missed points
    assert len(reminders(h)) == 1 and "Last reminder" in reminders(h)[0].content
    # down again, past both deadlines: both games end, nobody is reminded late
    clock.now = began + 2 * DAY
    sweep = await run(h)
    assert sorted(sweep.timed_out) == sorted([first, second]) and sweep.reminded == []
    assert len(reminders(h)) == 1


async def test_a_restart_during_a_pending_deadline(tmp_path: Path) -> None:
    db = tmp_path / "vidrasso.sqlite3"
    clock = FakeClock()
    async with running(db) as h:
        take_over(h, clock)
        alice, bob = h.users["alice"], h.users["bob"]
        game_id = await challenge_and_accept(h, alice, bob)
        thread = h.threads[0]
        clock.advance(0.6 * DAY)
        await run(h)
        assert len(reminders(h)) == 1
        await h.restart(make_bot(db))  # a new process on the same file, its loop running
        take_over(h, clock)
        await run(h)
        assert len(reminders(h)) == 1  # the reminder already sent is not sent again
        clock.advance(0.3 * DAY)
        await run(h)
        assert len(reminders(h)) == 2
        clock.advance(0.2 * DAY)
        assert (await run(h)).timed_out == [game_id]
        assert "ran out of time" in h.last_public(thread).text()


async def test_reminders_by_direct_message(h: Harness, clock: FakeClock) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    for user in (alice, bob):
        r = await h.slash(user, "notify", mode="dm")
        assert r.response is not None and r.response.ephemeral
        assert "direct message" in r.messages[-1].text()
        assert "reminders here" in h.dms(user)[-1].content  # the DM works
    game_id, player, sweep = await half_time(h, clock)
    assert sweep.reminded == [(game_id, player, "dm")]
    dm = h.dms(player)[-1]
    assert f"game {game_id}" in dm.content and "Vidrasso Club" in dm.content
    assert reminders(h, h.threads[0]) == []


async def test_closed_dms_fall_back_to_a_mention(h: Harness, clock: FakeClock) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    for user in (alice, bob):
        h.close_dms(user)
        r = await h.slash(user, "notify", mode="dm")
        assert "can't send you direct messages" in r.messages[-1].text()
    game_id, player, sweep = await half_time(h, clock)
    assert sweep.reminded == [(game_id, player, "channel")]
    (reminder,) = reminders(h, h.threads[0])
    assert reminder.mentions == (player,)
    assert h.dms(player) == []
    # the harness fails this test if anything was logged as an error


async def test_quiet_hours_and_no_reminders(h: Harness, clock: FakeClock) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    r = await h.slash(alice, "notify", quiet_from=22, quiet_to=7, utc_offset=2)
    assert "22:00–07:00 (UTC+2)" in r.messages[-1].text()
    r = await h.slash(alice, "notify", quiet_from=22)
    assert r.response is not None and r.response.ephemeral
    assert "both ends" in r.messages[-1].text()  # a refusal, through the one error handler
    await h.slash(alice, "notify", mode="off")
    r = await h.slash(alice, "notify")
    assert "no reminders" in r.messages[-1].text().lower()
    assert "22:00–07:00" in r.messages[-1].text()  # the quiet hours are kept
    await h.slash(bob, "notify", mode="off")
    began = clock.now
    game_id = await challenge_and_accept(h, alice, bob)
    clock.now = began + 0.95 * DAY
    assert (await run(h)).reminded == []
    clock.now = began + DAY
    assert (await run(h)).timed_out == [game_id]  # quiet or not, the deadline holds


async def test_a_challenge_chooses_its_time_and_expires_with_its_buttons(
    h: Harness, clock: FakeClock
) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    await h.slash(alice, "vidrasso challenge", opponent=bob, time=600)
    quick = h.last_public()
    assert "10 minutes per move" in quick.text()
    await h.slash(alice, "vidrasso challenge", opponent=carol, time=3 * 86400)
    slow = h.last_public()
    assert "3 days per move" in slow.text()
    clock.advance(16 * MINUTE)
    sweep = await run(h)
    assert len(sweep.expired_challenges) == 1
    expired = h.world.messages[quick.id]
    assert "expired" in expired.text()
    assert not [b for b in expired.buttons if not b.disabled]
    assert [b for b in h.world.messages[slow.id].buttons if not b.disabled]  # still open
    accept = next(b.custom_id for b in slow.buttons if b.label == "Accept")
    assert accept is not None
    await h.click(carol, slow, accept)
    game = (await service_of(h).games_of(h.world.guild_id, carol.id))[0]
    started = await bot_of(h).services.clocks.clock_of(game.id)
    assert started is not None and started.time_per_move == 3 * DAY


async def test_a_challenge_without_a_time_stays_open_the_servers_time_per_move(
    h: Harness, clock: FakeClock
) -> None:
    """As the README says: no ``time`` option, the server's default (24 hours) per move, and
    the challenge stays open that long (15 minutes is only the least)."""
    alice, bob = h.users["alice"], h.users["bob"]
    await h.slash(alice, "vidrasso challenge", opponent=bob)
    challenge = h.last_public()
    assert "24 hours per move" in challenge.text()
    clock.advance(DAY - MINUTE)
    assert (await run(h)).expired_challenges == []
    clock.advance(2 * MINUTE)
    assert len((await run(h)).expired_challenges) == 1
    assert "expired" in h.world.messages[challenge.id].text()


async def test_inbox_lists_games_most_urgent_first_with_time_left(
    h: Harness, clock: FakeClock
) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    dave = h.add_member("dave")
    await challenge_and_accept(h, alice, bob)
    clock.advance(3600)
    await challenge_and_accept(h, carol, alice)
    clock.advance(3600)
    await challenge_and_accept(h, alice, dave)
    inbox = await bot_of(h).services.clocks.inbox(h.world.guild_id, alice.id)
    r = await h.slash(alice, "games")
    lines = r.messages[-1].embeds[0]["description"].splitlines()
    assert [line.split()[2] for line in lines] == [str(g.game.id) for g in inbox]
    keys = [(not g.your_turn, g.deadline_at) for g in inbox]
    assert keys == sorted(keys)
    for line, entry in zip(lines, inbox, strict=True):
        assert ("**your turn**" in line) == entry.your_turn
        assert " left" in line and f"/{entry.game.place_id}/" in line
        assert "round 1, 0–0" in line


async def test_one_failing_game_does_not_stop_the_others(
    h: Harness, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    began = clock.now
    first = await challenge_and_accept(h, alice, bob)
    clock.advance(1)  # (challenge_and_accept finds the challenger's most recent game)
    second = await challenge_and_accept(h, carol, alice)
    clock.advance(1)
    third = await challenge_and_accept(h, bob, carol)
    first_place = (await game_row(h, first)).place_id
    h.fail_route("POST", f"/channels/{first_place}/messages", status=403, times=1)
    cog = scheduler(h)
    real = cog._remind

    async def broken(due: Due, now: float, sweep: Sweep) -> None:
        if due.game.id == second:
            raise RuntimeError("a bug")
        await real(due, now, sweep)

    monkeypatch.setattr(cog, "_remind", broken)
    clock.now = began + 0.5 * DAY + 2
    with h.expect_error(f"scheduler failed on game {second}"):
        sweep = await run(h)
    assert [r[0] for r in sweep.reminded] == [third]


async def test_one_scheduler_loop_runs(h: Harness) -> None:
    assert scheduler(h).tick is not None
    assert isinstance(h.bot.tree.get_command("notify"), app_commands.Command)
    assert isinstance(h.bot.tree.get_command("games"), app_commands.Command)


async def test_quiet_hours_are_in_the_members_time_zone_asked_once(h: Harness) -> None:
    alice = h.users["alice"]
    h.set_locale(alice, "ja")
    r = await h.slash(alice, "notify", quiet_from=23, quiet_to=7)
    assert "タイムゾーン" in r.messages[-1].text()  # asked, nothing saved
    assert (await bot_of(h).services.clocks.prefs(alice.id)).quiet is None
    r = await h.slash(alice, "notify", quiet_from=23, quiet_to=7, time_zone="asia/tokyo")
    assert "23:00–07:00 (Asia/Tokyo)" in r.messages[-1].text()
    r = await h.slash(alice, "notify", quiet_from=22, quiet_to=6)  # not asked again
    assert "22:00–06:00 (Asia/Tokyo)" in r.messages[-1].text()
    prefs = await bot_of(h).services.clocks.prefs(alice.id)
    assert prefs.time_zone == "Asia/Tokyo" and prefs.quiet is not None
    assert prefs.quiet.zone == "Asia/Tokyo"
    r = await h.slash(alice, "notify", time_zone="Atlantis/Capital")
    assert "Atlantis/Capital" in r.messages[-1].text()  # a polite refusal, nothing changed
    assert (await bot_of(h).services.clocks.prefs(alice.id)) == prefs


async def test_time_zones_are_suggested_as_the_member_types() -> None:
    from types import SimpleNamespace

    from cogs.clocks import zone_choices, zones_matching

    assert zones_matching("tokyo") == ["Asia/Tokyo"]
    assert "America/New_York" in zones_matching("new york")
    assert zones_matching("hel")[0] == "Europe/Helsinki"
    assert len(zones_matching("")) == 25
    japanese = SimpleNamespace(locale="ja")
    choices = await zone_choices(japanese, "")  # type: ignore[arg-type]
    assert choices[0].value == "Asia/Tokyo" and len(choices) == 25
