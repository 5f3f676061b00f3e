"""The ``easy`` Pidro level: rules a club player learns first, from the seat view alone.

- Bidding: by value, with a count (:func:`games.pidro.ai.bidding.value_bid`): it bids the
  highest number its side should make with its best suit, a point and a half under the count's
  average — a jump when the hand is strong, 14 with the Ace, both fives, the two and six
  trumps. It bids only over a lower bid, over its partner's only with three points more, and
  14 over an opponent's 14 with a 14-hand. (The dealer's forced 6 is made by the rules.)
- Trump: the suit it counted best.
- Kill: it keeps its strongest trumps (a point card may never be killed anyway).
- Play: when the trick is worth taking (points on it, or a point card of its own to bring
  home) and it can win, it plays its highest trump; otherwise its lowest, keeping its point
  cards. It never overtakes a partner who already wins the trick for sure, and gives that
  partner its points instead. The two scores for whoever plays it, so it is a free low card.
"""

from __future__ import annotations

import random

from games.pidro.ai.bidding import best_estimate, value_action
from games.pidro.rules import (
    Bid,
    Card,
    HandAction,
    Kill,
    NameTrump,
    Play,
    Suit,
    TableView,
    team_of,
)
from games.pidro.rules.cards import TRUMPS, cards_in, mask_of


def lowest(plays: list[Play], trump: Suit) -> Play:
    """The card to throw: the weakest without points, else the two, else the cheapest."""
    return min(plays, key=lambda a: (_keeps(a.card, trump), a.card.strength(trump)))


def _keeps(card: Card, trump: Suit) -> int:
    """How much a card is worth keeping: 0 without points, 1 the two, 2 a point card."""
    if not card.points(trump):
        return 0
    return 1 if card.strength(trump) == 0 else 2


class EasyPlayer:
    name = "easy"

    def decide(self, view: TableView, rng: random.Random) -> HandAction:
        first = view.actions[0]
        hand = view.hand or ()
        if isinstance(first, Bid):
            return self.bid(view, hand)
        if isinstance(first, NameTrump):
            suit, _ = best_estimate(hand, view.seat == view.dealer)
            return next(a for a in view.actions if isinstance(a, NameTrump) and a.suit is suit)
        if isinstance(first, Kill):
            assert view.trump is not None
            trump = view.trump
            kills = [a for a in view.actions if isinstance(a, Kill)]
            return min(kills, key=lambda a: sum(c.strength(trump) for c in a.cards))
        return self.play(view)

    def bid(self, view: TableView, hand: tuple[Card, ...]) -> HandAction:
        return value_action(view, hand)

    def play(self, view: TableView) -> HandAction:
        assert view.trump is not None and view.seat is not None
        trump, seat = view.trump, view.seat
        plays = [a for a in view.actions if isinstance(a, Play)]
        unseen = max((c.strength(trump) for c in unseen_trumps(view)), default=-1)
        top = max(plays, key=lambda a: a.card.strength(trump))
        own_points = any(a.card.points(trump) and a.card.strength(trump) > 0 for a in plays)
        if not view.trick:
            if top.card.strength(trump) > unseen:
                return top
            return lowest(plays, trump)
        best_seat, best = max(view.trick, key=lambda p: p[1].strength(trump))
        on_trick = sum(c.points(trump) for _, c in view.trick)
        if team_of(best_seat) == team_of(seat) and best.strength(trump) > unseen:
            # The partner has it: give it points, never overtake.
            return max(plays, key=lambda a: (a.card.points(trump), -a.card.strength(trump)))
        worth = on_trick > 0 or own_points
        if worth and top.card.strength(trump) > best.strength(trump):
            return top
        return lowest(plays, trump)


def unseen_trumps(view: TableView) -> tuple[Card, ...]:
    """Trumps the viewer has not seen: all in other players' hands (every trump is held,
    played, killed or shown)."""
    assert view.trump is not None
    return cards_in(TRUMPS[view.trump.number] & ~mask_of(view.visible_cards()))
