"""Strength and speed of the computer levels: duplicate games between pairs of players, or
placement games with the seats rotated, for any registered game.

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

A game where everyone plays for their own place says so in its ``BENCH.table`` (the seats of
its benchmark table): then player A sits in one seat and B in all the others, and every deal is
played once with A in each seat (the seats rotated, the luck of the deal shared). It prints A's
share of head-to-head placements (A finishing ahead of one B) with a 95% Wilson interval, and
the same share with a 95% interval over deals (the placements of one deal are not independent,
so this interval is the honest one), each player's average place, and latency p50/p99/max on
the wall clock and on the CPU clock (on a shared machine the wall clock also counts other
programs' turns on the cores). ``--deals`` counts deals: a table of three plays three games a
deal.

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
import gzip
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

from bot.arena.bench import Bench, bench_game
from bot.games import DEFAULT_KIND, GAMES

SEER = "seer-"
"""The prefix of an all-seeing player's spec (``seer-hard``), kept whole by ``--pairs``."""


def bench_of(kind: str) -> Bench:
    """The ``BENCH`` of a registered game's arena module."""
    found: Bench = import_module(f"games.{kind}.arena").BENCH
    return found


def _job(args: tuple[str, tuple[str, str], int, int, int]) -> dict[str, Any]:
    kind, specs, deal, turn, target = args
    played = bench_game(GAMES[kind], bench_of(kind), specs, deal, turn, target)
    played["turn"] = turn
    return played


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

    def complete(self, turns: int) -> Pairing:
        """This pairing with only the deals all ``turns`` games of which have ended."""
        count: dict[int, int] = {}
        for g in self.games:
            count[g["deal"]] = count.get(g["deal"], 0) + 1
        return Pairing(self.specs, [g for g in self.games if count[g["deal"]] == turns])

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

    def placements(self) -> dict[str, Any]:
        """Placement games: A's head-to-head placements against the Bs and the places."""
        pairs = ahead = 0
        by_deal: dict[int, list[int]] = {}
        a_places: list[int] = []
        b_places: list[int] = []
        for g in self.games:
            a_places.append(g["place"])
            b_places.extend(g["others"])
            won = sum(g["place"] < p for p in g["others"])
            pairs += len(g["others"])
            ahead += won
            counts = by_deal.setdefault(g["deal"], [0, 0])
            counts[0] += won
            counts[1] += len(g["others"])
        low, high = wilson(ahead, pairs)
        share, half = mean_interval([w / n for w, n in by_deal.values() if n])
        return {
            "pairs": pairs,
            "ahead": ahead,
            "share": ahead / pairs if pairs else float("nan"),
            "interval": [low, high],
            "deals": len(by_deal),
            "by_deal": share,
            "by_deal_half_width": half,
            "place": {
                self.specs[0]: sum(a_places) / len(a_places) if a_places else float("nan"),
                self.specs[1]: sum(b_places) / len(b_places) if b_places else float("nan"),
            },
        }

    def summary(self) -> dict[str, Any]:
        n = len(self.games)
        wins = sum(1 for g in self.games if g["won"])
        low, high = wilson(wins, n)
        placing = bool(self.games) and "place" in self.games[0]
        margin, half = (
            (float("nan"), float("nan")) if placing else mean_interval(self.pair_margins())
        )
        latency: dict[str, list[float]] = {}
        cpu: dict[str, list[float]] = {}
        tally: dict[str, dict[str, int]] = {}
        for g in self.games:
            for side, spec in zip("AB", self.specs, strict=True):
                latency.setdefault(spec, []).extend(g["times"][side])
                cpu.setdefault(spec, []).extend(g.get("cpu", {}).get(side, []))
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
            "cpu": {
                spec: {"p50": percentile(t, 0.5), "p99": percentile(t, 0.99), "max": max(t)}
                for spec, t in cpu.items()
                if t
            },
            "tally": {spec: counts for spec, counts in tally.items() if counts},
            "placements": self.placements() if placing else None,
        }


