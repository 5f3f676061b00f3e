"""Vriddiot's cards: the 54-card deck (52 and two jokers) and the 104-card Dobbeldeck.

Every physical card is a module-level singleton with a unique :attr:`Card.index`; the two copies
of a card in the Dobbeldeck are different cards with the same :attr:`Card.face` and the same
text (``7H``; every joker is ``X``). Actions name cards by face (:data:`FACES`), and the engine
takes the lowest-indexed copy of a face wherever a choice between identical copies is made, so a
game is fully determined by the faces it shows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.suits import SUITS as SUITS
from bot.suits import CardParseError as CardParseError
from bot.suits import Suit as Suit

RANKS = "23456789TJQKA"
"""Rank characters by value: ``RANKS[value - 2]``."""
JOKER_RANK = 0
"""The rank of a joker before it is declared."""
TEN, JACK, ACE = 10, 11, 14
COMBO_RANKS = (6, 13)
"""Three of these laid together vanish: 666 and KKK."""
PLAIN_RANKS = frozenset((3, 4, 5, 6, 7, 9, 11, 12, 13, 14))
"""Ranks whose cards are plain (4♠ aside): only these start a war."""
JOKER_FACE = 52


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One physical card. Never construct: use :data:`DECK_CARDS`, :data:`FACES`, :meth:`parse`."""

    rank: int
    """2..14 (A = 14); 0 for a joker."""
    suit: Suit | None
    """None for a joker."""
    index: int
    """0..107, unique: ``copy * 54 + position``."""
    face: int
    """0..51 for ``suit.number * 13 + rank - 2``; 52 for every joker."""
    order: int
    """The canonical order: rank first (2 … A), then suit S H D C; jokers last (52)."""
    text: str
    group: int
    """The rank, except -4 for the 4♠ (always played alone); 0 for a joker."""

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_fourer(self) -> bool:
        """Der Fourer: the 4♠."""
        return self.rank == 4 and self.suit is Suit.SPADES

    @property
    def display(self) -> str:
        """For people: ``10♥``, ``🃏``."""
        if self.suit is None:
            return "🃏"
        return ("10" if self.rank == TEN else RANKS[self.rank - 2]) + self.suit.symbol

    @property
    def sortkey(self) -> int:
        return self.order * 128 + self.index

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text}#{self.index})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_at, (self.index,))

    @classmethod
    def parse(cls, text: str) -> Card:
        """The face named by ``TH``, ``10h``, ``10♥`` or ``X``."""
        found = _BY_TEXT.get(text)
        if found is not None:
            return found
        raw = text.strip().upper()
        if raw in ("X", "🃏", "JOKER"):
            return FACES[JOKER_FACE]
        if len(raw) not in (2, 3):
            raise CardParseError(f"{text!r} is not a card (write rank then suit, like TH, or X)")
        return face_of(parse_rank(raw[:-1]), Suit.parse(raw[-1]))


def parse_rank(text: str) -> int:
    key = text.strip().upper()
    if key == "10":
        key = "T"
    if len(key) == 1 and key in RANKS:
        return RANKS.index(key) + 2
    raise CardParseError(f"{text!r} is not a rank (use 2-9, T, J, Q, K or A)")


def _make(index: int) -> Card:
    position = index % 54
    if position >= 52:
        return Card(JOKER_RANK, None, index, JOKER_FACE, JOKER_FACE, "X", 0)
    suit = SUITS[position // 13]
    rank = position % 13 + 2
    order = (rank - 2) * 4 + suit.number
    group = -4 if rank == 4 and suit is Suit.SPADES else rank
    return Card(rank, suit, index, position, order, RANKS[rank - 2] + suit.value, group)


ALL_CARDS: tuple[Card, ...] = tuple(_make(i) for i in range(108))
"""Two full 54-card decks, by index."""
FACES: tuple[Card, ...] = ALL_CARDS[:53]
"""One card per face (copy 0): ``FACES[face]``; ``FACES[52]`` is the joker."""
_BY_TEXT = {c.text: c for c in FACES}
_DOUBLE_OUT = frozenset(("6H", "6D", "6C", "4S"))

SINGLE_DECK: tuple[Card, ...] = ALL_CARDS[:54]
"""52 cards and two jokers."""
DOUBLE_DECK: tuple[Card, ...] = ALL_CARDS[:54] + tuple(
    c for c in ALL_CARDS[54:] if c.text not in _DOUBLE_OUT
)
"""Two decks without a second 6♥, 6♦, 6♣ and 4♠: 104 cards, four of them jokers."""


def card_at(index: int) -> Card:
    return ALL_CARDS[index]


def face_of(rank: int, suit: Suit) -> Card:
    return FACES[suit.number * 13 + rank - 2]


def default_face(rank: int) -> Card:
    """The identity a joker declared by rank only takes: the rank in spades (a 4 in hearts)."""
    return face_of(rank, Suit.HEARTS if rank == 4 else Suit.SPADES)


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in canonical order: ranks 2 … A, suits S H D C within a rank, jokers last."""
    return tuple(sorted(cards, key=lambda c: c.sortkey))


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def texts(cards: Iterable[Card]) -> list[str]:
    return [c.text for c in cards]


def deck(double: bool) -> tuple[Card, ...]:
    return DOUBLE_DECK if double else SINGLE_DECK


def count_faces(cards: Iterable[Card]) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in cards:
        out[c.face] = out.get(c.face, 0) + 1
    return out
