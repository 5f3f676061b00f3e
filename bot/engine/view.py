"""What one seat, or a spectator, may see of a game: the single gate for hidden information.

Everything shown to people (the public table, a player's private hand) and everything told to
a computer player is built from a :class:`TableView`. A view never holds a face-down strawman
card, the other seat's hand, or a gift before its round has ended.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.cards import Card
from bot.engine.game import (
    GameState,
    Gift,
    Outcome,
    Phase,
    Play,
    Round,
    RoundAction,
    Trick,
    legal_actions,
)
from bot.engine.trumps import Bid, Trumps


@dataclass(frozen=True, slots=True)
class PileView:
    """A strawman pile as everyone sees it."""

    up: Card | None
    """The face-up card, or None."""
    hidden: int
    """Face-down cards under it (0 or 1); never which card."""
    dealt: Card | None = None
    """The card dealt face up on this pile, played or not (everyone saw it): None only in a
    view rebuilt from a message that does not say it."""
    turned: Card | None = None
    """The card dealt face down, once it has turned up (played since or not); None while it
    is face down, or when not known."""

    @property
    def known(self) -> bool:
        """Whether the view says every card this pile has shown this round."""
        return self.dealt is not None and (self.hidden == 1 or self.turned is not None)


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """A finished round, with both gifts revealed."""

    number: int
    dealer: int
    bids: tuple[Bid, ...]
    scores: tuple[int, int]
    """Round points per seat, gifts included."""
    captured: tuple[int, int]
    """Points taken in tricks, gifts excluded."""
    gifts: tuple[Card, Card]
    """``gifts[s]``: the card seat ``s`` gave away."""
    totals: tuple[int, int]
    """Running totals after this round."""


@dataclass(frozen=True, slots=True)
class TableView:
    """A game as seen from one seat (``seat`` 0 or 1) or by everyone (``seat`` None)."""

    seat: int | None
    """Whose eyes; None for the public view."""
    target: int
    moves: int
    """The state version this view was made from."""
    phase: Phase
    outcome: Outcome | None
    totals: tuple[int, int]
    round_number: int
    dealer: int
    first_chooser: int
    bids: tuple[Bid, ...]
    trumps: Trumps
    to_act: tuple[int, ...]
    """Seats the game waits for."""
    hand: tuple[Card, ...] | None
    """The viewer's own hand now; None in the public view."""
    hand_sizes: tuple[int, int]
    strawmen: tuple[tuple[PileView, ...], tuple[PileView, ...]]
    gifts_in: tuple[bool, bool]
    """Whether each seat has given its gift this round."""
    gift_given: Card | None
    """The card the viewer gave this round (never the one it received)."""
    tricks: tuple[Trick, ...]
    """Completed tricks of this round."""
    trick: tuple[Card, ...]
    """The trick in progress, leader's card first."""
    leader: int
    captured: tuple[int, int]
    """Points taken in tricks this round; hidden gifts excluded."""
    actions: tuple[RoundAction, ...]
    """What the viewer may do now, exactly :func:`~bot.engine.game.legal_actions` for its seat:
    trump choices, gifts or plays. Empty for the public view and when the seat need not act."""
    finished_rounds: tuple[RoundSummary, ...]

    @property
    def legal(self) -> tuple[Card, ...]:
        """The cards of :attr:`actions`, in the same order: the cards the viewer may play now
        (or give, in the gift phase); empty otherwise."""
        return tuple(a.card for a in self.actions if isinstance(a, Gift | Play))

    @property
    def last_trick(self) -> Trick | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """Every card played this round, in order, with the seat that played it."""
        out: list[tuple[int, Card]] = []
        for trick in self.tricks:
            out.append((trick.leader, trick.cards[0]))
            out.append((1 - trick.leader, trick.cards[1]))
        for i, card in enumerate(self.trick):
            out.append((self.leader if i == 0 else 1 - self.leader, card))
        return tuple(out)

    @property
    def available(self) -> tuple[Card, ...]:
        """The viewer's hand and own face-up strawman tops (empty for the public view)."""
        if self.seat is None or self.hand is None:
            return ()
        ups = tuple(p.up for p in self.strawmen[self.seat] if p.up is not None)
        return self.hand + ups

    def visible_cards(self) -> set[Card]:
        """Every card this view shows: for leak checks."""
        cards: set[Card] = set(self.trick)
        for trick in self.tricks:
            cards.update(trick.cards)
        for row in self.strawmen:
            for pile in row:
                cards.update(c for c in (pile.up, pile.dealt, pile.turned) if c is not None)
        if self.hand is not None:
            cards.update(self.hand)
        if self.gift_given is not None:
            cards.add(self.gift_given)
        return cards


def view(state: GameState, seat: int | None = None) -> TableView:
    """The game as ``seat`` sees it, or as everyone sees it when ``seat`` is None."""
    summaries = tuple(
        RoundSummary(
            r.number, r.dealer, r.bids, r.scores, r.captured, r.gifts_known, _totals_after(state, i)
        )
        for i, r in enumerate(state.rounds)
        if r.scores is not None
    )
    rnd = state.round
    actions: tuple[RoundAction, ...] = () if seat is None else tuple(legal_actions(state, seat))
    return TableView(
        seat=seat,
        target=state.target,
        moves=state.moves,
        phase=state.phase,
        outcome=state.outcome,
        totals=state.totals,
        round_number=rnd.number,
        dealer=rnd.dealer,
        first_chooser=rnd.first_chooser,
        bids=rnd.bids,
        trumps=rnd.trumps,
        to_act=state.to_act,
        hand=rnd.hands[seat] if seat is not None else None,
        hand_sizes=(len(rnd.hands[0]), len(rnd.hands[1])),
        strawmen=(_piles(rnd, 0), _piles(rnd, 1)),
        gifts_in=(rnd.gifts[0] is not None, rnd.gifts[1] is not None),
        gift_given=rnd.gifts[seat] if seat is not None else None,
        tricks=rnd.tricks,
        trick=rnd.trick,
        leader=rnd.leader,
        captured=rnd.captured,
        actions=actions,
        finished_rounds=summaries,
    )


def _piles(rnd: Round, seat: int) -> tuple[PileView, ...]:
    """A seat's piles as everyone sees them, with the cards each has shown this round."""
    return tuple(
        PileView(p.up, p.hidden, up, None if p.down is not None else down)
        for p, (down, up) in zip(rnd.strawmen[seat], rnd.deal.strawmen[seat], strict=True)
    )


def _totals_after(state: GameState, index: int) -> tuple[int, int]:
    a = b = 0
    for r in state.rounds[: index + 1]:
        if r.scores is not None:
            a += r.scores[0]
            b += r.scores[1]
    return (a, b)
