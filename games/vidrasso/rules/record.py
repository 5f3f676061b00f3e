"""Game records (`vidrasso-record/1`, our "PGN"): export a game, and replay one.

Export writes each play with the ``legal`` list the engine allowed at that moment, as kept
during play. Replay applies a record's actions to a fresh game and, where the record
has ``legal`` lists, checks that the engine allows exactly those cards.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from bot.endings import recorded_ending
from games.vidrasso.rules.cards import DECK, Card, Rank, Suit, cards_text, parse_cards
from games.vidrasso.rules.compact import NO_CARD, CompactRound
from games.vidrasso.rules.deal import Cut, Deal
from games.vidrasso.rules.errors import IllegalAction, InvalidDeal, InvalidRecord
from games.vidrasso.rules.game import (
    Action,
    GameState,
    Gift,
    Phase,
    Play,
    apply,
)
from games.vidrasso.rules.masks import TEXTS, joiner
from games.vidrasso.rules.trumps import Bid, BidKind

RECORD_FORMAT = "vidrasso-record/1"

Record = dict[str, Any]


def bid_to_json(bid: Bid) -> dict[str, Any]:
    return {"seat": bid.seat, "kind": bid.kind.value, "value": bid.value.value}


def bid_from_json(data: dict[str, Any]) -> Bid:
    kind = BidKind(data["kind"])
    text = data["value"]
    value: Suit | Rank | None = _NAMED.get((kind, text))
    if value is None:
        value = Suit.parse(text) if kind is BidKind.SUIT else Rank.parse(text)
    return Bid(int(data["seat"]), kind, value)


_NAMED: dict[tuple[BidKind, str], Suit | Rank] = {
    **{(BidKind.SUIT, s.value): s for s in Suit},
    **{(BidKind.RANK, r.value): r for r in Rank},
}
"""Trump values as records write them, without parsing."""


def deal_to_json(deal: Deal) -> dict[str, Any]:
    return {
        "hands": [cards_text(deal.hands[0]), cards_text(deal.hands[1])],
        "strawmen": [[cards_text(pile) for pile in deal.strawmen[s]] for s in (0, 1)],
    }


def deal_from_json(data: dict[str, Any]) -> Deal:
    hands = (parse_cards(data["hands"][0]), parse_cards(data["hands"][1]))
    rows = tuple(tuple(_pair(parse_cards(pile)) for pile in data["strawmen"][s]) for s in (0, 1))
    return Deal(hands, (rows[0], rows[1]))


def _pair(cards: Sequence[Card]) -> tuple[Card, Card]:
    if len(cards) != 2:
        raise InvalidDeal("each strawman pile holds a face-down and a face-up card")
    return (cards[0], cards[1])


def to_record(state: GameState, players: Sequence[str] = ("seat 0", "seat 1")) -> Record:
    """Export a game, finished or not, as a `vidrasso-record/1` object: :func:`record_text`
    read back, so that the record has one writer."""
    record: Record = json.loads(record_text(state, players))
    return record


def record_text(state: GameState, players: Sequence[str] = ("seat 0", "seat 1")) -> str:
    """A game, finished or not, as `vidrasso-record/1` JSON text on one line: byte for byte
    ``json.dumps(record, separators=(",", ":"))`` of its record.

    Each play's ``legal`` list is the legal set kept when the card was chosen, so nothing is
    played again; the texts of card sets are read from tables, not encoded each time.
    """
    out = [
        f'{{"format":"{RECORD_FORMAT}","players":{_dumps(list(players))},'
        f'"target":{state.target},"first_dealer":{state.first_dealer},'
        f'"cut":{_dumps(cards_text(state.cut.cards))},"rounds":['
    ]
    totals = (0, 0)
    for n, rnd in enumerate(state.cores):
        gifts = ",".join(_NULL if g == NO_CARD else QUOTED[g] for g in rnd.gifts)
        out.append(
            f'{"," if n else ""}{{"number":{rnd.number},"dealer":{rnd.dealer},'
            f'"deal":{_deal_text(rnd.deal)},"bids":[{",".join(map(_bid_text, rnd.bids))}],'
            f'"gifts":[{gifts}],"tricks":['
        )
        _tricks(rnd, out)
        if rnd.scores is None:
            out.append("]}")
        else:
            a, b = rnd.scores
            totals = (totals[0] + a, totals[1] + b)
            out.append(f'],"scores":[{a},{b}],"totals":[{totals[0]},{totals[1]}]}}')
    outcome = state.outcome
    result = "abandoned" if outcome is None else outcome.termination.value
    winner = _NULL if outcome is None or outcome.winner is None else outcome.winner
    out.append(f'],"result":"{result}","winner":{winner}')
    if outcome is not None and outcome.seat is not None:
        out.append(f',"ended_by":{outcome.seat}')
    out.append("}")
    return "".join(out)


_dumps = json.JSONEncoder(separators=(",", ":")).encode
_NULL = "null"
QUOTED: tuple[str, ...] = tuple(f'"{t}"' for t in TEXTS)
"""``QUOTED[i]``: card ``i``'s text as a JSON string."""
_JOINED = joiner(QUOTED)
_QUOTE_OF = dict(zip(DECK, QUOTED, strict=True)).__getitem__
"""A card's text as a JSON string (cards hash by identity: a lookup in C)."""


