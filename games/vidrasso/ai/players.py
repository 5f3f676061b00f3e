"""The registry of computer players by name, as used by ``simulate`` and the bot."""

from __future__ import annotations

from collections.abc import Callable

from games.vidrasso.ai.base import Player
from games.vidrasso.ai.greedy import GreedyPlayer
from games.vidrasso.ai.random_player import RandomPlayer


class EasyPlayer(GreedyPlayer):
    """The bot's "easy" level: the greedy baseline under its level name."""

    name = "easy"


def _search(level: str) -> Player:
    # Imported on first use: the search builds its tables as it loads, which a simulation
    # of the quick players need not wait for.
    from games.vidrasso.ai.search import SearchPlayer

    return SearchPlayer(level)


PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "easy": EasyPlayer,
    "medium": lambda: _search("medium"),
    "hard": lambda: _search("hard"),
}
"""Every player by name; adding a player is one line here."""


class UnknownPlayer(ValueError):
    """A player name that is not in :data:`PLAYERS`."""


def player_names() -> list[str]:
    """The known player names, sorted."""
    return sorted(PLAYERS)


def make_player(name: str) -> Player:
    """A new player of this name, e.g. ``make_player("greedy")``."""
    try:
        factory = PLAYERS[name]
    except KeyError:
        known = ", ".join(player_names())
        raise UnknownPlayer(f"unknown player {name!r}; known players: {known}") from None
    return factory()
