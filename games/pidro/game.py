"""Pidro as the platform sees it: :mod:`games.pidro.rules` behind the :class:`GameRules` contract.

Registered in :data:`bot.games.GAMES`; its Discord presentation is
``games.pidro.discord.presentation``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace

from bot.errors import translatable
from bot.games.base import IllegalMove, Invitation, StatRule
from bot.games.engine import EngineGame
from games.pidro import rules as pidro
from games.pidro.rules import (
    TARGETS,
    TEAMS,
    Abandon,
    Card,
    GameState,
    HandAction,
    IllegalAction,
    Resign,
    TableView,
    TimeOut,
    notation,
    team_of,
)
from games.pidro.rules.cards import cards_in

Action = HandAction | Resign | TimeOut | Abandon

STAT_RULES: dict[str, StatRule] = {
    "contracts": "sum",
    "contracts_made": "sum",
    "holes": "sum",
    "points_taken": "sum",
    "best_bid_made": "max",
}
"""Per-player ladder statistics: contracts won at the bidding, contracts made, holes (bids
lost), points the player's team took in all its hands, and the highest bid the player made
good."""


class Pidro(EngineGame):
    """The registry entry for Pidro."""

    rules = pidro
    kind = "pidro"
    title = "Pidro"
    seat_range = (4, 4)
    teams: tuple[tuple[int, ...], ...] = TEAMS
    targets: tuple[int, ...] = TARGETS
    levels: tuple[str, ...] = ("easy", "medium", "hard")
    renderer = "games.pidro.discord.presentation"
    agent = "games.pidro.ai.agent"
    reviewer = "games.pidro.ai.review"
    """The review of a finished game and the learner's hints (:mod:`bot.ai.review`)."""
    simulator = "games.pidro.arena"
    invites: tuple[Invitation, ...] = (
        Invitation("partner", 2, "Your partner, sitting opposite you"),
        Invitation("opponent1", 1, "The opponent on your left"),
        Invitation("opponent2", 3, "The opponent on your right"),
    )
    stat_rules: Mapping[str, StatRule] = STAT_RULES
    round_name = translatable("hand {n}")

    def refusal(self, error: ValueError) -> IllegalMove:
        """The engine's refusal as the platform's: the same template and values."""
        assert isinstance(error, IllegalAction)
        return IllegalMove(error.template, **error.values)

    def action_text(self, action: Action) -> str:
        """``bid-9``, ``bid-pass``, ``trump-H``, ``kill-4S.7S`` or ``play-TH``
        (:mod:`games.pidro.rules.notation`)."""
        if isinstance(action, Resign | TimeOut | Abandon):
            raise ValueError(f"{action!r} is not a move made with a button")
        return notation.action_text(action)

    def parse_action(self, seat: int, text: str) -> Action:
        try:
            return notation.parse_action(seat, text)
        except ValueError as error:
            raise IllegalMove("{text} is not a Pidro move", text=text) from error

    def rounds(self, state: GameState) -> int:
        return len(state.finished)

    def seat_stats(self, state: GameState, seat: int) -> dict[str, int]:
        team = team_of(seat)
        stats = dict.fromkeys(STAT_RULES, 0)
        for hand in state.finished:
            stats["points_taken"] += hand.points[team]
            if hand.contract.seat != seat:
                continue
            stats["contracts"] += 1
            if hand.made:
                stats["contracts_made"] += 1
                stats["best_bid_made"] = max(stats["best_bid_made"], hand.contract.bid)
            else:
                stats["holes"] += 1
        return stats

    def hidden_cards(self, state: GameState, seat: int | None) -> frozenset[str]:
        """The texts of the cards ``seat`` (None: everyone) may not see now, read from the
        state itself: the hands of the other players not cold (a partner's too), the stock
        until trumps are named, and the dealer's face-down discard; the trumps a team kept are
        shown once the hand is scored. Optional, outside :class:`~bot.games.base.GameRules`:
        the conformance suite (``tests/conformance``) holds every view to it."""
        if not state.hands:
            return frozenset()
        hand = state.hand
        hidden: set[Card] = set()
        for other in range(len(hand.held)):
            if other != seat and other not in hand.cold:
                hidden |= set(cards_in(hand.held[other]))
        if hand.trump is None:
            hidden |= set(hand.deal.stock)
        hidden |= set(cards_in(hand.buried))
        if hand.kept_by is not None:
            hidden -= set(hand.kept_by.cards)
        return frozenset(c.text for c in hidden)

    def redeal_hidden(self, state: GameState, rng: random.Random) -> GameState:
        """The same game with the cards nobody sees dealt otherwise among their places: the
        hands of the players not cold and the dealer's face-down discard (each keeps its count;
        the stock is left as it lies). Optional, outside :class:`~bot.games.base.GameRules`: the
        conformance suite draws the public table of both and expects the same picture."""
        if not state.hands:
            return state
        hand = state.hand
        places = [s for s in range(len(hand.held)) if s not in hand.cold]
        hidden = [c for s in places for c in cards_in(hand.held[s])]
        hidden += cards_in(hand.buried)
        rng.shuffle(hidden)
        cards = iter(hidden)

        def mask(size: int) -> int:
            return sum(1 << next(cards).index for _ in range(size))

        a, b, c, d = (mask(m.bit_count()) if s in places else m for s, m in enumerate(hand.held))
        changed = replace(hand, held=(a, b, c, d), buried=mask(hand.buried.bit_count()))
        return replace(state, hands=(*state.hands[:-1], changed))

    def decider(self) -> Callable[[str, TableView, int], HandAction]:
        from games.pidro.ai.players import decide

        return decide


PIDRO = Pidro()
GAME = PIDRO
