"""Vriddiot games for tests: positions built by hand, and random games through the public API."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from games.vriddiot.rules import (
    Card,
    Ctx,
    GameState,
    Layer,
    Req,
    War,
    action_text,
    apply,
    legal_actions,
    new_game,
    parse_action,
    settle,
    start_game,
)
from games.vriddiot.rules.cards import ALL_CARDS, SINGLE_DECK
from games.vriddiot.rules.parts import Pending


def card(text: str) -> Card:
    """A card by text; ``7H'`` is the Dobbeldeck's second copy."""
    if text.endswith("'"):
        return ALL_CARDS[54 + Card.parse(text[:-1]).face]
    if text == "X2":
        return ALL_CARDS[53]
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(card(t) for t in text.split())


def table(
    seats: int = 4,
    *,
    hands: dict[int, str] | None = None,
    up: dict[int, str] | None = None,
    down: dict[int, str] | None = None,
    stock: str = "",
    pile: list[tuple[int, str]] | None = None,
    burnt: str = "",
    req: Req | None = None,
    war: War | None = None,
    ctx: Ctx = Ctx.TURN,
    seat: int = 0,
    direction: int = 1,
    dealer: int = 0,
    double: bool = False,
    lapse: str = "",
) -> GameState:
    """A position set up by hand (cards need not add up to a deck: a worked example shows
    only what matters). Unnamed seats hold three hand cards nobody plays here."""
    base = start_game(seats, dealer, SINGLE_DECK if not double else _double(), double)
    hands = hands or {}
    filler = iter(cards("3S 3H 3D 3C 5S 5H 5D 5C 7S 7D 7C QS QC JS JC KS"))
    hand_rows = []
    for s in range(seats):
        if s in hands:
            hand_rows.append(cards(hands[s]))
        else:
            hand_rows.append(tuple(next(filler) for _ in range(3)))
    down_rows = []
    for s in range(seats):
        row = (down or {}).get(s)
        down_rows.append(tuple(card(t) for t in row.split()) if row else (None, None, None))
    layers = []
    for who, text in pile or []:
        if text.startswith("X="):
            from games.vriddiot.rules.notation import parse_ident

            layers.append(Layer(who, (card("X"),), parse_ident(text[2:])))
        else:
            layers.append(Layer(who, cards(text)))
    return replace(
        base,
        stock=cards(stock),
        hands=tuple(hand_rows),
        up=tuple(cards((up or {}).get(s, "")) for s in range(seats)),
        down=tuple(down_rows),
        pile=tuple(layers),
        burnt=cards(burnt),
        req=req or Req(),
        war=war,
        direction=direction,
        pending=Pending(ctx, seat, lapse=lapse),
        starter=0,
    )


def _double() -> tuple[Card, ...]:
    from games.vriddiot.rules.cards import DOUBLE_DECK

    return DOUBLE_DECK


def legal(state: GameState, seat: int) -> set[str]:
    return {action_text(a) for a in legal_actions(state, seat)}


def do(state: GameState, seat: int, text: str) -> GameState:
    """Apply ``text`` for ``seat``, which must be among its legal actions."""
    action = parse_action(seat, text)
    assert action in legal_actions(state, seat), (text, sorted(legal(state, seat)))
    after, _ = apply(state, action)
    return after


def texts_of(row: tuple[Card, ...]) -> list[str]:
    return sorted(c.text for c in row)


# --- Random games -----------------------------------------------------------------------------


def random_states(
    seed: int, seats: int | None = None, double: bool | None = None, forfeits: bool = True
) -> Iterator[GameState]:
    """Every state of a game between random players, the first and the last included; with
    ``forfeits`` some players resign or time out now and then."""
    rng = random.Random(seed)
    n = seats if seats is not None else 3 + seed % 8
    dd = double if double is not None else (n > 5 or seed % 3 == 0)
    state = new_game(rng, n, dd)
    yield state
    from games.vriddiot.rules import Resign, timeout_action

    while state.outcome is None:
        if state.ctx is Ctx.RETURN:
            state, _ = settle(state, rng)
        else:
            seat = rng.choice(state.to_act)
            roll = rng.random()
            if forfeits and roll < 0.002:
                state, _ = apply(state, Resign(rng.choice(state.active)))
            elif forfeits and roll < 0.004:
                state, _ = apply(state, timeout_action(state, seat))
            else:
                state, _ = apply(state, rng.choice(legal_actions(state, seat)))
        yield state
