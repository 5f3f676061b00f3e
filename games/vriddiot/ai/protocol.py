"""The agent protocol ``vriddiot-agent/1``: Vriddiot's decide messages to and from seat views.

Described in ``games/vriddiot/docs/agent-protocol.md``. A message is built from the engine's
seat view, so an agent is told exactly what its seat may know; :func:`view_from_message`
rebuilds that view for a decision function. Actions are written in the words of
:mod:`games.vriddiot.rules.notation` (``play hand 7H 7C``, ``blind 0``, ``chance``,
``pick_up``, ``war``, ``join hand 9S``, ``as T``). A message carries no history, and the view
rebuilt from it has none either (no game outcome, no arrangement flags).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.ai.messages import MessageError, legal_choice, read_message
from bot.ai.messages import card as read_card
from bot.ai.messages import cards as read_cards
from bot.ai.messages import seat as read_seat
from games.vriddiot.rules import (
    Card,
    Ctx,
    Ident,
    Layer,
    Req,
    SeatAction,
    SeatView,
    Suit,
    TableView,
    War,
    action_text,
    parse_action,
)
from games.vriddiot.rules.notation import parse_ident

PROTOCOL = "vriddiot-agent/1"
CTXS = {
    c.value: c
    for c in (
        Ctx.ARRANGE,
        Ctx.TURN,
        Ctx.EXTRA,
        Ctx.MUST_ADD,
        Ctx.WAR_Q,
        Ctx.JOIN,
        Ctx.WAR_TURN,
        Ctx.TOSS,
        Ctx.JOKER,
    )
}
"""The decisions a decide message may ask for."""
STATUSES = ("playing", "out", "forfeited")


# --- View to message --------------------------------------------------------------------------


def view_to_message(view: TableView, time_ms: int) -> dict[str, Any]:
    """The ``decide`` message for the seat of ``view``, which must be due to act."""
    if view.seat is None or view.hand is None:
        raise ValueError("a decide message is for a seat, not the public view")
    if view.ctx.value not in CTXS or not view.actions:
        raise ValueError("this seat has nothing to decide")
    return {
        "type": "decide",
        "game": "vriddiot",
        "ctx": view.ctx.value,
        "seat": view.seat,
        "seats": view.seats,
        "double": view.double,
        "dealer": view.dealer,
        "starter": view.starter,
        "direction": view.direction,
        "deciding": view.deciding,
        "to_act": list(view.to_act),
        "offer_rank": view.offer_rank,
        "moves": view.moves,
        "plays": view.plays,
        "pile": [_layer(layer) for layer in view.pile],
        "req": {
            "change": view.req.change,
            "floor": view.req.floor,
            "suit": _suit(view.req.suit),
            "value": view.req.value,
        },
        "war": None if view.war is None else _war(view.war),
        "revealed": None if view.revealed is None else view.revealed.text,
        "players": [
            {
                "up": _texts(p.up),
                "down": list(p.down),
                "hand_count": p.hand_count,
                "status": p.status,
                "place": p.place,
                "known": _texts(p.known),
            }
            for p in view.players
        ],
        "stock_count": view.stock_count,
        "burnt": _texts(view.burnt),
        "grave": _texts(view.grave),
        "places": list(view.places),
        "forfeits": list(view.forfeits),
        "hand": _texts(view.hand),
        "legal": [action_to_json(a) for a in view.actions],
        "time_ms": time_ms,
    }


def action_to_json(action: SeatAction) -> str:
    """The ``action`` of an answer (and an entry of ``legal``): the action's words."""
    return action_text(action)


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [c.text for c in cards]


def _suit(suit: Suit | None) -> str | None:
    return None if suit is None else suit.value


def _layer(layer: Layer) -> dict[str, Any]:
    return {
        "seat": layer.seat,
        "cards": _texts(layer.cards),
        "joker": None if layer.joker is None else layer.joker.text,
        "ghost": layer.ghost,
        "ghost_suit": _suit(layer.ghost_suit),
    }


def _war(war: War) -> dict[str, Any]:
    return {
        "warriors": list(war.warriors),
        "declarer": war.declarer,
        "direction": war.direction,
        "jacks": war.jacks,
        "level": war.level,
        "down": war.down,
        "suit": _suit(war.suit),
        "bound": war.bound,
    }


# --- Message to view --------------------------------------------------------------------------


def view_from_message(msg: Mapping[str, Any]) -> TableView:
    """The seat view a ``decide`` message describes; :class:`MessageError` if it is malformed
    or inconsistent."""
    return read_message(_view_from_message, msg)


