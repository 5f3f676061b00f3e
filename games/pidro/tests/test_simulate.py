"""The Pidro simulator: reproducible records that replay with every legal set checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.simulate import main
from games.pidro.rules import from_record


def run(tmp_path: Path, name: str, players: str, games: int, seed: int = 42) -> str:
    out = tmp_path / name
    args = ["--game", "pidro", "--games", str(games), "--seed", str(seed)]
    assert main([*args, "--players", players, "--out", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def replays(text: str, players: list[str]) -> None:
    for line in text.splitlines():
        record = json.loads(line)
        assert record["players"] == players and record["result"] == "finished"
        # from_record checks every action and every legal set against the engine
        final = from_record(record)
        assert final.outcome is not None and final.outcome.winner == record["winner_team"]
        for hand in record["hands"]:
            assert sum(hand["points"]) == 14
            plays = [p for t in hand["tricks"] for p in t["plays"]]
            assert all("legal" in p for p in plays) and all("legal" in b for b in hand["bids"])


def test_same_seed_same_file_and_the_records_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = "random,greedy,random,greedy"
    text = run(tmp_path, "a.jsonl", players, 25)
    assert run(tmp_path, "b.jsonl", players, 25) == text
    assert run(tmp_path, "c.jsonl", players, 25, seed=43) != text
    assert len(text.splitlines()) == 25
    replays(text, players.split(","))
    replays(run(tmp_path, "d.jsonl", "greedy,greedy,greedy,greedy", 25), ["greedy"] * 4)
    assert "wins      random+random (seats 0, 2)" in capsys.readouterr().out


def test_vidrasso_is_still_the_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "v.jsonl"
    assert main(["--games", "1", "--players", "random,greedy", "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "vidrasso-record/1"


@pytest.mark.slow
@pytest.mark.parametrize("players", ["random,random,random,random", "greedy,greedy,greedy,greedy"])
def test_a_thousand_games_replay(tmp_path: Path, players: str) -> None:
    replays(run(tmp_path, "many.jsonl", players, 1000, seed=1), players.split(","))


def test_the_bench_counts_each_sides_bids_and_contracts() -> None:
    from bot.arena.bench import duplicate_game
    from games.pidro.arena import BENCH
    from games.pidro.game import PIDRO

    game = duplicate_game(PIDRO, BENCH, ("easy", "greedy"), 3, False, 62)
    a, b = game["tally"]["A"], game["tally"]["B"]
    assert a["contracts"] + b["contracts"] == game["rounds"]  # one contract a hand
    for side in (a, b):
        assert side["made"] + side["holed"] == side["contracts"]
        assert side["14s made"] + side["14s holed"] == side["14s"] <= side["above 9"]
        assert side["jumps"] <= side["bids"] and side["forced 6"] <= side["contracts"]
    assert a["bids"] > 0  # easy bids by value
    shares = dict(BENCH.shares)
    assert set(shares) | set(shares.values()) <= set(a)


def test_the_bench_counts_the_14_hands_dealt_and_bid() -> None:

    from games.pidro.ai.players import decide
    from games.pidro.arena import bid_tally
    from games.pidro.rules import Bid, apply, view
    from games.pidro.tests.test_players import rigged

    # Seat 1 (team 1) holds the Ace, both fives, the two and nine hearts: a 14-hand.
    state, seat = rigged("AH KH QH JH TH 5H 5D 2H 9H")
    assert bid_tally(state, 1)["14-hands"] == 1 and bid_tally(state, 0)["14-hands"] == 0
    assert bid_tally(state, 1)["14-hands bid 14"] == 0
    chosen = decide("easy", view(state, seat), 0)
    assert chosen == Bid(seat, 14)
    state, _ = apply(state, chosen)
    counts = bid_tally(state, 1)
    assert counts["14-hands bid 14"] == 1 and counts["bids"] == 1 and counts["jumps"] == 1
