"""Vriddiot's levels as an agent speaking ``vriddiot-agent/1``.

The messages are those of :mod:`games.vriddiot.ai.protocol` and the decision function is
:func:`games.vriddiot.ai.players.decide`; a message carries everything its seat may know, so
there is nothing to remember between messages.
"""

from __future__ import annotations

from typing import Any

from bot.ai.speaker import Answerer, Speaker, reply
from games.vriddiot.ai import protocol
from games.vriddiot.ai.players import decide
from games.vriddiot.rules import TableView

PROTOCOL = "vriddiot-agent/1"
LEVELS = ("easy", "medium")
"""The levels the agent can play."""


def answer(level: str, line: str, seed: int) -> dict[str, Any] | None:
    """The answer to one ``vriddiot-agent/1`` input line, or None when it deserves none."""

    def decided(view: TableView, seed: int, seconds: float | None) -> Any:
        return decide(level, view, seed, seconds=seconds)

    return reply(Speaker(protocol.view_from_message, decided, protocol.action_to_json), line, seed)


def answerer(level: str) -> Answerer:
    """An agent at ``level``."""

    def answering(line: str, seed: int) -> dict[str, Any] | None:
        return answer(level, line, seed)

    return answering
