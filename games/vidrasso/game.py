"""Vidrasso as the platform sees it: :mod:`games.vidrasso.rules` behind the :class:`GameRules`
contract."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import replace

from bot.errors import translatable
from bot.games.base import IllegalMove, Invitation, StatRule
from bot.games.engine import EngineGame
from games.vidrasso import rules as engine
from games.vidrasso.rules import (
    POINTS_PER_ROUND,
    TARGETS,
    Abandon,
    Bid,
    BidKind,
    Card,
    GameState,
    Gift,
    Play,
    Rank,
    Resign,
    Strawman,
    Suit,
    TableView,
    TimeOut,
)

Action = Bid | Gift | Play | Resign | TimeOut | Abandon

LEVELS = ("easy", "medium", "hard")


def _trump_keys() -> dict[str, StatRule]:
    keys: dict[str, StatRule] = {}
    values = [f"suit.{s.value}" for s in Suit] + [f"rank.{r.value}" for r in Rank]
    for value in values:
        keys[f"named.{value}"] = "sum"
        keys[f"first.{value}"] = "sum"
    return keys


STAT_RULES: dict[str, StatRule] = {
    "rounds_won": "sum",
    "round_points": "sum",
    "best_round": "max",
    "first_suit": "sum",
    "first_rank": "sum",
    **_trump_keys(),
}
"""Per-player ladder statistics: rounds won (over 90 of 180), round points, the best round,
how often they chose the suit or the rank when choosing first, and each trump they named
(``named.suit.H``) and named choosing first (``first.rank.7``)."""


REFUSALS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), template)
    for pattern, template in (
        (
            r"you must follow (?P<suit>\w+) or play a trump",
            translatable("you must follow {suit} or play a trump"),
        ),
        (
            r"(?P<card>\S+) is not in your hand \(gifts come from the hand\)",
            translatable("{card} is not in your hand (gifts come from the hand)"),
        ),
        (
            r"(?P<card>\S+) is not one of your available cards",
            translatable("{card} is not one of your available cards"),
        ),
        (
            r"the trump (?P<kind>\w+) is already (?P<named>.+); name the trump (?P<other>\w+)",
            translatable("the trump {kind} is already {named}; name the trump {other}"),
        ),
    )
)
"""The engine's refusals that name a card, suit or trump, as templates (so they can be
translated); every other refusal is a fixed sentence already."""


def refusal(message: str) -> IllegalMove:
    """The engine's refusal as a sentence template with its values."""
    for pattern, template in REFUSALS:
        found = pattern.fullmatch(message)
        if found:
            return IllegalMove(template, **found.groupdict())
    return IllegalMove(message)


