"""``python -m bot.screens --out DIR``: every screen of the bot drawn to PNG, from seeded games.

``python -m bot.screens --readme`` (``make screens``) draws the README's screenshots
(:data:`README_SCREENS`) into ``docs/screens/``, from the same gallery.

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

README_SCREENS = {
    "table": "vidrasso-07-table-play",
    "hand": "vidrasso-08-hand-play",
    "game-over": "vidrasso-11-game-over",
    "pidro-table": "pidro-04-table-play",
    "pidro-kill": "pidro-10-hand-kill",
    "vriddiot-table": "vriddiot-03-table-war",
    "vriddiot-hand": "vriddiot-09-hand-cards",
}
"""Each screenshot of the README (``docs/screens/<name>.png``) and the gallery's screen it is."""
README_FOLDER = Path(__file__).resolve().parent.parent / "docs" / "screens"


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
    parser.add_argument("--out", type=Path, help="folder for the PNG files")
    parser.add_argument(
        "--readme",
        action="store_true",
        help="only the README's screenshots, into docs/screens/ (or --out)",
    )
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
    if args.out is None and not args.readme:
        parser.error("give --out FOLDER (or --readme)")
    out: Path = args.out or README_FOLDER
    out.mkdir(parents=True, exist_ok=True)
    drawn = screens(args.seed, Words(args.language))
    if args.readme:
        drawn = {name: drawn[screen] for name, screen in README_SCREENS.items()}
    for name, png in drawn.items():
        (out / f"{name}.png").write_bytes(png)
        print(out / f"{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
