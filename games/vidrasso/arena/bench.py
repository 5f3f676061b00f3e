"""Vidrasso's side of ``bench/ai.py`` (:class:`bot.arena.bench.Bench`): its players by spec,
the all-seeing reference among them, and its plans.

Players: ``greedy``/``easy``, ``medium``, ``hard``; ``hard*0.25`` scales a level's work (the
time cut-off stays); ``seer-hard`` is hard deciding on the true cards (it sees every card, the
opponent's hand and all face-down strawmen): the ceiling of what better guessing could reach.
With one true world instead of many guessed ones, a deterministic playout policy would judge
each option on a single playout, so the all-seeing player plays its playouts with jittered
policy weights (``Budget.jitter`` = :data:`SEER_JITTER`) and averages over ways of playing the
true cards.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.arena.bench import Bench
from games.vidrasso.ai.players import make_player
from games.vidrasso.ai.search import SearchPlayer, level_budget
from games.vidrasso.arena.seer import choose_seeing
from games.vidrasso.rules import GameState, RoundAction, view

SEER = "seer-"
"""Prefix of a player that sees every card."""
SEER_JITTER = 0.3
"""The log-spread of the all-seeing player's policy weights from one playout to the next."""


class Seat:
    """A player in a benchmark game, by its spec."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        name, _, scale = spec.partition("*")
        self.seer = name.startswith(SEER)
        self.level = name.removeprefix(SEER)
        self.player = make_player(self.level)
        if isinstance(self.player, SearchPlayer) and (scale or self.seer):
            budget = level_budget(self.level)
            if scale:
                budget = budget.scaled(float(scale))
            if self.seer:
                budget = replace(budget, jitter=SEER_JITTER)
            self.player = SearchPlayer(self.level, budget)

    def decide(self, state: GameState, seat: int, rng: random.Random) -> RoundAction:
        if self.seer:
            assert isinstance(self.player, SearchPlayer)
            return choose_seeing(state, seat, self.player.budget, rng)
        return self.player.decide(view(state, seat), rng)


BENCH = Bench(
    seat=Seat,
    quick=(
        ("medium", "greedy", 40),
        ("hard", "greedy", 6),
        ("hard", "medium", 6),
        ("seer-hard", "greedy", 6),
    ),
    full=(
        ("medium", "greedy", 200),
        ("hard", "greedy", 150),
        ("hard", "medium", 500),
        ("seer-hard", "greedy", 150),
        ("hard", "seer-hard", 100),
    ),
    stream="bench-ai",
)
"""The quick run's deals give intervals of a few percent; the full run's about ±3% at the
expected win rates. The streams are the ones the bench always used: old figures reproduce."""
