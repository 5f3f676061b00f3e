"""Properties over random games (3–10 seats, both decks): every card in exactly one zone, the
refill invariant, no view leaks, a legal action for every seat asked, every game ends, exact
legality, no mutation, state JSON round trips, records replay."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.vriddiot.rules import (
    Blind,
    Chance,
    Ctx,
    GameState,
    Join,
    Pass,
    PickUp,
    Play,
    Toss,
    apply,
    is_legal,
    legal_actions,
    new_game,
    replay,
    settle,
    state_from_json,
    state_to_json,
    to_record,
    view,
)
from games.vriddiot.rules.cards import FACES, Card, deck
from games.vriddiot.rules.game import ACTIVE
from games.vriddiot.rules.parts import Joined, PickedUp, Played, Tossed
from games.vriddiot.tests.helpers import random_states

seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=6, deadline=None)


def zones(state: GameState) -> list[int]:
    out = [c.index for c in state.stock] + [c.index for c in state.burnt]
    out += [c.index for c in state.grave] + [c.index for layer in state.pile for c in layer.cards]
    for s in range(state.seats):
        out += [c.index for c in (*state.hands[s], *state.up[s], *state.gone[s])]
        out += [c.index for c in state.down[s] if c is not None]
    if state.revealed is not None:
        out.append(state.revealed.index)
    return out


@SETTINGS
@given(seeds)
def test_every_card_in_exactly_one_zone_and_the_refill_invariant(seed: int) -> None:
    for state in random_states(seed):
        assert sorted(zones(state)) == sorted(c.index for c in deck(state.double))
        half_resolved = state.ctx in (Ctx.WAR_Q, Ctx.JOKER, Ctx.RETURN, Ctx.OVER)
        if state.stock and not half_resolved:
            for s in state.active:
                assert len(state.hands[s]) >= 3, (s, state.ctx)


@SETTINGS
@given(seeds)
def test_every_seat_asked_has_a_legal_action_and_every_game_ends(seed: int) -> None:
    last = None
    for state in random_states(seed):
        for s in state.to_act:
            assert legal_actions(state, s)
            assert state.status[s] == ACTIVE
        for s in range(state.seats):
            if s not in state.to_act:
                assert legal_actions(state, s) == ()
        last = state
    assert last is not None and last.outcome is not None
    outcome = last.outcome
    assert sorted(outcome.finish) == list(range(last.seats))
    assert outcome.idiot is not None and outcome.idiot not in last.forfeits


def _hidden(state: GameState, seat: int | None) -> set[int]:
    """Cards ``seat`` may not see: others' hands, face-down cards, the stock, forfeited cards,
    others' arrangements."""
    out = {c.index for c in state.stock}
    for s in range(state.seats):
        out |= {c.index for c in state.down[s] if c is not None}
        out |= {c.index for c in state.gone[s]}
        if s != seat:
            out |= {c.index for c in state.hands[s]}
    return out


@SETTINGS
@given(seeds)
def test_no_view_leaks_a_hidden_card(seed: int) -> None:
    for i, state in enumerate(random_states(seed)):
        if i % 7 and state.ctx is not Ctx.ARRANGE:
            continue
        for seat in (None, *range(state.seats)):
            seen = view(state, seat)
            shown = {c.index for c in seen.visible_cards()}
            if seat is not None:
                shown -= {c.index for c in state.hands[seat]}
            assert not shown & _hidden(state, seat)
            if state.ctx is Ctx.ARRANGE:
                for s in range(state.seats):
                    if s != seat:
                        assert seen.players[s].up == state.up[s]
            assert seen.actions == (() if seat is None else legal_actions(state, seat))
            text = repr(seen)
            assert "stock=" not in text and "shuffle" not in text


def _others(state: GameState, seat: int, rng: random.Random) -> list[object]:
    out: list[object] = [Chance(seat), PickUp(seat), Pass(seat), Blind(seat, 0), Blind(seat, 2)]
    for _ in range(12):
        face = rng.choice(FACES)
        n = rng.randint(1, 3)
        out.append(Play(seat, rng.choice(("hand", "up")), (face,) * n, None, rng.random() < 0.2))
        out.append(Join(seat, "hand", (face,)))
        out.append(Toss(seat, "up", (face,)))
    return out


