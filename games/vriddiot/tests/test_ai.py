"""Vriddiot's computer players, agent protocol and simulator."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from games.vriddiot.ai import protocol
from games.vriddiot.ai.agent import LEVELS, PROTOCOL, answerer
from games.vriddiot.ai.easy import LONG_GAME, MEDIUM, arranged, choose, unstick
from games.vriddiot.ai.players import PLAYERS, decide
from games.vriddiot.ai.search import Budget, SearchPlayer
from games.vriddiot.ai.worlds import sample_world
from games.vriddiot.arena import main, simulate
from games.vriddiot.rules import (
    Blind,
    Ctx,
    GameState,
    Play,
    apply,
    legal_actions,
    new_game,
    replay,
    settle,
    view,
)
from games.vriddiot.tests.helpers import random_states

SMALL = Budget(
    worlds=2, candidates=2, depth=20, arrange_candidates=3, arrange_worlds=2, arrange_depth=60
)
"""Medium's search made small enough for the unit tests (the decisions stay medium's)."""


def _decide(level: str, state: GameState, seat: int, seed: int):  # type: ignore[no-untyped-def]
    seen = view(state, seat)
    if level == "medium":
        return SearchPlayer(SMALL).decide(seen, random.Random(seed))
    return decide(level, seen, seed)


@pytest.mark.parametrize("seats", [3, 5, 8])
@pytest.mark.parametrize("level", sorted(PLAYERS))
def test_every_level_decides_legally(level: str, seats: int) -> None:
    """Seeded random games (the other seats random); the level plays seat 0 and every decision
    it makes is one of its view's actions, in every kind of decision it meets."""
    rng = random.Random(f"{level}/{seats}")
    kinds: set[Ctx] = set()
    for game in range(2 if level == "medium" else 4):
        state = new_game(rng, seats, seats > 5)
        while state.outcome is None and state.plays < 400:
            if state.ctx is Ctx.RETURN:
                state, _ = settle(state, rng)
                continue
            seat = state.to_act[0]
            if seat % 2 == 0:
                action = _decide(level, state, seat, game * 1000 + state.moves)
                assert action in legal_actions(state, seat)
                kinds.add(state.ctx)
            else:
                action = rng.choice(legal_actions(state, seat))
            state, _ = apply(state, action)
    assert {Ctx.ARRANGE, Ctx.TURN} <= kinds


@pytest.mark.parametrize("seats", [3, 5, 8])
def test_easy_answers_every_decision_kind(seats: int) -> None:
    """Easy against random players, every seat: all decision kinds met are answered legally."""
    kinds: set[Ctx] = set()
    rng = random.Random(seats)
    for _ in range(6):
        state = new_game(rng, seats, seats > 5)
        while state.outcome is None:
            if state.ctx is Ctx.RETURN:
                state, _ = settle(state, rng)
                continue
            seat = state.to_act[0]
            action = decide("easy", view(state, seat), state.moves)
            assert action in legal_actions(state, seat)
            kinds.add(state.ctx)
            state, _ = apply(state, action)
    assert {Ctx.ARRANGE, Ctx.TURN, Ctx.EXTRA, Ctx.MUST_ADD} <= kinds


def test_worlds_agree_with_the_view() -> None:
    """A guessed world offers the seat exactly the actions its view does."""
    rng = random.Random(5)
    state = new_game(rng, 4)
    checked = 0
    while state.outcome is None and checked < 150:
        if state.ctx is Ctx.RETURN:
            state, _ = settle(state, rng)
            continue
        seat = state.to_act[0]
        seen = view(state, seat)
        if state.ctx in (Ctx.TURN, Ctx.EXTRA, Ctx.MUST_ADD, Ctx.WAR_TURN):
            world = sample_world(seen, random.Random(checked))
            assert legal_actions(world, seat) == seen.actions
            assert len(world.stock) == len(state.stock)
            checked += 1
        state, _ = apply(state, decide("easy", seen, 0))


