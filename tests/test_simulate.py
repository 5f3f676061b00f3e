"""The simulator: reproducible records that replay, and a summary whose figures add up."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from bot.simulate import main
from games.vidrasso.arena.simulate import seating, simulate
from games.vidrasso.rules import POINTS_PER_ROUND, from_record


def run(tmp_path: Path, name: str, *extra: str) -> tuple[Path, str]:
    out = tmp_path / name
    args = ["--games", "6", "--seed", "42", "--players", "random,greedy", "--out", str(out)]
    assert main([*args, *extra]) == 0
    return out, out.read_text(encoding="utf-8")


def test_same_seed_same_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, text = run(tmp_path, "a.jsonl")
    second, _ = run(tmp_path, "b.jsonl")
    assert first.read_bytes() == second.read_bytes()
    assert text.endswith("\n") and len(text.splitlines()) == 6
    _, other = run(tmp_path, "c.jsonl", "--seed", "43")
    assert other != text


def test_records_replay_and_seats_alternate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, text = run(tmp_path, "games.jsonl")
    for game, line in enumerate(text.splitlines()):
        record = json.loads(line)
        names = ["random", "greedy"]
        assert record["players"] == [names[p] for p in seating(game)]
        assert record["target"] == 300
        assert record["result"] == "finished"
        # from_record checks every move and every `legal` list against the engine.
        final = from_record(record)
        assert final.outcome is not None and final.outcome.winner == record["winner"]
        for entry in record["rounds"]:
            assert sum(entry["scores"]) == POINTS_PER_ROUND
            assert all("legal" in play for t in entry["tricks"] for play in t["plays"])
        assert max(record["rounds"][-1]["totals"]) >= 300


def test_summary_figures_add_up() -> None:
    summary = simulate(["greedy", "random"], games=8, seed=3, target=300)
    assert summary.players == ("greedy", "random")
    assert summary.games == 8
    assert sum(summary.wins) == 8
    assert sum(summary.points) == POINTS_PER_ROUND * summary.rounds
    assert summary.rounds >= 2 * 8  # 300 points take at least two rounds of 180
    assert summary.points_per_round(0) + summary.points_per_round(1) == pytest.approx(180)


def test_printed_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(tmp_path, "games.jsonl", "--target", "500")
    printed = capsys.readouterr().out
    assert re.search(r"^games\s+6 to 500 points; seats alternate", printed, re.M)
    wins = re.search(r"^wins\s+random (\d+) \([\d.]+%\), greedy (\d+) \([\d.]+%\)$", printed, re.M)
    assert wins is not None and int(wins[1]) + int(wins[2]) == 6
    points = re.search(r"^points\s+per round: random ([\d.]+), greedy ([\d.]+)$", printed, re.M)
    assert points is not None
    assert float(points[1]) + float(points[2]) == pytest.approx(180, abs=0.11)
    assert re.search(r"^rounds\s+\d+ ", printed, re.M)
    assert re.search(r"^speed\s+[\d.]+ rounds/s", printed, re.M)
    assert f"records   {out}" in printed


def test_without_out_no_file_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["--games", "2", "--players", "greedy,greedy"]) == 0
    assert list(tmp_path.iterdir()) == []
    printed = capsys.readouterr().out
    assert "greedy (1)" in printed and "greedy (2)" in printed
    assert "not written" in printed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "random,grandmaster"], "unknown player 'grandmaster'; known players: "),
        (["--players", "random"], "is not two players"),
        (["--target", "0"], "0 is not positive"),
        (["--games", "many"], "'many' is not a whole number"),
    ],
)
def test_bad_arguments_are_refused(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


GOLDEN = {
    ("random,random", 1, 8): "09e35d7135b3dcb00d552d1b8e444e0a5acbabdb34d4aec599cbc9459964545c",
    ("random,greedy", 2, 6): "a3031fe1df9b774f38e3e76a75760a87da10c5742716e979228230f7762e06d6",
    ("greedy,easy", 3, 4): "24dec94811de83475d5f5c36a3c8d9c5d551e4b47408036e7addd7bd8cc0266d",
}
"""SHA-256 of the records ``python -m bot.simulate`` wrote for these players, seed and games
at commit 025b752, before the engine was made fast: the rules and the records stay the same."""


@pytest.mark.parametrize(("players", "seed", "games"), sorted(GOLDEN))
def test_records_are_byte_identical_to_the_golden_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], players: str, seed: int, games: int
) -> None:
    out = tmp_path / "games.jsonl"
    args = ["--games", str(games), "--seed", str(seed), "--players", players, "--out", str(out)]
    assert main(args) == 0
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    assert digest == GOLDEN[(players, seed, games)], (
        "the records differ from those of commit 025b752; compare them with "
        "`python -m bot.simulate " + " ".join(args[:-2]) + " --out FILE` run there"
    )
