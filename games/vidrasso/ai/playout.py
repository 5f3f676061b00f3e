"""The playout policy: a fast rule-based player on :class:`~games.vidrasso.ai.fast.FastRound`
bitmasks.

Search plays many rounds to their end from guessed positions. Random cards make those
playouts noisy and biased (a random player throws its trumps away), so they are played by this
policy instead. It sees the whole position it is given (a guessed world) and weighs every card
by the greedy player's idea: a trick moves both cards' points to its winner, so a card kept for
later is worth a *swing* of about its points plus an average card's, taken with the chance
that nothing the other seat still holds beats it.

- A follower takes the trick when that is worth more than keeping the winning card, and
  otherwise throws the card it will miss least.
- A leader looks one card ahead: for each card it could lead it predicts the follower's answer
  and leads the card with the best trick now plus the best change in kept value.
- Kept values are worked out again after every trick, as the cards that threaten each card
  leave the round.

The weights were tuned by playing the policy against variants of itself with every card in
view (``bench/ai.py`` measures what it brings to search).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, fields, replace

from games.vidrasso.ai.fast import (
    CARDS,
    NO_CARD,
    POINTS,
    RANK_MASKS,
    SUIT_MASKS,
    FastRound,
    TrickRules,
    cards,
    trick_rules,
)


@dataclass(frozen=True, slots=True)
class Weights:
    """The policy's weights (tuned by self-play with every card in view)."""

    spared: float = 0.766
    """The chance that one card able to beat ours is not spent on it: a card with ``n``
    threats left holds with chance ``spared ** n``."""
    swing: float = 11.4
    """What a trick won or lost with a kept card is worth beyond the card's own points."""
    down: float = 0.82
    """How much a threat still face down counts against one that is available."""
    rank_trump: float = 5.8
    """Extra worth of keeping a trump-rank card."""
    suit_trump: float = 11.0
    """Extra worth of keeping a trump-suit card."""
    follow_keep: float = 1.08
    """How much a follower weighs a card's kept value against the trick in front of it."""
    lead_keep: float = 1.09
    """How much a leader weighs the kept value of the card it leads."""
    their_keep: float = 0.985
    """How much a leader values making the follower spend a card worth keeping."""
    strawman_lead: float = 6.4
    """A leader's preference for a face-up strawman card (its under-card becomes playable)."""
    lead: float = 4.06
    """What winning a trick is worth beyond its points: the lead of the next one."""


WEIGHTS = Weights()
"""The weights the levels play with."""

CHANCES = frozenset({"spared", "down"})
"""The weights that are chances, so stay below 1 when jittered."""


def jittered(weights: Weights, spread: float, rng: random.Random) -> Weights:
    """``weights`` each scaled by a random factor ``exp(N(0, spread))``: a policy that plays
    like this one with a little variety."""
    changes = {}
    for f in fields(weights):
        value = getattr(weights, f.name) * math.exp(rng.gauss(0.0, spread))
        changes[f.name] = min(value, 0.99) if f.name in CHANCES else value
    return replace(weights, **changes)


def under_map(fr: FastRound) -> list[int]:
    """``under[c]``: the face-down card under the face-up strawman card ``c`` (NO_CARD when
    there is none), from the piles as they stand. The card under a strawman top led to the
    trick in progress is ``fr.pending``."""
    under = [NO_CARD] * CARDS
    for seat in (0, 1):
        for up, down in fr.strawmen(seat):
            if up >= 0:
                under[up] = down
    return under


