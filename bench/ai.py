"""Strength and speed of the computer levels: duplicate games between pairs of players, for
any registered game.

    .venv/bin/python bench/ai.py --quick          # under 10 minutes on 2 cores
    .venv/bin/python bench/ai.py                  # the full run (hours)
    .venv/bin/python bench/ai.py --pairs medium-greedy --deals 50 --offset 1000
    .venv/bin/python bench/ai.py --game <kind>    # another registered game (default: the first)

Every deal is played twice with the teams exchanged (the same deals in every round; players'
randomness differs), so the luck of the cards cancels out: player A sits in the seats of the
first team and B in the others, then the other way round. For each pairing it prints the
first player's game win rate with a 95% Wilson interval, its mean point margin per round (its
points minus the other side's) with a 95% interval over duplicate pairs, every player's
decision latency p50/p99/max, and, where the game counts them (its ``BENCH.tally``), what each
player did (a bidding game: its bids and contracts by size). Games run in worker processes
(two unless told), to the game's first target.

The games come from the registry (:data:`bot.games.GAMES`); each game's arena module
(``games/<kind>/arena``) gives its ``BENCH`` (:class:`bot.arena.bench.Bench`): its players by
spec, its quick and full plans and its generators' streams, documented there. Every game is
played through the one match loop (:mod:`bot.arena.match`).

Where a game has an all-seeing reference player ``seer-hard`` (hard deciding on the true
cards), the gap closure is defined as

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
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

# Runs from a checkout without installing the package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.arena.bench import Bench, duplicate_game
from bot.games import DEFAULT_KIND, GAMES

SEER = "seer-"
"""The prefix of an all-seeing player's spec (``seer-hard``), kept whole by ``--pairs``."""


def bench_of(kind: str) -> Bench:
    """The ``BENCH`` of a registered game's arena module."""
    found: Bench = import_module(f"games.{kind}.arena").BENCH
    return found


def _job(args: tuple[str, tuple[str, str], int, bool, int]) -> dict[str, Any]:
    kind, specs, deal, swap, target = args
    return duplicate_game(GAMES[kind], bench_of(kind), specs, deal, swap, target)


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
        tally: dict[str, dict[str, int]] = {}
        for g in self.games:
            for side, spec in zip("AB", self.specs, strict=True):
                latency.setdefault(spec, []).extend(g["times"][side])
                counts = tally.setdefault(spec, {})
                for key, count in g.get("tally", {}).get(side, {}).items():
                    counts[key] = counts.get(key, 0) + count
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
            "tally": {spec: counts for spec, counts in tally.items() if counts},
        }


def print_summary(s: dict[str, Any]) -> None:
    low, high = s["win_interval"]
    print(
        f"{s['pairing']:<28} games {s['games']:>4}  wins {s['win_rate']:6.1%} "
        f"[{low:5.1%}, {high:5.1%}]  margin/{s['unit']} {s['margin_per_round']:+6.1f} "
        f"± {s['margin_half_width']:.1f}"
    )
    for spec, lat in s["latency"].items():
        print(
            f"{'':<28} latency {spec:<14} n={lat['decisions']:<6} p50 {lat['p50'] * 1000:6.0f} ms"
            f"  p99 {lat['p99'] * 1000:6.0f} ms  max {lat['max'] * 1000:6.0f} ms"
        )
    shares = dict(s["shares"])
    for spec, counts in s["tally"].items():
        parts = []
        for key, n in counts.items():
            base = counts.get(shares.get(key, ""), 0)
            parts.append(f"{key} {n}" + (f" ({n / base:.0%} of {shares[key]})" if base else ""))
        print(f"{'':<28} tally   {spec:<14} " + ", ".join(parts))
    sys.stdout.flush()


# --- Runs -------------------------------------------------------------------------------------


def run(
    plan: Sequence[tuple[str, str, int]],
    offset: int,
    target: int,
    workers: int,
    game: str = DEFAULT_KIND,
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
            for played in pool.imap_unordered(_job, jobs):
                pairing.games.append(played)
            summary = pairing.summary()
            summary["seconds"] = time.perf_counter() - started
            summary["unit"] = bench_of(game).unit
            summary["shares"] = list(bench_of(game).shares)
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
    p.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_KIND)
    p.add_argument("--target", type=int, help="points per game (default: the game's first)")
    p.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--json", type=Path, help="also write the figures here")
    args = p.parse_args(argv)
    rules, bench = GAMES[args.game], bench_of(args.game)
    target = args.target or rules.targets[0]
    plan: list[tuple[str, str, int]] = list(bench.quick if args.quick else bench.full)
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
