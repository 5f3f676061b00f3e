"""Table picture benchmark: what each registered game's table costs to draw, and how quick the
first one is after a start.

For every game in the registry (``bot.games.GAMES``), or those named by ``--game``, it plays
seeded random games through the rules contract (uniform legal moves, chance steps settled) at
each seat count of ``--players`` (default: the game's smallest), takes every ``--every``-th
state of each, and draws the public view of each as the bot does (the game's presentation's
``picture``, in the reader's ``Words``). A game named by ``--game`` that is not registered yet
is drawn straight from its folder: its ``rules`` package (``new_game(rng, seats)``,
``legal_actions``, ``apply``, ``settle``, ``view``) and its ``drawing.table_png``:

- *here*: in this process, uncached, one at a time: the CPU time (``time.process_time``) and
  the wall time of each picture, and the PNG's size;
- *in the bot's drawing process*: for each table, a new pool made as the bot makes it
  (``bot.app.drawing_processes``, one process) is started and waited for (spawned, every
  language learnt, every game's table warmed), then sent what the bot sends it as the seats
  of a table are taken — the players' names to learn (``cogs.ui.games.warm_names``, the
  game's presentation's ``warm_names``: each name drawn in its row, its status line, …) —
  and that is waited for (the bot sends it as each player sits down, long before the game
  starts); then the table's first picture is timed, then every other view of it: the first
  against the steady p50, for the 2× target. Each picture's
  CPU time in the process is timed too (``time.thread_time`` around the drawing there, the
  request's unpickling left out): on a loaded machine the wall clock of one picture is mostly
  other processes' turns, its CPU time is not. At the end the first table is drawn once more
  with the bands the game keeps between pictures forgotten (Vriddiot keeps each player's row):
  what a warm process pays for a whole table. Against it, the first picture shows what the
  start leaves cold (with the names learnt at the seats, little); against the steady p50, it
  shows that a first picture draws a whole table where the next redraws what changed. A game
  not registered (no presentation) learns no names: its names are drawn cold. One first
  picture is one sample, and on a shared machine its wall clock is often mostly other
  processes' turns: ``--starts N`` starts N processes for each table, each as the first (made,
  warmed, sent the names, waited for), times the same first picture in each, prints each
  start's ratios and gives the verdict on their median.

Heavy imports wait for :func:`main`: a spawned worker imports this script as its main module,
and must start as cold as the bot's own workers do (``python -m bot`` imports nothing there).

    .venv/bin/python bench/render.py [--games N] [--every K] [--seed S] [--language ja]
    .venv/bin/python bench/render.py --game KIND --players 5,8 [--starts 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

TARGET_CPU_MS = 5.0
"""p50 CPU time of a picture, every game (issue 28)."""
FIRST_OVER_STEADY = 2.0
"""The first picture after a start at most this many times the steady p50 (issue 22)."""
MOVES = 160
"""The most moves of a random game drawn."""
NAMES = ("Alice", "Bartholomew the Unhurried", "Carol", "Dmitri", "Eve")
NAMES_MORE = ("Fumiko", "Gustav", "Hanna", "Ivo", "Jo")
JAPANESE_NAMES = ("山田花子", "Bartholomew the Unhurried", "太郎", "Dmitri", "Eve")
JAPANESE_MORE = ("文子", "Gustav", "Hanna", "Ivo", "次郎")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def line(label: str, times: list[float]) -> str:
    return (
        f"  {label:<28} p50 {percentile(times, 50):7.2f} ms   p99 {percentile(times, 99):7.2f} ms"
        f"   max {max(times):7.2f} ms   ({len(times)} pictures)"
    )


def random_states(rules: Any, seed: int, seats: int) -> list[Any]:
    """The states of a game of uniformly random legal moves, through the rules contract, to
    its end or for :data:`MOVES` moves (random bids may sink both sides of a game for ever)."""
    rng = random.Random(seed)
    state = rules.new_game(rng, rules.targets[0], seats)
    states = [state]
    while rules.outcome(state) is None and len(states) <= MOVES:
        to_act = rules.to_act(state)
        if not to_act:
            state, _ = rules.settle(state, rng)
        else:
            state, _ = rules.apply(state, rng.choice(rules.legal_actions(state, to_act[0])))
        states.append(state)
    return states


@dataclass
class Pooled:
    """One table's pictures drawn in a new drawing process."""

    ready: float
    """Milliseconds from asking for the process to its being warm."""
    learnt: float | None
    """CPU ms the process spent learning the players' names (None: the game learns none)."""
    wall: list[float]
    """Each picture, asked to drawn (ms), the first after the start first."""
    cpu: list[float]
    """The CPU time of the drawing itself in the process (ms), in the same order: unlike the
    wall clock, not stretched by other processes on the machine."""
    again: float
    """CPU ms of the first table drawn again at the end, no kept row of it left."""
    starts: list[tuple[float, float]]
    """The first picture of each start (``--starts``): its wall and CPU ms, this one's first."""


