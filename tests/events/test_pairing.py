"""Pairing and standings properties over random events (Hypothesis), checked against
independent brute-force computations, plus worked examples."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.events.model import Bye, Played, Table
from bot.events.pairing import (
    History,
    bracket,
    knockout,
    knockout_rounds,
    knockout_winner,
    round_robin,
    round_robin_rounds,
    swiss,
)
from bot.events.standings import points_text, scores, standings


def matchings_without_repeat(units: list[int], met: set[frozenset[int]]) -> bool:
    """Whether ``units`` can be split into pairs none of which met (brute force, by bitmask)."""
    seen: dict[int, bool] = {}

    def ok(mask: int) -> bool:
        if mask == 0:
            return True
        if mask in seen:
            return seen[mask]
        first = (mask & -mask).bit_length() - 1
        found = False
        for other in range(first + 1, len(units)):
            free = mask >> other & 1 and frozenset((units[first], units[other])) not in met
            if free and ok(mask & ~(1 << first) & ~(1 << other)):
                found = True
                break
        seen[mask] = found
        return found

    return ok((1 << len(units)) - 1)


def avoidable(ranked: list[int], met: set[frozenset[int]], had_bye: set[int]) -> bool:
    """Whether some pairing of ``ranked`` repeats no meeting, with any bye to an entrant who
    had none."""
    if len(ranked) % 2 == 0:
        return matchings_without_repeat(ranked, met)
    return any(
        matchings_without_repeat([u for u in ranked if u != bye], met)
        for bye in ranked
        if bye not in had_bye
    )


def play_out(tables: tuple[tuple[int, ...], ...], number: int, rng: random.Random) -> list[Played]:
    """Random results: a win, a draw now and then, an abandoned game now and then."""
    out = []
    for units in tables:
        roll = rng.random()
        if roll < 0.1:
            places = None
        elif roll < 0.2:
            places = tuple(1 for _ in units)
        else:
            order = list(range(len(units)))
            rng.shuffle(order)
            places = tuple(order.index(i) + 1 for i in range(len(units)))
        out.append(Played(number, Table.alone(units), places))
    return out


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 12), st.integers(1, 11), st.integers(0, 2**32))
def test_swiss_repeats_no_pairing_while_one_is_avoidable(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    units = list(range(n))
    results: list[Played] = []
    byes: list[Bye] = []
    for number in range(1, min(rounds, n) + 1):
        lines = standings(units, results, byes)
        ranked = [line.unit for line in lines]
        history = History.of(results, byes)
        met = set(history.met)
        had_bye = {b.unit for b in byes}
        pairing = swiss(ranked, history, 2)
        seated = [u for t in pairing.tables for u in t] + list(pairing.byes)
        assert sorted(seated) == units  # everyone once
        assert len(pairing.byes) == n % 2
        repeated = any(frozenset(t) in met for t in pairing.tables)
        if repeated:
            assert not avoidable(ranked, met, had_bye)
        if pairing.byes and len(had_bye) < n:
            assert pairing.byes[0] not in had_bye  # byes at most once while anyone has none
            # ... and to the lowest-ranked without a bye that still allows the best pairing
            if not repeated:
                lower = [u for u in ranked[ranked.index(pairing.byes[0]) + 1 :] if u not in had_bye]
                for u in lower:
                    rest = [v for v in ranked if v != u]
                    assert not matchings_without_repeat(rest, met)
        byes += [Bye(number, u) for u in pairing.byes]
        results += play_out(pairing.tables, number, rng)
    counts = Counter(b.unit for b in byes)
    assert all(c == 1 for c in counts.values())  # rounds <= players: nobody sits out twice


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 12), st.integers(1, 8), st.integers(0, 2**32))
def test_scores_are_consistent_with_the_results(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    units = list(range(n))
    results: list[Played] = []
    byes: list[Bye] = []
    for number in range(1, rounds + 1):
        ranked = [line.unit for line in standings(units, results, byes)]
        pairing = swiss(ranked, History.of(results, byes), 2)
        byes += [Bye(number, u) for u in pairing.byes]
        results += play_out(pairing.tables, number, rng)
    # independently: a win 1, a draw ½, a loss or an abandoned game 0, a bye 1
    expected = dict.fromkeys(units, Fraction(0))
    for game in results:
        a, b = game.table.units
        if game.places is None:
            continue
        pa, pb = game.places
        expected[a] += 1 if pa < pb else Fraction(1, 2) if pa == pb else 0
        expected[b] += 1 if pb < pa else Fraction(1, 2) if pa == pb else 0
    for bye in byes:
        expected[bye.unit] += 1
    assert scores(units, results, byes) == expected
    decided = sum(1 for g in results if g.places is not None)
    assert sum(expected.values()) == decided + len(byes)
    lines = standings(units, results, byes)
    assert [line.score for line in lines] == sorted((line.score for line in lines), reverse=True)
    for line in lines:  # Buchholz: the opponents' scores, summed
        opponents = [
            u
            for g in results
            if line.unit in g.table.units
            for u in g.table.units
            if u != line.unit
        ]
        assert line.buchholz == sum((expected[o] for o in opponents), Fraction(0))


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 13), st.integers(0, 2**32))
def test_swiss_at_four_seat_tables_keeps_everyone_seated_once(n: int, seed: int) -> None:
    rng = random.Random(seed)
    units = list(range(n))
    results: list[Played] = []
    byes: list[Bye] = []
    for number in range(1, 4):
        ranked = [line.unit for line in standings(units, results, byes)]
        pairing = swiss(ranked, History.of(results, byes), 4)
        assert all(len(t) == 4 for t in pairing.tables)
        assert len(pairing.byes) == n % 4
        assert sorted([u for t in pairing.tables for u in t] + list(pairing.byes)) == units
        byes += [Bye(number, u) for u in pairing.byes]
        results += play_out(pairing.tables, number, rng)


@given(st.integers(2, 14))
def test_a_round_robin_meets_everyone_once(n: int) -> None:
    units = list(range(100, 100 + n))
    met: Counter[frozenset[int]] = Counter()
    sat_out: Counter[int] = Counter()
    first: Counter[int] = Counter()
    for number in range(1, round_robin_rounds(units) + 1):
        pairing = round_robin(units, number)
        assert sorted([u for t in pairing.tables for u in t] + list(pairing.byes)) == units
        met.update(frozenset(t) for t in pairing.tables)
        sat_out.update(pairing.byes)
        first.update(t[0] for t in pairing.tables)
    assert set(met) == {frozenset(p) for p in itertools.combinations(units, 2)}
    assert set(met.values()) == {1}
    assert all(sat_out[u] == (1 if n % 2 else 0) for u in units)
    games = round_robin_rounds(units) - (1 if n % 2 else 0)
    assert all(abs(2 * first[u] - games) <= 2 for u in units)  # first seats near half


def test_a_bracket_gives_the_byes_to_the_best_seeds() -> None:
    seeds = [10, 20, 30, 40, 50, 60]
    assert bracket(seeds) == [10, None, 40, 50, 20, None, 30, 60]
    first = knockout(seeds, [], 1)
    assert first.byes == (10, 20) and first.tables == ((40, 50), (30, 60))
    assert knockout_rounds(6) == 3


@given(st.integers(2, 17), st.integers(0, 2**32))
def test_a_knockout_ends_with_one_unbeaten_winner(n: int, seed: int) -> None:
    rng = random.Random(seed)
    seeds = list(range(n))
    results: list[Played] = []
    for number in range(1, knockout_rounds(n) + 1):
        assert knockout_winner(seeds, results) is None  # not before the final is played
        pairing = knockout(seeds, results, number)
        results += play_out(pairing.tables, number, rng)
    winner = knockout_winner(seeds, results)
    assert winner is not None
    for game in results:  # the winner never finished behind an opponent
        if winner in game.table.units and game.places is not None:
            mine = game.places[game.table.units.index(winner)]
            assert mine == min(game.places)


def test_multi_player_scores_count_the_opponents_beaten() -> None:
    table = Table.alone((1, 2, 3, 4))
    game = Played(1, table, (1, 2, 2, 4))
    got = scores([1, 2, 3, 4], [game], [])
    assert got == {1: 1, 2: Fraction(1, 2), 3: Fraction(1, 2), 4: 0}
    # partnerships that rotate: seats 0 and 2 against 1 and 3, the partner is no opponent
    pairs = Played(1, Table((1, 2, 3, 4), (0, 1, 0, 1)), (1, 2, 1, 2))
    assert scores([1, 2, 3, 4], [pairs], []) == {1: 1, 2: 0, 3: 1, 4: 0}


def test_sonneborn_berger_worked_example() -> None:
    # a beats b, b beats c, c draws a
    games = [
        Played(1, Table.alone((0, 1)), (1, 2)),
        Played(2, Table.alone((1, 2)), (1, 2)),
        Played(3, Table.alone((2, 0)), (1, 1)),
    ]
    lines = {line.unit: line for line in standings([0, 1, 2], games, [])}
    assert lines[0].score == Fraction(3, 2) and lines[1].score == 1
    assert lines[0].sonneborn_berger == 1 * 1 + Fraction(1, 2) * Fraction(1, 2)
    assert lines[0].buchholz == 1 + Fraction(1, 2)
    assert points_text(Fraction(5, 2)) == "2½" and points_text(Fraction(4, 3)) == "1.33"
