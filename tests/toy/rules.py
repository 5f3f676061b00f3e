"""High card's rules: twelve cards numbered 1-12, four to each of three seats. In each trick
every seat plays one card in turn, starting with seat 0; the highest card takes the trick and
scores one point. After four tricks the seat with most points wins; on equal points, the one
who played the highest card of all (the 12) does."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games import IllegalMove, Invitation, Outcome, StatRule

SEATS = 3
CARDS = tuple(range(1, 13))


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Resign:
    seat: int


@dataclass(frozen=True, slots=True)
class TimeOut:
    seat: int


@dataclass(frozen=True, slots=True)
class Abandon:
    pass


@dataclass(frozen=True, slots=True)
class TrickTaken:
    winner: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class State:
    hands: tuple[tuple[int, ...], ...]
    trick: tuple[int, ...] = ()
    points: tuple[int, ...] = (0, 0, 0)
    tricks: int = 0
    moves: int = 0
    ending: str | None = None
    winner: int | None = None
    quitter: int | None = None

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.ending is not None:
            return ()
        return (len(self.trick),)


@dataclass(frozen=True, slots=True)
class View:
    seat: int | None
    hand: tuple[int, ...] | None
    trick: tuple[int, ...]
    points: tuple[int, ...]
    to_act: tuple[int, ...]
    moves: int
    actions: tuple[Play, ...]


def _winner(state: State) -> int:
    best = max(state.points)
    leaders = [s for s in range(SEATS) if state.points[s] == best]
    if len(leaders) == 1:
        return leaders[0]
    return next(s for s in leaders if 12 not in state.hands[s])  # played the 12


def decide(level: str, view: View, seed: int) -> Play:
    """The computer: the highest card when the trick may still be won, else the lowest."""
    assert view.hand is not None and view.seat is not None
    best = max(view.trick, default=0)
    winning = [c for c in view.hand if c > best]
    return Play(view.seat, max(winning) if winning else min(view.hand))


class HighCard:
    kind = "highcard"
    title = "High card"
    seat_range = (SEATS, SEATS)
    teams: tuple[tuple[int, ...], ...] = ((0,), (1,), (2,))

    def teams_for(self, seats: int) -> tuple[tuple[int, ...], ...]:
        return self.teams

    targets: tuple[int, ...] = (4,)
    levels: tuple[str, ...] = ("easy",)
    renderer = "tests.toy.presentation"
    invites: tuple[Invitation, ...] = (
        Invitation("second", 1, "Who plays second"),
        Invitation("third", 2, "Who plays third"),
    )
    stat_rules: Mapping[str, StatRule] = {"tricks": "sum", "best_game": "max"}
    round_name = "round {n}"

    def new_game(self, rng: random.Random, target: int, seats: int) -> State:
        deck = list(CARDS)
        rng.shuffle(deck)
        return State(hands=tuple(tuple(sorted(deck[i * 4 : i * 4 + 4])) for i in range(SEATS)))

    def apply(self, state: State, action: Any) -> tuple[State, list[Any]]:
        if state.ending is not None:
            raise IllegalMove("the game is over")
        moves = state.moves + 1
        if isinstance(action, Resign | TimeOut):
            ending = "resigned" if isinstance(action, Resign) else "timeout"
            others = [s for s in range(SEATS) if s != action.seat]
            winner = max(others, key=lambda s: state.points[s])
            return replace(
                state, ending=ending, winner=winner, quitter=action.seat, moves=moves
            ), []
        if isinstance(action, Abandon):
            return replace(state, ending="abandoned", moves=moves), []
        if not isinstance(action, Play) or action.seat not in state.to_act:
            raise IllegalMove("it is not your turn")
        if action.card not in state.hands[action.seat]:
            raise IllegalMove("that card is not in your hand")
        hands = tuple(
            tuple(c for c in h if c != action.card) if s == action.seat else h
            for s, h in enumerate(state.hands)
        )
        trick = (*state.trick, action.card)
        state = replace(state, hands=hands, trick=trick, moves=moves)
        if len(trick) < SEATS:
            return state, []
        winner = trick.index(max(trick))
        points = tuple(p + (s == winner) for s, p in enumerate(state.points))
        state = replace(state, trick=(), points=points, tricks=state.tricks + 1)
        events: list[Any] = [TrickTaken(winner, trick)]
        if state.tricks == 4:
            state = replace(state, ending="finished", winner=_winner(state))
        return state, events

    def settle(self, state: State, rng: random.Random) -> tuple[State, list[Any]]:
        return state, []

    def view(self, state: State, seat: int | None) -> View:
        return View(
            seat=seat,
            hand=None if seat is None else state.hands[seat],
            trick=state.trick,
            points=state.points,
            to_act=state.to_act,
            moves=state.moves,
            actions=tuple(self.legal_actions(state, seat)) if seat is not None else (),
        )

    def legal_actions(self, state: State, seat: int) -> Sequence[Play]:
        if seat not in state.to_act:
            return []
        return [Play(seat, c) for c in state.hands[seat]]

    def to_act(self, state: State) -> tuple[int, ...]:
        return state.to_act

    def version(self, state: State) -> int:
        return state.moves

    def outcome(self, state: State) -> Outcome | None:
        if state.ending is None:
            return None
        return Outcome.won_by(state.ending, state.winner, SEATS, state.quitter)

    def resign(self, state: State, seat: int) -> Resign:
        return Resign(seat)

    def time_out(self, state: State, seat: int) -> TimeOut:
        return TimeOut(seat)

    def abandon(self, state: State) -> Abandon:
        return Abandon()

    def dumps(self, state: State) -> str:
        data = {
            "hands": state.hands,
            "trick": state.trick,
            "points": state.points,
            "tricks": state.tricks,
            "moves": state.moves,
            "ending": state.ending,
            "winner": state.winner,
            "quitter": state.quitter,
        }
        return json.dumps(data)

    def loads(self, text: str) -> State:
        data = json.loads(text)
        return State(
            hands=tuple(tuple(h) for h in data["hands"]),
            trick=tuple(data["trick"]),
            points=tuple(data["points"]),
            tricks=data["tricks"],
            moves=data["moves"],
            ending=data["ending"],
            winner=data["winner"],
            quitter=data["quitter"],
        )

    def record(self, state: State, players: Sequence[str]) -> dict[str, Any]:
        return {"format": "highcard/1", "players": list(players), "points": list(state.points)}

    def action_text(self, action: Any) -> str:
        return f"card-{action.card}"

    def parse_action(self, seat: int, text: str) -> Play:
        verb, _, number = text.partition("-")
        if verb != "card" or not number.isdigit():
            raise IllegalMove(f"{text!r} is not a move of High card")
        return Play(seat, int(number))

    def points(self, state: State) -> tuple[int, ...]:
        return state.points

    def rounds(self, state: State) -> int:
        return 1 if state.ending == "finished" else 0

    def seat_stats(self, state: State, seat: int) -> dict[str, int]:
        return {"tricks": state.points[seat], "best_game": state.points[seat]}

    def decider(self) -> Callable[[str, View, int], Play]:
        return decide


HIGH_CARD = HighCard()
