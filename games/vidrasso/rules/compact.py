"""A round as card sets and small tuples: the compact core behind
:class:`~games.vidrasso.rules.GameState`.

A :class:`CompactRound` is an immutable tuple. Hands, face-up and face-down strawman cards are
card masks (:mod:`games.vidrasso.rules.masks`); where each strawman card lies is a :class:`Layout`
made
once per deal; tricks, bids and trumps are the engine's shared, immutable objects. Each step
(:func:`bid`, :func:`give`, :func:`play`) returns a new round and keeps what it computed on the
way: the seat to act, the legal set it may choose from, and, per play, the legal set it was
chosen from, so that a record needs no replay. The piles as objects (:attr:`~CompactRound.
strawmen`, :attr:`~CompactRound.piles`) are built from the masks only when asked for.

Nothing here checks legality: :func:`games.vidrasso.rules.game.apply` does, once, against
:attr:`CompactRound.legal`. Which card beats which, and what a follower may play, is read from
the rules in :mod:`games.vidrasso.rules.trumps` (:func:`~games.vidrasso.rules.masks.trick_table`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import NamedTuple

from games.vidrasso.rules.cards import DECK, Card
from games.vidrasso.rules.deal import Deal
from games.vidrasso.rules.masks import TrickTable, cards_in, trick_table
from games.vidrasso.rules.parts import (
    TRICKS_PER_ROUND,
    CardPlayed,
    Event,
    Phase,
    PileView,
    Strawman,
    StrawmanTurned,
    Trick,
    TrickTaken,
)
from games.vidrasso.rules.trumps import Bid, Trumps

PUBLIC = 17
"""``rnd[:PUBLIC]``: the fields of a :class:`CompactRound` that everyone may see."""
NO_CARD = -1
"""Stands for "no card" where a card index is expected."""

SEATS: tuple[tuple[int, ...], ...] = ((0,), (1,))
"""``SEATS[s]``: the one seat ``s`` as a ``to_act`` tuple (shared, not rebuilt)."""
NOBODY: tuple[int, ...] = ()
BOTH: tuple[int, ...] = (0, 1)

Rows = tuple[tuple[Strawman, ...], tuple[Strawman, ...]]
PublicRows = tuple[tuple[PileView, ...], tuple[PileView, ...]]
Pairs = tuple[tuple[tuple[Card, Card], ...], tuple[tuple[Card, Card], ...]]
"""Per seat, each pile's ``(face-down, face-up)`` cards as laid out (a deal's strawmen)."""


class Layout(NamedTuple):
    """Where each strawman card of a round lies: made once per deal, never changed."""

    pairs: Pairs
    """Per seat, each pile's ``(face-down, face-up)`` cards."""
    under: tuple[int, ...]
    """``under[i]``: the face-down card under the face-up card ``i``, else :data:`NO_CARD`."""
    pile_of: tuple[int, ...]
    """``pile_of[i]``: the pile strawman card ``i`` lies in (either card), else -1."""
    order: tuple[tuple[int, ...], tuple[int, ...]]
    """Per seat, its strawman cards by pile (face-up, then face-down): the order in which the
    engine lists face-up strawman cards."""
    shown: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Per seat, each pile's card dealt face up (public)."""
    piled: tuple[int, int]
    """Per seat, the mask of all its strawman cards."""
    piles: tuple[tuple[int, ...], tuple[int, ...]]
    """Per seat, each pile's two cards as a mask, by pile."""


def layout_of(pairs: Pairs) -> Layout:
    """The :class:`Layout` of piles laid out as ``pairs``."""
    under = [NO_CARD] * 36
    pile_of = [-1] * 36
    order = []
    piled = []
    piles = []
    for row in pairs:
        seat_order: list[int] = []
        masks: list[int] = []
        for at, (down, up) in enumerate(row):
            u = up.index
            d = down.index
            under[u] = d
            pile_of[u] = pile_of[d] = at
            seat_order += (u, d)
            masks.append(1 << u | 1 << d)
        order.append(tuple(seat_order))
        piled.append(sum(masks))
        piles.append(tuple(masks))
    a, b = pairs
    shown = (tuple([up for _, up in a]), tuple([up for _, up in b]))
    return _layout(
        (
            pairs,
            tuple(under),
            tuple(pile_of),
            (order[0], order[1]),
            shown,
            (piled[0], piled[1]),
            (piles[0], piles[1]),
        )
    )


