"""The ``random`` Pidro player: the floor every other player is measured against.

It chooses uniformly among the view's actions, except that it bids only the pass or the
lowest bid open to it: with uniformly random bids both teams sink into the hole hand after
hand, and a game to 62 would practically never end.
"""

from __future__ import annotations

import random

from games.pidro.rules import Bid, HandAction, TableView


class RandomPlayer:
    name = "random"

    def decide(self, view: TableView, rng: random.Random) -> HandAction:
        actions = view.actions
        if isinstance(actions[0], Bid):
            return rng.choice((actions[0], actions[-1]))
        return rng.choice(actions)
