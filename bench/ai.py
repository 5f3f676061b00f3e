"""Strength and speed of the computer levels: duplicate games between pairs of players.

    .venv/bin/python bench/ai.py --quick          # under 10 minutes on 2 cores
    .venv/bin/python bench/ai.py                  # the full run (hours)
    .venv/bin/python bench/ai.py --pairs medium-greedy --deals 50 --offset 1000

Every deal is played twice with the seats swapped (the same cut and the same deals in every
round; players' randomness differs), so the luck of the cards cancels out. For each pairing
it prints the first player's game win rate with a 95% Wilson interval, its mean point margin
per round (its round points minus the other's) with a 95% interval over duplicate pairs, and
each search level's decision latency p50/p99/max. Games run in two worker processes.

    .venv/bin/python bench/ai.py --game pidro      # Pidro: medium vs easy partnerships

With ``--game pidro`` the pairings are partnerships (player A on seats 0 and 2 against B on
seats 1 and 3, then the teams exchanged on the same deals), games go to 62, and the margin is
per hand. Its players are ``easy``, ``medium``, ``greedy`` and ``random``.

Players: ``greedy``/``easy``, ``medium``, ``hard``; ``hard*0.25`` scales a level's work (the
time cut-off stays); ``seer-hard`` is hard deciding on the true cards (it sees every card, the
opponent's hand and all face-down strawmen): the ceiling of what better guessing could reach.
With one true world instead of many guessed ones, a deterministic playout policy would judge
each option on a single playout, so the all-seeing player plays its playouts with jittered
policy weights (``Budget.jitter`` = :data:`SEER_JITTER`) and averages over ways of playing the
true cards.
The gap closure is defined as

    closure = margin(hard vs greedy) / margin(seer-hard vs greedy)

per round, on the same duplicate deals: the share of the all-seeing player's edge over greedy
that hard keeps while seeing only its own seat.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

# Runs from a checkout without installing the package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.pidro.ai.players import make_player as make_pidro_player
from games.pidro.arena import play_game as play_pidro
from games.pidro.rules import HandAction
from games.pidro.rules import TableView as PidroView
from games.vidrasso.ai.players import make_player
from games.vidrasso.ai.search import SearchPlayer, level_budget
from games.vidrasso.arena.match import play_to_end
from games.vidrasso.arena.seer import choose_seeing
from games.vidrasso.rules import GameState, RoundAction, new_game, view

SEER = "seer-"
"""Prefix of a player that sees every card."""
SEER_JITTER = 0.3
"""The log-spread of the all-seeing player's policy weights from one playout to the next."""


class Seat:
    """A player in a benchmark game, timing its decisions."""

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
        self.times: list[float] = []

    def decide(self, state: GameState, seat: int, rng: random.Random) -> RoundAction:
        started = time.perf_counter()
        if self.seer:
            assert isinstance(self.player, SearchPlayer)
            action = choose_seeing(state, seat, self.player.budget, rng)
        else:
            action = self.player.decide(view(state, seat), rng)
        self.times.append(time.perf_counter() - started)
        return action


def play_game(specs: tuple[str, str], deal: int, swap: bool, target: int) -> dict[str, Any]:
    """One game of a duplicate pair; the figures are for ``specs[0]`` ("A")."""
    seats = [Seat(specs[1]), Seat(specs[0])] if swap else [Seat(specs[0]), Seat(specs[1])]
    a = 1 if swap else 0
    deal_rng = random.Random(f"bench-ai/deal/{deal}")
    rngs = [random.Random(f"bench-ai/{deal}/{int(swap)}/{s}") for s in (0, 1)]
    state = play_to_end(
        new_game(deal_rng, target),
        deal_rng,
        lambda state, seat: seats[seat].decide(state, seat, rngs[seat]),
    )
    assert state.outcome is not None
    rounds = [r for r in state.rounds if r.scores is not None]
    return {
        "deal": deal,
        "won": state.outcome.winner == a,
        "margin": sum(r.scores[a] - r.scores[1 - a] for r in rounds if r.scores is not None),
        "rounds": len(rounds),
        "times": {"A": seats[a].times, "B": seats[1 - a].times},
    }


