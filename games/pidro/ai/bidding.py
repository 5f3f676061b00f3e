"""Bidding by value, and what bids say: the Pidro levels' shared bidding knowledge.

**What a hand is worth.** :func:`estimate` is the points a side takes when this hand names
``suit`` and wins the contract, averaged over the partner's hand and the stock: a linear
count fitted by least squares on 12,000 playouts of random deals (each seat's trumps, their
number, the fives with their cover, the dealer who robs the pack). It explains only a tenth of
the spread — the partner and the stock decide the rest — which is why the search levels play
the hand out instead of trusting it for their own bids.

**A value bid** (:func:`value_bid`) is the highest number the side expects to make: a point
and a half under that average (:data:`UNDER`; there the playouts make the contract about six
times in ten), so a strong hand jumps straight to 10 or 12; 14 only with the cards that make
every point likely (:func:`fourteen_hand`). The easy level bids exactly this; medium and hard
follow the auction through (:mod:`games.pidro.ai.search`) and use value bids to model the
seats still to bid and to *read* the bids made: a seat that bid 11 probably holds a hand
worth about 12 to 13, a seat that passed one worth less than the bid it had to beat.

**Worlds weighted by the bids** (:func:`bid_weight`, :func:`deals_for`,
:func:`trump_worlds_for`): a guessed deal is kept in proportion to how likely its hands make
the bids the table saw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from games.pidro.ai.worlds import deal_world, trump_odds, trump_world
from games.pidro.rules import Bid, Card, Deal, Suit, TableView, highest_bid, team_of
from games.pidro.rules.cards import STRENGTH, TRUMPS, cards_in, mask_of
from games.pidro.rules.parts import HAND_SIZE, MAX_BID, MIN_BID, SEATS

# The fitted count: a constant, one weight per trump held (by strength: the 2 first, the Ace
# last), the number of trumps and its square, the dealer, and the fives with their cover.
_CONSTANT = 5.04
_CARD = (
    0.17,
    -0.47,
    -0.56,
    -0.81,
    -0.75,
    -0.54,
    -0.42,
    -0.23,
    -0.14,
    -0.07,
    0.21,
    0.56,
    1.03,
    2.34,
)
_LENGTH, _LENGTH2, _DEALER = 0.31, 0.09, 0.37
_FIVES_LENGTH, _FIVES_HIGH, _FIVES_ACE, _ACE_KING, _FIVES2 = 0.34, -0.15, -1.11, -0.62, -0.28
ACE, KING, RIGHT_FIVE, WRONG_FIVE, TWO = 13, 12, 4, 3, 0

UNDER = 1.5
"""A value bid is this much under the hand's average: a point of safety."""
SPREAD = 1.2
"""How far, in points, a player's bid strays from its value bid (the bid model's noise)."""
PASS_SLOPE = 1.0
"""How sharply a pass says "my value bid was under the bid to beat" (logistic, in points)."""
PARTNER_REASON = 3
"""A value bidder outbids its partner only with a value bid this much above the partner's."""
FLOOR = 0.02
"""No bid is impossible for any hand: people bid on hunches, other programs otherwise."""


def strengths(cards: Sequence[Card], suit: Suit) -> list[int]:
    """The trump strengths (0 the two … 13 the Ace) of ``cards`` with ``suit`` as trumps."""
    row = STRENGTH[suit.number]
    return [row[c.index] for c in cards if row[c.index] >= 0]


def estimate(cards: Sequence[Card], suit: Suit, dealer: bool = False) -> float:
    """The points a side takes, on average, when ``cards`` name ``suit`` and win the bid."""
    held = strengths(cards, suit)
    n = len(held)
    total = _CONSTANT + sum(_CARD[s] for s in held) + _LENGTH * n + _LENGTH2 * n * n
    if dealer:
        total += _DEALER
    fives = (RIGHT_FIVE in held) + (WRONG_FIVE in held)
    ace = ACE in held
    if fives:
        high = sum(1 for s in held if s >= 10)
        total += fives * (_FIVES_LENGTH * n + _FIVES_HIGH * high + _FIVES2 * fives)
        total += _FIVES_ACE * fives * ace
    if ace and KING in held:
        total += _ACE_KING
    return min(14.0, max(0.0, total))


def best_estimate(cards: Sequence[Card], dealer: bool = False) -> tuple[Suit, float]:
    """The suit worth most to ``cards`` and its :func:`estimate`."""
    best = max(Suit, key=lambda s: estimate(cards, s, dealer))
    return best, estimate(cards, best, dealer)


def fourteen_hand(cards: Sequence[Card], suit: Suit) -> bool:
    """Cards that make all 14 likely: the Ace, both fives and the two (the two scores for
    whoever plays it, so a 14 needs it), with at least six trumps to cover the fives."""
    held = set(strengths(cards, suit))
    return {ACE, RIGHT_FIVE, WRONG_FIVE, TWO} <= held and len(held) >= 6


