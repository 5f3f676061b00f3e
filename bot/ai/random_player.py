"""The ``random`` player: a uniform choice among whatever the rules allow now.

It is the floor every other player is measured against: trumps, gifts and plays are all drawn
uniformly from the view's actions, using only the ``rng`` it is handed.
"""

from __future__ import annotations

import random

from bot.engine import RoundAction, TableView


class RandomPlayer:
    """Chooses uniformly among the legal trump choices, gifts and plays."""

    name = "random"

    def decide(self, view: TableView, rng: random.Random) -> RoundAction:
        return rng.choice(view.actions)
