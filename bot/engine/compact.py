"""A round as card sets and small tuples: the compact core behind :class:`~bot.engine.GameState`.

A :class:`CompactRound` is an immutable tuple. Hands are card masks (:mod:`bot.engine.masks`);
strawman rows, tricks, bids and trumps are the engine's shared, immutable objects. Each step
(:func:`bid`, :func:`give`, :func:`play`) returns a new round and keeps what it computed on the
way: the seat to act, the legal set it may choose from, and, per play, the legal set it was
chosen from, so that a record needs no replay.

Nothing here checks legality: :func:`bot.engine.game.apply` does, once, against
:attr:`CompactRound.legal`. Which card beats which, and what a follower may play, is read from
the rules in :mod:`bot.engine.trumps` (:func:`~bot.engine.masks.trick_table`).
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from bot.engine.cards import DECK, Card
from bot.engine.deal import Deal
from bot.engine.masks import TrickTable, cards_in, mask_of, trick_table
from bot.engine.parts import (
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
from bot.engine.trumps import Bid, Trumps

PUBLIC = 17
"""``rnd[:PUBLIC]``: the fields of a :class:`CompactRound` that everyone may see."""
NO_CARD = -1
"""Stands for "no card" where a card index is expected."""

SEATS: tuple[tuple[int, ...], ...] = ((0,), (1,))
"""``SEATS[s]``: the one seat ``s`` as a ``to_act`` tuple (shared, not rebuilt)."""
NOBODY: tuple[int, ...] = ()
BOTH: tuple[int, ...] = (0, 1)


class CompactRound(NamedTuple):
    """One round as it stands. Field for field what :class:`~bot.engine.game.Round` says, in
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
    piles: tuple[tuple[PileView, ...], tuple[PileView, ...]]
    """Each seat's five piles as everyone sees them (shared, public: what a view shows)."""
    plays: tuple[int, ...]
    """The indices of the cards played this round, in order."""
    tricks: tuple[Trick, ...]
    """Completed tricks, in order."""
    led: int
    """The card led to the trick in progress, or :data:`NO_CARD`."""
    led_pile: int
    """The leader's pile whose under-card turns up after the trick, or -1."""
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
    strawmen: tuple[tuple[Strawman, ...], tuple[Strawman, ...]]
    """Each seat's five piles now, face-down cards included."""
    legals: tuple[int, ...]
    """``legals[i]``: the legal set (a mask) the ``i``-th play was chosen from."""
    legal: int
    """In the play phase, the mask of cards the seat to play may play; else 0."""

    def ordered(self, mask: int, seat: int) -> tuple[Card, ...]:
        """The cards of ``mask`` among ``seat``'s available cards, in the engine's order: hand
        cards by index, then face-up strawman cards by pile."""
        cards = cards_in(mask & self.hands[seat])
        if mask & self.tops[seat]:
            cards += tuple(
                p.up for p in self.strawmen[seat] if p.up is not None and mask >> p.up.index & 1
            )
        return cards


_PILES: dict[tuple[Card | None, Card | None], Strawman] = {}
_TRICKS: dict[tuple[int, Card, Card, int], Trick] = {}
_PLAYED: dict[tuple[int, Card, int], CardPlayed] = {}
_TRUMPS: dict[tuple[Bid, ...], Trumps] = {}


def pile(up: Card | None, down: Card | None) -> Strawman:
    """The shared :class:`Strawman` of these cards (piles are immutable, so one of each)."""
    found = _PILES.get((up, down))
    if found is None:
        found = _PILES[(up, down)] = Strawman(up, down)
    return found


def trick(leader: int, lead: Card, follow: Card, winner: int) -> Trick:
    """The shared :class:`Trick` of these cards."""
    key = (leader, lead, follow, winner)
    found = _TRICKS.get(key)
    if found is None:
        found = _TRICKS[key] = Trick(leader, (lead, follow), winner)
    return found


def trumps_of(bids: tuple[Bid, ...]) -> Trumps:
    """The shared :class:`Trumps` named by ``bids``."""
    found = _TRUMPS.get(bids)
    if found is None:
        found = _TRUMPS[bids] = Trumps.from_bids(bids)
    return found


def _played(seat: int, card: Card, pile_index: int) -> CardPlayed:
    key = (seat, card, pile_index)
    found = _PLAYED.get(key)
    if found is None:
        found = _PLAYED[key] = CardPlayed(seat, card, None if pile_index < 0 else pile_index)
    return found


def dealt(number: int, dealer: int, first_chooser: int, deal: Deal) -> CompactRound:
    """A round just dealt, before the trump choice."""
    rows = (
        tuple(pile(up, down) for down, up in deal.strawmen[0]),
        tuple(pile(up, down) for down, up in deal.strawmen[1]),
    )
    return CompactRound(
        number=number,
        dealer=dealer,
        first_chooser=first_chooser,
        deal=deal,
        bids=(),
        trumps=trumps_of(()),
        table=None,
        gifts=(NO_CARD, NO_CARD),
        hands=(mask_of(deal.hands[0]), mask_of(deal.hands[1])),
        tops=(mask_of(up for _, up in deal.strawmen[0]), mask_of(up for _, up in deal.strawmen[1])),
        strawmen=(rows[0], rows[1]),
        piles=public_rows((rows[0], rows[1]), deal),
        plays=(),
        legals=(),
        tricks=(),
        led=NO_CARD,
        led_pile=-1,
        leader=1 - dealer,
        captured=(0, 0),
        scores=None,
        legal=0,
        phase=Phase.TRUMP,
        to_act=SEATS[first_chooser],
    )


