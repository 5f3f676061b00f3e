"""Sampling search: choose trumps, gifts and cards by playing guessed worlds to the end.

Every decision follows the same plan (determinized Monte Carlo). Draw worlds consistent with
the seat's view (:mod:`games.vidrasso.ai.worlds`); in each world, try every option and play the
round to
its end — with the rule-based playout policy (:mod:`games.vidrasso.ai.playout`), or, once few tricks
remain, with the exact endgame solver (:mod:`games.vidrasso.ai.endgame`); choose the option with
the most
points on average over the worlds. Every option is judged on the same worlds, so the
comparison is not drowned in the luck of the draw.

- **Trumps**: each complete trump choice is played out in every world (both gifts chosen by the
  policy). The second chooser takes the best remaining option; the first chooser assumes the
  opponent will then name the other trump as badly for it as it can.
- **Gift**: each hand card is tried as the gift, with the opponent's gift drawn by the policy
  (or taken from the world when it has already given).
- **Play**: each legal card is played, then the round is finished.

A :class:`Budget` caps the work by a number of worlds, so the same seed gives the same choice,
and by wall time as a safety cut-off (``None`` turns it off, as tests do).
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from games.vidrasso.ai.base import choices
from games.vidrasso.ai.endgame import Solver
from games.vidrasso.ai.fast import BIT, POINTS, SEATS, FastRound
from games.vidrasso.ai.playout import WEIGHTS, Playout, jittered, under_map
from games.vidrasso.ai.worlds import BID_BELIEF, Sampler, World, deal_order, play_position
from games.vidrasso.rules import (
    TRICKS_PER_ROUND,
    Bid,
    BidKind,
    Gift,
    Phase,
    Play,
    Rank,
    RoundAction,
    Suit,
    TableView,
    Trumps,
)


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one decision may search.

    The deterministic cap is ``work``: card plays simulated per decision. A decision with
    ``k`` options whose playouts play ``n`` cards each samples ``work // (k * n)`` worlds,
    clamped to ``[min_worlds, max_worlds]``, so early decisions (long playouts) search fewer
    worlds than late ones and every decision costs about the same.
    """

    work: int
    """Card plays in playouts per decision."""
    max_worlds: int
    """At most this many worlds per decision."""
    trump_work: int = 0
    """Card plays for the trump choice (0: ``work``); the choice matters more than any
    single card."""
    endgame: int = 0
    """Solve each world exactly once at most this many tricks remain (0: never)."""
    endgame_nodes: int = 0
    """Positions the endgame solver may visit per decision (over all its worlds)."""
    seconds: float | None = None
    """Wall-time safety cut-off per decision; None for none (reproducible tests)."""
    min_worlds: int = 4
    """Worlds searched even past the cut-off, so a loaded machine still decides sensibly."""
    prune: float = 3.0
    """Stop trying an option once it trails the best by this many standard errors (checked
    every few worlds); 0 never prunes."""
    belief: float = BID_BELIEF
    """How far worlds lean towards hands that fit the opponent's trump choices (0: not)."""
    tolerance: float = 0.3
    """Also stop trying an option that is within this many points of the best with a
    standard error below that: the two are as good as each other."""
    jitter: float = 0.0
    """Playouts in each world use the policy's weights scaled by random factors of this
    log-spread (0: the tuned weights), so that worlds differ in how they are played too."""
    reads: int = 0
    """When playing, draw worlds from a pool of this many weighed by how well each fits the
    opponent's plays (:mod:`games.vidrasso.ai.reads`); 0 does not read plays."""

    def worlds(self, options: int, cards_each: int) -> int:
        """Worlds for a decision between ``options`` with playouts of ``cards_each`` cards."""
        n = self.work // max(1, options * cards_each)
        return max(self.min_worlds, min(self.max_worlds, n))

    def scaled(self, factor: float) -> Budget:
        """This budget with its work and world counts multiplied by ``factor``."""

        def n(x: int) -> int:
            return max(1, round(x * factor))

        return replace(
            self,
            work=n(self.work),
            max_worlds=n(self.max_worlds),
            trump_work=n(self.trump_work) if self.trump_work else 0,
            endgame_nodes=n(self.endgame_nodes) if self.endgame_nodes else 0,
            min_worlds=min(self.min_worlds, n(self.max_worlds)),
            reads=n(self.reads) if self.reads else 0,
        )

    def timed(self, seconds: float | None) -> Budget:
        """This budget with another wall-time cut-off."""
        return replace(self, seconds=seconds)


