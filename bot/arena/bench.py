"""What ``bench/ai.py`` needs of a game, and its benchmark games, once for every game.

Each game's arena module (``games/<kind>/arena``) exposes ``BENCH``, a :class:`Bench`: its
players by spec, its plans and the streams its generators are seeded from. The bench finds the
games in :data:`bot.games.GAMES` and plays every game here, through
:func:`bot.arena.match.play_to_end`: duplicate games between two teams
(:func:`duplicate_game`), or, for a game of three or more players each on their own
(:attr:`Bench.table`), placement games with the seats rotated (:func:`placement_game`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.arena.match import Action, State, play_to_end
from bot.games.base import GameRules, team_of

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
    table: int = 0
    """Seats of a placement game (a game where everyone plays for their own place): player A
    in one seat and B in all the others, every deal played once with A in each seat; the
    figure is A's share of head-to-head placements (A finishing ahead of one B). 0: duplicate
    games between two teams."""

    def turns(self) -> range:
        """The games played on one deal: A's seat in a placement game, else the two sides."""
        return range(self.table) if self.table else range(2)


class Timed:
    """A bench seat whose decisions are timed into ``times`` (the wall clock) and, when given,
    ``cpu`` (the process's CPU clock: on a shared machine the wall clock also counts the time
    other programs held the cores, the CPU clock only what the decision cost)."""

    def __init__(self, seat: BenchSeat, times: list[float], cpu: list[float] | None = None) -> None:
        self.seat = seat
        self.times = times
        self.cpu = cpu

    def decide(self, state: State, seat: int, rng: random.Random) -> Action:
        started, used = time.perf_counter(), time.process_time()
        action = self.seat.decide(state, seat, rng)
        self.times.append(time.perf_counter() - started)
        if self.cpu is not None:
            self.cpu.append(time.process_time() - used)
        return action


def bench_game(
    rules: GameRules,
    bench: Bench,
    specs: tuple[str, str],
    deal: int,
    turn: int,
    target: int,
) -> dict[str, Any]:
    """Game ``turn`` (one of :meth:`Bench.turns`) of deal ``deal``, as the game's bench plays."""
    if bench.table:
        return placement_game(rules, bench, specs, deal, turn)
    return duplicate_game(rules, bench, specs, deal, bool(turn), target)


def placement_game(
    rules: GameRules, bench: Bench, specs: tuple[str, str], deal: int, seat: int
) -> dict[str, Any]:
    """One game at a table of :attr:`Bench.table` seats on deal ``deal``: player A
    (``specs[0]``) in ``seat`` and B in every other seat. The figures are for A: won (first
    place alone), its place, the places of the Bs, and each side's decision times on the wall
    and the CPU clock."""
    count = bench.table
    times: dict[str, list[float]] = {"A": [], "B": []}
    cpu: dict[str, list[float]] = {"A": [], "B": []}
    seats = []
    for s in range(count):
        side = "A" if s == seat else "B"
        spec = specs[0] if side == "A" else specs[1]
        seats.append(Timed(bench.seat(spec), times[side], cpu[side]))
    deal_rng = random.Random(f"{bench.stream}/deal/{deal}")
    rngs = [random.Random(f"{bench.stream}/{deal}/{seat}/{s}") for s in range(count)]

    def act(state: State, s: int) -> Action:
        return seats[s].decide(state, s, rngs[s])

    state = play_to_end(rules, rules.new_game(deal_rng, rules.targets[0], count), deal_rng, act)
    outcome = rules.outcome(state)
    assert outcome is not None
    places = [outcome.place_of(team_of(rules, s, count)) or count for s in range(count)]
    return {
        "deal": deal,
        "won": outcome.winner == team_of(rules, seat, count),
        "place": places[seat],
        "others": [p for s, p in enumerate(places) if s != seat],
        "rounds": rules.rounds(state),
        "times": times,
        "cpu": cpu,
        "tally": {},
    }


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
    for A: won, its points minus B's, the rounds played and each side's decision times (wall
    and CPU clock)."""
    a = 1 if swap else 0
    times: dict[str, list[float]] = {"A": [], "B": []}
    cpu: dict[str, list[float]] = {"A": [], "B": []}
    count = rules.seat_range[0]
    seats: list[Timed | None] = [None] * count
    for team, members in enumerate(rules.teams_for(count)):
        side = "A" if team == a else "B"
        spec = specs[0] if side == "A" else specs[1]
        for s in members:
            seats[s] = Timed(bench.seat(spec), times[side], cpu[side])
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
        "cpu": cpu,
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


__all__ = [
    "Bench",
    "BenchSeat",
    "Plan",
    "Player",
    "Timed",
    "ViewSeat",
    "bench_game",
    "duplicate_game",
    "placement_game",
]
