"""The match loop, once for every game: a game played to its end through
:class:`~bot.games.base.GameRules`, asking whoever :meth:`~bot.games.base.GameRules.to_act`
names and taking every chance step (the next deal) with one generator.

Every game's arena plays its games here; a game may keep a faster loop of its own for its
simulator where this one would cost speed, playing the same games (see
``docs/architecture.md``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from bot.games.base import GameRules

State = Any
Action = Any
View = Any

Actor = Callable[[State, int], Action]
"""Acts for a seat: given the whole state and the seat the game waits for, its action. A
computer player's actor shows it only its seat's view (:func:`seated`)."""


class IllegalDecision(RuntimeError):
    """A player chose an action that is not among its seat's legal actions: a bug in that
    player."""


class Player(Protocol):
    """A computer player as the arena seats it: it decides from its seat's view alone."""

    @property
    def name(self) -> str: ...

    def decide(self, view: View, rng: random.Random) -> Action: ...


def play_out(rules: GameRules, state: State, rng: random.Random, act: Actor) -> Iterator[State]:
    """Every state of the game from ``state`` to its end, both included, each chance step
    taken: ``rng`` shuffles each next deal (:meth:`~GameRules.settle`) and ``act`` chooses for
    the first seat the game waits for (several seats due at once act in seat order, which is
    fair because no seat's view shows what the others chose). An action that ends the game (a
    time-out) ends the loop."""
    yield state
    while rules.outcome(state) is None:
        settled, events = rules.settle(state, rng)
        if events or settled is not state:
            state = settled
        else:
            state, _ = rules.apply(state, act(state, rules.to_act(state)[0]))
        yield state


def play_to_end(rules: GameRules, state: State, rng: random.Random, act: Actor) -> State:
    """The finished state of :func:`play_out` (the same loop, without the states between)."""
    end = state
    for end in play_out(rules, state, rng, act):  # noqa: B007 - the last one is the end
        pass
    return end


def seated(rules: GameRules, players: Sequence[Player], rngs: Sequence[random.Random]) -> Actor:
    """Computer players at the table: ``players[s]`` decides for seat ``s`` from that seat's
    view with ``rngs[s]``. An action that is not one of the seat's legal actions raises
    :class:`IllegalDecision`."""
    low, high = rules.seat_range
    if not low <= len(players) <= high or len(rngs) != len(players):
        raise ValueError(f"{rules.title} takes {low} to {high} players and one rng for each")

    def act(state: State, seat: int) -> Action:
        player = players[seat]
        action = player.decide(rules.view(state, seat), rngs[seat])
        if action not in rules.legal_actions(state, seat):
            raise IllegalDecision(
                f"player {player.name!r} in seat {seat} chose {action!r}, "
                "which is not one of its legal actions"
            )
        return action

    return act


def play_game(
    rules: GameRules,
    players: Sequence[Player],
    deal_rng: random.Random,
    rngs: Sequence[random.Random],
    target: int,
) -> State:
    """A whole new game to ``target``: ``deal_rng`` deals (the first deal and every next one)
    and ``players[s]`` decides for seat ``s`` with ``rngs[s]``. Returns the finished state."""
    act = seated(rules, players, rngs)
    return play_to_end(rules, rules.new_game(deal_rng, target, len(players)), deal_rng, act)
