"""``python -m games.pidro.phases``: duplicate hands compared one phase at a time."""

from __future__ import annotations

import pytest

from games.pidro import phases as bench


def test_a_player_against_itself_plays_both_games_alike() -> None:
    for deal in range(4):
        result = bench.duplicate(deal, ("easy", "easy"), base="easy")
        first, second = result["games"]
        assert result["margin"] == 0
        assert first == second


def test_only_the_named_phases_are_the_players_and_the_contract_is_the_bases() -> None:
    for deal in range(4):
        result = bench.duplicate(deal, ("random", "easy"), base="easy", phases=("play",))
        first, second = result["games"]
        assert first["contract"] == second["contract"] and first["trump"] == second["trump"]
        assert sum(first["taken"]) == 14 == sum(second["taken"])
        assert len(result["cpu"]) > 0


def test_an_endgame_is_played_to_the_end_from_late_totals() -> None:
    result = bench.duplicate(0, ("easy", "greedy"), base="easy", endgame=(55, 61))
    assert min(result["totals"]) >= 55 and max(result["totals"]) <= 61
    for game in result["games"]:
        assert isinstance(game["won"], bool)


def test_specs_scale_a_search_budget_and_refuse_what_has_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    player = bench.player_of("hard*0.5")
    assert player.budget.play_worlds == 64
    with pytest.raises(SystemExit):
        bench.player_of("easy*0.5")
    assert bench.main(["--a", "easy", "--b", "greedy", "--base", "easy", "--deals", "2"]) == 0
    assert "2 deals" in capsys.readouterr().out


def test_replays_play_one_contract_again_with_other_seeds() -> None:
    base = "medium*0.1"  # a search base: its play depends on its seeds
    once = bench.duplicate(3, ("greedy", "easy"), base=base, phases=("bid", "trump", "kill"))
    thrice = bench.duplicate(
        3, ("greedy", "easy"), base=base, phases=("bid", "trump", "kill"), replays=3
    )
    for one, three in zip(once["games"], thrice["games"], strict=True):
        assert one["contract"] == three["contract"]
        assert three["taken"][0] == one["taken"]  # the first play is the single run's
        assert len(three["taken"]) == 3
    with pytest.raises(ValueError, match="replays"):
        bench.duplicate(0, ("easy", "easy"), base="easy", phases=("play",), replays=2)
