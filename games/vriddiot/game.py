"""Vriddiot as the platform sees it: :mod:`games.vriddiot.rules` behind the :class:`GameRules`
contract.

Registered in :data:`bot.games.GAMES`; its Discord presentation is
``games.vriddiot.discord.presentation``. One game is the whole match (there are no points to
play to): the platform's single target is 1, and the finishing order is the outcome. Each seat
is its own team.

Button texts are the record's notation made custom-id safe (``[A-Za-z0-9._-]``, at most 40
characters): ``ph-7H.7D`` (play from the hand; ``pu-`` from the face-up cards), ``ph-9C.w``
(and declare war), ``ph-X7H`` and ``ph-X7`` (a joker as 7♥, or as a 7 by rank only),
``jh-…``/``ju-…`` (join a war), ``th-…``/``tu-…`` (toss), ``blind-0``, ``chance``, ``pickup``,
``pass``, ``as-7H``/``as-7`` (declare a turned joker), ``war``, ``nowar`` and ``arr-5D.KH.TD``
(the arrangement). A card written with a trailing ``b`` (``7Hb``) is the same face: a select
menu needs a different value for each of two identical cards of the Dobbeldeck.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.errors import translatable
from bot.games.base import IllegalMove, Invitation, Outcome, StatRule
from games.vriddiot import rules as engine
from games.vriddiot.rules import (
    FACES,
    Abandon,
    Action,
    Arrange,
    Blind,
    Burnt,
    Card,
    Chance,
    Ctx,
    Declare,
    DeclareWar,
    Event,
    GameState,
    Ident,
    IllegalAction,
    Join,
    NoWar,
    Pass,
    PickedUp,
    PickUp,
    Play,
    Resign,
    SeatAction,
    TableView,
    Termination,
    Toss,
    WarDeclared,
)
from games.vriddiot.rules.cards import RANKS, default_face, parse_rank
from games.vriddiot.rules.game import ACTIVE, apply_secretly, start_game

TARGET = 1
"""A Vriddiot game is one game, not a race to points: the platform's one target."""

DOUBLE_FROM = 6
"""Six players or more play the Dobbeldeck (104 cards and four jokers)."""

STAT_RULES: dict[str, StatRule] = {
    "firsts": "sum",
    "idiots": "sum",
    "picked_up": "sum",
    "most_picked_up": "max",
    "burns": "sum",
    "wars": "sum",
}
"""Per-player ladder statistics: games finished first, games left the idiot (last holding
cards), cards picked up from the pile in all games, the most picked up in one game, burns
(four alike or a 10 laid by the player) and wars the player declared."""


class TimeOutAll:
    """The clock's answer to a decision several seats owe at once (the arrangement, a war's
    join offers, tosses): each waiting seat's own time-out, in seat order. Only the clock makes
    it; it is applied as those actions and never stored itself."""

    def __init__(self, seats: Sequence[int]) -> None:
        self.seats = tuple(seats)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TimeOutAll) and other.seats == self.seats

    def __hash__(self) -> int:
        return hash(self.seats)

    def __repr__(self) -> str:
        return f"TimeOutAll({self.seats})"


_SOURCES = {"h": "hand", "u": "up"}
_LETTERS = {"hand": "h", "up": "u"}


def _card(text: str) -> Card:
    """A face from ``7H``, ``7Hb`` (the second copy, the same face) or ``X``."""
    if len(text) == 3 and text.endswith("b"):
        text = text[:2]
    card = Card.parse(text)
    return FACES[card.face]


def _ident_text(ident: Ident) -> str:
    return ident.text


def _parse_ident(text: str) -> Ident:
    if len(text) == 1:
        return Ident(default_face(parse_rank(text)), False)
    face = Card.parse(text)
    if face.is_joker:
        raise ValueError("a joker is declared as a card")
    return Ident(FACES[face.face], True)


def _cards_text(cards: Sequence[Card], joker: Ident | None) -> str:
    if joker is not None:
        return "X" + _ident_text(joker)
    return ".".join(c.text for c in cards)


