"""Pidro's reviewer (the registry's ``reviewer``; the shape is :mod:`bot.ai.review`).

A finished game is replayed from its record; every bid, trump naming, kill and card play that
had a choice is taken from the deciding seat's own view and weighed by the strongest Pidro
evaluation there is, :func:`evaluate` (each legal action's expected score margin for the seat's
side), whose own choice (:func:`best_action`) is what the review calls the better play.

That is the hard level's search (:func:`games.pidro.ai.players.evaluate`): bids, trump
naming, kills and card plays, each weighed from the same worlds and the same seed as its
``decide``, so the review's better play is what the level itself plays from that view.
"""

from __future__ import annotations

from bot.ai.review import Decision, Weighed
from games.pidro.ai.players import STRONGEST as STRONGEST
from games.pidro.ai.players import evaluate as evaluate
from games.pidro.ai.search import best_action
from games.pidro.rules import (
    Bid,
    GameState,
    HandAction,
    Kill,
    NameTrump,
    Play,
    TableView,
    replay,
    to_record,
    view,
)


def N_(text: str) -> str:
    """Marks a text for the catalogs (it is translated where it is shown)."""
    return text


HINTS = "medium"
"""The level whose evaluation gives hints."""
COSTLY = 0.5
"""A decision that cost less than this (points of a hand's margin) is within the noise."""
KINDS: dict[type, str] = {Bid: "bid", NameTrump: "trump", Kill: "kill", Play: "play"}
"""The decisions weighed."""


def decisions(state: GameState) -> list[Decision]:
    """Every bid, trump naming, kill and card play of the game that had more than one legal option,
    with the deciding seat's view at that moment."""
    found: list[Decision] = []
    record = to_record(state, ["0", "1", "2", "3"])
    for number, (before, action) in enumerate(replay(record, check_legal=False)):
        kind = KINDS.get(type(action))
        if kind is None:
            continue
        assert isinstance(action, Bid | NameTrump | Play | Kill)
        seen = view(before, action.seat)
        if len(seen.actions) > 1:
            found.append(Decision(number, seen.hand_number, action.seat, kind, seen, action))
    return found


def can_weigh(seen: TableView) -> bool:
    """Whether this decision is one the evaluation weighs (a hint is offered only then)."""
    return bool(seen.actions) and type(seen.actions[0]) in KINDS


def weigh(seen: TableView, seed: int) -> Weighed:
    """The strongest level's evaluation of every option of this decision."""
    return _weighed(seen, STRONGEST, seed)


def hint(seen: TableView, seed: int) -> Weighed:
    """The hint level's evaluation of every option of this decision."""
    return _weighed(seen, HINTS, seed)


def _weighed(seen: TableView, level: str, seed: int) -> Weighed:
    values = evaluate(seen, level, seed)
    options = tuple(seen.actions)
    choice = best_action(options, values)
    return Weighed(options, tuple(values[a] for a in options), options.index(choice))


def label(action: HandAction) -> tuple[str, dict[str, str]]:
    """An action in people's words: a template for the catalogs and its fields."""
    if isinstance(action, Play):
        return "{card}", {"card": action.card.display}
    if isinstance(action, Bid):
        if action.points is None:
            return N_("pass"), {}
        return N_("bid {points}"), {"points": str(action.points)}
    if isinstance(action, NameTrump):
        return N_("trump {suit}"), {"suit": action.suit.symbol}
    if isinstance(action, Kill):
        return N_("kill {cards}"), {"cards": " ".join(c.display for c in action.cards)}
    raise ValueError(f"not a decision: {action!r}")
