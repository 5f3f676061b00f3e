"""Vriddiot in Discord, through the real discord.py offline: whole games of three members and of
one member with four computer seats, every move reached through the hand's own steps (a rank,
its cards, the top card, *Confirm*), a leak check at every click (texts, button ids, menu
values and the table's picture), a restart in the middle of a war, war offers sent to every
eligible player at once with their own short deadline, and strangers', old and double clicks
answered politely. Discord's limits are checked over many random states."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.play.model import Game, Seat
from cogs.ui.hands import Hands
from cogs.ui.i18n import Words
from games.vriddiot import drawing
from games.vriddiot.discord import presentation as shown
from games.vriddiot.game import GAME, group_of, parse_button
from games.vriddiot.rules import FACES, Arrange, Ctx, Declare, GameState, Join, Play, Toss
from tests.bot.driver import (
    CHOOSE,
    MOVE,
    PICK,
    button_id,
    game_row,
    latest_with,
    make_bot,
    service_of,
)
from tests.conformance.checks import table_game
from tests.harness import Account, Harness, SentMessage
from tests.harness.world import World

PEOPLE = ("alice", "bob", "carol", "dave", "erin", "frank")
"""Five players and a bystander."""
DISPLAYS = {face.display: face.text for face in FACES}
"""Every face as people read it (``10♥``, ``🃏``) and its text (``TH``, ``X``)."""
VERSIONED = re.compile(r"vidrasso:(?:move|pick|choose):\d+:(\d+):")


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    async with Harness.running(
        make_bot(tmp_path / "vriddiot.sqlite3"), world=World(people=PEOPLE)
    ) as harness:
        yield harness


# --- the leak check ---------------------------------------------------------------------------


def move_cards(move: str) -> set[str]:
    """The card texts a move's button text names (a joker's declared identity is no card)."""
    verb, _, rest = move.partition("-")
    if verb in ("as", "blind") or not rest:
        return set()
    found = set()
    for word in rest.split("."):
        if word == "w":
            continue
        if word.startswith("X"):
            found.add("X")
        else:
            found.add(word[:2])
    return found


def shown_cards(message: SentMessage) -> set[str]:
    """Every card text a message shows: in what it says, its buttons' ids and labels, and its
    menus' options (labels and values)."""
    text = message.text()
    text += " ".join(b.label or "" for b in message.buttons)
    found = {t for display, t in DISPLAYS.items() if display in text}
    ids = [b.custom_id or "" for b in message.buttons]
    for menu in message.selects:
        found |= {t for label, _ in menu.options for d, t in DISPLAYS.items() if d in label}
        ids += [value for _, value in menu.options]
    for custom_id in ids:
        found |= move_cards(custom_id.rsplit(":", 1)[-1])
    return found


