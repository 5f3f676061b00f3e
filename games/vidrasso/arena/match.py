"""Vidrasso's match loops: step by step, the loop every game shares (:mod:`bot.arena.match`);
a whole game for the simulator, round at a time (:func:`play_game`, over ``play_on``), which
makes a state only at each round's end. The simulator, the referee, the benchmarks and the
tests all play their games with them."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import cast

from bot.arena import match
from bot.arena.match import IllegalDecision
from games.vidrasso.ai.base import ActionsReader, Player
from games.vidrasso.game import VIDRASSO
from games.vidrasso.rules import Action, GameState, Phase, TableView, deal_next, new_game
from games.vidrasso.rules.rounds import ActionsOnly, Decider, play_on

__all__ = ["Actor", "IllegalDecision", "play_game", "play_out", "play_to_end", "seated"]

Actor = match.Actor
"""Acts for a seat: given the whole state and the seat the game waits for, its action. A
computer player's actor shows it only its seat's view (:func:`seated`)."""


def play_out(state: GameState, deal_rng: random.Random, act: Actor) -> Iterator[GameState]:
    """Every state of the game from ``state`` to its end, both included: ``deal_rng`` shuffles
    each next deal and ``act`` chooses for the seat the game waits for. The match loop every
    game shares (:func:`bot.arena.match.play_out`).

    During the gifts both seats are due; they give in seat order, which is fair because neither
    view shows the other's gift. An action that ends the game (a time-out) ends the loop.
    """
    return match.play_out(VIDRASSO, state, deal_rng, act)


def play_to_end(state: GameState, deal_rng: random.Random, act: Actor) -> GameState:
    """The finished state of :func:`play_out` (the same loop, without the states between)."""
    end: GameState = match.play_to_end(VIDRASSO, state, deal_rng, act)
    return end


def seated(players: Sequence[Player], rngs: Sequence[random.Random]) -> Actor:
    """Computer players at the table: ``players[s]`` decides for seat ``s`` from its view with
    ``rngs[s]``. An action that is not one of the view's raises :class:`IllegalDecision`."""
    return match.seated(VIDRASSO, players, rngs)


def _decider(player: Player, rng: random.Random) -> Decider:
    """``player`` deciding with ``rng``: a closure passes it on positionally, where a
    ``partial(decide, rng=rng)`` would build a keyword dict at each of a game's decisions. A
    player that reads only its actions (:class:`~games.vidrasso.ai.base.ActionsReader`) is shown no
    view."""
    if getattr(player, "choose", None) is not None:
        return ActionsOnly(cast(ActionsReader, player).choose, rng)
    decide = player.decide

    def decider(seen: TableView) -> Action:
        return decide(seen, rng)

    return decider


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
    deciders = [_decider(p, r) for p, r in zip(players, player_rngs, strict=True)]

    # The same game as play_to_end(..., seated(players, player_rngs)), with a state made at
    # the end of each round only (play_on).
    state = new_game(deal_rng, target)
    deal = Phase.DEAL
    while state.outcome is None:
        if state.phase is deal:
            state, _ = deal_next(state, deal_rng)
            continue
        state, refused = play_on(state, deciders)
        if refused is not None:
            seat = state.to_act[0]
            raise IllegalDecision(
                f"player {players[seat].name!r} in seat {seat} chose {refused!r}, "
                f"which is not an option in the {state.phase.value} phase"
            )
    return state
