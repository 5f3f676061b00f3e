"""Random games played through the public engine API, for tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.engine import GameState, Gift, Phase, Play, apply, deal_next, legal_actions, new_game


def random_decisions(rng: random.Random, state: GameState) -> Iterator[GameState]:
    """Yield every state of a game (including the first), choosing uniformly among legal moves."""
    yield state
    while not state.is_over:
        if state.phase is Phase.DEAL:
            state, _ = deal_next(state, rng)
        else:
            seat = state.to_act[0]
            state, _ = apply(state, rng.choice(legal_actions(state, seat)))
        yield state


def random_game(seed: int, target: int = 300) -> list[GameState]:
    rng = random.Random(seed)
    return list(random_decisions(rng, new_game(rng, target)))


__all__ = ["Gift", "Play", "random_decisions", "random_game"]
