"""Driving whole games between computer players: the loop the simulator and tests share."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.ai.base import Decision, Player, options
from bot.engine import (
    Action,
    Bid,
    Card,
    GameState,
    Gift,
    Phase,
    Play,
    apply,
    deal_next,
    new_game,
    view,
)


class IllegalDecision(RuntimeError):
    """A player chose something that is not among its options: a bug in that player."""


def play_game(
    players: Sequence[Player],
    deal_rng: random.Random,
    player_rngs: Sequence[random.Random],
    target: int = 300,
) -> GameState:
    """Play a complete game: ``players[s]`` sits in seat ``s`` and decides with
    ``player_rngs[s]``; ``deal_rng`` cuts and shuffles. Returns the finished state."""
    if len(players) != 2 or len(player_rngs) != 2:
        raise ValueError("a game needs two players and one rng for each")
    state = new_game(deal_rng, target)
    while not state.is_over:
        if state.phase is Phase.DEAL:
            state, _ = deal_next(state, deal_rng)
            continue
        # During the gifts both seats are due; taking them in seat order is fine because
        # neither view shows the other's gift.
        seat = state.to_act[0]
        state, _ = apply(state, decide(state, seat, players[seat], player_rngs[seat]))
    return state


def decide(state: GameState, seat: int, player: Player, rng: random.Random) -> Action:
    """Ask ``player`` for ``seat``'s decision, check it is an option, and turn it into an
    action."""
    seat_view = view(state, seat)
    decision = player.decide(seat_view, rng)
    allowed: Sequence[Decision] = options(seat_view)
    if decision not in allowed:
        raise IllegalDecision(
            f"player {player.name!r} in seat {seat} chose {decision!r}, "
            f"which is not an option in the {state.phase.value} phase"
        )
    return as_action(state.phase, seat, decision)


def as_action(phase: Phase, seat: int, decision: Decision) -> Bid | Gift | Play:
    """The engine action for a decision: a bid as is, a card as a gift or a play."""
    if isinstance(decision, Bid):
        return decision
    card: Card = decision
    if phase is Phase.GIFT:
        return Gift(seat, card)
    return Play(seat, card)
