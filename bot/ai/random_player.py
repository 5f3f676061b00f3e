"""The ``random`` player: a uniform choice among whatever the rules allow now.

It is the floor every other player is measured against: trumps, gifts and plays are all drawn
uniformly from :func:`bot.ai.base.options`, using only the ``rng`` it is handed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.ai.base import Decision, options
from bot.engine.view import TableView


class RandomPlayer:
    """Chooses uniformly among the legal trump choices, gifts and plays."""

    name = "random"

    def decide(self, view: TableView, rng: random.Random) -> Decision:
        choices: Sequence[Decision] = options(view)
        return rng.choice(choices)
