"""The ``hard`` Pidro level: medium's search, reading the bids through the play, with more
worlds and a stronger playout.

- Its guesses of the unseen trumps agree with the discards, the draws, the kills and the cold
  players as medium's do, and are *weighted by the bids*
  (:func:`games.pidro.ai.bidding.trump_worlds_for`): a seat that bid 12 and kept five cards
  of the trump suit probably holds its top trumps; a seat that passed, probably not.
- It looks at about twice medium's worlds for every decision.
- Its playouts are played *blind* (:func:`games.pidro.ai.fast.choose_blind`): each seat of a
  playout decides from the trumps it has not seen, as a person must, instead of seeing the
  guessed hands. Medium's playouts let every seat see the world it is guessing, which credits
  both sides with knowledge they will not have (a lead "sure" only because the guess put
  the Ace with the partner); hard's value what it can actually do.
"""

from __future__ import annotations

import random

from games.pidro.ai.bidding import trump_worlds_for
from games.pidro.ai.search import Budget, SearchPlayer
from games.pidro.rules import TableView

HARD_BUDGET = Budget(bid_worlds=320, trump_worlds=240, play_worlds=128)


class HardPlayer(SearchPlayer):
    """Medium's search on bid-weighted worlds, with a bigger budget."""

    peek = False

    def __init__(self, name: str = "hard", budget: Budget | None = None) -> None:
        super().__init__(name, budget or HARD_BUDGET)

    def trump_worlds(self, view: TableView, rng: random.Random, count: int) -> list[dict[int, int]]:
        return trump_worlds_for(view, rng, count)
