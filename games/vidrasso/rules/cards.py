"""Cards, suits and ranks, and their text notation (`7H`, `AS`; shown as `7♥`).

The 36 cards exist once each as module-level singletons, so cards compare and hash by identity
cheaply and each carries a small integer :attr:`Card.index` used by the fast representation.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from bot.cards import SuitedCard, make_deck
from bot.suits import CardParseError as CardParseError
from bot.suits import Suit as Suit


class Rank(enum.Enum):
    """The nine ranks, by their character in the text notation.

    Natural order inside a suit, strongest first, is A 2 3 4 5 6 7 8 9.
    """

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"

    @property
    def label(self) -> str:
        """The rank as a card's corner shows it (its character: ``A``, ``7``)."""
        return self.value

    @property
    def points(self) -> int:
        """What a card of this rank scores: its number, an Ace 1."""
        return _RANK_NUMBERS[self] + 1

    @property
    def strength(self) -> int:
        """Natural strength: 8 for the Ace (strongest) down to 0 for the 9."""
        return 8 - _RANK_NUMBERS[self]

    @property
    def number(self) -> int:
        """0..8 in natural order, strongest first (A is 0, 9 is 8)."""
        return _RANK_NUMBERS[self]

    @property
    def noun(self) -> str:
        """The rank in words for messages, e.g. ``sevens``, ``aces``."""
        return _RANK_NOUNS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank character (``A``, ``2`` … ``9``), in any case."""
        key = text.strip().upper()
        if key in ("1", "ACE"):
            key = "A"
        for rank in cls:
            if key == rank.value:
                return rank
        raise CardParseError(f"{text!r} is not a rank (use A, 2, 3, 4, 5, 6, 7, 8 or 9)")


_RANK_NUMBERS = {rank: n for n, rank in enumerate(Rank)}
_RANK_NOUNS = {
    Rank.ACE: "aces",
    Rank.TWO: "twos",
    Rank.THREE: "threes",
    Rank.FOUR: "fours",
    Rank.FIVE: "fives",
    Rank.SIX: "sixes",
    Rank.SEVEN: "sevens",
    Rank.EIGHT: "eights",
    Rank.NINE: "nines",
}


class Card(SuitedCard[Rank]):
    """One of the 36 cards. Use :func:`card` or :meth:`Card.parse`; never construct directly.

    ``rank`` is the printed rank; ``suit`` the printed suit (a trump-rank card still follows by
    it); ``index`` is 0..35, ``suit.number * 9 + rank.number``, the card's bit in a card mask."""

    __slots__ = ()

    @property
    def points(self) -> int:
        """What the card scores in a capture pile."""
        return self.rank.points


DECK: tuple[Card, ...] = make_deck(Card, Rank)
"""All 36 cards, by index: spades A..9, hearts A..9, diamonds A..9, clubs A..9."""

_BY_KEY = {(c.rank, c.suit): c for c in DECK}


def card(rank: Rank, suit: Suit) -> Card:
    """The card of this rank and suit."""
    return _BY_KEY[(rank, suit)]


card_at = Card.at
"""The card with this :attr:`Card.index`."""


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse many cards at once."""
    return tuple(Card.parse(t) for t in texts)


def cards_text(cards: Iterable[Card]) -> list[str]:
    """The text notation of many cards, as JSON-ready strings."""
    return [c.text for c in cards]
