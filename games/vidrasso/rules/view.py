"""What one seat, or a spectator, may see of a game: the single gate for hidden information.

Everything shown to people (the public table, a player's private hand) and everything told to
a computer player is built from a :class:`TableView`. A view never holds a face-down strawman
card, the other seat's hand, or a gift before its round has ended.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, NamedTuple

from games.vidrasso.rules.cards import DECK, Card
from games.vidrasso.rules.compact import NO_CARD, PUBLIC, CompactRound, public_rows
from games.vidrasso.rules.game import (
    GameState,
    Gift,
    Outcome,
    Phase,
    Play,
    RoundAction,
    Trick,
    options,
)
from games.vidrasso.rules.masks import cards_in
from games.vidrasso.rules.parts import PileView, RoundSummary
from games.vidrasso.rules.trumps import Bid, Trumps

__all__ = ["PileView", "RoundSummary", "TableView", "seen_in", "view"]


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
    """What the viewer may do now, exactly :func:`~games.vidrasso.rules.game.legal_actions` for its
    seat:
    trump choices, gifts or plays. Empty for the public view and when the seat need not act."""
    finished_rounds: tuple[RoundSummary, ...]
    _seen: Seen | None = field(default=None, init=False, repr=False, compare=False)
    """What a view made by :func:`view` computes its other fields from (:class:`Seen`): only
    what the viewer may see, never the state."""

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            # Only reached for a field :func:`view` has not computed yet.
            compute = _FIELDS.get(name)
            if compute is None or self._seen is None:
                raise AttributeError(f"'TableView' object has no attribute {name!r}")
            value = compute(self._seen)
            object.__setattr__(self, name, value)
            return value

    def __getstate__(self) -> tuple[object, ...]:
        return tuple(getattr(self, f.name) for f in fields(self) if f.init)

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for f, value in zip((f for f in fields(self) if f.init), state, strict=True):
            object.__setattr__(self, f.name, value)
        object.__setattr__(self, "_seen", None)

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


class Seen(NamedTuple):
    """What one seat (or everyone) may see of a state, as :func:`view` copies it: the public
    part of the current round, the game's public figures and the viewer's own hand and gift.
    A view computes the fields it is asked for from this, never from the state."""

    table: tuple[object, ...]
    """The current round's public fields: ``rnd[:PUBLIC]`` of its
    :class:`~games.vidrasso.rules.compact.CompactRound`."""
    target: int
    moves: int
    outcome: Outcome | None
    totals: tuple[int, int]
    finished: tuple[RoundSummary, ...]
    size0: int
    """Seat 0's hand size (seat 1's next: kept flat, the view's tuple is made if asked for)."""
    size1: int
    given0: bool
    """Whether seat 0 has given its gift this round (seat 1's next)."""
    given1: bool
    hand: int
    """The viewer's own hand as a card mask; -1 for the public view."""
    gift: int
    """The card the viewer gave, or :data:`NO_CARD`."""
    seat: int | None
    """Whose eyes; None for the public view."""


def view(state: GameState, seat: int | None = None) -> TableView:
    """The game as ``seat`` sees it, or as everyone sees it when ``seat`` is None.

    The view is made at once from what the seat may see (:class:`Seen`), its actions
    included; the other fields are computed from that on first access, so a player that reads
    only its actions pays for nothing else. Comparing, hashing, printing, copying or pickling a
    view computes every field, and a pickled view carries only its fields.
    """
    cores = state.cores
    if not cores:
        raise ValueError("a game is seen once its first round is dealt")
    return seen_in(
        cores[-1], seat, state.target, state.moves, state.outcome, state.totals, state.finished
    )


def seen_in(
    rnd: CompactRound,
    seat: int | None,
    target: int,
    moves: int,
    outcome: Outcome | None,
    totals: tuple[int, int],
    finished: tuple[RoundSummary, ...],
) -> TableView:
    """:func:`view` of a game whose current round is ``rnd``, from the game's figures (for a
    loop that steps a round without making a state each step)."""
    hands = rnd.hands
    gifts = rnd.gifts
    seen: TableView = _new(TableView)
    if seat is None:
        mine, given = -1, NO_CARD
    else:
        mine, given = hands[seat], gifts[seat]
    _set_seen(
        seen,
        _tuple_new(
            Seen,
            (
                rnd[:PUBLIC],
                target,
                moves,
                outcome,
                totals,
                finished,
                hands[0].bit_count(),
                hands[1].bit_count(),
                gifts[0] != NO_CARD,
                gifts[1] != NO_CARD,
                mine,
                given,
                seat,
            ),
        ),
    )
    acts = seat is not None and outcome is None and seat in rnd.to_act
    _set_actions(seen, options(rnd, seat) if acts else ())  # type: ignore[arg-type]
    return seen


_new = object.__new__
_set_seen = vars(TableView)["_seen"].__set__
_set_actions = vars(TableView)["actions"].__set__
_tuple_new = tuple.__new__


def _table(index: int) -> Callable[[Seen], object]:
    return lambda seen: seen.table[index]


_TABLE = {name: _table(i) for i, name in enumerate(CompactRound._fields[:PUBLIC])}
_LED: tuple[tuple[Card, ...], ...] = tuple((c,) for c in DECK)


def _trick(seen: Seen) -> tuple[Card, ...]:
    led = _TABLE["led"](seen)
    assert isinstance(led, int)
    return () if led == NO_CARD else _LED[led]


_FIELDS: dict[str, Callable[[Seen], object]] = {
    "seat": lambda seen: seen.seat,
    "target": lambda seen: seen.target,
    "moves": lambda seen: seen.moves,
    "phase": lambda seen: Phase.OVER if seen.outcome is not None else _TABLE["phase"](seen),
    "outcome": lambda seen: seen.outcome,
    "totals": lambda seen: seen.totals,
    "round_number": _TABLE["number"],
    "dealer": _TABLE["dealer"],
    "first_chooser": _TABLE["first_chooser"],
    "bids": _TABLE["bids"],
    "trumps": _TABLE["trumps"],
    "to_act": lambda seen: () if seen.outcome is not None else _TABLE["to_act"](seen),
    "hand": lambda seen: None if seen.hand < 0 else cards_in(seen.hand),
    "hand_sizes": lambda seen: (seen.size0, seen.size1),
    "strawmen": lambda seen: public_rows(
        _TABLE["shown"](seen),  # type: ignore[arg-type]
        _TABLE["turned"](seen),  # type: ignore[arg-type]
        _TABLE["tops"](seen),  # type: ignore[arg-type]
    ),
    "gifts_in": lambda seen: (seen.given0, seen.given1),
    "gift_given": lambda seen: None if seen.gift == NO_CARD else DECK[seen.gift],
    "tricks": _TABLE["tricks"],
    "trick": lambda seen: _trick(seen),
    "leader": _TABLE["leader"],
    "captured": _TABLE["captured"],
    "finished_rounds": lambda seen: seen.finished,
}
"""How a :class:`TableView` made by :func:`view` computes each field from what it saw."""