def laid(deal: Deal, tops: tuple[int, int], downs: tuple[int, int]) -> Rows:
    """The piles of a round dealt ``deal`` whose face-up cards are ``tops`` and whose
    face-down cards still in place are ``downs`` (card masks per seat)."""
    rows = []
    for seat in (0, 1):
        up_now = tops[seat]
        down_now = downs[seat]
        row = []
        for down, up in deal.strawmen[seat]:
            shown = up if up_now >> up.index & 1 else down if up_now >> down.index & 1 else None
            row.append(pile(shown, down if down_now >> down.index & 1 else None))
        rows.append(tuple(row))
    return (rows[0], rows[1])


def settled(rnd: CompactRound) -> CompactRound:
    """The round with its phase, the seats it waits for and the legal set worked out again
    from its bids, gifts, cards and scores (for a round read from storage or a test), and
    its piles as everyone sees them."""
    rnd = rnd._replace(piles=public_rows(rnd.strawmen, rnd.deal))
    if len(rnd.bids) < 2:
        chooser = rnd.first_chooser if not rnd.bids else 1 - rnd.first_chooser
        return rnd._replace(phase=Phase.TRUMP, to_act=SEATS[chooser], legal=0)
    waiting = tuple(s for s in (0, 1) if rnd.gifts[s] == NO_CARD)
    if waiting:
        return rnd._replace(phase=Phase.GIFT, to_act=waiting, legal=0)
    if rnd.scores is not None:
        return rnd._replace(phase=Phase.DEAL, to_act=NOBODY, legal=0)
    assert rnd.table is not None
    seat = rnd.leader if rnd.led == NO_CARD else 1 - rnd.leader
    available = rnd.hands[seat] | rnd.tops[seat]
    legal = available if rnd.led == NO_CARD else rnd.table.legal(available, rnd.led)
    return rnd._replace(phase=Phase.PLAY, to_act=SEATS[seat], legal=legal)


def bid(rnd: CompactRound, choice: Bid) -> CompactRound:
    """The round after a trump choice; after the second, the gifts are due."""
    bids = (*rnd.bids, choice)
    trumps = trumps_of(bids)
    if len(bids) < 2:
        return rnd._replace(bids=bids, trumps=trumps, to_act=SEATS[1 - rnd.first_chooser])
    return rnd._replace(
        bids=bids, trumps=trumps, table=trick_table(trumps), phase=Phase.GIFT, to_act=BOTH
    )


def give(rnd: CompactRound, seat: int, card: Card) -> CompactRound:
    """The round after ``seat`` gives ``card`` from its hand; after both gifts, play starts."""
    hand = rnd.hands[seat] & ~(1 << card.index)
    hands = (hand, rnd.hands[1]) if seat == 0 else (rnd.hands[0], hand)
    gifts = (card.index, rnd.gifts[1]) if seat == 0 else (rnd.gifts[0], card.index)
    waiting = tuple(s for s in (0, 1) if gifts[s] == NO_CARD)
    if waiting:
        return rnd._replace(hands=hands, gifts=gifts, to_act=waiting)
    leader = rnd.leader
    legal = hands[leader] | rnd.tops[leader]
    return rnd._replace(
        hands=hands, gifts=gifts, legal=legal, phase=Phase.PLAY, to_act=SEATS[leader]
    )


