"""The contract every Vriddiot computer player keeps."""

from __future__ import annotations

import random
from typing import Protocol

from games.vriddiot.rules import SeatAction, TableView


class Player(Protocol):
    name: str

    def decide(self, view: TableView, rng: random.Random) -> SeatAction:
        """One of ``view.actions``, for ``view.seat``, which is one of ``view.to_act``."""
        ...
