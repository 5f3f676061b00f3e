"""The ``hard`` Pidro level: medium's search, reading the bids through the play, with more
worlds, a stronger playout, and the game's score in view.

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
- **It plays for the game, not only the hand** (:func:`game_scorer`): when a hand can end the
  game, an outcome that wins the game is worth :data:`GAME` points of margin more, one that
  loses it :data:`GAME` less. The rules give the game to the bidding side when both sides
  reach the target, so at the end of a game a contract can be worth more than its points: it
  bids to hold the contract (a 14, a 14 over 14) when that wins the game, and takes no risk a
  hand's margin would take when a safe contract already wins it.
"""

from __future__ import annotations

import random

from games.pidro.ai.bidding import trump_worlds_for
from games.pidro.ai.search import Budget, Scorer, SearchPlayer, margin_for
from games.pidro.rules import POINTS_PER_HAND, TableView, team_of

HARD_BUDGET = Budget(bid_worlds=320, trump_worlds=240, play_worlds=128)

GAME = 24.0
"""What winning (or losing) the game with this hand is worth, in points of the hand's margin:
about the lead that, a few hands from the end of a game to 62, makes a win nearly sure (the
margin of a hand spreads about ten points either way). A judgement, not a fitted figure."""


def game_scorer(team: int, totals: tuple[int, int], target: int) -> Scorer:
    """``team``'s value of a hand's outcome: its margin (:func:`~games.pidro.ai.search.
    margin_for`), plus :data:`GAME` when the new totals give ``team`` the game and minus it
    when they give it to the other side (one side at ``target`` or more wins; both: the
    bidders). The bare margin when no outcome of the hand can end the game."""
    margin = margin_for(team)
    ours, theirs = totals[team], totals[1 - team]
    if max(ours, theirs) + POINTS_PER_HAND < target:
        return margin

    def value(points: int, bidders: int, bid: int) -> float:
        mine, other = points, POINTS_PER_HAND - points
        if bidders == team and mine < bid:
            mine = -bid
        if bidders != team and other < bid:
            other = -bid
        a, b = ours + mine, theirs + other
        won = a >= target and (b < target or bidders == team)
        lost = b >= target and (a < target or bidders != team)
        return (mine - other) + GAME * (won - lost)

    return value


class HardPlayer(SearchPlayer):
    """Medium's search on bid-weighted worlds, with a bigger budget, playing for the game."""

    peek = False

    def __init__(self, name: str = "hard", budget: Budget | None = None) -> None:
        super().__init__(name, budget or HARD_BUDGET)

    def trump_worlds(self, view: TableView, rng: random.Random, count: int) -> list[dict[int, int]]:
        return trump_worlds_for(view, rng, count)

    def scorer(self, view: TableView) -> Scorer:
        assert view.seat is not None
        return game_scorer(team_of(view.seat), view.totals, view.target)