def play(rnd: CompactRound, seat: int, card: Card, events: list[Event]) -> CompactRound:
    """The round after ``seat``, the seat to play, plays ``card``; appends the events.

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
        piles,
        plays,
        tricks,
        led,
        led_pile,
        leader,
        captured,
        scores,
        phase,
        to_act,
        deal,
        gifts,
        hands,
        strawmen,
        legals,
        legal,
    ) = rnd
    assert table is not None
    index = card.index
    bit = 1 << index
    turns = -1
    if hands[seat] & bit:
        hand = hands[seat] ^ bit
        hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
        events.append(_HAND_PLAYED[seat][index])
    else:
        row = strawmen[seat]
        at = 0
        for p in row:
            if p.up is card:
                break
            at += 1
        under = row[at].down
        if under is not None:
            turns = at
        # The under-card stays face down (and unplayable) until the trick is complete.
        strawmen, piles = _moved(strawmen, piles, deal, seat, at, None, under)
        up = tops[seat] ^ bit
        tops = (up, tops[1]) if seat == 0 else (tops[0], up)
        events.append(_played(seat, card, at))
    plays = (*plays, index)
    legals = (*legals, legal)

    if led < 0:
        follower = 1 - seat
        available = hands[follower] | tops[follower]
        if available & table.follow[index]:
            available &= table.allowed[index]
        return _round(
            (
                number,
                dealer,
                first_chooser,
                bids,
                trumps,
                table,
                tops,
                piles,
                plays,
                tricks,
                index,
                turns,
                leader,
                captured,
                scores,
                phase,
                SEATS[follower],
                deal,
                gifts,
                hands,
                strawmen,
                legals,
                available,
            )
        )

    winner = seat if table.beats[led] >> index & 1 else leader
    done = trick(leader, DECK[led], card, winner)
    points = POINTS[led] + POINTS[index]
    captured = (
        (captured[0] + points, captured[1]) if winner == 0 else (captured[0], captured[1] + points)
    )
    events.append(_taken(done, points))
    # Both piles played from this trick turn up now, seat 0's first.
    if led_pile >= 0 or turns >= 0:
        turning = (
            ((leader, led_pile), (seat, turns)) if seat else ((seat, turns), (leader, led_pile))
        )
        for owner, at in turning:
            if at < 0:
                continue
            under = strawmen[owner][at].down
            if under is None:
                continue
            strawmen, piles = _moved(strawmen, piles, deal, owner, at, under, None)
            up = tops[owner] | 1 << under.index
            tops = (up, tops[1]) if owner == 0 else (tops[0], up)
            events.append(_turned(owner, at, under))
    tricks = (*tricks, done)
    if len(tricks) == TRICKS_PER_ROUND:
        received = (POINTS[gifts[1]], POINTS[gifts[0]])
        scores = (captured[0] + received[0], captured[1] + received[1])
        legal = 0
        phase = Phase.DEAL
        to_act = NOBODY
    else:
        legal = hands[winner] | tops[winner]
        to_act = SEATS[winner]
    return _round(
        (
            number,
            dealer,
            first_chooser,
            bids,
            trumps,
            table,
            tops,
            piles,
            plays,
            tricks,
            NO_CARD,
            -1,
            winner,
            captured,
            scores,
            phase,
            to_act,
            deal,
            gifts,
            hands,
            strawmen,
            legals,
            legal,
        )
    )


Rows = tuple[tuple[Strawman, ...], tuple[Strawman, ...]]
PublicRows = tuple[tuple[PileView, ...], tuple[PileView, ...]]


def _moved(
    strawmen: Rows,
    piles: PublicRows,
    deal: Deal,
    seat: int,
    at: int,
    up: Card | None,
    down: Card | None,
) -> tuple[Rows, PublicRows]:
    """The rows with ``seat``'s pile ``at`` now holding ``up`` on ``down``."""
    row = strawmen[seat]
    now = pile(up, down)
    row = (*row[:at], now, *row[at + 1 :])
    shown = piles[seat]
    shown = (*shown[:at], public_pile(now, deal.strawmen[seat][at]), *shown[at + 1 :])
    if seat == 0:
        return (row, strawmen[1]), (shown, piles[1])
    return (strawmen[0], row), (piles[0], shown)


_round = partial(tuple.__new__, CompactRound)
"""A round from its fields in order, without the keyword handling of ``CompactRound()``."""


def public_pile(now: Strawman, dealt: tuple[Card, Card]) -> PileView:
    """The shared :class:`PileView` of a pile that now holds ``now`` and was dealt ``dealt``
    (face-down card, face-up card): what everyone sees of it."""
    down, up = dealt
    key = (now.up, now.down, down, up)
    found = _SHOWN.get(key)
    if found is None:
        hidden = now.down is not None
        found = _SHOWN[key] = PileView(now.up, 1 if hidden else 0, up, None if hidden else down)
    return found


def public_rows(strawmen: Rows, deal: Deal) -> PublicRows:
    """Both rows of piles as everyone sees them."""
    a, b = (
        tuple(public_pile(p, d) for p, d in zip(strawmen[s], deal.strawmen[s], strict=True))
        for s in (0, 1)
    )
    return (a, b)


_SHOWN: dict[tuple[Card | None, Card | None, Card, Card], PileView] = {}
_TAKEN: dict[Trick, TrickTaken] = {}
_TURNED: dict[tuple[int, int, Card], StrawmanTurned] = {}


def _taken(done: Trick, points: int) -> TrickTaken:
    found = _TAKEN.get(done)
    if found is None:
        found = _TAKEN[done] = TrickTaken(done, points)
    return found


def _turned(seat: int, at: int, card: Card) -> StrawmanTurned:
    key = (seat, at, card)
    found = _TURNED.get(key)
    if found is None:
        found = _TURNED[key] = StrawmanTurned(seat, at, card)
    return found


POINTS: tuple[int, ...] = tuple(c.points for c in DECK)
"""``POINTS[i]``: what card ``i`` scores."""

_HAND_PLAYED: tuple[tuple[CardPlayed, ...], tuple[CardPlayed, ...]] = (
    tuple(CardPlayed(0, c, None) for c in DECK),
    tuple(CardPlayed(1, c, None) for c in DECK),
)
"""``_HAND_PLAYED[s][i]``: the event of seat ``s`` playing card ``i`` from its hand."""
