"""Rating maths against openskill's own documented results, our 1500 scale, and statistics."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image
from random_games import random_game

from bot.games import rules_for
from bot.ladder import (
    CENTRE,
    INITIAL,
    MODEL,
    PROVISIONAL_GAMES,
    SCALE,
    Rating,
    Result,
    Totals,
    add_stats,
    is_provisional,
    next_streak,
    rate,
    rating_chart,
)
from games.vidrasso.rules import POINTS_PER_ROUND

VIDRASSO = rules_for("vidrasso")

# --- openskill's documented examples (docs/source/manual.rst of openskill.py) -----------------


def test_the_model_reproduces_the_manuals_two_team_example() -> None:
    """The manual rates four new players, team 1 beating team 2, with PlackettLuce()."""
    p1, p2, p3, p4 = (MODEL.rating() for _ in range(4))

    [[a1, a2], [b1, b2]] = MODEL.rate([[p1, p2], [p3, p4]])

    assert (a1.mu, a1.sigma) == pytest.approx((26.964294621803063, 8.177962604389991))
    assert (a2.mu, a2.sigma) == pytest.approx((26.964294621803063, 8.177962604389991))
    assert (b1.mu, b1.sigma) == pytest.approx((23.035705378196937, 8.177962604389991))
    assert (b2.mu, b2.sigma) == pytest.approx((23.035705378196937, 8.177962604389991))
    # "Ranks": the manual's ordinals for the winner and the loser.
    assert a1.ordinal() == pytest.approx(2.4304068086330872)
    assert b1.ordinal() == pytest.approx(-1.4981824349730388)


def test_the_model_has_the_documented_defaults() -> None:
    assert (MODEL.mu, MODEL.sigma, MODEL.beta) == (25.0, 25.0 / 3.0, 25.0 / 6.0)
    assert MODEL.tau == pytest.approx(25.0 / 300.0)
    assert (INITIAL.mu, INITIAL.sigma) == (25.0, 25.0 / 3.0)


def test_the_model_reproduces_the_manuals_win_prediction() -> None:
    """The manual: a new player against (33.564, 1.123) wins with probability 0.2021…"""
    p1, p2 = MODEL.rating(), MODEL.rating(mu=33.564, sigma=1.123)
    assert MODEL.predict_win([[p1], [p2]]) == pytest.approx(
        [0.2021226121041832, 0.7978773878958167]
    )


# --- our wrapper ------------------------------------------------------------------------------


def test_rate_is_the_models_update_with_the_winner_ranked_first() -> None:
    winner, loser = Rating(27.0, 6.0), Rating(24.0, 7.5)

    [[won], [lost]] = rate([[winner], [loser]], [1, 2])

    [[w], [lo]] = MODEL.rate([[MODEL.rating(27.0, 6.0)], [MODEL.rating(24.0, 7.5)]])
    assert (won.mu, won.sigma) == (w.mu, w.sigma)
    assert (lost.mu, lost.sigma) == (lo.mu, lo.sigma)
    # Seated the other way round, with ranks saying who won, the update is the same.
    [[lo2], [w2]] = MODEL.rate([[MODEL.rating(24.0, 7.5)], [MODEL.rating(27.0, 6.0)]], ranks=[2, 1])
    assert (w2.mu, lo2.mu) == pytest.approx((won.mu, lost.mu))
    assert rate([[loser], [winner]], [2, 1]) == [[lost], [won]]


def test_two_new_players_move_symmetrically_and_grow_more_certain() -> None:
    [[won], [lost]] = rate([[INITIAL], [INITIAL]], [1, 2])

    assert won.mu - 25 == pytest.approx(25 - lost.mu)
    assert won.mu > 25 > lost.mu
    assert won.sigma == pytest.approx(lost.sigma)
    assert won.sigma < INITIAL.sigma
    # An upset moves ratings more than the expected result does.
    strong, weak = Rating(30.0, 4.0), Rating(20.0, 4.0)
    expected_gain = rate([[strong], [weak]], [1, 2])[0][0].mu - strong.mu
    upset_gain = rate([[strong], [weak]], [2, 1])[1][0].mu - weak.mu
    assert upset_gain > expected_gain > 0


def test_teams_are_rated_as_the_manual_rates_them() -> None:
    """The manual's two-team example, through our wrapper: partners move together."""
    [[a1, a2], [b1, b2]] = rate([[INITIAL, INITIAL], [INITIAL, INITIAL]], [1, 2])

    assert a1 == a2 and b1 == b2
    assert (a1.mu, a1.sigma) == pytest.approx((26.964294621803063, 8.177962604389991))
    assert (b1.mu, b1.sigma) == pytest.approx((23.035705378196937, 8.177962604389991))
    # Three teams: one winner, and the two others tie for second.
    [[first], [second], [third]] = rate([[INITIAL], [INITIAL], [INITIAL]], [1, 2, 2])
    assert first.mu > 25 > second.mu == third.mu


# --- the 1500 scale ---------------------------------------------------------------------------


def test_the_scale_centres_new_players_on_1500() -> None:
    assert INITIAL.points == CENTRE == 1500
    assert INITIAL.deviation == pytest.approx(SCALE * 25 / 3)
    assert INITIAL.text() == "1500 ± 246"
    assert INITIAL.text(provisional=True) == "1500? ± 246"


