"""The agent protocol ``pidro-agent/1``: Pidro's decide messages to and from seat views.

The twin of ``vidrasso-agent/1`` (:mod:`games.vidrasso.ai.protocol`), described in
``games/pidro/docs/agent-protocol.md``. A message is built from the engine's seat view, so an agent
is told exactly what its seat may know; :func:`view_from_message` rebuilds that view for a
decision function. Moves are written in the words of :mod:`games.pidro.rules.notation`
(``bid-7``, ``bid-pass``, ``trump-H``, ``kill-4S.7S``, ``play-TH``). What a message does not
carry is filled in: the state version (0) and earlier hands' summaries (none).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.ai.messages import MessageError, legal_choice, pair, read_message
from bot.ai.messages import card as read_card
from bot.ai.messages import cards as read_cards
from bot.ai.messages import seat as read_seat
from games.pidro.rules import (
    Bid,
    Card,
    Contract,
    HandAction,
    Kill,
    NameTrump,
    Phase,
    Play,
    Suit,
    TableView,
    Trick,
)
from games.pidro.rules.notation import action_text, parse_action
from games.pidro.rules.parts import SEATS

PROTOCOL = "pidro-agent/1"
PHASES = {p.value: p for p in (Phase.BID, Phase.TRUMP, Phase.KILL, Phase.PLAY)}
"""The phases a decide message may be in."""


# --- View to message --------------------------------------------------------------------------


def view_to_message(view: TableView, time_ms: int) -> dict[str, Any]:
    """The ``decide`` message for the seat of ``view``, which must be due to act."""
    if view.seat is None or view.hand is None:
        raise ValueError("a decide message is for a seat, not the public view")
    if view.phase.value not in PHASES or not view.actions:
        raise ValueError("this seat has nothing to decide")
    c = view.contract
    return {
        "type": "decide",
        "game": "pidro",
        "phase": view.phase.value,
        "seat": view.seat,
        "target": view.target,
        "hand_number": view.hand_number,
        "dealer": view.dealer,
        "totals": list(view.totals),
        "hand": _texts(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "bids": [{"seat": b.seat, "bid": b.points} for b in view.bids],
        "contract": None if c is None else {"seat": c.seat, "bid": c.bid, "forced": c.forced},
        "trump": None if view.trump is None else view.trump.value,
        "discards": [_texts(row) for row in view.discards],
        "received": None if view.received is None else list(view.received),
        "kills": [_texts(row) for row in view.kills],
        "cold": list(view.cold),
        "cold_cards": [_texts(row) for row in view.cold_cards],
        "tricks": [
            {
                "leader": t.leader,
                "plays": [[s, card.text] for s, card in t.plays],
                "winner": t.winner,
                "points": list(t.points),
                "cold": list(t.cold),
            }
            for t in view.tricks
        ],
        "trick": [[s, card.text] for s, card in view.trick],
        "leader": view.leader,
        "taken": list(view.taken),
        "to_act": list(view.to_act),
        "legal": [action_to_json(a) for a in view.actions],
        "time_ms": time_ms,
    }


def action_to_json(action: HandAction) -> str:
    """The ``action`` of an answer (and an entry of ``legal``): the move's word."""
    return action_text(action)


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [c.text for c in cards]


# --- Message to view --------------------------------------------------------------------------


def view_from_message(msg: Mapping[str, Any]) -> TableView:
    """The seat view a ``decide`` message describes; :class:`MessageError` if it is malformed
    or inconsistent."""
    return read_message(_view_from_message, msg)


