"""What ``bench/ai.py`` needs of a game, and its duplicate game, once for every game.

Each game's arena module (``games/<kind>/arena``) exposes ``BENCH``, a :class:`Bench`: its
players by spec, its plans and the streams its generators are seeded from. The bench finds the
games in :data:`bot.games.GAMES` and plays every game here, through
:func:`bot.arena.match.play_to_end`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.arena.match import Action, State, play_to_end
from bot.games.base import GameRules

Plan = tuple[tuple[str, str, int], ...]
"""Pairings to play: (player A, player B, duplicate deals)."""


class BenchSeat(Protocol):
    """A player at a benchmark table. It may see the whole state (an all-seeing reference
    does); a computer player looks only at its seat's view."""

    def decide(self, state: State, seat: int, rng: random.Random) -> Action: ...


@dataclass(frozen=True, slots=True)
class Bench:
    """A game's side of ``bench/ai.py``."""

    seat: Callable[[str], BenchSeat]
    """The player a spec names (``medium``, ``hard*0.25``, ``seer-hard``), new for each game."""
    quick: Plan
    """The quick run (minutes)."""
    full: Plan
    """The full run (hours)."""
    stream: str
    """The prefix of the generators' seeds: the same deal numbers give the same deals."""
    unit: str = "round"
    """What the game calls a round, for the margin per round (``hand`` in some games)."""
    tally: Callable[[Any, int], dict[str, int]] | None = None
    """Counts of what one team's players did in a finished game (``tally(state, team)``),
    summed per player and printed beside its figures (a bidding game counts its contracts
    by size)."""
    shares: tuple[tuple[str, str], ...] = ()
    """Tally keys printed as a share of another key too: (``14s made``, ``14s``)."""


class Timed:
    """A bench seat whose decisions are timed into ``times``."""

    def __init__(self, seat: BenchSeat, times: list[float]) -> None:
        self.seat = seat
        self.times = times

    def decide(self, state: State, seat: int, rng: random.Random) -> Action:
        started = time.perf_counter()
        action = self.seat.decide(state, seat, rng)
        self.times.append(time.perf_counter() - started)
        return action


def duplicate_game(
    rules: GameRules,
    bench: Bench,
    specs: tuple[str, str],
    deal: int,
    swap: bool,
    target: int,
) -> dict[str, Any]:
    """One game of a duplicate pair: player A (``specs[0]``) in the seats of the first team
    and B in the others, or (``swap``) the teams exchanged on the same deals. The figures are
    for A: won, its points minus B's, the rounds played and each side's decision times."""
    a = 1 if swap else 0
    times: dict[str, list[float]] = {"A": [], "B": []}
    count = rules.seat_range[0]
    seats: list[Timed | None] = [None] * count
    for team, members in enumerate(rules.teams_for(count)):
        side = "A" if team == a else "B"
        spec = specs[0] if side == "A" else specs[1]
        for s in members:
            seats[s] = Timed(bench.seat(spec), times[side])
    deal_rng = random.Random(f"{bench.stream}/deal/{deal}")
    rngs = [random.Random(f"{bench.stream}/{deal}/{int(swap)}/{s}") for s in range(count)]

    def act(state: State, seat: int) -> Action:
        timed = seats[seat]
        assert timed is not None
        return timed.decide(state, seat, rngs[seat])

    state = play_to_end(rules, rules.new_game(deal_rng, target, count), deal_rng, act)
    outcome = rules.outcome(state)
    assert outcome is not None
    points = rules.points(state)
    return {
        "deal": deal,
        "won": outcome.winner == a,
        "margin": sum(points[a] - points[b] for b in range(len(points)) if b != a),
        "rounds": rules.rounds(state),
        "times": times,
        "tally": (
            {"A": bench.tally(state, a), "B": bench.tally(state, 1 - a)}
            if bench.tally is not None
            else {}
        ),
    }


class Player(Protocol):
    """A computer player deciding from its seat's view."""

    def decide(self, view: Any, rng: random.Random) -> Action: ...


class ViewSeat:
    """A computer player at a benchmark table: it is shown its seat's view only."""

    def __init__(self, rules: GameRules, player: Player) -> None:
        self.rules = rules
        self.player = player

    def decide(self, state: State, seat: int, rng: random.Random) -> Action:
        return self.player.decide(self.rules.view(state, seat), rng)


__all__ = ["Bench", "BenchSeat", "Plan", "Player", "Timed", "ViewSeat", "duplicate_game"]
