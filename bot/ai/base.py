"""The contract every computer player keeps.

A player decides from its seat's :class:`~bot.engine.view.TableView` alone, never from the
full state, so it cannot see cards its seat may not see (fairness). Randomness comes only from
the ``rng`` it is handed, so the same view and the same seed give the same decision.
"""

from __future__ import annotations

import random
from typing import Protocol

from bot.engine.cards import Card
from bot.engine.game import Phase
from bot.engine.trumps import Bid, trump_options
from bot.engine.view import TableView

Decision = Bid | Card
"""A trump choice in the trump phase; a card (gift or play) otherwise."""


class Player(Protocol):
    """A computer player."""

    name: str
    """Its level or kind, e.g. ``greedy``; used in records and summaries."""

    def decide(self, view: TableView, rng: random.Random) -> Decision:
        """Choose for ``view.seat``, which must be one of ``view.to_act``."""
        ...


def options(view: TableView) -> list[Bid] | list[Card]:
    """What the viewer may choose now: trump choices, or cards (gift or play)."""
    assert view.seat is not None
    if view.phase is Phase.TRUMP:
        return trump_options(view.bids, view.seat)
    return list(view.legal)
