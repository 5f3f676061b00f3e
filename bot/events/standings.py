"""Standings: scores and tie-breaks from the results so far (see ``docs/events.md``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.events.model import BYE_POINTS, Bye, Played, game_score, shares


@dataclass(frozen=True, slots=True)
class Line:
    """One entrant's line of the standings."""

    unit: int
    rank: int
    """1 for the first; entrants equal on every tie-break share a rank."""
    score: Fraction
    buchholz: Fraction
    """The sum, over the entrant's games, of the opponents' scores (at a multi-player table,
    their mean)."""
    sonneborn_berger: Fraction
    """The sum, over the entrant's games, of each opponent's score times what the entrant took
    from that opponent."""
    wins: int
    """Games in which the entrant finished ahead of every opponent."""
    played: int
    byes: int


def scores(
    units: Iterable[int], results: Sequence[Played], byes: Sequence[Bye]
) -> dict[int, Fraction]:
    """Each entrant's score: its games' scores and its byes."""
    total = {unit: Fraction(0) for unit in units}
    for played in results:
        for index, unit in enumerate(played.table.units):
            total[unit] = total.get(unit, Fraction(0)) + game_score(played, index)
    for bye in byes:
        total[bye.unit] = total.get(bye.unit, Fraction(0)) + BYE_POINTS
    return total


def standings(units: Sequence[int], results: Sequence[Played], byes: Sequence[Bye]) -> list[Line]:
    """The entrants ranked by score, then Buchholz, then Sonneborn-Berger, then wins; the order
    of ``units`` (their seeding) breaks what is left, but such entrants share a rank."""
    score = scores(units, results, byes)
    buchholz = {u: Fraction(0) for u in units}
    berger = {u: Fraction(0) for u in units}
    wins = dict.fromkeys(units, 0)
    played = dict.fromkeys(units, 0)
    for game in results:
        for index, unit in enumerate(game.table.units):
            taken = shares(game, index)
            if taken:
                buchholz[unit] += sum((score[o] for o in taken), Fraction(0)) / len(taken)
                berger[unit] += sum(
                    (score[o] * v * len(taken) for o, v in taken.items()), Fraction(0)
                ) / len(taken)
            played[unit] += 1
            if game.places is not None and all(
                v == Fraction(1, len(taken)) for v in taken.values()
            ):
                wins[unit] += 1
    bye_count = dict.fromkeys(units, 0)
    for bye in byes:
        bye_count[bye.unit] = bye_count.get(bye.unit, 0) + 1
    seed = {unit: n for n, unit in enumerate(units)}

    def key(unit: int) -> tuple[Fraction, Fraction, Fraction, int]:
        return (-score[unit], -buchholz[unit], -berger[unit], -wins[unit])

    ordered = sorted(units, key=lambda u: (key(u), seed[u]))
    lines: list[Line] = []
    for position, unit in enumerate(ordered, start=1):
        rank = lines[-1].rank if lines and key(lines[-1].unit) == key(unit) else position
        lines.append(
            Line(
                unit,
                rank,
                score[unit],
                buchholz[unit],
                berger[unit],
                wins[unit],
                played[unit],
                bye_count[unit],
            )
        )
    return lines


def points_text(value: Fraction) -> str:
    """A score as people write it: ``3``, ``2½``, ``1.33``."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    if part == Fraction(1, 2):
        return f"{int(whole)}½" if whole else "½"
    return f"{float(value):.2f}"
