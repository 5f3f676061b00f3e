"""Tournaments through the offline Discord harness, on SQLite and PostgreSQL: a 9-player Swiss
of 4 rounds of Vidrasso and an 8-player round robin of Pidro in fixed partnerships, each run to
the end with games settled at the round deadline, a restart in the middle of a round and a
removed player; the final standings posted match an independent computation from the stored
games. Strangers and wrong inputs get a sentence."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any, cast

from bot.app import CardBot
from bot.events.records import Event
from bot.play.model import Game
from cogs.events import Events
from tests.bot.driver import make_bot
from tests.clocks.clock import FakeClock
from tests.harness import Account, Harness, SentMessage
from tests.harness.world import World

NINE = ("ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ida")


def take_over(h: Harness, clock: FakeClock) -> Events:
    """The test's clock, both schedulers stopped (the test runs the events' one by hand)."""
    bot = h.bot
    assert isinstance(bot, CardBot)
    bot.services.games.clock = clock
    cog = cast(Events, bot.get_cog("Events"))
    cog.tick.cancel()
    clocks = bot.get_cog("Clocks")
    clocks.tick.cancel()  # type: ignore[union-attr]
    return cog


def bot_of(h: Harness) -> CardBot:
    assert isinstance(h.bot, CardBot)
    return h.bot


async def event_now(h: Harness, event_id: int) -> Event:
    return await bot_of(h).services.events.event(event_id)


async def end_some(h: Harness, event_id: int, rng: random.Random, leave: int = 0) -> None:
    """End the round's games by a resignation (a random seat), leaving ``leave`` playing."""
    event = await event_now(h, event_id)
    playing = [t for t in event.round_tables(event.round) if t.status == "playing"]
    games = bot_of(h).services.games
    for table in playing[leave:]:
        assert table.game_id is not None
        game = await games.game(table.game_id)
        seat = rng.randrange(len(game.seats))
        await games.resign(game.id, game.player_ids[seat], None)
    await h.settle()


