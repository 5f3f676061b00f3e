"""High card's rules: the deal, tricks, the finishing order and leaving early."""

from __future__ import annotations

import random

import pytest

from games.toy.rules import (
    HAND,
    IllegalAction,
    Play,
    Resign,
    State,
    TimeOut,
    apply,
    by_points,
    decide,
    dumps,
    legal_actions,
    loads,
    new_game,
    view,
)


def play_out(state: State) -> State:
    while state.ending is None:
        seat = state.to_act[0]
        state, _ = apply(state, decide("easy", view(state, seat), 0))
    return state


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_a_game_deals_every_card_once_and_ranks_every_seat(seats: int) -> None:
    state = new_game(random.Random(seats), seats)
    cards = sorted(card for hand in state.hands for card in hand)
    assert cards == list(range(1, HAND * seats + 1))
    over = play_out(state)
    assert over.ending == "finished" and sum(over.points) == HAND
    assert sorted(s for place in over.places for s in place) == list(range(seats))
    best = [over.points[place[0]] for place in over.places]
    assert best == sorted(best, reverse=True) and len(set(best)) == len(best)
    assert loads(dumps(over)) == over


@pytest.mark.parametrize("seats", [1, 6])
def test_only_two_to_five_players(seats: int) -> None:
    with pytest.raises(IllegalAction):
        new_game(random.Random(1), seats)


def test_equal_points_share_a_place() -> None:
    assert by_points((2, 1, 2, 0), [0, 1, 2, 3]) == ((0, 2), (1,), (3,))


def test_a_seat_that_leaves_finishes_last_alone() -> None:
    state = new_game(random.Random(2), 4)
    for _ in range(4):  # one trick
        state, _ = apply(state, legal_actions(state, state.to_act[0])[0])
    taker = state.points.index(1)
    over, _ = apply(state, Resign(taker))
    others = tuple(s for s in range(4) if s != taker)
    assert over.ending == "resigned" and over.places == (others, (taker,))
    late, _ = apply(state, TimeOut(0))
    assert late.ending == "timeout" and late.places[-1] == (0,)


def test_refusals() -> None:
    state = new_game(random.Random(3), 3)
    with pytest.raises(IllegalAction):
        apply(state, Play(1, state.hands[1][0]))
    with pytest.raises(IllegalAction):
        apply(state, Play(0, state.hands[1][0]))
