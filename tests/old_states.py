"""Game states as the bot stored them before the compact form (``vidrasso-state/1``): for the
migration tests, whose old databases hold only such states."""

from __future__ import annotations

import json
from typing import Any

from games.vidrasso.rules import GameState
from games.vidrasso.rules.record import bid_to_json, deal_to_json


def _text(card: Any) -> str | None:
    return None if card is None else str(card.text)


def _round(rnd: Any) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "dealer": rnd.dealer,
        "first_chooser": rnd.first_chooser,
        "deal": deal_to_json(rnd.deal),
        "bids": [bid_to_json(b) for b in rnd.bids],
        "gifts": [_text(c) for c in rnd.gifts],
        "hands": [[c.text for c in hand] for hand in rnd.hands],
        "strawmen": [[[_text(p.up), _text(p.down)] for p in row] for row in rnd.strawmen],
        "tricks": [[t.leader, t.cards[0].text, t.cards[1].text, t.winner] for t in rnd.tricks],
        "trick": [c.text for c in rnd.trick],
        "leader": rnd.leader,
        "captured": list(rnd.captured),
        "scores": None if rnd.scores is None else list(rnd.scores),
    }


def v1_text(state: GameState) -> str:
    """The state's ``vidrasso-state/1`` JSON text, as the bot stored it then."""
    outcome = state.outcome
    data = {
        "schema": "vidrasso-state/1",
        "target": state.target,
        "cut": [c.text for c in state.cut.cards],
        "rounds": [_round(r) for r in state.rounds],
        "totals": list(state.totals),
        "outcome": None
        if outcome is None
        else {
            "termination": outcome.termination.value,
            "winner": outcome.winner,
            "seat": outcome.seat,
        },
        "moves": state.moves,
    }
    return json.dumps(data, separators=(",", ":"))
