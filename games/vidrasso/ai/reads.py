"""Reading the opponent's plays: which guessed hands make the cards it played likely.

A player's cards say something about the cards it kept. In a guessed world (see
:mod:`games.vidrasso.ai.worlds`) we know the whole round: replaying it from the first trick, we can
ask at
each of the opponent's plays whether the playout policy (:mod:`games.vidrasso.ai.playout`), holding
that
world's cards, would have played the card it did. A world in which it would have — often — is
a better guess than one in which it keeps playing against the policy.

The weight of a world is the likelihood of the opponent's plays in it: at each play with a
choice, the chance of the card played when a player picks each legal card with a chance that
grows with the policy's value of it (a softmax; :data:`SHARPNESS`).

Replaying needs every card the round has shown and where it came from: each pile's face-up
card as dealt and the under-card once turned (public; see
:class:`~games.vidrasso.rules.view.PileView`).
A view rebuilt from a message without memory may not have them; then nothing is read.
"""

from __future__ import annotations

import math

from games.vidrasso.ai.fast import BIT, CARDS, NO_CARD, FastRound, cards, mask_of
from games.vidrasso.ai.playout import Playout
from games.vidrasso.rules import Phase, TableView

SHARPNESS = 0.05
"""How closely a leader follows the policy's valuation of its cards: it leads each legal card
with a chance that goes with ``exp(SHARPNESS * value)``. Chosen between the maximum-likelihood
fits, with every card known, to greedy's leads (0.1) and medium's (0.05)."""
FOLLOW_SHARPNESS = 0.2
"""The same for a follower's cards, between the fits to greedy's follows (0.3) and medium's
(0.1): followers play closer to the policy than leaders."""


class PlayReading:
    """The opponent's plays this round, ready to be weighed in worlds.

    Build with :meth:`of` (None when there is nothing to read).
    """

    __slots__ = ("hands", "leader", "piles", "plays", "policy", "rank", "suit", "them")

    def __init__(
        self,
        view: TableView,
        plays: tuple[int, ...],
        hands: tuple[int, int],
        piles: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]],
    ) -> None:
        assert view.seat is not None
        assert view.trumps.suit is not None and view.trumps.rank is not None
        self.them = 1 - view.seat
        self.plays = plays
        """Every card played this round, in order."""
        self.hands = hands
        """Each seat's cards played from its hand (for the opponent, add a world's hand)."""
        self.piles = piles
        """Each pile as dealt, ``(up, down)``; a down card not yet turned is NO_CARD."""
        self.leader = 1 - view.dealer
        self.suit = view.trumps.suit.number
        self.rank = view.trumps.rank.number
        self.policy = Playout(self.suit, self.rank)

    @classmethod
    def of(cls, view: TableView) -> PlayReading | None:
        """The reading of ``view``'s round, or None when the opponent has not chosen a card
        yet or the view does not say where each played card came from."""
        if view.seat is None or view.hand is None or view.phase is not Phase.PLAY:
            return None
        if not all(p.known for row in view.strawmen for p in row):
            return None
        played = [(seat, card.index) for seat, card in view.plays]
        if not any(seat != view.seat for seat, _ in played):
            return None
        shown = [0, 0]
        piles: list[tuple[tuple[int, int], ...]] = []
        for s in (0, 1):
            row = []
            for p in view.strawmen[s]:
                assert p.dealt is not None
                down = NO_CARD if p.turned is None else p.turned.index
                row.append((p.dealt.index, down))
                shown[s] |= BIT[p.dealt.index] | (BIT[down] if down >= 0 else 0)
            piles.append(tuple(row))
        from_hand = [0, 0]
        for s, card in played:
            if not shown[s] >> card & 1:
                from_hand[s] |= BIT[card]
        from_hand[view.seat] |= mask_of(view.hand)
        plays = tuple(card for _, card in played)
        return cls(view, plays, (from_hand[0], from_hand[1]), (piles[0], piles[1]))

    def log_weight(self, their_hand: int, downs: tuple[tuple[int, ...], tuple[int, ...]]) -> float:
        """The log-likelihood of the opponent's plays in a world: the opponent's hand now and
        every face-down card (``downs[s][i]`` as in :class:`~games.vidrasso.ai.worlds.World`)."""
        them = self.them
        hands = [self.hands[0], self.hands[1]]
        hands[them] |= their_hand
        piles = tuple(
            tuple(
                (up, down if down >= 0 else downs[s][i])
                for i, (up, down) in enumerate(self.piles[s])
            )
            for s in (0, 1)
        )
        fr = FastRound(
            hands=(hands[0], hands[1]),
            piles=(piles[0], piles[1]),
            trump_suit=self.suit,
            trump_rank=self.rank,
            gifts=(NO_CARD, NO_CARD),
            leader=self.leader,
        )
        total = 0.0
        values = [0.0] * CARDS
        choose = self.policy.choose
        exp = math.exp
        for card in self.plays:
            if fr.to_play == them:
                legal = fr.legal(them)
                if legal & (legal - 1):
                    choose(fr, values)
                    k = FOLLOW_SHARPNESS if fr.led >= 0 else SHARPNESS
                    top = max(values[c] for c in cards(legal))
                    z = sum(exp(k * (values[c] - top)) for c in cards(legal))
                    total += k * (values[card] - top) - math.log(z)
            fr.play(card)
        return total
