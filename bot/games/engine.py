"""What both games' registry entries share: rules in a pure package with the same functions.

:mod:`games.vidrasso.rules` (Vidrasso) and :mod:`games.pidro.rules` each offer ``new_game``,
``apply``,
``deal_next``, ``view``, ``legal_actions``, ``state_to_json``, ``state_from_json`` and
``to_record``, states with ``to_act``, ``moves``, ``totals`` and ``outcome``, and the endings of
:mod:`bot.endings`. :class:`EngineGame` puts such a package behind :class:`~bot.games.base.
GameRules` once; a game's entry adds what is its own (its refusals, move texts, statistics and
computer players).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from bot.endings import Abandon, Resign, TimeOut
from bot.games.base import IllegalMove, Outcome

State = Any
Action = Any


class EngineGame:
    """The :class:`~bot.games.base.GameRules` methods a rules package answers by itself."""

    rules: ModuleType
    """The game's rules package (:mod:`games.vidrasso.rules`, :mod:`games.pidro.rules`)."""

    def refusal(self, error: ValueError) -> IllegalMove:
        """The rules' refusal as the platform's sentence."""
        raise NotImplementedError

    seat_range: tuple[int, int]
    teams: tuple[tuple[int, ...], ...]
    """The game's teams: both engines play one fixed count (the game's only seat count)."""

    def teams_for(self, seats: int) -> tuple[tuple[int, ...], ...]:
        return self.teams

    def new_game(self, rng: random.Random, target: int, seats: int) -> State:
        if seats != self.seat_range[0]:
            raise ValueError(f"{seats} players: this game has {self.seat_range[0]}")
        return self.rules.new_game(rng, target)

    def apply(self, state: State, action: Action) -> tuple[State, list[Any]]:
        try:
            made: tuple[State, list[Any]] = self.rules.apply(state, action)
        except self.rules.IllegalAction as error:
            raise self.refusal(error) from error
        return made

    def settle(self, state: State, rng: random.Random) -> tuple[State, list[Any]]:
        if state.phase is self.rules.Phase.DEAL:
            dealt: tuple[State, list[Any]] = self.rules.deal_next(state, rng)
            return dealt
        return state, []

    def view(self, state: State, seat: int | None) -> Any:
        return self.rules.view(state, seat)

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        actions: Sequence[Action] = self.rules.legal_actions(state, seat)
        return actions

    def to_act(self, state: State) -> tuple[int, ...]:
        to_act: tuple[int, ...] = state.to_act
        return to_act

    def version(self, state: State) -> int:
        moves: int = state.moves
        return moves

    def outcome(self, state: State) -> Outcome | None:
        outcome = state.outcome
        if outcome is None:
            return None
        # Two teams: the winner first, the other second (a resignation or time-out loses).
        return Outcome.won_by(
            outcome.termination.value, outcome.winner, len(self.teams), outcome.seat
        )

    def resign(self, state: State, seat: int) -> Resign:
        return Resign(seat)

    def time_out(self, state: State, seat: int) -> TimeOut:
        return TimeOut(seat)

    def abandon(self, state: State) -> Abandon:
        return Abandon()

    def dumps(self, state: State) -> str:
        return json.dumps(self.rules.state_to_json(state), separators=(",", ":"))

    def loads(self, text: str) -> State:
        return self.rules.state_from_json(json.loads(text))

    def record(self, state: State, players: Sequence[str]) -> dict[str, Any]:
        record: dict[str, Any] = self.rules.to_record(state, list(players))
        return record

    def points(self, state: State) -> tuple[int, ...]:
        totals: tuple[int, ...] = state.totals
        return totals
