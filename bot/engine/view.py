"""What one seat, or a spectator, may see of a game: the single gate for hidden information.

Everything shown to people (the public table, a player's private hand) and everything told to
a computer player is built from a :class:`TableView`. A view never holds a face-down strawman
card, the other seat's hand, or a gift before its round has ended.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from bot.engine.cards import DECK, Card
from bot.engine.compact import NO_CARD, CompactRound
from bot.engine.game import (
    GameState,
    Gift,
    Outcome,
    Phase,
    Play,
    RoundAction,
    Trick,
    legal_actions,
)
from bot.engine.masks import cards_in
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
    _source: GameState | None = field(default=None, init=False, repr=False, compare=False)
    """The state a view made by :func:`view` reads its fields from until each is computed."""

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            # Only reached for a field :func:`view` has not computed yet.
            compute = _FIELDS.get(name)
            if compute is None or self._source is None:
                raise AttributeError(f"'TableView' object has no attribute {name!r}")
            value = compute(self._source, self.seat)
            object.__setattr__(self, name, value)
            return value

    def __getstate__(self) -> tuple[object, ...]:
        return tuple(getattr(self, f.name) for f in fields(self) if f.init)

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for f, value in zip((f for f in fields(self) if f.init), state, strict=True):
            object.__setattr__(self, f.name, value)
        object.__setattr__(self, "_source", None)

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
    """The game as ``seat`` sees it, or as everyone sees it when ``seat`` is None.

    The view is made at once and filled in as it is read: each field is computed from the
    state by the functions below on first access, so a player that reads only its actions
    pays for nothing else. Comparing, hashing, printing, copying or pickling a view computes
    every field, and a pickled view carries only its fields, never the state.
    """
    if not state.cores:
        raise ValueError("a game is seen once its first round is dealt")
    seen: TableView = _new(TableView)
    _set(seen, "seat", seat)
    _set(seen, "_source", state)
    return seen


_new = object.__new__
_set = object.__setattr__


def _current(state: GameState) -> CompactRound:
    return state.cores[-1]


def _hand(state: GameState, seat: int | None) -> tuple[Card, ...] | None:
    return None if seat is None else cards_in(_current(state).hands[seat])


def _gift_given(state: GameState, seat: int | None) -> Card | None:
    given = NO_CARD if seat is None else _current(state).gifts[seat]
    return None if given == NO_CARD else DECK[given]


def _actions(state: GameState, seat: int | None) -> tuple[RoundAction, ...]:
    return () if seat is None else tuple(legal_actions(state, seat))


def _piles(rnd: CompactRound, seat: int) -> tuple[PileView, ...]:
    """A seat's piles as everyone sees it, with the cards each has shown this round."""
    return tuple(
        PileView(p.up, p.hidden, up, None if p.down is not None else down)
        for p, (down, up) in zip(rnd.strawmen[seat], rnd.deal.strawmen[seat], strict=True)
    )


def _finished_rounds(state: GameState) -> tuple[RoundSummary, ...]:
    summaries: list[RoundSummary] = []
    a = b = 0
    for r in state.cores:
        if r.scores is None:
            continue
        a += r.scores[0]
        b += r.scores[1]
        gifts = (DECK[r.gifts[0]], DECK[r.gifts[1]])
        summaries.append(
            RoundSummary(r.number, r.dealer, r.bids, r.scores, r.captured, gifts, (a, b))
        )
    return tuple(summaries)


_FIELDS: dict[str, Callable[[GameState, int | None], object]] = {
    "target": lambda state, seat: state.target,
    "moves": lambda state, seat: state.moves,
    "phase": lambda state, seat: state.phase,
    "outcome": lambda state, seat: state.outcome,
    "totals": lambda state, seat: state.totals,
    "round_number": lambda state, seat: _current(state).number,
    "dealer": lambda state, seat: _current(state).dealer,
    "first_chooser": lambda state, seat: _current(state).first_chooser,
    "bids": lambda state, seat: _current(state).bids,
    "trumps": lambda state, seat: _current(state).trumps,
    "to_act": lambda state, seat: state.to_act,
    "hand": _hand,
    "hand_sizes": lambda state, seat: tuple(h.bit_count() for h in _current(state).hands),
    "strawmen": lambda state, seat: (_piles(_current(state), 0), _piles(_current(state), 1)),
    "gifts_in": lambda state, seat: tuple(g != NO_CARD for g in _current(state).gifts),
    "gift_given": _gift_given,
    "tricks": lambda state, seat: _current(state).tricks,
    "trick": lambda state, seat: (
        () if _current(state).led == NO_CARD else (DECK[_current(state).led],)
    ),
    "leader": lambda state, seat: _current(state).leader,
    "captured": lambda state, seat: _current(state).captured,
    "actions": _actions,
    "finished_rounds": lambda state, seat: _finished_rounds(state),
}
"""How :func:`view` computes each field of a :class:`TableView` from the state."""
