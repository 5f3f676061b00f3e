"""What every game's agent does alike with one input line: read a ``decide`` message, decide,
write the answer; a line that is not a decide message is skipped, a message that cannot be read
is answered with its first legal option, so a referee is never left waiting.

Each game's agent protocol (``games/<kind>/ai/agent.py``) supplies a :class:`Speaker`: how its
messages become seat views, how its levels decide, how an action is written.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any, NamedTuple

from bot.ai.messages import MessageError, legal_from_message

log = logging.getLogger("bot.agent")

TIME_SHARE = 0.6
"""The share of ``time_ms`` the search may use; the rest covers reading, writing and a busy
machine."""
TIME_RESERVE = 0.03
"""Seconds kept back from every decision for the work around the search."""

Answerer = Callable[[str, int], dict[str, Any] | None]
"""One agent at one level: the answer to an input line with the agent's seed (None when the line
deserves none). It may remember earlier lines (a round's shown cards)."""


class Speaker(NamedTuple):
    """What one protocol's agent does with a decide message: the rest of answering a line is
    the same for every game."""

    read: Callable[[dict[str, Any]], Any]
    """The seat view the message describes; raises :class:`MessageError` when it cannot be
    read."""
    decide: Callable[[Any, int, float | None], Any]
    """The level's action for a view, with a decision seed and a time limit in seconds."""
    write: Callable[[Any], Any]
    """An action as the protocol's JSON."""


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
        action = speaker.decide(view, decision_seed(seed, line), seconds(msg))
    except Exception:
        log.exception("the decision failed; answering the first legal option")
        legal = legal_from_message(msg)
        return {"action": legal[0]} if legal else None
    return {"action": speaker.write(action)}


def seconds(msg: dict[str, Any]) -> float | None:
    """The share of the message's ``time_ms`` a decision may use, if it gives one."""
    time_ms = msg.get("time_ms")
    if isinstance(time_ms, int | float) and not isinstance(time_ms, bool) and time_ms > 0:
        return max(0.001, TIME_SHARE * time_ms / 1000 - TIME_RESERVE)
    return None


def stateless_answerer(
    level: str,
    read: Callable[[dict[str, Any]], Any],
    decide: Callable[..., Any],
    write: Callable[[Any], Any],
) -> Answerer:
    """An agent at ``level`` for a protocol whose every message carries all its seat may know
    (nothing to remember between lines): ``read`` a message into a view, ``decide(level, view,
    seed, seconds=...)``, ``write`` the action."""

    def decided(view: Any, seed: int, seconds: float | None) -> Any:
        return decide(level, view, seed, seconds=seconds)

    speaker = Speaker(read, decided, write)

    def answering(line: str, seed: int) -> dict[str, Any] | None:
        return reply(speaker, line, seed)

    return answering
