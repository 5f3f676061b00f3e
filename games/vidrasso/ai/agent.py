"""Vidrasso's levels as an agent speaking ``vidrasso-agent/1`` (``python -m bot.agent``).

Each ``decide`` line is answered by the same function the bot's own computer player uses
(:func:`games.vidrasso.ai.decide.decide`) on the seat view rebuilt from the message, with what
the earlier messages of the round showed of the strawmen (:mod:`games.vidrasso.ai.memory`).
"""

from __future__ import annotations

from typing import Any

from bot.ai.speaker import Answerer, Speaker, reply
from games.vidrasso.ai.decide import decide
from games.vidrasso.ai.memory import PileMemory
from games.vidrasso.ai.protocol import action_to_json, view_from_message
from games.vidrasso.rules import TableView

PROTOCOL = "vidrasso-agent/1"
LEVELS = ("easy", "medium", "hard")
"""The levels the agent can play."""


def answer(
    level: str, line: str, seed: int, memory: PileMemory | None = None
) -> dict[str, Any] | None:
    """The answer to one input line, or None when the line deserves none. ``memory`` keeps
    what earlier messages of the round showed (see :mod:`games.vidrasso.ai.memory`)."""

    def read(msg: dict[str, Any]) -> TableView:
        view = view_from_message(msg)
        return view if memory is None else memory.recall(view)

    def decided(view: TableView, seed: int, seconds: float | None) -> Any:
        return decide(level, view, seed, seconds=seconds)

    return reply(Speaker(read, decided, action_to_json), line, seed)


def answerer(level: str) -> Answerer:
    """An agent at ``level`` that remembers the round's shown strawmen between lines."""
    memory = PileMemory()

    def answering(line: str, seed: int) -> dict[str, Any] | None:
        return answer(level, line, seed, memory)

    return answering