def cpu_timed(draw: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, float]:
    """``draw(*args, **kwargs)`` and the CPU milliseconds the calling thread spent on it (in the
    drawing process: the request's unpickling is not counted, its drawing is)."""
    start = time.thread_time()
    out = draw(*args, **kwargs)
    return out, (time.thread_time() - start) * 1000


def forget_rows() -> None:
    """Forget the bands a game table keeps between pictures (Vriddiot's rows), in the
    drawing process: the next picture draws every part of its table."""
    from bot.games import GAMES

    for kind in GAMES:
        module = sys.modules.get(f"games.{kind}.drawing")
        forget = getattr(module, "clear_cache", None)
        if forget is not None:
            forget()


def again(view: tuple[Any, Any]) -> tuple[Any, Any]:
    """The same table as a new version of its game (the picture cache does not know it)."""
    game, public = view
    return replace(game, id=game.id + 9_999), public


class CpuTimed(Executor):
    """The drawing pool, each picture timed in CPU where it is drawn (:func:`cpu_timed`)."""

    def __init__(self, pool: Executor) -> None:
        self.pool = pool
        self.cpu: list[float] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        inner = self.pool.submit(cpu_timed, fn, *args, **kwargs)
        outer: Future[Any] = Future()

        def done(finished: Future[tuple[Any, float]]) -> None:
            try:
                picture, ms = finished.result()
            except BaseException as error:  # handed on as it is
                outer.set_exception(error)
                return
            self.cpu.append(ms)
            outer.set_result(picture)

        inner.add_done_callback(done)
        return outer

    def run(self, fn: Callable[[], Any]) -> Any:
        """``fn()`` in the process, waited for."""
        return self.pool.submit(fn).result()


