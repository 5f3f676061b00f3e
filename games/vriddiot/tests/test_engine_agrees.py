"""The engine's random games, replayed by the independent reading: they must agree exactly.

Skipped until ``games.vriddiot.rules`` exists and offers ``new_game``, ``apply``,
``legal_actions``, ``to_record`` and a random game generator. The generator is looked up by
name (``random_game``, ``play_random``, ``random_record``) and called as
``generator(seed=…, players=…, deck="single"|"double")``; it may return a ``vriddiot-record/1``
dict or a finished game state (then ``to_record`` makes the record). If the engine settles on
another name or signature, adapt :func:`engine_record` only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.vriddiot.tests.independent import check

rules = pytest.importorskip("games.vriddiot.rules")

REQUIRED = ("new_game", "apply", "legal_actions", "to_record")
GENERATORS = ("random_game", "play_random", "random_record")
TABLES = [(3, "single"), (4, "single"), (5, "single"), (6, "double"), (8, "double")]


def generator() -> Callable[..., Any]:
    missing = [name for name in REQUIRED if not hasattr(rules, name)]
    if missing:
        pytest.skip(f"games.vriddiot.rules does not offer {missing} yet")
    for name in GENERATORS:
        if hasattr(rules, name):
            found: Callable[..., Any] = getattr(rules, name)
            return found
    pytest.skip(f"games.vriddiot.rules offers no random game generator ({GENERATORS})")


def engine_record(seed: int, players: int, deck: str) -> dict[str, Any]:
    game = generator()(seed=seed, players=players, deck=deck)
    return game if isinstance(game, dict) else rules.to_record(game)


def agree(games: int, players: int, deck: str) -> None:
    failures = []
    for seed in range(games):
        problems = check(engine_record(seed, players, deck))
        if problems:
            failures.append(
                f"seed {seed}, {players} players, {deck} deck:\n  " + "\n  ".join(problems[:10])
            )
    assert not failures, f"{len(failures)} of {games} games disagree\n" + "\n".join(failures[:5])


@pytest.mark.parametrize(("players", "deck"), TABLES)
def test_engine_games_agree_with_the_independent_rules(players: int, deck: str) -> None:
    agree(20, players, deck)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "deck"), TABLES)
def test_a_thousand_engine_games_agree(players: int, deck: str) -> None:
    agree(1000, players, deck)
