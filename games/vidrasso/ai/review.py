"""Vidrasso's reviewer (the registry's ``reviewer``; the shape is :mod:`bot.ai.review`).

A finished game is replayed from its record; every trump choice, gift and card play that had a
choice is taken from the deciding seat's own view, and weighed by the hard level's search
(:func:`games.vidrasso.ai.search.evaluate`, the very numbers the level chooses by) on a fixed
budget without a wall-time cut-off, so the same decision and seed always weigh the same.
Hints weigh the same way with the medium level's budget.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.ai.review import Decision, Weighed
from games.vidrasso.ai.search import LEVEL_BUDGETS, Budget, evaluate, level_budget
from games.vidrasso.rules import (
    Bid,
    GameState,
    Gift,
    Play,
    RoundAction,
    Suit,
    TableView,
    replay,
    to_record,
    view,
)


def N_(text: str) -> str:
    """Marks a text for the catalogs (it is translated where it is shown)."""
    return text


REVIEW_WORK = 30_000
"""The hard level's search for a review keeps its reads, endgame solver and pruning, with a
third of its live work and no wall-time cut-off (a review must not depend on the machine's
load): a whole game is weighed in well under a minute on two cores (``bench/review.py``)."""
COSTLY = 2.0
"""A decision that cost less than this (points of 180 a round) is within the search's noise."""


def review_budget() -> Budget:
    """The hard level's budget for a review (scaled like every level by ``VIDRASSO_AI_SCALE``)."""
    hard = level_budget("hard")
    share = REVIEW_WORK / LEVEL_BUDGETS["hard"].work
    return replace(
        hard,
        work=round(hard.work * share),
        max_worlds=max(1, round(hard.max_worlds * share)),
        seconds=None,
    )


def hint_budget() -> Budget:
    """The medium level's budget, without its wall-time cut-off, for hints."""
    return replace(level_budget("medium"), seconds=None)


KINDS = {Bid: "trump", Gift: "gift", Play: "play"}


def decisions(state: GameState) -> list[Decision]:
    """Every trump choice, gift and card play of the game that had more than one legal option,
    with the deciding seat's view at that moment."""
    found: list[Decision] = []
    for number, (before, action) in enumerate(replay(to_record(state), check_legal=False)):
        kind = KINDS.get(type(action))
        if kind is None:
            continue
        assert isinstance(action, Bid | Gift | Play)
        seen = view(before, action.seat)
        if len(seen.actions) > 1:
            found.append(Decision(number, seen.round_number, action.seat, kind, seen, action))
    return found


def weigh(seen: TableView, seed: int) -> Weighed:
    """The hard level's evaluation of every option of this decision."""
    return _weighed(seen, review_budget(), seed)


def hint(seen: TableView, seed: int) -> Weighed:
    """The medium level's evaluation of every option of this decision (for a hint)."""
    return _weighed(seen, hint_budget(), seed)


def _weighed(seen: TableView, budget: Budget, seed: int) -> Weighed:
    found = evaluate(seen, budget, random.Random(seed))
    return Weighed(found.options, found.values, found.best)


def label(action: RoundAction) -> tuple[str, dict[str, str]]:
    """An action in people's words: a template for the catalogs and its fields."""
    if isinstance(action, Play):
        return "{card}", {"card": action.card.display}
    if isinstance(action, Gift):
        return N_("gift {card}"), {"card": action.card.display}
    if isinstance(action, Bid):
        if isinstance(action.value, Suit):
            return N_("trump suit {suit}"), {"suit": action.value.symbol}
        return N_("trump rank {rank}"), {"rank": action.value.label}
    raise ValueError(f"not a decision: {action!r}")
