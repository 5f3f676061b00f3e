"""``python -m bot.screens --out DIR``: every screen of the bot drawn to PNG, from seeded games.

``python -m bot.screens --readme`` (``make screens``) draws the README's screenshots
(:func:`readme_screens`) from the same gallery, each into its place: the platform's in
``docs/screens/``, each game's in its own folder (``games/<kind>/docs/screens/``).

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
from collections.abc import Mapping, Sequence
from dataclasses import replace
from importlib import import_module
from pathlib import Path

from bot.games import GAMES
from bot.ladder.chart import rating_chart
from bot.ladder.rating import INITIAL, Rating, rate
from cogs.ui import gallery
from cogs.ui.games import presentation
from cogs.ui.i18n import LANGUAGES, Words

ROOT = Path(__file__).resolve().parent.parent
"""The checkout: the README's screenshots are kept under it."""
README_SCREENS = {
    "event-signup": "event-01-signup",
    "event-pairings": "event-02-pairings",
    "event-standings": "event-03-final-standings",
}
"""The platform's screenshots in the README (``docs/screens/<name>.png``) and the gallery's
screen each is. A game's own are named by its gallery module (:func:`readme_screens`)."""


def readme_screens() -> dict[str, str]:
    """Every screenshot of the README, by its path in the checkout, and the gallery's screen it
    is: the platform's (:data:`README_SCREENS`) in ``docs/screens/``, and each registered
    game's (``README`` of its gallery module: file name to screen, if it has one) in
    ``games/<kind>/docs/screens/``, so that a game's pictures come and go with its folder."""
    out = {f"docs/screens/{name}.png": screen for name, screen in README_SCREENS.items()}
    for kind in GAMES:
        shown: Mapping[str, str] = getattr(import_module(presentation(kind).gallery), "README", {})
        for name, screen in shown.items():
            out[f"games/{kind}/docs/screens/{name}.png"] = f"{kind}-{screen}"
    return out


def screens(seed: int, tr: Words) -> dict[str, bytes]:
    """Every screen, by file name, in ``tr``'s language."""
    out: dict[str, bytes] = {}
    for kind in GAMES:
        gallery = import_module(presentation(kind).gallery)
        for name, png in gallery.screens(seed, tr).items():
            out[f"{kind}-{name}"] = png
    out["ladder-rating-chart"] = chart(random.Random(seed), tr)
    out.update(event_screens(random.Random(seed), tr))
    return out


def event_screens(rng: random.Random, tr: Words) -> dict[str, bytes]:
    """A 9-player Swiss of 4 rounds: its sign-up, a round's pairings, the final standings
    (results drawn at random, paired and ranked by the real code)."""
    from bot.events.model import Played, Table
    from bot.events.pairing import History, swiss
    from bot.events.records import BYE, DONE, FINISHED, RUNNING, Entrant, Event, EventTable
    from bot.events.standings import standings
    from cogs.events import (
        pairings_text,
        signup_embed,
        signup_view,
        standings_embed,
        standings_file,
    )
    from cogs.ui.gallery import NAMES, PLAYERS, draw

    kind = next(iter(GAMES))
    entrants = tuple(Entrant(p, n, 1500, None, False) for n, p in enumerate(PLAYERS[:9]))
    event = Event(
        id=3, guild_id=1, channel_id=2, message_id=None, organiser_id=PLAYERS[0], kind=kind,
        format="swiss", rounds=4, time_per_move=86_400.0, seats=2, partners="none", target=0,
        status="signup", round=0, round_deadline=None, starts_at=time.time() + 3600,
        seeds=None, created_at=0.0, finished_at=None, entrants=entrants,
    )  # fmt: skip
    out = {"event-01-signup": draw(None, signup_embed(event, tr), signup_view(event, tr))}
    units = list(range(9))
    tables: list[EventTable] = []
    for number in range(1, 5):
        results = [p for t in tables if (p := t.played) is not None]
        byes = [b for t in tables if (b := t.bye) is not None]
        ranked = [line.unit for line in standings(units, results, byes)]
        pairing = swiss(ranked, History.of(results, byes), 2)
        for index, pair in enumerate(pairing.tables, start=1):
            won = rng.random() < 0.5
            players = tuple(PLAYERS[u] for u in pair)
            tables.append(EventTable(number, index, 40 + len(tables), pair, (0, 1), players,
                                     (1, 2) if won else (2, 1), DONE))  # fmt: skip
        for unit in pairing.byes:
            tables.append(EventTable(number, 5, None, (unit,), (0,), (), None, BYE))
        if number == 2:
            running = replace(
                event, status=RUNNING, round=2, seeds=tuple(units),
                round_deadline=time.time() + 864_000, tables=tuple(tables),
            )  # fmt: skip
            out["event-02-pairings"] = draw(pairings_text(running, 2, tr), None)
    done = replace(event, status=FINISHED, round=4, seeds=tuple(units), tables=tuple(tables))
    lines = standings(units, [Played(t.round, Table(t.units, t.sides), t.places)
                              for t in tables if t.status == DONE], done.byes())  # fmt: skip
    embed = standings_embed(done, lines, tr)
    picture = standings_file(done, lines, NAMES, tr)
    out["event-03-final-standings"] = draw(None, embed, picture=picture.fp.read())
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
        help="only the README's screenshots, each into its place in the checkout (or under --out)",
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
    out: Path = args.out or ROOT
    drawn = screens(args.seed, Words(args.language))
    if args.readme:
        files = {out / path: drawn[screen] for path, screen in readme_screens().items()}
    else:
        files = {out / f"{name}.png": png for name, png in drawn.items()}
    for path, png in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
