"""The game state as JSON (schema ``vriddiot-state/1``), for storage.

A state is its deal and the actions applied since, so storage holds exactly that: the seats,
deck, dealer, the shuffle, and every action as its text (the chance step's return order, the
forfeits and an abandonment included). Loading replays them, so every derived value is derived,
never trusted; the stored ``moves``, ``plays``, ``to_act`` and result are checked against the
replay.
"""

from __future__ import annotations

from typing import Any

from games.vriddiot.rules.cards import texts
from games.vriddiot.rules.errors import IllegalAction, InvalidRecord
from games.vriddiot.rules.game import GameState, apply_secretly, start_game
from games.vriddiot.rules.notation import log_action
from games.vriddiot.rules.record import _shuffle

STATE_SCHEMA = "vriddiot-state/1"


def state_to_json(state: GameState) -> dict[str, Any]:
    outcome = state.outcome
    return {
        "schema": STATE_SCHEMA,
        "seats": state.seats,
        "deck": "double" if state.double else "single",
        "dealer": state.dealer,
        "shuffle": texts(state.shuffle),
        "actions": list(state.actions),
        "moves": state.moves,
        "plays": state.plays,
        "to_act": list(state.to_act),
        "result": None if outcome is None else outcome.result,
    }


def state_from_json(data: dict[str, Any]) -> GameState:
    if data.get("schema") != STATE_SCHEMA:
        raise InvalidRecord(f"not a {STATE_SCHEMA} state")
    try:
        double = data["deck"] == "double"
        shuffle = _shuffle({"shuffle": data["shuffle"]}, double)
        state = start_game(int(data["seats"]), int(data["dealer"]), shuffle, double)
        for text in data["actions"]:
            state = apply_secretly(state, log_action(text), [])
    except IllegalAction as error:
        raise InvalidRecord(f"the stored state makes an illegal move: {error}") from error
    except InvalidRecord:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise InvalidRecord(f"the state cannot be read: {error!r}") from error
    result = None if state.outcome is None else state.outcome.result
    derived = {
        "moves": state.moves,
        "plays": state.plays,
        "to_act": list(state.to_act),
        "result": result,
    }
    for key, value in derived.items():
        if data.get(key, value) != value:
            raise InvalidRecord(f"the stored {key} {data[key]} disagrees with the replay ({value})")
    return state