def _view_from_message(msg: Mapping[str, Any]) -> TableView:
    if not isinstance(msg, Mapping) or msg.get("type") != "decide":
        raise MessageError("not a decide message")
    phase = PHASES.get(msg["phase"])
    if phase is None:
        raise MessageError(f"unknown phase {msg['phase']!r}")
    seat = _seat(msg["seat"])
    contract = None if msg["contract"] is None else _contract(msg["contract"])
    trump = None if msg["trump"] is None else Suit.parse(msg["trump"])
    if (contract is None) != (phase is Phase.BID):
        raise MessageError("a contract exists exactly after the bidding")
    if (trump is None) != (phase in (Phase.BID, Phase.TRUMP)):
        raise MessageError("trumps are named exactly from the kills on")
    received = None if msg["received"] is None else _four_ints(msg["received"])
    if (received is None) != (trump is None):
        raise MessageError("the stock is dealt exactly when trumps are named")
    to_act = tuple(_seat(s) for s in msg["to_act"])
    if seat not in to_act:
        raise MessageError("the seat is not among those due to act")
    hand = _cards(msg["hand"])
    discards = _four_rows(msg["discards"])
    kills = _four_rows(msg["kills"])
    cold_cards = _four_rows(msg["cold_cards"])
    tricks = tuple(_trick(t) for t in msg["tricks"])
    trick = tuple(_play(p) for p in msg["trick"])
    legal = msg["legal"]
    if not isinstance(legal, list) or not legal:
        raise MessageError("no legal options")
    actions = tuple(_action(seat, text) for text in legal)
    if any(type(a) is not type(actions[0]) for a in actions) or not _fits(phase, actions[0]):
        raise MessageError(f"the legal options are not {phase.value} moves")
    seen = [*hand, *(c for row in (*discards, *kills, *cold_cards) for c in row)]
    seen += [c for t in tricks for _, c in t.plays] + [c for _, c in trick]
    if len({c.index for c in seen}) != len(seen):
        raise MessageError("a card appears twice")
    return TableView(
        seat=seat,
        target=int(msg["target"]),
        moves=0,
        phase=phase,
        outcome=None,
        totals=pair(msg["totals"]),
        hand_number=int(msg["hand_number"]),
        dealer=_seat(msg["dealer"]),
        bids=tuple(Bid(_seat(b["seat"]), _points(b["bid"])) for b in msg["bids"]),
        contract=contract,
        trump=trump,
        to_act=to_act,
        hand=hand,
        hand_sizes=_four_ints(msg["hand_sizes"]),
        discards=discards,
        received=received,
        kills=kills,
        cold=tuple(_seat(s) for s in msg["cold"]),
        cold_cards=cold_cards,
        tricks=tricks,
        trick=trick,
        leader=int(msg["leader"]),
        taken=pair(msg["taken"]),
        kept_by=None,
        actions=actions,
        finished_hands=(),
    )


def action_from_json(view: TableView, action: Any) -> HandAction:
    """The action an answer's ``action`` names; :class:`MessageError` unless it is one of
    ``view.actions``."""
    seat = view.seat
    assert seat is not None
    return legal_choice(lambda text: _action(seat, text), action, view.actions)


KINDS: dict[Phase, type[HandAction]] = {
    Phase.BID: Bid,
    Phase.TRUMP: NameTrump,
    Phase.KILL: Kill,
    Phase.PLAY: Play,
}
"""The kind of move each phase asks for."""


def _fits(phase: Phase, action: HandAction) -> bool:
    return isinstance(action, KINDS[phase])


def _action(seat: int, text: Any) -> HandAction:
    if not isinstance(text, str):
        raise MessageError(f"{text!r} is not a move like play-TH")
    return parse_action(seat, text)


def _seat(value: Any) -> int:
    return read_seat(value, SEATS)


def _points(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise MessageError(f"{value!r} is not a bid")
    return value


def _four_ints(value: Any) -> tuple[int, int, int, int]:
    a, b, c, d = value
    return (int(a), int(b), int(c), int(d))


def _card(text: Any) -> Card:
    return read_card(Card.parse, text)


def _cards(texts: Any) -> tuple[Card, ...]:
    return read_cards(Card.parse, texts)


def _four_rows(
    rows: Any,
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    if not isinstance(rows, list) or len(rows) != SEATS:
        raise MessageError("a list of cards for each of the four seats")
    return (_cards(rows[0]), _cards(rows[1]), _cards(rows[2]), _cards(rows[3]))


def _play(data: Any) -> tuple[int, Card]:
    seat, card = data
    return (_seat(seat), _card(card))


def _contract(data: Mapping[str, Any]) -> Contract:
    bid = _points(data["bid"])
    if bid is None:
        raise MessageError("a contract has a bid")
    return Contract(_seat(data["seat"]), bid, bool(data["forced"]))


def _trick(data: Mapping[str, Any]) -> Trick:
    plays = tuple(_play(p) for p in data["plays"])
    winner = _seat(data["winner"])
    points = pair(data["points"])
    if winner not in (s for s, _ in plays):
        raise MessageError("a trick's winner did not play in it")
    return Trick(
        _seat(data["leader"]), plays, winner, points, tuple(_seat(s) for s in data["cold"])
    )
