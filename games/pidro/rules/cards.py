"""Pidro's cards: a 52-card deck, the fourteen trumps of a named suit, their order and points.

The 52 cards exist once each as module-level singletons, so they compare by identity and each
carries a small :attr:`Card.index` (its bit in a card mask). Everything the rules ask of a card
once trumps are named (is it a trump, how strong, how many points) is a table lookup by index,
made here once: the engine and the computer players' searches ask it thousands of times.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

from bot.cards import SuitedCard, make_deck
from bot.suits import SUITS as SUITS
from bot.suits import CardParseError as CardParseError
from bot.suits import Suit as Suit


class Rank(enum.Enum):
    """The thirteen ranks, weakest first, by their character in the text notation."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def number(self) -> int:
        """0 for the two up to 12 for the Ace."""
        return _RANK_NUMBERS[self]

    @property
    def label(self) -> str:
        """The rank for people: ``10`` for the ten, else its character."""
        return "10" if self is Rank.TEN else self.value

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank character (``2`` … ``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``)."""
        key = text.strip().upper()
        if key == "10":
            key = "T"
        for rank in cls:
            if key == rank.value:
                return rank
        raise CardParseError(f"{text!r} is not a rank (use 2-9, T, J, Q, K or A)")


_RANK_NUMBERS = {rank: n for n, rank in enumerate(Rank)}


class Card(SuitedCard[Rank]):
    """One of the 52 cards. Use :meth:`Card.parse` or :data:`DECK`; never construct directly.
    ``index`` is 0..51, ``suit.number * 13 + rank.number``: the card's bit in a card mask."""

    __slots__ = ()
    example = "TH or 5D"

    def is_trump(self, trump: Suit) -> bool:
        return bool(TRUMPS[trump.number] >> self.index & 1)

    def points(self, trump: Suit) -> int:
        """What the card scores with ``trump`` named (dead cards score nothing)."""
        return POINTS[trump.number][self.index]

    def strength(self, trump: Suit) -> int:
        """Its place in the trump order: 13 for the Ace down to 0 for the two; -1 if dead."""
        return STRENGTH[trump.number][self.index]


DECK: tuple[Card, ...] = make_deck(Card, Rank)
"""All 52 cards by index: spades 2..A, hearts 2..A, diamonds 2..A, clubs 2..A."""


card_at = Card.at


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def cards_text(cards: Iterable[Card]) -> list[str]:
    return [c.text for c in cards]


# --- Card masks ---------------------------------------------------------------------------


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


def indices(mask: int) -> Iterator[int]:
    """The indices of a mask's cards, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_in(mask: int) -> tuple[Card, ...]:
    """A mask's cards, by index."""
    return tuple(DECK[i] for i in indices(mask))


# --- Trumps -------------------------------------------------------------------------------

_FIVE = Rank.FIVE.number


def _suit_mask(suit: Suit) -> int:
    return ((1 << 13) - 1) << (suit.number * 13)


def _trumps(trump: Suit) -> int:
    return _suit_mask(trump) | 1 << (trump.partner.number * 13 + _FIVE)


def _strength(trump: Suit, c: Card) -> int:
    if c.suit is trump:
        n = c.rank.number
        if n < _FIVE:
            return n  # 2, 3, 4: 0..2
        if n == _FIVE:
            return 4  # the right five
        return n + 1  # 6 … A: 6..13
    if c.suit is trump.partner and c.rank is Rank.FIVE:
        return 3  # the wrong five
    return -1


_POINTS_BY_RANK = {Rank.ACE: 1, Rank.JACK: 1, Rank.TEN: 1, Rank.FIVE: 5, Rank.TWO: 1}

TRUMPS: tuple[int, ...] = tuple(_trumps(s) for s in Suit)
"""``TRUMPS[suit.number]``: the mask of the 14 trumps when ``suit`` is named."""
STRENGTH: tuple[tuple[int, ...], ...] = tuple(tuple(_strength(s, c) for c in DECK) for s in Suit)
"""``STRENGTH[suit.number][card.index]``: 13 (Ace) … 4 (right five), 3 (wrong five) … 0 (the
two); -1 for a dead card."""
POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_POINTS_BY_RANK.get(c.rank, 0) if STRENGTH[s.number][c.index] >= 0 else 0 for c in DECK)
    for s in Suit
)
"""``POINTS[suit.number][card.index]``: A, J, 10 and the 2 score 1, each five 5; 14 a suit."""
POINT_CARDS: tuple[int, ...] = tuple(
    sum(1 << c.index for c in DECK if POINTS[s.number][c.index]) for s in Suit
)
"""``POINT_CARDS[suit.number]``: the mask of the six trumps worth points."""
TWOS: tuple[int, ...] = tuple(s.number * 13 + Rank.TWO.number for s in Suit)
"""``TWOS[suit.number]``: the index of the trump two (its point goes to whoever played it)."""
POINTS_PER_HAND = 14


def trump_order(trump: Suit) -> tuple[Card, ...]:
    """The 14 trumps, strongest first."""
    row = STRENGTH[trump.number]
    return tuple(sorted((c for c in DECK if row[c.index] >= 0), key=lambda c: -row[c.index]))
