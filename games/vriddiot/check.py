"""Vriddiot's done checks over many games (issue 27), with the counts printed.

    .venv/bin/python -m games.vriddiot.check --games 1000                  # every table, both kinds
    .venv/bin/python -m games.vriddiot.check --games 1000 --kinds random --tables 3,4

For each table (3, 4, 5 players with one deck; 6 and 8 with the Dobbeldeck) and each kind of
game (``random``: random players; ``mixed``: medium and easy), plays the games, replays every
record through the engine and through the independent reading (``games/vriddiot/tests/
independent.py``) with every legal set compared, plays every ``--repeat-every``-th game again
from its seed and compares the records byte for byte, and counts capped games. One process;
the exit status is 1 when anything disagrees or a mixed game was capped.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from games.vriddiot.tests.games_check import KINDS, TABLES, Counts, run


def main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m games.vriddiot.check")
    p.add_argument("--games", type=int, default=1000, help="games of each kind at each table")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--kinds", default=",".join(KINDS), help="random, mixed or both")
    p.add_argument("--tables", default=",".join(str(n) for n, _ in TABLES), help="e.g. 3,4,5,6,8")
    p.add_argument("--repeat-every", type=int, default=1, help="replay every n-th game's seed")
    p.add_argument("--progress", type=int, default=0, help="the counts so far every n games")
    args = p.parse_args(argv)
    wanted = {int(n) for n in args.tables.split(",")}
    failed = False
    for kind in args.kinds.split(","):
        for players, double in TABLES:
            if players not in wanted:
                continue
            started = time.perf_counter()

            def report(counts: Counts) -> None:
                unfinished = counts.games < args.games
                if args.progress and unfinished and counts.games % args.progress == 0:
                    print(f"{counts.line()}  (so far)", flush=True)

            counts = run(kind, players, double, args.games, args.seed, args.repeat_every, report)
            print(f"{counts.line()}  ({time.perf_counter() - started:.0f} s)", flush=True)
            for problem in counts.problems[:5]:
                print(f"    {problem}", flush=True)
            failed |= bool(counts.problems) or (kind == "mixed" and counts.capped > 0)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
