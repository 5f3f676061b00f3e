"""The agent protocol: messages built from seat views, the agent process, and the referee
(complete games between agent processes; a late or illegal answer loses)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from random_games import decision_points

from bot.agent import serve
from bot.ai.messages import MessageError
from games.vidrasso.ai.agent import answer
from games.vidrasso.ai.protocol import (
    action_from_json,
    action_to_json,
    view_from_message,
    view_to_message,
)
from games.vidrasso.arena.referee import referee
from games.vidrasso.rules import Card, GameState, Phase, RoundAction, TableView, from_record
from games.vidrasso.rules import view as seat_view

ROOT = Path(__file__).resolve().parents[4]
PYTHON = sys.executable


@pytest.fixture(autouse=True)
def importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Agent processes started by the tests find the ``bot`` package."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def agent_command(level: str) -> str:
    return f"{PYTHON} -m bot.agent --level {level}"


def decision_views(seed: int) -> Iterator[tuple[GameState, TableView]]:
    """Every decision of a greedy-versus-random game, as the deciding seat sees it."""
    for state in decision_points(seed):
        yield state, seat_view(state, state.to_act[0])


# --- Messages ---------------------------------------------------------------------------------

CARRIED = (
    "seat",
    "target",
    "phase",
    "totals",
    "round_number",
    "dealer",
    "first_chooser",
    "bids",
    "trumps",
    "hand",
    "gift_given",
    "tricks",
    "trick",
    "leader",
    "captured",
    "actions",
    "legal",
)


def piles_now(seen: TableView) -> list[list[tuple[Card | None, int]]]:
    return [[(p.up, p.hidden) for p in row] for row in seen.strawmen]


def test_a_message_rebuilds_the_view_it_was_made_from() -> None:
    phases = set()
    for _, seen in decision_views(1):
        msg = view_to_message(seen, 2000)
        assert json.loads(json.dumps(msg)) == msg
        rebuilt = view_from_message(msg)
        for name in CARRIED:
            assert getattr(rebuilt, name) == getattr(seen, name), name
        # The piles as they stand; what they showed earlier is for an agent to remember.
        assert piles_now(rebuilt) == piles_now(seen)
        if seen.phase is not Phase.GIFT:
            # During the gifts a message does not say whether the opponent has given yet.
            assert rebuilt.hand_sizes == seen.hand_sizes
            assert rebuilt.gifts_in == seen.gifts_in
            assert rebuilt.to_act == seen.to_act
        assert view_to_message(rebuilt, 2000) == msg
        phases.add(seen.phase)
    assert phases == {Phase.TRUMP, Phase.GIFT, Phase.PLAY}


def test_a_message_tells_only_what_the_seat_may_know() -> None:
    for state, seen in decision_views(2):
        assert seen.seat is not None
        text = json.dumps(view_to_message(seen, 2000))
        rnd = state.round
        hidden = [p.down for row in rnd.strawmen for p in row if p.down is not None]
        hidden += list(rnd.hands[1 - seen.seat])
        gift = rnd.gifts[1 - seen.seat]
        if gift is not None:
            hidden.append(gift)
        for c in hidden:
            assert f'"{c.text}"' not in text, c


def test_answers_are_checked_against_the_legal_options() -> None:
    for _, seen in decision_views(3):
        for choice in seen.actions:
            assert action_from_json(seen, json.loads(json.dumps(action_to_json(choice)))) == choice
        with pytest.raises(MessageError):
            action_from_json(seen, "XX")
        with pytest.raises(MessageError):
            action_from_json(seen, {"kind": "colour", "value": "H"})
        if seen.phase is Phase.PLAY:
            illegal = [c for c in seen.available if c not in seen.legal]
            for c in illegal:
                with pytest.raises(MessageError, match="not a legal choice"):
                    action_from_json(seen, c.text)


@pytest.mark.parametrize(
    "broken",
    [
        {"phase": "bidding"},
        {"seat": 2},
        {"hand": ["ZZ"]},
        {"strawmen": [[], []]},
        {"trumps": {"suit": "S", "rank": "7"}},
    ],
)
def test_malformed_messages_are_refused(broken: dict[str, object]) -> None:
    _, seen = next(decision_views(4))
    msg = {**view_to_message(seen, 2000), **broken}
    with pytest.raises(MessageError):
        view_from_message(msg)


# --- The agent --------------------------------------------------------------------------------


def test_the_agent_answers_every_decide_and_skips_what_is_not_one() -> None:
    lines = []
    expected = []
    for n, (_, seen) in enumerate(decision_views(5)):
        if n % 9:
            continue
        msg = view_to_message(seen, 2000)
        lines.append(json.dumps(msg))
        expected.append(seen.actions)
    lines[1:1] = ["not json at all", '{"type": "hello"}', "[1, 2]", ""]
    out = io.StringIO()
    serve("easy", 0, io.StringIO("\n".join(lines) + "\n"), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len(expected)
    for reply, allowed in zip(answers, expected, strict=True):
        assert set(reply) == {"action"}
        assert reply["action"] in [action_to_json(c) for c in allowed]


def test_a_broken_decide_is_answered_with_its_first_legal_option() -> None:
    _, seen = next(v for v in decision_views(6) if v[1].phase is Phase.PLAY)
    msg = view_to_message(seen, 2000)
    msg["hand"] = ["not a card"]
    assert answer("medium", json.dumps(msg), 0) == {"action": msg["legal"][0]}


def test_the_same_message_gets_the_same_answer() -> None:
    for n, (_, seen) in enumerate(decision_views(7)):
        if n % 11:
            continue
        line = json.dumps(view_to_message(seen, 5000))
        assert answer("medium", line, 1) == answer("medium", line, 1)


def test_the_agent_remembers_what_the_strawmen_showed_earlier_in_the_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A message shows the piles as they stand; the agent's views also name each pile's dealt
    and turned card, recalled from the round's earlier messages, as the engine's views do."""
    decided: list[TableView] = []

    def record(level: str, view: TableView, seed: int, seconds: float | None = None) -> RoundAction:
        decided.append(view)
        return view.actions[0]

    monkeypatch.setattr("games.vidrasso.ai.agent.decide", record)
    views = [seat_view(state, 0) for state in decision_points(9, 0)]
    lines = [json.dumps(view_to_message(v, 2000)) for v in views]
    serve("hard", 0, io.StringIO("\n".join(lines) + "\n"), io.StringIO())
    assert len(decided) == len(views)
    assert [v.strawmen for v in decided] == [v.strawmen for v in views]


