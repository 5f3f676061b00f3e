"""The exact play solver (:mod:`games.pidro.ai.solver`) held to a brute-force minimax over the
engine's own hands: every card of every seat tried, the engine's ``step`` deciding tricks,
cold seats and the end of the hand."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.pidro.ai.rollout import contract_hand, weakest_kill
from games.pidro.ai.search import margin_for
from games.pidro.ai.solver import Value, solve, solve_each
from games.pidro.ai.variants import OldHardPlayer
from games.pidro.rules import Deal, Hand, Phase, Play, Suit
from games.pidro.rules.game import options, step
from games.pidro.tests.helpers import random_states

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def brute(hand: Hand, team: int) -> float:
    """``team``'s margin of the hand when both sides play their best, every card tried through
    the engine."""
    assert hand.contract is not None
    value = margin_for(team)
    if hand.scores is not None:
        return value(hand.taken[team], hand.contract.team, hand.contract.bid)
    seat = hand.turn
    results = [brute(step(hand, a, []), team) for a in options(hand, seat) if isinstance(a, Play)]
    return max(results) if seat % 2 == team else min(results)


def masks(hand: Hand) -> list[int]:
    assert hand.trump is not None
    return [m & hand.trumps for m in hand.held]


Position = tuple[int, list[int], int, list[tuple[int, int]], list[int], int, Value]
"""The arguments of :func:`solve`."""


def position(hand: Hand, team: int) -> Position:
    """The solver's arguments for ``hand`` seen by ``team``, valued by the hand's margin."""
    assert hand.trump is not None and hand.contract is not None
    value = margin_for(team)
    bidders, bid = hand.contract.team, hand.contract.bid
    plays = [(s, c.index) for s, c in hand.plays]
    return (
        hand.trump.number,
        masks(hand),
        hand.leader,
        plays,
        list(hand.taken),
        team,
        lambda p: value(p, bidders, bid),
    )


def solved(hand: Hand, team: int) -> float:
    return solve(*position(hand, team))


def small_positions(seed: int, most: int) -> list[Hand]:
    """The hands of a random game in its play with at most ``most`` trumps still held."""
    found = []
    for state in random_states(seed):
        hand = state.hand
        playing = state.phase is Phase.PLAY and hand.trump is not None and hand.scores is None
        if playing and sum(m.bit_count() for m in masks(hand)) <= most:
            found.append(hand)
    return found


@settings(max_examples=6, deadline=None)
@given(seeds)
def test_the_solver_finds_the_engines_minimax_in_any_position_of_the_play(seed: int) -> None:
    positions = small_positions(seed, 9)
    assert positions
    for hand in positions:
        for team in (0, 1):
            assert solved(hand, team) == brute(hand, team)


@settings(max_examples=4, deadline=None)
@given(seeds)
def test_each_card_is_valued_as_the_position_after_it(seed: int) -> None:
    hand = small_positions(seed, 9)[0]
    seat, team = hand.turn, hand.turn % 2
    plays = [a for a in options(hand, seat) if isinstance(a, Play)]
    each = solve_each(*position(hand, team), seat, [a.card.index for a in plays])
    assert each == {a.card.index: brute(step(hand, a, []), team) for a in plays}
    assert max(each.values()) == brute(hand, team)


@settings(max_examples=2, deadline=None)
@given(seeds)
def test_the_old_hard_foresees_a_contract_as_the_engines_hand_solved(seed: int) -> None:
    """The old hard's points for a contract (:meth:`OldHardPlayer.contract_points`) are
    the bidders' points in the engine's own hand — the discards, the refill, the dealer robbing
    the pack, the weakest kills — with both sides playing their best for points."""
    rng = random.Random(seed)
    deal, dealer, seat = Deal.shuffled(rng, seed % 4), seed % 4, rng.randrange(4)
    suit = rng.choice(list(Suit))
    hand = contract_hand(deal, dealer, seat, 6, suit)
    while hand.killing:
        hand = step(hand, weakest_kill(hand, hand.killing[0]), [])
    assert hand.phase is Phase.PLAY or hand.scores is not None
    team = seat % 2

    def points(end: Hand) -> float:
        if end.scores is not None:
            return end.taken[team]
        turn = end.turn
        results = [points(step(end, a, [])) for a in options(end, turn) if isinstance(a, Play)]
        return max(results) if turn % 2 == team else min(results)

    assert OldHardPlayer().contract_points(deal, dealer, seat, suit.number) == points(hand)
