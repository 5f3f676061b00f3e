"""High card's rules, pure: no I/O, no platform.

Two to five seats; the deck is the cards 1 to ``4 × seats``, four to each seat. In each trick
every seat plays one card in turn, seat 0 first; the highest card takes the trick and scores one
point. After four tricks the finishing order is by points, most first; seats with equal points
share a place.

Leaving early: a seat that resigns or runs out of time ends the game at once. It finishes last,
alone; the others are placed by the points they have, equal points sharing a place. An
abandoned game has no finishing order.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Any

from bot.endings import Abandon as Abandon
from bot.endings import Resign as Resign
from bot.endings import TimeOut as TimeOut

MIN_SEATS, MAX_SEATS = 2, 5
HAND = 4
"""Cards dealt to each seat, and so tricks in a game."""


class IllegalAction(ValueError):
    """A move the rules refuse now."""


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: int


Action = Play | Resign | TimeOut | Abandon


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """A trick won by ``winner`` with ``cards`` (seat order)."""

    winner: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class State:
    hands: tuple[tuple[int, ...], ...]
    """Each seat's cards, lowest first."""
    trick: tuple[int, ...] = ()
    """The cards played to the trick in progress, seat 0's first."""
    points: tuple[int, ...] = ()
    """Tricks taken by each seat."""
    tricks: int = 0
    moves: int = 0
    ending: str | None = None
    """finished, resigned, timeout or abandoned; None while the game goes on."""
    places: tuple[tuple[int, ...], ...] = ()
    """The finishing order once the game is over: the seats tied at each place, best first."""
    quitter: int | None = None

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.ending is not None else (len(self.trick),)


@dataclass(frozen=True, slots=True)
class View:
    seat: int | None
    hand: tuple[int, ...] | None
    trick: tuple[int, ...]
    points: tuple[int, ...]
    to_act: tuple[int, ...]
    moves: int
    actions: tuple[Play, ...]


def new_game(rng: random.Random, seats: int) -> State:
    """A game of ``seats`` players, dealt."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise IllegalAction(f"High card is played by {MIN_SEATS} to {MAX_SEATS} players")
    deck = list(range(1, HAND * seats + 1))
    rng.shuffle(deck)
    hands = tuple(tuple(sorted(deck[i * HAND : (i + 1) * HAND])) for i in range(seats))
    return State(hands=hands, points=(0,) * seats)


def by_points(points: tuple[int, ...], seats: list[int]) -> tuple[tuple[int, ...], ...]:
    """``seats`` in places by their points, most first, equal points sharing a place."""
    levels = sorted({points[s] for s in seats}, reverse=True)
    return tuple(tuple(s for s in seats if points[s] == level) for level in levels)


def apply(state: State, action: Action) -> tuple[State, list[TrickTaken]]:
    """The state after ``action``, and the trick it completed if any."""
    if state.ending is not None:
        raise IllegalAction("the game is over")
    moves = state.moves + 1
    if isinstance(action, Resign | TimeOut):
        ending = "resigned" if isinstance(action, Resign) else "timeout"
        others = [s for s in range(state.seats) if s != action.seat]
        places = (*by_points(state.points, others), (action.seat,))
        return replace(state, ending=ending, places=places, quitter=action.seat, moves=moves), []
    if isinstance(action, Abandon):
        return replace(state, ending="abandoned", moves=moves), []
    if action.seat not in state.to_act:
        raise IllegalAction("it is not your turn")
    if action.card not in state.hands[action.seat]:
        raise IllegalAction("that card is not in your hand")
    hands = tuple(
        tuple(c for c in hand if c != action.card) if seat == action.seat else hand
        for seat, hand in enumerate(state.hands)
    )
    trick = (*state.trick, action.card)
    state = replace(state, hands=hands, trick=trick, moves=moves)
    if len(trick) < state.seats:
        return state, []
    winner = trick.index(max(trick))
    points = tuple(p + (s == winner) for s, p in enumerate(state.points))
    state = replace(state, trick=(), points=points, tricks=state.tricks + 1)
    if state.tricks == HAND:
        places = by_points(points, list(range(state.seats)))
        state = replace(state, ending="finished", places=places)
    return state, [TrickTaken(winner, trick)]


def legal_actions(state: State, seat: int) -> list[Play]:
    if seat not in state.to_act:
        return []
    return [Play(seat, card) for card in state.hands[seat]]


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may see: its own hand, the trick and the points (None: no hand)."""
    return View(
        seat=seat,
        hand=None if seat is None else state.hands[seat],
        trick=state.trick,
        points=state.points,
        to_act=state.to_act,
        moves=state.moves,
        actions=tuple(legal_actions(state, seat)) if seat is not None else (),
    )


def decide(level: str, view: View, seed: int) -> Play:
    """The computer: the highest card when the trick may still be won, else the lowest."""
    assert view.hand is not None and view.seat is not None
    best = max(view.trick, default=0)
    winning = [card for card in view.hand if card > best]
    return Play(view.seat, max(winning) if winning else min(view.hand))


def dumps(state: State) -> str:
    return json.dumps(
        {
            "hands": state.hands,
            "trick": state.trick,
            "points": state.points,
            "tricks": state.tricks,
            "moves": state.moves,
            "ending": state.ending,
            "places": state.places,
            "quitter": state.quitter,
        }
    )


def loads(text: str) -> State:
    data: dict[str, Any] = json.loads(text)
    return State(
        hands=tuple(tuple(hand) for hand in data["hands"]),
        trick=tuple(data["trick"]),
        points=tuple(data["points"]),
        tricks=data["tricks"],
        moves=data["moves"],
        ending=data["ending"],
        places=tuple(tuple(place) for place in data["places"]),
        quitter=data["quitter"],
    )
