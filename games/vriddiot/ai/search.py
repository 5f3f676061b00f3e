"""The ``medium`` Vriddiot level: determinized search from the seat view.

Medium plays with its own habits (:data:`games.vriddiot.ai.easy.MEDIUM`: easy's policy, but
8s are played early like low cards and never kept face up, and it stays out of wars). At a play
decision (turn, additional turn, must-add, war turn) with more than one sensible option it
guesses worlds (:mod:`games.vriddiot.ai.worlds`) — the unseen cards dealt at random into the
other hands, every face-down position and the stock — and plays each candidate out in each
world, its own seat with its habits and the others with easy's (:attr:`Budget.others`), for at
most :attr:`Budget.depth` actions. A playout is worth the place the seat takes, or, when it is
cut short, the place its count of cards would give it among the players left. It leaves its
habitual choice only for a candidate that does clearly better in the same worlds (the luck of
the guess cancels between candidates judged on the same worlds).

The candidates are its habits' best few options (:attr:`Budget.candidates`) plus chance and the
pick-up when they are legal. The arrangement is searched the same way, over its habits' best
few face-up choices (:attr:`Budget.arrange_candidates`), each played out to the end of the game
(:attr:`Budget.arrange_depth`) in :attr:`Budget.arrange_worlds` worlds in which the other seats
arrange by easy's habit: what three cards face up are worth shows only late in the game. Every
other decision (war question, joins, tosses, joker identities) follows its habits. The work is
fixed, so the same view and seed give the same choice.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from games.vriddiot.ai.easy import EASY, MEDIUM, Style, arranged, choose, ranked, unstick
from games.vriddiot.ai.worlds import NoWorld, sample_world
from games.vriddiot.rules import (
    Chance,
    Ctx,
    GameState,
    PickUp,
    SeatAction,
    TableView,
    apply,
    legal_actions,
    settle,
)

SPREAD = 4.0
"""How many cards more than another player make a cut-short playout count as behind it: the
judgement is smooth, so small differences between options are not lost to rounding."""
SEARCHED = frozenset((Ctx.TURN, Ctx.EXTRA, Ctx.MUST_ADD, Ctx.WAR_TURN))


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a decision looks at."""

    worlds: int = 10
    """Worlds each candidate is played out in."""
    candidates: int = 3
    """Easy's best options searched (chance and pick-up come on top)."""
    depth: int = 40
    """Actions a playout runs before it is judged by the cards left."""
    margin: float = 0.1
    """How much better (in places) another option must do than its habitual choice."""
    z: float = 1.5
    """And by how many standard errors of the paired differences."""
    others: Style = EASY
    """The habits the other seats are played with in a playout."""
    arrange_candidates: int = 6
    """Arrangements searched (its habits' best first); 1 arranges by habit alone."""
    arrange_worlds: int = 12
    """Worlds each arrangement is played out in at a table of three; a bigger table, whose
    games are longer, gets proportionally fewer (at least two), so that the decision's work
    stays about the same."""
    arrange_depth: int = 400
    """Actions an arrangement's playout runs (a whole game, nearly always)."""

    def scaled(self, factor: float) -> Budget:
        """This budget times ``factor`` (at least two worlds a decision)."""
        return replace(
            self,
            worlds=max(2, round(self.worlds * factor)),
            arrange_worlds=max(2, round(self.arrange_worlds * factor)),
        )


class SearchPlayer:
    name = "medium"

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()

    def decide(self, view: TableView, rng: random.Random) -> SeatAction:
        hand = view.hand or ()
        actions = view.actions
        stuck = unstick(view, rng)
        if stuck is not None:
            return stuck
        if len(actions) == 1:
            return actions[0]
        if view.ctx is Ctx.ARRANGE:
            arrangements = arranged(actions, MEDIUM)[: self.budget.arrange_candidates]
            worlds = max(2, round(self.budget.arrange_worlds * 3 / view.seats))
            return self.search(view, rng, arrangements, worlds, self.budget.arrange_depth)
        if view.ctx not in SEARCHED:
            return choose(actions, view.ctx, hand, view.pile, MEDIUM)
        options = ranked(actions, view.ctx, hand, view.pile, MEDIUM)
        candidates = options[: self.budget.candidates]
        for extra in options[self.budget.candidates :]:
            if isinstance(extra, (Chance, PickUp)):
                candidates.append(extra)
        return self.search(view, rng, candidates, self.budget.worlds, self.budget.depth)

    def search(
        self,
        view: TableView,
        rng: random.Random,
        candidates: list[SeatAction],
        worlds: int,
        depth: int,
    ) -> SeatAction:
        """The habitual choice ``candidates[0]`` or a clearly better one, each candidate played
        out in the same ``worlds`` guessed worlds for ``depth`` actions."""
        if len(candidates) == 1:
            return candidates[0]
        me = view.seat
        assert me is not None
        scores: list[list[float]] = [[] for _ in candidates]
        for w in range(worlds):
            world_seed = rng.getrandbits(62)
            try:
                world = sample_world(view, random.Random(world_seed))
            except NoWorld:
                return candidates[0]
            for i, action in enumerate(candidates):
                chance = random.Random(world_seed + w + 1)
                scores[i].append(playout(world, action, me, chance, depth, self.budget.others))
        return candidates[self.pick(scores)]

    def pick(self, scores: list[list[float]]) -> int:
        """The habitual choice (index 0) unless another candidate takes a better place in the same
        worlds by a clear margin: more than :attr:`Budget.margin` on average and by
        :attr:`Budget.z` standard errors of the paired differences."""
        best, best_mean = 0, 0.0
        n = len(scores[0])
        for i in range(1, len(scores)):
            diffs = [a - b for a, b in zip(scores[i], scores[0], strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            se = math.sqrt(var / n)
            if mean < -self.budget.margin and mean < -self.budget.z * se and mean < best_mean:
                best, best_mean = i, mean
        return best


def playout(
    state: GameState,
    first: SeatAction,
    me: int,
    rng: random.Random,
    depth: int,
    others: Style = EASY,
) -> float:
    """The place ``me`` takes (lower is better) after ``first``, ``me`` then playing with
    medium's habits and everyone else with ``others``."""
    state, _ = apply(state, first)
    for _ in range(depth):
        if state.outcome is not None or me in state.places:
            break
        if state.ctx is Ctx.RETURN:
            state, _ = settle(state, rng)
            continue
        seat = state.to_act[0]
        actions = legal_actions(state, seat)
        style = MEDIUM if seat == me else others
        state, _ = apply(state, choose(actions, state.ctx, state.hands[seat], state.pile, style))
    return judged_place(state, me)


def judged_place(state: GameState, me: int) -> float:
    """``me``'s place if it is settled, else its place among the players left by cards held."""
    if me in state.places:
        return float(state.places.index(me) + 1)
    if state.outcome is not None:
        return float(state.outcome.finish.index(me) + 1)

    def held(s: int) -> int:
        return len(state.hands[s]) + len(state.up[s]) + sum(c is not None for c in state.down[s])

    mine = held(me)
    ahead = 0.0
    for s in state.active:
        if s != me:
            other = held(s)
            ahead += 0.5 + 0.5 * math.tanh((mine - other) / SPREAD)
    return len(state.places) + 1 + ahead