def button_text(action: SeatAction) -> str:
    """The button text of a player's action (see the module's docstring)."""
    if isinstance(action, Play):
        text = f"p{_LETTERS[action.source]}-{_cards_text(action.cards, action.joker)}"
        return text + ".w" if action.war else text
    if isinstance(action, Join):
        return f"j{_LETTERS[action.source]}-{_cards_text(action.cards, action.joker)}"
    if isinstance(action, Toss):
        return f"t{_LETTERS[action.source]}-{_cards_text(action.cards, None)}"
    if isinstance(action, Blind):
        return f"blind-{action.position}"
    if isinstance(action, Chance):
        return "chance"
    if isinstance(action, PickUp):
        return "pickup"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Declare):
        return "as-" + _ident_text(action.ident)
    if isinstance(action, DeclareWar):
        return "war"
    if isinstance(action, NoWar):
        return "nowar"
    if isinstance(action, Arrange):
        return "arr-" + ".".join(c.text for c in action.cards)
    raise ValueError(f"{action!r} is not a move made with a button")


def parse_button(seat: int, text: str) -> SeatAction:
    """The action :func:`button_text` wrote (cards of a set in any order read as one set, in
    canonical order with the last card on top); ValueError if it is none."""
    simple: dict[str, SeatAction] = {
        "chance": Chance(seat),
        "pickup": PickUp(seat),
        "pass": Pass(seat),
        "war": DeclareWar(seat),
        "nowar": NoWar(seat),
    }
    if text in simple:
        return simple[text]
    verb, dash, rest = text.partition("-")
    if not dash or not rest:
        raise ValueError(f"{text!r} is not a Vriddiot move")
    words = rest.split(".")
    if verb == "blind" and rest.isdigit():
        return Blind(seat, int(rest))
    if verb == "as":
        return Declare(seat, _parse_ident(rest))
    if verb == "arr" and len(words) == 3:
        trio = sorted((_card(w) for w in words), key=lambda c: c.order)
        return Arrange(seat, tuple(trio))
    if len(verb) == 2 and verb[0] in "pjt" and verb[1] in _SOURCES:
        source = _SOURCES[verb[1]]
        war = verb[0] == "p" and words[-1] == "w"
        if war:
            words = words[:-1]
        joker: Ident | None = None
        if len(words) == 1 and words[0].startswith("X") and len(words[0]) > 1:
            joker = _parse_ident(words[0][1:])
            cards: tuple[Card, ...] = (FACES[52],)
        else:
            if not words:
                raise ValueError("no cards")
            chosen = [_card(w) for w in words]
            # A set chosen in a menu reads in canonical order, its last card kept on top.
            top = chosen[-1]
            rest_cards = sorted(chosen[:-1], key=lambda c: c.order)
            ordered = sorted(chosen, key=lambda c: c.order)
            cards = tuple(ordered) if ordered[-1] is top else (*rest_cards, top)
        if verb[0] == "p":
            return Play(seat, source, cards, joker, war)
        if war:
            raise ValueError("only a play declares war")
        if verb[0] == "j":
            return Join(seat, source, cards, joker)
        if joker is None:
            return Toss(seat, source, cards)
    raise ValueError(f"{text!r} is not a Vriddiot move")


def group_of(action: Play | Join | Toss) -> int:
    """The rank a play is grouped under in a hand: the rank, -4 for Der Fourer, 0 for a joker."""
    card = action.cards[0]
    return -4 if card.is_fourer else (0 if card.is_joker else card.rank)


def _events_by_seat(state: GameState) -> list[Event]:
    """Every event of the game, played again from its deal (the stored actions). The last
    game played again is kept: its seats' statistics are asked for one seat at a time, and a
    whole game takes tens of milliseconds to play again (hundreds at ten seats)."""
    global _replayed
    kept = _replayed
    if kept is not None and kept[0] is state:
        return kept[1]
    g = start_game(state.seats, state.dealer, state.shuffle, state.double)
    events: list[Event] = []
    for action in state.log:  # legal: each was checked as it was played
        g = apply_secretly(g, action, events, checked=False)
    _replayed = (state, events)
    return events


_replayed: tuple[GameState, list[Event]] | None = None
"""The state :func:`_events_by_seat` last played again, and its events."""


