"""The end of a game as the platform reads it: a finishing order, its winner derived."""

from __future__ import annotations

from bot.games import Outcome, rules_for, seat_counts


def test_a_winner_is_the_team_alone_in_first_place() -> None:
    ended = Outcome("finished", ((2,), (0, 3), (1,)))
    assert ended.winner == 2
    assert [ended.place_of(t) for t in range(4)] == [2, 3, 1, 2]
    assert Outcome("finished", ((0, 1), (2,))).winner is None  # a tie for first
    stopped = Outcome("abandoned", ())
    assert stopped.winner is None and stopped.place_of(0) is None


def test_a_two_team_result_is_a_win_and_a_loss() -> None:
    assert Outcome.won_by("resigned", 1, 2, seat=0) == Outcome("resigned", ((1,), (0,)), 0)
    assert Outcome.won_by("finished", 0, 3).places == ((0,), (1, 2))
    assert Outcome.won_by("abandoned", None, 2).places == ()


def test_the_registered_games_keep_their_fixed_counts() -> None:
    vidrasso, pidro = rules_for("vidrasso"), rules_for("pidro")
    assert list(seat_counts(vidrasso)) == [2] and vidrasso.teams_for(2) == ((0,), (1,))
    assert list(seat_counts(pidro)) == [4] and pidro.teams_for(4) == ((0, 2), (1, 3))