class Playout:
    """The policy for one round's trumps.

    :meth:`finish` plays a position to the end on its own copies of the masks (the position
    is left as it was) and :meth:`choose` gives one card.
    """

    __slots__ = ("beaten", "bonus", "down", "hold", "rules", "w")

    rules: TrickRules
    """The rules of a trick under these trumps."""
    beaten: tuple[int, ...]
    """``beaten[c]``: the cards that take a trick led with ``c`` (from :attr:`rules`)."""

    def __init__(self, trump_suit: int, trump_rank: int, weights: Weights = WEIGHTS) -> None:
        self.w = weights
        self.rules = trick_rules(trump_suit, trump_rank)
        self.beaten = self.rules.beaten
        rank = RANK_MASKS[trump_rank]
        suit = SUIT_MASKS[trump_suit] & ~rank
        self.bonus = tuple(
            weights.rank_trump if rank >> c & 1 else weights.suit_trump if suit >> c & 1 else 0.0
            for c in range(CARDS)
        )
        # hold[n]: the chance to hold against n half-threats (a face-down threat counts
        # ``down`` of an available one, in steps of a half).
        self.hold = tuple(weights.spared ** (n / 2) for n in range(2 * CARDS + 1))
        self.down = round(2 * weights.down)

    def keep_values(self, mine: int, theirs: int, their_downs: int) -> list[float]:
        """What each card in ``mine`` is worth kept for later when the other seat holds
        ``theirs`` available and ``their_downs`` face down: the swing of a trick it takes
        with the chance that no threat is spent on it."""
        keep = [0.0] * CARDS
        beaten = self.beaten
        hold = self.hold
        bonus = self.bonus
        down = self.down
        swing = self.w.swing
        for c in cards(mine):
            threats = beaten[c]
            n = 2 * (threats & theirs).bit_count() + down * (threats & their_downs).bit_count()
            keep[c] = (2.0 * hold[n] - 1.0) * (POINTS[c] + swing) + bonus[c]
        return keep

    def _keeps(
        self, hands: list[int], tops: list[int], downs: list[int]
    ) -> tuple[list[float], list[float]]:
        available = (hands[0] | tops[0], hands[1] | tops[1])
        return (
            self.keep_values(available[0], available[1], downs[1]),
            self.keep_values(available[1], available[0], downs[0]),
        )

    def choose(self, fr: FastRound, values: list[float] | None = None) -> int:
        """The policy's card for the seat to play in ``fr``; with ``values`` (36 entries),
        also what it thinks each legal card is worth (higher is better)."""
        hands, tops = fr.hands, fr.tops
        keeps = self._keeps(hands, tops, fr.downs)
        leader = fr.leader
        if fr.led >= 0:
            f = 1 - leader
            return self.answer(hands[f] | tops[f], fr.led, keeps[f], values)
        return self.lead(
            hands[leader],
            tops[leader],
            hands[1 - leader] | tops[1 - leader],
            keeps,
            leader,
            values,
        )

    def finish(
        self, fr: FastRound, first: int = NO_CARD, under: list[int] | None = None
    ) -> tuple[int, int]:
        """Both seats' trick points at the end of the round when ``first`` (if given; it must
        be legal) and then the policy's cards are played from ``fr``, which is not changed.
        ``under`` is :func:`under_map` of ``fr`` when the caller has it already."""
        if under is None:
            under = under_map(fr)
        hands = fr.hands[:]
        tops = fr.tops[:]
        downs = fr.downs[:]
        captured = fr.captured[:]
        leader = fr.leader
        led = fr.led
        pending = fr.pending
        beaten = self.beaten
        card = first
        while True:
            keeps = None
            if led < 0:
                if card < 0:
                    if not (hands[leader] | tops[leader]):
                        break
                    keeps = self._keeps(hands, tops, downs)
                    card = self.lead(
                        hands[leader],
                        tops[leader],
                        hands[1 - leader] | tops[1 - leader],
                        keeps,
                        leader,
                    )
                bit = 1 << card
                if hands[leader] & bit:
                    hands[leader] ^= bit
                else:
                    tops[leader] ^= bit
                    pending = under[card]
                led = card
                card = NO_CARD
            f = 1 - leader
            if card < 0:
                if keeps is None:
                    keeps = self._keeps(hands, tops, downs)
                card = self.answer(hands[f] | tops[f], led, keeps[f])
            bit = 1 << card
            if hands[f] & bit:
                hands[f] ^= bit
            else:
                tops[f] ^= bit
                below = under[card]
                if below >= 0:
                    tops[f] |= 1 << below
                    downs[f] ^= 1 << below
            if pending >= 0:
                tops[leader] |= 1 << pending
                downs[leader] ^= 1 << pending
                pending = NO_CARD
            winner = f if beaten[led] >> card & 1 else leader
            captured[winner] += POINTS[led] + POINTS[card]
            leader = winner
            led = NO_CARD
            card = NO_CARD
        return (captured[0], captured[1])

    def answer(
        self, available: int, led: int, keep: list[float], values: list[float] | None = None
    ) -> int:
        """The follower's card to ``led`` from its ``available`` cards: the trick's points and
        the next lead (won or lost) net of the card's kept value (stored in ``values`` when
        given)."""
        legal = self.rules.legal(available, led)
        wins = self.beaten[led]
        base = POINTS[led] + self.w.lead
        weight = self.w.follow_keep
        best = NO_CARD
        best_value = -1e9
        for c in cards(legal):
            trick = base + POINTS[c]
            value = (trick if wins >> c & 1 else -trick) - weight * keep[c]
            if values is not None:
                values[c] = value
            if value > best_value:
                best_value = value
                best = c
        return best

    def lead(
        self,
        hand: int,
        tops: int,
        theirs: int,
        keeps: tuple[list[float], list[float]],
        leader: int,
        values: list[float] | None = None,
    ) -> int:
        """The leader's card from ``hand`` and face-up ``tops`` against a follower holding
        ``theirs`` available: the best trick now against the follower's predicted answer,
        net of the kept value each side spends (stored in ``values`` when given)."""
        keep = keeps[leader]
        their_keep = keeps[1 - leader]
        follow_legal = self.rules.legal
        beaten = self.beaten
        w = self.w
        follow_keep = w.follow_keep
        lead_keep = w.lead_keep
        their_weight = w.their_keep
        strawman = w.strawman_lead
        bonus = w.lead
        # The follower's best winner is the first card of ``to_win`` it may play that beats
        # the lead, and its best loser the first of ``to_lose`` that does not (as in
        # answer): sorting once per trick saves scoring every answer to every lead.
        answers = cards(theirs)
        cost = [0.0] * CARDS
        for a in answers:
            cost[a] = follow_keep * their_keep[a]
        to_win = sorted(answers, key=lambda a: cost[a] - POINTS[a])
        to_lose = sorted(answers, key=lambda a: cost[a] + POINTS[a])
        best = NO_CARD
        best_value = -1e9
        for c in cards(hand | tops):
            legal = follow_legal(theirs, c)
            if legal:
                wins = legal & beaten[c]
                loses = legal & ~wins
                win_value = lose_value = -1e9
                winner = loser = NO_CARD
                if wins:
                    for a in to_win:
                        if wins >> a & 1:
                            winner = a
                            break
                    win_value = POINTS[c] + POINTS[winner] + bonus - cost[winner]
                if loses:
                    for a in to_lose:
                        if loses >> a & 1:
                            loser = a
                            break
                    lose_value = -POINTS[c] - POINTS[loser] - bonus - cost[loser]
                if win_value > lose_value:
                    trick = -(POINTS[c] + POINTS[winner] + bonus)
                    answer = winner
                else:
                    trick = POINTS[c] + POINTS[loser] + bonus
                    answer = loser
                value = trick - lead_keep * keep[c] + their_weight * their_keep[answer]
            else:
                value = POINTS[c] - keep[c]
            if tops >> c & 1:
                value += strawman
            if values is not None:
                values[c] = value
            if value > best_value:
                best_value = value
                best = c
        return best

    def gift(self, hand: int, theirs: int, their_downs: int) -> int:
        """The card of an eight-card ``hand`` to give, when the other seat holds ``theirs``
        available and ``their_downs`` face down: the one whose points plus kept value are
        lowest."""
        keep = self.keep_values(hand, theirs, their_downs)
        return min(cards(hand), key=lambda c: POINTS[c] + keep[c])
