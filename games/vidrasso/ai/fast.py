"""A fast, mutable bitmask representation of a round in the play phase, for search and playouts.

The public engine (:mod:`games.vidrasso.rules.game`) is immutable and readable; this twin of it,
which
lives with the search code, trades both for speed. A card is its
:attr:`~games.vidrasso.rules.cards.Card.index` (``suit.number * 9 + rank.number``: suits S H D C are
0..3, ranks A..9 are 0..8, the Ace strongest), and a set of cards is an ``int`` with bit
``1 << index`` set for each card. Suits are numbered like :attr:`Suit.number`, ranks like
:attr:`Rank.number`.

:class:`FastRound` holds one round after the trumps and gifts: hands, strawmen, the trick in
progress, captured points. It can :meth:`~FastRound.play` and :meth:`~FastRound.undo`,
:meth:`~FastRound.copy` itself, give a hashable :meth:`~FastRound.key` for transposition tables,
and :meth:`~FastRound.playout` to the end with random legal cards. :func:`random_round` plays a
whole random round (deal, trumps, gifts, 34 cards) for benchmarks.

Nothing here checks legality: callers play cards from :meth:`FastRound.legal`. The public
engine stays the authority: the rules of a trick are not written here but read from
:mod:`games.vidrasso.rules.trumps` into tables (:func:`trick_rules`), a deck order is laid out by
:func:`games.vidrasso.rules.deal.places`, and the tests check this module against the engine card
by card.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.vidrasso.rules.cards import DECK, Card
from games.vidrasso.rules.deal import HAND_SIZE, Deal, places
from games.vidrasso.rules.game import Phase, Round
from games.vidrasso.rules.masks import INDEX_HIGH, INDEX_LOW, INDEX_MID, all_trick_tables

CARDS = 36
"""Cards in the deck; card indices are 0..35."""
ALL_CARDS = (1 << CARDS) - 1
"""The mask of the whole deck."""
NO_CARD = -1
"""Stands for "no card" where a card index is expected."""

BIT: tuple[int, ...] = tuple(1 << i for i in range(CARDS))
"""``BIT[i]``: the mask of card ``i`` alone."""
POINTS: tuple[int, ...] = tuple(i % 9 + 1 for i in range(CARDS))
"""``POINTS[i]``: what card ``i`` scores (its number; an Ace 1)."""
SUIT_MASKS: tuple[int, ...] = tuple(0x1FF << (9 * s) for s in range(4))
"""``SUIT_MASKS[s]``: the nine cards of suit ``s``."""
RANK_MASKS: tuple[int, ...] = tuple(sum(1 << (9 * s + r) for s in range(4)) for r in range(9))
"""``RANK_MASKS[r]``: the four cards of rank ``r``."""
SEATS = (places(0), places(1))
"""Where each seat's cards lie in a deck order (:func:`games.vidrasso.rules.deal.places`)."""
_POSITIONS = tuple(
    (
        tuple(range(CARDS)[at.hand]),
        tuple(zip(range(CARDS)[at.ups], range(CARDS)[at.downs], strict=True)),
    )
    for at in SEATS
)
"""Per seat, the positions in a deck order of its hand cards and of each pile's ``(up, down)``
cards, for :meth:`FastRound.from_order`."""

# The card indices of every 12-bit value, for the low, middle and high thirds of a mask (the
# engine's tables): turning a mask into its card indices is three lookups and two concatenations.
_LOW, _MID, _HIGH = INDEX_LOW, INDEX_MID, INDEX_HIGH


def cards(mask: int) -> tuple[int, ...]:
    """The card indices in ``mask``, lowest first."""
    return _LOW[mask & 4095] + _MID[mask >> 12 & 4095] + _HIGH[mask >> 24]


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of these cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


def cards_of(mask: int) -> list[Card]:
    """The public :class:`Card` objects in ``mask``, lowest index first."""
    return [DECK[i] for i in cards(mask)]


