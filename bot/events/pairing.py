"""Pairings: who sits with whom each round, for the three formats (see ``docs/events.md``).

Pure functions of the entrants and the results so far, so a round can be paired again from
what is stored (after a restart, or by another process) and always comes out the same.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.events.model import Bye, Played, Table

SEARCH_BUDGET = 50_000
"""Search steps a Swiss pairing may take at one repeat allowance before it allows one more:
keeps a large event's pairing fast (the events of a Discord server pair in well under it)."""


class PairingError(ValueError):
    """A round that cannot be paired (too few entrants)."""


@dataclass(frozen=True, slots=True)
class Round:
    """One round's pairing: the tables (entrants in seat order) and who sits out."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class History:
    """What a pairing needs of the past: who met whom, who sat out, who sat first."""

    met: frozenset[frozenset[int]]
    byes: Counter[int]
    first_seats: Counter[int]
    last_first: frozenset[int]
    """The entrants in the first seat of their table in the last round played."""

    @classmethod
    def of(cls, results: Iterable[Played], byes: Iterable[Bye]) -> History:
        results = list(results)
        met: set[frozenset[int]] = set()
        first: Counter[int] = Counter()
        for played in results:
            units = played.table.units
            met.update(frozenset(p) for p in itertools.combinations(units, 2))
            first[units[0]] += 1
        last = max((p.round for p in results), default=0)
        last_first = frozenset(p.table.units[0] for p in results if p.round == last)
        return cls(frozenset(met), Counter(b.unit for b in byes), first, last_first)

    def repeats(self, group: Sequence[int]) -> int:
        """How many pairs of ``group`` have met before."""
        return sum(frozenset(p) in self.met for p in itertools.combinations(group, 2))


def seat_order(group: Sequence[int], history: History, rank: dict[int, int]) -> tuple[int, ...]:
    """The group in seat order: the first seat to whoever had it least often, then to one who
    did not have it last round, then to the better ranked (so a player's first seat
    alternates)."""
    return tuple(
        sorted(
            group,
            key=lambda u: (history.first_seats[u], u in history.last_first, rank[u]),
        )
    )


def swiss(ranked: Sequence[int], history: History, per_table: int) -> Round:
    """A Swiss round (the Monrad way: each table takes the best-ranked entrant left and the
    next best it has not met), ``ranked`` best first.

    The ``len(ranked) % per_table`` entrants left over sit out: the lowest ranked among those
    who have not had a bye. No table repeats a meeting while a pairing without one exists
    (with byes only to entrants who have had none); when every pairing repeats, the fewest
    repeats are taken.
    """
    if per_table < 2:
        raise PairingError("A table needs at least two entrants.")
    if len(ranked) < per_table:
        raise PairingError("Too few entrants for a table.")
    rank = {u: n for n, u in enumerate(ranked)}
    spare = len(ranked) % per_table
    fresh = [u for u in reversed(ranked) if history.byes[u] == 0]
    pools = [fresh] if len(fresh) >= spare else []
    pools.append(list(reversed(ranked)))  # everyone has had one: byes again, lowest first
    for pool in pools:
        for allowed in range(len(ranked) * per_table + 1):
            for byes in itertools.combinations(pool, spare):
                rest = [u for u in ranked if u not in byes]
                groups = _group(rest, history, per_table, allowed)
                if groups is not None:
                    tables = tuple(seat_order(g, history, rank) for g in groups)
                    return Round(tables, tuple(sorted(byes, key=rank.__getitem__)))
            if allowed >= len(ranked) * per_table:
                break
    raise PairingError("No pairing found.")  # pragma: no cover - the last allowance pairs anyone


def _group(
    ranked: list[int], history: History, per_table: int, allowed: int
) -> list[tuple[int, ...]] | None:
    """Tables for ``ranked`` (best first) with at most ``allowed`` repeated meetings, each
    table as close in rank as may be; None when there are none (or the search gave up)."""
    steps = 0
    failed: set[tuple[frozenset[int], int]] = set()

    def search(left: tuple[int, ...], budget: int) -> list[tuple[int, ...]] | None:
        nonlocal steps
        if not left:
            return []
        key = (frozenset(left), budget)
        if key in failed:
            return None
        top, others = left[0], left[1:]
        for mates in itertools.combinations(others, per_table - 1):
            steps += 1
            if steps > SEARCH_BUDGET:
                return None
            group = (top, *mates)
            cost = history.repeats(group)
            if cost > budget:
                continue
            rest = tuple(u for u in others if u not in mates)
            found = search(rest, budget - cost)
            if found is not None:
                return [group, *found]
        failed.add(key)
        return None

    return search(tuple(ranked), allowed)


def round_robin_rounds(units: Sequence[int]) -> int:
    """How many rounds a round robin of ``units`` takes (two entrants a table)."""
    return len(units) - 1 if len(units) % 2 == 0 else len(units)


def round_robin(units: Sequence[int], number: int) -> Round:
    """Round ``number`` (1…) of a round robin by the circle method: the first entrant stays,
    the others turn one place a round; with an odd count one entrant sits out each round. The
    first seat alternates round by round for each table."""
    if len(units) < 2:
        raise PairingError("A round robin needs at least two entrants.")
    rounds = round_robin_rounds(units)
    if not 1 <= number <= rounds:
        raise PairingError("That round robin has no such round.")
    circle: list[int | None] = list(units)
    if len(circle) % 2:
        circle.append(None)
    fixed, turning = circle[0], circle[1:]
    shift = number - 1
    turned = turning[-shift:] + turning[:-shift] if shift else turning
    arranged = [fixed, *turned]
    half = len(arranged) // 2
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    for i in range(half):
        a, b = arranged[i], arranged[-1 - i]
        if a is None or b is None:
            byes.append(a if b is None else b)  # type: ignore[arg-type]
            continue
        first = number % 2 if i == 0 else i % 2
        tables.append((a, b) if first else (b, a))
    return Round(tuple(tables), tuple(byes))


def bracket(seeds: Sequence[int]) -> list[int | None]:
    """The first round of a knockout of ``seeds`` (best first) as slots, pairs side by side:
    the bracket is the next power of two, the best seeds meet the empty slots (byes), and the
    first two seeds can meet only in the final."""
    size = 1
    while size < len(seeds):
        size *= 2
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return [seeds[s - 1] if s <= len(seeds) else None for s in order]


PENDING = -1
"""A knockout slot whose entrant is not known yet: the game that decides it has no result."""


def knockout_rounds(count: int) -> int:
    """How many rounds a knockout of ``count`` entrants takes."""
    rounds, size = 0, 1
    while size < count:
        size *= 2
        rounds += 1
    return rounds


def knockout_slots(
    seeds: Sequence[int], results: Sequence[Played], number: int, out: Iterable[int] = ()
) -> list[int | None]:
    """Round ``number``'s slots: each pair of the round before sends on the entrant that
    finished ahead (a tie or a game without a winner: the better seed); one whose opponent
    never came (a bye, or removed: in ``out``) goes on alone; a pair not played yet sends on
    :data:`PENDING`."""
    gone = set(out)
    seed = {u: n for n, u in enumerate(seeds)}
    slots = [None if u in gone else u for u in bracket(seeds)]
    for previous in range(1, number):
        by_pair = {frozenset(p.table.units): p for p in results if p.round == previous}
        nxt: list[int | None] = []
        for a, b in zip(slots[::2], slots[1::2], strict=True):
            if a is None or b is None:
                nxt.append(a if b is None else b)
                continue
            if a == PENDING or b == PENDING:
                nxt.append(PENDING)
                continue
            played = by_pair.get(frozenset((a, b)))
            if played is None:  # not played (yet)
                nxt.append(PENDING)
                continue
            if played.places is None:
                nxt.append(min(a, b, key=seed.__getitem__))
                continue
            best = min(played.places)
            leaders = [
                u for u, p in zip(played.table.units, played.places, strict=True) if p == best
            ]
            nxt.append(min(leaders, key=seed.__getitem__))
        slots = [None if u in gone else u for u in nxt]
    return slots


def knockout(
    seeds: Sequence[int], results: Sequence[Played], number: int, out: Iterable[int] = ()
) -> Round:
    """Round ``number`` of a knockout: the tables of its slots, and who goes on unopposed.
    The better seed sits first."""
    seed = {u: n for n, u in enumerate(seeds)}
    slots = knockout_slots(seeds, results, number, out)
    if PENDING in slots:
        raise PairingError("The round before has not been played.")
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    for a, b in zip(slots[::2], slots[1::2], strict=True):
        if a is not None and b is not None:
            tables.append(tuple(sorted((a, b), key=seed.__getitem__)))
        elif a is not None or b is not None:
            byes.append(a if a is not None else b)  # type: ignore[arg-type]
    return Round(tuple(tables), tuple(byes))


def knockout_winner(
    seeds: Sequence[int], results: Sequence[Played], out: Iterable[int] = ()
) -> int | None:
    """The knockout's winner once its last round is played; None before."""
    rounds = knockout_rounds(len(seeds))
    slots = knockout_slots(seeds, results, rounds + 1, out)
    return slots[0] if len(slots) == 1 and slots[0] != PENDING else None


__all__ = [
    "History",
    "PairingError",
    "Round",
    "Table",
    "bracket",
    "knockout",
    "knockout_rounds",
    "knockout_winner",
    "round_robin",
    "round_robin_rounds",
    "seat_order",
    "swiss",
]
