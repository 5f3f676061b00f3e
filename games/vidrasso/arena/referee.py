"""A referee for ``vidrasso-agent/1``: complete games between two agent processes.

    python -m games.vidrasso.arena.referee --a "python -m bot.agent --level medium" \\
        --b "python -m bot.agent --level easy" --games 10 --seed 1 [--out games.jsonl]

The real engine keeps the game; each seat is sent only its own view as a ``decide`` message
(:func:`games.vidrasso.ai.protocol.view_to_message`). An answer that comes later than
``time_ms`` or is not one of the legal options loses the game: the record ends with result
``timeout``.
Agents swap seats every game (agent A has seat 0 in games 1, 3, 5, …). Records are written one per
line when ``--out`` is given, and a summary is printed. A freshly started agent's first answer
may take :data:`STARTUP_SECONDS` longer (the interpreter starts); an agent that lost on time is
restarted, so a late answer cannot be taken for the answer to the next message.
"""

from __future__ import annotations

import argparse
import json
import logging
import queue
import random
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, TextIO

from bot.ai.messages import MessageError
from games.vidrasso.ai.protocol import action_from_json, view_to_message
from games.vidrasso.arena.match import play_to_end
from games.vidrasso.rules import Action, GameState, TimeOut, new_game, to_record, view

log = logging.getLogger(__name__)

STARTUP_SECONDS = 10.0
"""Extra time for the first answer of a freshly started agent (interpreter start-up)."""