def test_worlds_keep_the_cards_known_in_each_hand() -> None:
    """Every guessed world deals each other hand the cards it was seen to pick up and not
    play since, and keeps every count of the view."""
    known_seen = 0
    for state in random_states(11, 4, False, forfeits=False):
        if state.ctx is not Ctx.TURN or state.outcome is not None:
            continue
        seat = state.to_act[0]
        seen = view(state, seat)
        world = sample_world(seen, random.Random(state.moves))
        for s, p in enumerate(seen.players):
            if s == seat:
                mine = Counter(c.face for c in seen.hand or ())
                assert Counter(c.face for c in world.hands[s]) == mine
                continue
            faces = Counter(c.face for c in world.hands[s])
            assert not Counter(c.face for c in p.known) - faces
            assert len(world.hands[s]) == p.hand_count
            known_seen += len(p.known)
    assert known_seen > 0


def test_decide_is_deterministic() -> None:
    rng = random.Random(9)
    state = new_game(rng, 3)
    while state.ctx is not Ctx.TURN or len(legal_actions(state, state.to_act[0])) < 3:
        if state.ctx is Ctx.RETURN:
            state, _ = settle(state, rng)
            continue
        seat = state.to_act[0]
        state, _ = apply(state, decide("easy", view(state, seat), 0))
    seen = view(state, state.to_act[0])
    player = SearchPlayer(SMALL)
    assert player.decide(seen, random.Random(3)) == player.decide(seen, random.Random(3))


def test_medium_searches_the_arrangement_among_its_habits_best() -> None:
    """The arrangement is one of the habits' best few, the habitual one with a single
    candidate, and the same for the same view and seed."""
    for deal in range(6):
        state = new_game(random.Random(deal), 3 + deal % 3)
        seen = view(state, state.to_act[0])
        best = arranged(seen.actions, MEDIUM)
        assert best[0] == choose(seen.actions, Ctx.ARRANGE, seen.hand or (), (), MEDIUM)
        assert sorted(map(str, best)) == sorted(map(str, seen.actions))
        player = SearchPlayer(SMALL)
        chosen = player.decide(seen, random.Random(deal))
        assert chosen in best[: SMALL.arrange_candidates]
        assert chosen == player.decide(seen, random.Random(deal))
        habit = SearchPlayer(replace(SMALL, arrange_candidates=1))
        assert habit.decide(seen, random.Random(deal)) == best[0]


