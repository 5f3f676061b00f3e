"""Table picture benchmark: how long :func:`bot.drawing.table_png` takes to draw the table.

Plays seeded random games through the public engine API (uniform legal moves, as
``tests/random_games.py`` does), takes every ``--every``-th state of each, and draws the public
view of each once without the cache (the time a new table costs) and then twice with a cache
key and a view built afresh from the same state (the second call is the cached hit, which
compares the two views). Prints p50, p99 and max of each in milliseconds, the
first (cold) render separately, and the PNG sizes, against the 30 ms p99 target (set for
English; ``--language ja`` draws the Japanese table, with a Japanese name, for comparison).

    .venv/bin/python bench/render.py [--games N] [--every K] [--seed S] [--language ja]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

# Runs from a checkout without installing the package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.vidrasso.drawing import clear_cache, table_png
from games.vidrasso.rules import (
    GameState,
    Phase,
    RoundAction,
    apply,
    deal_next,
    legal_actions,
    new_game,
    view,
)

TARGET_MS = 30.0
"""p99 of an uncached render under 30 ms."""
NAMES = ("Alice", "Bartholomew the Unhurried")
JAPANESE_NAMES = ("山田花子", "Bartholomew the Unhurried")


def game_states(seed: int) -> Iterator[GameState]:
    """Every state of a game of uniformly random legal moves."""
    rng = random.Random(seed)
    state = new_game(rng)
    yield state
    while not state.is_over:
        if state.phase is Phase.DEAL:
            state, _ = deal_next(state, rng)
        else:
            actions: Sequence[RoundAction] = legal_actions(state, state.to_act[0])
            state, _ = apply(state, rng.choice(actions))
        yield state


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def line(label: str, times: list[float]) -> str:
    return (
        f"{label:<22} p50 {percentile(times, 50):7.3f} ms   p99 {percentile(times, 99):7.3f} ms"
        f"   max {max(times):7.3f} ms   ({len(times)} renders)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--every", type=int, default=3, help="draw every K-th state of a game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--language", choices=("en", "ja"), default="en")
    args = parser.parse_args()
    words = None
    names = NAMES
    if args.language != "en":
        from cogs.ui.i18n import Words

        words, names = Words(args.language), JAPANESE_NAMES

    states = [
        state
        for g in range(args.games)
        for i, state in enumerate(game_states(args.seed + g))
        if i % args.every == 0
    ]
    views = [view(state, None) for state in states]
    clear_cache()
    start = time.perf_counter()
    table_png(views[0], names, words=words)
    cold = (time.perf_counter() - start) * 1000

    uncached: list[float] = []
    sizes: list[int] = []
    for v in views:
        start = time.perf_counter()
        png = table_png(v, names, words=words)
        uncached.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))

    hits: list[float] = []
    for i, (state, v) in enumerate(zip(states, views, strict=True)):
        key = ("bench", i)
        table_png(v, names, key=key, words=words)
        again = view(state, None)
        start = time.perf_counter()
        table_png(again, names, key=key, words=words)
        hits.append((time.perf_counter() - start) * 1000)

    print(
        f"{len(views)} table views from {args.games} random games (seed {args.seed}),"
        f" in {args.language}"
    )
    print(f"first render (fonts and card pictures made): {cold:.1f} ms")
    print(line("uncached render", uncached))
    print(line("cached hit", hits))
    print(f"PNG size: p50 {statistics.median(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB")
    p99 = percentile(uncached, 99)
    verdict = "meets" if p99 < TARGET_MS else "MISSES"
    print(f"uncached p99 {p99:.1f} ms {verdict} the {TARGET_MS:.0f} ms target")


if __name__ == "__main__":
    main()
