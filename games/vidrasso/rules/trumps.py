"""Trumps and the card-level rules of a trick: what may be played and who wins.

These are pure functions of cards and trumps; :mod:`games.vidrasso.rules.game` applies them to a
state.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.vidrasso.rules.cards import Card, Rank, Suit


class BidKind(enum.Enum):
    """What a trump choice names: the trump suit or the trump rank."""

    SUIT = "suit"
    RANK = "rank"

    @property
    def other(self) -> BidKind:
        """The kind the other player names."""
        return BidKind.RANK if self is BidKind.SUIT else BidKind.SUIT


@dataclass(frozen=True, slots=True)
class Bid:
    """One trump choice: a seat names the trump suit or the trump rank."""

    seat: int
    """Who chose."""
    kind: BidKind
    """Suit or rank."""
    value: Suit | Rank
    """The suit or rank named; its type matches ``kind``."""

    def __post_init__(self) -> None:
        expected = Suit if self.kind is BidKind.SUIT else Rank
        if not isinstance(self.value, expected):
            raise ValueError(f"a {self.kind.value} bid needs a {expected.__name__}")

    @property
    def text(self) -> str:
        """``hearts`` or ``sevens``, for messages."""
        return self.value.noun


@dataclass(frozen=True, slots=True)
class Trumps:
    """The trump suit and trump rank of a round (either may still be unknown)."""

    suit: Suit | None = None
    """The trump suit, once named."""
    rank: Rank | None = None
    """The trump rank, once named."""

    @classmethod
    def from_bids(cls, bids: Iterable[Bid]) -> Trumps:
        """The trumps named by these bids."""
        suit: Suit | None = None
        rank: Rank | None = None
        for bid in bids:
            if isinstance(bid.value, Suit):
                suit = bid.value
            else:
                rank = bid.value
        return cls(suit, rank)

    @property
    def complete(self) -> bool:
        """Both the suit and the rank are named."""
        return self.suit is not None and self.rank is not None

    def is_trump(self, card: Card) -> bool:
        """A trump-suit card or a trump-rank card."""
        return card.suit is self.suit or card.rank is self.rank

    def is_rank_trump(self, card: Card) -> bool:
        """One of the four trump-rank cards, the strongest cards of the round."""
        return card.rank is self.rank

    def strength(self, card: Card) -> int:
        """A number that orders the cards of this round, weakest to strongest.

        Plain cards 0..8, trump-suit cards 10..18, trump-rank cards 20 (all equal). Within the
        plain suits the number only orders cards of the same suit; who wins a trick is decided
        by :func:`trick_winner`, which knows about the led suit.
        """
        if card.rank is self.rank:
            return 20
        if card.suit is self.suit:
            return 10 + card.rank.strength
        return card.rank.strength

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Order for showing a hand: strongest first, plain suits grouped by suit."""
        group = 2 if card.rank is self.rank else 1 if card.suit is self.suit else 0
        return (-group, card.suit.number if group == 0 else 0, -self.strength(card))


def trump_options(bids: Sequence[Bid], seat: int) -> list[Bid]:
    """The trump choices open to ``seat`` after ``bids``: every suit and rank first, then the
    remaining kind. (Whether it is ``seat``'s turn is the game's business.)"""
    if len(bids) >= 2:
        return []
    kinds = [bids[0].kind.other] if bids else [BidKind.SUIT, BidKind.RANK]
    options: list[Bid] = []
    for kind in kinds:
        values: Sequence[Suit | Rank] = list(Suit) if kind is BidKind.SUIT else list(Rank)
        options.extend(Bid(seat, kind, v) for v in values)
    return options


def legal_plays(available: Sequence[Card], led: Card | None, trumps: Trumps) -> list[Card]:
    """The cards that may be played from ``available``.

    The leader (``led`` is None) may play anything. A follower holding any card of the led
    suit (by printed suit, trump-rank cards included) must play a card of that suit or any
    trump; a follower with no card of the led suit may play anything.
    """
    if led is None:
        return list(available)
    led_suit = led.suit
    if not any(c.suit is led_suit for c in available):
        return list(available)
    return [c for c in available if c.suit is led_suit or trumps.is_trump(c)]


def trick_winner(lead: Card, follow: Card, trumps: Trumps) -> int:
    """Who wins a trick: 0 for the leader's card, 1 for the follower's.

    Two trump-rank cards: the second wins. One trump-rank card: it wins. Otherwise the
    strongest trump-suit card, and without one the strongest card of the led suit.
    """
    lead_rank = lead.rank is trumps.rank
    follow_rank = follow.rank is trumps.rank
    if lead_rank or follow_rank:
        return 1 if follow_rank else 0
    lead_suit = lead.suit is trumps.suit
    follow_suit = follow.suit is trumps.suit
    if lead_suit or follow_suit:
        if lead_suit and follow_suit:
            return 1 if follow.rank.strength > lead.rank.strength else 0
        return 1 if follow_suit else 0
    if follow.suit is lead.suit and follow.rank.strength > lead.rank.strength:
        return 1
    return 0


def must_message(led: Card, trumps: Trumps) -> str:
    """Why a card was refused, in a player's words."""
    return f"you must follow {led.suit.noun} or play a trump"
