"""The ``hard`` Pidro level: medium's search on more than twice its worlds.

Hard decides as medium does (:mod:`games.pidro.ai.search`): the deals it guesses for the
bidding and the naming are weighted by the bids seen, every bid is followed through the rest
of the auction, every contract and every card is played out in each guessed world by the
playouts' rule of thumb, and every outcome is valued by the hand's score margin. It looks at
more worlds (:data:`HARD_BUDGET`): 320 deals a bid where medium guesses 120, 240 a trump, 128
worlds a card where medium has 48. Its decisions stay within two seconds on two cores.

Hard was, until stop 37, a level with parts of its own — contracts solved with every hand
seen, bid-weighted guesses in the play, blind playouts; it is kept for the benchmark as
``oldhard`` (:class:`games.pidro.ai.variants.OldHardPlayer`). In whole games against medium
that level was level with it (+0.00 ± 0.13 a hand over 2,390 games); medium's search on this
budget is ahead of medium by +0.24 ± 0.17 a hand over 1,100 games (games/pidro/docs/ai.md,
"Medium on hard's old budget").
"""

from __future__ import annotations

from games.pidro.ai.search import Budget, SearchPlayer

HARD_BUDGET = Budget(bid_worlds=320, trump_worlds=240, play_worlds=128)
"""Hard's worlds a decision: the bidding's deals, the naming's deals, the play's worlds."""


class HardPlayer(SearchPlayer):
    """Medium's search with :data:`HARD_BUDGET`."""

    def __init__(self, name: str = "hard", budget: Budget | None = None) -> None:
        super().__init__(name, budget or HARD_BUDGET)


__all__ = ["HARD_BUDGET", "HardPlayer"]
