"""Play computer players against each other and write the games as records, for any game.

    python -m bot.simulate --games 100 --seed 1 --players random,greedy --out games.jsonl
    python -m bot.simulate --game pidro --players random,greedy,random,greedy

Each game names its simulator's module in its registry entry (``GameRules.simulator``); the
module's ``main(argv)`` takes the other arguments (``--games``, ``--seed``, ``--players``,
``--target``, ``--out``...) and prints a summary. The same seed writes the same records.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

from bot.games import DEFAULT_KIND, GAMES, rules_for


def _game(argv: Sequence[str]) -> tuple[str, list[str]]:
    """The ``--game`` named on the command line, and the other arguments."""
    pre = argparse.ArgumentParser(prog="python -m bot.simulate", add_help=False)
    pre.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_KIND)
    known, rest = pre.parse_known_args(argv)
    return known.game, rest


def main(argv: Sequence[str] | None = None) -> int:
    """Run the named game's simulator; returns the exit code."""
    game, rest = _game(sys.argv[1:] if argv is None else argv)
    code: int = import_module(rules_for(game).simulator).main(rest)
    return code


if __name__ == "__main__":
    sys.exit(main())
