"""The games the bot offers, by kind: found through the list of kinds in :mod:`games`.

Everything above the games (service, storage, ladder, clocks, Discord glue) finds a game's rules
here by the ``kind`` stored with each game, and never imports a game itself. Each game keeps its
registry entry as ``GAME`` in ``games/<kind>/game.py``; the entries are imported when first
asked for, so a game's own modules may import this contract in any order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

import games
from bot.games.base import (
    ENDINGS,
    GameRules,
    IllegalMove,
    Invitation,
    Outcome,
    Place,
    StatRule,
    default_level,
    seat_counts,
    team_of,
    to_points,
)


class Registry(Mapping[str, GameRules]):
    """Every registered game by kind, in the order of :data:`games.KINDS`."""

    def __init__(self, kinds: tuple[str, ...]) -> None:
        self._kinds = kinds
        self._games: dict[str, GameRules] | None = None

    def _loaded(self) -> dict[str, GameRules]:
        if self._games is None:
            self._games = {kind: import_module(f"games.{kind}.game").GAME for kind in self._kinds}
        return self._games

    def __getitem__(self, kind: str) -> GameRules:
        return self._loaded()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())

    def add(self, rules: GameRules) -> None:
        self._loaded()[rules.kind] = rules

    def remove(self, kind: str) -> None:
        self._loaded().pop(kind, None)


GAMES = Registry(games.KINDS)
"""Every registered game by kind. Adding a game: its folder, and one line in :mod:`games`."""

DEFAULT_KIND = games.KINDS[0]
"""The game a command means when it names none: the first registered."""


def rules_for(kind: str) -> GameRules:
    """The rules of a registered game; KeyError for an unknown kind."""
    return GAMES[kind]


def register(rules: GameRules) -> None:
    """Add a game at run time (tests register toy games this way)."""
    GAMES.add(rules)


def unregister(kind: str) -> None:
    GAMES.remove(kind)


__all__ = [
    "DEFAULT_KIND",
    "ENDINGS",
    "GAMES",
    "GameRules",
    "IllegalMove",
    "Invitation",
    "Outcome",
    "Place",
    "StatRule",
    "default_level",
    "register",
    "rules_for",
    "seat_counts",
    "team_of",
    "to_points",
    "unregister",
]
