"""The full game state as JSON (schema ``vidrasso-state/1``), for storage.

Unlike a record, this holds the state exactly as it stands, so loading it is cheap: no replay.
"""

from __future__ import annotations

from typing import Any

from bot.engine.cards import DECK, Card
from bot.engine.deal import Cut
from bot.engine.errors import InvalidRecord
from bot.engine.game import GameState, Outcome, Round, Strawman, Termination, Trick
from bot.engine.record import bid_from_json, bid_to_json, deal_from_json, deal_to_json

STATE_SCHEMA = "vidrasso-state/1"

_BY_TEXT = {c.text: c for c in DECK}


def _card(text: str) -> Card:
    try:
        return _BY_TEXT[text]
    except KeyError:
        raise InvalidRecord(f"{text!r} is not a card") from None


def _opt(text: str | None) -> Card | None:
    return None if text is None else _card(text)


def _txt(card: Card | None) -> str | None:
    return None if card is None else card.text


def round_to_json(rnd: Round) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "dealer": rnd.dealer,
        "first_chooser": rnd.first_chooser,
        "deal": deal_to_json(rnd.deal),
        "bids": [bid_to_json(b) for b in rnd.bids],
        "gifts": [_txt(c) for c in rnd.gifts],
        "hands": [[c.text for c in hand] for hand in rnd.hands],
        "strawmen": [[[_txt(p.up), _txt(p.down)] for p in row] for row in rnd.strawmen],
        "tricks": [[t.leader, t.cards[0].text, t.cards[1].text, t.winner] for t in rnd.tricks],
        "trick": [c.text for c in rnd.trick],
        "leader": rnd.leader,
        "captured": list(rnd.captured),
        "scores": None if rnd.scores is None else list(rnd.scores),
    }


def round_from_json(data: dict[str, Any]) -> Round:
    hands = data["hands"]
    rows = data["strawmen"]
    gifts = data["gifts"]
    return Round(
        number=int(data["number"]),
        dealer=int(data["dealer"]),
        first_chooser=int(data["first_chooser"]),
        deal=deal_from_json(data["deal"]),
        bids=tuple(bid_from_json(b) for b in data["bids"]),
        gifts=(_opt(gifts[0]), _opt(gifts[1])),
        hands=(tuple(_card(t) for t in hands[0]), tuple(_card(t) for t in hands[1])),
        strawmen=(
            tuple(Strawman(_opt(up), _opt(down)) for up, down in rows[0]),
            tuple(Strawman(_opt(up), _opt(down)) for up, down in rows[1]),
        ),
        tricks=tuple(
            Trick(int(leader), (_card(a), _card(b)), int(winner))
            for leader, a, b, winner in data["tricks"]
        ),
        trick=tuple(_card(t) for t in data["trick"]),
        leader=int(data["leader"]),
        captured=(int(data["captured"][0]), int(data["captured"][1])),
        scores=None if data["scores"] is None else (int(data["scores"][0]), int(data["scores"][1])),
    )


def state_to_json(state: GameState) -> dict[str, Any]:
    """The state as a JSON-ready dict."""
    outcome = state.outcome
    return {
        "schema": STATE_SCHEMA,
        "target": state.target,
        "cut": [c.text for c in state.cut.cards],
        "rounds": [round_to_json(r) for r in state.rounds],
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


def state_from_json(data: dict[str, Any]) -> GameState:
    """Read a state written by :func:`state_to_json`."""
    if data.get("schema") != STATE_SCHEMA:
        raise InvalidRecord(f"unknown state schema {data.get('schema')!r}")
    try:
        raw = data["outcome"]
        outcome = (
            None
            if raw is None
            else Outcome(Termination(raw["termination"]), raw["winner"], raw["seat"])
        )
        a, b = (_card(t) for t in data["cut"])
        return GameState(
            target=int(data["target"]),
            cut=Cut((a, b)),
            rounds=tuple(round_from_json(r) for r in data["rounds"]),
            totals=(int(data["totals"][0]), int(data["totals"][1])),
            outcome=outcome,
            moves=int(data["moves"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, InvalidRecord):
            raise
        raise InvalidRecord(f"stored state cannot be read: {error!r}") from error
