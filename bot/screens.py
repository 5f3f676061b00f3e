"""``python -m bot.screens --out DIR``: every screen of the bot drawn to PNG, from seeded games.

For reviewers and for the README: each registered game's screens (the ``screens(seed, words)``
of its presentation's ``gallery`` module: the table in each phase, private hands, the ends of
rounds and games, rules pages), named ``<game>-NN-<screen>.png``, and the platform's own (the
rating chart) — built by the same presentation code the bot sends to Discord, from the same
views, and drawn as Discord would show them (:mod:`bot.drawing.message`).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from importlib import import_module
from pathlib import Path

from bot.games import GAMES
from bot.ladder.chart import rating_chart
from bot.ladder.rating import INITIAL, Rating, rate
from cogs.ui import gallery
from cogs.ui.games import presentation
from cogs.ui.i18n import LANGUAGES, Words


def screens(seed: int, tr: Words) -> dict[str, bytes]:
    """Every screen, by file name, in ``tr``'s language."""
    out: dict[str, bytes] = {}
    for kind in GAMES:
        gallery = import_module(presentation(kind).gallery)
        for name, png in gallery.screens(seed, tr).items():
            out[f"{kind}-{name}"] = png
    out["ladder-rating-chart"] = chart(random.Random(seed), tr)
    return out


def chart(rng: random.Random, tr: Words) -> bytes:
    """A player's rating over 40 games, the first ten provisional."""
    ratings: list[Rating] = [INITIAL]
    finished: list[float | None] = [None]
    at = time.time() - 86_400 * 60
    for _ in range(40):
        other = Rating(25.0 + rng.uniform(-3, 3), 5.0)
        won = rng.random() < 0.6
        (mine,), _ = rate([[ratings[-1]], [other]], [1, 2] if won else [2, 1])
        ratings.append(mine)
        at += 86_400 * rng.uniform(0.5, 2.5)
        finished.append(at)
    title = tr.n(
        "{name} · rating over {count} game", "{name} · rating over {count} games", 40, name="Alice"
    )
    return rating_chart(ratings, title=title, finished=finished, words=tr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, required=True, help="folder for the PNG files")
    parser.add_argument("--seed", type=int, default=3, help="the games' seed (default 3)")
    parser.add_argument(
        "--language", choices=LANGUAGES, default="en", help="the screens' language (default en)"
    )
    parser.add_argument(
        "--width", type=int, default=gallery.WIDTH,
        help=f"the messages' width in pixels (default {gallery.WIDTH}, a desktop; 400: a phone)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    gallery.WIDTH = args.width
    args.out.mkdir(parents=True, exist_ok=True)
    for name, png in screens(args.seed, Words(args.language)).items():
        (args.out / f"{name}.png").write_bytes(png)
        print(args.out / f"{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
