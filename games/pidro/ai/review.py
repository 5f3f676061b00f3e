"""Pidro's reviewer (the registry's ``reviewer``; the shape is :mod:`bot.ai.review`).

A finished game is replayed from its record; every bid, trump naming, kill and card play that
had a choice is taken from the deciding seat's own view and weighed by the strongest Pidro
evaluation there is, :func:`evaluate` (each legal action's expected score margin for the seat's
side), whose own choice (:func:`best_action`) is what the review calls the better play.

Today that is the medium level's search (:mod:`games.pidro.ai.search`), read here action by
action from the same worlds and the same seed as its ``decide``: bids by the margin of their
best suit against the value of passing, trumps by their margin at the contract, cards by
their playouts. Medium kills by a rule (its weakest trumps), with nothing to weigh, so kills
are reviewed once an evaluation of them exists. When the hard level and its
``games.pidro.ai.players.evaluate(view, level, seed)`` land, switching is the one import
marked below (and ``KINDS`` gains ``Kill``).
"""

from __future__ import annotations

import random

from bot.ai.review import Decision, Weighed
from games.pidro.ai.rollout import finish
from games.pidro.ai.search import PARTNER_VALUE, PASS_VALUE, SearchPlayer, margin, rebuilt
from games.pidro.ai.worlds import trump_odds, trump_world
from games.pidro.rules import (
    Bid,
    GameState,
    HandAction,
    Kill,
    NameTrump,
    Play,
    TableView,
    replay,
    team_of,
    to_record,
    view,
)
from games.pidro.rules.game import step
from games.pidro.rules.parts import SEATS


def N_(text: str) -> str:
    """Marks a text for the catalogs (it is translated where it is shown)."""
    return text


STRONGEST = "medium"
"""The level whose evaluation the review reads (``hard`` once it lands)."""
HINTS = "medium"
"""The level whose evaluation gives hints."""
COSTLY = 0.5
"""A decision that cost less than this (points of a hand's margin) is within the noise."""
KINDS: dict[type, str] = {Bid: "bid", NameTrump: "trump", Play: "play"}
"""The decisions weighed (``Kill: "kill"`` joins with an evaluation of kills)."""


def evaluate(seen: TableView, level: str = STRONGEST, seed: int = 0) -> dict[HandAction, float]:
    """Every legal action of ``seen`` with its expected score margin as ``level`` (a search
    level) weighs it from this seat view alone; with the same seed the level chooses
    :func:`best_action` of these values. The same shape as the hard level's
    ``games.pidro.ai.players.evaluate``, which replaces it."""
    player = SearchPlayer(level)
    rng = random.Random(seed)
    first = seen.actions[0]
    if isinstance(first, Bid):
        return _bid_values(player, seen, rng)
    if isinstance(first, NameTrump):
        assert seen.contract is not None
        taken = player.taken(seen, rng, player.budget.trump_worlds)
        bid = seen.contract.bid
        return {a: margin(taken[a.suit], bid) for a in seen.actions if isinstance(a, NameTrump)}
    if isinstance(first, Play):
        return _play_values(player, seen, rng)
    raise ValueError(f"the {level} level does not weigh {type(first).__name__}")


def best_action(actions: tuple[HandAction, ...], values: dict[HandAction, float]) -> HandAction:
    """The action the level chooses from its values: the first of the highest; in the
    bidding, medium's rule: the lowest open bid when it is worth more than passing, else the
    pass (a higher bid is never worth more than the lowest)."""
    lowest, passing = actions[0], actions[-1]
    if isinstance(lowest, Bid) and isinstance(passing, Bid) and passing.points is None:
        return lowest if values[lowest] > values[passing] else passing
    return max(actions, key=values.__getitem__)


def _bid_values(
    player: SearchPlayer, seen: TableView, rng: random.Random
) -> dict[HandAction, float]:
    """A bid is worth its best suit's average margin at that bid in guessed deals; passing,
    :data:`PASS_VALUE` (or :data:`PARTNER_VALUE` when the partner holds the highest bid)."""
    assert seen.seat is not None
    taken = player.taken(seen, rng, player.budget.bid_worlds)
    high = max(seen.bids, key=lambda b: b.points or 0, default=None)
    partner_holds = (
        high is not None and high.points is not None and high.seat == (seen.seat + 2) % SEATS
    )
    values: dict[HandAction, float] = {}
    for action in seen.actions:
        assert isinstance(action, Bid)
        if action.points is None:
            values[action] = PARTNER_VALUE if partner_holds else PASS_VALUE
        else:
            values[action] = max(margin(points, action.points) for points in taken.values())
    return values


def _play_values(
    player: SearchPlayer, seen: TableView, rng: random.Random
) -> dict[HandAction, float]:
    """Each card's average score margin over the same guessed trump worlds (medium's play)."""
    assert seen.seat is not None
    team = team_of(seen.seat)
    odds = trump_odds(seen)
    worlds = [rebuilt(seen, trump_world(odds, rng)) for _ in range(player.budget.play_worlds)]
    values: dict[HandAction, float] = {}
    for action in seen.actions:
        total = 0
        for hand in worlds:
            end = finish(step(hand, action, []))
            assert end.scores is not None
            total += end.scores[team] - end.scores[1 - team]
        values[action] = total / len(worlds)
    return values


def decisions(state: GameState) -> list[Decision]:
    """Every bid, trump naming and card play of the game that had more than one legal option,
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