class Seen:
    """Every state the game passed through, by version (the buttons of a hand carry the
    version they were drawn for)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.at: dict[int, GameState] = {}
        self.checked = 0
        apply, settle, new_game = GAME.apply, GAME.settle, GAME.new_game

        def seen_new(rng: random.Random, target: int, seats: int) -> GameState:
            return self.keep(new_game(rng, target, seats))

        def seen_apply(state: GameState, action: Any) -> tuple[GameState, list[Any]]:
            after, events = apply(state, action)
            self.keep(after)
            return after, events

        def seen_settle(state: GameState, rng: random.Random) -> tuple[GameState, list[Any]]:
            after, events = settle(state, rng)
            self.keep(after)
            return after, events

        monkeypatch.setattr(GAME, "new_game", seen_new)
        monkeypatch.setattr(GAME, "apply", seen_apply)
        monkeypatch.setattr(GAME, "settle", seen_settle)

    def keep(self, state: GameState) -> GameState:
        self.at[state.moves] = state
        return state

    def hidden(self, versions: range, seat: int | None) -> set[str]:
        """The cards hidden from ``seat`` in every state of ``versions`` (a message of this
        step shows one of them)."""
        found: set[str] | None = None
        for version in versions:
            state = self.at.get(version)
            if state is None:
                continue
            hidden = set(GAME.hidden_cards(state, seat))
            found = hidden if found is None else found & hidden
        return found or set()

    def check(self, new: list[SentMessage], game: Game, since: int) -> None:
        """Every message of this step shows only what its audience may see; the table's picture
        draws no hidden card."""
        versions = range(since, game.version + 1)
        for message in new:
            if message.deleted:
                continue
            seat = None if message.audience is None else game.seat_of(message.audience)
            if message.audience is not None and seat is None:
                assert not shown_cards(message), f"a bystander sees cards: {message.text()}"
                continue
            ids = [b.custom_id or "" for b in message.buttons]
            ids += [s.custom_id for s in message.selects]
            drawn_at = {int(v[1]) for i in ids if (v := VERSIONED.match(i)) is not None}
            within = range(min(drawn_at), max(drawn_at) + 1) if drawn_at else versions
            leaked = shown_cards(message) & self.hidden(within, seat)
            assert not leaked, f"{'everyone' if seat is None else seat} sees {leaked}"
            self.checked += 1
        state = self.at.get(game.version, game.state)
        public = GAME.view(state, None)
        pictured = {c.text for c in drawing.cards_drawn(public)}
        assert not pictured & set(GAME.hidden_cards(state, None)), "the picture shows a card"


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Seen:
    return Seen(monkeypatch)


# --- playing through the hand's steps ---------------------------------------------------------


def menu_group(custom_id: str) -> str:
    return custom_id.rsplit(":", 1)[-1]


def value_action(seat: int, value: str) -> Any:
    return parse_button(seat, value.rstrip("b") if value.startswith("arr-") else value)


def leads_to(group: str, option: Any, wanted: Any) -> bool:
    """Whether choosing ``option`` in a menu of ``group`` is a step towards ``wanted``."""
    if option == wanted:
        return True
    if isinstance(wanted, Declare):
        if group == "jrank":
            return bool(option.ident.face.rank == wanted.ident.face.rank)
        return False
    if not isinstance(wanted, Play | Join | Toss) or not isinstance(option, Play | Join | Toss):
        return False
    if group == "rank":
        return group_of(option) == group_of(wanted)
    if group == "count":
        return len(option.cards) == len(wanted.cards)
    if group == "cards":
        return sorted(c.face for c in option.cards) == sorted(c.face for c in wanted.cards)
    if group == "jrank":
        return bool(
            option.joker and wanted.joker and option.joker.face.rank == wanted.joker.face.rank
        )
    return False


async def press(h: Harness, user: Account, hand: SentMessage, seat: int, wanted: Any) -> None:
    """Make the move ``wanted`` through the hand as a person does: its one-tap button if it
    has one, else step by step through the menus (and the war toggle) to its *Confirm*."""
    text = GAME.action_text(wanted)
    for _ in range(8):
        now = h.world.messages[hand.id]
        for button in now.buttons:
            custom_id = button.custom_id or ""
            if custom_id.startswith(MOVE) and custom_id.rsplit(":", 1)[-1] == text:
                await h.click(user, now, custom_id)
                return
        picks = [b.custom_id or "" for b in now.buttons if (b.custom_id or "").startswith(PICK)]
        exact = [p for p in picks if p.rsplit(":", 1)[-1] == text]
        if exact:
            await h.click(user, now, exact[0])
            continue
        stepped = False
        confirm = [
            b.custom_id or ""
            for b in now.buttons
            if (b.custom_id or "").startswith(MOVE) and (b.label or "").startswith("Confirm")
        ]
        pending = value_action(seat, confirm[0].rsplit(":", 1)[-1]) if confirm else None
        for menu in (s for s in now.selects if s.custom_id.startswith(CHOOSE)):
            group = menu_group(menu.custom_id)
            if group == "arrange":
                assert isinstance(wanted, Arrange)
                values, taken = [], list(c.text for c in wanted.cards)
                for _, value in menu.options:
                    face = value.removeprefix("arr-").rstrip("b")
                    if face in taken:
                        taken.remove(face)
                        values.append(value)
                await h.select(user, now, menu.custom_id, values)
                stepped = True
                break
            if pending is not None and leads_to(group, pending, wanted):
                continue  # this step is taken already
            for _, value in menu.options:
                option = value_action(seat, value)
                if leads_to(group, option, wanted):
                    await h.select(user, now, menu.custom_id, [value])
                    stepped = True
                    break
            if stepped:
                break
        if not stepped:
            for pick in picks:  # the war toggle
                option = value_action(seat, pick.rsplit(":", 1)[-1])
                if (
                    isinstance(option, Play)
                    and isinstance(wanted, Play)
                    and (option.war == wanted.war)
                ):
                    await h.click(user, now, pick)
                    stepped = True
                    break
        assert stepped, f"no way to {text} on {now!r}"
    pytest.fail(f"{text} not reached in eight steps")


def prefer_war(actions: list[Any], chosen: Any) -> Any:
    """The easy player's choice, but war wherever the chosen play may declare it (wars come
    sooner)."""
    if isinstance(chosen, Play) and not chosen.war:
        for a in actions:
            if (
                isinstance(a, Play)
                and a.war
                and a.cards == chosen.cards
                and a.joker == chosen.joker
            ):
                return a
    return chosen


async def take_turn(
    h: Harness, game_id: int, rng: random.Random, seen: Seen | None = None, *, war: bool = False
) -> None:
    """The first player the game waits for opens their hand from the table and makes the easy
    player's move (or a random one, a quarter of the time) through the hand's steps."""
    decide = GAME.decider()
    await h.settle()
    game = await game_row(h, game_id)
    since = game.version
    start = len(h.messages)
    seat = game.to_act[0]
    user = h.account(game.player_ids[seat])
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    view = GAME.view(game.state, seat)
    actions = list(view.actions)
    chosen = (
        rng.choice(actions) if rng.random() < 0.25 else decide("easy", view, rng.randrange(2**31))
    )
    if war:
        chosen = prefer_war(actions, chosen)
    await press(h, user, hand, seat, chosen)
    await h.settle()
    after = await game_row(h, game_id)
    assert after.version > game.version, f"{chosen!r} was not taken"
    if seen is not None:
        seen.check(h.messages[start:], after, since)


async def challenge(h: Harness, names: tuple[str, ...]) -> int:
    """The first member challenges the others (in seat order); all accept."""
    first, *others = (h.users[n] for n in names)
    options = ("second", "third", "fourth", "fifth")
    await h.slash(first, "vriddiot challenge", **dict(zip(options, others, strict=False)))
    accept = button_id(h.last_public(), "vidrasso:challenge:").replace(":decline", ":accept")
    for who in others:
        await h.click(who, h.last_public(), accept)
    (game,) = await service_of(h).games_of(h.guild.id, first.id)
    assert game.kind == "vriddiot"
    assert game.player_ids == tuple(h.users[n].id for n in names)
    return game.id


async def play_to_the_end(h: Harness, game_id: int, seed: int, seen: Seen | None = None) -> Game:
    rng = random.Random(seed)
    for _ in range(4000):
        await h.settle()
        game = await game_row(h, game_id)
        if not game.is_active:
            return game
        assert game.people_to_act == game.to_act, "the computer keeps people waiting"
        await take_turn(h, game_id, rng, seen)
    pytest.fail("the game did not end")


# --- whole games --------------------------------------------------------------------------------


async def test_three_members_play_a_whole_game_and_nobody_sees_a_hidden_card(
    h: Harness, seen: Seen
) -> None:
    game_id = await challenge(h, ("alice", "bob", "carol"))
    game = await play_to_the_end(h, game_id, seed=3, seen=seen)
    assert seen.checked > 100
    outcome = GAME.outcome(game.state)
    assert game.result == "finished" and outcome is not None and len(outcome.places) == 3
    assert game.winner == outcome.places[0][0]
    over = next(m for m in reversed(h.messages) if m.audience is None and "Game over" in m.text())
    idiot = game.player_ids[outcome.places[-1][0]]
    assert f"<@{idiot}> is the Vriddiot" in over.text()
    assert any(f.filename == f"vriddiot-game-{game_id}.json" for f in over.files) or any(
        f.filename == f"vriddiot-game-{game_id}.json" for m in h.messages for f in m.files
    )
    # the ladder by finishing order, and the commands that read it
    first = h.account(game.player_ids[outcome.places[0][0]])
    ladder = h.bot.services.ladder  # type: ignore[attr-defined]
    board = await ladder.leaderboard(h.guild.id, 1, first.id, kind="vriddiot")
    assert board.players == 3
    assert [r.user_id for r in board.rows] == [game.player_ids[p[0]] for p in outcome.places]
    assert (await ladder.leaderboard(h.guild.id, 1, first.id)).players == 0  # not Vidrasso's
    await h.slash(first, "leaderboard", game="vriddiot")
    assert "Vriddiot ladder" in h.last_public().text()
    await h.slash(first, "stats", game="vriddiot")
    said = h.last_public().text()
    assert "1 times first" in said and "cards picked up" in said
    await h.slash(first, "history", game="vriddiot")
    assert (
        f"vriddiot-game-{game_id}.json" in " ".join(f.filename for f in h.last_public().files)
        or str(game_id) in h.last_public().text()
    )


async def test_two_members_and_three_computer_seats_play_a_five_player_game(
    h: Harness, seen: Seen
) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    me = h.bot.user
    assert me is not None
    await h.slash(alice, "vriddiot challenge", second=me, third=bob, fourth=me, fifth=me)
    challenge_message = h.last_public()
    accept = button_id(challenge_message, "vidrasso:challenge:").replace(":decline", ":accept")
    await h.click(bob, challenge_message, accept)
    (game,) = await service_of(h).games_of(h.guild.id, alice.id)
    assert len(game.seats) == 5 and game.player_ids[2] == bob.id
    assert [game.is_computer(s) for s in range(5)] == [False, True, False, True, True]
    final = await play_to_the_end(h, game.id, seed=5, seen=seen)
    assert final.result == "finished" and seen.checked > 50
    public = [m.text() for m in h.messages if m.audience is None]
    assert any(all(f"Computer {n} (medium)" in t for n in (1, 2, 3)) for t in public)


# --- a war: offers at once, their own deadline, and a restart in the middle -------------------


async def reach_a_war(h: Harness, game_id: int, seed: int) -> Game:
    """Play (declaring war wherever possible) until war offers wait for several players."""
    rng = random.Random(seed)
    for _ in range(1500):
        game = await game_row(h, game_id)
        assert game.is_active, "the game ended before a war with offers"
        if game.state.pending.ctx is Ctx.JOIN and len(game.to_act) >= 2:
            return game
        await take_turn(h, game_id, rng, war=True)
    pytest.fail("no war with several offers")


async def test_war_offers_go_to_everyone_at_once_and_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "vriddiot.sqlite3"
    async with Harness.running(make_bot(db), world=World(people=PEOPLE)) as h:
        game_id = await challenge(h, ("alice", "bob", "carol", "dave", "erin"))
        game = await reach_a_war(h, game_id, seed=11)
        before = game.state
        # every player offered a join sees it in their own hand, all at once
        hands: dict[int, SentMessage] = {}
        table = latest_with(h, f"vidrasso:hand:{game_id}")
        for seat in game.to_act:
            user = h.account(game.player_ids[seat])
            hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
            assert hand.buttons and any(b.label == "Pass" for b in hand.buttons), hand.text()
            hands[seat] = hand
        # the offers' own short deadline: an hour at most, not the day a move has
        clock = await h.bot.services.clocks.clock_of(game_id)  # type: ignore[attr-defined]
        assert clock is not None and clock.deadline_at is not None
        assert clock.deadline_at - clock.turn_started_at == 3600.0
        await h.restart(make_bot(db))
        after = await game_row(h, game_id)
        assert after.state == before and after.version == game.version
        # the hands drawn before the restart still work: each answers its offer
        for seat, hand in hands.items():
            user = h.account(game.player_ids[seat])
            await h.click(user, hand, button_id(hand, f"{MOVE}{game_id}:{game.version}:pass"))
            await h.settle()
        war = await game_row(h, game_id)
        assert war.version > game.version and war.is_active
        view = GAME.view(war.state, None)
        assert view.war is not None or view.ctx is not Ctx.JOIN  # the war went on
        final = await play_to_the_end(h, game_id, seed=12)
        assert final.result == "finished"


async def test_offers_left_unanswered_are_passed_when_their_time_runs_out(h: Harness) -> None:
    from tests.clocks.clock import FakeClock
    from tests.clocks.conftest import scheduler, take_over

    clock = FakeClock()
    take_over(h, clock)
    game_id = await challenge(h, ("alice", "bob", "carol", "dave", "erin"))
    game = await reach_a_war(h, game_id, seed=11)
    clock.advance(3601)
    sweep = await scheduler(h).run_due()
    await h.settle()
    assert sweep.timed_out == [game_id]
    after = await game_row(h, game_id)
    assert after.is_active and after.version > game.version  # passed, not abandoned
    assert after.state.forfeits == ()


async def test_the_arrangement_is_one_private_choice_revealed_together(h: Harness) -> None:
    game_id = await challenge(h, ("alice", "bob", "carol"))
    game = await game_row(h, game_id)
    assert game.state.pending.ctx is Ctx.ARRANGE and len(game.to_act) == 3
    alice = h.users["alice"]
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    hand = (await h.click(alice, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    (menu,) = hand.selects
    assert menu.min_values == menu.max_values == 3 and len(menu.options) == 6
    values = [v for _, v in menu.options[:3]]
    await h.select(alice, hand, menu.custom_id, values)
    confirm = button_id(h.world.messages[hand.id], MOVE)
    await h.click(alice, hand, confirm)
    after = await game_row(h, game_id)
    assert after.state.arranged[0] is not None and after.to_act == (1, 2)
    public = GAME.view(after.state, None)
    assert public.players[0].up == game.state.up[0]  # still as dealt for everyone else
    for name in ("bob", "carol"):
        user = h.users[name]
        table = latest_with(h, f"vidrasso:hand:{game_id}")
        hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
        keep = next(b for b in hand.buttons if b.label == "Keep the face-up cards dealt")
        await h.click(user, hand, keep.custom_id or "")
    started = await game_row(h, game_id)
    assert started.state.pending.ctx is not Ctx.ARRANGE
    chosen = sorted(value.removeprefix("arr-").rstrip("b") for value in values)
    assert sorted(c.text for c in started.state.up[0]) == chosen
    assert any("face-up cards are revealed" in m.text() for m in h.messages if m.audience is None)


# --- bad input ------------------------------------------------------------------------------------


async def test_strangers_old_and_double_clicks_change_nothing(h: Harness) -> None:
    game_id = await challenge(h, ("alice", "bob", "carol"))
    frank = h.users["frank"]
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    r = await h.click(frank, table, f"vidrasso:hand:{game_id}")
    assert "isn't your game" in r.ephemeral_messages[-1].text()
    alice = h.users["alice"]
    hand = (await h.click(alice, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    keep = next(
        b.custom_id or "" for b in hand.buttons if b.label == "Keep the face-up cards dealt"
    )
    version = (await game_row(h, game_id)).version
    await h.click(alice, hand, keep)
    assert (await game_row(h, game_id)).version == version + 1
    r = await h.click(alice, hand, keep, validate=False)  # the same button again
    assert "no longer available" in r.messages[-1].text()
    assert (await game_row(h, game_id)).version == version + 1
    # an old menu: a choice from a hand drawn before the game moved on
    bob = h.users["bob"]
    old = (await h.click(bob, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    carol = h.users["carol"]
    theirs = (await h.click(carol, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    keep = next(
        b.custom_id or "" for b in theirs.buttons if b.label == "Keep the face-up cards dealt"
    )
    await h.click(carol, theirs, keep)
    (menu,) = old.selects
    r = await h.select(bob, old, menu.custom_id, [v for _, v in menu.options[:3]], validate=False)
    assert "no longer available" in r.messages[-1].text()
    # a stranger's menu choice on someone else's hand
    r = await h.select(frank, old, menu.custom_id, [v for _, v in menu.options[:3]], validate=False)
    assert "isn't your game" in r.messages[-1].text()
    game = await game_row(h, game_id)
    assert game.state.arranged[1] is None and game.is_active


# --- Discord's limits ----------------------------------------------------------------------------


def test_no_hand_has_more_than_25_options_a_menu_or_five_rows() -> None:
    """Over many random states of 3 to 10 players, every seat's hand, with nothing picked and
    with each of a sample of its moves picked, builds a Discord view (which refuses a sixth row
    or a sixth button in a row) with at most 25 options a menu, unique values, and at most 25
    components (Discord's limit is 40)."""
    tr = Words("en")
    hands = Hands.__new__(Hands)
    checked = 0
    for seats in (3, 4, 5, 6, 8, 10):
        rng = random.Random(f"limits/{seats}")
        state = GAME.new_game(rng, 1, seats)
        for _ in range(250):
            state, _ = GAME.settle(state, rng)
            if GAME.outcome(state) is not None:
                break
            game = table_game(GAME, state)
            game = dataclasses.replace(game, seats=tuple(Seat(100 + s) for s in range(seats)))
            for seat in GAME.to_act(state):
                actions = list(GAME.legal_actions(state, seat))
                picks = [
                    None,
                    *(GAME.action_text(a) for a in rng.sample(actions, min(3, len(actions)))),
                ]
                for pending in picks:
                    view = hands.hand_view(game, seat, tr, pending)
                    components = 0
                    for item in view.children:
                        components += 1
                        if isinstance(item, discord.ui.Select):
                            assert len(item.options) <= 25
                            values = [o.value for o in item.options]
                            assert len(values) == len(set(values))
                            assert all(len(v) <= 100 for v in values)
                        custom_id = getattr(item, "custom_id", None) or ""
                        assert len(custom_id) <= 100
                    assert components <= 25
                    checked += 1
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, rng.choice(list(GAME.legal_actions(state, seat))))
    assert checked > 1000


