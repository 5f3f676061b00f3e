"""The endgame solver: the exact value of a round's last tricks when every card is known.

Late in a round few cards remain, and a guessed world (:mod:`games.vidrasso.ai.worlds`) can be
searched
to the end: alpha-beta over :class:`~games.vidrasso.ai.fast.FastRound` with a transposition table
keyed
by :meth:`~games.vidrasso.ai.fast.FastRound.key` (the cards still held, the led card and the
leader).
A position's value is the trick points one seat takes from it to the end of the round, which
depends only on that key within one deal, so the table is shared by all the moves searched
in one world.
"""

from __future__ import annotations

from games.vidrasso.ai.fast import POINTS, FastRound, cards

_EXACT = 0
_LOWER = 1
_UPPER = 2


class Solver:
    """Exact play for the last tricks of one world, valued for ``seat``."""

    __slots__ = ("nodes", "seat", "table")

    seat: int
    """Whose points the values count."""
    nodes: int
    """Positions searched so far (for budgets and benchmarks)."""
    table: dict[int, tuple[int, int, int]]
    """Transposition table: key → (value, bound kind, best card)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.nodes = 0
        self.table = {}

    def move_values(self, fr: FastRound, moves: tuple[int, ...]) -> list[int]:
        """For each card in ``moves`` (legal for the seat to play), the points ``seat`` takes
        from now to the end of the round when that card is played and both sides play
        perfectly afterwards."""
        total = remaining_points(fr)
        values = []
        for move in moves:
            before = fr.captured[self.seat]
            fr.play(move)
            gained = fr.captured[self.seat] - before
            values.append(gained + self.search(fr, -1, total + 1))
            fr.undo()
        return values

    def value(self, fr: FastRound) -> int:
        """The points ``seat`` takes from ``fr`` to the end with perfect play."""
        return self.search(fr, -1, remaining_points(fr) + 1)

    def search(self, fr: FastRound, alpha: int, beta: int) -> int:
        """Alpha-beta: the exact value when it lies strictly between ``alpha`` and ``beta``,
        otherwise a bound on the same side."""
        self.nodes += 1
        led = fr.led
        if led < 0:
            leader = fr.leader
            if not (fr.hands[leader] | fr.tops[leader]):
                return 0
        key = fr.key()
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            value, kind, first = entry
            if kind == _EXACT:
                return value
            if kind == _LOWER:
                if value >= beta:
                    return value
                if value > alpha:
                    alpha = value
            else:
                if value <= alpha:
                    return value
                if value < beta:
                    beta = value
        seat = self.seat
        to_play = fr.leader if led < 0 else 1 - fr.leader
        maximize = to_play == seat
        moves = order_moves(fr, to_play, first)
        start_alpha, start_beta = alpha, beta
        best = -1 if maximize else 1 << 30
        best_move = moves[0]
        captured = fr.captured
        for move in moves:
            before = captured[seat]
            fr.play(move)
            captured = fr.captured
            gained = captured[seat] - before
            value = gained + self.search(fr, alpha - gained, beta - gained)
            fr.undo()
            captured = fr.captured
            if maximize:
                if value > best:
                    best = value
                    best_move = move
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            else:
                if value < best:
                    best = value
                    best_move = move
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            break
        if best <= start_alpha:
            kind = _UPPER
        elif best >= start_beta:
            kind = _LOWER
        else:
            kind = _EXACT
        self.table[key] = (best, kind, best_move)
        return best


def remaining_points(fr: FastRound) -> int:
    """Trick points still to be taken in ``fr`` (the card led to the trick in progress
    included)."""
    held = 0
    for seat in (0, 1):
        held |= fr.hands[seat] | fr.tops[seat] | fr.downs[seat]
    total = sum(POINTS[c] for c in cards(held))
    if fr.led >= 0:
        total += POINTS[fr.led]
    return total


def order_moves(fr: FastRound, seat: int, first: int) -> list[int]:
    """The legal cards of ``seat``, the likeliest best first: the table's best card, then for
    a follower the cards that take the trick (most points first) before the rest (fewest
    points first), and for a leader the highest-point cards last."""
    legal = fr.legal(seat)
    led = fr.led
    if led >= 0:
        wins = [c for c in cards(legal) if fr.winner(led, c)]
        loses = [c for c in cards(legal) if not fr.winner(led, c)]
        wins.sort(key=lambda c: -POINTS[c])
        loses.sort(key=lambda c: POINTS[c])
        moves = wins + loses
    else:
        moves = sorted(cards(legal), key=lambda c: POINTS[c])
    if first >= 0 and first in moves:
        moves.remove(first)
        moves.insert(0, first)
    return moves