def _bid_text(bid: Bid) -> str:
    return f'{{"seat":{bid.seat},"kind":"{bid.kind.value}","value":"{bid.value.value}"}}'


def _row_text(cards: Iterable[Card]) -> str:
    return ",".join(map(_QUOTE_OF, cards))


def _deal_text(deal: Deal) -> str:
    hands = "],[".join(_row_text(h) for h in deal.hands)
    rows = "]],[[".join("],[".join(_row_text(p) for p in row) for row in deal.strawmen)
    return f'{{"hands":[[{hands}]],"strawmen":[[[{rows}]]]}}'


def _tricks(rnd: CompactRound, out: list[str]) -> None:
    """Append the round's tricks as a record writes them, each play with its legal list in
    the order the engine offered it: hand cards by index, then strawman cards by pile."""
    piles = rnd.layout.piles
    piled = rnd.layout.piled
    done = rnd.tricks
    finished = len(done)
    plays = rnd.plays
    legals = rnd.legals
    last = len(plays) - 1
    heads = _HEADS
    join = _JOINED
    quoted = QUOTED
    append = out.append
    leader = seat = 0
    for k, legal in enumerate(legals):
        if k & 1:
            seat = 1 - leader
            append(",")
        else:
            number = k >> 1
            leader = seat = done[number].leader if number < finished else rnd.leader
            append(_LEADS[k > 0][leader])
        append(heads[seat][plays[k]])
        straw = legal & piled[seat]
        if straw:
            hand = legal ^ straw
            if hand:
                append(join(hand))
                append(",")
            if straw & (straw - 1):
                # By pile: a pile shows one card at a time.
                append(
                    ",".join(
                        [quoted[(straw & m).bit_length() - 1] for m in piles[seat] if straw & m]
                    )
                )
            else:
                append(quoted[straw.bit_length() - 1])
        else:
            append(join(legal))
        append("]}")
        if k & 1 or k == last:
            number = k >> 1
            append(_TAKEN[done[number].winner] if number < finished else "]}")


_HEADS = tuple(tuple(f'{{"seat":{s},"card":{q},"legal":[' for q in QUOTED) for s in (0, 1))
"""``_HEADS[s][i]``: a play of card ``i`` by seat ``s`` as a record writes it, up to its
legal list."""
_LEADS = tuple(tuple(f'{sep}{{"leader":{s},"plays":[' for s in (0, 1)) for sep in ("", ","))
"""``_LEADS[later][s]``: the start of a trick led by seat ``s`` (after a comma if ``later``)."""
_TAKEN = ('],"winner":0}', '],"winner":1}')
"""``_TAKEN[s]``: the end of a trick taken by seat ``s``."""