class CompactRound(NamedTuple):
    """One round as it stands. Field for field what :class:`~games.vidrasso.rules.game.Round` says,
    in
    card masks where that is cheaper, plus what play computed on the way."""

    # What everyone may see: a view keeps these (``rnd[:PUBLIC]``) and nothing else.
    number: int
    dealer: int
    first_chooser: int
    bids: tuple[Bid, ...]
    trumps: Trumps
    """The trumps named so far (shared instances, one per pair)."""
    table: TrickTable | None
    """The rules of a trick under these trumps, once both are named."""
    tops: tuple[int, int]
    """Each seat's face-up strawman cards as a card mask."""
    shown: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Each seat's cards dealt face up, by pile."""
    turned: tuple[tuple[Card | None, ...], tuple[Card | None, ...]]
    """Each seat's face-down cards that have turned up (played since or not), by pile; None
    where the face-down card is still face down."""
    plays: tuple[int, ...]
    """The indices of the cards played this round, in order."""
    tricks: tuple[Trick, ...]
    """Completed tricks, in order."""
    led: int
    """The card led to the trick in progress, or :data:`NO_CARD`."""
    leader: int
    captured: tuple[int, int]
    scores: tuple[int, int] | None
    phase: Phase
    """Trump choice, gifts, play, or ``DEAL`` once the round is over."""
    to_act: tuple[int, ...]
    """The seats the round waits for."""
    # Hidden from one seat or both.
    deal: Deal
    gifts: tuple[int, int]
    """``gifts[s]``: the index of the card seat ``s`` gave, or :data:`NO_CARD`."""
    hands: tuple[int, int]
    """Each hand as a card mask."""
    downs: tuple[int, int]
    """Each seat's face-down strawman cards as a card mask (one whose top was led to the
    trick in progress included: it turns up when the trick is complete)."""
    layout: Layout
    pending: int
    """The face-down card under the card led from a strawman pile, turning up after the trick
    in progress; else :data:`NO_CARD`."""
    legals: tuple[int, ...]
    """``legals[i]``: the legal set (a mask) the ``i``-th play was chosen from."""
    legal: int
    """In the play phase, the mask of cards the seat to play may play; else 0."""

    @property
    def strawmen(self) -> Rows:
        """Each seat's five piles now, face-down cards included."""
        return laid(self.layout.pairs, self.tops, self.downs)

    @property
    def piles(self) -> PublicRows:
        """Each seat's five piles as everyone sees them."""
        return public_rows(self.shown, self.turned, self.tops)

    def ordered(self, mask: int, seat: int) -> tuple[Card, ...]:
        """The cards of ``mask`` among ``seat``'s available cards, in the engine's order: hand
        cards by index, then face-up strawman cards by pile."""
        cards = cards_in(mask & self.hands[seat])
        straw = mask & self.tops[seat]
        if straw:
            cards += tuple([DECK[i] for i in self.layout.order[seat] if straw >> i & 1])
        return cards


_PILES: dict[tuple[Card | None, Card | None], Strawman] = {}
_TRICKS: list[Trick | None] = [None] * (2 * 36 * 36 * 2)
_TRUMPS: dict[tuple[Bid, ...], Trumps] = {}


def pile(up: Card | None, down: Card | None) -> Strawman:
    """The shared :class:`Strawman` of these cards (piles are immutable, so one of each)."""
    found = _PILES.get((up, down))
    if found is None:
        found = _PILES[(up, down)] = Strawman(up, down)
    return found


def trick(leader: int, lead: int, follow: int, winner: int) -> Trick:
    """The shared :class:`Trick` led by ``leader`` with card ``lead`` (an index) and followed
    with ``follow``."""
    key = ((leader * 36 + lead) * 36 + follow) * 2 + winner
    found = _TRICKS[key]
    if found is None:
        found = _TRICKS[key] = Trick(leader, (DECK[lead], DECK[follow]), winner)
    return found