class Unregistered:
    """A game not in the registry yet, drawn straight from its folder: the rules contract's
    few calls this benchmark makes, over the game's ``rules`` package, and its table picture."""

    def __init__(self, kind: str) -> None:
        from importlib import import_module

        self.kind = kind
        self.title = kind.capitalize()
        self.rules = import_module(f"games.{kind}.rules")
        self.table_png = import_module(f"games.{kind}.drawing").table_png
        self.targets = (0,)

    def new_game(self, rng: random.Random, target: int, seats: int) -> Any:
        try:
            return self.rules.new_game(rng, seats)
        except ValueError:  # more seats than one deck serves: ask for the larger deck
            return self.rules.new_game(rng, seats, True)

    def outcome(self, state: Any) -> Any:
        return state.outcome

    def to_act(self, state: Any) -> tuple[int, ...]:
        return tuple(state.to_act)

    def settle(self, state: Any, rng: random.Random) -> Any:
        return self.rules.settle(state, rng)

    def apply(self, state: Any, action: Any) -> Any:
        return self.rules.apply(state, action)

    def legal_actions(self, state: Any, seat: int) -> Any:
        return self.rules.legal_actions(state, seat)

    def view(self, state: Any, seat: int | None) -> Any:
        return self.rules.view(state, seat)

    def version(self, state: Any) -> int:
        return int(state.moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="random games per registered game")
    parser.add_argument("--every", type=int, default=3, help="draw every K-th state of a game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--language", choices=("en", "ja"), default="en")
    parser.add_argument(
        "--game", action="append", help="only this game (repeatable); may be one not registered"
    )
    parser.add_argument(
        "--players", help="seat counts to draw, e.g. 5,8 (default: each game's smallest)"
    )
    parser.add_argument(
        "--starts",
        type=int,
        default=1,
        help="new drawing processes each table's first picture is timed in (each start's "
        "ratio printed, the verdict on their median)",
    )
    args = parser.parse_args()

    # Runs from a checkout without installing the package.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bot.app import drawing_processes
    from bot.drawing import table
    from bot.games import GAMES
    from bot.play.model import ACTIVE, Game, Seat
    from bot.workers import start_all, warmed
    from cogs.ui.games import presentation, warm_names
    from cogs.ui.i18n import Words

    words = Words(args.language)
    names = JAPANESE_NAMES + JAPANESE_MORE if args.language == "ja" else NAMES + NAMES_MORE
    chosen: dict[str, Any] = {}
    for kind in args.game or GAMES:
        chosen[kind] = GAMES[kind] if kind in GAMES else Unregistered(kind)
    counts = [int(n) for n in args.players.split(",")] if args.players else []
    samples: dict[str, list[tuple[Game, Any]]] = {}
    titles: dict[str, str] = {}
    for kind, rules in chosen.items():
        low, high = getattr(rules, "seat_range", (3, 10))
        for count in [n for n in counts if low <= n <= high] or [low]:
            label = f"{kind}/{count}" if counts else kind
            titles[label] = f"{rules.title}, {count} players" if counts else rules.title
            views = []
            for g in range(args.games):
                states = random_states(rules, args.seed + g, count)
                seats = tuple(Seat(n) for n in range(count))
                for i, state in enumerate(states[:: args.every]):
                    game = Game(
                        id=g * 10_000 + i, kind=kind, guild_id=1, channel_id=1, thread_id=None,
                        table_message_id=None, table_posted_at=None,
                        seats=seats, target=rules.targets[0],
                        status=ACTIVE, result=None, winner=None, version=rules.version(state),
                        state=state, created_at=0.0, updated_at=0.0, finished_at=None,
                    )  # fmt: skip
                    views.append((game, rules.view(state, None)))
            samples[label] = views
    print(
        f"{sum(len(v) for v in samples.values())} table views of {len(samples)} tables "
        f"({args.games} random games each, seed {args.seed}), in {args.language}"
    )

    def draw(label: str, game: Game, public: Any) -> bytes:
        rules = chosen[game.kind]
        seated = names[: len(game.seats)]
        if isinstance(rules, Unregistered):
            return bytes(rules.table_png(public, seated, key=(game.id,), words=words))
        picture = presentation(game.kind).picture(game, public, seated, words)
        assert picture is not None
        return picture

    def started() -> tuple[Executor, CpuTimed, float]:
        """A new drawing process as the bot makes it, started and warm; how long that took."""
        begun = time.perf_counter()
        pool = drawing_processes(1)
        start_all(pool, 1)
        warmed(pool, 1)
        return pool, CpuTimed(pool), (time.perf_counter() - begun) * 1000

    def seated(timed: CpuTimed, game: Game) -> float | None:
        """What the bot sends as the players sit down: their names to learn, waited for (the
        process's CPU ms, or None if the game learns none)."""
        if isinstance(chosen[game.kind], Unregistered):
            return None
        lesson = warm_names(game.kind, names[: len(game.seats)], words)
        if lesson is None:
            return None
        lesson.result()
        return timed.cpu.pop()

    def timed_draw(kind: str, game: Game, public: Any) -> float:
        """A picture drawn, in wall ms (its CPU is in the pool's)."""
        start = time.perf_counter()
        draw(kind, game, public)
        return (time.perf_counter() - start) * 1000

    # In a pool, as the bot draws (its cache not involved: each picture a new version): a new
    # process for each table, so that every table's first picture is the first after a start.
    pooled: dict[str, Pooled] = {}
    for kind, views in samples.items():
        pool, timed, ready = started()
        table.draw_in(timed)
        try:
            table.clear_cache()
            learnt = seated(timed, views[0][0])
            wall = [timed_draw(kind, game, public) for game, public in views]
            # The first table once more, every kept row forgotten (a new version): what a
            # warm process pays for a whole table, against what the first picture paid.
            timed.run(forget_rows)
            draw(kind, *again(views[0]))
        finally:
            table.draw_in(None)
            pool.shutdown()
        starts = [(wall[0], timed.cpu[0])]
        for _ in range(args.starts - 1):  # the same first picture after more starts
            pool, more, _ = started()
            table.draw_in(more)
            try:
                table.clear_cache()
                seated(more, views[0][0])
                starts.append((timed_draw(kind, *views[0]), more.cpu[-1]))
            finally:
                table.draw_in(None)
                pool.shutdown()
        pooled[kind] = Pooled(ready, learnt, wall, timed.cpu[:-1], timed.cpu[-1], starts)

    # Here, one at a time, for the CPU time of each picture.
    verdicts = []
    for kind, views in samples.items():
        table.clear_cache()
        draw(kind, *views[0])  # this process's own warm-up
        cpu, wall, sizes = [], [], []
        for game, public in views:
            table.clear_cache()
            start, start_cpu = time.perf_counter(), time.process_time()
            picture = draw(kind, game, public)
            cpu.append((time.process_time() - start_cpu) * 1000)
            wall.append((time.perf_counter() - start) * 1000)
            sizes.append(len(picture))
        found = pooled[kind]
        p50 = percentile(found.wall[1:], 50)
        cpu_p50 = percentile(found.cpu[1:], 50)
        print(f"{titles[kind]}:")
        print(line("CPU per picture, here", cpu))
        print(line("wall per picture, here", wall))
        print(line("in the drawing process", found.wall[1:]))
        print(line("CPU in the drawing process", found.cpu[1:]))
        print(
            "  names learnt at the seats: "
            + (
                "none (the game learns none: drawn cold)"
                if found.learnt is None
                else f"{found.learnt:.2f} ms of the process's CPU, before the start"
            )
        )
        print(
            f"  first picture after the start (process warmed in {found.ready:.0f} ms): "
            f"{found.wall[0]:.2f} ms, {found.wall[0] / p50:.2f}× the steady p50 ({p50:.2f} ms); "
            f"its CPU {found.cpu[0]:.2f} ms, {found.cpu[0] / cpu_p50:.2f}× the steady CPU p50 "
            f"({cpu_p50:.2f} ms); the same table again, its kept rows forgotten, "
            f"{found.again:.2f} ms of CPU ({found.again / cpu_p50:.2f}×)"
        )
        ratios = [(wall / p50, cpu / cpu_p50) for wall, cpu in found.starts]
        if len(ratios) > 1:
            each = ", ".join(f"{wall:.2f}×/{cpu:.2f}×" for wall, cpu in ratios)
            print(f"  first picture after each of {len(ratios)} starts (wall/CPU): {each}")
        print(
            f"  PNG size: p50 {statistics.median(sizes) / 1024:.1f} KB, "
            f"max {max(sizes) / 1024:.1f} KB"
        )
        verdicts.append(
            (
                kind,
                percentile(cpu, 50),
                statistics.median(wall for wall, _ in ratios),
                statistics.median(cpu for _, cpu in ratios),
                len(ratios),
            )
        )
    for kind, cpu_p50, ratio, cpu_ratio, counted in verdicts:
        cpu_ok = "meets" if cpu_p50 <= TARGET_CPU_MS else "MISSES"
        first_ok = "meets" if ratio <= FIRST_OVER_STEADY else "MISSES"
        first_cpu_ok = "meets" if cpu_ratio <= FIRST_OVER_STEADY else "MISSES"
        over = f" (the median of {counted} starts)" if counted > 1 else ""
        print(
            f"{titles[kind]}: CPU p50 {cpu_p50:.2f} ms {cpu_ok} the {TARGET_CPU_MS:g} ms "
            f"target; first picture{over} {ratio:.2f}× the steady p50 (wall) {first_ok} the "
            f"{FIRST_OVER_STEADY:g}× target, {cpu_ratio:.2f}× in CPU {first_cpu_ok} it"
        )


if __name__ == "__main__":
    main()
