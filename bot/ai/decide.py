"""The one decision function shared by the bot's computer player and the agent protocol.

Top-level with picklable arguments, so the bot can run it in a process pool.
"""

from __future__ import annotations

import random

from bot.ai.base import Decision
from bot.ai.players import make_player
from bot.engine import TableView


def decide(level: str, view: TableView, seed: int) -> Decision:
    """What the player of this level chooses for ``view.seat``; same seed, same choice."""
    return make_player(level).decide(view, random.Random(seed))