def pick(mask: int, rng: random.Random) -> int:
    """A uniformly random card index from a non-empty ``mask``."""
    options = cards(mask)
    return options[int(rng.random() * len(options))]


@dataclass(frozen=True, slots=True)
class TrickRules:
    """The engine's rules of a trick under one pair of trumps, as card masks by the led card.

    Built for every pair of trumps when this module loads, from the engine's
    :class:`~games.vidrasso.rules.masks.TrickTable` (which asks
    :func:`games.vidrasso.rules.trumps.legal_plays` and
    :func:`games.vidrasso.rules.trumps.trick_winner` about every card), so the rules are written
    once, in
    the engine.
    """

    obliged: tuple[int, ...]
    """``obliged[led]``: the cards that oblige a follower holding one of them (the led suit)."""
    answers: tuple[int, ...]
    """``answers[led]``: what an obliged follower may play (the led suit and every trump)."""
    beaten: tuple[int, ...]
    """``beaten[led]``: the cards that take a trick led with ``led``."""

    def legal(self, available: int, led: int) -> int:
        """The cards of ``available`` a follower may play to ``led``."""
        return available & self.answers[led] if available & self.obliged[led] else available


def trick_rules(trump_suit: int, trump_rank: int) -> TrickRules:
    """The :class:`TrickRules` of these trumps."""
    return _TRICK_RULES[trump_suit * 9 + trump_rank]


# The engine's own tables (:func:`games.vidrasso.rules.masks.trick_table`), built all at once:
# tables
# built one by one between playouts end up scattered in memory, and random rounds, which change
# trumps every round, run 10% slower.
_TRICK_RULES = tuple(TrickRules(t.follow, t.allowed, t.beats) for t in all_trick_tables())


Pile = tuple[int, int]
"""A strawman pile as ``(up, down)`` card indices, :data:`NO_CARD` where a card is missing."""

_Snapshot = tuple[int, int, int, int, int, int, int, int, int, int, int, int]


