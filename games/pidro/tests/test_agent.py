"""The agent protocol's Pidro twin, ``pidro-agent/1``: messages built from seat views tell
only what the seat may know and rebuild its view; the agent answers every decide with a legal
move, even to broken messages, the same message the same way; whole games through agent
processes."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.agent import serve
from bot.ai.messages import MessageError
from games.pidro.ai.agent import answer as answer_pidro
from games.pidro.ai.players import decide
from games.pidro.ai.protocol import (
    action_from_json,
    action_to_json,
    view_from_message,
    view_to_message,
)
from games.pidro.rules import GameState, Phase, TableView, apply, deal_next, new_game, view
from games.pidro.rules.cards import cards_in
from games.pidro.rules.notation import parse_action
from games.pidro.tests.helpers import random_states

ROOT = Path(__file__).resolve().parents[3]
PYTHON = sys.executable
SKIPPED = ("moves", "outcome", "kept_by", "finished_hands")
"""What a message does not carry: the state's version and what is over."""


def decision_views(seed: int) -> Iterator[tuple[GameState, TableView]]:
    for state in random_states(seed):
        for seat in state.to_act:
            yield state, view(state, seat)


def test_a_message_rebuilds_the_view_it_was_made_from() -> None:
    phases: set[Phase] = set()
    for seed in range(30):  # a kill with a choice is rare: play until one came up
        if seed >= 2 and Phase.KILL in phases:
            break
        for _, seen in decision_views(seed):
            msg = view_to_message(seen, 2000)
            assert json.loads(json.dumps(msg)) == msg
            rebuilt = view_from_message(msg)
            for name in TableView.__slots__:
                if name not in SKIPPED:
                    assert getattr(rebuilt, name) == getattr(seen, name), name
            assert view_to_message(rebuilt, 2000) == msg
            phases.add(seen.phase)
    assert phases == {Phase.BID, Phase.TRUMP, Phase.KILL, Phase.PLAY}


def test_a_message_tells_only_what_the_seat_may_know_partners_included() -> None:
    for state, seen in decision_views(3):
        assert seen.seat is not None
        text = json.dumps(view_to_message(seen, 2000))
        hand = state.hand
        public = set(seen.visible_cards())
        hidden = set(hand.deal.stock) if hand.trump is None else set(cards_in(hand.buried))
        for other in range(4):
            if other != seen.seat:
                hidden |= set(cards_in(hand.held[other]))
        for card in hidden - public:
            assert f'"{card.text}"' not in text, card


def test_a_decision_depends_only_on_what_the_message_carries() -> None:
    for n, (_, seen) in enumerate(decision_views(4)):
        if n % 7:
            continue
        rebuilt = view_from_message(view_to_message(seen, 2000))
        for level in ("easy", "medium", "hard"):
            assert decide(level, rebuilt, n) == decide(level, seen, n)


def test_answers_are_checked_against_the_legal_options() -> None:
    for _, seen in decision_views(5):
        assert seen.seat is not None
        for choice in seen.actions:
            assert action_from_json(seen, json.loads(json.dumps(action_to_json(choice)))) == choice
        for wrong in ("XX", "play-ZZ", 7, {"bid": 7}, "bid-15", "trump-X"):
            with pytest.raises(MessageError):
                action_from_json(seen, wrong)
        if seen.phase is Phase.PLAY:
            for card in seen.hand or ():
                if card not in seen.legal:
                    with pytest.raises(MessageError, match="not a legal choice"):
                        action_from_json(seen, f"play-{card.text}")


@pytest.mark.parametrize(
    "broken",
    [
        {"phase": "bidding"},
        {"seat": 4},
        {"hand": ["ZZ"]},
        {"discards": [[], []]},
        {"legal": []},
        {"legal": ["trump-H"]},
        {"to_act": []},
        {"contract": None},
    ],
)
def test_malformed_messages_are_refused(broken: dict[str, object]) -> None:
    _, seen = next(v for v in decision_views(6) if v[1].phase is Phase.PLAY)
    msg = {**view_to_message(seen, 2000), **broken}
    with pytest.raises(MessageError):
        view_from_message(msg)


