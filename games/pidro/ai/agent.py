"""Pidro's levels as an agent speaking ``pidro-agent/1`` (``python -m bot.agent --game pidro``).

The messages are those of :mod:`games.pidro.ai.protocol` and the decision function is
:func:`games.pidro.ai.players.decide`; a Pidro message carries everything its seat may know, so
there is nothing to remember between messages.
"""

from __future__ import annotations

from typing import Any

from bot.ai.speaker import Answerer, stateless_answerer
from games.pidro.ai import protocol
from games.pidro.ai.players import decide

PROTOCOL = "pidro-agent/1"
LEVELS = ("easy", "medium", "hard")
"""The levels the agent can play."""


def answerer(level: str) -> Answerer:
    """An agent at ``level``."""
    return stateless_answerer(level, protocol.view_from_message, decide, protocol.action_to_json)


def answer(level: str, line: str, seed: int) -> dict[str, Any] | None:
    """The answer to one ``pidro-agent/1`` input line, or None when it deserves none."""
    return answerer(level)(line, seed)
