"""States stored before the compact form (``vidrasso-state/1``) still load and play on.

``data/states-v1.json`` was written by the engine as it was before states became compact: a
game at several points (between rounds, mid trump choice, mid gifts, mid trick in round 3, over),
each with the record that engine exported from it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from random_games import random_decisions

from games.vidrasso.rules import (
    GameState,
    from_record,
    new_game,
    state_from_json,
    state_to_json,
    to_record,
    view,
)
from games.vidrasso.rules.serialize import OLD_SCHEMA, SCHEMA_2, SCHEMA_3, STATE_SCHEMA

SAVED: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "states-v1.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("saved", SAVED, ids=[s["name"] for s in SAVED])
def test_a_state_saved_before_loads_as_it_was(saved: dict[str, Any]) -> None:
    assert saved["state"]["schema"] == OLD_SCHEMA
    state = state_from_json(saved["state"])
    assert to_record(state, ["alice", "bob"]) == saved["record"]
    assert state.moves == saved["state"]["moves"]
    again = json.loads(json.dumps(state_to_json(state)))
    assert again["schema"] == STATE_SCHEMA
    assert state_from_json(again) == state


@pytest.mark.parametrize("saved", SAVED, ids=[s["name"] for s in SAVED])
def test_a_state_saved_before_plays_on(saved: dict[str, Any]) -> None:
    state = state_from_json(saved["state"])
    if state.to_act:
        seat = state.to_act[0]
        assert view(state, seat).actions, "the seat to act has a move"
    rng = random.Random(saved["name"])
    final: GameState = list(random_decisions(rng, state))[-1]
    assert final.is_over
    assert from_record(json.loads(json.dumps(to_record(final)))) == final


SAVED_2: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "states-v2.json").read_text(encoding="utf-8")
)
"""States written as ``vidrasso-state/2`` (cards written out) by the engine before
``vidrasso-state/3``, each with the record that engine exported from it."""


@pytest.mark.parametrize("saved", SAVED_2, ids=[s["name"] for s in SAVED_2])
def test_a_state_saved_as_schema_2_loads_as_it_was(saved: dict[str, Any]) -> None:
    assert saved["state"]["schema"] == SCHEMA_2
    state = state_from_json(saved["state"])
    assert to_record(state, ["alice", "bob"]) == saved["record"]
    assert state.moves == saved["state"]["moves"]
    again = json.loads(json.dumps(state_to_json(state)))
    assert again["schema"] == STATE_SCHEMA
    assert state_from_json(again) == state
    if state.to_act:
        seat = state.to_act[0]
        assert view(state, seat).actions, "the seat to act has a move"
    final: GameState = list(random_decisions(random.Random(saved["name"]), state))[-1]
    assert final.is_over


SAVED_3: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "states-v3.json").read_text(encoding="utf-8")
)
"""The same states as ``vidrasso-state/3`` wrote them (each round an object of named fields),
by the engine before ``vidrasso-state/4``, each with the record that engine exported."""


@pytest.mark.parametrize("saved", SAVED_3, ids=[s["name"] for s in SAVED_3])
def test_a_state_saved_as_schema_3_loads_as_it_was(saved: dict[str, Any]) -> None:
    assert saved["state"]["schema"] == SCHEMA_3
    state = state_from_json(saved["state"])
    assert to_record(state, ["alice", "bob"]) == saved["record"]
    assert state.moves == saved["state"]["moves"]
    again = json.loads(json.dumps(state_to_json(state)))
    assert again["schema"] == STATE_SCHEMA
    assert state_from_json(again) == state
    if state.to_act:
        seat = state.to_act[0]
        assert view(state, seat).actions, "the seat to act has a move"
    final: GameState = list(random_decisions(random.Random(saved["name"]), state))[-1]
    assert final.is_over


@pytest.mark.parametrize(
    "broken",
    [
        [],
        [1, 0, 1],
        "1;0;1",
        [1, 0, 1, "AS" * 36, "", "----", [0, 0], [0, 0], [0, 0], "", [], "", 0, [0, 0], None],
        [1, 0, 1, "XX" * 36, "", "----", [0, 0], [0, 0], [0, 0], "", [], "", 0, [0, 0], None],
        [1, 0, 1, None, "", "----", [0, 0], [0, 0], [0, 0], "", [], "", 0, [0, 0], None],
    ],
)
def test_a_broken_round_is_refused(broken: object) -> None:
    data = json.loads(json.dumps(state_to_json(_some_state())))
    data["rounds"][-1] = broken
    with pytest.raises(ValueError, match=r"stored state cannot be read|deal"):
        state_from_json(data)


def _some_state() -> GameState:
    rng = random.Random(4)
    return list(random_decisions(rng, new_game(rng)))[60]
