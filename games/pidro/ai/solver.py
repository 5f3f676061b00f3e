"""Pidro's play solved exactly in one guessed world: every seat sees every hand ("double
dummy") and each side plays its best for the hand's value to it.

Once trumps are named and the kills are done, a Pidro hand is small: at most fourteen trumps
in four hands, no suit to follow, a trick to the highest trump. So the rest of the play in a
world can be searched to its end, where the search levels' playouts (:mod:`games.pidro.ai.fast`)
play it by a rule of thumb. The search is a minimax over the value of the outcome to one side
(any :data:`~games.pidro.ai.search.Scorer` of that side's points), with alpha-beta pruning
inside a trick, the value of each position between tricks remembered, and cards that cannot
differ played once: two cards of one hand worth no points with no other hand's card, and no
card of the trick, between them (the weaker is as good as the stronger, for this trick and
every later one).

The rules are the engine's, as the playouts follow them: a seat without trumps is skipped, a
trick goes to its highest trump, the two scores for whoever played it, and the hand ends when
no trump is left or, between two tricks, only one team holds any (that team scores the trumps
it holds). The tests hold the solver to a brute-force search of the engine's own hands.
"""

from __future__ import annotations

from collections.abc import Callable

from games.pidro.rules.cards import POINTS, STRENGTH
from games.pidro.rules.parts import SEATS

_FIVES = 1 << 4 | 1 << 3
"""The two fives, by strength (the right five 4, the wrong five 3): 5 points each."""
_ONES = 1 << 13 | 1 << 10 | 1 << 9 | 1 << 0
"""The Ace, the Jack, the Ten and the two, by strength: a point each."""

Value = Callable[[int], float]
"""The value of a finished hand to the searching side, from the points that side took."""


def solve(
    suit: int,
    held: list[int],
    leader: int,
    plays: list[tuple[int, int]],
    taken: list[int],
    team: int,
    value: Value,
) -> float:
    """The value to ``team`` of the position — trump masks ``held``, the trick in progress
    ``plays`` ((seat, card index) from ``leader`` on; empty: ``leader`` is about to lead),
    the points ``taken`` so far by each team — when both sides play their best from here,
    every hand seen. ``value(points)`` is what a finished hand in which ``team`` took
    ``points`` is worth to ``team``; the other side plays to make it least."""
    return _Solver(suit, team, value).position(list(held), leader, list(plays), list(taken))


def solve_each(
    suit: int,
    held: list[int],
    leader: int,
    plays: list[tuple[int, int]],
    taken: list[int],
    team: int,
    value: Value,
    seat: int,
    cards: list[int],
) -> dict[int, float]:
    """For each of ``cards`` that ``seat`` (whose turn it is) may play, the value to ``team``
    of playing it and both sides playing their best after it (:func:`solve`), one search
    sharing what it remembers between the cards."""
    solver = _Solver(suit, team, value)
    out = {}
    for card in cards:
        after = list(held)
        after[seat] &= ~(1 << card)
        out[card] = solver.position(after, leader, [*plays, (seat, card)], list(taken))
    return out