def trumps_of(bids: tuple[Bid, ...]) -> Trumps:
    """The shared :class:`Trumps` named by ``bids``."""
    found = _TRUMPS.get(bids)
    if found is None:
        found = _TRUMPS[bids] = Trumps.from_bids(bids)
    return found


_UNTURNED: tuple[Card | None, ...] = (None,) * 5


def dealt(number: int, dealer: int, first_chooser: int, deal: Deal) -> CompactRound:
    """A round just dealt, before the trump choice."""
    pairs = deal.strawmen
    layout = layout_of(pairs)
    piled = layout.piled
    shown = layout.shown
    tops = (sum([1 << c.index for c in shown[0]]), sum([1 << c.index for c in shown[1]]))
    downs = (piled[0] ^ tops[0], piled[1] ^ tops[1])
    hands = deal.hands
    return _round(
        (
            number,
            dealer,
            first_chooser,
            (),
            trumps_of(()),
            None,
            tops,
            layout.shown,
            (_UNTURNED, _UNTURNED),
            (),
            (),
            NO_CARD,
            1 - dealer,
            (0, 0),
            None,
            Phase.TRUMP,
            SEATS[first_chooser],
            deal,
            (NO_CARD, NO_CARD),
            (sum([1 << c.index for c in hands[0]]), sum([1 << c.index for c in hands[1]])),
            downs,
            layout,
            NO_CARD,
            (),
            0,
        )
    )


def laid(pairs: Pairs, tops: tuple[int, int], downs: tuple[int, int]) -> Rows:
    """The piles laid out as ``pairs`` whose face-up cards are ``tops`` and whose face-down
    cards still in place are ``downs`` (card masks per seat)."""
    rows = []
    for seat in (0, 1):
        up_now = tops[seat]
        down_now = downs[seat]
        row = []
        for down, up in pairs[seat]:
            shown = up if up_now >> up.index & 1 else down if up_now >> down.index & 1 else None
            row.append(pile(shown, down if down_now >> down.index & 1 else None))
        rows.append(tuple(row))
    return (rows[0], rows[1])


def turned_rows(pairs: Pairs, downs: tuple[int, int]) -> tuple[tuple[Card | None, ...], ...]:
    """Per seat, by pile, the face-down card once it is no longer in ``downs``."""
    return tuple(
        [
            tuple([None if still >> d.index & 1 else d for d, _ in row])
            for row, still in zip(pairs, downs, strict=True)
        ]
    )


def settled(rnd: CompactRound) -> CompactRound:
    """The round with its phase, the seats it waits for, the legal set and the face-down card
    due to turn up worked out again from its bids, gifts, cards and scores (for a round read
    from storage or a test)."""
    led = rnd.led
    under = rnd.layout.under[led] if led != NO_CARD else NO_CARD
    pending = under if under != NO_CARD and rnd.downs[rnd.leader] >> under & 1 else NO_CARD
    legal = 0
    if len(rnd.bids) < 2:
        phase = Phase.TRUMP
        to_act = SEATS[rnd.first_chooser if not rnd.bids else 1 - rnd.first_chooser]
    elif NO_CARD in rnd.gifts:
        phase = Phase.GIFT
        to_act = tuple(s for s in (0, 1) if rnd.gifts[s] == NO_CARD)
    elif rnd.scores is not None:
        phase = Phase.DEAL
        to_act = NOBODY
    else:
        assert rnd.table is not None
        seat = rnd.leader if led == NO_CARD else 1 - rnd.leader
        available = rnd.hands[seat] | rnd.tops[seat]
        legal = available if led == NO_CARD else rnd.table.legal(available, led)
        phase = Phase.PLAY
        to_act = SEATS[seat]
    return rnd._replace(pending=pending, phase=phase, to_act=to_act, legal=legal)


def bid(rnd: CompactRound, choice: Bid) -> CompactRound:
    """The round after a trump choice; after the second, the gifts are due."""
    bids = (*rnd.bids, choice)
    trumps = trumps_of(bids)
    fields = list(rnd)
    fields[_AT_BIDS] = bids
    fields[_AT_TRUMPS] = trumps
    if len(bids) < 2:
        fields[_AT_TO_ACT] = SEATS[1 - rnd.first_chooser]
    else:
        fields[_AT_TABLE] = trick_table(trumps)
        fields[_AT_PHASE] = Phase.GIFT
        fields[_AT_TO_ACT] = BOTH
    return _tuple_new(CompactRound, fields)