class PidroSeat:
    """A Pidro player in a benchmark game, timing its decisions."""

    def __init__(self, level: str, times: list[float]) -> None:
        self.player = make_pidro_player(level)
        self.name = level
        self.times = times

    def decide(self, seen: PidroView, rng: random.Random) -> HandAction:
        started = time.perf_counter()
        action = self.player.decide(seen, rng)
        self.times.append(time.perf_counter() - started)
        return action


def play_pidro_game(specs: tuple[str, str], deal: int, swap: bool, target: int) -> dict[str, Any]:
    """One Pidro game of a duplicate pair: A's partnership on seats 0 and 2, or (``swap``) on
    seats 1 and 3; the same deals either way. The figures are for A."""
    times: dict[str, list[float]] = {"A": [], "B": []}
    sides = ("B", "A") if swap else ("A", "B")
    a = 1 if swap else 0
    seats = [
        PidroSeat(specs[0] if sides[s % 2] == "A" else specs[1], times[sides[s % 2]])
        for s in range(4)
    ]
    deal_rng = random.Random(f"bench-ai/pidro/deal/{deal}")
    rngs = [random.Random(f"bench-ai/pidro/{deal}/{int(swap)}/{s}") for s in range(4)]
    state = play_pidro(seats, deal_rng, rngs, target)
    assert state.outcome is not None
    hands = state.finished
    return {
        "deal": deal,
        "won": state.outcome.winner == a,
        "margin": sum(h.scores[a] - h.scores[1 - a] for h in hands),
        "rounds": len(hands),
        "times": times,
    }


def _job(args: tuple[str, tuple[str, str], int, bool, int]) -> dict[str, Any]:
    game, specs, deal, swap, target = args
    if game == "pidro":
        return play_pidro_game(specs, deal, swap, target)
    return play_game(specs, deal, swap, target)


# --- Statistics -------------------------------------------------------------------------------


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    n = len(values)
    if n == 0:
        return (0.0, float("nan"))
    mean = sum(values) / n
    if n == 1:
        return (mean, float("nan"))
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, z * math.sqrt(var / n))


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


@dataclass
class Pairing:
    """Everything measured for one pairing."""

    specs: tuple[str, str]
    games: list[dict[str, Any]] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.specs[0]} vs {self.specs[1]}"

    def pair_margins(self) -> list[float]:
        """Per duplicate deal: A's margin per round over both games."""
        by_deal: dict[int, list[dict[str, Any]]] = {}
        for g in self.games:
            by_deal.setdefault(g["deal"], []).append(g)
        out = []
        for games in by_deal.values():
            rounds = sum(g["rounds"] for g in games)
            out.append(sum(g["margin"] for g in games) / rounds)
        return out

    def summary(self) -> dict[str, Any]:
        n = len(self.games)
        wins = sum(1 for g in self.games if g["won"])
        low, high = wilson(wins, n)
        margin, half = mean_interval(self.pair_margins())
        latency: dict[str, list[float]] = {}
        for g in self.games:
            for side, spec in zip("AB", self.specs, strict=True):
                latency.setdefault(spec, []).extend(g["times"][side])
        return {
            "pairing": self.label,
            "games": n,
            "win_rate": wins / n if n else float("nan"),
            "win_interval": [low, high],
            "margin_per_round": margin,
            "margin_half_width": half,
            "latency": {
                spec: {
                    "decisions": len(t),
                    "p50": percentile(t, 0.5),
                    "p99": percentile(t, 0.99),
                    "max": max(t) if t else float("nan"),
                }
                for spec, t in latency.items()
            },
        }


def print_summary(s: dict[str, Any]) -> None:
    low, high = s["win_interval"]
    print(
        f"{s['pairing']:<28} games {s['games']:>4}  wins {s['win_rate']:6.1%} "
        f"[{low:5.1%}, {high:5.1%}]  margin/round {s['margin_per_round']:+6.1f} "
        f"± {s['margin_half_width']:.1f}"
    )
    for spec, lat in s["latency"].items():
        if spec in ("greedy", "easy"):
            continue
        print(
            f"{'':<28} latency {spec:<14} n={lat['decisions']:<6} p50 {lat['p50'] * 1000:6.0f} ms"
            f"  p99 {lat['p99'] * 1000:6.0f} ms  max {lat['max'] * 1000:6.0f} ms"
        )
    sys.stdout.flush()


