"""Vidrasso's simulator: play computer players against each other and write the games as records.

    python -m bot.simulate --games 100 --seed 1 --players random,greedy --out games.jsonl

Each game is written as one `vidrasso-record/1` object per line (JSON Lines) and a summary is
printed: games, rounds, wins and points per round for each player, and the speed. The two
players swap seats every game, so each sits in seat 0 (and deals or leads first as the cut
decides) equally often. Every game draws its deal and each player's randomness from its own
generator seeded from ``--seed`` and the game's number, so the same seed writes the same file,
byte for byte.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from games.vidrasso.ai.players import UnknownPlayer, make_player, player_names
from games.vidrasso.arena.match import play_game
from games.vidrasso.rules import POINTS_PER_ROUND, GameState, record_text


@dataclass(frozen=True, slots=True)
class Summary:
    """What a simulation found, per player in the order they were given."""

    players: tuple[str, str]
    """The players' labels (their names, numbered if both are the same)."""
    target: int
    games: int
    rounds: int
    wins: tuple[int, int]
    points: tuple[int, int]
    """Points scored over all rounds."""
    seconds: float
    """Time spent playing (records not included)."""
    out: Path | None
    """Where the records went, if anywhere."""

    def win_share(self, player: int) -> float:
        """The player's wins as a fraction of the games."""
        return self.wins[player] / self.games if self.games else 0.0

    def points_per_round(self, player: int) -> float:
        return self.points[player] / self.rounds if self.rounds else 0.0

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else float("inf")


def seating(game: int) -> tuple[int, int]:
    """Which player (0 or 1, by the order given) sits in seat 0 and seat 1 in ``game``
    (counted from 0): the first player takes seat 0 in even-numbered games."""
    return (0, 1) if game % 2 == 0 else (1, 0)


def game_rng(seed: int, game: int, stream: str) -> random.Random:
    """A generator for one stream (``deal``, ``player0``, ``player1``) of one game.

    String seeds are hashed with SHA-512 by :mod:`random`, so this does not depend on the
    process's hash seed.
    """
    return random.Random(f"vidrasso-simulate/{seed}/{game}/{stream}")


def labels(names: Sequence[str]) -> tuple[str, str]:
    """Names for the summary; ``greedy,greedy`` becomes ``greedy (1)`` and ``greedy (2)``."""
    first, second = names
    if first == second:
        return (f"{first} (1)", f"{second} (2)")
    return (first, second)


def simulate(
    names: Sequence[str],
    games: int,
    seed: int,
    target: int = 300,
    out: TextIO | None = None,
    out_path: Path | None = None,
) -> Summary:
    """Play ``games`` games between the two named players, alternating seats, and write each
    record as a line to ``out``."""
    if len(names) != 2:
        raise ValueError("a simulation needs exactly two players")
    wins = [0, 0]
    points = [0, 0]
    rounds = 0
    seconds = 0.0
    for game in range(games):
        by_seat = seating(game)
        players = [make_player(names[p]) for p in by_seat]
        rngs = [game_rng(seed, game, f"player{p}") for p in by_seat]
        started = time.perf_counter()
        state = play_game(players, game_rng(seed, game, "deal"), rngs, target)
        seconds += time.perf_counter() - started
        rounds += len(state.finished)  # a simulated game ends by the rules: every round is over
        for seat, player in enumerate(by_seat):
            points[player] += state.totals[seat]
        winner = _winner(state)
        wins[by_seat[winner]] += 1
        if out is not None:
            out.write(record_text(state, players=[names[p] for p in by_seat]) + "\n")
    return Summary(
        players=labels(names),
        target=target,
        games=games,
        rounds=rounds,
        wins=(wins[0], wins[1]),
        points=(points[0], points[1]),
        seconds=seconds,
        out=out_path,
    )


def _winner(state: GameState) -> int:
    outcome = state.outcome
    assert outcome is not None and outcome.winner is not None, "a simulated game ends with a win"
    return outcome.winner


def format_summary(summary: Summary) -> str:
    """The summary as printed, one figure per line."""
    a, b = summary.players
    share = [f"{summary.win_share(p):.1%}" for p in (0, 1)]
    per_round = [f"{summary.points_per_round(p):.1f}" for p in (0, 1)]
    rounds_per_game = summary.rounds / summary.games if summary.games else 0.0
    records = (
        f"{summary.out} ({summary.games} records, one per line)"
        if summary.out is not None
        else "not written (no --out)"
    )
    return "\n".join(
        [
            f"games     {summary.games} to {summary.target} points; seats alternate "
            f"({a} has seat 0 in games 1, 3, 5, …; {b} in games 2, 4, 6, …)",
            f"rounds    {summary.rounds} ({rounds_per_game:.2f} per game, "
            f"{POINTS_PER_ROUND} points each)",
            f"wins      {a} {summary.wins[0]} ({share[0]}), {b} {summary.wins[1]} ({share[1]})",
            f"points    per round: {a} {per_round[0]}, {b} {per_round[1]}",
            f"speed     {summary.rounds_per_second:.1f} rounds/s ({summary.seconds:.2f} s of play)",
            f"records   {records}",
        ]
    )


# --- Command line -----------------------------------------------------------------------------


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{value} is not positive")
    return value


def _player_pair(text: str) -> tuple[str, str]:
    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or not all(names):
        raise argparse.ArgumentTypeError(f"{text!r} is not two players like random,greedy")
    for name in names:
        try:
            make_player(name)
        except UnknownPlayer as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return (names[0], names[1])


def parser() -> argparse.ArgumentParser:
    known = ", ".join(player_names())
    p = argparse.ArgumentParser(
        prog="python -m bot.simulate [--game vidrasso]",
        description="Play computer players against each other and write the game records.",
    )
    p.add_argument("--games", type=_positive, default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="the seed for every game (default 0)")
    p.add_argument(
        "--players",
        type=_player_pair,
        default=("random", "greedy"),
        help=f"two players, comma-separated, e.g. random,greedy (known: {known})",
    )
    p.add_argument(
        "--target",
        type=_positive,
        default=300,
        help="points to reach: 300 standard, 500 long (default 300)",
    )
    p.add_argument("--out", type=Path, help="write the records here (JSON Lines)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the simulator; returns the exit code."""
    args = parser().parse_args(argv)
    names: tuple[str, str] = args.players
    out_path: Path | None = args.out
    if out_path is None:
        summary = simulate(names, args.games, args.seed, args.target)
    else:
        with out_path.open("w", encoding="utf-8", newline="\n") as out:
            summary = simulate(names, args.games, args.seed, args.target, out, out_path)
    print(format_summary(summary))
    return 0
