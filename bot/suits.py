"""The four suits of the French deck and their text notation, shared by every game here.

Every game writes a card as its rank character and suit letter (``7H``, ``TH``) and shows it
with the suit's symbol (``7♥``); each game has its own ranks and cards (:mod:`bot.cards` for the
games with one copy of each card, its own where it has copies and jokers), but a suit is a
suit. Pure: no I/O.
"""

from __future__ import annotations

import enum


class CardParseError(ValueError):
    """Text that is not a card, a suit or a rank in the text notation."""


class Suit(enum.Enum):
    """The four suits, by their letter in the text notation."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's symbol for people: ♠ ♥ ♦ ♣."""
        return _SYMBOLS[self]

    @property
    def noun(self) -> str:
        """The suit's name in plain words, e.g. ``hearts``."""
        return self.name.lower()

    @property
    def number(self) -> int:
        """0..3, in the order S H D C."""
        return _NUMBERS[self]

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (hearts and diamonds, spades and clubs)."""
        return _PARTNERS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit letter (``S``, ``H``, ``D``, ``C``), symbol or name, in any case."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.value, suit.symbol, suit.name):
                return suit
        raise CardParseError(f"{text!r} is not a suit (use S, H, D or C)")


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_NUMBERS = {suit: n for n, suit in enumerate(Suit)}
_PARTNERS = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
SUITS: tuple[Suit, ...] = tuple(Suit)
"""The suits in notation order (S H D C)."""