def replay(record: Record, *, check_legal: bool = True) -> Iterator[tuple[GameState, Action]]:
    """Replay a record, yielding each state with the action about to be applied to it.

    Raises :class:`InvalidRecord` if an action is refused, a ``legal`` list differs from the
    engine's, or a stated winner, score or total disagrees.
    """
    if record.get("format") != RECORD_FORMAT:
        raise InvalidRecord(f"not a {RECORD_FORMAT} record")
    try:
        cut = Cut(_pair(parse_cards(record["cut"])))
        rounds = record["rounds"]
        state = GameState(target=int(record["target"]), cut=cut)
        if cut.dealer != record["first_dealer"]:
            raise InvalidRecord("first_dealer does not match the cut (the weaker card deals)")
        for entry in rounds:
            actions: list[tuple[Action, dict[str, Any] | None]] = [
                (deal_from_json(entry["deal"]), None)
            ]
            actions += [(bid_from_json(b), None) for b in entry["bids"]]
            gifts = entry.get("gifts") or [None, None]
            actions += [
                (Gift(seat, Card.parse(text)), None)
                for seat, text in enumerate(gifts)
                if text is not None
            ]
            for trick in entry["tricks"]:
                actions += [(Play(p["seat"], Card.parse(p["card"])), p) for p in trick["plays"]]
            for action, play in actions:
                if check_legal and play is not None and "legal" in play:
                    engine = {c.text for c in _legal_plays(state, play["seat"])}
                    if engine != set(play["legal"]):
                        raise InvalidRecord(
                            f"round {entry.get('number')}: legal set {sorted(play['legal'])} "
                            f"differs from the engine's {sorted(engine)}"
                        )
                yield state, action
                state, _ = apply(state, action)
            _check_round(state, entry)
        ending = _ending(record, state)
        if ending is not None:
            yield state, ending
    except IllegalAction as error:
        raise InvalidRecord(f"the record makes an illegal move: {error}") from error
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, InvalidRecord):
            raise
        raise InvalidRecord(f"the record cannot be read: {error!r}") from error


def _legal_plays(state: GameState, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` may play now (none when it is not its turn to play)."""
    rnd = state.cores[-1]
    if rnd.phase is not Phase.PLAY or rnd.to_act[0] != seat:
        return ()
    return rnd.ordered(rnd.legal, seat)


def _check_round(state: GameState, entry: dict[str, Any]) -> None:
    rnd = state.round
    for trick, done in zip(entry["tricks"], rnd.tricks, strict=False):
        if "winner" in trick and trick["winner"] != done.winner:
            raise InvalidRecord(f"round {rnd.number}: a trick's winner disagrees with the rules")
    if "scores" in entry and (rnd.scores is None or list(rnd.scores) != list(entry["scores"])):
        raise InvalidRecord(f"round {rnd.number}: scores disagree with the cards captured")
    if "totals" in entry and list(state.totals) != list(entry["totals"]):
        raise InvalidRecord(f"round {rnd.number}: totals disagree")


def _ending(record: Record, state: GameState) -> Action | None:
    winner = record.get("winner")
    ended_by = record.get("ended_by", None if winner is None else 1 - int(winner))
    return recorded_ending(
        record.get("result"),
        over=state.phase is Phase.OVER,
        as_recorded=state.outcome is not None and state.outcome.winner == winner,
        ended_by=None if ended_by is None else int(ended_by),
        invalid=InvalidRecord,
    )


def from_record(record: Record) -> GameState:
    """The final state of a recorded game, every move checked."""
    steps = list(replay(record))
    if not steps:
        raise InvalidRecord("the record holds no deal")
    state, last = steps[-1]
    final, _ = apply(state, last)
    return final
