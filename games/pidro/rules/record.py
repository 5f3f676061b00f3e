"""Game records (`pidro-record/1`): export a game, and replay one checking every legal set.

Export plays each hand again from its deal with the actions the state kept, writing at every
decision the ``legal`` list the engine offered. Replay applies a record's actions to a fresh
game and checks that the engine offers exactly each ``legal`` set, and agrees with every
stated contract, discard, refill, kill, trick, score and total. The format is described in
``games/pidro/docs/record-format.md``.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from typing import Any

from bot.endings import recorded_ending
from games.pidro.rules.cards import Card, Suit, cards_in, cards_text, parse_cards
from games.pidro.rules.errors import IllegalAction, InvalidRecord
from games.pidro.rules.game import GameState, Hand, apply, dealt, kill_options, options, step
from games.pidro.rules.parts import (
    TARGETS,
    Action,
    Bid,
    Deal,
    HandAction,
    Kill,
    NameTrump,
    Phase,
    Play,
)

RECORD_FORMAT = "pidro-record/1"

Record = dict[str, Any]


def hand_actions(hand: Hand) -> Iterator[HandAction]:
    """A hand's chosen actions after its deal, in an order the engine accepts (a kill made
    automatically, with one possible set, is not among them)."""
    yield from hand.bids
    if hand.trump is None or hand.contract is None:
        return
    yield NameTrump(hand.contract.seat, hand.trump)
    replayed = step(_before_trump(hand), NameTrump(hand.contract.seat, hand.trump), [])
    for seat in replayed.killing:
        if seat not in hand.killing:  # made (a kill is never empty)
            yield Kill(seat, cards_in(hand.kills[seat]))
    for trick in hand.tricks:
        for seat, card in trick.plays:
            yield Play(seat, card)
    for seat, card in hand.plays:
        yield Play(seat, card)


def _before_trump(hand: Hand) -> Hand:
    h = dealt(hand.number, hand.dealer, hand.deal)
    for bid in hand.bids:
        h = step(h, bid, [])
    return h


def _legal(actions: Sequence[HandAction]) -> list[Any]:
    out: list[Any] = []
    for a in actions:
        if isinstance(a, Bid):
            out.append(a.points)
        elif isinstance(a, NameTrump):
            out.append(a.suit.value)
        elif isinstance(a, Kill):
            out.append(cards_text(a.cards))
        elif isinstance(a, Play):
            out.append(a.card.text)
    return out


def hand_to_json(hand: Hand, totals: list[int]) -> dict[str, Any]:
    """A hand as a record writes it (``totals``: the running totals before it, updated)."""
    entry: dict[str, Any] = {
        "number": hand.number,
        "dealer": hand.dealer,
        "deal": [cards_text(h) for h in hand.deal.hands],
        "stock": cards_text(hand.deal.stock),
        "bids": [],
    }
    h = dealt(hand.number, hand.dealer, hand.deal)
    tricks: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for action in hand_actions(hand):
        legal = _legal(options(h, action.seat))
        if isinstance(action, Bid):
            entry["bids"].append({"seat": action.seat, "bid": action.points, "legal": legal})
        elif isinstance(action, NameTrump):
            entry["trump_legal"] = legal
        elif isinstance(action, Play):
            if current is None:
                current = {"leader": h.leader, "plays": []}
                tricks.append(current)
            current["plays"].append({"seat": action.seat, "card": action.card.text, "legal": legal})
        done = len(h.tricks)
        h = step(h, action, [])
        if isinstance(action, NameTrump):
            entry["kill_legal"] = _forced_kills(h)
        if current is not None and len(h.tricks) > done:
            current = None
    for trick, entry_trick in zip(hand.tricks, tricks, strict=False):
        entry_trick["winner"] = trick.winner
        entry_trick["cold"] = list(trick.cold)
        entry_trick["points"] = list(trick.points)
    if hand.plays and tricks:
        tricks[-1]["cold"] = list(hand.cold_now)
    if hand.contract is not None:
        c = hand.contract
        entry["contract"] = {"seat": c.seat, "bid": c.bid, "forced": c.forced}
    if hand.trump is not None:
        entry["trump"] = hand.trump.value
        entry["discards"] = [cards_text(cards_in(m)) for m in hand.discards]
        entry["received"] = [cards_text(r) for r in hand.received]
        entry["dealer_discard"] = cards_text(cards_in(hand.buried))
        entry["kills"] = [cards_text(cards_in(m)) for m in hand.kills]
        if not hand.killing:
            entry["dealer_keeps"] = cards_text(_dealer_keeps(hand))
    entry["tricks"] = tricks
    if hand.scores is not None:
        kept = hand.kept_by
        entry["kept_by"] = (
            None if kept is None else {"team": kept.team, "cards": cards_text(kept.cards)}
        )
        entry["points"] = list(hand.taken)
        entry["scores"] = list(hand.scores)
        totals[0] += hand.scores[0]
        totals[1] += hand.scores[1]
        entry["totals"] = list(totals)
    return entry


def _forced_kills(h: Hand) -> list[Any]:
    """The legal kill sets of every seat that killed or still must (None for the others),
    right after trumps are named: a kill made automatically had one set."""
    assert h.trump is not None
    out: list[Any] = []
    for seat in range(4):
        trumps = (h.held[seat] | h.kills[seat]) & h.trumps
        sets = kill_options(seat, trumps, h.trump)
        out.append(_legal(sets) if sets else None)
    return out


def _dealer_keeps(hand: Hand) -> tuple[Card, ...]:
    """The cards the dealer plays the hand with: its hand once robbing and killing are done."""
    played = {c for t in hand.tricks for s, c in t.plays if s == hand.dealer}
    played |= {c for s, c in hand.plays if s == hand.dealer}
    return tuple(sorted({*cards_in(hand.held[hand.dealer]), *played}, key=lambda c: c.index))


def to_record(state: GameState, players: Sequence[str] = ("p0", "p1", "p2", "p3")) -> Record:
    """Export a game, finished or not, as a `pidro-record/1` object."""
    totals = [0, 0]
    hands = [hand_to_json(h, totals) for h in state.hands]
    outcome = state.outcome
    record: Record = {
        "format": RECORD_FORMAT,
        "players": list(players),
        "target": state.target,
        "first_dealer": state.first_dealer,
        "hands": hands,
        "result": "abandoned" if outcome is None else outcome.termination.value,
        "winner_team": None if outcome is None else outcome.winner,
    }
    if outcome is not None and outcome.seat is not None:
        record["ended_by"] = outcome.seat
    return record


# --- Replay -----------------------------------------------------------------------------------


def replay(record: Record, *, check_legal: bool = True) -> Iterator[tuple[GameState, Action]]:
    """Replay a record, yielding each state with the action about to be applied to it.

    Raises :class:`InvalidRecord` if an action is refused, a ``legal`` list differs from the
    engine's, or anything the record states about a hand disagrees with the rules.
    """
    if record.get("format") != RECORD_FORMAT:
        raise InvalidRecord(f"not a {RECORD_FORMAT} record")
    try:
        target = int(record["target"])
        if target not in TARGETS:
            points = " or ".join(str(t) for t in TARGETS)
            raise InvalidRecord(f"a game of Pidro is played to {points}, not {target}")
        state = GameState(target=target, first_dealer=int(record["first_dealer"]))
        for entry in record["hands"]:
            state = yield from _replay_hand(state, entry, check_legal)
        ending = _ending(record, state)
        if ending is not None:
            yield state, ending
    except IllegalAction as error:
        raise InvalidRecord(f"the record makes an illegal move: {error}") from error
    except (KeyError, TypeError, ValueError, IndexError) as error:
        if isinstance(error, InvalidRecord):
            raise
        raise InvalidRecord(f"the record cannot be read: {error!r}") from error


def _replay_hand(
    state: GameState, entry: dict[str, Any], check_legal: bool
) -> Generator[tuple[GameState, Action], None, GameState]:
    number = len(state.hands) + 1
    if entry.get("number", number) != number:
        raise InvalidRecord(f"hand {number} is numbered {entry['number']} in the record")
    hands = tuple(parse_cards(h) for h in entry["deal"])
    deal = Deal((hands[0], hands[1], hands[2], hands[3]), parse_cards(entry["stock"]))
    if entry.get("dealer", state.next_dealer) != state.next_dealer:
        raise InvalidRecord(f"hand {number}: the deal passes to the left, not to that dealer")
    decisions: list[tuple[HandAction, Any]] = []
    decisions += [(Bid(int(b["seat"]), b["bid"]), b.get("legal")) for b in entry["bids"]]
    trump = entry.get("trump")
    contract = entry.get("contract")
    if trump is not None:
        if contract is None:
            raise InvalidRecord(f"hand {number}: trumps named without a contract")
        decisions.append(
            (NameTrump(int(contract["seat"]), Suit.parse(trump)), entry.get("trump_legal"))
        )
    kill_legal = entry.get("kill_legal") or [None] * 4
    kills = [parse_cards(k) for k in entry.get("kills", [[], [], [], []])]
    tricks = entry["tricks"]
    yield state, deal
    state, _ = apply(state, deal)
    pending = list(decisions)
    while pending:
        action, legal = pending.pop(0)
        _check(state, action, legal, check_legal, number)
        yield state, action
        state, _ = apply(state, action)
        if isinstance(action, NameTrump):
            for seat in state.to_act if state.phase is Phase.KILL else ():
                if not kills[seat]:
                    continue  # a kill still to be chosen when the record was written
                kill = Kill.of(seat, kills[seat])
                _check(state, kill, kill_legal[seat], check_legal, number)
                yield state, kill
                state, _ = apply(state, kill)
    for trick in tricks:
        for p in trick["plays"]:
            action = Play(int(p["seat"]), Card.parse(p["card"]))
            _check(state, action, p.get("legal"), check_legal, number)
            yield state, action
            state, _ = apply(state, action)
    _check_hand(state.hands[number - 1], entry, state.totals if "totals" in entry else None)
    return state


def _check(
    state: GameState, action: HandAction, legal: Any, check_legal: bool, number: int
) -> None:
    if not check_legal:
        return
    if legal is None:  # every decision a record holds carries what was legal then
        raise InvalidRecord(f"hand {number}: seat {action.seat}'s decision has no legal list")
    engine = _legal(options(state.hand, action.seat)) if state.hands else []
    key = _key
    if sorted(map(key, engine)) != sorted(map(key, legal)):
        raise InvalidRecord(
            f"hand {number}: seat {action.seat}'s legal set {legal} differs from the "
            f"engine's {engine}"
        )


def _key(item: Any) -> str:
    if isinstance(item, list):
        return ",".join(sorted(item))
    return "pass" if item is None else str(item)


def _check_hand(hand: Hand, entry: dict[str, Any], totals: tuple[int, int] | None) -> None:
    n = hand.number

    def same(key: str, ours: Any) -> None:
        if key in entry and entry[key] != ours:
            raise InvalidRecord(f"hand {n}: {key} {entry[key]} disagrees with the rules ({ours})")

    if hand.contract is not None:
        c = hand.contract
        same("contract", {"seat": c.seat, "bid": c.bid, "forced": c.forced})
    if hand.trump is not None:
        same("discards", [cards_text(cards_in(m)) for m in hand.discards])
        same("received", [cards_text(r) for r in hand.received])
        same("dealer_discard", cards_text(cards_in(hand.buried)))
        same("kills", [cards_text(cards_in(m)) for m in hand.kills])
        if not hand.killing:
            same("dealer_keeps", cards_text(_dealer_keeps(hand)))
    leaders = [t.leader for t in hand.tricks] + ([hand.leader] if hand.plays else [])
    for trick, leader in zip(entry["tricks"], leaders, strict=False):
        if "leader" in trick and trick["leader"] != leader:
            raise InvalidRecord(
                f"hand {n}: a trick led by seat {trick['leader']} in the record is led by "
                f"seat {leader} by the rules"
            )
    for trick, done in zip(entry["tricks"], hand.tricks, strict=False):
        for key, ours in (
            ("winner", done.winner),
            ("cold", list(done.cold)),
            ("points", list(done.points)),
        ):
            if key in trick and trick[key] != ours:
                raise InvalidRecord(f"hand {n}: a trick's {key} disagrees with the rules")
    if hand.scores is None:
        if "scores" in entry:
            raise InvalidRecord(f"hand {n}: scored in the record but not over by the rules")
        return
    kept = hand.kept_by
    same("kept_by", None if kept is None else {"team": kept.team, "cards": cards_text(kept.cards)})
    same("points", list(hand.taken))
    same("scores", list(hand.scores))
    if totals is not None:
        same("totals", list(totals))


def _ending(record: Record, state: GameState) -> Action | None:
    winner = record.get("winner_team")
    ended_by = record.get("ended_by")
    return recorded_ending(
        record.get("result"),
        over=state.phase is Phase.OVER,
        as_recorded=state.outcome is not None and state.outcome.winner == winner,
        ended_by=None if ended_by is None else int(ended_by),
        invalid=InvalidRecord,
    )


def from_record(record: Record) -> GameState:
    """The final state of a recorded game, every move and legal set checked."""
    steps = list(replay(record))
    if not steps:
        raise InvalidRecord("the record holds no deal")
    state, last = steps[-1]
    final, _ = apply(state, last)
    return final
