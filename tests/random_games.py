"""Random games played through the public engine API, for tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from games.vidrasso.ai.base import Player
from games.vidrasso.ai.greedy import GreedyPlayer
from games.vidrasso.ai.random_player import RandomPlayer
from games.vidrasso.arena.match import play_out, seated
from games.vidrasso.rules import (
    Card,
    GameState,
    Gift,
    Play,
    Strawman,
    legal_actions,
    new_game,
)


def random_decisions(rng: random.Random, state: GameState) -> Iterator[GameState]:
    """Yield every state of a game (including the first), choosing uniformly among legal moves;
    ``rng`` deals and chooses."""
    return play_out(state, rng, lambda now, seat: rng.choice(legal_actions(now, seat)))


def random_game(seed: int, target: int = 300) -> list[GameState]:
    rng = random.Random(seed)
    return list(random_decisions(rng, new_game(rng, target)))


__all__ = ["Gift", "Play", "random_decisions", "random_game"]


def reshuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same game with the cards ``seat`` cannot see dealt out differently: the opponent's
    hand and the gift it gave, and every face-down strawman card."""
    rnd = state.round
    them = 1 - seat
    gift = rnd.gifts[them]
    hidden: list[Card] = list(rnd.hands[them]) + ([gift] if gift is not None else [])
    for row in rnd.strawmen:
        hidden += [p.down for p in row if p.down is not None]
    rng.shuffle(hidden)
    cards = iter(hidden)
    hand = tuple(sorted((next(cards) for _ in rnd.hands[them]), key=lambda c: c.index))
    new_gift = next(cards) if gift is not None else None
    rows = tuple(
        tuple(Strawman(p.up, next(cards) if p.down is not None else None) for p in row)
        for row in rnd.strawmen
    )
    hands = (rnd.hands[0], hand) if them == 1 else (hand, rnd.hands[1])
    gifts = (rnd.gifts[0], new_gift) if them == 1 else (new_gift, rnd.gifts[1])
    changed = replace(rnd, hands=hands, gifts=gifts, strawmen=(rows[0], rows[1]))
    return state.replace(rounds=(*state.rounds[:-1], changed))


def decision_points(seed: int, seat: int | None = None) -> Iterator[GameState]:
    """Every state of a greedy-versus-random game at which ``seat`` decides (None: either
    seat; the deciding seat is ``state.to_act[0]``)."""
    deal_rng = random.Random(f"deal {seed}")
    player_rngs = [random.Random(f"p0 {seed}"), random.Random(f"p1 {seed}")]
    players: list[Player] = [GreedyPlayer(), RandomPlayer()]
    act = seated(players, player_rngs)
    for state in play_out(new_game(deal_rng), deal_rng, act):
        if state.to_act and (seat is None or state.to_act[0] == seat):
            yield state