def give(rnd: CompactRound, seat: int, card: Card) -> CompactRound:
    """The round after ``seat`` gives ``card`` from its hand; after both gifts, play starts."""
    hand = rnd.hands[seat] & ~(1 << card.index)
    hands = (hand, rnd.hands[1]) if seat == 0 else (rnd.hands[0], hand)
    gifts = (card.index, rnd.gifts[1]) if seat == 0 else (rnd.gifts[0], card.index)
    fields = list(rnd)
    fields[_AT_HANDS] = hands
    fields[_AT_GIFTS] = gifts
    if NO_CARD in gifts:
        fields[_AT_TO_ACT] = SEATS[1] if gifts[0] != NO_CARD else SEATS[0]
    else:
        leader = rnd.leader
        fields[_AT_LEGAL] = hands[leader] | rnd.tops[leader]
        fields[_AT_PHASE] = Phase.PLAY
        fields[_AT_TO_ACT] = SEATS[leader]
    return _tuple_new(CompactRound, fields)


# Where bid() and give() change a round's fields (a list of them is quicker to change than
# NamedTuple._replace, which goes through keywords).
_AT_BIDS, _AT_TRUMPS, _AT_TABLE, _AT_PHASE, _AT_TO_ACT, _AT_HANDS, _AT_GIFTS, _AT_LEGAL = map(
    CompactRound._fields.index,
    ("bids", "trumps", "table", "phase", "to_act", "hands", "gifts", "legal"),
)


def play(rnd: CompactRound, seat: int, index: int, events: list[Event]) -> CompactRound:
    """The round after ``seat``, the seat to play, plays card ``index``; appends the events.

    The under-card of a strawman top turns up only when the trick is complete.
    """
    (
        number,
        dealer,
        first_chooser,
        bids,
        trumps,
        table,
        tops,
        shown,
        turned,
        plays,
        tricks,
        led,
        leader,
        captured,
        scores,
        phase,
        to_act,
        deal,
        gifts,
        hands,
        downs,
        layout,
        pending,
        legals,
        legal,
    ) = rnd
    assert table is not None
    bit = 1 << index
    below = NO_CARD
    if hands[seat] & bit:
        hands = (hands[0] ^ bit, hands[1]) if seat == 0 else (hands[0], hands[1] ^ bit)
        events.append(_HAND_PLAYED[seat][index])
    else:
        # The under-card stays face down (and unplayable) until the trick is complete.
        tops = (tops[0] ^ bit, tops[1]) if seat == 0 else (tops[0], tops[1] ^ bit)
        below = layout.under[index]
        events.append(_STRAW_PLAYED[(seat * 5 + layout.pile_of[index]) * 36 + index])
    plays += (index,)
    legals += (legal,)

    if led < 0:
        follower = 1 - seat
        available = hands[follower] | tops[follower]
        if available & table.follow[index]:
            available &= table.allowed[index]
        return _tuple_new(
            CompactRound,
            (
                number,
                dealer,
                first_chooser,
                bids,
                trumps,
                table,
                tops,
                shown,
                turned,
                plays,
                tricks,
                index,
                leader,
                captured,
                scores,
                phase,
                SEATS[follower],
                deal,
                gifts,
                hands,
                downs,
                layout,
                below,
                legals,
                available,
            ),
        )

    winner = seat if table.beats[led] >> index & 1 else leader
    key = ((leader * 36 + led) * 36 + index) * 2 + winner
    taken = _TAKEN[key]
    if taken is None:
        taken = _TAKEN[key] = TrickTaken(
            trick(leader, led, index, winner), POINTS[led] + POINTS[index]
        )
    done = taken.trick
    points = taken.points
    captured = (
        (captured[0] + points, captured[1]) if winner == 0 else (captured[0], captured[1] + points)
    )
    events.append(taken)
    # Both piles played from this trick turn up now, seat 0's first.
    if pending >= 0 or below >= 0:
        turning = ((leader, pending), (seat, below)) if seat else ((seat, below), (leader, pending))
        for owner, under in turning:
            if under < 0:
                continue
            ubit = 1 << under
            at = layout.pile_of[under]
            if owner == 0:
                tops = (tops[0] | ubit, tops[1])
                downs = (downs[0] ^ ubit, downs[1])
                turned = (_with(turned[0], at, DECK[under]), turned[1])
            else:
                tops = (tops[0], tops[1] | ubit)
                downs = (downs[0], downs[1] ^ ubit)
                turned = (turned[0], _with(turned[1], at, DECK[under]))
            events.append(_turned(owner, at, under))
    tricks += (done,)
    if len(tricks) == TRICKS_PER_ROUND:
        received = (POINTS[gifts[1]], POINTS[gifts[0]])
        scores = (captured[0] + received[0], captured[1] + received[1])
        legal = 0
        phase = Phase.DEAL
        to_act = NOBODY
    else:
        legal = hands[winner] | tops[winner]
        to_act = SEATS[winner]
    return _tuple_new(
        CompactRound,
        (
            number,
            dealer,
            first_chooser,
            bids,
            trumps,
            table,
            tops,
            shown,
            turned,
            plays,
            tricks,
            NO_CARD,
            winner,
            captured,
            scores,
            phase,
            to_act,
            deal,
            gifts,
            hands,
            downs,
            layout,
            NO_CARD,
            legals,
            legal,
        ),
    )