class FastRound:
    """A round in the play phase as bitmasks. Mutable; :meth:`copy` or :meth:`undo` to go back.

    Seats are 0 and 1. Per seat, ``hands[s]`` is the hand, ``tops[s]`` the face-up strawman
    cards, ``downs[s]`` the face-down strawman cards (including one whose top was just led: it
    turns up when the trick completes). Which down card lies under which top never changes
    during a round and is shared between copies.
    """

    __slots__ = (
        "_history",
        "_piles",
        "_under",
        "captured",
        "downs",
        "gifts",
        "hands",
        "leader",
        "led",
        "pending",
        "rules",
        "tops",
        "trick_count",
        "trump_rank",
        "trump_suit",
    )

    hands: list[int]
    """``hands[s]``: the mask of seat ``s``'s hand."""
    tops: list[int]
    """``tops[s]``: the mask of seat ``s``'s face-up strawman cards (playable)."""
    downs: list[int]
    """``downs[s]``: the mask of seat ``s``'s face-down strawman cards (not playable)."""
    captured: list[int]
    """``captured[s]``: trick points seat ``s`` has taken this round (gifts excluded)."""
    leader: int
    """The seat that leads (or led) the trick in progress."""
    led: int
    """The card led to the trick in progress, or :data:`NO_CARD` between tricks."""
    pending: int
    """The down card under the led strawman top, turning up after this trick; else NO_CARD."""
    trick_count: int
    """Tricks completed this round."""
    trump_suit: int
    """The trump suit's number."""
    trump_rank: int
    """The trump rank's number."""
    rules: TrickRules
    """The rules of a trick under these trumps."""
    gifts: tuple[int, int]
    """``gifts[s]``: the card seat ``s`` gave to the other seat (NO_CARD: unknown, 0 points)."""
    _under: Sequence[int]
    _piles: tuple[tuple[int, ...], tuple[int, ...]]
    _history: list[_Snapshot]

    def __init__(
        self,
        hands: tuple[int, int],
        piles: tuple[Sequence[Pile], Sequence[Pile]],
        trump_suit: int,
        trump_rank: int,
        gifts: tuple[int, int],
        leader: int,
        led: int = NO_CARD,
        captured: tuple[int, int] = (0, 0),
        trick_count: int = 0,
    ) -> None:
        """A position from its parts. ``piles[s]`` lists seat ``s``'s strawman piles as they
        stand, each ``(up, down)``; a pile ``(NO_CARD, down)`` of the leader during a trick is
        the pile whose top was just led (its down card turns up after the trick)."""
        under = [NO_CARD] * CARDS
        tops = [0, 0]
        downs = [0, 0]
        pending = NO_CARD
        for seat in (0, 1):
            for up, down in piles[seat]:
                if up >= 0:
                    tops[seat] |= 1 << up
                    under[up] = down
                if down >= 0:
                    downs[seat] |= 1 << down
                    if up < 0:
                        if seat != leader or led < 0 or pending >= 0:
                            raise ValueError("a face-down card without a top outside a trick")
                        pending = down
        if pending >= 0:
            under[led] = pending
        self.hands = [hands[0], hands[1]]
        self.tops = tops
        self.downs = downs
        self.captured = [captured[0], captured[1]]
        self.leader = leader
        self.led = led
        self.pending = pending
        self.trick_count = trick_count
        self.trump_suit = trump_suit
        self.trump_rank = trump_rank
        self.rules = trick_rules(trump_suit, trump_rank)
        self.gifts = gifts
        self._under = under
        self._piles = (
            tuple(up if up >= 0 else down for up, down in piles[0]),
            tuple(up if up >= 0 else down for up, down in piles[1]),
        )
        self._history = []

    # --- Constructors ----------------------------------------------------------------------

    @classmethod
    def from_round(cls, rnd: Round) -> FastRound:
        """The play-phase position of a public :class:`Round` (possibly mid-trick)."""
        if rnd.phase is not Phase.PLAY:
            raise ValueError(f"a fast round needs the play phase, not {rnd.phase.value}")
        trumps = rnd.trumps
        gifts = rnd.gifts_known
        assert trumps.suit is not None and trumps.rank is not None
        piles = tuple(
            tuple(
                (
                    NO_CARD if p.up is None else p.up.index,
                    NO_CARD if p.down is None else p.down.index,
                )
                for p in row
            )
            for row in rnd.strawmen
        )
        return cls(
            hands=(mask_of(rnd.hands[0]), mask_of(rnd.hands[1])),
            piles=(piles[0], piles[1]),
            trump_suit=trumps.suit.number,
            trump_rank=trumps.rank.number,
            gifts=(gifts[0].index, gifts[1].index),
            leader=rnd.leader,
            led=rnd.trick[0].index if rnd.trick else NO_CARD,
            captured=rnd.captured,
            trick_count=len(rnd.tricks),
        )

    @classmethod
    def from_deal(
        cls, deal: Deal, trump_suit: int, trump_rank: int, gifts: tuple[int, int], leader: int
    ) -> FastRound:
        """The first position of a round dealt as ``deal``, with these trumps and gifts.

        ``leader`` is the non-dealer, who leads the first trick.
        """
        order = [c.index for c in deal.order()]
        return cls.from_order(order, trump_suit, trump_rank, gifts, leader)

    @classmethod
    def from_order(
        cls,
        order: Sequence[int],
        trump_suit: int,
        trump_rank: int,
        gifts: tuple[int, int],
        leader: int,
    ) -> FastRound:
        """Like :meth:`from_deal` for the deck ``order`` (36 card indices) dealt as
        :meth:`Deal.from_order` deals it. The fast path for playouts: only the gifts are
        checked."""
        bit = BIT
        (hand0_at, piles0_at), (hand1_at, piles1_at) = _POSITIONS
        hand0 = hand1 = tops0 = downs0 = tops1 = downs1 = 0
        under = [NO_CARD] * CARDS
        # Loops over fixed positions, one per seat: this runs once per random round.
        for i in hand0_at:
            hand0 |= bit[order[i]]
        for i in hand1_at:
            hand1 |= bit[order[i]]
        g0, g1 = gifts
        if not (hand0 >> g0 & 1 and hand1 >> g1 & 1):
            raise ValueError("each gift must come from the giver's hand")
        for u, d in piles0_at:
            up = order[u]
            down = order[d]
            under[up] = down
            tops0 |= bit[up]
            downs0 |= bit[down]
        for u, d in piles1_at:
            up = order[u]
            down = order[d]
            under[up] = down
            tops1 |= bit[up]
            downs1 |= bit[down]
        self = cls.__new__(cls)
        self.hands = [hand0 ^ BIT[g0], hand1 ^ BIT[g1]]
        self.tops = [tops0, tops1]
        self.downs = [downs0, downs1]
        self.captured = [0, 0]
        self.leader = leader
        self.led = NO_CARD
        self.pending = NO_CARD
        self.trick_count = 0
        self.trump_suit = trump_suit
        self.trump_rank = trump_rank
        self.rules = trick_rules(trump_suit, trump_rank)
        self.gifts = gifts
        self._under = under
        first, second = SEATS
        self._piles = (tuple(order[first.ups]), tuple(order[second.ups]))
        self._history = []
        return self

    def copy(self) -> FastRound:
        """An independent copy (the undo history included)."""
        other = FastRound.__new__(FastRound)
        other.hands = self.hands[:]
        other.tops = self.tops[:]
        other.downs = self.downs[:]
        other.captured = self.captured[:]
        other.leader = self.leader
        other.led = self.led
        other.pending = self.pending
        other.trick_count = self.trick_count
        other.trump_suit = self.trump_suit
        other.trump_rank = self.trump_rank
        other.rules = self.rules
        other.gifts = self.gifts
        # Never mutated after construction, so shared.
        other._under = self._under
        other._piles = self._piles
        other._history = self._history[:]
        return other

    # --- Questions -------------------------------------------------------------------------

    @property
    def to_play(self) -> int:
        """The seat whose card the game waits for."""
        return self.leader if self.led < 0 else 1 - self.leader

    @property
    def is_over(self) -> bool:
        """All cards are played (between tricks, the leader has nothing left)."""
        leader = self.leader
        return self.led < 0 and not (self.hands[leader] | self.tops[leader])

    def available(self, seat: int) -> int:
        """The seat's hand and face-up strawman cards."""
        return self.hands[seat] | self.tops[seat]

    def remaining(self, seat: int) -> int:
        """Every card the seat still holds: hand, face-up and face-down strawmen."""
        return self.hands[seat] | self.tops[seat] | self.downs[seat]

    def legal(self, seat: int) -> int:
        """The mask of cards ``seat`` may play now; 0 when it is not that seat's turn.

        The leader may play anything available, a follower what :attr:`rules` allow.
        """
        led = self.led
        if led < 0:
            if seat != self.leader:
                return 0
            return self.hands[seat] | self.tops[seat]
        if seat == self.leader:
            return 0
        return self.rules.legal(self.hands[seat] | self.tops[seat], led)

    def moves(self) -> tuple[int, ...]:
        """The legal card indices of the seat to play, lowest first."""
        return cards(self.legal(self.to_play))

    def winner(self, lead: int, follow: int) -> int:
        """Who wins a trick of these two cards under this round's trumps: 0 leader, 1 follower."""
        return self.rules.beaten[lead] >> follow & 1

    def strawmen(self, seat: int) -> list[Pile]:
        """Seat ``seat``'s piles as ``(up, down)`` now, in the public engine's pile order."""
        tops = self.tops[seat]
        downs = self.downs[seat]
        under = self._under
        out: list[Pile] = []
        # Each pile is remembered by one card it held when the round was built (its top, or
        # the face-down card of a pile whose top was just led); the rest follows from the
        # fixed under-card table and which cards are still up or down.
        for first in self._piles[seat]:
            if first < 0:
                out.append((NO_CARD, NO_CARD))
                continue
            if tops >> first & 1:
                below = under[first]
                out.append((first, below if below >= 0 and downs >> below & 1 else NO_CARD))
                continue
            if downs >> first & 1:
                out.append((NO_CARD, first))
                continue
            below = under[first]
            if below >= 0 and tops >> below & 1:
                out.append((below, NO_CARD))
            elif below >= 0 and downs >> below & 1:
                out.append((NO_CARD, below))
            else:
                out.append((NO_CARD, NO_CARD))
        return out

    def scores(self) -> tuple[int, int]:
        """Captured points plus the gift each seat received (final once :attr:`is_over`)."""
        g0, g1 = self.gifts
        return (
            self.captured[0] + (POINTS[g1] if g1 >= 0 else 0),
            self.captured[1] + (POINTS[g0] if g0 >= 0 else 0),
        )

    def key(self) -> int:
        """A compact hashable key of the position, for transposition tables.

        The cards still held (36 bits), the led card and the leader. Captured points are left
        out, so a search keyed on this should value a position by the points still to come.
        Only positions of the same deal, trumps and gifts are comparable: which down card lies
        under which top is fixed by the deal and so is not part of the key.
        """
        hands = self.hands
        tops = self.tops
        downs = self.downs
        held = hands[0] | hands[1] | tops[0] | tops[1] | downs[0] | downs[1]
        return held | (self.led + 1) << 36 | self.leader << 42

    # --- Playing ---------------------------------------------------------------------------

    def play(self, card: int) -> int:
        """Play ``card`` for the seat to play (it must be legal; this is not checked).

        Returns the seat that won the trick when this card completes it, else -1. The
        under-card of a played strawman top turns up only when the trick is complete.
        """
        hands = self.hands
        tops = self.tops
        downs = self.downs
        captured = self.captured
        leader = self.leader
        led = self.led
        self._history.append(
            (
                hands[0],
                hands[1],
                tops[0],
                tops[1],
                downs[0],
                downs[1],
                captured[0],
                captured[1],
                leader,
                led,
                self.pending,
                self.trick_count,
            )
        )
        bit = 1 << card
        if led < 0:
            if hands[leader] & bit:
                hands[leader] ^= bit
            else:
                tops[leader] ^= bit
                self.pending = self._under[card]
            self.led = card
            return -1
        seat = 1 - leader
        if hands[seat] & bit:
            hands[seat] ^= bit
        else:
            tops[seat] ^= bit
            under = self._under[card]
            if under >= 0:
                # The trick is complete: the follower's under-card turns up at once.
                under_bit = 1 << under
                tops[seat] |= under_bit
                downs[seat] ^= under_bit
        pending = self.pending
        if pending >= 0:
            pending_bit = 1 << pending
            tops[leader] |= pending_bit
            downs[leader] ^= pending_bit
            self.pending = NO_CARD
        winner = seat if self.rules.beaten[led] >> card & 1 else leader
        captured[winner] += POINTS[led] + POINTS[card]
        self.leader = winner
        self.led = NO_CARD
        self.trick_count += 1
        return winner

    def undo(self) -> None:
        """Take back the last :meth:`play` (raises IndexError when there is none)."""
        (h0, h1, t0, t1, d0, d1, c0, c1, leader, led, pending, count) = self._history.pop()
        self.hands = [h0, h1]
        self.tops = [t0, t1]
        self.downs = [d0, d1]
        self.captured = [c0, c1]
        self.leader = leader
        self.led = led
        self.pending = pending
        self.trick_count = count

    def playout(self, rng: random.Random) -> tuple[int, int]:
        """Play uniformly random legal cards to the end of the round; return :meth:`scores`.

        Mutates this round and records no undo history (copy first to keep the position).
        """
        rand = rng.random
        low, mid, high = _LOW, _MID, _HIGH
        under = self._under
        rules = self.rules
        obliged = rules.obliged
        answers = rules.answers
        beaten = rules.beaten
        points = POINTS
        leader = self.leader
        follower = 1 - leader
        # The loop keeps the leader's and the follower's masks in locals and swaps them when
        # the lead changes hands: list indexing by seat costs more than the swap.
        hl = self.hands[leader]
        tl = self.tops[leader]
        hf = self.hands[follower]
        tf = self.tops[follower]
        cl = self.captured[leader]
        cf = self.captured[follower]
        led = self.led
        pending = self.pending
        count = self.trick_count
        while True:
            if led < 0:
                available = hl | tl
                if not available:
                    break
                options = (
                    low[available & 4095] + mid[available >> 12 & 4095] + high[available >> 24]
                )
                led = options[int(rand() * len(options))]
                bit = 1 << led
                if hl & bit:
                    hl ^= bit
                else:
                    tl ^= bit
                    pending = under[led]
            # The follow rule (TrickRules.legal), written out: a call costs more here.
            available = hf | tf
            if available & obliged[led]:
                available &= answers[led]
            options = low[available & 4095] + mid[available >> 12 & 4095] + high[available >> 24]
            card = options[int(rand() * len(options))]
            bit = 1 << card
            if hf & bit:
                hf ^= bit
            else:
                tf ^= bit
                below = under[card]
                if below >= 0:
                    tf |= 1 << below
            if pending >= 0:
                tl |= 1 << pending
                pending = -1
            if beaten[led] >> card & 1:
                cf += points[led] + points[card]
                hl, tl, hf, tf, cl, cf = hf, tf, hl, tl, cf, cl
                leader = 1 - leader
            else:
                cl += points[led] + points[card]
            led = -1
            count += 1
        self.hands = [0, 0]
        self.tops = [0, 0]
        self.downs = [0, 0]
        self.captured = [cl, cf] if leader == 0 else [cf, cl]
        self.leader = leader
        self.led = NO_CARD
        self.pending = NO_CARD
        self.trick_count = count
        return self.scores()

    def __repr__(self) -> str:
        def text(mask: int) -> str:
            return " ".join(c.text for c in cards_of(mask))

        return (
            f"FastRound(trumps={DECK[self.trump_suit * 9].suit.value}"
            f"/{DECK[self.trump_rank].rank.value}, leader={self.leader}, "
            f"led={DECK[self.led].text if self.led >= 0 else None}, "
            f"hands=[{text(self.hands[0])}] [{text(self.hands[1])}], "
            f"tops=[{text(self.tops[0])}] [{text(self.tops[1])}], "
            f"captured={self.captured}, tricks={self.trick_count})"
        )


_RANGE = tuple(range(CARDS))


def shuffled_order(rng: random.Random) -> list[int]:
    """A uniformly shuffled deck of card indices (sorted by 36 draws of ``rng.random``)."""
    rand = rng.random
    keys = [rand() for _ in _RANGE]
    return sorted(_RANGE, key=keys.__getitem__)


def random_deal(rng: random.Random, leader: int = 1) -> FastRound:
    """A random round ready to play: shuffle and deal, random trump suit and rank, a random
    hand card given by each seat. ``leader`` is the non-dealer (seat 0 dealt by default)."""
    rand = rng.random
    order = shuffled_order(rng)
    trump_suit = int(rand() * 4)
    trump_rank = int(rand() * 9)
    first, second = SEATS
    gifts = (
        order[first.hand.start + int(rand() * HAND_SIZE)],
        order[second.hand.start + int(rand() * HAND_SIZE)],
    )
    return FastRound.from_order(order, trump_suit, trump_rank, gifts, leader)


def random_round(rng: random.Random, leader: int = 1) -> tuple[int, int]:
    """Deal, choose trumps and gifts, and play a whole round at random; the two scores."""
    return random_deal(rng, leader).playout(rng)
