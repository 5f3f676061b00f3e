"""A card of the French suits, shared by the games that deal one copy of each card: a rank of
the game's own (:class:`Ranks`) and a :class:`~bot.suits.Suit`.

A game subclasses :class:`SuitedCard` with its ranks (adding what its rules ask of a card) and
makes its deck once with :func:`make_deck`: every card then exists once, as a module-level
singleton, so cards compare and hash by identity cheaply, pickle back to the same object, and
carry a small :attr:`SuitedCard.index` (the card's bit in a card mask). Games with copies of a
card or jokers (a double deck) keep their own card. Pure: no I/O.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar, Generic, Protocol, Self, TypeVar

from bot.suits import CardParseError, Suit


class Ranks(Protocol):
    """What a game's rank enum gives: its notation character (the enum's value), a label for
    people, its number in the game's order and a parser."""

    @property
    def label(self) -> str: ...

    @property
    def number(self) -> int: ...


R = TypeVar("R", bound=Ranks)


@dataclass(frozen=True, slots=True, eq=False)
class SuitedCard(Generic[R]):
    """One card of a game's deck. Never construct: a game's deck is :func:`make_deck`'s."""

    rank: R
    suit: Suit
    index: int
    """``suit.number * len(ranks) + rank.number``: the card's bit in a card mask."""
    text: str
    """Text notation: rank character then suit letter (``7H``, ``TH``)."""

    deck: ClassVar[tuple[SuitedCard[R], ...]]
    by_text: ClassVar[dict[str, SuitedCard[R]]]
    ranks: ClassVar[type[enum.Enum]]
    example: ClassVar[str] = "7H or AS"
    """How a card is written, for the parse error (``7H or AS``)."""

    @property
    def display(self) -> str:
        """For people: ``7♥``, ``10♥``."""
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text})"

    def __lt__(self, other: SuitedCard[R]) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[type[SuitedCard[R]], int]]:
        # Pickling (process pools) gives back the singleton.
        return (_card_of, (type(self), self.index))

    @classmethod
    def at(cls, index: int) -> Self:
        """The card with this :attr:`index`."""
        return cls.deck[index]  # type: ignore[return-value]

    @classmethod
    def parse(cls, text: str) -> Self:
        """``7H``, ``as``, ``10♥`` or ``TH`` (whatever the game's ranks parse)."""
        found = cls.by_text.get(text)
        if found is not None:  # the stored notation: loading a game parses hundreds of these
            return found  # type: ignore[return-value]
        raw = text.strip()
        if len(raw) not in (2, 3):
            raise CardParseError(
                f"{text!r} is not a card (write rank then suit, like {cls.example})"
            )
        rank: Ranks = cls.ranks.parse(raw[:-1])  # type: ignore[attr-defined]
        suit = Suit.parse(raw[-1])
        return cls.deck[suit.number * len(cls.ranks) + rank.number]  # type: ignore[return-value]


def _card_of(cls: type[SuitedCard[R]], index: int) -> SuitedCard[R]:
    return cls.deck[index]


C = TypeVar("C", bound=SuitedCard)  # type: ignore[type-arg]


def make_deck(card: type[C], ranks: type[enum.Enum]) -> tuple[C, ...]:
    """Every card of ``card``'s game, once, by index: each suit (S H D C) in the ranks' order.
    Remembered on the class, so :meth:`SuitedCard.parse` and pickling find the singletons."""
    deck = tuple(
        card(rank, suit, suit.number * len(ranks) + rank.number, rank.value + suit.value)  # type: ignore[attr-defined]
        for suit in Suit
        for rank in ranks
    )
    card.deck = deck
    card.by_text = {c.text: c for c in deck}
    card.ranks = ranks
    return deck
