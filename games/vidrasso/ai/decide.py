"""The one decision function shared by the bot's computer player and the agent protocol.

Top-level with picklable arguments, so the bot can run it in a process pool.
"""

from __future__ import annotations

import random

from games.vidrasso.ai.players import make_player
from games.vidrasso.ai.search import SearchPlayer
from games.vidrasso.rules import RoundAction, TableView


def decide(level: str, view: TableView, seed: int, *, seconds: float | None = None) -> RoundAction:
    """The action the player of this level chooses for ``view.seat`` (one of
    ``view.actions``); same seed, same choice.

    ``seconds`` shortens a search level's wall-time cut-off (the agent passes a share of the
    time the referee allows); the deterministic work cap is unchanged, so with time to spare
    the choice does not depend on it.
    """
    player = make_player(level)
    if seconds is not None and isinstance(player, SearchPlayer):
        budget = player.budget
        limit = seconds if budget.seconds is None else min(seconds, budget.seconds)
        player = SearchPlayer(level, budget.timed(limit))
    return player.decide(view, random.Random(seed))