def test_the_agent_process_survives_garbage_and_exits_at_the_end() -> None:
    _, seen = next(v for v in decision_views(8) if v[1].phase is Phase.PLAY)
    good = json.dumps(view_to_message(seen, 2000))
    proc = subprocess.run(
        [PYTHON, "-m", "bot.agent", "--level", "medium"],
        input="}{ garbage\n" + good + "\n" + '{"type": "decide"}\n' + good + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert proc.returncode == 0
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 2 and answers[0] == answers[1]
    assert Card.parse(answers[0]["action"]) in seen.legal
    assert "garbage" not in proc.stdout and "agent ERROR" in proc.stderr


# --- The referee ------------------------------------------------------------------------------


def test_the_referee_plays_complete_games_between_agent_processes(tmp_path: Path) -> None:
    out = io.StringIO()
    tally = referee(
        (agent_command("easy"), agent_command("medium")), games=2, seed=1, time_ms=5000, out=out
    )
    assert tally.games == 2 and sum(tally.wins) == 2 and tally.faults == [0, 0]
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["result"] for r in records] == ["finished", "finished"]
    assert records[0]["players"] == list(reversed(records[1]["players"]))
    for record in records:
        assert from_record(record).is_over


SLOW_AGENT = """
import json, sys, time
first = True
for line in sys.stdin:
    msg = json.loads(line)
    if not first:
        time.sleep({delay})
    first = False
    print(json.dumps({{"action": msg["legal"][0]}}), flush=True)
"""

WRONG_AGENT = """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    print(json.dumps({"action": "XX" if msg["phase"] == "play" else msg["legal"][0]}), flush=True)
"""


def script(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return f"{PYTHON} {path}"


def test_a_late_answer_loses_the_game(tmp_path: Path) -> None:
    slow = script(tmp_path, "slow.py", SLOW_AGENT.format(delay=0.5))
    out = io.StringIO()
    tally = referee((slow, agent_command("easy")), games=2, seed=2, time_ms=100, out=out)
    assert tally.wins == [0, 2] and tally.faults == [2, 0]
    for line in out.getvalue().splitlines():
        record = json.loads(line)
        assert record["result"] == "timeout"
        assert record["players"][record["winner"]] == agent_command("easy")


def test_an_illegal_answer_loses_the_game(tmp_path: Path) -> None:
    wrong = script(tmp_path, "wrong.py", WRONG_AGENT)
    tally = referee((agent_command("easy"), wrong), games=1, seed=3, time_ms=2000)
    assert tally.wins == [1, 0] and tally.faults == [0, 1]