class Agent:
    """One agent process and a thread reading its answers."""

    def __init__(self, command: str, name: str) -> None:
        self.command = command
        self.name = name
        self.proc: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.latencies: list[float] = []
        self.fresh = True

    def start(self) -> None:
        """Start the process (again): its first answer may take :data:`STARTUP_SECONDS`
        longer, for the interpreter to start."""
        self.close()
        self.proc = subprocess.Popen(
            shlex.split(self.command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        self.fresh = True
        stdout = self.proc.stdout
        assert stdout is not None
        threading.Thread(target=self._read, args=(stdout, self.lines), daemon=True).start()

    @staticmethod
    def _read(stdout: IO[str], lines: queue.Queue[str | None]) -> None:
        for line in stdout:
            lines.put(line)
        lines.put(None)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def ask(self, message: dict[str, Any], seconds: float) -> tuple[str | None, float]:
        """Send one message; the answer line (None when none came in time) and the time
        taken."""
        if not self.alive:
            self.start()
        assert self.proc is not None and self.proc.stdin is not None
        allowed = seconds + (STARTUP_SECONDS if self.fresh else 0.0)
        self.fresh = False
        started = time.perf_counter()
        try:
            self.proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            return None, 0.0
        try:
            line = self.lines.get(timeout=allowed)
        except queue.Empty:
            line = None
        elapsed = time.perf_counter() - started
        if allowed == seconds:
            self.latencies.append(elapsed)
        if elapsed > allowed:
            return None, elapsed
        return line, elapsed

    def close(self) -> None:
        """Close its standard input and wait for it to exit (kill it if it does not)."""
        if self.proc is None:
            return
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        self.proc = None


@dataclass
class Result:
    """One game's end, from the referee's side."""

    state: GameState
    seats: tuple[int, int]
    """``seats[s]``: which agent (0 for A, 1 for B) sat in seat ``s``."""
    fault: str | None = None
    """Why the game was lost on time or by an illegal answer, if it was."""


@dataclass
class Tally:
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    points: list[int] = field(default_factory=lambda: [0, 0])
    rounds: int = 0
    faults: list[int] = field(default_factory=lambda: [0, 0])


def play(
    agents: Sequence[Agent],
    seats: tuple[int, int],
    rng: random.Random,
    time_ms: int,
    grace_ms: int = 0,
    target: int = 300,
) -> Result:
    """One game: ``agents[seats[s]]`` plays seat ``s``. A late or illegal answer is a time-out,
    which ends the game."""
    limit = (time_ms + grace_ms) / 1000
    faults: list[str] = []

    def act(state: GameState, seat: int) -> Action:
        agent = agents[seats[seat]]
        seat_view = view(state, seat)
        line, elapsed = agent.ask(view_to_message(seat_view, time_ms), limit)
        if line is None:
            fault = f"{agent.name} gave no answer within {time_ms} ms ({elapsed * 1000:.0f} ms)"
        else:
            try:
                reply = json.loads(line)
                if not isinstance(reply, dict) or "action" not in reply:
                    raise MessageError("an answer is an object with an action")
                return action_from_json(seat_view, reply["action"])
            except (ValueError, MessageError) as error:
                fault = f"{agent.name} answered {line.strip()!r}: {error}"
        log.warning("game lost by %s (seat %d): %s", agent.name, seat, fault)
        # Its late answer may still come: a fresh process cannot mix it up with the next.
        agent.start()
        faults.append(fault)
        return TimeOut(seat)

    state = play_to_end(new_game(rng, target), rng, act)
    return Result(state, seats, faults[0] if faults else None)


def referee(
    commands: tuple[str, str],
    games: int,
    seed: int,
    time_ms: int = 2000,
    grace_ms: int = 0,
    target: int = 300,
    out: TextIO | None = None,
) -> Tally:
    """Play ``games`` games between the two agent commands, alternating seats."""
    agents = [Agent(commands[0], "A"), Agent(commands[1], "B")]
    tally = Tally()
    try:
        for game in range(games):
            seats = (0, 1) if game % 2 == 0 else (1, 0)
            rng = random.Random(f"vidrasso-referee/{seed}/{game}")
            result = play(agents, seats, rng, time_ms, grace_ms, target)
            state = result.state
            outcome = state.outcome
            assert outcome is not None
            tally.games += 1
            tally.rounds += sum(1 for r in state.rounds if r.scores is not None)
            if outcome.winner is not None:
                tally.wins[seats[outcome.winner]] += 1
            for seat in (0, 1):
                tally.points[seats[seat]] += state.totals[seat]
            if result.fault is not None and outcome.seat is not None:
                tally.faults[seats[outcome.seat]] += 1
            if out is not None:
                names = [commands[seats[0]], commands[seats[1]]]
                record = to_record(state, players=names)
                out.write(json.dumps(record, separators=(",", ":")) + "\n")
                out.flush()
    finally:
        for agent in agents:
            agent.close()
    tally_latency = [a.latencies for a in agents]
    for agent, lat in zip(agents, tally_latency, strict=True):
        if lat:
            ordered = sorted(lat)
            log.info(
                "agent %s: %d answers, p50 %.0f ms, max %.0f ms",
                agent.name,
                len(ordered),
                1000 * ordered[len(ordered) // 2],
                1000 * ordered[-1],
            )
    return tally


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m games.vidrasso.arena.referee",
        description="Play complete Vidrasso games between two vidrasso-agent/1 programs.",
    )
    p.add_argument("--a", required=True, help="the command that starts agent A")
    p.add_argument("--b", required=True, help="the command that starts agent B")
    p.add_argument("--games", type=int, default=2, help="games to play (default 2)")
    p.add_argument("--seed", type=int, default=0, help="the seed of the deals (default 0)")
    p.add_argument("--time-ms", type=int, default=2000, help="time per decision (default 2000)")
    p.add_argument(
        "--grace-ms", type=int, default=0, help="extra time allowed for the pipes (default 0)"
    )
    p.add_argument("--target", type=int, default=300, help="points to reach (default 300)")
    p.add_argument("--out", type=Path, help="write the game records here (JSON Lines)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="referee %(message)s")
    commands = (args.a, args.b)
    if args.out is not None:
        with args.out.open("w", encoding="utf-8", newline="\n") as out:
            tally = referee(
                commands, args.games, args.seed, args.time_ms, args.grace_ms, args.target, out
            )
    else:
        tally = referee(commands, args.games, args.seed, args.time_ms, args.grace_ms, args.target)
    per_round = [p / tally.rounds if tally.rounds else 0.0 for p in tally.points]
    print(f"games   {tally.games} to {args.target}; A has seat 0 in games 1, 3, 5, …")
    print(f"wins    A {tally.wins[0]}, B {tally.wins[1]}")
    print(f"points  per round: A {per_round[0]:.1f}, B {per_round[1]:.1f}")
    print(f"faults  (late or illegal answers) A {tally.faults[0]}, B {tally.faults[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
