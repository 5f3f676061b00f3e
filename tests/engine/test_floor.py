"""bench/floor.py measures the least an immutable play step costs: it must do the engine's
work, or its figure says nothing. The same choices give the same legal actions, the same
events and the same round."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

from bot.engine import Phase, apply, legal_actions

FLOOR = Path(__file__).resolve().parents[2] / "bench" / "floor.py"


def load_floor() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_floor", FLOOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_floor", module)
    spec.loader.exec_module(module)
    return module


def test_the_floor_plays_a_round_as_the_engine_does() -> None:
    floor = load_floor()
    for seed in range(40):
        rng = random.Random(seed)
        state = floor.ready(rng)
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