def expected_scores(event: Event, games: list[Game]) -> dict[int, Fraction]:
    """Independently of the event code, from the stored games: each member of the winning team
    scores 1, of a losing team 0, of a game without a winner 0; a bye scores 1. Keyed by the
    entrant's first member."""
    first: dict[int, int] = {}
    for entrant in event.entrants:
        unit = entrant.position // event.unit_size
        first.setdefault(unit, entrant.user_id)
    unit_of = {e.user_id: e.position // event.unit_size for e in event.entrants}
    score = {first[u]: Fraction(0) for u in first}
    for game in games:
        if game.winner is None:
            continue
        table = next(t for t in event.tables if t.game_id == game.id)
        teams = game.rules.teams_for(len(game.seats))
        winners = {unit_of[table.players[s]] for s in teams[game.winner]}
        for unit in winners:
            score[first[unit]] += 1
    for table in event.tables:
        if table.status == "bye":
            score[first[table.units[0]]] += 1
    return score


def posted_scores(message: SentMessage) -> dict[int, Fraction]:
    """The final standings as posted: first member of each line and its points."""
    found = {}
    for line in message.text().splitlines():
        match = re.match(r"\d+\. (?:~~)?<@(\d+)>.* — (\d+)(½)? pts", line)
        if match:
            found[int(match[1])] = Fraction(int(match[2])) + (Fraction(1, 2) if match[3] else 0)
    return found


async def sign_up(h: Harness, organiser: Account, players: list[Account], **options: Any) -> int:
    await h.slash(organiser, "tournament create", **options)
    signup = h.last_public()
    event_id = int(str(signup.buttons[0].custom_id).split(":")[2])
    for player in players:
        await h.click(player, signup, f"vidrasso:event:{event_id}:join")
    twice = await h.click(players[0], signup, f"vidrasso:event:{event_id}:join", validate=False)
    assert "already signed up" in twice.ephemeral_messages[-1].text()
    early = await h.click(players[1], signup, f"vidrasso:event:{event_id}:start", validate=False)
    assert "Only <@" in early.ephemeral_messages[-1].text()
    assert f"{len(players)} players signed up" in h.world.messages[signup.id].text()
    await h.click(organiser, signup, f"vidrasso:event:{event_id}:start")
    return event_id


async def finish(h: Harness, event_id: int) -> tuple[Event, SentMessage]:
    event = await event_now(h, event_id)
    assert event.status == "finished"
    final = next(m for m in reversed(h.world.current_messages()) if "Final standings" in m.text())
    assert any(f.filename == "standings.png" for f in final.files)
    return event, final


async def test_a_nine_player_swiss_of_vidrasso(database: str) -> None:
    clock = FakeClock()
    world = World(people=NINE)
    rng = random.Random(7)
    async with Harness.running(make_bot(database), world=world) as h:
        cog = take_over(h, clock)
        players = [h.users[n] for n in NINE]
        refused = await h.slash(players[0], "tournament create", game="vidrasso",
                                format="swiss", time_per_move=3600, rounds=4)  # fmt: skip
        assert "Manage Server" in refused.ephemeral_messages[-1].text()
        organiser = h.add_member("olga", manage_guild=True)
        wrong = await h.slash(organiser, "tournament create", game="vidrasso",
                              format="round-robin", time_per_move=3600, rounds=4)  # fmt: skip
        assert "Only a Swiss takes a number of rounds" in wrong.ephemeral_messages[-1].text()
        event_id = await sign_up(h, organiser, players, game="vidrasso", format="swiss",
                                 time_per_move=3600, rounds=4)  # fmt: skip
        event = await event_now(h, event_id)
        assert event.round == 1 and len(event.round_tables(1)) == 5  # four tables and a bye
        assert any("**Round 1** of event" in m.text() for m in h.channel_messages())
        assert len(h.threads) == 4  # every table a normal game in its own thread

        # round 1: three games resigned, one settled at the round deadline
        await end_some(h, event_id, rng, leave=1)
        assert (await event_now(h, event_id)).round == 1
        clock.advance(11 * 3600)
        (advanced,) = await cog.run_due()
        await h.settle()
        assert len(advanced.timed_out) == 1  # the next round starts here or from its hook
        assert (await event_now(h, event_id)).round == 2

        # round 2: two games end, the bot restarts, the others end in the new process
        await end_some(h, event_id, rng, leave=2)
        await h.restart(make_bot(database))
        cog = take_over(h, clock)
        await end_some(h, event_id, rng)
        assert (await event_now(h, event_id)).round == 3

        # round 3: the organiser removes a player in the middle of their game
        event = await event_now(h, event_id)
        victim = next(t for t in event.round_tables(3) if t.game_id).players[0]
        stranger = await h.slash(
            players[0], "tournament remove", player=h.account(victim_name(h, victim))
        )
        assert "Only <@" in stranger.ephemeral_messages[-1].text()
        await h.slash(organiser, "tournament remove", player=h.account(victim_name(h, victim)))
        await end_some(h, event_id, rng)
        event = await event_now(h, event_id)
        assert event.round == 4
        assert all(victim not in t.players for t in event.round_tables(4))
        await end_some(h, event_id, rng)

        event, final = await finish(h, event_id)
        games = [await bot_of(h).services.games.game(t.game_id) for t in event.tables if t.game_id]
        assert posted_scores(final) == expected_scores(event, games)
        byes = [t.units[0] for t in event.tables if t.status == "bye"]
        assert len(byes) == len(set(byes))  # nobody sat out twice
        standings = await h.slash(organiser, "tournament standings", event=event_id)
        assert "removed" in standings.messages[-1].text()


def victim_name(h: Harness, user_id: int) -> str:
    return next(name for name, account in h.users.items() if account.id == user_id)


async def test_an_eight_player_round_robin_of_pidro_in_fixed_partnerships(database: str) -> None:
    clock = FakeClock()
    names = NINE[:8]
    world = World(people=names)
    rng = random.Random(3)
    async with Harness.running(make_bot(database), world=world) as h:
        cog = take_over(h, clock)
        players = [h.users[n] for n in names]
        organiser = h.add_member("olga", manage_guild=True)
        event_id = await sign_up(h, organiser, players, game="pidro", format="round-robin",
                                 time_per_move=3600, partnerships="fixed")  # fmt: skip
        event = await event_now(h, event_id)
        assert event.rounds == 3 and len(event.round_tables(1)) == 2
        for table in event.round_tables(1):  # partners sit opposite
            game = await bot_of(h).services.games.game(table.game_id or 0)
            assert game.partners_of(0) == (2,)
            pair = {e.user_id for e in event.members_of(table.units[0])}
            assert {game.player_ids[0], game.player_ids[2]} == pair

        # round 1: one game resigned, the other settled at the deadline
        await end_some(h, event_id, rng, leave=1)
        clock.advance(11 * 3600)
        (advanced,) = await cog.run_due()
        await h.settle()
        assert len(advanced.timed_out) == 1  # the next round starts here or from its hook
        assert (await event_now(h, event_id)).round == 2

        # round 2: one game ends, a restart, then a player is removed from the other
        await end_some(h, event_id, rng, leave=1)
        await h.restart(make_bot(database))
        cog = take_over(h, clock)
        event = await event_now(h, event_id)
        playing = next(t for t in event.round_tables(2) if t.status == "playing")
        victim = playing.players[1]
        await h.slash(organiser, "tournament remove", player=h.account(victim_name(h, victim)))
        await h.settle()
        event = await event_now(h, event_id)
        assert event.round == 3
        gone = event.unit_of(victim)
        assert all(gone not in t.units for t in event.round_tables(3) if t.game_id)
        assert any(t.status == "bye" for t in event.round_tables(3))  # their opponents rest
        await end_some(h, event_id, rng)

        event, final = await finish(h, event_id)
        games = [await bot_of(h).services.games.game(t.game_id) for t in event.tables if t.game_id]
        assert posted_scores(final) == expected_scores(event, games)
