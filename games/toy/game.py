"""High card behind the platform's contract (:class:`bot.games.GameRules`): ``GAME``."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games import IllegalMove, Invitation, Outcome, StatRule
from games.toy import rules
from games.toy.rules import MAX_SEATS, MIN_SEATS, Abandon, Play, Resign, State, TimeOut, View


class HighCard:
    """The registry entry for High card (never offered to members: tests register it)."""

    kind = "toy"
    title = "High card"
    seat_range = (MIN_SEATS, MAX_SEATS)
    targets: tuple[int, ...] = (rules.HAND,)
    levels: tuple[str, ...] = ("easy",)
    renderer = "games.toy.discord.presentation"
    drawing = "games.toy.drawing"
    agent = ""
    """None: the toy has no agent protocol (``python -m bot.agent`` offers members' games)."""
    simulator = ""
    """None: the toy has no simulator."""
    invites: tuple[Invitation, ...] = (
        Invitation("second", 1, "Who plays second"),
        Invitation("third", 2, "Who plays third"),
        Invitation("fourth", 3, "Who plays fourth"),
        Invitation("fifth", 4, "Who plays fifth"),
    )
    stat_rules: Mapping[str, StatRule] = {"tricks": "sum", "best_game": "max"}
    round_name = "round {n}"

    def teams_for(self, seats: int) -> tuple[tuple[int, ...], ...]:
        return tuple((seat,) for seat in range(seats))

    def new_game(self, rng: random.Random, target: int, seats: int) -> State:
        return rules.new_game(rng, seats)

    def apply(self, state: State, action: Any) -> tuple[State, list[Any]]:
        try:
            state, events = rules.apply(state, action)
        except rules.IllegalAction as error:
            raise IllegalMove(str(error)) from error
        return state, list(events)

    def settle(self, state: State, rng: random.Random) -> tuple[State, list[Any]]:
        return state, []

    def view(self, state: State, seat: int | None) -> View:
        return rules.view(state, seat)

    def legal_actions(self, state: State, seat: int) -> Sequence[Play]:
        return rules.legal_actions(state, seat)

    def to_act(self, state: State) -> tuple[int, ...]:
        return state.to_act

    def version(self, state: State) -> int:
        return state.moves

    def outcome(self, state: State) -> Outcome | None:
        if state.ending is None:
            return None
        # One seat per team: a seat's index is its team's.
        return Outcome(state.ending, state.places, state.quitter)

    def resign(self, state: State, seat: int) -> Resign:
        return Resign(seat)

    def time_out(self, state: State, seat: int) -> TimeOut:
        return TimeOut(seat)

    def abandon(self, state: State) -> Abandon:
        return Abandon()

    def dumps(self, state: State) -> str:
        return rules.dumps(state)

    def loads(self, text: str) -> State:
        return rules.loads(text)

    def record(self, state: State, players: Sequence[str]) -> dict[str, Any]:
        places = [list(place) for place in state.places]
        points = list(state.points)
        return {"format": "toy/1", "players": list(players), "points": points, "places": places}

    def action_text(self, action: Any) -> str:
        return f"card-{action.card}"

    def parse_action(self, seat: int, text: str) -> Play:
        verb, _, number = text.partition("-")
        if verb != "card" or not number.isdigit():
            raise IllegalMove("{text} is not a move of High card.", text=text)
        return Play(seat, int(number))

    def points(self, state: State) -> tuple[int, ...]:
        return state.points

    def rounds(self, state: State) -> int:
        return 1 if state.ending == "finished" else 0

    def seat_stats(self, state: State, seat: int) -> dict[str, int]:
        return {"tricks": state.points[seat], "best_game": state.points[seat]}

    def decider(self) -> Callable[[str, View, int], Play]:
        return rules.decide


GAME = HighCard()
"""High card's registry entry."""