class _Solver:
    """One side's search in one suit. Inside, a card is its strength (0 the two … 13 the
    Ace) and a hand the mask of its strengths, so that "the strongest card", "a card between
    two" and "who wins the trick" are bit operations."""

    __slots__ = ("memo", "points", "rank", "team", "value")

    def __init__(self, suit: int, team: int, value: Value) -> None:
        strength = STRENGTH[suit]
        self.rank = strength
        points = [0] * 14
        for i, p in enumerate(POINTS[suit]):
            if strength[i] >= 0:
                points[strength[i]] = p
        self.points = tuple(points)
        self.team = team
        self.value = value
        self.memo: dict[tuple[int, int, int, int, int, int], tuple[float, float]] = {}

    def _ranks(self, mask: int) -> int:
        rank, out = self.rank, 0
        while mask:
            low = mask & -mask
            out |= 1 << rank[low.bit_length() - 1]
            mask ^= low
        return out

    def position(
        self, held: list[int], leader: int, plays: list[tuple[int, int]], taken: list[int]
    ) -> float:
        """The exact value of a position (card indices), the trick in progress included."""
        hands = [self._ranks(m) for m in held]
        team = self.team
        if not plays:
            return self.between(hands, leader, taken[team], taken[team ^ 1], -1e9, 1e9)
        t = list(taken)
        winner, top, won, cards = -1, -1, 0, 0
        for s, c in plays:
            r = self.rank[c]
            cards |= 1 << r
            if r > top:
                winner, top = s, r
            if r == 0:
                t[s & 1] += self.points[0]
            else:
                won += self.points[r]
        turn = self._next(hands, plays[-1][0], leader)
        if turn == leader:
            t[winner & 1] += won
            return self.between(hands, winner, t[team], t[team ^ 1], -1e9, 1e9)
        return self.trick(hands, leader, turn, winner, top, won, cards, t[0], t[1], -1e9, 1e9)

    def between(
        self, held: list[int], leader: int, mine: int, theirs: int, alpha: float, beta: float
    ) -> float:
        """The value of the position between two tricks, ``leader`` to lead: exact when it
        lies inside (``alpha``, ``beta``), else a bound on the side of the window it fell."""
        team = self.team
        ours = held[team] | held[team + 2]
        other = held[team ^ 1] | held[(team ^ 1) + 2]
        if not (ours and other):
            points = self.points
            while ours:
                low = ours & -ours
                mine += points[low.bit_length() - 1]
                ours ^= low
            return self.value(mine)
        # The value only grows with this side's points: it lies between taking none of the
        # points still out and taking them all.
        value = self.value
        least = value(mine)
        if least >= beta:
            return least
        rest = ours | other
        most = value(mine + 5 * (rest & _FIVES).bit_count() + (rest & _ONES).bit_count())
        if most <= alpha or most == least:
            return most
        while not held[leader]:
            leader = (leader + 1) % SEATS
        key = (held[0], held[1], held[2], held[3], leader, mine)
        lower, upper = self.memo.get(key, (-1e9, 1e9))
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        if lower == upper:
            return lower
        a, b = max(alpha, lower), min(beta, upper)
        if team:
            result = self.trick(held, leader, leader, -1, -1, 0, 0, theirs, mine, a, b)
        else:
            result = self.trick(held, leader, leader, -1, -1, 0, 0, mine, theirs, a, b)
        if result <= a:
            upper = result
        elif result >= b:
            lower = result
        else:
            lower = upper = result
        self.memo[key] = (lower, upper)
        return result

    def trick(
        self,
        held: list[int],
        leader: int,
        turn: int,
        winner: int,
        top: int,
        won: int,
        cards: int,
        t0: int,
        t1: int,
        alpha: float,
        beta: float,
    ) -> float:
        """Alpha-beta over the cards of the trick in progress, ``turn`` to play: so far
        ``winner`` leads it with the card ``top``, the points ``won`` go to its winner
        (the two's are already in ``t0``/``t1``), ``cards`` are the trick's cards."""
        maximize = turn & 1 == self.team
        mask = held[turn]
        best = -1e9 if maximize else 1e9
        points = self.points
        # The other hands' cards and the trick's: what may separate two cards of this hand.
        out = ((held[0] | held[1] | held[2] | held[3]) & ~mask) | cards
        previous = -1  # the last card tried, when it was worth no points
        rest = mask
        while rest:
            card = rest.bit_length() - 1
            rest ^= 1 << card
            p = points[card]
            if previous >= 0 and not p and not out & ((1 << previous) - (2 << card)):
                # As good as the last card tried: nothing still out lies between them.
                continue
            previous = -1 if p else card
            held[turn] = mask ^ (1 << card)
            if card > top:
                w, t = turn, card
            else:
                w, t = winner, top
            a0, a1, gain = t0, t1, won
            if card == 0:
                if turn & 1:
                    a1 += p
                else:
                    a0 += p
            else:
                gain += p
            nxt = (turn + 1) % SEATS
            while nxt != leader and not held[nxt]:
                nxt = (nxt + 1) % SEATS
            if nxt == leader:
                if w & 1:
                    a1 += gain
                else:
                    a0 += gain
                if self.team:
                    result = self.between(held, w, a1, a0, alpha, beta)
                else:
                    result = self.between(held, w, a0, a1, alpha, beta)
            else:
                result = self.trick(
                    held, leader, nxt, w, t, gain, cards | 1 << card, a0, a1, alpha, beta
                )
            held[turn] = mask
            if maximize:
                if result > best:
                    best = result
                    if best > alpha:
                        alpha = best
            elif result < best:
                best = result
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    @staticmethod
    def _next(held: list[int], seat: int, leader: int) -> int:
        nxt = (seat + 1) % SEATS
        while nxt != leader and not held[nxt]:
            nxt = (nxt + 1) % SEATS
        return nxt
