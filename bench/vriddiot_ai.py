"""Vriddiot: how often medium finishes ahead of easy, and how long each level decides.

    .venv/bin/python bench/vriddiot_ai.py --games 400          # about 15 minutes on 2 cores
    .venv/bin/python bench/vriddiot_ai.py --table medium,easy,easy,easy --games 100

Each game seats the table's players (rotated one seat every game, so every player sits
everywhere equally often) and plays to the end. Every pair of a medium and an easy seat in a
game is a head-to-head placement: medium wins it when it finishes ahead. It prints medium's
share of those with a 95% Wilson interval (pairs of one game are not independent, so the
interval is also given over games: the share of games in which medium's average place beat
easy's), each level's average place, decision latency p50/p99/max per level on the wall clock
and on the CPU clock (on a shared machine the wall clock also counts other programs' turns on
the cores; the CPU clock is what the decision itself costs), and the capped games (there must
be none). Games run in ``--workers`` processes; ``--progress n`` prints the figures so far every n
games.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

# Runs from a checkout without installing the package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.vriddiot.ai.players import decide_with, make_player
from games.vriddiot.arena import IllegalDecision, Timings, game_seed
from games.vriddiot.rules import Ctx, GameState, apply, new_game, settle, view

Result = tuple[list[str], list[int], bool, dict[str, list[float]], dict[str, list[float]]]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def play_timed(
    names: Sequence[str], seed: str, double: bool, wall: Timings, cpu: Timings
) -> GameState:
    """The arena's game (:func:`games.vriddiot.arena.play_game`: the same generators, so the
    same game), each decision timed on the wall clock and on the process's CPU clock: on a
    shared machine the wall clock also counts the time other programs held the cores."""
    deal_rng = random.Random(f"{seed}/deal")
    rngs = [random.Random(f"{seed}/seat{s}") for s in range(len(names))]
    players = [make_player(n) for n in names]
    state = new_game(deal_rng, len(names), double)
    while state.outcome is None:
        if state.ctx is Ctx.RETURN:
            state, _ = settle(state, deal_rng)
            continue
        seat = state.to_act[0]
        seen = view(state, seat)
        started, used = time.perf_counter(), time.process_time()
        action = decide_with(players[seat], seen, rngs[seat].getrandbits(62))
        wall.add(names[seat], time.perf_counter() - started)
        cpu.add(names[seat], time.process_time() - used)
        if action not in seen.actions:
            raise IllegalDecision(f"{names[seat]} chose {action!r} for seat {seat}")
        state, _ = apply(state, action)
    return state


def one_game(
    job: tuple[tuple[str, ...], int, int],
) -> tuple[list[str], list[int], bool, dict[str, list[float]], dict[str, list[float]]]:
    names, seed, game = job
    n = len(names)
    shift = game % n
    seated = [names[(s - shift) % n] for s in range(n)]
    wall, cpu = Timings(), Timings()
    state = play_timed(seated, game_seed(seed, game), n > 5, wall, cpu)
    assert state.outcome is not None
    place = [0] * n
    for p, s in enumerate(state.outcome.finish, 1):
        place[s] = p
    return seated, place, state.outcome.capped, wall.by_name, cpu.by_name


def quantile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def summary(
    names: tuple[str, ...], games: int, seed: int, results: list[Result], partial: bool = False
) -> None:
    """Print the figures of ``results`` (the first ``games`` games)."""
    pairs = wins = 0.0
    game_wins = game_n = 0
    capped = 0
    places: dict[str, list[int]] = {}
    times: dict[str, list[float]] = {}
    cpu_times: dict[str, list[float]] = {}
    for seated, place, was_capped, timing, cpu_timing in results:
        capped += was_capped
        med = [place[s] for s, n in enumerate(seated) if n == "medium"]
        easy = [place[s] for s, n in enumerate(seated) if n == "easy"]
        for m in med:
            for e in easy:
                pairs += 1
                wins += m < e
        if med and easy:
            game_n += 1
            game_wins += sum(med) / len(med) < sum(easy) / len(easy)
        for s, n in enumerate(seated):
            places.setdefault(n, []).append(place[s])
        for n, ts in timing.items():
            times.setdefault(n, []).extend(ts)
        for n, ts in cpu_timing.items():
            cpu_times.setdefault(n, []).extend(ts)
    lo, hi = wilson(wins, int(pairs))
    glo, ghi = wilson(game_wins, game_n)
    so_far = " (so far)" if partial else ""
    print(f"table     {','.join(names)}, {games} games{so_far}, seats rotated, seed {seed}")
    if pairs:
        print(
            f"medium ahead of easy  {wins / pairs:.1%} of {int(pairs)} head-to-head placements "
            f"(95% {lo:.1%}-{hi:.1%}); by game {game_wins}/{game_n} "
            f"(95% {glo:.1%}-{ghi:.1%})"
        )
    for n, ps in sorted(places.items()):
        print(f"place     {n:8} average {sum(ps) / len(ps):.2f} over {len(ps)} seats")
    for clock, timed in (("wall", times), ("cpu", cpu_times)):
        for n, ts in sorted(timed.items()):
            print(
                f"latency   {n:8} {clock:4} p50 {quantile(ts, 0.5) * 1000:7.1f} ms  "
                f"p99 {quantile(ts, 0.99) * 1000:7.1f} ms  max {max(ts) * 1000:7.1f} ms  "
                f"({len(ts)} decisions)"
            )
    print(f"capped    {capped} of {games} games", flush=True)


def main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="bench/vriddiot_ai.py")
    p.add_argument("--table", default="medium,easy,easy", help="the players, 3-10")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--progress", type=int, default=0, help="the figures so far every n games")
    args = p.parse_args(argv)
    names = tuple(args.table.split(","))
    jobs = [(names, args.seed, g) for g in range(args.games)]
    results: list[Result] = []
    with multiprocessing.Pool(args.workers) as pool:
        for result in pool.imap(one_game, jobs, chunksize=1):
            results.append(result)
            if args.progress and len(results) % args.progress == 0 and len(jobs) > len(results):
                summary(names, len(results), args.seed, results, partial=True)
    summary(names, args.games, args.seed, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
