"""A round played on by deciders that see only their views, without a state at every step.

:func:`play_on` is the match loop's fast path: it asks the seat the round waits for, shown its
:func:`~games.vidrasso.rules.view.view`, and steps the compact round with the answer
(:func:`~games.vidrasso.rules.game.step`, the same step
:func:`~games.vidrasso.rules.game.apply` takes), checked once
against the view's actions. A decider that reads nothing but the actions (:class:`ActionsOnly`)
is handed just those, and no view is made for it. A
:class:`~games.vidrasso.rules.game.GameState` is made only where the loop stops: at the end of the
round,
or before an answer that is not one of the actions (a time-out, a resignation, a mistake),
which the caller applies or refuses with :func:`~games.vidrasso.rules.game.apply`. The states it
returns
equal those that applying each answer would give.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple, cast

from games.vidrasso.rules.compact import play
from games.vidrasso.rules.game import (
    PLAYS,
    Action,
    Event,
    GameState,
    Phase,
    Play,
    RoundAction,
    advanced,
    ended,
    options,
    step,
)
from games.vidrasso.rules.view import TableView, seen_in

Decide = Callable[[TableView], Action]
"""Answers for the seat a view is made for (``view.seat``), from that view alone."""


Choose = Callable[[tuple[RoundAction, ...], random.Random], Action]
"""Answers from the seat's actions alone (``view.actions``, the engine's own shared tuple),
drawing on the random generator it is handed."""


class ActionsOnly(NamedTuple):
    """A decider that reads only the actions: ``choose(actions, rng)`` answers what a
    :data:`Decide` would answer shown any view with those actions."""

    choose: Choose
    rng: random.Random


Decider = Decide | ActionsOnly


def play_on(
    state: GameState, decide: Decider | Sequence[Decider]
) -> tuple[GameState, Action | None]:
    """Play the current round on while ``decide`` answers with one of the seat's actions
    (``decide[s]`` for seat ``s``, when it is one decider per seat).

    Returns the state reached and the answer that stopped the loop (None when the round
    ended, or when there was nothing to decide: the game is over or the next deal is due).
    """
    cores = state.cores
    if state.outcome is not None or not cores or cores[-1].phase is Phase.DEAL:
        return state, None
    rnd = cores[-1]
    target = state.target
    totals = state.totals
    finished = state.finished
    moves = state.moves
    events: list[Event] = []
    deciders = (decide, decide) if callable(decide) or type(decide) is ActionsOnly else decide
    # Per seat: the function shown a view, or the decider that takes only the actions.
    sees: list[Decide | None] = []
    blind: list[ActionsOnly | None] = []
    for d in deciders:
        sees.append(None if isinstance(d, ActionsOnly) else cast(Decide, d))
        blind.append(d if isinstance(d, ActionsOnly) else None)
    while True:
        seat = rnd.to_act[0]
        only = blind[seat]
        if only is None:
            seen = seen_in(rnd, seat, target, moves, None, totals, finished)
            actions = seen.actions
            action = sees[seat](seen)  # type: ignore[misc]  # None only where blind is not
        else:
            actions = options(rnd, seat)
            action = only[0](actions, only[1])
        if type(action) is Play:
            index = action.card.index
            # One of the seat's plays is the engine's own object for a card of the legal set.
            if (action is not PLAYS[seat][index] or not rnd.legal >> index & 1) and (
                action not in actions
            ):
                return (state if moves == state.moves else advanced(state, rnd, moves)), action
            rnd = play(rnd, seat, index, events)
        elif action in actions:
            rnd = step(rnd, action, events)
        else:
            return (state if moves == state.moves else advanced(state, rnd, moves)), action
        moves += 1
        if rnd.scores is not None:
            return ended(state, rnd, events, moves), None
        events.clear()