class Vidrasso(EngineGame):
    """The registry entry for Vidrasso."""

    rules = engine
    kind = "vidrasso"
    title = "Vidrasso"
    seat_range = (2, 2)
    teams: tuple[tuple[int, ...], ...] = ((0,), (1,))
    targets: tuple[int, ...] = TARGETS
    levels: tuple[str, ...] = LEVELS
    renderer = "games.vidrasso.discord.presentation"
    agent = "games.vidrasso.ai.agent"
    reviewer = "games.vidrasso.ai.review"
    """The review of a finished game and the learner's hints (:mod:`bot.ai.review`)."""
    simulator = "games.vidrasso.arena.simulate"
    invites: tuple[Invitation, ...] = (Invitation("opponent", 1, "The member you want to play"),)
    stat_rules: Mapping[str, StatRule] = STAT_RULES
    round_name = translatable("round {n}")

    def refusal(self, error: ValueError) -> IllegalMove:
        return refusal(str(error))

    def action_text(self, action: Action) -> str:
        if isinstance(action, Bid):
            return f"trump-{action.kind.value}-{action.value.value}"
        if isinstance(action, Gift):
            return f"gift-{action.card.text}"
        if isinstance(action, Play):
            return f"play-{action.card.text}"
        raise ValueError(f"{action!r} is not a move made with a button")

    def parse_action(self, seat: int, text: str) -> Action:
        try:
            verb, _, rest = text.partition("-")
            if verb == "trump":
                kind_text, _, value = rest.partition("-")
                kind = BidKind(kind_text)
                named: Suit | Rank = (
                    Suit.parse(value) if kind is BidKind.SUIT else Rank.parse(value)
                )
                return Bid(seat, kind, named)
            if verb == "gift":
                return Gift(seat, Card.parse(rest))
            if verb == "play":
                return Play(seat, Card.parse(rest))
        except ValueError as error:
            raise IllegalMove(f"{text!r} is not a Vidrasso move") from error
        raise IllegalMove(f"{text!r} is not a Vidrasso move")

    def rounds(self, state: GameState) -> int:
        return sum(1 for r in state.rounds if r.scores is not None)

    def seat_stats(self, state: GameState, seat: int) -> dict[str, int]:
        scores = [r.scores[seat] for r in state.rounds if r.scores is not None]
        stats: dict[str, int] = {
            "rounds_won": sum(1 for s in scores if 2 * s > POINTS_PER_ROUND),
            "round_points": sum(scores),
            "best_round": max(scores, default=0),
            "first_suit": 0,
            "first_rank": 0,
        }
        for rnd in state.rounds:
            for i, bid in enumerate(rnd.bids):
                if bid.seat != seat:
                    continue
                value = f"{bid.kind.value}.{bid.value.value}"
                stats[f"named.{value}"] = stats.get(f"named.{value}", 0) + 1
                if i == 0:
                    stats[f"first.{value}"] = stats.get(f"first.{value}", 0) + 1
                    stats[f"first_{bid.kind.value}"] += 1
        return stats

    def hidden_cards(self, state: GameState, seat: int | None) -> frozenset[str]:
        """The texts of the cards ``seat`` (None: everyone) may not see now, read from the
        state itself: the other hand, the gift the other seat gave while its round goes on, and
        every face-down strawman card (but the gifts finished rounds name). Optional, outside
        :class:`~bot.games.base.GameRules`: the conformance suite (``tests/conformance``)
        holds every view to it."""
        if not state.rounds:
            return frozenset()
        rnd = state.round
        others = [s for s in (0, 1) if s != seat]
        hidden = {c.text for s in others for c in rnd.hands[s]}
        if rnd.scores is None:
            hidden |= {g.text for s in others if (g := rnd.gifts[s]) is not None}
        hidden |= {p.down.text for row in rnd.strawmen for p in row if p.down is not None}
        # The summaries of finished rounds name their gifts: a text cannot tell such a card
        # from the same card hidden in this round, so it is not counted here.
        hidden -= {g.text for r in state.finished for g in r.gifts}
        return frozenset(hidden)

    def redeal_hidden(self, state: GameState, rng: random.Random) -> GameState:
        """The same game with the cards nobody sees dealt otherwise among their places: both
        hands, the gifts while their round goes on, and the face-down strawman cards (each
        place keeps its count). Optional, outside :class:`~bot.games.base.GameRules`: the
        conformance suite draws the public table of both and expects the same picture."""
        if not state.rounds:
            return state
        rnd = state.round
        gifts = rnd.gifts if rnd.scores is None else (None, None)
        hidden = [*rnd.hands[0], *rnd.hands[1], *(g for g in gifts if g is not None)]
        hidden += [p.down for row in rnd.strawmen for p in row if p.down is not None]
        rng.shuffle(hidden)
        cards = iter(hidden)

        def hand(size: int) -> tuple[Card, ...]:
            return tuple(sorted((next(cards) for _ in range(size)), key=lambda c: c.index))

        hands = (hand(len(rnd.hands[0])), hand(len(rnd.hands[1])))
        given = tuple(next(cards) if g is not None else None for g in gifts)
        rows = tuple(
            tuple(Strawman(p.up, next(cards) if p.down is not None else None) for p in row)
            for row in rnd.strawmen
        )
        changed = replace(
            rnd,
            hands=hands,
            gifts=(given[0], given[1]) if rnd.scores is None else rnd.gifts,
            strawmen=(rows[0], rows[1]),
        )
        return state.replace(rounds=(*state.rounds[:-1], changed))

    def decider(self) -> Callable[[str, TableView, int], Action]:
        from games.vidrasso.ai.decide import decide

        return decide


VIDRASSO = Vidrasso()
GAME = VIDRASSO
