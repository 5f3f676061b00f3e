"""Every registered game, whole, through the service, storage, ladder and the real discord.py
stack offline (``tests/harness``), played through the buttons of the private hands as people
do: a member against the computer in every other seat (the game's ``play-bot``), and members
in every seat (the game's ``challenge``, naming a member for each of its invitations)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.games import GAMES, GameRules
from bot.play.model import Game
from bot.suits import Suit
from tests.bot.driver import (
    MOVE,
    button_id,
    enabled_moves,
    game_row,
    latest_with,
    make_bot,
    make_move,
    service_of,
)
from tests.harness import Account, Harness, SentMessage
from tests.harness.world import World

MOVES = 3000
"""The most moves a member makes before the test calls the game endless."""


PEOPLE = tuple(f"player{n}" for n in range(max(rules.seat_range[1] for rules in GAMES.values())))
"""As many members as the largest game has seats."""


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    bot = make_bot(tmp_path / "conformance.sqlite3")
    async with Harness.running(bot, world=World(people=PEOPLE)) as harness:
        yield harness


@pytest.fixture(params=tuple(GAMES))
def rules(request: pytest.FixtureRequest) -> GameRules:
    return GAMES[request.param]


async def press_a_move(
    h: Harness, user: Account, hand: SentMessage, chosen: str, rng: random.Random
) -> None:
    """Press the one-tap button of the move ``chosen`` (an action text) if the hand has one;
    otherwise make a random move the way a person does (a pick or a menu, then *Confirm*)."""
    for custom_id in enabled_moves(hand):
        if custom_id.startswith(MOVE) and custom_id.rsplit(":", 1)[-1] == chosen:
            await h.click(user, hand, custom_id)
            return
    await make_move(h, user, hand, rng)


async def play_to_the_end(
    h: Harness, rules: GameRules, game_id: int, deals: list[Any] | None = None
) -> Game:
    """Whoever the game waits for opens their hand from the table and makes a move, until the
    game ends: like the easiest computer where one tap does it (random bids may never end a
    game), at random where a move is picked and confirmed. The computer seats answer between.
    ``deals`` collects each round's state as dealt (with no computer seat: the first state
    seen in each round)."""
    decide = rules.decider()
    level = rules.levels[0]
    rng = random.Random(f"conformance/discord/{rules.kind}")
    for _ in range(MOVES):
        await h.settle()
        game = await game_row(h, game_id)
        if not game.is_active:
            return game
        if deals is not None and rules.rounds(game.state) == len(deals):
            deals.append(game.state)
        assert game.people_to_act == game.to_act, "the computer keeps people waiting"
        seat = game.to_act[0]
        user = h.account(game.player_ids[seat])
        table = latest_with(h, f"vidrasso:hand:{game.id}")
        hand = (await h.click(user, table, f"vidrasso:hand:{game.id}")).ephemeral_messages[-1]
        chosen = decide(level, rules.view(game.state, seat), rng.randrange(2**31))
        await press_a_move(h, user, hand, rules.action_text(chosen), rng)
        after = await game_row(h, game.id)
        assert after.version > game.version, "the move was not taken"
    pytest.fail(f"{rules.kind}: the game did not end in {MOVES} moves")


async def check_finished(h: Harness, rules: GameRules, game: Game) -> None:
    """The game ended with a winner, is stored as it ended, and is on the ladder."""
    assert game.result == "finished" and game.winner is not None
    outcome = rules.outcome(game.state)
    assert outcome is not None and outcome.winner == game.winner
    stored = await service_of(h).game(game.id)  # read back from storage
    assert rules.dumps(stored.state) == rules.dumps(game.state)
    async with h.bot.services.storage.transaction() as tx:  # type: ignore[attr-defined]
        assert await tx.ladder.is_recorded(game.id), "the ladder did not record the game"


def target_of(rules: GameRules) -> dict[str, int]:
    """The quickest target, as an option where the game offers a choice of targets."""
    return {"target": min(rules.targets)} if len(rules.targets) > 1 else {}


def shown(card: str) -> str:
    """A card's text (``TH``) as people read it (``10♥``): every game's notation
    (:mod:`bot.suits`)."""
    if card == "X":  # a joker
        return "🃏"
    rank = "10" if card[:-1] == "T" else card[:-1]
    return rank + Suit(card[-1]).symbol


async def check_replay(h: Harness, rules: GameRules, game: Game, deals: list[Any]) -> None:
    """From the game-over message, anyone in the server reaches every round of the replay in
    at most three taps (*Replay*, the menu, the round), and each round shows every card as
    dealt: every card hidden from everyone then is on the page."""
    onlooker = h.add_member("onlooker")
    over = latest_with(h, "vidrasso:replay-open:")
    assert f"vidrasso:replay-open:{game.id}" in {b.custom_id for b in over.buttons}
    replay = (await h.click(onlooker, over, f"vidrasso:replay-open:{game.id}")).ephemeral_messages
    page = replay[-1]
    assert deals and len(deals) >= rules.rounds(game.state)
    hidden_of = getattr(rules, "hidden_cards")  # noqa: B009 - an optional member
    for number, dealt in enumerate(deals):
        if number:
            (menu,) = [m for m in page.selects if m.custom_id.startswith("vidrasso:replay-round:")]
            options = dict(menu.options)
            label = rules.round_name.format(n=number + 1)
            label = label[:1].upper() + label[1:]
            assert label in options, f"{rules.kind}: no {label} in the menu {menu.options}"
            await h.select(onlooker, page, menu.custom_id, [options[label]])
            page = h.world.messages[page.id]
        text = page.text()
        hidden = {shown(card) for card in hidden_of(dealt, None)}
        assert hidden, f"{rules.kind}: round {number + 1} hides no card when dealt"
        missing = {card for card in hidden if card not in text}
        assert not missing, f"{rules.kind}: round {number + 1}'s replay hides {missing}"


async def test_a_member_plays_a_whole_game_against_the_computer(
    h: Harness, rules: GameRules
) -> None:
    me = h.users[PEOPLE[0]]
    await h.slash(me, f"{rules.kind} play-bot", level=rules.levels[0], **target_of(rules))
    (game,) = await service_of(h).games_of(h.guild.id, me.id)
    assert game.kind == rules.kind and game.seat_of(me.id) == 0
    assert all(game.is_computer(s) for s in range(1, rules.seat_range[0]))
    await check_finished(h, rules, await play_to_the_end(h, rules, game.id))


async def test_members_in_every_seat_play_a_whole_game(h: Harness, rules: GameRules) -> None:
    me = h.users[PEOPLE[0]]
    fewest = rules.invites[: rules.seat_range[0] - 1]  # the seats a challenge must fill
    invited = {i.option: h.users[PEOPLE[n]] for n, i in enumerate(fewest, start=1)}
    await h.slash(me, f"{rules.kind} challenge", **target_of(rules), **invited)
    accept = button_id(h.last_public(), "vidrasso:challenge:").replace(":decline", ":accept")
    for member in invited.values():
        await h.click(member, h.last_public(), accept)
    (game,) = await service_of(h).games_of(h.guild.id, me.id)
    assert game.kind == rules.kind and not game.has_computer
    seats = {i.seat: m.id for i, m in zip(fewest, invited.values(), strict=True)}
    assert game.player_ids == (me.id, *(seats[s] for s in range(1, rules.seat_range[0])))
    deals: list[Any] = []
    finished = await play_to_the_end(h, rules, game.id, deals)
    await check_finished(h, rules, finished)
    await check_replay(h, rules, finished, deals)
    board = await h.bot.services.ladder.leaderboard(  # type: ignore[attr-defined]
        h.guild.id, 1, me.id, kind=rules.kind
    )
    assert board.players == rules.seat_range[0]  # every member rated on the game's own ladder
