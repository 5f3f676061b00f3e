"""A fast, mutable bitmask representation of a round in the play phase, for search and playouts.

The public engine (:mod:`bot.engine.game`) is immutable and readable; this module trades both
for speed. A card is its :attr:`~bot.engine.cards.Card.index` (``suit.number * 9 +
rank.number``: suits S H D C are 0..3, ranks A..9 are 0..8, the Ace strongest), and a set of
cards is an ``int`` with bit ``1 << index`` set for each card. Suits are numbered like
:attr:`Suit.number`, ranks like :attr:`Rank.number`.

:class:`FastRound` holds one round after the trumps and gifts: hands, strawmen, the trick in
progress, captured points. It can :meth:`~FastRound.play` and :meth:`~FastRound.undo`,
:meth:`~FastRound.copy` itself, give a hashable :meth:`~FastRound.key` for transposition tables,
and :meth:`~FastRound.playout` to the end with random legal cards. :func:`random_round` plays a
whole random round (deal, trumps, gifts, 34 cards) for benchmarks.

Nothing here checks legality: callers play cards from :meth:`FastRound.legal`. The public
engine stays the authority; the tests check this module against it card by card.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from bot.engine.cards import DECK, Card
from bot.engine.deal import Deal
from bot.engine.game import Phase, Round

CARDS = 36
"""Cards in the deck; card indices are 0..35."""
ALL_CARDS = (1 << CARDS) - 1
"""The mask of the whole deck."""
NO_CARD = -1
"""Stands for "no card" where a card index is expected."""

BIT: tuple[int, ...] = tuple(1 << i for i in range(CARDS))
"""``BIT[i]``: the mask of card ``i`` alone."""
SUIT_OF: tuple[int, ...] = tuple(i // 9 for i in range(CARDS))
"""``SUIT_OF[i]``: the printed suit number of card ``i``."""
RANK_OF: tuple[int, ...] = tuple(i % 9 for i in range(CARDS))
"""``RANK_OF[i]``: the rank number of card ``i`` (0 is the Ace, the strongest)."""
POINTS: tuple[int, ...] = tuple(i % 9 + 1 for i in range(CARDS))
"""``POINTS[i]``: what card ``i`` scores (its number; an Ace 1)."""
SUIT_MASKS: tuple[int, ...] = tuple(0x1FF << (9 * s) for s in range(4))
"""``SUIT_MASKS[s]``: the nine cards of suit ``s``."""
RANK_MASKS: tuple[int, ...] = tuple(sum(1 << (9 * s + r) for s in range(4)) for r in range(9))
"""``RANK_MASKS[r]``: the four cards of rank ``r``."""
SUIT_MASK_OF: tuple[int, ...] = tuple(SUIT_MASKS[i // 9] for i in range(CARDS))
"""``SUIT_MASK_OF[i]``: the cards of card ``i``'s printed suit (what leading ``i`` asks for)."""

# The set bits of every 12-bit value, for the low, middle and high thirds of a mask: turning a
# mask into its card indices is three lookups and two tuple concatenations.
_LOW: tuple[tuple[int, ...], ...] = tuple(
    tuple(b for b in range(12) if v >> b & 1) for v in range(4096)
)
_MID: tuple[tuple[int, ...], ...] = tuple(tuple(b + 12 for b in t) for t in _LOW)
_HIGH: tuple[tuple[int, ...], ...] = tuple(tuple(b + 24 for b in t) for t in _LOW)


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


def points_of(mask: int) -> int:
    """The points of the cards in ``mask``."""
    return sum(POINTS[i] for i in cards(mask))


def pick(mask: int, rng: random.Random) -> int:
    """A uniformly random card index from a non-empty ``mask``."""
    options = cards(mask)
    return options[int(rng.random() * len(options))]


def trump_mask(trump_suit: int, trump_rank: int) -> int:
    """Every trump: the trump suit's cards and the trump rank's cards."""
    return SUIT_MASKS[trump_suit] | RANK_MASKS[trump_rank]


def trick_winner(lead: int, follow: int, trump_suit: int, trump_rank: int) -> int:
    """Who wins a trick: 0 for the leader's card, 1 for the follower's (RULES.md order).

    Two trump-rank cards: the second wins; one: it wins. Otherwise the strongest trump-suit
    card, and without one the strongest card of the led suit.
    """
    lead_rank = RANK_OF[lead] == trump_rank
    follow_rank = RANK_OF[follow] == trump_rank
    if lead_rank or follow_rank:
        return 1 if follow_rank else 0
    lead_suit = SUIT_OF[lead] == trump_suit
    follow_suit = SUIT_OF[follow] == trump_suit
    if lead_suit != follow_suit:
        return 1 if follow_suit else 0
    # Same suit (both trump suit, or both plain): the lower rank number is the stronger card.
    if SUIT_OF[follow] == SUIT_OF[lead] and RANK_OF[follow] < RANK_OF[lead]:
        return 1
    return 0


_FOLLOW_WINS: list[bytes | None] = [None] * 36


