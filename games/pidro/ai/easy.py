"""The ``easy`` Pidro level: rules a club player learns first, from the seat view alone.

- Bidding: for each suit it counts the points its trumps make *surely* (:func:`sure_points`),
  adds what the partner and the stock are counted on to bring (:data:`HELP`), and bids the
  lowest open bid when the count reaches it. It does not bid over its partner's bid. (The
  dealer's forced 6 is made by the rules.)
- Trump: the suit it counted best.
- Kill: it keeps its strongest trumps (a point card may never be killed anyway).
- Play: when the trick is worth taking (points on it, or a point card of its own to bring
  home) and it can win, it plays its highest trump; otherwise its lowest, keeping its point
  cards. It never overtakes a partner who already wins the trick for sure, and gives that
  partner its points instead. The two scores for whoever plays it, so it is a free low card.
"""

from __future__ import annotations

import random

from games.pidro.rules import (
    Bid,
    Card,
    HandAction,
    Kill,
    NameTrump,
    Play,
    Suit,
    TableView,
    highest_bid,
    partner_of,
    team_of,
)
from games.pidro.rules.cards import TRUMPS, cards_in, mask_of

HELP = 3
"""The points a bidder counts on from its partner and the stock, beyond its own sure ones."""
ACE, KING, QUEEN = 13, 12, 11
"""Strengths in the trump order (:meth:`Card.strength`)."""


def sure_points(hand: tuple[Card, ...], suit: Suit) -> int:
    """The points ``hand`` makes surely with ``suit`` as trumps.

    The Ace takes its trick, and so do the Jack and the 10 when every trump above them is
    held; a five needs cover: trumps above it, the Ace and one more, or any three; the two
    scores for whoever plays it, so it always counts.
    """
    trumps = [c for c in hand if c.is_trump(suit)]
    strengths = {c.strength(suit) for c in trumps}
    high = sum(1 for s in strengths if s > 4)
    total = 0
    for c in trumps:
        points, strength = c.points(suit), c.strength(suit)
        if not points:
            continue
        if strength == 0 or all(s in strengths for s in range(strength, ACE + 1)):
            total += points  # the two, or the top of an unbroken run from the Ace
        elif points == 5 and (high >= 3 or (ACE in strengths and high >= 2)):
            total += 5
    return total


def best_suit(hand: tuple[Card, ...]) -> tuple[Suit, int]:
    """The suit with the most sure points (then the most trumps) and its count."""
    suit = max(Suit, key=lambda s: (sure_points(hand, s), sum(1 for c in hand if c.is_trump(s))))
    return suit, sure_points(hand, suit)


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
            suit, _ = best_suit(hand)
            return next(a for a in view.actions if isinstance(a, NameTrump) and a.suit is suit)
        if isinstance(first, Kill):
            assert view.trump is not None
            trump = view.trump
            kills = [a for a in view.actions if isinstance(a, Kill)]
            return min(kills, key=lambda a: sum(c.strength(trump) for c in a.cards))
        return self.play(view)

    def bid(self, view: TableView, hand: tuple[Card, ...]) -> HandAction:
        lowest_bid, passing = view.actions[0], view.actions[-1]
        assert isinstance(lowest_bid, Bid) and view.seat is not None
        high = highest_bid(view.bids)
        if high is not None and high.seat == partner_of(view.seat):
            return passing
        _, sure = best_suit(hand)
        if lowest_bid.points is not None and sure + HELP >= lowest_bid.points:
            return lowest_bid
        return passing

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