def _with(row: tuple[Card | None, ...], at: int, card: Card) -> tuple[Card | None, ...]:
    return (*row[:at], card, *row[at + 1 :])


_tuple_new = tuple.__new__
_round = partial(_tuple_new, CompactRound)
_layout = partial(tuple.__new__, Layout)
"""A round from its fields in order, without the keyword handling of ``CompactRound()``."""


_SHOWN: dict[tuple[Card | None, Card, Card | None], PileView] = {}


def public_pile(up: Card | None, dealt: Card, turned: Card | None) -> PileView:
    """The shared :class:`PileView` of a pile showing ``up``, dealt ``dealt`` face up, whose
    face-down card has ``turned`` up (None: it is still face down)."""
    key = (up, dealt, turned)
    found = _SHOWN.get(key)
    if found is None:
        found = _SHOWN[key] = PileView(up, 1 if turned is None else 0, dealt, turned)
    return found


def public_rows(
    shown: Sequence[Sequence[Card]],
    turned: Sequence[Sequence[Card | None]],
    tops: tuple[int, int],
) -> PublicRows:
    """Both rows of piles as everyone sees them."""
    rows = []
    for seat in (0, 1):
        up_now = tops[seat]
        row = []
        for dealt_up, down in zip(shown[seat], turned[seat], strict=True):
            if up_now >> dealt_up.index & 1:
                up: Card | None = dealt_up
            elif down is not None and up_now >> down.index & 1:
                up = down
            else:
                up = None
            row.append(public_pile(up, dealt_up, down))
        rows.append(tuple(row))
    return (rows[0], rows[1])


_TAKEN: list[TrickTaken | None] = [None] * (2 * 36 * 36 * 2)
"""The shared :class:`TrickTaken` of each trick, by the key :func:`trick` files it under."""


_TURNED: list[StrawmanTurned | None] = [None] * (2 * 5 * 36)


def _turned(seat: int, at: int, card: int) -> StrawmanTurned:
    key = (seat * 5 + at) * 36 + card
    found = _TURNED[key]
    if found is None:
        found = _TURNED[key] = StrawmanTurned(seat, at, DECK[card])
    return found


_STRAW_PLAYED: tuple[CardPlayed, ...] = tuple(
    CardPlayed(seat, card, at) for seat in (0, 1) for at in range(5) for card in DECK
)
"""``_STRAW_PLAYED[(s * 5 + p) * 36 + i]``: seat ``s`` plays card ``i`` from its pile ``p``."""


POINTS: tuple[int, ...] = tuple(c.points for c in DECK)
"""``POINTS[i]``: what card ``i`` scores."""

_HAND_PLAYED: tuple[tuple[CardPlayed, ...], tuple[CardPlayed, ...]] = (
    tuple(CardPlayed(0, c, None) for c in DECK),
    tuple(CardPlayed(1, c, None) for c in DECK),
)
"""``_HAND_PLAYED[s][i]``: the event of seat ``s`` playing card ``i`` from its hand."""