def test_bigger_tables_search_the_arrangement_in_fewer_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Games at a bigger table are longer: the arrangement's worlds shrink in proportion to
    the table (twelve at three seats), so that the decision costs about the same."""
    worlds_by_table: dict[int, int] = {}

    def spy(self, view, rng, candidates, worlds, depth):  # type: ignore[no-untyped-def]
        worlds_by_table[view.seats] = worlds
        return candidates[0]

    monkeypatch.setattr(SearchPlayer, "search", spy)
    for seats in (3, 5, 8):
        state = new_game(random.Random(seats), seats, seats > 5)
        SearchPlayer().decide(view(state, state.to_act[0]), random.Random(0))
    assert worlds_by_table == {3: 12, 5: 7, 8: 4}


def _messages(seats: int, count: int) -> list[dict[str, object]]:
    rng = random.Random(seats)
    state = new_game(rng, seats, seats > 5)
    out = []
    while state.outcome is None and len(out) < count:
        if state.ctx is Ctx.RETURN:
            state, _ = settle(state, rng)
            continue
        seat = state.to_act[0]
        seen = view(state, seat)
        out.append(protocol.view_to_message(seen, 1000))
        state, _ = apply(state, rng.choice(seen.actions))
    return out


@pytest.mark.parametrize("seats", [3, 8])
def test_messages_round_trip(seats: int) -> None:
    """A decide message rebuilds a view with the same decision, cards and legal actions."""
    for msg in _messages(seats, 120):
        back = protocol.view_from_message(json.loads(json.dumps(msg)))
        assert protocol.view_to_message(back, 1000) == msg
        assert [protocol.action_to_json(a) for a in back.actions] == msg["legal"]


@pytest.mark.parametrize("level", LEVELS)
def test_the_agent_answers_legally(level: str) -> None:
    assert PROTOCOL == protocol.PROTOCOL == "vriddiot-agent/1"
    agent = answerer(level)
    for msg in _messages(4, 6):
        msg["time_ms"] = 50  # medium's search shrinks to the time given
        answer = agent(json.dumps(msg), 7)
        assert answer is not None
        assert answer["action"] in msg["legal"]


def test_the_agent_falls_back_on_an_unreadable_message() -> None:
    msg = _messages(3, 1)[0]
    msg["seats"] = "three"
    answer = answerer("easy")(json.dumps(msg), 1)
    assert answer is not None and answer["action"] == msg["legal"][0]  # type: ignore[index]


def test_simulated_records_replay_and_repeat() -> None:
    names = ("random", "easy", "random", "easy")
    first, second = io.StringIO(), io.StringIO()
    summary = simulate(names, 3, 11, out=first)
    simulate(names, 3, 11, out=second)
    assert first.getvalue() == second.getvalue()
    assert summary.games == 3
    for line in first.getvalue().splitlines():
        record = json.loads(line)
        assert record["format"] == "vriddiot-record/1"
        assert record["players"] == list(names)
        state = replay(record)
        assert state.outcome is not None


def test_simulated_medium_records_replay(capsys: pytest.CaptureFixture[str]) -> None:
    """Medium in the simulator, through ``main``: the records replay and repeat."""
    import games.vriddiot.ai.players as players

    players.PLAYERS["medium"] = lambda: SearchPlayer(SMALL)
    try:
        texts = []
        for _ in range(2):
            buf = io.StringIO()
            simulate(("medium", "easy", "easy"), 1, 4, double=True, out=buf)
            texts.append(buf.getvalue())
    finally:
        players.PLAYERS["medium"] = SearchPlayer
    assert texts[0] == texts[1]
    state = replay(json.loads(texts[0]))
    assert state.outcome is not None and not state.outcome.capped


def test_main_prints_a_summary(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "games.jsonl"
    assert main(["--players", "random,easy,easy", "--games", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "average by player" in printed and "capped    0" in printed
    assert len(out.read_text().splitlines()) == 2


def test_unknown_players_are_refused() -> None:
    with pytest.raises(SystemExit):
        main(["--players", "random,easy,nobody"])
    with pytest.raises(SystemExit):
        main(["--players", "random,easy"])


@pytest.mark.slow
def test_computer_levels_never_hit_the_cap() -> None:
    for seats in (3, 5, 8):
        summary = simulate(("easy",) * seats, 30, seats)
        assert summary.capped == 0
    summary = simulate(("medium", "easy", "easy"), 6, 1, rotate=True)
    assert summary.capped == 0


def test_a_game_going_round_in_circles_is_unstuck() -> None:
    """Under easy's habits alone this deal loops for ever (seats left with only 8s on floors
    above 8 pass the same few cards round); past ``LONG_GAME`` plays easy plays at random
    among its plays and the game ends before the cap."""
    deal = random.Random("exp438")
    state = new_game(deal, 3)
    choices = random.Random(1)
    player = PLAYERS["easy"]()
    while state.outcome is None:
        if state.ctx is Ctx.RETURN:
            state, _ = settle(state, deal)
            continue
        seen = view(state, state.to_act[0])
        state, _ = apply(state, player.decide(seen, choices))
    assert state.plays > LONG_GAME
    assert not state.outcome.capped


def test_unstick_only_acts_in_long_games() -> None:
    rng = random.Random(3)
    state = new_game(rng, 3)
    while state.ctx is not Ctx.TURN:
        state, _ = apply(state, decide("easy", view(state, state.to_act[0]), 0))
    seen = view(state, state.to_act[0])
    assert unstick(seen, rng) is None
    late = replace(seen, plays=LONG_GAME)
    action = unstick(late, rng)
    assert action in seen.actions and isinstance(action, (Play, Blind))