def _view_from_message(msg: Mapping[str, Any]) -> TableView:
    if not isinstance(msg, Mapping) or msg.get("type") != "decide":
        raise MessageError("not a decide message")
    ctx = CTXS.get(msg["ctx"])
    if ctx is None:
        raise MessageError(f"unknown decision {msg['ctx']!r}")
    seats = _int(msg["seats"])
    if not 3 <= seats <= 10:
        raise MessageError("Vriddiot has 3 to 10 seats")
    seat = read_seat(msg["seat"], seats)
    to_act = tuple(read_seat(s, seats) for s in msg["to_act"])
    if seat not in to_act:
        raise MessageError("the seat is not among those due to act")
    direction = _int(msg["direction"])
    if direction not in (1, -1):
        raise MessageError("the direction is 1 or -1")
    players = msg["players"]
    if not isinstance(players, list) or len(players) != seats:
        raise MessageError("one entry of players for every seat")
    rows = tuple(_seat_view(p) for p in players)
    legal = msg["legal"]
    if not isinstance(legal, list) or not legal:
        raise MessageError("no legal options")
    actions = tuple(_action(seat, text) for text in legal)
    req = msg["req"]
    double = bool(msg["double"])
    pile = tuple(_read_layer(layer, seats) for layer in msg["pile"])
    hand = _cards(msg["hand"])
    burnt = _cards(msg["burnt"])
    grave = _cards(msg["grave"])
    revealed = None if msg["revealed"] is None else _card(msg["revealed"])
    seen = [*hand, *burnt, *grave, *(c for layer in pile for c in layer.cards)]
    seen += [c for p in rows for c in p.up]
    if revealed is not None:
        seen.append(revealed)
    _check_counts(seen, double)
    return TableView(
        seat=seat,
        moves=_int(msg["moves"]),
        seats=seats,
        double=double,
        dealer=read_seat(msg["dealer"], seats),
        starter=_int(msg["starter"]),
        direction=direction,
        ctx=ctx,
        deciding=_int(msg["deciding"]),
        to_act=to_act,
        offer_rank=_int(msg["offer_rank"]),
        pile=pile,
        req=Req(
            bool(req["change"]), _int(req["floor"]), _opt_suit(req["suit"]), _int(req["value"])
        ),
        war=None if msg["war"] is None else _read_war(msg["war"], seats),
        revealed=revealed,
        players=rows,
        stock_count=_int(msg["stock_count"]),
        burnt=burnt,
        grave=grave,
        places=tuple(read_seat(s, seats) for s in msg["places"]),
        forfeits=tuple(read_seat(s, seats) for s in msg["forfeits"]),
        plays=_int(msg["plays"]),
        outcome=None,
        hand=hand,
        arrangement=None,
        actions=actions,
    )


def action_from_json(view: TableView, action: Any) -> SeatAction:
    """The action an answer's ``action`` names; :class:`MessageError` unless it is one of
    ``view.actions``."""
    seat = view.seat
    assert seat is not None
    return legal_choice(lambda text: _action(seat, text), action, view.actions)


def _check_counts(seen: list[Card], double: bool) -> None:
    counts: dict[int, int] = {}
    for c in seen:
        counts[c.face] = counts.get(c.face, 0) + 1
    for face, n in counts.items():
        most = (4 if double else 2) if face == 52 else (2 if double else 1)
        if n > most:
            raise MessageError("a card appears more often than the deck holds it")


def _seat_view(data: Mapping[str, Any]) -> SeatView:
    status = data["status"]
    if status not in STATUSES:
        raise MessageError(f"unknown status {status!r}")
    down = data["down"]
    if not isinstance(down, list) or len(down) > 3:
        raise MessageError("down is a list of up to three flags")
    place = data["place"]
    return SeatView(
        up=_cards(data["up"]),
        down=tuple(bool(d) for d in down),
        hand_count=_int(data["hand_count"]),
        status=status,
        place=None if place is None else _int(place),
        arranged=False,
        known=_cards(data.get("known", [])),
    )


def _read_layer(data: Mapping[str, Any], seats: int) -> Layer:
    joker = data["joker"]
    ident: Ident | None = None if joker is None else parse_ident(joker)
    return Layer(
        read_seat(data["seat"], seats),
        _cards(data["cards"]),
        ident,
        _int(data["ghost"]),
        _opt_suit(data["ghost_suit"]),
    )


def _read_war(data: Mapping[str, Any], seats: int) -> War:
    return War(
        tuple(read_seat(s, seats) for s in data["warriors"]),
        read_seat(data["declarer"], seats),
        _int(data["direction"]),
        _int(data["jacks"]),
        _int(data["level"]),
        bool(data["down"]),
        _opt_suit(data["suit"]),
        _int(data["bound"]),
    )


def _opt_suit(value: Any) -> Suit | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise MessageError(f"{value!r} is not a suit")
    return Suit.parse(value)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MessageError(f"{value!r} is not a whole number")
    return value


def _action(seat: int, text: Any) -> SeatAction:
    if not isinstance(text, str):
        raise MessageError(f"{text!r} is not an action like 'play hand 7H'")
    return parse_action(seat, text)


def _card(text: Any) -> Card:
    return read_card(Card.parse, text)


def _cards(texts: Any) -> tuple[Card, ...]:
    return read_cards(Card.parse, texts)
