"""The Vriddiot computer players by name, and the decision function the bot calls."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.vriddiot.ai.base import Player
from games.vriddiot.ai.easy import EasyPlayer
from games.vriddiot.ai.random_player import RandomPlayer
from games.vriddiot.ai.search import SearchPlayer
from games.vriddiot.rules import SeatAction, TableView

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "medium": SearchPlayer,
}
"""Every player by name; the bot's levels are ``easy`` and ``medium``."""

FULL_SECONDS = 1.0
"""The time medium's whole budget is given (its decisions take well under it)."""


class UnknownPlayer(ValueError):
    """A name that is not in :data:`PLAYERS`."""


def make_player(name: str) -> Player:
    try:
        return PLAYERS[name]()
    except KeyError:
        known = ", ".join(sorted(PLAYERS))
        raise UnknownPlayer(f"unknown Vriddiot player {name!r}; known players: {known}") from None


def decide_with(
    player: Player, view: TableView, seed: int, seconds: float | None = None
) -> SeatAction:
    """``player``'s action for ``view`` with a decision seed (a shorter time shrinks medium's
    fixed work in proportion; the choice still depends only on the view, seed and seconds)."""
    if seconds is not None and seconds < FULL_SECONDS and isinstance(player, SearchPlayer):
        player = SearchPlayer(player.budget.scaled(seconds / FULL_SECONDS))
    return player.decide(view, random.Random(seed))


def decide(level: str, view: TableView, seed: int, seconds: float | None = None) -> SeatAction:
    """The action the player of this level chooses for ``view.seat``; same seed, same choice.
    Module-level with picklable arguments, so the bot can run it in a process pool."""
    return decide_with(make_player(level), view, seed, seconds)