# --- Runs -------------------------------------------------------------------------------------

QUICK = [
    ("medium", "greedy", 40),
    ("hard", "greedy", 6),
    ("hard", "medium", 6),
    ("seer-hard", "greedy", 6),
]
"""Quick mode: (player A, player B, duplicate deals)."""

FULL = [
    ("medium", "greedy", 200),
    ("hard", "greedy", 150),
    ("hard", "medium", 500),
    ("seer-hard", "greedy", 150),
    ("hard", "seer-hard", 100),
]
"""The full run: deals chosen for intervals of about ±3% at the expected win rates."""

PIDRO_QUICK = [("medium", "easy", 30)]
PIDRO_FULL = [("medium", "easy", 200)]
"""Pidro's runs: 200 duplicate deals are the 400 games of the done-when."""


def run(
    plan: Sequence[tuple[str, str, int]],
    offset: int,
    target: int,
    workers: int,
    game: str = "vidrasso",
) -> list[dict[str, Any]]:
    results = []
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with context.Pool(workers) as pool:
        for a, b, deals in plan:
            pairing = Pairing((a, b))
            jobs = [
                (game, (a, b), deal, swap, target)
                for deal in range(offset, offset + deals)
                for swap in (False, True)
            ]
            started = time.perf_counter()
            for game in pool.imap_unordered(_job, jobs):
                pairing.games.append(game)
            summary = pairing.summary()
            summary["seconds"] = time.perf_counter() - started
            print_summary(summary)
            results.append(summary)
    margins = {r["pairing"]: r["margin_per_round"] for r in results}
    hard, seer = margins.get("hard vs greedy"), margins.get("seer-hard vs greedy")
    if hard is not None and seer:
        print(
            "gap closure = margin(hard vs greedy) / margin(seer-hard vs greedy) per round "
            f"= {hard:+.1f} / {seer:+.1f} = {hard / seer:.0%}"
        )
    return results


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--quick", action="store_true", help="the under-10-minutes run")
    p.add_argument(
        "--pairs",
        help="comma-separated pairings like medium-greedy,hard-medium (default: the plan)",
    )
    p.add_argument("--deals", type=int, help="duplicate deals per pairing (overrides the plan)")
    p.add_argument("--offset", type=int, default=0, help="first deal number (default 0)")
    p.add_argument("--game", choices=("vidrasso", "pidro"), default="vidrasso")
    p.add_argument("--target", type=int, help="points per game (default 300; Pidro 62)")
    p.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--json", type=Path, help="also write the figures here")
    args = p.parse_args(argv)
    pidro = args.game == "pidro"
    target = args.target or (62 if pidro else 300)
    plans = {(False, False): FULL, (False, True): QUICK}
    plans.update({(True, False): PIDRO_FULL, (True, True): PIDRO_QUICK})
    plan = plans[(pidro, args.quick)]
    if args.pairs:
        plan = []
        for pair in args.pairs.split(","):
            a, b = _split_pair(pair)
            plan.append((a, b, args.deals or 20))
    elif args.deals:
        plan = [(a, b, args.deals) for a, b, _ in plan]
    print(
        f"bench/ai.py: {args.game}, {'quick' if args.quick else 'full'} run, games to {target}, "
        f"{args.workers} workers, {os.cpu_count()} cores, deals from {args.offset}"
    )
    started = time.perf_counter()
    results = run(plan, args.offset, target, args.workers, args.game)
    print(f"total {time.perf_counter() - started:.0f} s")
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


def _split_pair(text: str) -> tuple[str, str]:
    """``hard-medium``, ``seer-hard-greedy`` or ``hard-seer-hard`` into its two players."""
    parts = text.split("-")
    names: list[str] = []
    while parts:
        part = parts.pop(0)
        names.append(part + "-" + parts.pop(0) if part + "-" == SEER and parts else part)
    if len(names) != 2:
        raise SystemExit(f"{text!r} is not a pairing like hard-medium")
    return (names[0], names[1])


if __name__ == "__main__":
    sys.exit(main())
