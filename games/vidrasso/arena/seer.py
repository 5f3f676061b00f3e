"""The all-seeing reference: the search deciding on the true cards, for benchmarks and tests.

It reads the whole state, the opponent's hand and every face-down strawman included, so it is
never a player that plays people; it measures what better guessing could reach
(``bench/ai.py``) and checks that the search plays perfectly when it knows everything.
"""

from __future__ import annotations

import random

from games.vidrasso.ai.fast import NO_CARD, mask_of
from games.vidrasso.ai.search import Budget, choose
from games.vidrasso.ai.worlds import World
from games.vidrasso.rules import GameState, RoundAction, view


def true_world(state: GameState, seat: int) -> World:
    """The world as it really is, for ``seat``: every card its view does not show."""
    rnd = state.round
    them = 1 - seat
    downs = tuple(
        tuple(NO_CARD if p.down is None else p.down.index for p in rnd.strawmen[s]) for s in (0, 1)
    )
    gift = rnd.gifts[them]
    return World(
        their_hand=mask_of(rnd.hands[them]),
        downs=(downs[0], downs[1]),
        their_gift=NO_CARD if gift is None else gift.index,
    )


def choose_seeing(state: GameState, seat: int, budget: Budget, rng: random.Random) -> RoundAction:
    """What the search on ``budget`` chooses for ``seat`` when every world it draws is the
    true one."""
    world = true_world(state, seat)
    return choose(view(state, seat), budget, rng, lambda _: world)