def test_every_legal_move_is_reachable_from_the_hand() -> None:
    """From each hand, every legal move is one tap, or a pick from the hand's menus and buttons
    whose own menus then lead to it (the steps never strand a move)."""
    tr = Words("en")
    for seats in (3, 6):
        rng = random.Random(f"reach/{seats}")
        state = GAME.new_game(rng, 1, seats)
        for _ in range(150):
            state, _ = GAME.settle(state, rng)
            if GAME.outcome(state) is not None:
                break
            for seat in GAME.to_act(state):
                view = GAME.view(state, seat)
                reached = reachable(view, tr)
                wanted = {GAME.action_text(a) for a in view.actions}
                assert wanted <= reached, (view.ctx, wanted - reached)
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, rng.choice(list(GAME.legal_actions(state, seat))))


def reachable(view: Any, tr: Words) -> set[str]:
    """Every move a player can confirm from this hand, following picks and menus."""
    done: set[str] = set()
    seen: set[str | None] = set()
    todo: list[str | None] = [None]
    while todo:
        pending = todo.pop()
        if pending in seen:
            continue
        seen.add(pending)
        plan = shown.layout(view, pending, tr)
        for _, action, _, _, _ in plan.buttons:
            text = GAME.action_text(action)
            done.add(text)
            todo.append(text)
        for _, menu in plan.menus:
            if menu.group == "arrange":
                done |= {GAME.action_text(a) for a in view.actions}  # any three of the six
                continue
            for choice in menu.choices:
                todo.append(GAME.action_text(choice.move))
    return done