class Vriddiot:
    """The registry entry for Vriddiot."""

    kind = "vriddiot"
    title = "Vriddiot"
    seat_range = (3, 10)
    targets: tuple[int, ...] = (TARGET,)
    levels: tuple[str, ...] = ("easy", "medium")
    renderer = "games.vriddiot.discord.presentation"
    agent = "games.vriddiot.ai.agent"
    simulator = "games.vriddiot.arena"
    invites: tuple[Invitation, ...] = (
        Invitation("second", 1, "Who sits on your left"),
        Invitation("third", 2, "The third player"),
        Invitation("fourth", 3, "A fourth player (optional)"),
        Invitation("fifth", 4, "A fifth player (optional)"),
        Invitation("sixth", 5, "A sixth player (optional; six or more play two decks)"),
        Invitation("seventh", 6, "A seventh player (optional)"),
        Invitation("eighth", 7, "An eighth player (optional)"),
        Invitation("ninth", 8, "A ninth player (optional)"),
        Invitation("tenth", 9, "A tenth player (optional)"),
    )
    stat_rules: Mapping[str, StatRule] = STAT_RULES
    round_name = translatable("game {n}")

    def teams_for(self, seats: int) -> tuple[tuple[int, ...], ...]:
        return tuple((seat,) for seat in range(seats))

    def new_game(self, rng: random.Random, target: int, seats: int) -> GameState:
        """A new game: one deck for 3–5 players, the Dobbeldeck for 6–10."""
        return engine.new_game(rng, seats, seats >= DOUBLE_FROM)

    def apply(self, state: GameState, action: Any) -> tuple[GameState, list[Event]]:
        try:
            if isinstance(action, TimeOutAll):
                events: list[Event] = []
                for seat in action.seats:
                    if state.outcome is None and seat in state.to_act:
                        state, more = engine.apply(state, engine.timeout_action(state, seat))
                        events += more
                return state, events
            return engine.apply(state, action)
        except IllegalAction as error:
            raise IllegalMove(error.template, **error.values) from error

    def settle(self, state: GameState, rng: random.Random) -> tuple[GameState, list[Event]]:
        return engine.settle(state, rng)

    def view(self, state: GameState, seat: int | None) -> TableView:
        return engine.view(state, seat)

    def legal_actions(self, state: GameState, seat: int) -> Sequence[SeatAction]:
        return engine.legal_actions(state, seat)

    def to_act(self, state: GameState) -> tuple[int, ...]:
        return state.to_act

    def version(self, state: GameState) -> int:
        return state.moves

    def outcome(self, state: GameState) -> Outcome | None:
        """The finishing order: who went out first … the idiot, then the forfeits (the
        earliest last); nobody placed in an abandoned game."""
        found = state.outcome
        if found is None:
            return None
        if found.termination is Termination.ABANDONED:
            return Outcome(found.termination.value, (), found.seat)
        places = tuple((seat,) for seat in found.finish)
        return Outcome(found.termination.value, places, found.seat)

    def resign(self, state: GameState, seat: int) -> Resign:
        """The player leaves with the worst place left; the others play on (the game ends
        when one player is left)."""
        return Resign(seat)

    def time_out(self, state: GameState, seat: int) -> Action:
        """The rules' own time-out: a play decision forfeits (the worst place left); an
        arrangement keeps the deal, a war question is no war, an offer is passed, a joker takes
        its first identity."""
        return engine.timeout_action(state, seat)

    def time_out_together(self, state: GameState, seats: Sequence[int]) -> TimeOutAll:
        """The clock's answer when several seats let one decision's time run out together
        (an optional member the clocks use, outside :class:`~bot.games.base.GameRules`): each
        takes its own time-out, and the game goes on."""
        return TimeOutAll(seats)

    def decision_time(self, state: GameState, time_per_move: float) -> float:
        """The time the decision now pending allows (an optional member the clocks use,
        outside :class:`~bot.games.base.GameRules`): a war's join offers and tosses wait for
        everyone at once, so they get a short time, a tenth of a move's and at most an hour
        (at least a minute); every other decision the whole time per move."""
        if state.pending.ctx in (Ctx.JOIN, Ctx.TOSS):
            return max(60.0, min(3600.0, time_per_move / 10))
        return time_per_move

    def abandon(self, state: GameState) -> Abandon:
        return Abandon()

    def dumps(self, state: GameState) -> str:
        return json.dumps(engine.state_to_json(state), separators=(",", ":"))

    def loads(self, text: str) -> GameState:
        return engine.state_from_json(json.loads(text))

    def record(self, state: GameState, players: Sequence[str]) -> dict[str, Any]:
        return engine.to_record(state, list(players))

    def action_text(self, action: Any) -> str:
        return button_text(action)

    def parse_action(self, seat: int, text: str) -> SeatAction:
        try:
            return parse_button(seat, text)
        except ValueError as error:
            raise IllegalMove("{text} is not a Vriddiot move", text=text) from error

    def points(self, state: GameState) -> tuple[int, ...]:
        """No points: each player's standing once the game is over (the number of players
        placed below them), zero before."""
        found = state.outcome
        if found is None or not found.finish:
            return (0,) * state.seats
        standing = [0] * state.seats
        for place, seat in enumerate(found.finish):
            standing[seat] = state.seats - 1 - place
        return tuple(standing)

    def rounds(self, state: GameState) -> int:
        return 1 if state.outcome is not None else 0

    def seat_stats(self, state: GameState, seat: int) -> dict[str, int]:
        stats = dict.fromkeys(STAT_RULES, 0)
        found = state.outcome
        if found is not None and found.termination is not Termination.ABANDONED:
            stats["firsts"] = int(bool(found.finish) and found.finish[0] == seat)
            stats["idiots"] = int(found.idiot == seat)
        for event in _events_by_seat(state):
            if isinstance(event, PickedUp) and event.seat == seat:
                stats["picked_up"] += len(event.cards)
            elif isinstance(event, Burnt) and event.seat == seat:
                stats["burns"] += 1
            elif isinstance(event, WarDeclared) and event.declarer == seat:
                stats["wars"] += 1
        stats["most_picked_up"] = stats["picked_up"]
        return stats

    def hidden_cards(self, state: GameState, seat: int | None) -> frozenset[str]:
        """The texts of the cards ``seat`` (None: everyone) may not see now, read from the
        state itself: the stock, every face-down card (the owner's too), the other players'
        hands, the cards forfeited players took away and, during the arrangement, the others'
        choices. A text names a face, not a card: the faces shown anywhere (the pile, the burnt
        pile, the graveyard, face-up cards, the viewer's hand, a turned joker, the faces a joker
        is or may be declared as, and the cards each hand was seen to pick up) are left out.
        Optional, outside :class:`~bot.games.base.GameRules`: the conformance suite holds every
        view to it."""
        hidden: list[Card] = [*state.stock]
        for s in range(state.seats):
            hidden += [c for c in state.down[s] if c is not None]
            hidden += state.gone[s]
            if s != seat:
                hidden += state.hands[s]
        shown: set[str] = {c.text for layer in state.pile for c in layer.cards}
        shown |= {layer.joker.face.text for layer in state.pile if layer.joker is not None}
        shown |= {c.text for c in (*state.burnt, *state.grave)}
        for s in range(state.seats):
            shown |= {c.text for c in state.up[s]}
            # What every player saw a hand pick up (and not play since) is public knowledge.
            shown |= {c.text for c in (state.known[s] if state.known else ())}
        if seat is not None:
            shown |= {c.text for c in state.hands[seat]}
            for action in engine.legal_actions(state, seat):
                ident = getattr(action, "joker", None) or getattr(action, "ident", None)
                if ident is not None:
                    shown.add(ident.face.text)
        if state.revealed is not None:
            shown.add(state.revealed.text)
        return frozenset(c.text for c in hidden) - shown

    def redeal_hidden(self, state: GameState, rng: random.Random) -> GameState:
        """The same game with the cards nobody sees dealt otherwise among their places: the
        stock, the hands and the face-down cards (each place keeps its count; a turned position
        stays empty). Optional, outside :class:`~bot.games.base.GameRules`: the conformance
        suite draws the public table of both and expects the same picture."""
        down_at = [[i for i, c in enumerate(row) if c is not None] for row in state.down]
        hidden = [*state.stock]
        hidden += [c for row in state.hands for c in row]
        hidden += [c for row in state.down for c in row if c is not None]
        rng.shuffle(hidden)
        cards = iter(hidden)
        stock = tuple(next(cards) for _ in state.stock)
        hands = tuple(
            tuple(sorted((next(cards) for _ in row), key=lambda c: c.sortkey))
            for row in state.hands
        )
        downs = []
        for s, row in enumerate(state.down):
            new: list[Card | None] = [None] * len(row)
            for i in down_at[s]:
                new[i] = next(cards)
            downs.append(tuple(new))
        shuffle = list(state.shuffle)
        rng.shuffle(shuffle)
        return replace(state, stock=stock, hands=hands, down=tuple(downs), shuffle=tuple(shuffle))

    def decider(self) -> Callable[[str, TableView, int], SeatAction]:
        from games.vriddiot.ai.players import decide

        return decide


VRIDDIOT = Vriddiot()
GAME = VRIDDIOT
"""Vriddiot behind the platform's contract (:class:`bot.games.GameRules`): ``GAME``."""

__all__ = ["ACTIVE", "GAME", "RANKS", "STAT_RULES", "TimeOutAll", "button_text", "parse_button"]
