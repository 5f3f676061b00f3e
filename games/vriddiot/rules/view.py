"""What one seat, or everyone, may see of a Vriddiot game: the single gate for hidden cards.

A view never holds the stock's order, any face-down card before it is turned (the owner's
too), another player's hand beyond the cards everybody saw it pick up, the order in which a 666
returned the burnt pile, a forfeited player's cards, another player's arrangement before all
have arranged, or join and toss answers before all have answered. It holds what the table shows
(R14): the pile layer by layer with who laid what and joker identities, the requirement (floor,
change, war), the direction, every face-up card, the burnt pile and the graveyard, the counts,
places and forfeits, and whose decision of which kind is pending; what every player at the
table knows from what it saw: the cards each hand picked up in public and has not played since
(:attr:`SeatView.known`); and for a seat its own hand and its legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.vriddiot.rules.cards import Card, Suit, canonical
from games.vriddiot.rules.game import ACTIVE, GameState, legal_actions
from games.vriddiot.rules.parts import Ctx, Layer, Outcome, Req, SeatAction, War


@dataclass(frozen=True, slots=True)
class SeatView:
    """What everyone sees of one seat."""

    up: tuple[Card, ...]
    """Face-up cards (during the arrangement: as dealt)."""
    down: tuple[bool, ...]
    """Which face-down positions still hold a card (never which card)."""
    hand_count: int
    status: str
    """``playing``, ``out`` or ``forfeited``."""
    place: int | None
    """The finishing place taken (forfeits: the place they were given)."""
    arranged: bool
    """During the arrangement: whether this seat has chosen."""
    known: tuple[Card, ...] = ()
    """Cards everybody knows this hand holds (canonical order): picked up in public and not
    played since, one card of a face leaving the hand taking one of that face away. Public
    knowledge, not the hand: the hand may hold more of these faces, never fewer."""


@dataclass(frozen=True, slots=True)
class TableView:
    """A game as seen from ``seat`` (or by everyone, ``seat`` None)."""

    seat: int | None
    moves: int
    seats: int
    double: bool
    dealer: int
    starter: int
    direction: int
    """+1 clockwise (increasing seat numbers), -1 counter-clockwise."""
    ctx: Ctx
    """The kind of decision pending."""
    deciding: int
    """Whose decision it is (the declarer for join offers, the discarder for tosses); -1."""
    to_act: tuple[int, ...]
    offer_rank: int
    """The rank of a pending join or toss offer (0 otherwise)."""
    pile: tuple[Layer, ...]
    """Bottom first; a ghost is an empty layer."""
    req: Req
    war: War | None
    revealed: Card | None
    """A joker turned by chance or blind that its player is declaring."""
    players: tuple[SeatView, ...]
    stock_count: int
    burnt: tuple[Card, ...]
    grave: tuple[Card, ...]
    places: tuple[int, ...]
    forfeits: tuple[int, ...]
    plays: int
    outcome: Outcome | None
    hand: tuple[Card, ...] | None
    """The viewer's own hand, canonical order; None in the public view."""
    arrangement: tuple[Card, ...] | None
    """The viewer's chosen face-up cards while the others still arrange."""
    actions: tuple[SeatAction, ...]
    """Exactly :func:`legal_actions` for the viewer; empty for the public view."""

    @property
    def burnt_count(self) -> int:
        return len(self.burnt)

    @property
    def destroyed_count(self) -> int:
        return len(self.grave)

    @property
    def follow_suit(self) -> Suit | None:
        if self.war is not None:
            return self.war.suit if self.war.down else None
        return self.req.suit if self.req.change else None

    def visible_cards(self) -> list[Card]:
        """Every card this view shows: for leak checks."""
        cards = [c for layer in self.pile for c in layer.cards]
        cards += [*self.burnt, *self.grave]
        for p in self.players:
            cards += p.up
        for extra in (self.hand, self.arrangement):
            if extra is not None:
                cards += extra
        if self.revealed is not None:
            cards.append(self.revealed)
        return cards


def view(state: GameState, seat: int | None = None) -> TableView:
    """The game as ``seat`` sees it, or as everyone sees it when ``seat`` is None."""
    over = state.outcome is not None
    arranging = state.pending.ctx is Ctx.ARRANGE
    finish = state.outcome.finish if state.outcome is not None else ()
    players = []
    for s in range(state.seats):
        status = state.status[s]
        place: int | None = None
        if s in state.places:
            place = state.places.index(s) + 1
        elif s in state.forfeits:
            place = state.seats - state.forfeits.index(s)
        elif s in finish:
            place = finish.index(s) + 1
        players.append(
            SeatView(
                up=state.up[s],
                down=tuple(c is not None for c in state.down[s]),
                hand_count=len(state.hands[s]),
                status="playing"
                if status == ACTIVE
                else "out"
                if s in state.places
                else "forfeited",
                place=place,
                arranged=arranging and state.arranged[s] is not None,
                known=canonical(state.known[s]) if state.known else (),
            )
        )
    own = seat is not None
    return TableView(
        seat=seat,
        moves=state.moves,
        seats=state.seats,
        double=state.double,
        dealer=state.dealer,
        starter=state.starter,
        direction=state.direction,
        ctx=state.pending.ctx,
        deciding=state.pending.seat,
        to_act=state.to_act,
        offer_rank=state.pending.rank,
        pile=state.pile,
        req=state.req,
        war=state.war,
        revealed=state.revealed,
        players=tuple(players),
        stock_count=len(state.stock),
        burnt=state.burnt,
        grave=state.grave,
        places=state.places,
        forfeits=state.forfeits,
        plays=state.plays,
        outcome=state.outcome,
        hand=canonical(state.hands[seat]) if seat is not None else None,
        arrangement=_arrangement(state, seat) if own and arranging else None,
        actions=() if seat is None or over else legal_actions(state, seat),
    )


def _arrangement(state: GameState, seat: int | None) -> tuple[Card, ...] | None:
    """The seat's chosen face-up cards (its own physical cards), None before it chose."""
    if seat is None:
        return None
    chosen = state.arranged[seat]
    if chosen is None:
        return None
    six = [*state.hands[seat], *state.up[seat]]
    out: list[Card] = []
    for face in chosen:
        match = min((c for c in six if c.face == face.face), key=lambda c: c.index)
        six.remove(match)
        out.append(match)
    return tuple(out)
