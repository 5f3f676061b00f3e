"""Pidro games for tests: random ones through the public API, and hands set up by hand."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from games.pidro.rules import (
    Bid,
    Card,
    Contract,
    Deal,
    GameState,
    Phase,
    Suit,
    apply,
    deal_next,
    legal_actions,
    new_game,
    parse_cards,
    start_game,
)
from games.pidro.rules.cards import mask_of


def chooser(rng: random.Random) -> object:
    """A uniform choice among the legal actions, bidding only the pass or the lowest open
    bid: uniformly random bids sink both teams for ever, and the game to 62 never ends."""

    def choose(state: GameState, seat: int) -> object:
        actions = legal_actions(state, seat)
        if isinstance(actions[0], Bid):
            return rng.choice([actions[0], actions[-1]])
        return rng.choice(actions)

    return choose


def random_states(seed: int, target: int = 62) -> Iterator[GameState]:
    """Every state of a random game, the first and the last included."""
    rng = random.Random(seed)
    choose = chooser(rng)
    state = new_game(rng, target)
    yield state
    while not state.is_over:
        if state.phase is Phase.DEAL:
            state, _ = deal_next(state, rng)
        else:
            state, _ = apply(state, choose(state, state.to_act[0]))  # type: ignore[operator]
        yield state


def fixed_deal(seed: int = 0, dealer: int = 0) -> Deal:
    return Deal.shuffled(random.Random(seed), dealer)


def started(dealer: int = 3, seed: int = 0) -> GameState:
    return start_game(dealer, fixed_deal(seed, dealer))


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def in_play(
    trump: Suit,
    held: dict[int, str],
    leader: int,
    contract: Contract,
    cold: tuple[int, ...] = (),
    totals: tuple[int, int] = (0, 0),
    taken: tuple[int, int] = (0, 0),
) -> GameState:
    """A game in the middle of the play, set up by hand: ``held[seat]`` the cards it holds
    (missing seats hold nothing), ``leader`` to lead."""
    state = started(dealer=3)
    masks = tuple(mask_of(cards(held.get(s, ""))) for s in range(4))
    hand = replace(
        state.hand,
        contract=contract,
        trump=trump,
        held=(masks[0], masks[1], masks[2], masks[3]),
        leader=leader,
        turn=leader,
        cold=cold,
        taken=taken,
    )
    return replace(state, hands=(hand,), totals=totals)