def print_summary(s: dict[str, Any]) -> None:
    low, high = s["win_interval"]
    placed = s.get("placements")
    if placed is None:
        print(
            f"{s['pairing']:<28} games {s['games']:>4}  wins {s['win_rate']:6.1%} "
            f"[{low:5.1%}, {high:5.1%}]  margin/{s['unit']} {s['margin_per_round']:+6.1f} "
            f"± {s['margin_half_width']:.1f}"
        )
    else:
        a, b = s["pairing"].split(" vs ")
        plow, phigh = placed["interval"]
        print(
            f"{s['pairing']:<28} games {s['games']:>4}  first {s['win_rate']:6.1%} "
            f"[{low:5.1%}, {high:5.1%}]  seats rotated on {placed['deals']} deals"
        )
        print(
            f"{'':<28} {a} ahead of {b} in {placed['share']:.1%} of {placed['pairs']} "
            f"head-to-head placements [{plow:.1%}, {phigh:.1%}]; by deal "
            f"{placed['by_deal']:.1%} ± {placed['by_deal_half_width']:.1%}"
        )
        print(
            f"{'':<28} average place "
            + ", ".join(f"{spec} {p:.2f}" for spec, p in placed["place"].items())
        )
    for spec, lat in s["latency"].items():
        print(
            f"{'':<28} latency {spec:<14} n={lat['decisions']:<6} p50 {lat['p50'] * 1000:6.0f} ms"
            f"  p99 {lat['p99'] * 1000:6.0f} ms  max {lat['max'] * 1000:6.0f} ms"
        )
        cpu = s.get("cpu", {}).get(spec)
        if cpu is not None:
            print(
                f"{'':<28}     cpu {spec:<14} {'':<8} p50 {cpu['p50'] * 1000:6.0f} ms"
                f"  p99 {cpu['p99'] * 1000:6.0f} ms  max {cpu['max'] * 1000:6.0f} ms"
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
    games_out: Path | None = None,
    progress: int = 0,
) -> list[dict[str, Any]]:
    """Play the ``plan``'s pairings and print each one's figures. ``games_out``: each game is
    also appended there as it ends (a JSON line), so a run cut short keeps what it played
    (``--summarize`` reads it back); ``progress``: every that many games, the figures so far
    over the deals whose games have all ended."""
    results = []
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with context.Pool(workers) as pool:
        for a, b, deals in plan:
            pairing = Pairing((a, b))
            jobs = [
                (game, (a, b), deal, turn, target)
                for deal in range(offset, offset + deals)
                for turn in bench_of(game).turns()
            ]
            started = time.perf_counter()
            turns = len(bench_of(game).turns())
            shown = {"unit": bench_of(game).unit, "shares": list(bench_of(game).shares)}
            for played in pool.imap_unordered(_job, jobs):
                pairing.games.append(played)
                if games_out is not None:
                    with games_out.open("a", encoding="utf-8") as out:
                        out.write(json.dumps({"pairing": [a, b], "game": played}) + "\n")
                if progress and len(pairing.games) % progress == 0 < len(jobs) - len(pairing.games):
                    so_far = pairing.complete(turns)
                    if so_far.games:
                        print(f"so far ({time.perf_counter() - started:.0f} s):")
                        print_summary(so_far.summary() | shown)
            summary = pairing.summary()
            summary["seconds"] = time.perf_counter() - started
            summary |= shown
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
    p.add_argument("--games-out", type=Path, help="also append each game here as it ends")
    p.add_argument("--progress", type=int, default=0, help="print the figures so far every N games")
    p.add_argument(
        "--summarize",
        type=Path,
        nargs="+",
        help="play nothing: the figures of the games in these --games-out files, pooled",
    )
    args = p.parse_args(argv)
    rules, bench = GAMES[args.game], bench_of(args.game)
    if args.summarize:
        return summarize(args.summarize, args.game)
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
    results = run(plan, args.offset, target, args.workers, args.game, args.games_out, args.progress)
    print(f"total {time.perf_counter() - started:.0f} s")
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


def _lines(path: Path) -> list[str]:
    """A ``--games-out`` file's lines (``.gz``: gzipped)."""
    if path.suffix == ".gz":
        with gzip.open(path, "rt", encoding="utf-8") as file:
            return file.read().splitlines()
    return path.read_text(encoding="utf-8").splitlines()


def summarize(paths: Sequence[Path], game: str) -> int:
    """Print each pairing's figures over the games of ``--games-out`` files, gzipped or not (a
    deal counted only where all its games are there), as a run of them all would have. The
    runs kept in ``bench/results/`` pool with new ones this way (its README)."""
    pairings: dict[tuple[str, str], Pairing] = {}
    seen: set[tuple[str, str, int, int]] = set()
    for path in paths:
        for line in _lines(path):
            if not line.strip():
                continue
            record = json.loads(line)
            a, b = record["pairing"]
            played = record["game"]
            key = (a, b, played["deal"], played["turn"])
            if key in seen:
                continue
            seen.add(key)
            pairings.setdefault((a, b), Pairing((a, b))).games.append(played)
    bench = bench_of(game)
    for pairing in pairings.values():
        complete = pairing.complete(len(bench.turns()))
        if complete.games:
            print_summary(complete.summary() | {"unit": bench.unit, "shares": list(bench.shares)})
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