def value(cards: Sequence[Card], dealer: bool = False) -> float:
    """The number a value bidder would bid with ``cards`` (not rounded; may be under 6)."""
    suit, points = best_estimate(cards, dealer)
    if fourteen_hand(cards, suit):
        return float(MAX_BID)
    return min(MAX_BID - 1.0, points - UNDER)


def value_bid(cards: Sequence[Card], dealer: bool = False) -> int | None:
    """The bid a value bidder makes with ``cards`` when nothing stops it; None: a pass."""
    v = round(value(cards, dealer))
    return v if v >= MIN_BID else None


def bid_weight(bid: Bid, before: Sequence[Bid], cards: Sequence[Card], dealer: bool) -> float:
    """How likely a player holding ``cards`` makes ``bid`` after the bids ``before``: a value
    bidder with some noise, who does not outbid its partner without reason."""
    v = value(cards, dealer)
    high = highest_bid(before)
    level = high.points if high is not None and high.points is not None else MIN_BID - 1
    partner_holds = high is not None and team_of(high.seat) == team_of(bid.seat)
    if bid.points is None:
        if partner_holds:
            return 1.0 - 0.8 * _logistic((v - level - PARTNER_REASON) / PASS_SLOPE)
        return _logistic((level + 0.5 - v) / PASS_SLOPE) + FLOOR
    return math.exp(-((bid.points - v) ** 2) / (2 * SPREAD * SPREAD)) + FLOOR


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def bids_weight(
    bids: Sequence[Bid], hands: Sequence[Sequence[Card]], dealer: int, skip: int
) -> float:
    """How likely the deal whose original hands are ``hands`` makes ``bids`` (the seat
    ``skip``'s own bids left out: the viewer knows why it bid)."""
    weight = 1.0
    for i, bid in enumerate(bids):
        if bid.seat != skip:
            weight *= bid_weight(bid, bids[:i], hands[bid.seat], bid.seat == dealer)
    return weight


def deals_for(view: TableView, rng: random.Random, count: int, pool: int = 6) -> list[Deal]:
    """``count`` deals the viewer could be playing, drawn in proportion to how likely each
    makes the bids seen so far: ``pool`` times as many uniform deals, resampled by weight."""
    assert view.seat is not None
    others = [b for b in view.bids if b.seat != view.seat]
    if not others:
        return [deal_world(view, rng) for _ in range(count)]
    candidates = [deal_world(view, rng) for _ in range(count * pool)]
    weights = [bids_weight(view.bids, d.hands, view.dealer, view.seat) for d in candidates]
    return rng.choices(candidates, weights=weights, k=count)


def value_action(view: TableView, hand: Sequence[Card]) -> Bid:
    """A value bidder's choice: its value bid when it beats the bid so far (a 14 over an
    opponent's 14 with a 14-hand), over its partner only with :data:`PARTNER_REASON` points
    more; otherwise a pass."""
    assert view.seat is not None
    seat = view.seat
    want = value_bid(hand, seat == view.dealer)
    passing = Bid(seat, None)
    if want is None:
        return passing
    high = highest_bid(view.bids)
    if high is None or high.points is None:
        return Bid(seat, want)
    partner = team_of(high.seat) == team_of(seat)
    if partner and want < high.points + PARTNER_REASON:
        return passing
    if want > high.points or (want == MAX_BID == high.points and not partner):
        return Bid(seat, want)
    return passing


def bidding_order(dealer: int) -> tuple[int, ...]:
    """The seats in the order they bid: from the dealer's left, the dealer last."""
    return tuple((dealer + 1 + i) % SEATS for i in range(SEATS))


def trump_worlds_for(
    view: TableView, rng: random.Random, count: int, pool: int = 3
) -> list[dict[int, int]]:
    """``count`` guesses of who holds which unseen trump (once trumps are named), drawn in
    proportion to how likely each makes the bids seen: ``pool`` times as many guesses that
    agree with the discards, draws, kills and cold players (:func:`trump_world`), resampled
    by weight. A seat's hand at the bidding is its face-up discards and as many of its trumps
    as it was not dealt non-trumps (which of them, a random choice: the draw hides it)."""
    assert view.seat is not None and view.trump is not None
    odds = trump_odds(view)
    bidders = {b.seat for b in view.bids if b.seat != view.seat}
    if not bidders:
        return [trump_world(odds, rng) for _ in range(count)]
    trumps = TRUMPS[view.trump.number]
    known = [mask_of(view.kills[s]) for s in range(SEATS)]
    for s, c in view.played:
        known[s] |= 1 << c.index
    candidates = [trump_world(odds, rng) for _ in range(count * pool)]
    weights = []
    for world in candidates:
        hands: list[tuple[Card, ...]] = [()] * SEATS
        for s in bidders:
            held = list(cards_in((world.get(s, 0) | known[s]) & trumps))
            dealt = HAND_SIZE - len(view.discards[s])
            hands[s] = view.discards[s] + tuple(rng.sample(held, min(dealt, len(held))))
        weights.append(bids_weight(view.bids, hands, view.dealer, view.seat))
    return rng.choices(candidates, weights=weights, k=count)
