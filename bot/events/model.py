"""An event's pure vocabulary: entrants, tables, results and their scores. No I/O.

An *entrant* is what a pairing places at a table and what the standings rank: one member in a
game without partners (or with partnerships that rotate), a fixed pair of members in a game of
fixed partnerships. Entrants are named by small integers (their order of sign-up), so the pure
code knows nothing of Discord or of any game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

SWISS = "swiss"
ROUND_ROBIN = "round-robin"
KNOCKOUT = "single-elimination"
FORMATS = (SWISS, ROUND_ROBIN, KNOCKOUT)

BYE_POINTS = Fraction(1)
"""A bye is worth a win, as in most online Swiss events (Lichess, chess.com)."""


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: the entrants in seat order (seat 0 first) and each one's side.

    ``sides[i]`` is the side (team) entrant ``units[i]`` plays for; in a game without partners
    (or where each entrant is a whole team) every entrant is its own side.
    """

    units: tuple[int, ...]
    sides: tuple[int, ...]

    @classmethod
    def alone(cls, units: Sequence[int]) -> Table:
        """A table where every entrant is its own side."""
        return cls(tuple(units), tuple(range(len(units))))


@dataclass(frozen=True, slots=True)
class Played:
    """A table's result as the standings read it."""

    round: int
    table: Table
    places: tuple[int, ...] | None
    """Each entrant's place (1 best, ties share a place), in the table's order; None when the
    game had no winner (abandoned: nobody scores)."""


@dataclass(frozen=True, slots=True)
class Bye:
    """An entrant that sat a round out (worth :data:`BYE_POINTS`)."""

    round: int
    unit: int


def opponents(table: Table, index: int) -> list[int]:
    """The positions at ``table`` on another side than position ``index``."""
    side = table.sides[index]
    return [i for i, s in enumerate(table.sides) if s != side]


def shares(played: Played, index: int) -> dict[int, Fraction]:
    """What position ``index`` took from each opponent at the table (1 beaten, ½ tied, 0 lost),
    each divided by the number of opponents, so the shares sum to the game's score.

    For two sides this is chess's 1 / ½ / 0; at a multi-player table it is the fraction of
    opponents finished ahead of (ties counted half), the usual points-per-place equivalent.
    """
    others = opponents(played.table, index)
    if played.places is None or not others:
        return {played.table.units[i]: Fraction(0) for i in others}
    mine = played.places[index]
    result: dict[int, Fraction] = {}
    for i in others:
        theirs = played.places[i]
        value = Fraction(1) if mine < theirs else Fraction(1, 2) if mine == theirs else Fraction(0)
        result[played.table.units[i]] = value / len(others)
    return result


def game_score(played: Played, index: int) -> Fraction:
    """Position ``index``'s score for the game: between 0 and 1."""
    return sum(shares(played, index).values(), Fraction(0))
