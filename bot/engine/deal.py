"""The chance steps: the cut for the first dealer and each round's deal."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.engine.cards import DECK, Card
from bot.engine.errors import InvalidDeal

PILES = 5
"""Strawman piles in front of each player."""
HAND_SIZE = 8
"""Cards dealt to each hand."""


@dataclass(frozen=True, slots=True)
class Cut:
    """The cut for the first dealer: one card per seat; the weaker card deals."""

    cards: tuple[Card, Card]
    """``cards[s]`` is the card seat ``s`` cut."""

    def __post_init__(self) -> None:
        a, b = self.cards
        if a.rank is b.rank:
            raise InvalidDeal("a cut of two equal ranks is cut again, it cannot decide the dealer")

    @property
    def dealer(self) -> int:
        """The seat that cut the weaker card (natural order: a 9 is the weakest)."""
        a, b = self.cards
        return 0 if a.rank.strength < b.rank.strength else 1

    @classmethod
    def random(cls, rng: random.Random) -> Cut:
        """Cut until the two ranks differ, as players would."""
        while True:
            a, b = rng.sample(DECK, 2)
            if a.rank is not b.rank:
                return cls((a, b))


@dataclass(frozen=True, slots=True)
class Deal:
    """One round's deal: each seat's hand and five strawman piles."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    """``hands[s]``: the 8 cards of seat ``s``'s hand."""
    strawmen: tuple[tuple[tuple[Card, Card], ...], tuple[tuple[Card, Card], ...]]
    """``strawmen[s][i]``: pile ``i`` of seat ``s`` as ``(face-down card, face-up card)``."""

    def __post_init__(self) -> None:
        seen: set[int] = set()
        for seat in (0, 1):
            if len(self.hands[seat]) != HAND_SIZE:
                raise InvalidDeal(f"seat {seat} must be dealt {HAND_SIZE} hand cards")
            if len(self.strawmen[seat]) != PILES:
                raise InvalidDeal(f"seat {seat} must have {PILES} strawman piles")
            for pile in self.strawmen[seat]:
                if len(pile) != 2:
                    raise InvalidDeal("each strawman pile holds a face-down and a face-up card")
            for c in (*self.hands[seat], *(x for pile in self.strawmen[seat] for x in pile)):
                if c.index in seen:
                    raise InvalidDeal(f"{c} is dealt twice")
                seen.add(c.index)
        if len(seen) != len(DECK):
            raise InvalidDeal("a deal must use all 36 cards")

    @classmethod
    def shuffled(cls, rng: random.Random) -> Deal:
        """Shuffle the deck and deal it: strawmen down, strawmen up, then the hands."""
        deck = list(DECK)
        rng.shuffle(deck)
        return cls.from_order(deck)

    @classmethod
    def from_order(cls, deck: list[Card]) -> Deal:
        """Deal a deck in this order (first card first)."""
        down = (tuple(deck[0:5]), tuple(deck[5:10]))
        up = (tuple(deck[10:15]), tuple(deck[15:20]))
        hands = (tuple(deck[20:28]), tuple(deck[28:36]))
        strawmen = (
            tuple(zip(down[0], up[0], strict=True)),
            tuple(zip(down[1], up[1], strict=True)),
        )
        return cls(hands, strawmen)
