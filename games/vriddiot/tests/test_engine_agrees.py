"""The engine's random games, replayed by the independent reading: they must agree exactly,
every legal set of every decision and every derived field."""

from __future__ import annotations

from typing import Any

import pytest

from games.vriddiot.rules import to_record
from games.vriddiot.tests.helpers import random_states
from games.vriddiot.tests.independent import check

TABLES = [(3, "single"), (4, "single"), (5, "single"), (6, "double"), (8, "double")]


def engine_record(seed: int, players: int, deck: str, forfeits: bool = False) -> dict[str, Any]:
    """The record of the engine's seeded game between random players."""
    *_, final = random_states(seed, players, deck == "double", forfeits=forfeits)
    return to_record(final)


KNOWN: dict[tuple[int, str, int], str] = {}
"""Disagreements found and not yet settled, by (players, deck, seed), each with what differs:
each must still disagree (the test fails once it is fixed, so the entry is removed). Empty: the
two kinds found in the first thousand-game runs (a tie in war with a warrior who had just gone
out; a war chosen with the play that reaches the move cap) are settled in the engine (docs
rules.md, Decisions 9 and 15) and tested on exact positions in ``test_rules.py``."""


def agree(games: int, players: int, deck: str, forfeits: bool = False) -> None:
    failures = []
    for seed in range(games):
        problems = check(engine_record(seed, players, deck, forfeits))
        if not forfeits and (players, deck, seed) in KNOWN:
            assert problems, f"settled: remove {(players, deck, seed)} from KNOWN"
            continue
        if problems:
            failures.append(
                f"seed {seed}, {players} players, {deck} deck:\n  " + "\n  ".join(problems[:10])
            )
    assert not failures, f"{len(failures)} of {games} games disagree\n" + "\n".join(failures[:5])


@pytest.mark.parametrize(("players", "deck"), TABLES)
def test_engine_games_agree_with_the_independent_rules(players: int, deck: str) -> None:
    agree(20, players, deck)


@pytest.mark.parametrize(("players", "deck"), [(4, "single"), (7, "double")])
def test_engine_games_with_resignations_and_time_outs_agree(players: int, deck: str) -> None:
    agree(8, players, deck, forfeits=True)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "deck"), TABLES)
def test_hundreds_of_engine_games_agree_with_the_independent_rules(players: int, deck: str) -> None:
    """400 games a table: CI must finish within its 90 minutes (the thousand of issue 27's
    done check, and more, are ``python -m games.vriddiot.check``'s, run by hand)."""
    agree(400, players, deck)
