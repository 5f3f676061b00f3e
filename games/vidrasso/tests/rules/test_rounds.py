"""play_on: a round played on from views gives the states that applying each answer gives."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.vidrasso.rules import (
    Action,
    GameState,
    Phase,
    Play,
    Resign,
    RoundAction,
    TableView,
    apply,
    deal_next,
    new_game,
    view,
)
from games.vidrasso.rules.rounds import ActionsOnly, play_on


def chooser(rng: random.Random) -> tuple[list[TableView], Callable[[TableView], Action]]:
    seen: list[TableView] = []

    def decide(v: TableView) -> Action:
        seen.append(v)
        return rng.choice(v.actions)

    return seen, decide


def test_a_game_played_on_equals_the_game_applied_step_by_step() -> None:
    for seed in range(4):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        fast = new_game(rng_a)
        slow = new_game(rng_b)
        views, decide = chooser(rng_a)
        while not fast.is_over:
            if fast.phase is Phase.DEAL:
                fast, _ = deal_next(fast, rng_a)
                continue
            fast, refused = play_on(fast, decide)
            assert refused is None
        slow_views: list[TableView] = []
        while not slow.is_over:
            if slow.phase is Phase.DEAL:
                slow, _ = deal_next(slow, rng_b)
                continue
            seen = view(slow, slow.to_act[0])
            slow_views.append(seen)
            slow, _ = apply(slow, rng_b.choice(seen.actions))
        assert fast == slow
        assert fast.moves == slow.moves
        assert views == slow_views


def test_an_answer_that_is_not_an_option_stops_the_loop_before_it() -> None:
    rng = random.Random(9)
    state = new_game(rng)
    answers = 0

    def decide(v: TableView) -> Action:
        nonlocal answers
        answers += 1
        if answers == 20:
            return Resign(0)
        return rng.choice(v.actions)

    reached, refused = play_on(state, decide)
    assert refused == Resign(0)
    assert reached.moves == state.moves + 19
    assert not reached.is_over and reached.phase is Phase.PLAY
    # The state reached is a state like any other: it plays on through apply.
    after, _ = apply(reached, refused)
    assert after.outcome is not None and after.outcome.winner == 1
    wrong = Play(reached.to_act[0], next(iter(set(reached.round.hands[1 - reached.to_act[0]]))))
    assert play_on(reached, lambda v: wrong) == (reached, wrong)


def test_nothing_to_decide_returns_the_state() -> None:
    state: GameState = new_game(random.Random(2))
    over, _ = apply(state, Resign(1))
    assert play_on(over, lambda v: Resign(0)) == (over, None)


def test_a_decider_of_actions_only_is_shown_the_views_actions_and_plays_the_same_game() -> None:
    shown: list[tuple[RoundAction, ...]] = []

    def choose(actions: tuple[RoundAction, ...], rng: random.Random) -> Action:
        shown.append(actions)
        return rng.choice(actions)

    for seed in range(3):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        shown.clear()

        views, decide = chooser(rng_a)
        # Seat 0 reads only its actions, seat 1 its whole view.
        deciders = (ActionsOnly(choose, rng_a), decide)
        fast, slow = new_game(rng_a), new_game(rng_b)
        while not fast.is_over:
            if fast.phase is Phase.DEAL:
                fast, _ = deal_next(fast, rng_a)
                continue
            fast, refused = play_on(fast, deciders)
            assert refused is None
        expected: list[tuple[RoundAction, ...]] = []
        while not slow.is_over:
            if slow.phase is Phase.DEAL:
                slow, _ = deal_next(slow, rng_b)
                continue
            seen = view(slow, slow.to_act[0])
            if seen.seat == 0:
                expected.append(seen.actions)
            slow, _ = apply(slow, rng_b.choice(seen.actions))
        assert fast == slow
        assert shown == expected and all(v.seat == 1 for v in views)


def test_an_actions_only_answer_that_is_not_an_action_stops_the_loop() -> None:
    state = new_game(random.Random(5))
    reached, refused = play_on(state, ActionsOnly(lambda actions, rng: Resign(1), random.Random(1)))
    assert (reached, refused) == (state, Resign(1))


def test_the_engines_own_play_of_a_card_it_may_not_play_stops_the_loop() -> None:
    """The loop trusts the engine's own Play objects only for cards of the legal set."""
    from games.vidrasso.rules.game import PLAYS

    rng = random.Random(4)
    state = new_game(rng)
    while state.phase is not Phase.PLAY:
        state, _ = apply(state, rng.choice(view(state, state.to_act[0]).actions))
    seat = state.to_act[0]
    rnd = state.cores[-1]
    outside = (rnd.hands[seat] | rnd.tops[seat]) & ~rnd.legal
    while not outside:  # a trick where the seat to play must follow
        state, _ = apply(state, rng.choice(view(state, seat).actions))
        seat, rnd = state.to_act[0], state.cores[-1]
        outside = (rnd.hands[seat] | rnd.tops[seat]) & ~rnd.legal
    illegal = PLAYS[seat][outside.bit_length() - 1]
    for decide in (lambda v: illegal, ActionsOnly(lambda actions, rng: illegal, rng)):
        assert play_on(state, decide) == (state, illegal)