@SETTINGS
@given(seeds)
def test_every_legal_action_accepted_a_sample_of_others_refused_and_inputs_untouched(
    seed: int,
) -> None:
    rng = random.Random(seed)
    for i, state in enumerate(random_states(seed)):
        if state.outcome is not None or i % 11:
            continue
        frozen = copy.deepcopy(state)
        for seat in state.to_act:
            legal = legal_actions(state, seat)
            for action in legal:
                after, _ = apply(state, action)
                assert after.moves == state.moves + 1
            for other in _others(state, seat, rng):
                assert is_legal(state, other) == (other in legal), other  # type: ignore[arg-type]
        assert state == frozen


@SETTINGS
@given(seeds)
def test_state_json_round_trips_and_records_replay(seed: int) -> None:
    states = list(random_states(seed))
    final = states[-1]
    record = json.loads(json.dumps(to_record(final)))
    assert replay(record) == final
    for state in states[:: max(1, len(states) // 8)]:
        assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
        assert replay(json.loads(json.dumps(to_record(state)))) == state


def test_same_seed_same_record() -> None:
    first = to_record(list(random_states(7))[-1])
    assert json.dumps(first) == json.dumps(to_record(list(random_states(7))[-1]))
    assert json.dumps(first) != json.dumps(to_record(list(random_states(8))[-1]))


@pytest.mark.slow
def test_thousands_of_random_games_hold_every_invariant() -> None:
    for seed in range(2000):
        last = None
        for state in random_states(seed):
            assert sorted(zones(state)) == sorted(c.index for c in deck(state.double))
            for s in state.to_act:
                assert legal_actions(state, s)
            last = state
        assert last is not None and last.outcome is not None
        if seed % 50 == 0:
            assert replay(json.loads(json.dumps(to_record(last)))) == last


def _public_known(seed: int) -> Iterator[tuple[GameState, list[Counter[int]]]]:
    """A random game without forfeits, and after every action the faces each hand is known to
    hold, derived here from what everybody sees only: the pick-ups' cards, and the plays, joins
    and tosses named as from the hand (one card of a face leaving takes one of that face)."""
    rng = random.Random(seed)
    n = 3 + seed % 8
    state = new_game(rng, n, n > 5 or seed % 3 == 0)
    known: list[Counter[int]] = [Counter() for _ in range(n)]
    sources: dict[int, str] = {}
    yield state, known
    while state.outcome is None:
        if state.ctx is Ctx.RETURN:
            state, events = settle(state, rng)
            action = None
        else:
            action = rng.choice(legal_actions(state, rng.choice(state.to_act)))
            state, events = apply(state, action)
        if isinstance(action, Join | Toss):
            sources[action.seat] = action.source
        for e in events:
            left: tuple[Card, ...] = ()
            if isinstance(e, PickedUp):
                known[e.seat].update(c.face for c in e.cards)
            elif isinstance(e, Played) and isinstance(action, Play) and action.seat == e.seat:
                left = e.layer.cards if action.source == "hand" else ()
            elif isinstance(e, Joined) and sources.get(e.seat) == "hand":
                left = e.layer.cards
            elif isinstance(e, Tossed) and sources.get(e.seat) == "hand":
                left = e.cards
            for c in left:
                if known[e.seat][c.face] > 0:
                    known[e.seat][c.face] -= 1
        if state.ctx not in (Ctx.JOIN, Ctx.TOSS):
            sources.clear()
        yield state, known


@SETTINGS
@given(seeds)
def test_known_cards_are_exactly_those_picked_up_in_public_and_not_played_since(
    seed: int,
) -> None:
    picked = 0
    for state, known in _public_known(seed):
        for seat in (None, *range(state.seats)):
            seen = view(state, seat)
            for s, p in enumerate(seen.players):
                assert Counter(c.face for c in p.known) == +known[s], (s, p.known)
        for s in range(state.seats):
            picked += len(state.known[s])
            # a lower bound of the hand, physical card by physical card
            assert not Counter(c.index for c in state.known[s]) - Counter(
                c.index for c in state.hands[s]
            )
    assert picked > 0


@SETTINGS
@given(seeds)
def test_known_cards_stay_in_the_hand_through_forfeits(seed: int) -> None:
    for state in random_states(seed):
        for s in range(state.seats):
            assert not Counter(c.index for c in state.known[s]) - Counter(
                c.index for c in state.hands[s]
            )
            if s in state.forfeits:
                assert state.known[s] == ()
