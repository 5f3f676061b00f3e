"""The ``greedy`` Pidro player: counts its own sure points and plays each trick on its merits.

It never looks ahead. From its view it knows its hand and every card the table has shown
(discards, kills, cold players' cards, tricks); every other trump is *unseen*, possibly held
by anyone, the partner included.

- Bidding: for each suit it counts what its trumps should bring (the Ace surely, the other
  point cards when backed by enough trumps, a share for length) plus a share for the
  partner, and bids the lowest open bid when that count reaches it.
- Trump: the suit it counted best.
- Kill: the weakest set it may kill.
- Play: it plays the two whenever it is not needed (the two scores for whoever plays it),
  takes a trick worth points with its cheapest winner, gives points to a partner whose
  card no unseen trump beats, and otherwise throws its cheapest card. It leads its highest
  trump when no unseen trump beats it, else its cheapest one.
"""

from __future__ import annotations

import random

from games.pidro.rules import Bid, Card, HandAction, Kill, NameTrump, Play, Suit, TableView, team_of
from games.pidro.rules.cards import TRUMPS, cards_in, mask_of

PARTNER_SHARE = 2.5
"""What the partner is counted on to bring to a contract."""


def estimate(hand: tuple[Card, ...], suit: Suit) -> float:
    """The points ``hand`` should take with ``suit`` as trumps."""
    trumps = [c for c in hand if c.is_trump(suit)]
    length = len(trumps)
    total = 0.4 * length
    for c in trumps:
        points = c.points(suit)
        if not points:
            continue
        strength = c.strength(suit)
        if strength == 13:  # the Ace takes its trick
            total += points
        elif points == 5:
            total += 5 * min(1.0, 0.2 * length)
        elif strength == 0:  # the two scores for whoever plays it
            total += 1
        else:
            total += points * min(1.0, 0.15 * length)
    return total


class GreedyPlayer:
    name = "greedy"

    def decide(self, view: TableView, rng: random.Random) -> HandAction:
        first = view.actions[0]
        if isinstance(first, Bid):
            return self.bid(view)
        if isinstance(first, NameTrump):
            names = [a for a in view.actions if isinstance(a, NameTrump)]
            return max(names, key=lambda a: estimate(_hand(view), a.suit))
        if isinstance(first, Kill):
            assert view.trump is not None
            trump = view.trump
            kills = [a for a in view.actions if isinstance(a, Kill)]
            return min(kills, key=lambda a: sum(c.strength(trump) for c in a.cards))
        return self.play(view)

    def bid(self, view: TableView) -> HandAction:
        hand = _hand(view)
        best = max(estimate(hand, s) for s in Suit) + PARTNER_SHARE
        lowest, passing = view.actions[0], view.actions[-1]
        assert isinstance(lowest, Bid)
        if lowest.points is not None and best >= lowest.points:
            return lowest
        return passing

    def play(self, view: TableView) -> HandAction:
        assert view.trump is not None and view.seat is not None
        trump, seat = view.trump, view.seat
        plays = [a for a in view.actions if isinstance(a, Play)]
        unseen = _unseen(view)

        def strength(a: Play) -> int:
            return a.card.strength(trump)

        def cost(a: Play) -> tuple[int, int]:
            return (a.card.points(trump), strength(a))

        two = next((a for a in plays if strength(a) == 0), None)
        stronger_unseen = max((c.strength(trump) for c in unseen), default=-1)
        if not view.trick:
            top = max(plays, key=strength)
            if strength(top) > stronger_unseen:
                return top
            return min(plays, key=cost)
        best_seat, best = max(view.trick, key=lambda p: p[1].strength(trump))
        at_stake = sum(c.points(trump) for _, c in view.trick)
        if team_of(best_seat) == team_of(seat):
            if best.strength(trump) > stronger_unseen:
                return max(plays, key=cost)  # a sure trick: give it points
            return two or min(plays, key=cost)
        winners = [a for a in plays if strength(a) > best.strength(trump)]
        if winners and (at_stake > 0 or any(a.card.points(trump) for a in winners)):
            return min(winners, key=lambda a: (strength(a) > stronger_unseen, strength(a)))
        return two or min(plays, key=cost)


def _hand(view: TableView) -> tuple[Card, ...]:
    assert view.hand is not None
    return view.hand


def _unseen(view: TableView) -> tuple[Card, ...]:
    """Trumps the viewer has not seen: in another player's hand, or never in play."""
    assert view.trump is not None
    seen = mask_of(view.visible_cards())
    return cards_in(TRUMPS[view.trump.number] & ~seen)
