"""Pidro in Discord, through the real discord.py offline: four members, or one member and three
computer seats, with a leak check at every click (partners included), a restart mid-hand, and
strangers', old and double clicks."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games import rules_for
from bot.play.model import Game
from games.pidro.rules import DECK, Card, Deal, GameState, Phase, start_game
from tests.bot import driver
from tests.bot.driver import Check, button_id, game_row, latest_with, make_bot, service_of
from tests.harness import Harness, SentMessage
from tests.harness.world import World

PIDRO = rules_for("pidro")
PEOPLE = ("alice", "bob", "carol", "dave", "erin")
"""Four players and a bystander."""
CARD_TEXTS = {card: card.display for card in DECK}


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    async with Harness.running(
        make_bot(tmp_path / "pidro.sqlite3"), world=World(people=PEOPLE)
    ) as harness:
        yield harness


def hidden_from(state: GameState, seat: int | None) -> set[Card]:
    """The cards the viewer (a seat, or None for everyone) must not see in this state:
    everything its own view does not show (other hands, partners' included; the stock; the
    dealer's face-down discard)."""
    if state.outcome is not None:
        return set()
    return set(DECK) - PIDRO.view(state, seat).visible_cards()


class Seen:
    """Every state the game passed through. A private hand with moves on it is checked against
    the very state its buttons were made for (they carry its version); any other message about
    hand N against the last state of hand N (a message can be drawn just before the next deal)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.last: dict[int, GameState] = {}
        self.at: dict[tuple[int, int], GameState] = {}
        apply, settle = PIDRO.apply, PIDRO.settle

        def seen_apply(state: GameState, action: object) -> tuple[GameState, list[object]]:
            after, events = apply(state, action)
            self.keep(after)
            return after, events

        def seen_settle(state: GameState, rng: random.Random) -> tuple[GameState, list[object]]:
            after, events = settle(state, rng)
            self.keep(after)
            return after, events

        monkeypatch.setattr(PIDRO, "apply", seen_apply)
        monkeypatch.setattr(PIDRO, "settle", seen_settle)

    def keep(self, state: GameState) -> None:
        if state.hands:
            self.last[state.hand.number] = state
            self.at[(state.moves, state.hand.number)] = state

    def check(self, new: list[SentMessage], game: Game) -> None:
        """Every message of this step shows only what its audience may see."""
        for message in new:
            if message.deleted:
                continue
            seat = None if message.audience is None else game.seat_of(message.audience)
            if message.audience is not None and seat is None:
                pytest.fail(f"a private message to someone not playing: {message.text()}")
            state = game.state
            titles = " ".join(str(e.get("title", "")) for e in message.embeds)
            if (found := HAND_TITLE.search(titles)) is not None:
                number = int(found[1])
                state = self.last.get(number, state)
                ids = [b.custom_id for b in message.buttons] + [
                    m.custom_id for m in message.selects
                ]
                versions = {int(v[1]) for i in ids if (v := VERSIONED.match(i)) is not None}
                if len(versions) == 1:
                    state = self.at.get((versions.pop(), number), state)
            leaked = shown_cards(message) & hidden_from(state, seat)
            assert not leaked, f"{'everyone' if seat is None else seat} sees {leaked}"


HAND_TITLE = re.compile(r"[Hh]and (\d+)")
VERSIONED = re.compile(r"vidrasso:(?:move|pick|choose):\d+:(\d+):")


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Seen:
    return Seen(monkeypatch)


def shown_cards(message: SentMessage) -> set[Card]:
    """Every card a message names: in its text, in its buttons' ids and its menus' values
    (``play-TH``, ``kill-4S``, ``kill-4S.7S``)."""
    text = message.text()
    shown = {card for card, display in CARD_TEXTS.items() if display in text}
    ids = [b.custom_id or "" for b in message.buttons]
    ids += [value for s in message.selects for _, value in s.options]
    for custom_id in ids:
        for tail in custom_id.rsplit("-", 1)[-1].split("."):
            shown |= {card for card in CARD_TEXTS if card.text == tail}
    return shown


async def challenge_four(h: Harness) -> int:
    """Alice challenges Carol as her partner and Bob and Dave as opponents; all accept."""
    alice, bob, carol, dave = (h.users[n] for n in PEOPLE[:4])
    await h.slash(alice, "pidro challenge", partner=carol, opponent1=bob, opponent2=dave)
    challenge = h.last_public()
    accept = button_id(challenge, "vidrasso:challenge:").replace(":decline", ":accept")
    for who in (carol, bob, dave):
        await h.click(who, h.last_public(), accept)
    (game,) = await service_of(h).games_of(h.guild.id, alice.id)
    assert game.kind == "pidro"
    assert game.player_ids == (alice.id, bob.id, carol.id, dave.id)  # partners opposite
    return game.id


async def take_turn(
    h: Harness, game_id: int, rng: random.Random, check: Check | None = None
) -> None:
    """The driver's turn, with a sober bidder: random bids put both teams in the hole hand
    after hand and a game never ends, so a bid is a pass or the lowest bid open."""
    game = await game_row(h, game_id)
    if game.state.phase is not Phase.BID:
        await driver.take_turn(h, game_id, rng, check)
        return
    seen = len(h.messages)
    user = h.account(game.player_ids[game.to_act[0]])
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    bids = [b.custom_id for b in hand.buttons if b.custom_id.startswith("vidrasso:move:")]
    passing = [b for b in bids if b.endswith("bid-pass")]
    await h.click(user, hand, passing[0] if passing and rng.random() < 0.7 else bids[0])
    if check is not None:
        check(h.messages[seen:], await game_row(h, game_id))


async def play_to_the_end(h: Harness, game_id: int, seed: int, seen: Seen | None = None) -> Game:
    rng = random.Random(seed)
    for _ in range(3000):
        game = await game_row(h, game_id)
        if not game.is_active:
            return game
        await take_turn(h, game_id, rng, None if seen is None else seen.check)
    pytest.fail("the game did not end")


async def test_four_members_play_a_whole_game_and_nobody_sees_a_hidden_card(
    h: Harness, seen: Seen
) -> None:
    game_id = await challenge_four(h)
    game = await play_to_the_end(h, game_id, seed=3, seen=seen)
    assert game.result == "finished" and game.winner is not None
    assert game.state.outcome is not None
    winners = [h.account(game.player_ids[s]) for s in PIDRO.teams[game.winner]]
    ladder = h.bot.services.ladder  # type: ignore[attr-defined]
    board = await ladder.leaderboard(h.guild.id, 1, winners[0].id, kind="pidro")
    assert board.players == 4
    assert {r.user_id for r in board.rows[:2]} == {w.id for w in winners}  # a team's rating
    assert (await ladder.leaderboard(h.guild.id, 1, winners[0].id)).players == 0  # not Vidrasso
    await h.slash(winners[0], "stats", game="pidro")
    stats = h.last_public()
    assert "Partnerships" in stats.text() and "1–0" in stats.text()
    await h.slash(winners[0], "leaderboard", game="pidro")
    assert "Pidro ladder" in h.last_public().text()


async def test_one_member_and_three_computer_seats(h: Harness, seen: Seen) -> None:
    alice = h.users["alice"]
    me = h.bot.user
    assert me is not None
    await h.slash(alice, "pidro challenge", partner=me, opponent1=me, opponent2=me)
    (game,) = await service_of(h).games_of(h.guild.id, alice.id)
    assert game.is_computer(1) and game.is_computer(2) and game.is_computer(3)
    rng = random.Random(5)
    for _ in range(2000):
        await h.settle()
        game = await game_row(h, game.id)
        if not game.is_active:
            break
        assert game.people_to_act == game.to_act  # the computer never keeps her waiting
        await take_turn(h, game.id, rng, seen.check)
    assert game.result == "finished"
    # Three computers at one table are told apart: the table names each by its number, and no
    # public message names one without it (the game over names only the winners and bidders).
    public = [m.text() for m in h.messages if m.audience is None]
    table = next(t for t in reversed(public) if "Game over" not in t and "Team A" in t)
    assert all(f"Computer {n} (medium)" in table for n in (1, 2, 3)), table
    assert not any("Computer (medium)" in t for t in public)


async def test_a_restart_mid_hand_loses_nothing_and_old_buttons_work(tmp_path: Path) -> None:
    db = tmp_path / "pidro.sqlite3"
    async with Harness.running(make_bot(db), world=World(people=PEOPLE)) as h:
        game_id = await challenge_four(h)
        rng = random.Random(7)
        while (await game_row(h, game_id)).state.phase is not Phase.PLAY:
            await take_turn(h, game_id, rng)
        for _ in range(3):
            await take_turn(h, game_id, rng)
        before = await game_row(h, game_id)
        seat = before.to_act[0]
        user = h.account(before.player_ids[seat])
        table = latest_with(h, f"vidrasso:hand:{game_id}")
        old_hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
        await h.restart(make_bot(db))
        after = await game_row(h, game_id)
        assert after.state == before.state and after.version == before.version
        move = next(
            b.custom_id for b in old_hand.buttons if b.custom_id.startswith("vidrasso:move:")
        )
        await h.click(user, old_hand, move)
        assert (await game_row(h, game_id)).version == before.version + 1
        final = await play_to_the_end(h, game_id, seed=8)
        assert final.result == "finished"


async def test_strangers_old_and_double_clicks_change_nothing(h: Harness) -> None:
    game_id = await challenge_four(h)
    game = await game_row(h, game_id)
    erin = h.users["erin"]
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    r = await h.click(erin, table, f"vidrasso:hand:{game_id}")
    assert r.response is not None and r.response.ephemeral
    assert "isn't your game" in r.ephemeral_messages[-1].text()
    # the bidder's hand: a bid, then the same button again
    seat = game.to_act[0]
    user = h.account(game.player_ids[seat])
    hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    bid = button_id(hand, "vidrasso:move:")
    await h.click(user, hand, bid)
    version = (await game_row(h, game_id)).version
    assert version == game.version + 1
    r = await h.click(user, hand, bid, validate=False)
    assert "no longer available" in r.messages[-1].text()
    assert (await game_row(h, game_id)).version == version
    # a player whose turn it is not sees their hand with no move to make
    game = await game_row(h, game_id)
    waiting = h.account(game.player_ids[(game.to_act[0] + 1) % 4])
    table = latest_with(h, f"vidrasso:hand:{game_id}")  # the table moved on: a new message
    mine = (await h.click(waiting, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    assert not [b for b in mine.buttons if b.custom_id.startswith("vidrasso:move:")]
    assert "Waiting" in mine.text()


def rich_in_hearts() -> GameState:
    """Seat 0 deals; seat 1 holds eight hearts (three worth points) and bids first."""
    hearts = [Card.parse(t) for t in ("AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "2C")]
    rest = [c for c in DECK if c not in hearts]
    hands = [rest[0:9], hearts, rest[9:18], rest[18:27]]
    four = tuple(tuple(sorted(h, key=lambda c: c.index)) for h in hands)
    deal = Deal((four[0], four[1], four[2], four[3]), tuple(rest[27:]))
    return start_game(0, deal, 62)


async def test_kills_are_chosen_together_in_one_menu(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player with more than six trumps gets one menu asking for exactly the number to kill
    (only cards worth nothing), and a Confirm that kills them all at once."""
    monkeypatch.setattr(PIDRO, "new_game", lambda rng, target, seats: rich_in_hearts())
    game_id = await challenge_four(h)

    async def press(seat: int, move: str) -> SentMessage:
        game = await game_row(h, game_id)
        user = h.account(game.player_ids[seat])
        table = latest_with(h, f"vidrasso:hand:{game_id}")
        hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
        (button,) = [b.custom_id for b in hand.buttons if b.custom_id.endswith(move)]
        await h.click(user, hand, button)
        return hand

    await press(1, ":bid-14")
    for seat in (2, 3, 0):
        await press(seat, ":bid-pass")
    hand = await press(1, ":trump-H")
    await h.click(h.users["bob"], hand, button_id(h.world.messages[hand.id], "vidrasso:move:"))
    game = await game_row(h, game_id)
    assert game.state.phase is Phase.KILL and game.to_act == (1,)
    bob = h.users["bob"]
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    hand = (await h.click(bob, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    (menu,) = hand.selects
    assert menu.min_values == menu.max_values == 2
    assert [label for label, _ in menu.options] == ["K♥", "Q♥", "9♥", "8♥", "7♥"]
    await h.select(bob, hand, menu.custom_id, ["kill-QH", "kill-7H"])
    confirm = button_id(h.world.messages[hand.id], "vidrasso:move:")
    assert confirm.endswith(":kill-7H.QH")  # chosen in any order, read one way
    await h.click(bob, hand, confirm)
    after = PIDRO.view((await game_row(h, game_id)).state, None)
    assert after.kills[1] == (Card.parse("7H"), Card.parse("QH"))
    assert after.phase is Phase.PLAY
    assert "**Killed**: <@" in latest_with(h, f"vidrasso:hand:{game_id}").text()


async def test_resigning_concedes_for_the_team_and_tells_the_partner(h: Harness) -> None:
    game_id = await challenge_four(h)
    alice, carol = h.users["alice"], h.users["carol"]
    await h.slash(alice, "resign")
    ask = h.last_ephemeral(alice)
    assert f"It counts as a loss for you and <@{carol.id}>." in ask.text()
    await h.click(alice, ask, button_id(ask, "vidrasso:resign:"))
    game = await game_row(h, game_id)
    assert game.result == "resigned" and game.winner == 1
    over = next(m for m in reversed(h.messages) if m.audience is None and "Game over" in m.text())
    assert f"<@{alice.id}> resigned, conceding the game for <@{carol.id}> too" in over.text()


async def test_a_challenge_naming_someone_twice_is_refused_politely(h: Harness) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    r = await h.slash(alice, "pidro challenge", partner=bob, opponent1=bob, opponent2=carol)
    assert r.response is not None and r.response.ephemeral
    assert "only once" in r.messages[-1].text()
    r = await h.slash(alice, "pidro challenge", partner=alice, opponent1=bob, opponent2=carol)
    assert "can't challenge yourself" in r.messages[-1].text()
    assert await service_of(h).games_of(h.guild.id, alice.id) == []


async def test_two_friends_against_two_computer_seats(h: Harness) -> None:
    alice, carol = h.users["alice"], h.users["carol"]
    me = h.bot.user
    assert me is not None
    await h.slash(alice, "pidro challenge", partner=carol, opponent1=me, opponent2=me)
    challenge = h.last_public()
    accept = button_id(challenge, "vidrasso:challenge:").replace(":decline", ":accept")
    await h.click(carol, challenge, accept)
    (game,) = await service_of(h).games_of(h.guild.id, alice.id)
    assert game.player_ids[2] == carol.id and game.is_computer(1) and game.is_computer(3)
    rng = random.Random(2)
    for _ in range(40):  # a few moves of each friend, the computers answering in between
        await h.settle()
        game = await game_row(h, game.id)
        assert game.people_to_act == game.to_act
        if not game.is_active:
            # A game's length depends on the deals (VIDRASSO_TEST_SEED): now and then one is
            # won within 40 moves.
            break
        await take_turn(h, game.id, rng)
    assert (await game_row(h, game.id)).version > 40


async def test_a_player_out_of_time_loses_for_the_team(h: Harness) -> None:
    """Deadlines hold per move in Pidro too: a reminder at half time, then a loss on time for
    the waiting player's team, once."""
    from bot.clocks.model import DAY, MINUTE
    from tests.clocks.clock import FakeClock
    from tests.clocks.conftest import scheduler, take_over

    clock = FakeClock()
    take_over(h, clock)
    game_id = await challenge_four(h)
    game = await game_row(h, game_id)
    (seat,) = game.to_act
    late = game.player_ids[seat]
    clock.advance(0.5 * DAY)
    sweep = await scheduler(h).run_due()
    await h.settle()
    assert [r[0] for r in sweep.reminded] == [game_id]
    clock.advance(0.5 * DAY + MINUTE)
    sweep = await scheduler(h).run_due()
    await h.settle()
    assert sweep.timed_out == [game_id]
    game = await game_row(h, game_id)
    assert (game.result, game.winner) == ("timeout", 1 - seat % 2)
    over = next(m for m in reversed(h.messages) if m.audience is None and "Game over" in m.text())
    assert f"<@{late}> ran out of time" in over.text()
    assert (await scheduler(h).run_due()).timed_out == []  # once


async def test_no_games_points_at_every_games_challenge(h: Harness) -> None:
    alice = h.users["alice"]
    await h.slash(alice, "games")
    said = h.last_ephemeral(alice).text()
    assert "`/pidro challenge`" in said and "`/vidrasso challenge`" in said
    h.set_locale(alice, "ja")
    await h.slash(alice, "games")
    assert "`/ピドロ 挑戦`" in h.last_ephemeral(alice).text()


async def test_a_resignation_and_the_inbox_name_computer_seats_as_computers(h: Harness) -> None:
    alice = h.users["alice"]
    me = h.bot.user
    assert me is not None
    await h.slash(alice, "pidro challenge", partner=me, opponent1=me, opponent2=me)
    await h.settle()
    await h.slash(alice, "resign")
    ask = h.last_ephemeral(alice).text()
    assert "against Computer 1 (medium) and Computer 3 (medium)?" in ask, ask
    assert "a loss for you and Computer 2 (medium)." in ask, ask
    assert f"<@{me.id}>" not in ask
    await h.slash(alice, "games")
    inbox = h.last_ephemeral(alice).text()
    assert "Computer 1 (medium)" in inbox and f"<@{me.id}>" not in inbox, inbox
