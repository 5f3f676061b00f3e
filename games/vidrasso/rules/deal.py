"""The chance steps: the cut for the first dealer and each round's deal."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.vidrasso.rules.cards import DECK, Card
from games.vidrasso.rules.errors import InvalidDeal

PILES = 5
"""Strawman piles in front of each player."""
HAND_SIZE = 8
"""Cards dealt to each hand."""


@dataclass(frozen=True, slots=True)
class Places:
    """Where one seat's cards lie in a deck order as it is dealt."""

    downs: slice
    """Its five face-down strawman cards, pile by pile."""
    ups: slice
    """The five face-up cards dealt on them, in the same pile order."""
    hand: slice
    """Its eight hand cards."""


def places(seat: int) -> Places:
    """Where ``seat``'s cards lie in a deck dealt first card first: five face-down strawman
    cards for each seat, five face-up cards on them for each seat, then eight hand cards each.

    The only place that knows the layout: everything that deals a deck order, or reads one,
    slices it with these.
    """
    piles = 2 * PILES
    return Places(
        downs=slice(PILES * seat, PILES * (seat + 1)),
        ups=slice(piles + PILES * seat, piles + PILES * (seat + 1)),
        hand=slice(2 * piles + HAND_SIZE * seat, 2 * piles + HAND_SIZE * (seat + 1)),
    )


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
        return cls._laid(shuffled_deck(rng))

    @classmethod
    def from_order(cls, deck: Sequence[Card]) -> Deal:
        """Deal a deck in this order (first card first), as :func:`places` lays it out."""
        if len(deck) == len(DECK) and len({c.index for c in deck}) == len(DECK):
            return cls._laid(deck)
        # Not the whole deck once: the checks say what is wrong.
        a, b = _SEATS
        hands = (tuple(deck[a.hand]), tuple(deck[b.hand]))
        strawmen = (
            tuple(zip(deck[a.downs], deck[a.ups], strict=False)),
            tuple(zip(deck[b.downs], deck[b.ups], strict=False)),
        )
        return cls(hands, strawmen)

    @classmethod
    def from_indices(cls, indices: Sequence[int]) -> Deal:
        """:meth:`from_order` of the cards of these indices."""
        if len(indices) == len(DECK) and len(set(indices)) == len(DECK):
            return cls._laid(list(map(DECK.__getitem__, indices)))
        return cls.from_order(list(map(DECK.__getitem__, indices)))

    @classmethod
    def _laid(cls, deck: Sequence[Card]) -> Deal:
        """The deal of a deck known to hold every card once (its checks cannot fail)."""
        a, b = _SEATS
        deal: Deal = object.__new__(cls)
        hands = (tuple(deck[a.hand]), tuple(deck[b.hand]))
        strawmen = (
            tuple(zip(deck[a.downs], deck[a.ups], strict=True)),
            tuple(zip(deck[b.downs], deck[b.ups], strict=True)),
        )
        object.__setattr__(deal, "hands", hands)
        object.__setattr__(deal, "strawmen", strawmen)
        return deal

    def order(self) -> list[Card]:
        """The deck order that :meth:`from_order` deals as this deal."""
        deck = list(DECK)  # every place is filled below
        for seat, at in enumerate(_SEATS):
            deck[at.downs] = [down for down, _ in self.strawmen[seat]]
            deck[at.ups] = [up for _, up in self.strawmen[seat]]
            deck[at.hand] = self.hands[seat]
        return deck


_SEATS = (places(0), places(1))


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The deck as ``rng.shuffle(list(DECK))`` leaves it, card for card.

    For a plain :class:`random.Random` the shuffle is written out here: the same Fisher-Yates
    walk and the same draws as the standard library's (``getrandbits`` of the bit length of
    ``i + 1``, drawn again while too large), without its two calls per card. A test holds it to
    ``rng.shuffle`` for many seeds; any other generator shuffles itself.
    """
    deck = list(DECK)
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return deck
    bits = rng.getrandbits
    for i, width in _DRAWS:
        j = bits(width)
        while j > i:
            j = bits(width)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


_DRAWS = tuple((i, (i + 1).bit_length()) for i in range(len(DECK) - 1, 0, -1))
"""The shuffle's steps, last place first: each place and the bit width of its draw."""
