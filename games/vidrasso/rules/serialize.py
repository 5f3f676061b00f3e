"""The full game state as JSON (schema ``vidrasso-state/4``), for storage.

Unlike a record, this holds the state exactly as it stands, so loading it is cheap: no replay.
Each round is written as its compact form keeps it (:mod:`games.vidrasso.rules.compact`), as an
array of
its fields in order (:func:`round_to_list`): the deck order of its deal and the cards played
each as one string of cards, the bids and the gifts as one string each, the hands, the face-up
strawman cards and the face-down ones each as a card mask per seat, the legal set of each play
as a card mask, and who took each trick.
States stored as ``vidrasso-state/3`` (the same fields, each round an object of named fields),
``vidrasso-state/2`` (cards written out) and ``vidrasso-state/1`` (before the compact form)
still load: the rounds of the first two are read as written, those of the last as
:class:`~games.vidrasso.rules.game.Round` objects played again from their deals.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import add
from typing import Any

from games.vidrasso.rules import compact
from games.vidrasso.rules.cards import DECK, Card, Rank, Suit
from games.vidrasso.rules.compact import NO_CARD, CompactRound
from games.vidrasso.rules.deal import Cut, Deal
from games.vidrasso.rules.errors import InvalidRecord
from games.vidrasso.rules.game import GameState, Outcome, Round, Strawman, Termination, Trick
from games.vidrasso.rules.masks import TEXTS, TrickTable, mask_of, trick_table
from games.vidrasso.rules.parts import Phase
from games.vidrasso.rules.record import bid_from_json, deal_from_json
from games.vidrasso.rules.trumps import Bid, BidKind, Trumps

STATE_SCHEMA = "vidrasso-state/4"
SCHEMA_3 = "vidrasso-state/3"
"""Each round as an object of named fields; read on load."""
SCHEMA_2 = "vidrasso-state/2"
"""Written with the compact form, cards written out; read on load."""
OLD_SCHEMA = "vidrasso-state/1"
"""Written before the compact form; read and migrated on load."""

_BY_TEXT = {c.text: c for c in DECK}
_INDEX = {c.text: c.index for c in DECK}
_KINDS = {BidKind.SUIT: "s", BidKind.RANK: "r"}
_BIDS: dict[str, Bid] = {
    f"{seat}s{suit.value}": Bid(seat, BidKind.SUIT, suit) for seat in (0, 1) for suit in Suit
} | {f"{seat}r{rank.value}": Bid(seat, BidKind.RANK, rank) for seat in (0, 1) for rank in Rank}
"""Every trump choice by its text: seat, ``s`` or ``r``, the suit or rank."""


def _indices(text: str) -> tuple[int, ...]:
    """The indices of cards written one after another (a KeyError for anything else).

    A card's index is its rank's number plus nine times its suit's: the ranks and the suits,
    every other character, are translated to those numbers and added pairwise.
    """
    raw = text.encode("ascii", "replace")
    ranks = raw[0::2].translate(_RANK_NUMBERS)
    suits = raw[1::2].translate(_SUIT_NUMBERS)
    if len(ranks) != len(suits) or _BAD in ranks or _BAD in suits:
        raise KeyError(text)
    return tuple(map(add, ranks, suits))


_BAD = 255
_RANK_NUMBERS = bytes(next((r.number for r in Rank if r.value == chr(b)), _BAD) for b in range(256))
_SUIT_NUMBERS = bytes(
    next((9 * s.number for s in Suit if s.value == chr(b)), _BAD) for b in range(256)
)


def _card(text: str) -> Card:
    try:
        return _BY_TEXT[text]
    except KeyError:
        raise InvalidRecord(f"{text!r} is not a card") from None


def _cards(text: str) -> list[Card]:
    """Cards written one after another, as in ``"AS7H9C"``."""
    return [_card(text[i : i + 2]) for i in range(0, len(text), 2)]


def _opt(text: str | None) -> Card | None:
    return None if text is None else _card(text)


def round_to_list(rnd: CompactRound) -> list[Any]:
    """A round as ``vidrasso-state/4`` writes it: its fields in order, without names (number,
    dealer, first chooser, deal, bids, gifts, hands, face-up and face-down strawman cards,
    plays, the legal set of each play, who took each trick, the leader, the points captured,
    the scores), so that JSON writes and reads few small values."""
    scores = rnd.scores
    return [
        rnd.number,
        rnd.dealer,
        rnd.first_chooser,
        "".join([TEXTS[c.index] for c in rnd.deal.order()]),
        "".join([f"{b.seat}{_KINDS[b.kind]}{b.value.value}" for b in rnd.bids]),
        _GIFT_TEXTS[rnd.gifts[0]] + _GIFT_TEXTS[rnd.gifts[1]],
        rnd.hands,
        rnd.tops,
        rnd.downs,
        "".join(map(TEXTS.__getitem__, rnd.plays)),
        rnd.legals,
        "".join(["01"[t.winner] for t in rnd.tricks]),
        rnd.leader,
        rnd.captured,
        scores,
    ]


_GIFT_TEXTS = {NO_CARD: "--", **{c.index: c.text for c in DECK}}
_GIFTS = {"--": NO_CARD, **{c.text: c.index for c in DECK}}


def round_from_list(fields: list[Any]) -> CompactRound:
    """A round as ``vidrasso-state/4`` wrote it."""
    (
        number,
        dealer,
        first_chooser,
        dealt,
        named,
        gifts,
        hands,
        tops,
        downs,
        played,
        legal,
        winners,
        leader,
        captured,
        scores,
    ) = fields
    plays = _indices(played)
    won = tuple(map(_WON.__getitem__, winners))
    leaders = (1 - int(dealer), *won[:-1])
    tricks = list(map(compact.trick, leaders, plays[0::2], plays[1::2], won))
    bids, trumps, table = _named(named)
    deal = Deal.from_indices(_indices(dealt))
    return _compact(
        (int(number), int(dealer), int(first_chooser), int(leader)),
        deal,
        bids,
        trumps,
        table,
        (_GIFTS[gifts[:2]], _GIFTS[gifts[2:]]),
        _pair(hands),
        _pair(tops),
        _pair(downs),
        plays,
        tricks,
        _pair(captured),
        _scores(scores),
        tuple(map(int, legal)),
    )


def round_from_text(data: dict[str, Any]) -> CompactRound:
    """A round as ``vidrasso-state/3`` wrote it: an object of named fields."""
    gifts = data["gifts"]
    hands = data["hands"]
    tops = (int(data["tops"][0]), int(data["tops"][1]))
    downs = data["downs"]
    plays = _indices(data["plays"])
    dealer = int(data["dealer"])
    leader = 1 - dealer
    tricks: list[Trick] = []
    trick = compact.trick
    for winner, lead, follow in zip(data["winners"], plays[0::2], plays[1::2], strict=False):
        won = _WON[winner]
        tricks.append(trick(leader, lead, follow, won))
        leader = won
    bids, trumps, table = _named(data["bids"])
    deal = Deal.from_indices(_indices(data["deal"]))
    return _compact(
        _figures(data),
        deal,
        bids,
        trumps,
        table,
        (_gift(gifts[0]), _gift(gifts[1])),
        _pair(hands),
        tops,
        _pair(downs),
        plays,
        tricks,
        _pair(data["captured"]),
        _scores(data["scores"]),
        tuple(map(int, data["legal"])),
    )


def _compact(
    figures: tuple[int, int, int, int],
    deal: Deal,
    bids: tuple[Bid, ...],
    trumps: Trumps,
    table: TrickTable | None,
    gifts: tuple[int, int],
    hands: tuple[int, int],
    tops: tuple[int, int],
    downs: tuple[int, int],
    plays: tuple[int, ...],
    tricks: list[Trick],
    captured: tuple[int, int],
    scores: tuple[int, int] | None,
    legals: tuple[int, ...],
) -> CompactRound:
    """A round read from storage, its phase and legal set worked out again. ``figures``:
    its number, dealer, first chooser and the leader of the trick in progress (or next)."""
    layout = compact.layout_of(deal.strawmen)
    turned = compact.turned_rows(layout.pairs, downs)
    number, dealer, first_chooser, leader = figures
    # A finished round waits for nobody: its standing needs no working out.
    over = scores is not None and len(bids) == 2 and NO_CARD not in gifts
    rnd = _make(
        (
            number,
            dealer,
            first_chooser,
            bids,
            trumps,
            table,
            tops,
            layout.shown,
            (turned[0], turned[1]),
            plays,
            tuple(tricks),
            plays[-1] if len(plays) % 2 else NO_CARD,
            leader,
            captured,
            scores,
            Phase.DEAL if over else Phase.TRUMP,
            compact.NOBODY,
            deal,
            gifts,
            hands,
            downs,
            layout,
            NO_CARD,
            legals,
            0,
        )
    )
    return rnd if over else compact.settled(rnd)


def _gift(text: str | None) -> int:
    return NO_CARD if text is None else _INDEX[text]


def _figures(data: dict[str, Any]) -> tuple[int, int, int, int]:
    return (
        int(data["number"]),
        int(data["dealer"]),
        int(data["first_chooser"]),
        int(data["leader"]),
    )


def _pair(values: Any) -> tuple[int, int]:
    return (int(values[0]), int(values[1]))


def _scores(values: Any) -> tuple[int, int] | None:
    return None if values is None else _pair(values)


_make = CompactRound._make
_WON = {"0": 0, "1": 1}


_NAMED: dict[str, tuple[tuple[Bid, ...], Trumps, TrickTable | None]] = {}


def _named(text: str) -> tuple[tuple[Bid, ...], Trumps, TrickTable | None]:
    """The bids written as ``text``, their trumps and, once both are named, their rules."""
    found = _NAMED.get(text)
    if found is None:
        bids = tuple(_BIDS[text[i : i + 3]] for i in range(0, len(text), 3))
        trumps = compact.trumps_of(bids)
        found = (bids, trumps, trick_table(trumps) if trumps.complete else None)
        if len(_NAMED) < 1000:  # texts that are not bids never get far, but cap it anyway
            _NAMED[text] = found
    return found


def round_from_json(data: dict[str, Any]) -> CompactRound:
    """A round as ``vidrasso-state/2`` wrote it."""
    gifts = data["gifts"]
    hands = data["hands"]
    rows = tuple(
        tuple(compact.pile(_opt(up), _opt(down)) for up, down in row) for row in data["strawmen"]
    )
    plays = tuple(c.index for c in _cards(data["plays"]))
    dealer = int(data["dealer"])
    leader = 1 - dealer
    tricks: list[Trick] = []
    for n, winner in enumerate(data["winners"]):
        won = int(winner)
        tricks.append(compact.trick(leader, plays[2 * n], plays[2 * n + 1], won))
        leader = won
    bids = tuple(bid_from_json(b) for b in data["bids"])
    trumps = compact.trumps_of(bids)
    table = trick_table(trumps) if trumps.complete else None
    deal = Deal.from_order(_cards(data["deal"]))
    hand_masks = (mask_of(_cards(hands[0])), mask_of(_cards(hands[1])))
    tops = (_tops(rows[0]), _tops(rows[1]))
    downs = (_downs(rows[0]), _downs(rows[1]))
    return _compact(
        _figures(data),
        deal,
        bids,
        trumps,
        table,
        (_gift_v2(gifts[0]), _gift_v2(gifts[1])),
        hand_masks,
        tops,
        downs,
        plays,
        tricks,
        _pair(data["captured"]),
        _scores(data["scores"]),
        tuple(int(m) for m in data["legal"]),
    )


def _gift_v2(text: str | None) -> int:
    return NO_CARD if text is None else _card(text).index


def _tops(row: tuple[Strawman, ...]) -> int:
    return mask_of(p.up for p in row if p.up is not None)


def _downs(row: tuple[Strawman, ...]) -> int:
    return mask_of(p.down for p in row if p.down is not None)


def old_round_from_json(data: dict[str, Any]) -> Round:
    """A round as ``vidrasso-state/1`` wrote it."""
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
        "rounds": [round_to_list(r) for r in state.cores],
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
    """Read a state written by :func:`state_to_json`, now or as ``vidrasso-state/1``."""
    schema = data.get("schema")
    if schema not in _READERS and schema != OLD_SCHEMA:
        raise InvalidRecord(f"unknown state schema {schema!r}")
    try:
        raw = data["outcome"]
        outcome = (
            None
            if raw is None
            else Outcome(Termination(raw["termination"]), raw["winner"], raw["seat"])
        )
        a, b = (_card(t) for t in data["cut"])
        target = int(data["target"])
        totals = (int(data["totals"][0]), int(data["totals"][1]))
        moves = int(data["moves"])
        if schema == OLD_SCHEMA:
            rounds = tuple(old_round_from_json(r) for r in data["rounds"])
            return GameState(target, Cut((a, b)), rounds, totals, outcome, moves)
        cores = tuple(map(_READERS[schema], data["rounds"]))
        return GameState.stored(target, Cut((a, b)), cores, totals, outcome, moves)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        if isinstance(error, InvalidRecord):
            raise
        raise InvalidRecord(f"stored state cannot be read: {error!r}") from error


_READERS: dict[str, Callable[[Any], CompactRound]] = {
    STATE_SCHEMA: round_from_list,
    SCHEMA_3: round_from_text,
    SCHEMA_2: round_from_json,
}
"""How each schema since the compact form writes a round."""
