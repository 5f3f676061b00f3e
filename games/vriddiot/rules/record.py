"""Game records (``vriddiot-record/1``): export a game, and replay one checking every legal set.

Export plays the game again from its shuffle with the actions the state kept, writing at every
decision the ``legal`` list the engine offered and, between decisions, every event of the kinds
listed in ``autos``. Replay applies a record's decisions (and its forfeits and 666 returns) to a
fresh deal and checks that the engine offers exactly each ``legal`` set, produces exactly the
listed automatic events, and agrees with the deal, starter, finish, idiot and result. The format
is described in ``games/vriddiot/docs/record-format.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.vriddiot.rules.cards import FACES, Card, deck, texts
from games.vriddiot.rules.errors import IllegalAction, InvalidRecord
from games.vriddiot.rules.game import GameState, apply_secretly, legal_actions, start_game
from games.vriddiot.rules.notation import action_text, parse_action
from games.vriddiot.rules.parts import (
    Abandon,
    Action,
    Arrange,
    Burnt,
    CivilWar,
    Ctx,
    Destroyed,
    DirectionChanged,
    Drew,
    Event,
    Forfeited,
    PickedUp,
    Purged,
    Resign,
    Return,
    Returned,
    Revealed,
    SeatAction,
    TimeOut,
    Vanished,
    WarDeclared,
    WarEnded,
    WentOut,
)

RECORD_FORMAT = "vriddiot-record/1"
AUTOS = (
    "draw",
    "reveal",
    "pick_up",
    "burn",
    "destroy",
    "vanish",
    "purge",
    "return",
    "direction",
    "war",
    "civil_war",
    "war_end",
    "out",
    "forfeit",
)
"""The automatic events this engine writes, each completely."""

Record = dict[str, Any]


def _dir(direction: int) -> str:
    return "clockwise" if direction > 0 else "counter-clockwise"


def auto_entry(e: Event) -> dict[str, Any] | None:
    """The record entry of an automatic event (None for events a decision already says)."""
    if isinstance(e, Drew):
        return {"auto": "draw", "seat": e.seat, "cards": texts(e.cards)}
    if isinstance(e, Revealed):
        entry: dict[str, Any] = {"auto": "reveal", "seat": e.seat, "from": e.source}
        if e.source == "down":
            entry["position"] = e.position
        entry["card"] = e.card.text
        return entry
    if isinstance(e, PickedUp):
        return {"auto": "pick_up", "seat": e.seat, "cards": texts(e.cards)}
    if isinstance(e, Burnt):
        return {"auto": "burn", "seat": e.seat, "cards": texts(e.cards)}
    if isinstance(e, Destroyed):
        return {"auto": "destroy", "seat": e.seat, "cards": texts(e.cards)}
    if isinstance(e, Vanished):
        return {"auto": "vanish", "seat": e.seat, "cards": texts(e.cards)}
    if isinstance(e, Purged):
        return {"auto": "purge", "cards": texts(e.cards)}
    if isinstance(e, Returned):
        return {"auto": "return", "order": texts(e.cards)}
    if isinstance(e, DirectionChanged):
        return {"auto": "direction", "direction": _dir(e.direction)}
    if isinstance(e, WarDeclared):
        return {
            "auto": "war",
            "declarer": e.declarer,
            "warriors": list(e.warriors),
            "rank": FACES[e.rank - 2].text[0],
        }
    if isinstance(e, CivilWar):
        return {"auto": "civil_war", "warriors": list(e.warriors)}
    if isinstance(e, WarEnded):
        return {"auto": "war_end", "how": e.how, "direction": _dir(e.direction)}
    if isinstance(e, WentOut):
        return {"auto": "out", "seat": e.seat, "place": e.place}
    if isinstance(e, Forfeited):
        return {"auto": "forfeit", "seat": e.seat, "place": e.place, "by": e.how}
    return None


def _legal(state: GameState, seat: int) -> list[str]:
    return [action_text(a) for a in legal_actions(state, seat)]


def _deal(state: GameState) -> list[dict[str, list[str]]]:
    return [
        {
            "face_down": texts(c for c in state.down[s] if c is not None),
            "face_up": texts(state.up[s]),
            "hand": texts(state.hands[s]),
        }
        for s in range(state.seats)
    ]


def to_record(state: GameState, players: Sequence[str] | None = None) -> Record:
    """Export a game, finished or not, as a ``vriddiot-record/1`` object."""
    names = list(players) if players is not None else [f"p{s}" for s in range(state.seats)]
    if len(names) != state.seats:
        raise ValueError("one player name per seat")
    g = start_game(state.seats, state.dealer, state.shuffle, state.double)
    deal = _deal(g)
    arrange: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for action in state.log:
        into = arrange if g.pending.ctx is Ctx.ARRANGE else events
        if isinstance(action, Arrange):
            into.append(
                {"seat": action.seat, "act": action_text(action), "legal": _legal(g, action.seat)}
            )
        elif not isinstance(action, Resign | TimeOut | Abandon | Return):
            seat = action.seat
            into.append(
                {
                    "seat": seat,
                    "ctx": g.pending.ctx.value,
                    "act": action_text(action),
                    "legal": _legal(g, seat),
                }
            )
        happened: list[Event] = []
        g = apply_secretly(g, action, happened)
        for e in happened:
            entry = auto_entry(e)
            if entry is not None:
                into.append(entry)
    outcome = state.outcome
    return {
        "format": RECORD_FORMAT,
        "players": names,
        "deck": "double" if state.double else "single",
        "jokers": 4 if state.double else 2,
        "dealer": state.dealer,
        "shuffle": texts(state.shuffle),
        "deal": deal,
        "autos": list(AUTOS),
        "arrange": arrange,
        "starter": state.starter if state.starter >= 0 else None,
        "events": events,
        "finish": list(outcome.finish) if outcome is not None else [],
        "idiot": outcome.idiot if outcome is not None else None,
        "result": outcome.result if outcome is not None else None,
    }


# --- Replay -------------------------------------------------------------------------------------


def _shuffle(record: Record, double: bool) -> tuple[Card, ...]:
    """The recorded deck order as physical cards (identical copies in index order)."""
    pool: dict[int, list[Card]] = {}
    for c in sorted(deck(double), key=lambda c: c.index, reverse=True):
        pool.setdefault(c.face, []).append(c)
    out: list[Card] = []
    for text in record["shuffle"]:
        face = Card.parse(text).face
        if not pool.get(face):
            raise InvalidRecord(f"the shuffle holds {text} too often")
        out.append(pool[face].pop())
    return tuple(out)


class _Replay:
    def __init__(self, record: Record, check_legal: bool) -> None:
        self.check_legal = check_legal
        self.autos = set(record.get("autos", ["return"]))
        self.unmatched: list[dict[str, Any]] = []
        double = record["deck"] == "double"
        seats = len(record["players"])
        self.state = start_game(seats, int(record["dealer"]), _shuffle(record, double), double)
        if "deal" in record and record["deal"] != _deal(self.state):
            raise InvalidRecord("the deal disagrees with the shuffle and the dealer")

    def apply(self, action: Action) -> None:
        happened: list[Event] = []
        self.state = apply_secretly(self.state, action, happened)
        for e in happened:
            entry = auto_entry(e)
            if entry is not None and entry["auto"] in self.autos:
                self.unmatched.append(entry)

    def entry(self, entry: dict[str, Any], where: str) -> None:
        if "auto" in entry:
            kind = entry["auto"]
            if kind == "forfeit" or (kind == "return" and self.state.ctx is Ctx.RETURN):
                self.matched_all(where)
                if kind == "forfeit":
                    seat = int(entry["seat"])
                    by = entry.get("by", "resign")
                    self.apply(Resign(seat) if by == "resign" else TimeOut(seat))
                else:
                    self.apply(Return(tuple(Card.parse(t) for t in entry["order"])))
            if kind not in self.autos:
                return
            if not self.unmatched:
                raise InvalidRecord(f"{where}: the record has {entry} but nothing happened")
            ours = self.unmatched.pop(0)
            if ours != entry:
                raise InvalidRecord(f"{where}: the record has {entry}, the rules give {ours}")
            return
        self.matched_all(where)
        seat = int(entry["seat"])
        action: SeatAction = parse_action(seat, entry["act"])
        if "ctx" in entry and entry["ctx"] != self.state.ctx.value:
            raise InvalidRecord(
                f"{where}: seat {seat} decides {entry['ctx']}, the rules ask {self.state.ctx.value}"
            )
        if self.check_legal:
            legal = entry.get("legal")
            if legal is None:
                raise InvalidRecord(f"{where}: seat {seat}'s decision has no legal list")
            engine = _legal(self.state, seat)
            if set(engine) != set(legal) or len(engine) != len(set(engine)):
                missing = sorted(set(engine) - set(legal))
                extra = sorted(set(legal) - set(engine))
                raise InvalidRecord(
                    f"{where}: seat {seat}'s legal set differs from the engine's: the engine "
                    f"also allows {missing}, the record also lists {extra}"
                )
        self.apply(action)

    def matched_all(self, where: str) -> None:
        if self.unmatched:
            raise InvalidRecord(f"{where}: the record leaves out {self.unmatched[0]}")


def replay(record: Record, *, check_legal: bool = True) -> GameState:
    """The final state of a recorded game, every decision, legal set and listed event
    checked; :class:`InvalidRecord` on any difference."""
    if record.get("format") != RECORD_FORMAT:
        raise InvalidRecord(f"not a {RECORD_FORMAT} record")
    try:
        run = _Replay(record, check_legal)
        for n, entry in enumerate(record.get("arrange", [])):
            run.entry(entry, f"arrangement {n}")
        for n, entry in enumerate(record.get("events", [])):
            run.entry(entry, f"event {n}")
        run.matched_all("the end")
        state = run.state
        result = record.get("result")
        if result == "abandoned" and state.outcome is None:
            run.apply(Abandon())
            state = run.state
        _check_end(record, state)
        return state
    except IllegalAction as error:
        raise InvalidRecord(f"the record makes an illegal move: {error}") from error
    except InvalidRecord:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise InvalidRecord(f"the record cannot be read: {error!r}") from error


def _check_end(record: Record, state: GameState) -> None:
    starter = state.starter if state.starter >= 0 else None
    if record.get("starter", starter) != starter:
        raise InvalidRecord(f"the starter is seat {starter}, not {record.get('starter')}")
    outcome = state.outcome
    ours = {
        "finish": list(outcome.finish) if outcome is not None else [],
        "idiot": outcome.idiot if outcome is not None else None,
        "result": outcome.result if outcome is not None else None,
    }
    for key, value in ours.items():
        if key in record and record[key] != value:
            raise InvalidRecord(f"{key} {record[key]} disagrees with the rules ({value})")
