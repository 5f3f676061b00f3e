"""The ``random`` Vriddiot player: uniform over the view's actions, the floor to measure by."""

from __future__ import annotations

import random

from games.vriddiot.rules import SeatAction, TableView


class RandomPlayer:
    name = "random"

    def decide(self, view: TableView, rng: random.Random) -> SeatAction:
        return rng.choice(view.actions)
