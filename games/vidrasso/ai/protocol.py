"""The agent protocol ``vidrasso-agent/1``: decide messages to and from seat views.

A ``decide`` message (see ``games/vidrasso/docs/agent-protocol.md``) is built from the same
:class:`~games.vidrasso.rules.TableView` the engine gives the Discord layer, so an agent is told
exactly
what its seat may know; :func:`view_from_message` rebuilds that view for a decision function.
The round trip keeps everything the message carries. What it does not carry is filled in
sensibly: the state version (0), earlier rounds' summaries (none), and during the gifts whether
the opponent has already given (assumed not: its hand still holds its gift).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.ai.messages import MessageError, legal_choice, pair, read_message
from bot.ai.messages import card as read_card
from bot.ai.messages import cards as read_cards
from bot.ai.messages import seat as read_seat
from games.vidrasso.rules import (
    Bid,
    BidKind,
    Card,
    Gift,
    Phase,
    PileView,
    Play,
    Rank,
    RoundAction,
    Suit,
    TableView,
    Trick,
    Trumps,
)
from games.vidrasso.rules.deal import HAND_SIZE, PILES

PROTOCOL = "vidrasso-agent/1"
"""The protocol's name and version."""

PHASES = {"trump": Phase.TRUMP, "gift": Phase.GIFT, "play": Phase.PLAY}
"""The phases a decide message may be in."""


# --- View to message --------------------------------------------------------------------------


def view_to_message(view: TableView, time_ms: int) -> dict[str, Any]:
    """The ``decide`` message for the seat of ``view``, which must be due to act."""
    if view.seat is None or view.hand is None:
        raise ValueError("a decide message is for a seat, not the public view")
    if view.phase not in PHASES.values():
        raise ValueError(f"nothing to decide in the {view.phase.value} phase")
    return {
        "type": "decide",
        "phase": view.phase.value,
        "seat": view.seat,
        "target": view.target,
        "round": view.round_number,
        "dealer": view.dealer,
        "totals": list(view.totals),
        "hand": [c.text for c in view.hand],
        "strawmen": [
            [{"up": None if p.up is None else p.up.text, "hidden": p.hidden} for p in row]
            for row in view.strawmen
        ],
        "bids": [{"seat": b.seat, **bid_to_json(b)} for b in view.bids],
        "trumps": {
            "suit": None if view.trumps.suit is None else view.trumps.suit.value,
            "rank": None if view.trumps.rank is None else view.trumps.rank.value,
        },
        "gift_given": None if view.gift_given is None else view.gift_given.text,
        "tricks": [
            {"leader": t.leader, "cards": [t.cards[0].text, t.cards[1].text], "winner": t.winner}
            for t in view.tricks
        ],
        "trick": [c.text for c in view.trick],
        "captured_points": list(view.captured),
        "legal": [action_to_json(action) for action in view.actions],
        "time_ms": time_ms,
    }


def bid_to_json(bid: Bid) -> dict[str, str]:
    """A trump choice as the protocol writes it: ``{"kind": "suit", "value": "H"}``."""
    return {"kind": bid.kind.value, "value": bid.value.value}


def action_to_json(action: RoundAction) -> Any:
    """The ``action`` of an answer (and an entry of ``legal``): a trump choice object, or the
    text of the card given or played."""
    if isinstance(action, Bid):
        return bid_to_json(action)
    return action.card.text


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
    them = 1 - seat
    dealer = _seat(msg["dealer"])
    totals = pair(msg["totals"])
    hand = _cards(msg["hand"])
    strawmen = _strawmen(msg["strawmen"])
    bids = tuple(_bid(b) for b in msg["bids"])
    trumps = Trumps.from_bids(bids)
    named = msg["trumps"]
    given = (
        None if named["suit"] is None else Suit.parse(named["suit"]),
        None if named["rank"] is None else Rank.parse(named["rank"]),
    )
    if given != (trumps.suit, trumps.rank):
        raise MessageError("the trumps do not match the bids")
    gift_given = None if msg["gift_given"] is None else _card(msg["gift_given"])
    tricks = tuple(_trick(t) for t in msg["tricks"])
    trick = _cards(msg["trick"])
    captured = pair(msg["captured_points"])
    target = int(msg["target"])
    round_number = int(msg["round"])

    if phase is Phase.TRUMP:
        if len(bids) > 1:
            raise MessageError("both trumps are already chosen")
        expected = bids[0].seat if bids else seat
        if bids and bids[0].seat == seat:
            raise MessageError("the same seat cannot name both trumps")
        first_chooser = expected
    else:
        if len(bids) != 2:
            raise MessageError(f"the {phase.value} phase needs both trumps")
        first_chooser = bids[0].seat
    if phase is Phase.PLAY:
        if len(trick) > 1:
            raise MessageError("a trick in progress has at most one card")
        leader = seat if not trick else them
        gifts_in = (True, True)
        played = len(tricks) + len(trick)
        on_table = sum((p.up is not None) + p.hidden for p in strawmen[them])
        their_hand = HAND_SIZE - 1 + 2 * PILES - played - on_table
    else:
        if tricks or trick:
            raise MessageError(f"no cards are played in the {phase.value} phase")
        leader = 1 - dealer
        gifts_in = (gift_given is not None, False) if seat == 0 else (False, gift_given is not None)
        their_hand = HAND_SIZE
    if their_hand < 0:
        raise MessageError("the opponent's cards do not add up")
    hand_sizes = (len(hand), their_hand) if seat == 0 else (their_hand, len(hand))
    actions = _actions(phase, seat, msg["legal"])
    to_act = (seat,) if phase is not Phase.GIFT else (0, 1)
    _check_distinct(hand, strawmen, gift_given, tricks, trick)
    return TableView(
        seat=seat,
        target=target,
        moves=0,
        phase=phase,
        outcome=None,
        totals=totals,
        round_number=round_number,
        dealer=dealer,
        first_chooser=first_chooser,
        bids=bids,
        trumps=trumps,
        to_act=to_act,
        hand=hand,
        hand_sizes=hand_sizes,
        strawmen=strawmen,
        gifts_in=gifts_in,
        gift_given=gift_given,
        tricks=tricks,
        trick=trick,
        leader=leader,
        captured=captured,
        actions=actions,
        finished_rounds=(),
    )