class Clock:
    """The wall-time cut-off of one decision."""

    def __init__(self, seconds: float | None) -> None:
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    def out(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline


Draw = Callable[[random.Random], World]
"""Where worlds come from: :meth:`Sampler.sample`, or the one true world for the all-seeing
reference (:mod:`games.vidrasso.arena.seer`)."""


LEVEL_BUDGETS: dict[str, Budget] = {
    "medium": Budget(work=10_000, max_worlds=200, seconds=0.09, jitter=0.2),
    "hard": Budget(
        work=90_000,
        max_worlds=600,
        endgame=7,
        endgame_nodes=600_000,
        seconds=1.4,
        min_worlds=8,
        jitter=0.3,
        reads=300,
    ),
}
"""The search levels' budgets at live speed."""

SCALE_ENV = "VIDRASSO_AI_SCALE"
"""An environment variable that scales every search budget (e.g. ``0.1`` in tests)."""


def level_budget(level: str) -> Budget:
    """The budget of a search level, scaled by :data:`SCALE_ENV` when that is set."""
    budget = LEVEL_BUDGETS[level]
    scale = os.environ.get(SCALE_ENV)
    if scale:
        budget = budget.scaled(float(scale))
    return budget


class SearchPlayer:
    """A search level as a :class:`~games.vidrasso.ai.base.Player`."""

    def __init__(self, name: str, budget: Budget | None = None) -> None:
        self.name = name
        """The level, e.g. ``medium``."""
        self.budget = level_budget(name) if budget is None else budget
        """How much each decision may search."""

    def decide(self, view: TableView, rng: random.Random) -> RoundAction:
        return choose(view, self.budget, rng)


def choose(
    view: TableView, budget: Budget, rng: random.Random, draw: Draw | None = None
) -> RoundAction:
    """The search's choice among ``view.actions`` for ``view.seat`` (which must be due to act).

    ``draw`` replaces the sampler of worlds consistent with the view; only the all-seeing
    reference (:mod:`games.vidrasso.arena.seer`) passes it.
    """
    if view.seat is None or view.seat not in view.to_act:
        raise ValueError("the seat is not due to act")
    if len(view.actions) == 1:
        return view.actions[0]
    return evaluate(view, budget, rng, draw).choice


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What the search thought of each option of one decision: the numbers it chose by."""

    options: tuple[RoundAction, ...]
    """The options it weighed (the view's legal actions of the phase)."""
    values: tuple[float, ...]
    """Each option's expected points for the seat this round (its own gift's points
    counted where it chooses trumps or a gift), in the order of ``options``."""
    best: int
    """The index of the option the search chooses."""

    @property
    def choice(self) -> RoundAction:
        return self.options[self.best]


def evaluate(
    view: TableView, budget: Budget, rng: random.Random, draw: Draw | None = None
) -> Evaluation:
    """The search's evaluation of every option of ``view.seat``'s decision, and its choice:
    :func:`choose` is this evaluation's choice, so a review that reports these values reports
    what the level itself weighed."""
    if view.seat is None or view.seat not in view.to_act:
        raise ValueError("the seat is not due to act")
    clock = Clock(budget.seconds)
    if draw is None:
        draw = Sampler(view, budget.belief, budget.reads).sample
    if view.phase is Phase.TRUMP:
        return choose_trump(view, budget, rng, clock, draw)
    if view.phase is Phase.GIFT:
        return choose_gift(view, budget, rng, clock, draw)
    return choose_card(view, budget, rng, clock, draw)


def _contested(options: Sequence[RoundAction], contest: Contest) -> Evaluation:
    return Evaluation(
        tuple(options), tuple(contest.mean(i) for i in range(len(options))), contest.best()
    )


# --- Playing ----------------------------------------------------------------------------------


def choose_card(
    view: TableView, budget: Budget, rng: random.Random, clock: Clock, draw: Draw
) -> Evaluation:
    """The legal card with the most points to come, on average over sampled worlds."""
    assert view.seat is not None
    me = view.seat
    plays = choices(view, Play)
    moves = tuple(play.card.index for play in plays)
    contest = Contest(len(moves), budget)
    left = TRICKS_PER_ROUND - len(view.tricks)
    if left <= budget.endgame and budget.endgame_nodes > 0:
        nodes = 0
        for n in range(budget.max_worlds):
            if nodes >= budget.endgame_nodes or (n >= budget.min_worlds and clock.out()):
                break
            fr = play_position(view, draw(rng))
            solver = Solver(me)
            alive = contest.alive
            exact = solver.move_values(fr, tuple(moves[i] for i in alive))
            nodes += solver.nodes
            if contest.add(dict(zip(alive, map(float, exact), strict=True))):
                break
        return _contested(plays, contest)
    cards_each = 2 * left - len(view.trick)
    policy: Playout | None = None
    work = 0
    for n in range(budget.max_worlds):
        if work >= budget.work and n >= budget.min_worlds:
            break
        if n >= budget.min_worlds and clock.out():
            break
        fr = play_position(view, draw(rng))
        if policy is None or budget.jitter:
            policy = _policy(fr.trump_suit, fr.trump_rank, budget, rng)
        under = under_map(fr)
        before = fr.captured[me]
        alive = contest.alive
        values = {i: float(policy.finish(fr, moves[i], under)[me] - before) for i in alive}
        work += len(alive) * cards_each
        if contest.add(values):
            break
    return _contested(plays, contest)


def _policy(suit: int, rank: int, budget: Budget, rng: random.Random) -> Playout:
    """The playout policy for these trumps, its weights jittered as ``budget`` asks."""
    if not budget.jitter:
        return Playout(suit, rank)
    return Playout(suit, rank, jittered(WEIGHTS, budget.jitter, rng))


class Contest:
    """Options compared on the same worlds, dropping those that are clearly worse.

    Every few worlds the option with the best mean so far is compared with each other live
    option on the worlds both were tried in (paired differences, so the luck of each world
    cancels out); an option that trails by more than ``budget.prune`` standard errors, or that
    is as good as the best within ``budget.tolerance``, is no longer tried. The pruning looks
    only at the values, so a seed still gives the same decision.
    """

    CHECK_EVERY = 4
    """Worlds between pruning checks."""
    MIN_WORLDS = 8
    """Worlds before the first pruning check."""

    def __init__(self, options: int, budget: Budget) -> None:
        self.values: list[list[float]] = [[] for _ in range(options)]
        self.alive: list[int] = list(range(options))
        self.worlds = 0
        self.z = budget.prune
        self.tolerance = budget.tolerance

    def add(self, values: dict[int, float]) -> bool:
        """Record one world's values of the live options; True once one option is left."""
        for i, v in values.items():
            self.values[i].append(v)
        self.worlds += 1
        if (
            self.z > 0
            and self.worlds >= self.MIN_WORLDS
            and self.worlds % self.CHECK_EVERY == 0
            and len(self.alive) > 1
        ):
            self._prune()
        return len(self.alive) == 1

    def mean(self, i: int) -> float:
        vals = self.values[i]
        return sum(vals) / len(vals) if vals else float("-inf")

    def best(self) -> int:
        """The live option with the best mean (the first on ties)."""
        return max(self.alive, key=lambda i: (self.mean(i), -i))

    def _prune(self) -> None:
        best = self.best()
        top = self.values[best]
        keep = [best]
        for i in self.alive:
            if i == best:
                continue
            vals = self.values[i]
            n = len(vals)
            diffs = [a - b for a, b in zip(top[-n:], vals, strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            se = math.sqrt(var / n)
            if mean > self.z * se or (se < self.tolerance and mean + se < self.tolerance):
                continue
            keep.append(i)
        self.alive = sorted(keep)


# --- The gift ---------------------------------------------------------------------------------


def choose_gift(
    view: TableView, budget: Budget, rng: random.Random, clock: Clock, draw: Draw
) -> Evaluation:
    """The hand card whose giving leaves us the most points, on average over sampled worlds."""
    assert view.seat is not None and view.trumps.suit is not None
    assert view.trumps.rank is not None
    me = view.seat
    offers = choices(view, Gift)
    gifts = tuple(gift.card.index for gift in offers)
    contest = Contest(len(gifts), budget)
    suit, rank = view.trumps.suit.number, view.trumps.rank.number
    policy = _policy(suit, rank, budget, rng)
    leader = 1 - view.dealer
    work = 0
    for n in range(budget.max_worlds):
        if work >= budget.work and n >= budget.min_worlds:
            break
        if n >= budget.min_worlds and clock.out():
            break
        world = draw(rng)
        if budget.jitter:
            policy = _policy(suit, rank, budget, rng)
        order = deal_order(view, world)
        their_gift = world.their_gift
        if their_gift < 0:
            their_gift = _policy_gift(order, 1 - me, policy)
        values = {}
        for i in contest.alive:
            pair = (gifts[i], their_gift) if me == 0 else (their_gift, gifts[i])
            fr = FastRound.from_order(order, suit, rank, pair, leader)
            values[i] = float(policy.finish(fr)[me] + POINTS[their_gift])
        work += len(values) * 2 * TRICKS_PER_ROUND
        if contest.add(values):
            break
    return _contested(offers, contest)


def _dealt(order: Sequence[int], seat: int) -> tuple[int, int, int]:
    """A dealt seat's hand, face-up and face-down strawman masks, from a deal order."""
    at = SEATS[seat]
    hand = ups = downs = 0
    for c in order[at.hand]:
        hand |= BIT[c]
    for c in order[at.ups]:
        ups |= BIT[c]
    for c in order[at.downs]:
        downs |= BIT[c]
    return hand, ups, downs


def _policy_gift(order: Sequence[int], seat: int, policy: Playout) -> int:
    """The gift the policy gives from ``seat``'s dealt hand."""
    hand, _, _ = _dealt(order, seat)
    their_hand, their_ups, their_downs = _dealt(order, 1 - seat)
    return policy.gift(hand, their_hand | their_ups, their_downs)


# --- Trumps -----------------------------------------------------------------------------------

TrumpPair = tuple[int, int]
"""A complete trump choice as (suit number, rank number)."""


def choose_trump(
    view: TableView, budget: Budget, rng: random.Random, clock: Clock, draw: Draw
) -> Evaluation:
    """The trump choice that leaves us the most points, judged by playing each complete choice
    out in sampled worlds."""
    bids = choices(view, Bid)
    pairs = sorted({pair for bid in bids for pair in _completions(view, bid)})
    values = _trump_values(view, pairs, budget, rng, clock, draw)
    worth = tuple(bid_value(view, bid, values) for bid in bids)
    best = max(range(len(bids)), key=lambda i: (worth[i], _bid_order(bids[i])))
    return Evaluation(tuple(bids), worth, best)


def bid_value(view: TableView, bid: Bid, values: dict[TrumpPair, list[float]]) -> float:
    """What naming ``bid`` is worth, from each complete choice's value in every world.

    The second chooser's choice completes the trumps. For the first chooser, the opponent
    then names the other trump: we assume it names the one worst for us on average.
    """
    pairs = _completions(view, bid)
    return min(sum(values[pair]) / len(values[pair]) for pair in pairs)


def _bid_order(bid: Bid) -> int:
    """A fixed tie-break between equal trump choices."""
    return -(bid.value.number + (10 if bid.kind is BidKind.RANK else 0))


def _completions(view: TableView, bid: Bid) -> list[TrumpPair]:
    """The complete trump choices ``bid`` can lead to."""
    trumps = Trumps.from_bids((*view.bids, bid))
    suits = [trumps.suit] if trumps.suit is not None else list(Suit)
    ranks = [trumps.rank] if trumps.rank is not None else list(Rank)
    return [(s.number, r.number) for s in suits for r in ranks]


def _trump_values(
    view: TableView,
    pairs: Sequence[TrumpPair],
    budget: Budget,
    rng: random.Random,
    clock: Clock,
    draw: Draw,
) -> dict[TrumpPair, list[float]]:
    """Our round points under each trump pair in each of the same sampled worlds."""
    assert view.seat is not None
    me = view.seat
    leader = 1 - view.dealer
    totals: dict[TrumpPair, list[float]] = {pair: [] for pair in pairs}
    policies = {pair: _policy(*pair, budget, rng) for pair in pairs}
    work = budget.trump_work or budget.work
    worlds = max(
        budget.min_worlds, min(budget.max_worlds, work // (len(pairs) * 2 * TRICKS_PER_ROUND))
    )
    for n in range(worlds):
        if n >= budget.min_worlds and clock.out():
            break
        order = deal_order(view, draw(rng))
        for pair in pairs:
            policy = _policy(*pair, budget, rng) if budget.jitter else policies[pair]
            gifts = (_policy_gift(order, 0, policy), _policy_gift(order, 1, policy))
            fr = FastRound.from_order(order, pair[0], pair[1], gifts, leader)
            totals[pair].append(float(policy.finish(fr)[me] + POINTS[gifts[1 - me]]))
    return totals
