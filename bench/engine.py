"""Vidrasso engine benchmark: random rounds per second on one core, and JSON round-trip cost.

Measures (1) complete random rounds through the public immutable API, (2) the same through the
bitmask representation in games.vidrasso.ai.fast, against the 10,000 rounds/s target, and the public
API's share of it (at least a quarter), (3) the cost and size of a late-game state's JSON round
trip (under 100 us), and, with ``--against``, (4) the simulator on this checkout and on another
one (today's code), timed in the same run, with their records compared byte for byte.

    .venv/bin/python bench/engine.py [--seconds N] [--seed S] [--against DIR]

To compare with the last commit: ``git worktree add /tmp/engine-base HEAD``, then
``--against /tmp/engine-base``, and ``git worktree remove --force /tmp/engine-base`` after.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

# Runs from a checkout without installing the package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.vidrasso.ai.fast import FastRound, random_deal, random_round
from games.vidrasso.rules import (
    Action,
    GameState,
    Phase,
    apply,
    deal_next,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
)

TARGET = 10_000
"""Random rounds per second the fast representation must reach (the issue's target)."""
PUBLIC_SHARE = 0.25
"""The public API must reach at least this share of the fast representation's rate."""
ROUND_TRIP_LIMIT = 100.0
"""Microseconds a late-game state's JSON round trip may take."""
SPEED_UP = 10.0
"""How many times faster than the code compared against the simulator must run."""
CHECKOUT = Path(__file__).resolve().parent.parent
SIMULATE = ["-m", "bot.simulate", "--games", "1000", "--seed", "1", "--players", "random,random"]
"""The simulator run that is timed; its records go to /dev/null."""
SAME_RECORDS = (("random,greedy", 200), ("random,random", 200))
"""Runs (players, games; seed 1) whose records must be byte-identical on both checkouts."""


def measure(batch: Callable[[], int], seconds: float) -> tuple[int, float]:
    """Run ``batch`` (which returns how many units it did) until ``seconds`` of wall time have
    passed; how many units, in how many seconds of this process's CPU time (on a shared
    machine the steadier figure: the rates and verdicts use it)."""
    done = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while True:
        done += batch()
        if time.perf_counter() - start >= seconds:
            return done, time.process_time() - cpu


def public_round(rng: random.Random) -> GameState:
    """Deal, trumps, gifts and 34 plays through apply() and legal_actions(), at random."""
    state = new_game(rng)
    while state.phase is not Phase.DEAL and not state.is_over:
        seat = state.to_act[0]
        options: Sequence[Action] = legal_actions(state, seat)
        state, _ = apply(state, rng.choice(options))
    return state


def fast_rounds(rng: random.Random, count: int) -> Callable[[], int]:
    def batch() -> int:
        for _ in range(count):
            a, b = random_round(rng)
            if a + b != 180:
                raise AssertionError("a round must score 180")
        return count

    return batch


def late_game_state(rng: random.Random) -> GameState:
    """A game in its third round, five and a half tricks in (one card on the table)."""
    while True:
        state = new_game(rng)
        while not state.is_over:
            if state.phase is Phase.DEAL:
                state, _ = deal_next(state, rng)
            seat = state.to_act[0]
            options: Sequence[Action] = legal_actions(state, seat)
            state, _ = apply(state, rng.choice(options))
            rnd = state.round
            if rnd.number == 3 and len(rnd.tricks) == 5 and len(rnd.trick) == 1:
                return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--seconds", type=float, default=4.0, help="time per measurement (default 4)"
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--against", type=Path, help="another checkout (today's code) to time the simulator on"
    )
    args = parser.parse_args()
    seconds: float = args.seconds
    rng = random.Random(args.seed)

    print(f"Vidrasso engine benchmark - Python {platform.python_version()}, one core")
    print(f"{seconds:g} s per measurement, seed {args.seed}; rates in CPU seconds")
    print()

    # (1) The public immutable API.
    def public_batch() -> int:
        public_round(rng)
        return 1

    rounds, elapsed = measure(public_batch, seconds)
    public_rate = rounds / elapsed
    print("1. Public API (apply + legal_actions, random choices)")
    print(f"   {rounds:,} rounds in {elapsed:.2f} s CPU: {public_rate:,.0f} rounds/s")
    print(f"   {1e6 / public_rate:,.0f} us per round")
    print()

    # (2) The bitmask representation.
    rounds, elapsed = measure(fast_rounds(rng, 1000), seconds)
    fast_rate = rounds / elapsed
    verdict = "meets" if fast_rate >= TARGET else "MISSES"
    print("2. games.vidrasso.ai.fast random_round (deal, trumps, gifts, 34 legal plays)")
    print(f"   {rounds:,} rounds in {elapsed:.2f} s CPU: {fast_rate:,.0f} rounds/s")
    print(f"   {1e6 / fast_rate:.1f} us per round; target {TARGET:,} rounds/s: {verdict} it")
    print(
        f"   {fast_rate / TARGET:.1f}x the target, {fast_rate / public_rate:,.1f}x the public API"
    )
    share = public_rate / fast_rate
    verdict = "meets" if share >= PUBLIC_SHARE else "MISSES"
    print(
        f"   public API {public_rate:,.0f} rounds/s beside fast {fast_rate:,.0f}: {share:.0%} "
        f"of it; target at least {PUBLIC_SHARE:.0%}: {verdict} it"
    )

    deals, elapsed = measure(_repeat(lambda: random_deal(rng), 1000), seconds / 4)
    print(f"   of which deal + trumps + gifts: {elapsed / deals * 1e6:.1f} us")

    fr = random_deal(rng)
    search_steps, elapsed = measure(_play_undo(fr, rng), seconds / 4)
    print(f"   play + undo (for search): {elapsed / search_steps * 1e6:.2f} us per card")
    print()

    # (3) The state's JSON round trip.
    # From its own generator: the same state whatever the machine's speed made of the rounds above.
    state = late_game_state(random.Random(args.seed))
    text = json.dumps(state_to_json(state))
    if state_from_json(json.loads(text)) != state:
        raise AssertionError("the JSON round trip must give the state back")

    def round_trip() -> int:
        for _ in range(100):
            state_from_json(json.loads(json.dumps(state_to_json(state))))
        return 100

    trips, elapsed = measure(round_trip, seconds / 2)
    rnd = state.round
    micros = elapsed / trips * 1e6
    verdict = "meets" if micros < ROUND_TRIP_LIMIT else "MISSES"
    print("3. State JSON round trip (state_to_json, json.dumps, json.loads, state_from_json)")
    print(
        f"   late-game state: round {rnd.number}, trick {len(rnd.tricks) + 1}, "
        f"{len(rnd.trick)} card(s) on the table, {state.moves} moves"
    )
    print(
        f"   {micros:,.0f} us per round trip ({trips:,} trips); "
        f"limit {ROUND_TRIP_LIMIT:.0f} us: {verdict} it"
    )
    print(f"   size: {len(text.encode()):,} bytes of JSON")
    if args.against is not None:
        print()
        compare_simulators(args.against.resolve())


def simulate_seconds(checkout: Path, arguments: Sequence[str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one ``python -m bot.simulate`` run with
    ``checkout`` first on the path. On a shared machine the CPU time is the steadier one."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, *arguments], cwd=checkout, env=env, check=True, capture_output=True
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def compare_simulators(base: Path) -> None:
    """Time the simulator here and on ``base`` (best of three each, taken in turns so that a
    change in the machine's load falls on both) and compare records."""
    print(f"4. Simulator: python {' '.join(SIMULATE)} --out /dev/null")
    arguments = [*SIMULATE, "--out", os.devnull]
    runs: dict[Path, list[tuple[float, float]]] = {base: [], CHECKOUT: []}
    for _ in range(3):
        for checkout in (base, CHECKOUT):
            runs[checkout].append(simulate_seconds(checkout, arguments))
    before_wall, after_wall = (min(w for w, _ in runs[c]) for c in (base, CHECKOUT))
    before_cpu, after_cpu = (min(c for _, c in runs[k]) for k in (base, CHECKOUT))
    print(f"   {base}: {before_wall:.2f} s wall, {before_cpu:.2f} s CPU")
    print(f"   {CHECKOUT}: {after_wall:.2f} s wall, {after_cpu:.2f} s CPU")
    speed_up = before_cpu / after_cpu
    verdict = "meets" if speed_up >= SPEED_UP else "MISSES"
    print(
        f"   {speed_up:.1f}x faster in CPU time ({before_wall / after_wall:.1f}x in wall time); "
        f"target {SPEED_UP:.0f}x: {verdict} it"
    )
    with tempfile.TemporaryDirectory() as folder:
        for players, games in SAME_RECORDS:
            outs = []
            for name, checkout in (("base", base), ("this", CHECKOUT)):
                out = Path(folder) / f"{name}-{players}.jsonl"
                run = ["-m", "bot.simulate", "--games", str(games), "--seed", "1"]
                simulate_seconds(checkout, [*run, "--players", players, "--out", str(out)])
                outs.append(out)
            same = filecmp.cmp(outs[0], outs[1], shallow=False)
            size = outs[1].stat().st_size
            print(
                f"   records of {games} games {players}: "
                f"{'byte-identical' if same else 'DIFFERENT'} ({size:,} bytes)"
            )


def _repeat(step: Callable[[], object], count: int) -> Callable[[], int]:
    def batch() -> int:
        for _ in range(count):
            step()
        return count

    return batch


def _play_undo(fr: FastRound, rng: random.Random) -> Callable[[], int]:
    """Walk random lines through one deal with play() and undo(), as a search would."""

    def batch() -> int:
        steps = 0
        for _ in range(100):
            depth = 0
            while not fr.is_over:
                moves = fr.moves()
                fr.play(moves[int(rng.random() * len(moves))])
                depth += 1
            for _ in range(depth):
                fr.undo()
            steps += depth
        return steps

    return batch


if __name__ == "__main__":
    main()
