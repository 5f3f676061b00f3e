"""Worlds for medium's search: whole game states that agree with what one seat has seen.

A seat sees its hand, every face-up card, the pile, the burnt pile and the graveyard, and how
many cards every hand, face-down row and the stock hold. Every other card of the deck is
unseen: a world deals the unseen cards at random into the other hands, every face-down
position (the seat's own too: nobody sees those) and the stock. Cards a forfeited player took
out of the game are unseen too, so the pool may hold more cards than there are places for.

The cards a player is known to hold (``SeatView.known``: picked up from the pile in public and
not played since) stay in its hand in every world; only the rest of its hand is guessed.

A world's state holds no history (an empty log and shuffle order): it is only played forward.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.vriddiot.rules import Card, Ctx, GameState, TableView
from games.vriddiot.rules.cards import deck
from games.vriddiot.rules.parts import Pending

STATUS = {"playing": 0, "out": 1, "forfeited": 2}
"""The engine's seat statuses by the view's words."""


class NoWorld(ValueError):
    """The view leaves fewer unseen cards than hidden places: it cannot be a real game."""


class _Copies:
    """Physical cards handed out by face, each copy once (the Dobbeldeck has two of most)."""

    def __init__(self, double: bool) -> None:
        self.free: dict[int, list[Card]] = {}
        for c in reversed(deck(double)):
            self.free.setdefault(c.face, []).append(c)

    def take(self, card: Card) -> Card:
        copies = self.free.get(card.face)
        if not copies:
            raise NoWorld(f"more {card.text} than the deck holds")
        return copies.pop()

    def row(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        return tuple(self.take(c) for c in cards)

    def rest(self) -> list[Card]:
        return [c for face in sorted(self.free) for c in reversed(self.free[face])]


def sample_world(v: TableView, rng: random.Random) -> GameState:
    """One state the game could be in, as far as ``v.seat`` knows."""
    me = v.seat
    assert me is not None and v.hand is not None
    copies = _Copies(v.double)
    pile = []
    for layer in v.pile:
        pile.append(layer._replace(cards=copies.row(layer.cards)))
    burnt = copies.row(v.burnt)
    grave = copies.row(v.grave)
    up = tuple(copies.row(p.up) for p in v.players)
    hand = copies.row(v.hand)
    known = [() if s == me else copies.row(p.known) for s, p in enumerate(v.players)]
    revealed = copies.take(v.revealed) if v.revealed is not None else None
    unseen = copies.rest()
    rng.shuffle(unseen)
    need = v.stock_count + sum(sum(p.down) for p in v.players)
    need += sum(p.hand_count - len(known[s]) for s, p in enumerate(v.players) if s != me)
    if need > len(unseen):
        raise NoWorld(f"{need} hidden places but only {len(unseen)} unseen cards")
    deal = iter(unseen)
    hands = []
    downs = []
    for s, p in enumerate(v.players):
        if s == me:
            hands.append(hand)
        else:
            if len(known[s]) > p.hand_count:
                raise NoWorld(f"seat {s} is known to hold more cards than it has")
            guessed = (next(deal) for _ in range(p.hand_count - len(known[s])))
            hands.append(tuple(sorted((*known[s], *guessed), key=_key)))
        downs.append(tuple(next(deal) if there else None for there in p.down))
    stock = tuple(next(deal) for _ in range(v.stock_count))
    return GameState(
        seats=v.seats,
        double=v.double,
        dealer=v.dealer,
        shuffle=(),
        stock=stock,
        hands=tuple(hands),
        up=up,
        down=tuple(downs),
        pile=tuple(pile),
        burnt=burnt,
        grave=grave,
        gone=tuple(() for _ in range(v.seats)),
        revealed=revealed,
        direction=v.direction,
        req=v.req,
        war=v.war,
        pending=Pending(v.ctx, v.deciding, lapse=_lapse(v)),
        status=tuple(STATUS[p.status] for p in v.players),
        places=v.places,
        forfeits=v.forfeits,
        arranged=(None,) * v.seats,
        starter=v.starter,
        plays=v.plays,
        moves=v.moves,
        outcome=None,
        actions=(),
        known=tuple(known),
    )


def _key(c: Card) -> int:
    return c.sortkey


def _lapse(v: TableView) -> str:
    """What a pending 8 counts as if its must-add lapses (only read when it does)."""
    if v.ctx is not Ctx.MUST_ADD:
        return ""
    if v.war is not None:
        return "war"
    return "change" if v.req.change else "floor"
