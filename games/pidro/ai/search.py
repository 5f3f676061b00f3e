"""The ``medium`` Pidro level: determinized search from the seat view.

For every decision that matters it guesses worlds (:mod:`games.pidro.ai.worlds`) — ways the
unseen cards could lie that agree with the discards, kills, cold players' cards, the counts
drawn from the stock and the tricks — plays each option out in each world with the fast
policy of :mod:`games.pidro.ai.rollout`, and takes the option with the best average. The same
worlds judge every option, so the luck of the guess cancels between options.

- Bidding: in each guessed deal it plays the hand out as the bidder with each suit as
  trumps; a bid is worth the average score margin of its best suit (the points taken, or
  minus the bid in the hole, less what the other team takes). It bids the lowest open bid
  when that is worth more than passing (:data:`PASS_VALUE`).
- Trump: the suit whose playouts score best at the contract's bid.
- Kill: the weakest trumps, as the easy level (the strongest keep their tricks).
- Play: every legal card, played out in each guessed world.

The work is a fixed number of playouts, so the same view and seed give the same choice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.pidro.ai.easy import EasyPlayer
from games.pidro.ai.rollout import contract_hand, finish
from games.pidro.ai.worlds import deal_world, trump_odds, trump_world
from games.pidro.rules import (
    POINTS_PER_HAND,
    Bid,
    Deal,
    Hand,
    HandAction,
    NameTrump,
    Play,
    Suit,
    TableView,
    team_of,
)
from games.pidro.rules.cards import mask_of
from games.pidro.rules.game import step
from games.pidro.rules.parts import SEATS

PASS_VALUE = -3.0
"""What passing is worth, as a score margin, when the opponents bid or nobody did yet: the
defenders of a contract usually take a few points less than the bidders."""
PARTNER_VALUE = 3.0
"""What passing is worth when the partner holds the highest bid: its contract."""
_DUMMY_DEAL = Deal.shuffled(random.Random(0), 0)
"""A deal for hands rebuilt in the middle of the play, where the deal is no longer read."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How many worlds a decision looks at."""

    bid_worlds: int = 40
    trump_worlds: int = 60
    play_worlds: int = 48

    def scaled(self, factor: float) -> Budget:
        """This budget times ``factor`` (at least one world a decision)."""
        return Budget(
            max(1, round(self.bid_worlds * factor)),
            max(1, round(self.trump_worlds * factor)),
            max(1, round(self.play_worlds * factor)),
        )


class SearchPlayer:
    """Determinized search with playouts; ``name`` is its level."""

    def __init__(self, name: str = "medium", budget: Budget | None = None) -> None:
        self.name = name
        self.budget = budget or Budget()
        self._easy = EasyPlayer()

    def decide(self, view: TableView, rng: random.Random) -> HandAction:
        actions = view.actions
        if len(actions) == 1:
            return actions[0]
        first = actions[0]
        if isinstance(first, Bid):
            return self.bid(view, rng)
        if isinstance(first, NameTrump):
            return self.name_trump(view, rng)
        if isinstance(first, Play):
            return self.play(view, rng)
        return self._easy.decide(view, rng)

    # --- Bidding and trumps ---------------------------------------------------------------

    def taken(self, view: TableView, rng: random.Random, worlds: int) -> dict[Suit, list[int]]:
        """Per suit, the points the viewer's team takes as bidder in each guessed deal."""
        assert view.seat is not None
        team = team_of(view.seat)
        deals = [deal_world(view, rng) for _ in range(worlds)]
        return {
            suit: [
                finish(contract_hand(deal, view.dealer, view.seat, 6, suit)).taken[team]
                for deal in deals
            ]
            for suit in Suit
        }

    def bid(self, view: TableView, rng: random.Random) -> HandAction:
        assert view.seat is not None
        lowest, passing = view.actions[0], view.actions[-1]
        assert isinstance(lowest, Bid) and lowest.points is not None
        taken = self.taken(view, rng, self.budget.bid_worlds)
        value = max(margin(points, lowest.points) for points in taken.values())
        high = max(view.bids, key=lambda b: b.points or 0, default=None)
        partner_holds = (
            high is not None and high.points is not None and high.seat == (view.seat + 2) % SEATS
        )
        return lowest if value > (PARTNER_VALUE if partner_holds else PASS_VALUE) else passing

    def name_trump(self, view: TableView, rng: random.Random) -> HandAction:
        assert view.contract is not None
        bid = view.contract.bid
        taken = self.taken(view, rng, self.budget.trump_worlds)
        names = [a for a in view.actions if isinstance(a, NameTrump)]
        return max(names, key=lambda a: margin(taken[a.suit], bid))

    # --- Play -----------------------------------------------------------------------------

    def play(self, view: TableView, rng: random.Random) -> HandAction:
        assert view.seat is not None
        team = team_of(view.seat)
        odds = trump_odds(view)
        worlds = [rebuilt(view, trump_world(odds, rng)) for _ in range(self.budget.play_worlds)]
        best: HandAction = view.actions[0]
        best_value = float("-inf")
        for action in view.actions:
            assert isinstance(action, Play)
            total = 0
            for hand in worlds:
                end = finish(step(hand, action, []))
                assert end.scores is not None
                total += end.scores[team] - end.scores[1 - team]
            if total > best_value:
                best, best_value = action, total
        return best


def margin(points: list[int], bid: int) -> float:
    """The average score margin of a bid made or lost with the team's ``points`` per world."""
    total = 0
    for p in points:
        total += (p if p >= bid else -bid) - (POINTS_PER_HAND - p)
    return total / len(points)


def rebuilt(view: TableView, trumps: dict[int, int]) -> Hand:
    """The hand in the play as the view shows it, the other seats holding the guessed trumps
    (their dead cards are left out: they are never played)."""
    assert view.seat is not None and view.contract is not None and view.hand is not None
    held = [trumps.get(s, 0) for s in range(SEATS)]
    held[view.seat] = mask_of(view.hand)
    d, k = view.discards, view.kills
    return Hand(
        number=view.hand_number,
        dealer=view.dealer,
        deal=_DUMMY_DEAL,
        held=(held[0], held[1], held[2], held[3]),
        bids=view.bids,
        contract=view.contract,
        trump=view.trump,
        discards=(mask_of(d[0]), mask_of(d[1]), mask_of(d[2]), mask_of(d[3])),
        kills=(mask_of(k[0]), mask_of(k[1]), mask_of(k[2]), mask_of(k[3])),
        tricks=view.tricks,
        plays=view.trick,
        leader=view.leader,
        turn=view.seat,
        cold=view.cold,
        taken=view.taken,
    )
