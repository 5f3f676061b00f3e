"""Toy games for ladder tests: any teams, a state that is just its result.

Registered under their kind for a test (see the ``toys`` fixture in conftest.py) so stored games
of that kind load back; only what the ladder and storage ask of a game is filled in.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass

from bot.games import Outcome, StatRule


@dataclass(frozen=True, slots=True)
class ToyState:
    points: tuple[int, ...]
    """Each team's total."""
    tricks: tuple[int, ...]
    """Each seat's tricks (a summed statistic)."""
    rounds: int = 3
    ending: str | None = None
    """None while the game goes on."""
    winner: int | None = None
    moves: int = 0


class Toy:
    """A game of ``teams`` (tuples of seats) whose outcome is written into its state."""

    title = "Toy"
    targets: tuple[int, ...] = (100,)
    levels: tuple[str, ...] = ("easy",)
    renderer = "tests.ladder.toy"
    stat_rules: Mapping[str, StatRule] = {"tricks": "sum", "best_tricks": "max"}

    def __init__(self, kind: str, teams: tuple[tuple[int, ...], ...]) -> None:
        self.kind = kind
        self.teams = teams
        self.seats = sum(len(team) for team in teams)
        self.seat_range = (self.seats, self.seats)

    def teams_for(self, seats: int) -> tuple[tuple[int, ...], ...]:
        return self.teams

    def start(self) -> ToyState:
        return ToyState(points=(0,) * len(self.teams), tricks=(0,) * self.seats)

    def finish(
        self, winner: int | None, points: tuple[int, ...], tricks: tuple[int, ...]
    ) -> ToyState:
        ending = "abandoned" if winner is None else "finished"
        return ToyState(points, tricks, ending=ending, winner=winner, moves=1)

    def version(self, state: ToyState) -> int:
        return state.moves

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.ending is None:
            return None
        return Outcome.won_by(state.ending, state.winner, len(self.teams))

    def points(self, state: ToyState) -> tuple[int, ...]:
        return state.points

    def rounds(self, state: ToyState) -> int:
        return state.rounds

    def seat_stats(self, state: ToyState, seat: int) -> dict[str, int]:
        return {"tricks": state.tricks[seat], "best_tricks": state.tricks[seat]}

    def dumps(self, state: ToyState) -> str:
        return json.dumps(asdict(state))

    def loads(self, text: str) -> ToyState:
        data = json.loads(text)
        return ToyState(
            points=tuple(data["points"]),
            tricks=tuple(data["tricks"]),
            rounds=data["rounds"],
            ending=data["ending"],
            winner=data["winner"],
            moves=data["moves"],
        )