def action_from_json(view: TableView, action: Any) -> RoundAction:
    """The action an answer's ``action`` names; :class:`MessageError` if it is not one of
    ``view.actions``."""
    seat = view.seat
    assert seat is not None
    return legal_choice(lambda data: _action(view.phase, seat, data), action, view.actions)


def _seat(value: Any) -> int:
    return read_seat(value, 2)


def _card(text: Any) -> Card:
    return read_card(Card.parse, text)


def _cards(texts: Any) -> tuple[Card, ...]:
    return read_cards(Card.parse, texts)


def _action(phase: Phase, seat: int, data: Any) -> RoundAction:
    """The action ``data`` names in ``phase``: a trump choice object, or a card's text given or
    played."""
    if phase is Phase.TRUMP:
        if not isinstance(data, Mapping):
            raise MessageError("a trump choice is an object with kind and value")
        return _bid({"seat": seat, **data})
    if not isinstance(data, str):
        raise MessageError("a card is a string like 7H")
    card = Card.parse(data)
    return Gift(seat, card) if phase is Phase.GIFT else Play(seat, card)


def _actions(phase: Phase, seat: int, legal: Any) -> tuple[RoundAction, ...]:
    """The actions a message's ``legal`` list names."""
    if not isinstance(legal, list) or not legal:
        raise MessageError("no legal options")
    return tuple(_action(phase, seat, data) for data in legal)


def _bid(data: Mapping[str, Any]) -> Bid:
    kind = BidKind(data["kind"])
    value: Suit | Rank = (
        Suit.parse(data["value"]) if kind is BidKind.SUIT else Rank.parse(data["value"])
    )
    return Bid(_seat(data["seat"]), kind, value)


def _strawmen(rows: Any) -> tuple[tuple[PileView, ...], tuple[PileView, ...]]:
    if not isinstance(rows, list) or len(rows) != 2:
        raise MessageError("strawmen lists two rows of piles")
    out: list[tuple[PileView, ...]] = []
    for row in rows:
        if not isinstance(row, list) or len(row) != PILES:
            raise MessageError(f"each seat has {PILES} strawman piles")
        piles = []
        for pile in row:
            up = None if pile["up"] is None else _card(pile["up"])
            hidden = pile["hidden"]
            if hidden not in (0, 1) or isinstance(hidden, bool):
                raise MessageError(f"{hidden!r} hidden cards in a pile")
            piles.append(PileView(up, int(hidden)))
        out.append(tuple(piles))
    return (out[0], out[1])


def _trick(data: Mapping[str, Any]) -> Trick:
    lead, follow = _cards(data["cards"])
    return Trick(_seat(data["leader"]), (lead, follow), _seat(data["winner"]))


def _check_distinct(
    hand: Sequence[Card],
    strawmen: tuple[tuple[PileView, ...], tuple[PileView, ...]],
    gift: Card | None,
    tricks: Sequence[Trick],
    trick: Sequence[Card],
) -> None:
    seen = [*hand, *trick]
    seen.extend(p.up for row in strawmen for p in row if p.up is not None)
    seen.extend(c for t in tricks for c in t.cards)
    if gift is not None:
        seen.append(gift)
    if len(set(seen)) != len(seen):
        raise MessageError("a card appears twice")
