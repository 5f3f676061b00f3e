"""Vriddiot's levels as an agent speaking ``vriddiot-agent/1``.

The messages are those of :mod:`games.vriddiot.ai.protocol` and the decision function is
:func:`games.vriddiot.ai.players.decide`; a message carries everything its seat may know, so
there is nothing to remember between messages.
"""

from __future__ import annotations

from typing import Any

from bot.ai.speaker import Answerer, stateless_answerer
from games.vriddiot.ai import protocol
from games.vriddiot.ai.players import decide

PROTOCOL = "vriddiot-agent/1"
LEVELS = ("easy", "medium")
"""The levels the agent can play."""


def answerer(level: str) -> Answerer:
    """An agent at ``level``."""
    return stateless_answerer(level, protocol.view_from_message, decide, protocol.action_to_json)


def answer(level: str, line: str, seed: int) -> dict[str, Any] | None:
    """The answer to one ``vriddiot-agent/1`` input line, or None when it deserves none."""
    return answerer(level)(line, seed)
