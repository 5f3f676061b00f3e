"""Playing a guessed Pidro hand to its end, fast: the search's playout policy.

A playout runs on the engine's own :class:`~games.pidro.rules.game.Hand` with :func:`step`, inside
one
guessed world, so every seat's policy may look at the world's cards: they are a guess, not
the real hands. The policy is the easy level's play written on card masks (a few integer
operations a card): take a trick worth points with the cheapest sure winner, give points to
a partner who wins for sure, lead a sure winner, otherwise throw the cheapest card.
"""

from __future__ import annotations

from dataclasses import replace

from games.pidro.rules import Contract, Deal, Hand, HandAction, Kill, NameTrump, Phase, Play, Suit
from games.pidro.rules.cards import POINTS, STRENGTH, indices
from games.pidro.rules.game import PLAYS, dealt, kill_options, step
from games.pidro.rules.parts import SEATS


def policy(hand: Hand) -> Play:
    """The card the seat to play chooses in the world ``hand``."""
    assert hand.trump is not None
    seat = hand.turn
    suit = hand.trump.number
    strength, points = STRENGTH[suit], POINTS[suit]
    trumps = hand.trumps
    mine = list(indices(hand.held[seat] & trumps))
    plays = PLAYS[seat]
    if len(mine) == 1:
        return plays[mine[0]]
    team = seat & 1
    top = max(mine, key=strength.__getitem__)
    if not hand.plays:
        rivals = 0
        for s in range(team ^ 1, SEATS, 2):
            rivals |= hand.held[s]
        beat = max((strength[i] for i in indices(rivals & trumps)), default=-1)
        if strength[top] > beat:
            return plays[top]
        return plays[_cheapest(mine, strength, points)]
    best_seat, best = hand.plays[0]
    for s, c in hand.plays:
        if strength[c.index] > strength[best.index]:
            best_seat, best = s, c
    high = strength[best.index]
    # The rivals still to play in this trick.
    later = 0
    s = (seat + 1) % SEATS
    while s != hand.leader:
        if s & 1 != team:
            later |= hand.held[s]
        s = (s + 1) % SEATS
    beat = max((strength[i] for i in indices(later & trumps)), default=-1)
    if best_seat & 1 == team and high > beat:
        return plays[max(mine, key=lambda i: (points[i], -strength[i]))]
    floor = max(high, beat)
    winners = [i for i in mine if strength[i] > floor]
    on_trick = sum(points[c.index] for _, c in hand.plays)
    if winners and (on_trick or any(points[i] and strength[i] for i in mine)):
        return plays[min(winners, key=strength.__getitem__)]
    return plays[_cheapest(mine, strength, points)]


def _cheapest(mine: list[int], strength: tuple[int, ...], points: tuple[int, ...]) -> int:
    """The card to throw: the weakest without points, else the two, else the weakest."""
    return min(
        mine, key=lambda i: (2 if points[i] and strength[i] else int(points[i] > 0), strength[i])
    )


def weakest_kill(hand: Hand, seat: int) -> Kill:
    """Kill the weakest trumps, keeping the strongest."""
    assert hand.trump is not None
    suit = hand.trump
    kills = kill_options(seat, hand.held[seat] & hand.trumps, suit)
    return min(kills, key=lambda k: sum(c.strength(suit) for c in k.cards))


def finish(hand: Hand) -> Hand:
    """Play ``hand`` out with the policy (kills included) until it is scored."""
    while hand.scores is None:
        action: HandAction = weakest_kill(hand, hand.killing[0]) if hand.killing else policy(hand)
        hand = step(hand, action, [])
    return hand


def contract_hand(deal: Deal, dealer: int, seat: int, bid: int, suit: Suit) -> Hand:
    """The hand of ``deal`` as if ``seat`` won the bidding at ``bid`` and named ``suit``."""
    hand = replace(dealt(1, dealer, deal), contract=Contract(seat, bid))
    assert hand.phase is Phase.TRUMP
    return step(hand, NameTrump(seat, suit), [])
