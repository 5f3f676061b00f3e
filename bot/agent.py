"""Any registered game's computer levels as an agent, on standard input and output.

    python -m bot.agent --level hard [--seed 7]          # vidrasso-agent/1
    python -m bot.agent --game pidro --level medium      # pidro-agent/1

Each game names its agent protocol's module in its registry entry (``GameRules.agent``): the
module offers ``PROTOCOL``, ``LEVELS`` and ``answerer(level)`` (e.g.
``games/vidrasso/ai/agent.py``). Each ``decide`` line is answered with one ``{"action": ...}``
line, decided by the same function the bot's own computer player uses. Diagnostics go to
standard error only. A line that is not a decide message is logged and skipped; a decide message
that cannot be understood is logged and, when its ``legal`` list can be read, answered with the
first legal option, so a referee is never left waiting (:mod:`bot.ai.speaker`). The search uses
at most a share of the message's ``time_ms``. The agent exits when standard input closes.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from collections.abc import Sequence
from importlib import import_module
from types import ModuleType
from typing import TextIO

from bot.games import DEFAULT_KIND, GAMES, rules_for

log = logging.getLogger("bot.agent")


def protocol_of(kind: str) -> ModuleType:
    """The module of a game's agent protocol."""
    return import_module(rules_for(kind).agent)


def serve(level: str, seed: int, stdin: TextIO, stdout: TextIO, game: str = DEFAULT_KIND) -> None:
    """Answer decide messages from ``stdin`` on ``stdout`` until ``stdin`` closes."""
    answer = protocol_of(game).answerer(level)
    for line in stdin:
        line = line.strip()
        if not line:
            continue
        started = time.perf_counter()
        reply = answer(line, seed)
        if reply is None:
            continue
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
        log.debug("answered in %.0f ms", 1000 * (time.perf_counter() - started))


def parser() -> argparse.ArgumentParser:
    protocols = ", ".join(f"{protocol_of(kind).PROTOCOL} (--game {kind})" for kind in GAMES)
    p = argparse.ArgumentParser(
        prog="python -m bot.agent",
        description=f"Play a level of a game over its agent protocol: {protocols}; "
        "on stdin/stdout.",
    )
    p.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_KIND)
    p.add_argument("--level", default="medium", help="the level to play")
    p.add_argument("--seed", type=int, default=0, help="the seed for every decision")
    p.add_argument("--verbose", action="store_true", help="log every answer's time to stderr")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    levels = protocol_of(args.game).LEVELS
    if args.level not in levels:
        p.error(f"{rules_for(args.game).title}'s levels are {', '.join(levels)}")
    logging.basicConfig(
        stream=sys.stderr,
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="agent %(levelname)s %(message)s",
    )
    try:
        serve(args.level, args.seed, sys.stdin, sys.stdout, args.game)
    except KeyboardInterrupt:
        pass
    except BrokenPipeError:
        # The referee went away; nothing left to answer.
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
