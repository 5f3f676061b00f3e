"""The Pidro computer players by name, and the decision function the bot calls."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.pidro.ai.base import Player
from games.pidro.ai.easy import EasyPlayer
from games.pidro.ai.greedy import GreedyPlayer
from games.pidro.ai.hard import HardPlayer
from games.pidro.ai.random_player import RandomPlayer
from games.pidro.ai.search import OldMediumPlayer, SearchPlayer
from games.pidro.ai.variants import (
    HardFlatPlayer,
    HardGamePlayer,
    HardMixPlayer,
    HardPeekPlayer,
    HardSolvedPlayer,
    OldHardPlayer,
)
from games.pidro.rules import HandAction, TableView

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "easy": EasyPlayer,
    "medium": SearchPlayer,
    "hard": HardPlayer,
    "oldmedium": OldMediumPlayer,
    "oldhard": OldHardPlayer,
    "hardpeek": HardPeekPlayer,
    "hardflat": HardFlatPlayer,
    "hardgame": HardGamePlayer,
    "hardsolved": HardSolvedPlayer,
    "hardmix": HardMixPlayer,
}
"""Every player by name; the bot's levels are ``easy``, ``medium`` and ``hard``
(:attr:`games.pidro.game.Pidro.levels`). ``oldmedium``, medium before it bid by value,
``oldhard``, hard before stop 37, and its ablations (``hardpeek``, ``hardflat``, ``hardgame``,
``hardsolved``, ``hardmix``: :mod:`games.pidro.ai.variants`) are for the benchmark only: no
member is offered them."""


FULL_SECONDS = 1.0
"""The time a search level's whole budget is given: medium's decisions take well under it,
hard's about it at p99 on a busy machine of two cores (games/pidro/docs/ai.md)."""


class UnknownPlayer(ValueError):
    """A name that is not in :data:`PLAYERS`."""


def make_player(name: str) -> Player:
    try:
        return PLAYERS[name]()
    except KeyError:
        known = ", ".join(sorted(PLAYERS))
        raise UnknownPlayer(f"unknown Pidro player {name!r}; known players: {known}") from None


def decide(level: str, view: TableView, seed: int, *, seconds: float | None = None) -> HandAction:
    """The action the player of this level chooses for ``view.seat``; same seed, same choice.
    Module-level with picklable arguments, so the bot can run it in a process pool.

    ``seconds`` (the agent passes a share of the time the referee allows) shrinks the
    search's fixed work when it is shorter than :data:`FULL_SECONDS`, in proportion; the
    choice then still depends only on the view, the seed and ``seconds``.
    """
    player = make_player(level)
    if seconds is not None and seconds < FULL_SECONDS and isinstance(player, SearchPlayer):
        player = type(player)(level, player.budget.scaled(seconds / FULL_SECONDS))
    return player.decide(view, random.Random(seed))


STRONGEST = "hard"
"""The strongest level: the one whose evaluation reviews and hints read."""


def evaluate(view: TableView, level: str = STRONGEST, seed: int = 0) -> dict[HandAction, float]:
    """Every legal action of ``view`` with its expected value as ``level`` evaluates it: the
    score margin of the hand for the seat's side (the points it scores, or minus its bid in
    the hole, less what the other side scores), averaged over the worlds the level guesses
    from this seat view alone. With the same seed the level chooses the action of the highest
    value (:func:`games.pidro.ai.search.best_action`: the first of equals, and of bids about as
    good as the best bid the highest). A view where the seat has no choice gives its one action the
    value 0.0: there is nothing to compare. Only the search levels (``medium``, ``hard``)
    evaluate."""
    player = make_player(level)
    if not isinstance(player, SearchPlayer):
        raise UnknownPlayer(f"the Pidro level {level!r} does not evaluate actions")
    if view.seat is None or not view.actions:
        raise ValueError("only a seat due to act has actions to evaluate")
    if len(view.actions) == 1:
        return {view.actions[0]: 0.0}
    return player.evaluate(view, random.Random(seed))
