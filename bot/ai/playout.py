"""The playout policy: a fast rule-based player on :class:`~bot.engine.fast.FastRound` bitmasks.

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

from dataclasses import dataclass

from bot.engine.fast import (
    CARDS,
    POINTS,
    RANK_MASKS,
    SUIT_MASK_OF,
    SUIT_MASKS,
    FastRound,
    cards,
    follow_wins_table,
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
    follow_strawman: float = 0.0
    """A follower's preference for a face-up strawman card."""
    kept_points: float = 1.0
    """How much a kept card's own points count in its swing."""
    void_lead: float = 0.0
    """A leader's preference for a suit the follower has no available card of."""
    trump_lead: float = 0.0
    """A leader's reluctance to lead a trump."""


WEIGHTS = Weights()
"""The weights the levels play with."""

_BEATEN_BY: dict[int, tuple[int, ...]] = {}


def beaten_by(trump_suit: int, trump_rank: int) -> tuple[int, ...]:
    """``table[c]``: the mask of cards that take a trick led with card ``c`` (cached)."""
    key = trump_suit * 9 + trump_rank
    table = _BEATEN_BY.get(key)
    if table is None:
        wins = follow_wins_table(trump_suit, trump_rank)
        table = tuple(
            sum(1 << f for f in range(CARDS) if f != lead and wins[lead * CARDS + f])
            for lead in range(CARDS)
        )
        _BEATEN_BY[key] = table
    return table


class Playout:
    """The policy for one round's trumps; :meth:`run` plays a position to its end."""

    __slots__ = ("beaten", "bonus", "down", "hold", "trumps", "w")

    beaten: tuple[int, ...]
    """:func:`beaten_by` for these trumps."""
    trumps: int
    """The mask of every trump."""

    def __init__(self, trump_suit: int, trump_rank: int, weights: Weights = WEIGHTS) -> None:
        self.w = weights
        self.beaten = beaten_by(trump_suit, trump_rank)
        rank = RANK_MASKS[trump_rank]
        self.trumps = SUIT_MASKS[trump_suit] | rank
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
        points = self.w.kept_points
        for c in cards(mine):
            threats = beaten[c]
            n = 2 * (threats & theirs).bit_count() + down * (threats & their_downs).bit_count()
            keep[c] = (2.0 * hold[n] - 1.0) * (points * POINTS[c] + swing) + bonus[c]
        return keep

    def keeps(self, fr: FastRound) -> tuple[list[float], list[float]]:
        """Both seats' kept values of their available cards in this position."""
        hands, tops, downs = fr.hands, fr.tops, fr.downs
        available = (hands[0] | tops[0], hands[1] | tops[1])
        return (
            self.keep_values(available[0], available[1], downs[1]),
            self.keep_values(available[1], available[0], downs[0]),
        )

    def run(self, fr: FastRound) -> None:
        """Play ``fr`` to the end of the round with this policy (mutates ``fr``)."""
        keeps = self.keeps(fr)
        if fr.led >= 0:
            fr.play(self.answer(fr, keeps[1 - fr.leader]))
            keeps = self.keeps(fr)
        while True:
            leader = fr.leader
            if not (fr.hands[leader] | fr.tops[leader]):
                return
            fr.play(self.lead(fr, keeps))
            fr.play(self.answer(fr, keeps[1 - leader]))
            keeps = self.keeps(fr)

    def choose(self, fr: FastRound) -> int:
        """The policy's card for the seat to play in ``fr``."""
        keeps = self.keeps(fr)
        if fr.led >= 0:
            return self.answer(fr, keeps[1 - fr.leader])
        return self.lead(fr, keeps)

    def answer(self, fr: FastRound, keep: list[float]) -> int:
        """The follower's card to the card led in ``fr``."""
        seat = 1 - fr.leader
        led = fr.led
        available = fr.hands[seat] | fr.tops[seat]
        suit = SUIT_MASK_OF[led]
        if available & suit:
            available &= suit | self.trumps
        return self.best_answer(available, led, keep, fr.tops[seat])

    def best_answer(self, legal: int, led: int, keep: list[float], tops: int) -> int:
        """Among ``legal``, the card that does best against ``led``: the trick's points and
        the next lead (won or lost) net of the card's kept value; ``tops`` are the
        follower's face-up strawman cards."""
        wins = self.beaten[led]
        base = POINTS[led]
        weight = self.w.follow_keep
        lead = self.w.lead
        strawman = self.w.follow_strawman
        best = -1
        best_value = -1e9
        for c in cards(legal):
            trick = base + POINTS[c] + lead
            value = (trick if wins >> c & 1 else -trick) - weight * keep[c]
            if tops >> c & 1:
                value += strawman
            if value > best_value:
                best_value = value
                best = c
        return best

    def lead(self, fr: FastRound, keeps: tuple[list[float], list[float]]) -> int:
        """The leader's card: the best trick now against the predicted answer, net of the
        kept value each side spends."""
        leader = fr.leader
        keep = keeps[leader]
        their_keep = keeps[1 - leader]
        theirs = fr.hands[1 - leader] | fr.tops[1 - leader]
        tops = fr.tops[leader]
        trumps = self.trumps
        beaten = self.beaten
        w = self.w
        follow_keep = w.follow_keep
        lead_keep = w.lead_keep
        their_weight = w.their_keep
        bonus = w.lead
        # The follower's best winner is the first card of ``to_win`` it may play that beats
        # the lead, and its best loser the first of ``to_lose`` that does not (as in
        # best_answer): sorting once per trick saves scoring every answer to every lead.
        answers = cards(theirs)
        their_tops = fr.tops[1 - leader]
        strawman = w.follow_strawman
        cost = [0.0] * len(their_keep)
        for a in answers:
            cost[a] = follow_keep * their_keep[a] - (strawman if their_tops >> a & 1 else 0.0)
        to_win = sorted(answers, key=lambda a: cost[a] - POINTS[a])
        to_lose = sorted(answers, key=lambda a: cost[a] + POINTS[a])
        best = -1
        best_value = -1e9
        for c in cards(fr.hands[leader] | tops):
            suit = SUIT_MASK_OF[c]
            legal = theirs & (suit | trumps) if theirs & suit else theirs
            if legal:
                wins = legal & beaten[c]
                loses = legal & ~wins
                win_value = lose_value = -1e9
                winner = loser = -1
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
                if not theirs & suit:
                    value += w.void_lead
            else:
                value = POINTS[c] - keep[c]
            if tops >> c & 1:
                value += w.strawman_lead
            if trumps >> c & 1:
                value -= w.trump_lead
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


def play_out(fr: FastRound, seat: int) -> int:
    """Play ``fr`` to the end with the policy; the points ``seat`` takes from now on."""
    before = fr.captured[seat]
    Playout(fr.trump_suit, fr.trump_rank).run(fr)
    return fr.captured[seat] - before
