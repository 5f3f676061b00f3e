"""Guessing the hidden cards of a Pidro hand from a seat view: determinization.

A *world* is one way the cards the viewer cannot see could lie, consistent with everything
the table showed. Two situations:

- **Before trumps are named** nothing is shown but the bids: the other three hands and the
  stock are a shuffle of the 43 cards the viewer does not hold (:func:`deal_world`).
- **Once trumps are named** only trumps matter, and every trump is somewhere the viewer can
  account for: in its hand, played, killed — or in another player's hand (the dealer keeps
  every trump of the stock, so none is buried). What the table shows bounds how many each
  player holds: a player who discarded ``d`` cards kept ``9 - d`` dealt trumps, got at most
  ``received`` more from the stock, killed only above six, and a cold player holds none.
  :func:`trump_world` draws the count each player holds with the exact odds of a uniform
  deal given those facts, then which trumps, uniformly.

The odds: for counts ``n_p`` (the trumps player ``p`` holds now), ``x_p`` of its trumps came
from the stock, ``T_p`` it held in all. The deals that agree with the table number, up to a
constant, ``prod_p C(T_p, x_p) / (n_p! (r_p - x_p)!)``: which unseen trumps each holds (a
multinomial), which of its trumps were dealt and which drawn, and which unseen non-trumps
filled its ``r_p`` stock cards (every unseen non-trump lies in the stock).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import product
from math import comb, factorial

from games.pidro.rules import Card, Deal, Phase, TableView
from games.pidro.rules.cards import DECK, TRUMPS, mask_of
from games.pidro.rules.parts import HAND_SIZE, KEEP, SEATS


class NoWorld(ValueError):
    """A view no deal agrees with (a view the engine did not make)."""


def deal_world(view: TableView, rng: random.Random) -> Deal:
    """A deal the viewer could be playing, its own hand fixed (before trumps are named)."""
    assert view.seat is not None and view.hand is not None
    mine = mask_of(view.hand)
    rest = [c for c in DECK if not mine >> c.index & 1]
    rng.shuffle(rest)
    hands: list[tuple[Card, ...]] = []
    at = 0
    for seat in range(SEATS):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(rest[at : at + HAND_SIZE]))
            at += HAND_SIZE
    return Deal((hands[0], hands[1], hands[2], hands[3]), tuple(rest[at:]))


@dataclass(frozen=True, slots=True)
class TrumpOdds:
    """What the view says of the unseen trumps: which they are, and the possible counts each
    other player holds with their weights."""

    unseen: tuple[Card, ...]
    others: tuple[int, ...]
    """The seats besides the viewer, in order."""
    counts: tuple[tuple[int, ...], ...]
    """Possible counts, one per seat of :attr:`others`."""
    weights: tuple[float, ...]


def trump_odds(view: TableView) -> TrumpOdds:
    """The unseen trumps and the odds of each way of sharing them (trumps named)."""
    assert view.seat is not None and view.trump is not None and view.received is not None
    trumps = TRUMPS[view.trump.number]
    unseen_mask = trumps & ~mask_of(view.visible_cards())
    unseen = tuple(DECK[i] for i in range(52) if unseen_mask >> i & 1)
    played = [0, 0, 0, 0]
    for seat, _ in view.played:
        played[seat] += 1
    others = tuple(s for s in range(SEATS) if s != view.seat)
    ranges: list[list[tuple[int, float]]] = []
    for p in others:
        options: list[tuple[int, float]] = []
        if p in view.cold:
            options.append((0, 1.0))
        else:
            base = HAND_SIZE - len(view.discards[p])
            known = len(view.kills[p]) + played[p]
            received = view.received[p]
            killing = view.phase is Phase.KILL and p in view.to_act
            for n in range((view.hand_sizes[p] if killing else min(KEEP, view.hand_sizes[p])) + 1):
                total = n + known
                drawn = total - base
                if not 0 <= drawn <= received:
                    continue
                if killing:
                    if total <= KEEP:  # it still has to kill: it holds more than six
                        continue
                elif (total - len(view.kills[p]) != KEEP) if view.kills[p] else total > KEEP:
                    continue
                weight = comb(total, drawn) / (factorial(n) * factorial(received - drawn))
                options.append((n, weight))
        ranges.append(options)
    counts: list[tuple[int, ...]] = []
    weights: list[float] = []
    for combo in product(*ranges):
        if sum(n for n, _ in combo) != len(unseen):
            continue
        w = 1.0
        for _, part in combo:
            w *= part
        counts.append(tuple(n for n, _ in combo))
        weights.append(w)
    if not counts:
        raise NoWorld("no deal agrees with this view")
    return TrumpOdds(unseen, others, tuple(counts), tuple(weights))


def trump_world(odds: TrumpOdds, rng: random.Random) -> dict[int, int]:
    """One guess: the mask of trumps each other seat holds."""
    (counts,) = rng.choices(odds.counts, weights=odds.weights)
    cards = list(odds.unseen)
    rng.shuffle(cards)
    out: dict[int, int] = {}
    at = 0
    for seat, n in zip(odds.others, counts, strict=True):
        out[seat] = mask_of(cards[at : at + n])
        at += n
    return out
