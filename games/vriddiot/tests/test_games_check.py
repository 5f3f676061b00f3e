"""Issue 27's done checks over whole games (``games_check``): a few games of each kind and
table here, a larger sample in the slow suite. The thousand games of each kind and table take
hours on 2 cores, longer than CI may run: ``python -m games.vriddiot.check`` plays them and
prints the counts (docs/ai.md, "Checking whole games")."""

from __future__ import annotations

import pytest

from games.vriddiot import check
from games.vriddiot.tests.games_check import TABLES, Counts, run, seated


def _clean(counts: Counts, capped_allowed: bool) -> None:
    assert not counts.problems, "\n".join(counts.problems[:10])
    assert counts.agreed == counts.games
    assert counts.identical == counts.repeated > 0
    assert counts.decisions > 0
    if not capped_allowed:
        assert counts.capped == 0


@pytest.mark.parametrize(("players", "double"), TABLES)
def test_random_games_replay_agree_and_repeat(players: int, double: bool) -> None:
    _clean(run("random", players, double, 3, seed=7), capped_allowed=True)


@pytest.mark.parametrize(("players", "double"), [(3, False), (6, True)])
def test_mixed_level_games_replay_agree_repeat_and_finish(players: int, double: bool) -> None:
    _clean(run("mixed", players, double, 1, seed=7), capped_allowed=False)


def test_mixed_tables_seat_both_levels_everywhere() -> None:
    assert seated("mixed", 3, 0) == ("medium", "easy", "medium")
    assert seated("mixed", 3, 1) == ("easy", "medium", "easy")
    assert seated("random", 4, 5) == ("random",) * 4
    with pytest.raises(ValueError):
        seated("hard", 3, 0)


def test_the_command_prints_the_counts_of_each_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert check.main(["--games", "1", "--kinds", "random", "--tables", "3", "--seed", "7"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith("random 3 players, single deck") and "agreed     1" in line


SAMPLE = {"random": 40, "mixed": 12}
"""Games of each kind at each table in the slow suite: about ten minutes on 2 cores in all."""


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["random", "mixed"])
@pytest.mark.parametrize(("players", "double"), TABLES)
def test_a_sample_of_games_of_each_kind_replay_agree_and_repeat(
    kind: str, players: int, double: bool
) -> None:
    """Issue 27's done check on a sample; random games may be capped (counted), computer
    levels never."""
    _clean(
        run(kind, players, double, SAMPLE[kind], repeat_every=4), capped_allowed=kind == "random"
    )
