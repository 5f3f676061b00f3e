"""How long a whole game's review takes: ``python -m bench.review [--game vidrasso]
[--workers 2] [--seed 1] [--level easy]``.

Plays a seeded game between two computer players of ``--level`` (easy: quick, and with
mistakes to find), then weighs every decision with the game's reviewer in a process pool of
``--workers`` processes, one decision a task (as the bot does), and prints the decisions, the
wall time and the marks found. The target (issue 25): a whole Vidrasso game in under a minute
on two cores.
"""

from __future__ import annotations

import argparse
import importlib
import random
import resource
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

# Runs from a checkout without installing the package (and before bench/bot.py, which the
# script's own folder would otherwise offer as ``bot``).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.arena.match import play_to_end, seated
from bot.games import rules_for
from bot.review.model import mark_of
from bot.workers import process_pool, warmed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="vidrasso")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--target", type=int, default=None)
    args = parser.parse_args(argv)

    rules = rules_for(args.game)
    reviewer = importlib.import_module(rules.reviewer)  # type: ignore[attr-defined]
    rng = random.Random(args.seed)
    seats = rules.seat_range[0]
    state = rules.new_game(rng, args.target or rules.targets[0], seats)
    decide = rules.decider()
    players = [_Level(decide, args.level) for _ in range(seats)]
    final = play_to_end(
        rules, state, rng, seated(rules, players, [random.Random(s) for s in range(seats)])
    )

    started = time.perf_counter()
    found = reviewer.decisions(final)
    listed = time.perf_counter() - started
    pool: ProcessPoolExecutor = process_pool(args.workers)
    warmed(pool, args.workers, timeout=60)
    started = time.perf_counter()
    futures = [pool.submit(reviewer.weigh, d.view, d.number) for d in found]
    weighed = [f.result() for f in futures]
    took = time.perf_counter() - started
    pool.shutdown(wait=True)
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy = cpu.ru_utime + cpu.ru_stime
    marks = [mark_of(rules, d, w) for d, w in zip(found, weighed, strict=True)]
    least = getattr(reviewer, "COSTLY", 1.0)
    costly = [m for m in marks if m is not None and m.loss >= least]
    rounds = max((d.round for d in found), default=0)
    print(
        f"{args.game}: {rounds} rounds, {len(found)} decisions listed in {listed:.2f} s, "
        f"weighed in {took:.1f} s on {args.workers} workers "
        f"({1000 * took / max(len(found), 1):.0f} ms a decision); {len(costly)} costly"
    )
    print(
        f"the workers' CPU time: {busy:.1f} s, so {busy / args.workers:.1f} s on "
        f"{args.workers} idle cores (the machine's load meanwhile: {_load()})"
    )


def _load() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


class _Level:
    """A computer level as an arena player (the registry's decision function)."""

    def __init__(self, decide: Callable[[str, Any, int], Any], level: str) -> None:
        self.decide_with = decide
        self.name = level

    def decide(self, view: Any, rng: random.Random) -> Any:
        return self.decide_with(self.name, view, rng.randrange(2**31))


if __name__ == "__main__":
    main()
