"""Sets of cards as integers, and the rules of a trick read into tables of such sets.

A card is its :attr:`~games.vidrasso.rules.cards.Card.index`; a set of cards is an ``int`` with bit
``1 << index`` set for each card. The compact round (:mod:`games.vidrasso.rules.compact`) keeps
hands and
legal sets this way. The rules are not written here: :func:`trick_table` asks
:func:`~games.vidrasso.rules.trumps.legal_plays` and
:func:`~games.vidrasso.rules.trumps.trick_winner` about every
card, once per pair of trumps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from games.vidrasso.rules.cards import DECK, Card, Rank, Suit
from games.vidrasso.rules.trumps import Trumps, legal_plays, trick_winner

TEXTS: tuple[str, ...] = tuple(c.text for c in DECK)
"""``TEXTS[i]``: the text notation of card ``i``, without two enum lookups."""


def _bits(width: int) -> list[tuple[int, ...]]:
    """The set bits of every ``width``-bit value, lowest first."""
    bits: list[tuple[int, ...]] = [()]
    for b in range(width):
        bits += [(*t, b) for t in bits]
    return bits


# The set bits of every 12-bit value for the low, middle and high thirds of a mask: a mask's
# cards are three lookups and two concatenations.
_THIRDS = _bits(12)
INDEX_LOW: tuple[tuple[int, ...], ...] = tuple(_THIRDS)
"""``INDEX_LOW[m]``: the card indices of the 12-bit value ``m`` (cards 0 to 11)."""
INDEX_MID: tuple[tuple[int, ...], ...] = tuple(tuple(map((12).__add__, t)) for t in _THIRDS)
"""``INDEX_MID[m]``: the card indices of ``m << 12`` (cards 12 to 23)."""
INDEX_HIGH: tuple[tuple[int, ...], ...] = tuple(tuple(map((24).__add__, t)) for t in _THIRDS)
"""``INDEX_HIGH[m]``: the card indices of ``m << 24`` (cards 24 to 35)."""
Item = TypeVar("Item")


def picker(items: Sequence[Item]) -> Callable[[int], tuple[Item, ...]]:
    """``picker(items)(mask)``: the items of the cards of ``mask`` (``items[i]`` for card
    ``i``), lowest index first, as a shared tuple; each third of a mask is read once, then
    kept. (A closure: calling it costs less than calling a method.)"""
    table = tuple(items)
    get = table.__getitem__
    low: list[tuple[Item, ...] | None] = [None] * 4096
    mid: list[tuple[Item, ...] | None] = [None] * 4096
    high: list[tuple[Item, ...] | None] = [None] * 4096

    def pick(mask: int) -> tuple[Item, ...]:
        m = mask & 4095
        a = low[m]
        if a is None:
            a = low[m] = tuple(map(get, INDEX_LOW[m]))
        m = mask >> 12 & 4095
        b = mid[m]
        if b is None:
            b = mid[m] = tuple(map(get, INDEX_MID[m]))
        m = mask >> 24
        c = high[m]
        if c is None:
            c = high[m] = tuple(map(get, INDEX_HIGH[m]))
        return a + b + c

    return pick


def joiner(texts: Sequence[str]) -> Callable[[int], str]:
    """``joiner(texts)(mask)``: the texts of the cards of ``mask`` (``texts[i]`` for card
    ``i``), lowest index first, joined by commas; each third of a mask is joined once, then
    kept, so a mask's text is at most two more joins."""
    table = tuple(texts)
    thirds: list[list[str | None]] = [[None] * 4096 for _ in range(3)]
    indices = (INDEX_LOW, INDEX_MID, INDEX_HIGH)

    def third(part: int, m: int) -> str:
        text = thirds[part][m]
        if text is None:
            text = thirds[part][m] = ",".join([table[i] for i in indices[part][m]])
        return text

    low, mid, high = thirds

    def join(mask: int) -> str:
        m = mask & 4095
        a = low[m] if m else ""
        if a is None:
            a = third(0, m)
        m = mask >> 12 & 4095
        b = mid[m] if m else ""
        if b is None:
            b = third(1, m)
        m = mask >> 24
        c = high[m] if m else ""
        if c is None:
            c = third(2, m)
        if a and b:
            a = f"{a},{b}"
        elif b:
            a = b
        if a and c:
            return f"{a},{c}"
        return a or c

    return join


cards_in = picker(DECK)
"""``cards_in(mask)``: the cards of ``mask``, lowest index first (a shared tuple)."""


def mask_of(cards: Iterable[Card]) -> int:
    """The set of these cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


@dataclass(frozen=True, slots=True, eq=False)
class TrickTable:
    """The rules of a trick under one pair of trumps, as card sets by the led card's index."""

    follow: tuple[int, ...]
    """``follow[led]``: the cards of the led suit (printed suit); holding one obliges."""
    allowed: tuple[int, ...]
    """``allowed[led]``: what an obliged follower may play: the led suit and every trump."""
    beats: tuple[int, ...]
    """``beats[led]``: the follower's cards that take a trick led with ``led``."""

    def legal(self, available: int, led: int) -> int:
        """The cards of ``available`` a follower may play to the card ``led``."""
        if available & self.follow[led]:
            return available & self.allowed[led]
        return available


_TABLES: dict[tuple[int, int], TrickTable] = {}


def all_trick_tables() -> tuple[TrickTable, ...]:
    """The :class:`TrickTable` of every pair of trumps, by ``suit * 9 + rank`` (numbers)."""
    return tuple(trick_table(Trumps(suit, rank)) for suit in Suit for rank in Rank)


def trick_table(trumps: Trumps) -> TrickTable:
    """The :class:`TrickTable` of complete ``trumps`` (built on first use, then kept)."""
    assert trumps.suit is not None and trumps.rank is not None
    key = (trumps.suit.number, trumps.rank.number)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = _read_rules(trumps)
    return table


def _read_rules(trumps: Trumps) -> TrickTable:
    follow: list[int] = []
    allowed: list[int] = []
    beats: list[int] = []
    obliging: dict[object, int] = {}
    for led in DECK:
        # The whole deck holds the led suit, so what it may play is what an obliged follower may.
        answers = mask_of(legal_plays(DECK, led, trumps))
        if led.suit not in obliging:
            # A card not among the answers is refused beside a card that obliges, not alone.
            outsider = next(c for c in DECK if not answers >> c.index & 1)
            obliging[led.suit] = mask_of(
                c for c in DECK if outsider not in legal_plays((outsider, c), led, trumps)
            )
        follow.append(obliging[led.suit])
        allowed.append(answers)
        beats.append(mask_of(c for c in DECK if c is not led and trick_winner(led, c, trumps)))
    return TrickTable(tuple(follow), tuple(allowed), tuple(beats))
