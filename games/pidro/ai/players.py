"""The Pidro computer players by name, and the decision function the bot calls."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.pidro.ai.base import Player
from games.pidro.ai.easy import EasyPlayer
from games.pidro.ai.greedy import GreedyPlayer
from games.pidro.ai.random_player import RandomPlayer
from games.pidro.ai.search import SearchPlayer
from games.pidro.rules import HandAction, TableView

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "easy": EasyPlayer,
    "medium": SearchPlayer,
}
"""Every player by name; the bot's levels are ``easy`` and ``medium``."""


FULL_SECONDS = 1.0
"""The time medium's whole budget is given: its decisions take well under it (p99 about a
quarter of a second on a busy machine of two cores)."""


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
        player = SearchPlayer(level, player.budget.scaled(seconds / FULL_SECONDS))
    return player.decide(view, random.Random(seed))
