"""The Pidro computer players by name, and the decision function the bot calls."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.ai.pidro.base import Player
from bot.ai.pidro.easy import EasyPlayer
from bot.ai.pidro.greedy import GreedyPlayer
from bot.ai.pidro.random_player import RandomPlayer
from bot.ai.pidro.search import SearchPlayer
from bot.pidro import HandAction, TableView

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "easy": EasyPlayer,
    "medium": SearchPlayer,
}
"""Every player by name; the bot's levels are ``easy`` and ``medium``."""


class UnknownPlayer(ValueError):
    """A name that is not in :data:`PLAYERS`."""


def make_player(name: str) -> Player:
    try:
        return PLAYERS[name]()
    except KeyError:
        known = ", ".join(sorted(PLAYERS))
        raise UnknownPlayer(f"unknown Pidro player {name!r}; known players: {known}") from None


def decide(level: str, view: TableView, seed: int) -> HandAction:
    """The action the player of this level chooses for ``view.seat``; same seed, same choice.
    Module-level with picklable arguments, so the bot can run it in a process pool."""
    return make_player(level).decide(view, random.Random(seed))
