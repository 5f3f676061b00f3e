"""The ``hard`` Pidro level: medium's search, foreseeing contracts by solving them, reading
the bids through the play, with more worlds and blind playouts in the play.

- Where medium plays a guessed deal's contract out by a rule of thumb to value its bids and
  its trump, hard *solves* it (:mod:`games.pidro.ai.solver`): both sides playing their best
  with every hand seen. Measured on contracts medium played, the playouts credit the bidders
  about half a point too many and miss by 2.7 points a hand; the solved hand by 0.07 and 1.4
  (games/pidro/docs/ai.md). A solve costs about ten playouts, so hard bids on fewer deals.

- Its guesses of the unseen trumps agree with the discards, the draws, the kills and the cold
  players as medium's do, and are *weighted by the bids*
  (:func:`games.pidro.ai.bidding.trump_worlds_for`): a seat that bid 12 and kept five cards
  of the trump suit probably holds its top trumps; a seat that passed, probably not.
- In the play it looks at more than twice medium's worlds for every card.
- Its playouts are played *blind* (:func:`games.pidro.ai.fast.choose_blind`): each seat of a
  playout decides from the trumps it has not seen, as a person must, instead of seeing the
  guessed hands.

Like medium it values every outcome by the hand's score margin. It once also played for the
game (an outcome that won the game worth 24 points of margin more, one that lost it 24 less):
measured, that cost about two points of margin on every hand that could end the game and won
no significantly more games, so it is now a bench-only ablation (``hardgame``,
:mod:`games.pidro.ai.variants`; games/pidro/docs/ai.md).
"""

from __future__ import annotations

import random

from games.pidro.ai.bidding import trump_worlds_for
from games.pidro.ai.fast import contract_start
from games.pidro.ai.search import Budget, SearchPlayer
from games.pidro.ai.solver import solve
from games.pidro.rules import Deal, TableView, team_of

HARD_BUDGET = Budget(bid_worlds=80, trump_worlds=64, play_worlds=128)


class HardPlayer(SearchPlayer):
    """Medium's search with solved contracts, bid-weighted worlds in the play, more worlds
    there and blind playouts."""

    peek = False

    def __init__(self, name: str = "hard", budget: Budget | None = None) -> None:
        super().__init__(name, budget or HARD_BUDGET)

    def contract_points(self, deal: Deal, dealer: int, seat: int, suit: int) -> int:
        """The points ``seat``'s side takes as bidder when both sides play the hand their best,
        every hand seen (:func:`games.pidro.ai.solver.solve`)."""
        held = contract_start(deal, dealer, suit)
        return int(solve(suit, held, seat, [], [0, 0], team_of(seat), float))

    def trump_worlds(self, view: TableView, rng: random.Random, count: int) -> list[dict[int, int]]:
        return trump_worlds_for(view, rng, count)