def plackett_luce_win(a: Rating, b: Rating) -> float:
    """The model's likelihood that ``a`` beats ``b`` (Weng & Lin, Algorithm 4)."""
    c = math.sqrt(2 * MODEL.beta**2 + a.sigma**2 + b.sigma**2)
    return math.exp(a.mu / c) / (math.exp(a.mu / c) + math.exp(b.mu / c))


def test_rating_gaps_mean_what_they_mean_on_lichess() -> None:
    """Between settled players, a 200-point gap gives the Elo/Glicko expected score, 0.76."""
    assert SCALE * MODEL.beta * math.sqrt(2) == pytest.approx(400 / math.log(10))
    strong, settled = Rating(25 + 200 / SCALE, 0.0), Rating(25, 0.0)
    assert strong.points - settled.points == pytest.approx(200)
    elo = 1 / (1 + 10 ** (-200 / 400))
    assert plackett_luce_win(strong, settled) == pytest.approx(elo, abs=1e-12)


def test_ratings_round_for_display() -> None:
    rating = Rating(25 + 33.6 / SCALE, 120.4 / SCALE)
    assert rating.shown == 1534
    assert rating.text() == "1534 ± 120"


def test_provisional_while_few_games() -> None:
    assert is_provisional(0) and is_provisional(PROVISIONAL_GAMES - 1)
    assert not is_provisional(PROVISIONAL_GAMES)


# --- what a game adds ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_vidrasso_statistics_of_a_whole_game(seed: int) -> None:
    """What the ladder adds up for a Vidrasso seat: completed rounds' scores, and every trump
    named (those named choosing first flagged)."""
    final = random_game(seed)[-1]
    both = (VIDRASSO.seat_stats(final, 0), VIDRASSO.seat_stats(final, 1))
    rounds = [r for r in final.rounds if r.scores is not None]

    assert VIDRASSO.rounds(final) == len(rounds)
    for seat, stats in enumerate(both):
        assert stats["round_points"] == final.totals[seat]
        assert stats["best_round"] == max(r.scores[seat] for r in rounds if r.scores)
        assert stats["rounds_won"] == sum(
            1 for r in rounds if r.scores and 2 * r.scores[seat] > POINTS_PER_ROUND
        )
    assert both[0]["round_points"] + both[1]["round_points"] == POINTS_PER_ROUND * len(rounds)
    # Each round: one trump each, the first chooser's counted as first.
    named = sum(v for s in both for k, v in s.items() if k.startswith("named."))
    first = sum(v for s in both for k, v in s.items() if k.startswith("first."))
    assert named == 2 * len(final.rounds)
    assert first == len(final.rounds) == sum(s["first_suit"] + s["first_rank"] for s in both)
    assert set().union(*both) <= set(VIDRASSO.stat_rules)


def test_an_unfinished_round_counts_its_trumps_but_not_its_score() -> None:
    states = random_game(5)
    mid = next(s for s in states if len(s.rounds) == 2 and len(s.round.bids) == 2)
    stats = VIDRASSO.seat_stats(mid, 0), VIDRASSO.seat_stats(mid, 1)
    assert VIDRASSO.rounds(mid) == 1
    assert sum(v for s in stats for k, v in s.items() if k.startswith("named.")) == 4


def test_statistics_are_summed_or_the_best_kept() -> None:
    rules = {"points": "sum", "best": "max"}
    totals = add_stats({}, {"points": 90, "best": 90, "odd": 1}, rules)  # type: ignore[arg-type]
    totals = add_stats(totals, {"points": 120, "best": 120, "new": 2}, rules)  # type: ignore[arg-type]
    totals = add_stats(totals, {"points": 30, "best": 30, "odd": 1}, rules)  # type: ignore[arg-type]
    assert totals == {"points": 240, "best": 120, "odd": 2, "new": 2}
    assert add_stats({}, {"best": -5}, {"best": "max"}) == {"best": -5}


def test_streaks_and_totals() -> None:
    streak = 0
    for won, expected in [(True, 1), (True, 2), (False, -1), (False, -2), (True, 1)]:
        streak = next_streak(streak, won)
        assert streak == expected

    game = {"round_points": 300, "best_round": 120}
    rules = VIDRASSO.stat_rules
    totals = Totals().after(won=True, rating=Rating(26, 8), rounds=3, stats=game, rules=rules)
    totals = totals.after(won=False, rating=Rating(25.5, 7.9), rounds=3, stats=game, rules=rules)
    assert (totals.games, totals.wins, totals.losses) == (2, 1, 1)
    assert (totals.streak, totals.best_streak) == (-1, 1)
    assert totals.rounds == 6 and totals.stats == {"round_points": 600, "best_round": 120}
    assert totals.rating == Rating(25.5, 7.9)
    assert totals.win_rate == 0.5
    assert Totals().win_rate is None and Totals().stats == {}


def test_results() -> None:
    assert Result.of(0, 0) is Result.WIN
    assert Result.of(0, 1) is Result.LOSS
    assert Result.of(None, 1) is Result.NONE


def test_the_rating_chart_is_a_small_png() -> None:
    history = [INITIAL]
    a, b = INITIAL, INITIAL
    for i in range(30):
        [[a], [b]] = rate([[a], [b]], [1, 2] if i % 3 else [2, 1])
        history.append(a)

    png = rating_chart(history, title="Alice · rating over 30 games")
    single = rating_chart([INITIAL], title="Nobody")

    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (600, 240)
    assert Image.open(io.BytesIO(single)).size == (600, 240)
    with pytest.raises(ValueError):
        rating_chart([], title="empty")
