"""Hard with one of its differences from medium taken away: players for ``bench/ai.py`` only,
to measure what each difference is worth (games/pidro/docs/ai.md, "What each part of hard is
worth"). No member is offered them.

- ``hardpeek``: hard whose playouts see the guessed hands, as medium's do.
- ``hardflat``: hard whose guesses of the unseen trumps in the play are not weighted by the
  bids (medium's uniform guesses).
- ``hardmargin``: hard valuing every outcome by the hand's score margin, as medium does
  (no :func:`~games.pidro.ai.hard.game_scorer`).
- ``mediumbig``: medium with hard's budget.
"""

from __future__ import annotations

import random

from games.pidro.ai.hard import HARD_BUDGET, HardPlayer
from games.pidro.ai.search import Budget, Scorer, SearchPlayer
from games.pidro.rules import TableView


class HardPeekPlayer(HardPlayer):
    """Hard with seeing playouts (``hardpeek``)."""

    peek = True

    def __init__(self, name: str = "hardpeek", budget: Budget | None = None) -> None:
        super().__init__(name, budget)


class HardFlatPlayer(HardPlayer):
    """Hard with medium's uniform guesses of the unseen trumps (``hardflat``)."""

    def __init__(self, name: str = "hardflat", budget: Budget | None = None) -> None:
        super().__init__(name, budget)

    def trump_worlds(self, view: TableView, rng: random.Random, count: int) -> list[dict[int, int]]:
        return SearchPlayer.trump_worlds(self, view, rng, count)


class HardMarginPlayer(HardPlayer):
    """Hard playing for the hand's margin only (``hardmargin``)."""

    def __init__(self, name: str = "hardmargin", budget: Budget | None = None) -> None:
        super().__init__(name, budget)

    def scorer(self, view: TableView) -> Scorer:
        return SearchPlayer.scorer(self, view)


class BigMediumPlayer(SearchPlayer):
    """Medium with hard's budget (``mediumbig``)."""

    def __init__(self, name: str = "mediumbig", budget: Budget | None = None) -> None:
        super().__init__(name, budget or HARD_BUDGET)


__all__ = ["BigMediumPlayer", "HardFlatPlayer", "HardMarginPlayer", "HardPeekPlayer"]
