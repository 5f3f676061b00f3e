"""The bot's levels as an agent speaking ``vidrasso-agent/1`` on standard input and output.

    python -m bot.agent --level hard [--seed 7]
    python -m bot.agent --game pidro --level medium     # Pidro's twin, pidro-agent/1

For Pidro the messages are those of :mod:`bot.ai.pidro.protocol` and the decision function
is :func:`bot.ai.pidro.players.decide`; a Pidro message carries everything its seat may know,
so there is nothing to remember between messages. Everything else below holds for both.

Each ``decide`` line is answered with one ``{"action": ...}`` line, decided by the same
function the bot's own computer player uses (:func:`bot.ai.decide.decide`) on the seat view
rebuilt from the message, with what the earlier messages of the round showed of the strawmen
(:mod:`bot.ai.memory`). Diagnostics go to standard error only. A line that is not a decide
message is logged and skipped; a decide message that cannot be understood is logged and, when
its ``legal`` list can be read, answered with the first legal option, so the referee
(:mod:`bot.arena.referee`) is never left waiting. The search uses at most a share of the
message's ``time_ms``. The agent exits when standard input closes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TextIO

from bot.ai.decide import decide
from bot.ai.memory import PileMemory
from bot.ai.messages import MessageError, legal_from_message
from bot.ai.pidro import protocol as pidro_protocol
from bot.ai.pidro.players import decide as pidro_decide
from bot.ai.protocol import action_to_json, view_from_message
from bot.engine import TableView
from bot.pidro import TableView as PidroView

log = logging.getLogger("bot.agent")

LEVELS = ("easy", "medium", "hard")
"""The levels the agent can play."""
PIDRO_LEVELS = ("easy", "medium")
"""The levels the agent can play at Pidro."""
TIME_SHARE = 0.6
"""The share of ``time_ms`` the search may use; the rest covers reading, writing and a busy
machine."""
TIME_RESERVE = 0.03
"""Seconds kept back from every decision for the work around the search."""


def decision_seed(seed: int, line: str) -> int:
    """A seed for one decision from the agent's seed and the message (without its time limit),
    so the same message, after the same earlier messages of its round, gets the same answer."""
    try:
        msg = json.loads(line)
        if isinstance(msg, dict):
            msg.pop("time_ms", None)
            line = json.dumps(msg, sort_keys=True)
    except ValueError:
        pass
    digest = hashlib.sha256(f"{seed}/{line}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Speaker(NamedTuple):
    """What one protocol's agent does with a decide message (``vidrasso-agent/1`` or
    ``pidro-agent/1``): the rest of answering a line is the same for both."""

    read: Callable[[dict[str, Any]], Any]
    """The seat view the message describes; raises :class:`MessageError` when it cannot be
    read."""
    decide: Callable[[Any, int, float | None], Any]
    """The level's action for a view, with a decision seed and a time limit in seconds."""
    write: Callable[[Any], Any]
    """An action as the protocol's JSON."""


def answer(
    level: str, line: str, seed: int, memory: PileMemory | None = None
) -> dict[str, Any] | None:
    """The answer to one input line, or None when the line deserves none. ``memory`` keeps
    what earlier messages of the round showed (see :mod:`bot.ai.memory`)."""

    def read(msg: dict[str, Any]) -> TableView:
        view = view_from_message(msg)
        return view if memory is None else memory.recall(view)

    def decided(view: TableView, seed: int, seconds: float | None) -> Any:
        return decide(level, view, seed, seconds=seconds)

    speaker = Speaker(read, decided, action_to_json)
    return reply(speaker, line, seed)


def answer_pidro(level: str, line: str, seed: int) -> dict[str, Any] | None:
    """The answer to one ``pidro-agent/1`` input line, or None when it deserves none."""

    def decided(view: PidroView, seed: int, seconds: float | None) -> Any:
        return pidro_decide(level, view, seed, seconds=seconds)

    speaker = Speaker(pidro_protocol.view_from_message, decided, pidro_protocol.action_to_json)
    return reply(speaker, line, seed)


def reply(speaker: Speaker, line: str, seed: int) -> dict[str, Any] | None:
    """The answer to one input line in ``speaker``'s protocol, or None when it deserves none."""
    try:
        msg = json.loads(line)
    except ValueError as error:
        log.error("not JSON, skipped: %s", error)
        return None
    if not isinstance(msg, dict) or msg.get("type") != "decide":
        log.error("not a decide message, skipped")
        return None
    try:
        view = speaker.read(msg)
    except MessageError as error:
        legal = legal_from_message(msg)
        if not legal:
            log.error("unreadable decide message, no legal options to fall back on: %s", error)
            return None
        log.error("unreadable decide message, answering its first legal option: %s", error)
        return {"action": legal[0]}
    try:
        action = speaker.decide(view, decision_seed(seed, line), _seconds(msg))
    except Exception:
        log.exception("the decision failed; answering the first legal option")
        legal = legal_from_message(msg)
        return {"action": legal[0]} if legal else None
    return {"action": speaker.write(action)}


def _seconds(msg: dict[str, Any]) -> float | None:
    """The share of the message's ``time_ms`` a decision may use, if it gives one."""
    time_ms = msg.get("time_ms")
    if isinstance(time_ms, int | float) and not isinstance(time_ms, bool) and time_ms > 0:
        return max(0.001, TIME_SHARE * time_ms / 1000 - TIME_RESERVE)
    return None


def serve(level: str, seed: int, stdin: TextIO, stdout: TextIO, game: str = "vidrasso") -> None:
    """Answer decide messages from ``stdin`` on ``stdout`` until ``stdin`` closes."""
    memory = PileMemory()
    for line in stdin:
        line = line.strip()
        if not line:
            continue
        started = time.perf_counter()
        if game == "pidro":
            reply = answer_pidro(level, line, seed)
        else:
            reply = answer(level, line, seed, memory)
        if reply is None:
            continue
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
        log.debug("answered in %.0f ms", 1000 * (time.perf_counter() - started))


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot.agent",
        description="Play a level over the vidrasso-agent/1 protocol, or pidro-agent/1 with "
        "--game pidro (stdin/stdout).",
    )
    p.add_argument("--game", choices=("vidrasso", "pidro"), default="vidrasso")
    p.add_argument("--level", choices=LEVELS, default="medium", help="the level to play")
    p.add_argument("--seed", type=int, default=0, help="the seed for every decision")
    p.add_argument("--verbose", action="store_true", help="log every answer's time to stderr")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.game == "pidro" and args.level not in PIDRO_LEVELS:
        p.error(f"Pidro's levels are {', '.join(PIDRO_LEVELS)}")
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
