"""The contract every computer player keeps.

A player decides from its seat's :class:`~games.vidrasso.rules.view.TableView` alone, never from the
full state, so it cannot see cards its seat may not see (fairness). It answers with one of the
view's :attr:`~games.vidrasso.rules.view.TableView.actions`, the engine's own actions, so what it
chooses
is applied as it is. Randomness comes only from the ``rng`` it is handed, so the same view and
the same seed give the same decision.
"""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

from games.vidrasso.rules import Bid, Gift, Play, RoundAction, TableView

Kind = TypeVar("Kind", Bid, Gift, Play)


class Player(Protocol):
    """A computer player."""

    name: str
    """Its level or kind, e.g. ``greedy``; used in records and summaries."""

    def decide(self, view: TableView, rng: random.Random) -> RoundAction:
        """One of ``view.actions``, for ``view.seat``, which must be one of ``view.to_act``."""
        ...


class ActionsReader(Player, Protocol):
    """A player that reads nothing of its view but the actions (the random player): the match
    loop hands it those alone and makes no view for it. ``decide(view, rng)`` must answer
    ``choose(view.actions, rng)``."""

    def choose(self, actions: tuple[RoundAction, ...], rng: random.Random) -> RoundAction:
        """One of ``actions``, the seat's actions now."""
        ...


def choices(view: TableView, kind: type[Kind]) -> list[Kind]:
    """The viewer's actions of one kind: its trump choices, gifts or plays (a phase offers one
    kind)."""
    return [action for action in view.actions if isinstance(action, kind)]
