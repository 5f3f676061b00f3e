"""The one match loop (:mod:`bot.arena.match`) and the bench's duplicate game
(:mod:`bot.arena.bench`), for every registered game."""

from __future__ import annotations

import itertools
import random
import re
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from bot.arena.bench import Bench, bench_game
from bot.arena.match import IllegalDecision, play_game, play_out, seated
from bot.games import GAMES, GameRules

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=tuple(GAMES))
def rules(request: pytest.FixtureRequest) -> GameRules:
    return GAMES[request.param]


class Computer:
    """A game's easiest computer level as an arena player."""

    def __init__(self, rules: GameRules) -> None:
        self.name = rules.levels[0]
        self.decide_at = rules.decider()

    def decide(self, view: Any, rng: random.Random) -> Any:
        return self.decide_at(self.name, view, rng.randrange(2**31))


class Cheat(Computer):
    """Stops the game whenever it is asked: never a legal action."""

    def __init__(self, rules: GameRules) -> None:
        super().__init__(rules)
        self.name = "cheat"
        self.rules = rules

    def decide(self, view: Any, rng: random.Random) -> Any:
        return self.rules.abandon(None)


def test_a_whole_game_between_computer_players_ends(rules: GameRules) -> None:
    players = [Computer(rules) for _ in range(rules.seat_range[0])]
    rngs = [random.Random(f"seat {s}") for s in range(rules.seat_range[0])]
    end = play_game(rules, players, random.Random(3), rngs, rules.targets[0])
    outcome = rules.outcome(end)
    assert outcome is not None and outcome.ending == "finished" and outcome.winner is not None
    assert max(rules.points(end)) >= rules.targets[0]


def test_every_state_is_seen_once_and_each_action_is_one_version(rules: GameRules) -> None:
    players = [Computer(rules) for _ in range(rules.seat_range[0])]
    rngs = [random.Random(s) for s in range(rules.seat_range[0])]
    rng = random.Random(5)
    states = list(
        play_out(
            rules,
            rules.new_game(rng, rules.targets[0], rules.seat_range[0]),
            rng,
            seated(rules, players, rngs),
        )
    )
    assert rules.outcome(states[-1]) is not None
    assert all(rules.outcome(s) is None for s in states[:-1])
    versions = [rules.version(s) for s in states]
    assert all(b - a in (0, 1) for a, b in itertools.pairwise(versions))
    assert versions[-1] - versions[0] == sum(b > a for a, b in itertools.pairwise(versions))


def test_a_player_choosing_an_illegal_action_is_stopped(rules: GameRules) -> None:
    players = [Cheat(rules) for _ in range(rules.seat_range[0])]
    rngs = [random.Random(s) for s in range(rules.seat_range[0])]
    with pytest.raises(IllegalDecision, match=r"player 'cheat' in seat \d chose"):
        play_game(rules, players, random.Random(1), rngs, rules.targets[0])


def test_seated_players_need_one_per_seat(rules: GameRules) -> None:
    with pytest.raises(ValueError, match="players"):
        seated(rules, [Computer(rules)], [random.Random()])


def test_the_bench_plays_the_games_of_a_deal_of_every_game(rules: GameRules) -> None:
    bench: Bench = import_module(f"games.{rules.kind}.arena").BENCH
    level = rules.levels[0]
    games = [
        bench_game(rules, bench, (level, level), 0, turn, rules.targets[0])
        for turn in bench.turns()
    ]
    for game in games:
        assert game["rounds"] > 0 and game["times"]["A"] and game["times"]["B"]
        assert len(game["cpu"]["A"]) == len(game["times"]["A"])
    assert isinstance(games[0]["won"], bool)
    # the same deals either way: the same figures for the same player in the same seats
    again = bench_game(rules, bench, (level, level), 0, 0, rules.targets[0])
    if bench.table:
        assert len(games) == bench.table
        for game in games:
            places = sorted([game["place"], *game["others"]])
            assert places == list(range(1, bench.table + 1))
        assert again["place"] == games[0]["place"] and again["others"] == games[0]["others"]
    else:
        assert again["margin"] == games[0]["margin"]
    assert again["rounds"] == games[0]["rounds"]


def test_the_bench_and_the_match_loop_name_no_game() -> None:
    sources = [ROOT / "bench" / "ai.py", *(ROOT / "bot" / "arena").glob("*.py")]
    for path in sources:
        text = path.read_text(encoding="utf-8").lower()
        for kind in GAMES:
            assert not re.search(rf"\b{kind}\b", text), f"{path.name} names {kind}"
