"""The ``random`` player: a uniform choice among whatever the rules allow now.

It is the floor every other player is measured against: trumps, gifts and plays are all drawn
uniformly from the view's actions, using only the ``rng`` it is handed.
"""

from __future__ import annotations

import random

from games.vidrasso.rules import RoundAction, TableView


class RandomPlayer:
    """Chooses uniformly among the legal trump choices, gifts and plays."""

    name = "random"

    def decide(self, view: TableView, rng: random.Random) -> RoundAction:
        return self.choose(view.actions, rng)

    def choose(self, actions: tuple[RoundAction, ...], rng: random.Random) -> RoundAction:
        """A uniform draw among ``actions`` (all it reads: the match loop makes it no view)."""
        count = len(actions)
        if type(rng) is not random.Random or not count:
            return rng.choice(actions)
        # rng.choice(actions) written out, the same draws without its two calls: a simulation
        # of random players makes hundreds of thousands of these.
        width = count.bit_length()
        draw = rng.getrandbits(width)
        while draw >= count:
            draw = rng.getrandbits(width)
        return actions[draw]
