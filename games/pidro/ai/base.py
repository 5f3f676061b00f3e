"""The contract every Pidro computer player keeps (the twin of :mod:`games.vidrasso.ai.base`)."""

from __future__ import annotations

import random
from typing import Protocol

from games.pidro.rules import HandAction, TableView


class Player(Protocol):
    name: str

    def decide(self, view: TableView, rng: random.Random) -> HandAction:
        """One of ``view.actions``, for ``view.seat``, which is one of ``view.to_act``."""
        ...
