"""The full game state as JSON (schema ``pidro-state/1``), for storage.

Unlike a record this holds the state exactly as it stands, so loading it replays nothing:
each hand's deal as one string of 52 cards (the four hands, then the stock), its cards in
hand, discards and kills as card masks, and its tricks with their plays.
"""

from __future__ import annotations

from typing import Any

from games.pidro.rules.cards import Card, Suit
from games.pidro.rules.errors import InvalidRecord
from games.pidro.rules.game import GameState, Hand
from games.pidro.rules.parts import (
    Bid,
    Contract,
    Deal,
    KeptBy,
    Outcome,
    Termination,
    Trick,
)

STATE_SCHEMA = "pidro-state/1"


def _text(cards: tuple[Card, ...] | list[Card]) -> str:
    return "".join(c.text for c in cards)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text[i : i + 2]) for i in range(0, len(text), 2))


def _plays(plays: tuple[tuple[int, Card], ...]) -> str:
    return "".join(f"{seat}{card.text}" for seat, card in plays)


def _read_plays(text: str) -> tuple[tuple[int, Card], ...]:
    return tuple((int(text[i]), Card.parse(text[i + 1 : i + 3])) for i in range(0, len(text), 3))


def _four(values: list[Any]) -> tuple[Any, Any, Any, Any]:
    if len(values) != 4:
        raise InvalidRecord("four seats expected")
    return (values[0], values[1], values[2], values[3])


def hand_to_json(h: Hand) -> dict[str, Any]:
    c = h.contract
    kept = h.kept_by
    return {
        "number": h.number,
        "dealer": h.dealer,
        "deal": _text([x for hand in h.deal.hands for x in hand]) + _text(h.deal.stock),
        "held": list(h.held),
        "bids": [[b.seat, b.points] for b in h.bids],
        "contract": None if c is None else [c.seat, c.bid, c.forced],
        "trump": None if h.trump is None else h.trump.value,
        "discards": list(h.discards),
        "received": [_text(r) for r in h.received],
        "buried": h.buried,
        "kills": list(h.kills),
        "killing": list(h.killing),
        "tricks": [
            [t.leader, _plays(t.plays), t.winner, list(t.points), list(t.cold)] for t in h.tricks
        ],
        "plays": _plays(h.plays),
        "leader": h.leader,
        "turn": h.turn,
        "cold": list(h.cold),
        "cold_now": list(h.cold_now),
        "taken": list(h.taken),
        "kept_by": None if kept is None else [kept.team, _text(kept.cards)],
        "scores": None if h.scores is None else list(h.scores),
    }


def hand_from_json(data: dict[str, Any]) -> Hand:
    cards = _cards(data["deal"])
    deal = Deal((cards[0:9], cards[9:18], cards[18:27], cards[27:36]), cards[36:])
    contract = data["contract"]
    kept = data["kept_by"]
    scores = data["scores"]
    return Hand(
        number=int(data["number"]),
        dealer=int(data["dealer"]),
        deal=deal,
        held=_four([int(m) for m in data["held"]]),
        bids=tuple(Bid(int(seat), points) for seat, points in data["bids"]),
        contract=None if contract is None else Contract(contract[0], contract[1], contract[2]),
        trump=None if data["trump"] is None else Suit(data["trump"]),
        discards=_four([int(m) for m in data["discards"]]),
        received=tuple(_cards(r) for r in data["received"]),
        buried=int(data["buried"]),
        kills=_four([int(m) for m in data["kills"]]),
        killing=tuple(data["killing"]),
        tricks=tuple(
            Trick(leader, _read_plays(plays), winner, (points[0], points[1]), tuple(cold))
            for leader, plays, winner, points, cold in data["tricks"]
        ),
        plays=_read_plays(data["plays"]),
        leader=int(data["leader"]),
        turn=int(data["turn"]),
        cold=tuple(data["cold"]),
        cold_now=tuple(data["cold_now"]),
        taken=(data["taken"][0], data["taken"][1]),
        kept_by=None if kept is None else KeptBy(kept[0], _cards(kept[1])),
        scores=None if scores is None else (scores[0], scores[1]),
    )


def state_to_json(state: GameState) -> dict[str, Any]:
    outcome = state.outcome
    return {
        "schema": STATE_SCHEMA,
        "target": state.target,
        "first_dealer": state.first_dealer,
        "totals": list(state.totals),
        "moves": state.moves,
        "outcome": None
        if outcome is None
        else [outcome.termination.value, outcome.winner, outcome.seat],
        "hands": [hand_to_json(h) for h in state.hands],
    }


def state_from_json(data: dict[str, Any]) -> GameState:
    if data.get("schema") != STATE_SCHEMA:
        raise InvalidRecord(f"not a {STATE_SCHEMA} state")
    try:
        outcome = data["outcome"]
        return GameState(
            target=int(data["target"]),
            first_dealer=int(data["first_dealer"]),
            hands=tuple(hand_from_json(h) for h in data["hands"]),
            totals=(data["totals"][0], data["totals"][1]),
            outcome=None
            if outcome is None
            else Outcome(Termination(outcome[0]), outcome[1], outcome[2]),
            moves=int(data["moves"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        if isinstance(error, InvalidRecord):
            raise
        raise InvalidRecord(f"the state cannot be read: {error!r}") from error
