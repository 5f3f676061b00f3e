"""The games the bot offers, by kind: the one place a new game is registered.

Everything above the engines (service, storage, ladder, clocks, Discord glue) finds a game's
rules here by the ``kind`` stored with each game, and never imports an engine itself.
"""

from __future__ import annotations

from bot.games.base import (
    ENDINGS,
    GameRules,
    IllegalMove,
    Invitation,
    Outcome,
    StatRule,
    default_level,
    team_of,
)
from bot.games.pidro import PIDRO
from bot.games.vidrasso import VIDRASSO

GAMES: dict[str, GameRules] = {VIDRASSO.kind: VIDRASSO, PIDRO.kind: PIDRO}
"""Every registered game by kind. Adding a game: its package, and one line here."""

DEFAULT_KIND = VIDRASSO.kind


def rules_for(kind: str) -> GameRules:
    """The rules of a registered game; KeyError for an unknown kind."""
    return GAMES[kind]


def register(rules: GameRules) -> None:
    """Add a game at run time (tests register toy games this way)."""
    GAMES[rules.kind] = rules


def unregister(kind: str) -> None:
    GAMES.pop(kind, None)


__all__ = [
    "DEFAULT_KIND",
    "ENDINGS",
    "GAMES",
    "GameRules",
    "IllegalMove",
    "Invitation",
    "Outcome",
    "StatRule",
    "default_level",
    "register",
    "rules_for",
    "team_of",
    "unregister",
]