def follow_wins_table(trump_suit: int, trump_rank: int) -> bytes:
    """``table[lead * 36 + follow]`` is 1 when the follower's card wins the trick (cached)."""
    key = trump_suit * 9 + trump_rank
    table = _FOLLOW_WINS[key]
    if table is None:
        table = bytes(
            trick_winner(lead, follow, trump_suit, trump_rank)
            for lead in range(CARDS)
            for follow in range(CARDS)
        )
        _FOLLOW_WINS[key] = table
    return table


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
        "_follow",
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
        "tops",
        "trick_count",
        "trump_mask",
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
    trump_mask: int
    """Every trump card: :func:`trump_mask` of the trump suit and rank."""
    gifts: tuple[int, int]
    """``gifts[s]``: the card seat ``s`` gave to the other seat (NO_CARD: unknown, 0 points)."""
    _under: Sequence[int]
    _piles: tuple[tuple[int, ...], tuple[int, ...]]
    _follow: bytes
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
        self.trump_mask = trump_mask(trump_suit, trump_rank)
        self.gifts = gifts
        self._under = under
        self._piles = (
            tuple(up if up >= 0 else down for up, down in piles[0]),
            tuple(up if up >= 0 else down for up, down in piles[1]),
        )
        self._follow = follow_wins_table(trump_suit, trump_rank)
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
        rows = deal.strawmen
        order = [
            *(down.index for row in rows for down, _ in row),
            *(up.index for row in rows for _, up in row),
            *(x.index for hand in deal.hands for x in hand),
        ]
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
        :meth:`Deal.from_order` deals it: five downs each, five ups each, then two hands of
        eight. The fast path for playouts: only the gifts are checked."""
        o = order
        bit = BIT
        g0, g1 = gifts
        # Written out in full: this runs once per random round, and loops cost more.
        hand0 = (
            bit[o[20]] | bit[o[21]] | bit[o[22]] | bit[o[23]]
            | bit[o[24]] | bit[o[25]] | bit[o[26]] | bit[o[27]]
        )  # fmt: skip
        hand1 = (
            bit[o[28]] | bit[o[29]] | bit[o[30]] | bit[o[31]]
            | bit[o[32]] | bit[o[33]] | bit[o[34]] | bit[o[35]]
        )  # fmt: skip
        if not (hand0 >> g0 & 1 and hand1 >> g1 & 1):
            raise ValueError("each gift must come from the giver's hand")
        under = [NO_CARD] * CARDS
        under[o[10]] = o[0]
        under[o[11]] = o[1]
        under[o[12]] = o[2]
        under[o[13]] = o[3]
        under[o[14]] = o[4]
        under[o[15]] = o[5]
        under[o[16]] = o[6]
        under[o[17]] = o[7]
        under[o[18]] = o[8]
        under[o[19]] = o[9]
        self = cls.__new__(cls)
        self.hands = [hand0 ^ bit[g0], hand1 ^ bit[g1]]
        self.tops = [
            bit[o[10]] | bit[o[11]] | bit[o[12]] | bit[o[13]] | bit[o[14]],
            bit[o[15]] | bit[o[16]] | bit[o[17]] | bit[o[18]] | bit[o[19]],
        ]
        self.downs = [
            bit[o[0]] | bit[o[1]] | bit[o[2]] | bit[o[3]] | bit[o[4]],
            bit[o[5]] | bit[o[6]] | bit[o[7]] | bit[o[8]] | bit[o[9]],
        ]
        self.captured = [0, 0]
        self.leader = leader
        self.led = NO_CARD
        self.pending = NO_CARD
        self.trick_count = 0
        self.trump_suit = trump_suit
        self.trump_rank = trump_rank
        self.trump_mask = SUIT_MASKS[trump_suit] | RANK_MASKS[trump_rank]
        self.gifts = gifts
        self._under = under
        self._piles = (tuple(o[10:15]), tuple(o[15:20]))
        self._follow = follow_wins_table(trump_suit, trump_rank)
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
        other.trump_mask = self.trump_mask
        other.gifts = self.gifts
        # Never mutated after construction, so shared.
        other._under = self._under
        other._piles = self._piles
        other._follow = self._follow
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

        The leader may play anything available. A follower holding an available card of the
        led printed suit must play that suit or any trump; otherwise anything.
        """
        led = self.led
        if led < 0:
            if seat != self.leader:
                return 0
            return self.hands[seat] | self.tops[seat]
        if seat == self.leader:
            return 0
        available = self.hands[seat] | self.tops[seat]
        suit = SUIT_MASK_OF[led]
        if available & suit:
            return available & (suit | self.trump_mask)
        return available

    def moves(self) -> tuple[int, ...]:
        """The legal card indices of the seat to play, lowest first."""
        return cards(self.legal(self.to_play))

    def winner(self, lead: int, follow: int) -> int:
        """Who wins a trick of these two cards under this round's trumps: 0 leader, 1 follower."""
        return self._follow[lead * CARDS + follow]

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
        winner = seat if self._follow[led * CARDS + card] else leader
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
        follow = self._follow
        suit_of = SUIT_MASK_OF
        points = POINTS
        trumps = self.trump_mask
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
            available = hf | tf
            suit = suit_of[led]
            if available & suit:
                available &= suit | trumps
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
            if follow[led * 36 + card]:
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
    gifts = (order[20 + int(rand() * 8)], order[28 + int(rand() * 8)])
    return FastRound.from_order(order, trump_suit, trump_rank, gifts, leader)


def random_round(rng: random.Random, leader: int = 1) -> tuple[int, int]:
    """Deal, choose trumps and gifts, and play a whole round at random; the two scores."""
    return random_deal(rng, leader).playout(rng)