def test_a_card_shown_twice_is_refused() -> None:
    _, seen = next(v for v in decision_views(6) if v[1].phase is Phase.PLAY)
    msg = view_to_message(seen, 2000)
    msg["discards"][0] = [*msg["discards"][0], msg["hand"][0]]
    with pytest.raises(MessageError, match="twice"):
        view_from_message(msg)


# --- The agent --------------------------------------------------------------------------------


def test_the_agent_answers_every_decide_and_skips_what_is_not_one() -> None:
    lines, expected = [], []
    for n, (_, seen) in enumerate(decision_views(7)):
        if n % 5:
            continue
        lines.append(json.dumps(view_to_message(seen, 2000)))
        expected.append([action_to_json(a) for a in seen.actions])
    lines[1:1] = ["not json at all", '{"type": "hello"}', "[1, 2]", ""]
    out = io.StringIO()
    serve("medium", 0, io.StringIO("\n".join(lines) + "\n"), out, "pidro")
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len(expected)
    for reply, allowed in zip(answers, expected, strict=True):
        assert set(reply) == {"action"} and reply["action"] in allowed


def test_a_broken_decide_is_answered_with_its_first_legal_option() -> None:
    _, seen = next(v for v in decision_views(8) if v[1].phase is Phase.PLAY)
    msg = view_to_message(seen, 2000)
    msg["hand"] = ["not a card"]
    assert answer_pidro("medium", json.dumps(msg), 0) == {"action": msg["legal"][0]}


def test_the_same_message_gets_the_same_answer_and_a_short_clock_less_work() -> None:
    for n, (_, seen) in enumerate(decision_views(9)):
        if n % 9:
            continue
        line = json.dumps(view_to_message(seen, 5000))
        assert answer_pidro("medium", line, 1) == answer_pidro("medium", line, 1)
        quick = answer_pidro("medium", json.dumps(view_to_message(seen, 20)), 1)
        assert quick is not None and quick["action"] in [action_to_json(a) for a in seen.actions]


def test_the_agent_process_survives_garbage_and_refuses_a_level_pidro_lacks() -> None:
    _, seen = next(v for v in decision_views(10) if v[1].phase is Phase.PLAY)
    good = json.dumps(view_to_message(seen, 2000))
    proc = subprocess.run(
        [PYTHON, "-m", "bot.agent", "--game", "pidro", "--level", "medium"],
        input="}{ garbage\n" + good + "\n" + '{"type": "decide"}\n' + good + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert proc.returncode == 0
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 2 and answers[0] == answers[1]
    assert answers[0]["action"] in [action_to_json(a) for a in seen.actions]
    assert "agent ERROR" in proc.stderr
    refused = subprocess.run(
        [PYTHON, "-m", "bot.agent", "--game", "pidro", "--level", "expert"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert refused.returncode == 2 and "Pidro's levels are easy, medium, hard" in refused.stderr


def test_a_whole_game_between_agent_processes() -> None:
    """Team 0 is one easy agent process, team 1 one medium: each answers for both its seats
    (a message carries all a seat knows, so one process can serve two)."""
    agents = [
        subprocess.Popen(
            [PYTHON, "-m", "bot.agent", "--game", "pidro", "--level", level],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for level in ("easy", "medium")
    ]
    try:
        rng = random.Random(12)
        state = new_game(rng)
        while state.outcome is None:
            if state.phase is Phase.DEAL:
                state, _ = deal_next(state, rng)
                continue
            seat = state.to_act[0]
            agent = agents[seat % 2]
            assert agent.stdin is not None and agent.stdout is not None
            agent.stdin.write(json.dumps(view_to_message(view(state, seat), 5000)) + "\n")
            agent.stdin.flush()
            reply = json.loads(agent.stdout.readline())
            state, _ = apply(state, parse_action(seat, reply["action"]))  # refuses illegal
        assert state.outcome.winner in (0, 1)
    finally:
        for agent in agents:
            assert agent.stdin is not None
            agent.stdin.close()
            assert agent.wait(timeout=30) == 0
