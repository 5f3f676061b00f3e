"""bench/floor.py measures the least an immutable play step costs: it must do the engine's
work, or its figure says nothing. The same choices give the same legal actions, the same
events and the same round."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from games.vidrasso.rules import GameEnded, Phase, apply, deal_next, legal_actions
from games.vidrasso.rules.game import PLAYS

FLOOR = Path(__file__).resolve().parents[4] / "bench" / "floor.py"


def load_floor() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_floor", FLOOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_floor", module)
    spec.loader.exec_module(module)
    return module


def test_the_floor_plays_every_round_of_a_game_as_the_engine_does() -> None:
    floor = load_floor()
    ends = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = floor.ready(rng)
        while not state.is_over:  # every round to the game's end, which the floor reports too
            if state.phase is Phase.DEAL:
                state, _ = deal_next(state, rng)
                continue
            if state.phase is not Phase.PLAY:
                state, _ = apply(state, rng.choice(legal_actions(state, state.to_act[0])))
                continue
            flat = floor.flattened(state)
            while state.phase is Phase.PLAY:
                seat = state.to_act[0]
                options = legal_actions(state, seat)
                assert floor.flat_legal_actions(flat, seat) == options
                assert floor.flat_legal_actions(flat, 1 - seat) == []
                action = rng.choice(options)
                state, events = apply(state, action)
                flat, flat_events = floor.flat_apply(flat, action)
                assert flat_events == events
                if state.phase is Phase.PLAY:
                    assert flat == floor.flattened(state)
            rnd = state.cores[-1]
            assert flat[floor.SEAT] == -1 and flat[1] == state.totals
            assert flat[4:8] == (rnd.hands, rnd.tops, rnd.downs, rnd.turned)
            assert flat[11:15] == (rnd.plays, rnd.legals, rnd.tricks, rnd.captured)
            ends += any(isinstance(e, GameEnded) for e in flat_events)
    assert ends == 12


def test_the_floor_refuses_a_card_outside_the_legal_set() -> None:
    floor = load_floor()
    state = floor.ready(random.Random(1))
    seat = state.to_act[0]
    rnd = state.cores[-1]
    held = [i for i in range(36) if (rnd.hands[seat] | rnd.tops[seat]) >> i & 1]
    outside = [i for i in range(36) if not rnd.legal >> i & 1]
    flat = floor.flattened(state)
    with pytest.raises(ValueError):
        floor.flat_apply(flat, PLAYS[1 - seat][held[0]])  # not the seat to play
    with pytest.raises(ValueError):
        floor.flat_apply(flat, PLAYS[seat][outside[0]])  # not a legal card