async def test_the_leak_check_catches_a_table_that_shows_the_stock(
    h: Harness, seen: Seen, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above is not empty: a table that names the stock's top card is caught."""
    table = shown.VriddiotPresentation.table

    def leaky(self: Any, game: Game, view: Any, tr: Words) -> discord.Embed:
        embed = table(self, game, view, tr)
        if game.state.stock:
            embed.add_field(name="next", value=game.state.stock[0].display)
        return embed

    monkeypatch.setattr(shown.VriddiotPresentation, "table", leaky)
    game_id = await challenge(h, ("alice", "bob", "carol"))
    with pytest.raises(AssertionError, match="everyone sees"):
        await play_to_the_end(h, game_id, seed=3, seen=seen)


async def test_a_resigning_player_takes_the_worst_place_and_the_others_play_on(
    h: Harness,
) -> None:
    game_id = await challenge(h, ("alice", "bob", "carol"))
    alice = h.users["alice"]
    await h.slash(alice, "resign")
    ask = h.last_ephemeral(alice)
    await h.click(alice, ask, button_id(ask, "vidrasso:resign:"))
    game = await game_row(h, game_id)
    assert game.is_active and game.state.forfeits == (0,)
    assert game.to_act == (1, 2)  # the others still arrange
    public = GAME.view(game.state, None)
    assert public.players[0].status == "forfeited" and public.players[0].place == 3
    assert any("left the game: place 3" in m.text() for m in h.messages if m.audience is None)
    final = await play_to_the_end(h, game_id, seed=4)
    outcome = GAME.outcome(final.state)
    assert outcome is not None and outcome.places[-1] == (0,)
    # the finished game pages through play by play, for anyone
    r = await h.slash(h.users["frank"], "replay", game=game_id)
    assert "Replay of game" in r.messages[-1].text()
    assert shown.PRESENTATION.replay_pages(final) > 2
