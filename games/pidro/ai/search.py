"""The ``medium`` Pidro level: determinized search from the seat view, bidding by value.

For every decision that matters it guesses worlds — ways the unseen cards could lie that
agree with what the table showed — plays each option out in each world with the fast policy
of :mod:`games.pidro.ai.rollout`, and takes the option with the best average score margin
(its side's score of the hand minus the other side's). The same worlds judge every option,
so the luck of the guess cancels between options. :meth:`SearchPlayer.evaluate` returns those
averages for every legal action: the level's own evaluation, for reviews and hints.

- **Bidding** (:meth:`SearchPlayer.bid_values`): the deals it guesses are weighted by the bids
  seen so far (:func:`games.pidro.ai.bidding.deals_for`: a seat that bid 11 holds a strong
  hand, a seat that passed a weak one). In each deal it plays the hand out as the bidder with
  each suit as trumps, and plays out the contract of every other seat that could end up
  holding it. Each bid it may make — and the pass — is then followed through the rest of
  the auction: the seats still to bid are value bidders (:func:`~games.pidro.ai.bidding.
  value_bid`) who do not outbid their partner without reason and bid 14 over 14 with a
  14-hand. The option with the best average margin wins, so it jumps when a cheap bid would
  be overcalled, bids 14 when 14 pays, and passes when its partner's contract is worth more
  than its own; a bid over its partner's is counted :data:`PARTNER_COST` worse.
- **Trump**: the suit whose playouts score best at the contract's bid, in bid-weighted deals.
- **Kill**: each set it may kill, played out in guessed worlds.
- **Play**: every legal card, played out in each guessed world (discards, draws, kills and
  cold players agree; :mod:`games.pidro.ai.worlds`).

The work is a fixed number of playouts, so the same view and seed give the same choice.
:class:`OldMediumPlayer` is the medium level before value bidding (lowest bid or pass), kept
for the benchmark only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from games.pidro.ai.bidding import (
    PARTNER_REASON,
    best_estimate,
    bidding_order,
    deals_for,
    value_bid,
)
from games.pidro.ai.easy import EasyPlayer
from games.pidro.ai.fast import action_taken, contract_taken
from games.pidro.ai.worlds import deal_world, trump_odds, trump_world
from games.pidro.rules import (
    POINTS_PER_HAND,
    Bid,
    Deal,
    Hand,
    HandAction,
    Kill,
    NameTrump,
    Phase,
    Play,
    Suit,
    TableView,
    highest_bid,
    team_of,
)
from games.pidro.rules.cards import mask_of
from games.pidro.rules.parts import MAX_BID, MIN_BID, SEATS

PASS_VALUE = -3.0
"""The old medium: what passing is worth, as a score margin, when the opponents bid or nobody
did yet."""
PARTNER_VALUE = 3.0
"""The old medium: what passing is worth when the partner holds the highest bid."""
PARTNER_COST = 2.0
"""What a search level counts against a bid over its own partner's, in points of margin: the
partner bid on cards the model of its bid reads only roughly, and a partnership that
outbids itself loses its partners' trust. It outbids its partner only with a clear reason."""
BID_TOLERANCE = 0.25
"""Bids worth this close to the best bid (in points of margin) count as equal to it."""
_DUMMY_DEAL = Deal.shuffled(random.Random(0), 0)
"""A deal for hands rebuilt in the middle of the play, where the deal is no longer read."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How many worlds a decision looks at."""

    bid_worlds: int = 120
    trump_worlds: int = 120
    play_worlds: int = 48

    def scaled(self, factor: float) -> Budget:
        """This budget times ``factor`` (at least one world a decision)."""
        return Budget(
            max(1, round(self.bid_worlds * factor)),
            max(1, round(self.trump_worlds * factor)),
            max(1, round(self.play_worlds * factor)),
        )


OLD_BUDGET = Budget(bid_worlds=40, trump_worlds=60, play_worlds=48)
"""The old medium's budget (its playouts are the same policy's, now on masks)."""


class SearchPlayer:
    """Determinized search with playouts; ``name`` is its level."""

    peek = True
    """Whether the playouts' players see the guessed hands (:func:`games.pidro.ai.fast.choose`)
    or play blind as people must (:func:`~games.pidro.ai.fast.choose_blind`)."""

    def __init__(self, name: str = "medium", budget: Budget | None = None) -> None:
        self.name = name
        self.budget = budget or Budget()
        self._easy = EasyPlayer()

    def decide(self, view: TableView, rng: random.Random) -> HandAction:
        actions = view.actions
        if len(actions) == 1:
            return actions[0]
        return best_action(actions, self.evaluate(view, rng))

    def evaluate(self, view: TableView, rng: random.Random) -> dict[HandAction, float]:
        """Every legal action of ``view`` with its expected score margin for the hand: the
        points the seat's side scores (minus its bid in the hole) less the other side's, as
        this level estimates them from the seat's view alone."""
        first = view.actions[0]
        if isinstance(first, Bid):
            return self.bid_values(view, rng)
        if isinstance(first, NameTrump):
            return self.trump_values(view, rng)
        if isinstance(first, Kill):
            return self.kill_values(view, rng)
        return self.play_values(view, rng)

    # --- What a hand's outcome is worth ----------------------------------------------------

    def scorer(self, view: TableView) -> Scorer:
        """How this level values a hand's outcome from ``view``'s side: ``f(points, bidders,
        bid)`` for the points the viewer's team takes, the bidding team and its bid. Medium:
        the score margin of the hand (:func:`margin_for`)."""
        assert view.seat is not None
        return margin_for(team_of(view.seat))

    # --- Worlds -----------------------------------------------------------------------------

    def deals(self, view: TableView, rng: random.Random, count: int) -> list[Deal]:
        """Deals for the bidding and the naming: weighted by the bids seen."""
        return deals_for(view, rng, count)

    def trump_worlds(self, view: TableView, rng: random.Random, count: int) -> list[dict[int, int]]:
        """Who holds which unseen trump, ``count`` guesses (medium: uniform given the table)."""
        odds = trump_odds(view)
        return [trump_world(odds, rng) for _ in range(count)]

    # --- Bidding and trumps -----------------------------------------------------------------

    def contract_points(self, deal: Deal, dealer: int, seat: int, suit: int) -> int:
        """The points ``seat``'s side takes when ``seat`` wins the bidding of ``deal`` and
        names ``suit``, as this level foresees the hand (medium: its playout,
        :func:`games.pidro.ai.fast.contract_taken`)."""
        return contract_taken(deal, dealer, seat, suit, self.peek)[team_of(seat)]

    def contract_outcomes(self, deal: Deal, dealer: int, seat: int, suit: int) -> tuple[int, ...]:
        """The points ``seat``'s side may take as bidder, each as likely, as this level
        foresees ``deal``'s contract (medium and hard: the one foreseen by
        :meth:`contract_points`). The bidding and the naming value a contract by the average
        of its outcomes' values."""
        return (self.contract_points(deal, dealer, seat, suit),)

    def bid_values(self, view: TableView, rng: random.Random) -> dict[HandAction, float]:
        """Each bid and the pass, followed through the rest of the auction in guessed deals."""
        assert view.seat is not None
        seat, dealer, team = view.seat, view.dealer, team_of(view.seat)
        deals = self.deals(view, rng, self.budget.bid_worlds)
        order = bidding_order(dealer)
        later = order[len(view.bids) + 1 :]
        high = highest_bid(view.bids)
        options = [a for a in view.actions if isinstance(a, Bid)]
        value = self.scorer(view)
        theirs = {a: 0.0 for a in options}
        # When the viewer holds the contract it names one suit for every world (it cannot see
        # the world): the suit that does best on half the worlds is scored on the other half,
        # and the other way round, so that picking the luckiest suit flatters no bid.
        mine = {a: (dict.fromkeys(Suit, 0.0), dict.fromkeys(Suit, 0.0)) for a in options}
        for n, deal in enumerate(deals):
            taken = {s: self.contract_outcomes(deal, dealer, seat, s.number) for s in Suit}
            others: dict[int, tuple[int, ...]] = {}  # a seat's side's outcomes as bidder
            wants = {q: value_bid(deal.hands[q], q == dealer) for q in later}
            for a in options:
                holder, level = auction(a, high, later, wants, dealer)
                if holder == seat:
                    for suit, outcomes in taken.items():
                        mine[a][n % 2][suit] += _valued(value, outcomes, team, team, level)
                    continue
                if holder not in others:
                    suit, _ = best_estimate(deal.hands[holder], holder == dealer)
                    others[holder] = self.contract_outcomes(deal, dealer, holder, suit.number)
                bidders = team_of(holder)
                theirs[a] += _valued(value, others[holder], team, bidders, level)
        values: dict[HandAction, float] = {
            a: (theirs[a] + _crossed(*mine[a])) / len(deals) for a in options
        }
        if high is not None and team_of(high.seat) == team:
            for a in options:
                if a.points is not None:
                    values[a] -= PARTNER_COST
        return values

    def taken(
        self, view: TableView, rng: random.Random, worlds: int
    ) -> dict[Suit, list[tuple[int, ...]]]:
        """Per suit, the outcomes (:meth:`contract_outcomes`) of the viewer's team as bidder
        in each guessed deal."""
        assert view.seat is not None
        deals = self.deals(view, rng, worlds)
        seat, dealer = view.seat, view.dealer
        return {
            suit: [self.contract_outcomes(deal, dealer, seat, suit.number) for deal in deals]
            for suit in Suit
        }

    def trump_values(self, view: TableView, rng: random.Random) -> dict[HandAction, float]:
        assert view.contract is not None
        bid = view.contract.bid
        taken = self.taken(view, rng, self.budget.trump_worlds)
        names = [a for a in view.actions if isinstance(a, NameTrump)]
        value, team = self.scorer(view), view.contract.team
        return {
            a: _mean([_valued(value, o, team, team, bid) for o in taken[a.suit]]) for a in names
        }

    # --- Kills and play ---------------------------------------------------------------------

    def kill_values(self, view: TableView, rng: random.Random) -> dict[HandAction, float]:
        assert view.seat is not None
        kills = [a for a in view.actions if isinstance(a, Kill)]
        worlds = [rebuilt(view, w) for w in self.trump_worlds(view, rng, self.budget.play_worlds)]
        return {a: self._average(view, worlds, a) for a in kills}

    def play_values(self, view: TableView, rng: random.Random) -> dict[HandAction, float]:
        assert view.seat is not None
        plays = [a for a in view.actions if isinstance(a, Play)]
        worlds = [rebuilt(view, w) for w in self.trump_worlds(view, rng, self.budget.play_worlds)]
        return {a: self._average(view, worlds, a) for a in plays}

    def _average(self, view: TableView, worlds: list[Hand], action: HandAction) -> float:
        """The average value of ``action`` over the rebuilt ``worlds``."""
        assert view.seat is not None and view.contract is not None
        value, team = self.scorer(view), team_of(view.seat)
        bidders, bid = view.contract.team, view.contract.bid
        total = 0.0
        for hand in worlds:
            total += value(action_taken(hand, action, self.peek)[team], bidders, bid)
        return total / len(worlds)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _valued(value: Scorer, outcomes: tuple[int, ...], team: int, bidders: int, bid: int) -> float:
    """The average value to ``team`` of a contract's equally likely ``outcomes`` (the
    bidders' points): exactly the one outcome's value when there is one."""
    total = 0.0
    for points in outcomes:
        total += value(points if bidders == team else POINTS_PER_HAND - points, bidders, bid)
    return total / len(outcomes)


def _crossed(even: dict[Suit, float], odd: dict[Suit, float]) -> float:
    """The total of each half's margins with the suit the other half found best."""
    return even[max(odd, key=odd.__getitem__)] + odd[max(even, key=even.__getitem__)]


def best_action(actions: tuple[HandAction, ...], values: dict[HandAction, float]) -> HandAction:
    """The action of the highest value (the first of equals). When it is a bid, the highest
    bid within :data:`BID_TOLERANCE` of it: a contract about as sure at a higher level is bid
    at its worth, where nobody can buy it cheaper (a 14-hand bids 14)."""
    best = max(actions, key=values.__getitem__)
    if isinstance(best, Bid) and best.points is not None:
        floor = values[best] - BID_TOLERANCE
        near = [a for a in actions if isinstance(a, Bid) and a.points and values[a] >= floor]
        return max(near, key=lambda a: a.points or 0)
    return best


def auction(
    bid: Bid,
    high: Bid | None,
    later: tuple[int, ...],
    wants: dict[int, int | None],
    dealer: int,
) -> tuple[int, int]:
    """Who holds the contract, and at what, when the viewer makes ``bid`` over ``high`` and
    the seats ``later`` each bid their value bid ``wants[seat]`` when it is high enough —
    over a partner only with :data:`PARTNER_REASON` points more, 14 over 14 with a 14."""
    if bid.points is not None:
        holder, level = bid.seat, bid.points
    elif high is not None and high.points is not None:
        holder, level = high.seat, high.points
    else:
        holder, level = -1, 0
    for q in later:
        want = wants[q]
        if want is None:
            continue
        if holder >= 0 and team_of(holder) == team_of(q) and want < level + PARTNER_REASON:
            continue
        if want > level or (want == MAX_BID == level and team_of(holder) != team_of(q)):
            holder, level = q, want
    if holder < 0:
        return dealer, MIN_BID
    return holder, level


Scorer = Callable[[int, int, int], float]
"""``f(points, bidders, bid)``: what a hand's outcome is worth to one side, given the points
that side takes, the bidding team and the bid (:meth:`SearchPlayer.scorer`)."""


def margin_for(team: int) -> Scorer:
    """``team``'s score margin of the hand: its score (or minus its bid in the hole) less the
    other team's."""

    def value(points: int, bidders: int, bid: int) -> float:
        if bidders == team:
            return margin_one(points, bid)
        return -margin_one(POINTS_PER_HAND - points, bid)

    return value


def margin_one(points: int, bid: int) -> int:
    """The bidding side's score margin when it takes ``points`` of a contract at ``bid``."""
    return (points if points >= bid else -bid) - (POINTS_PER_HAND - points)


def margin(points: list[int], bid: int) -> float:
    """The average score margin of a bid made or lost with the team's ``points`` per world."""
    return sum(margin_one(p, bid) for p in points) / len(points)


class OldMediumPlayer(SearchPlayer):
    """The medium level as it was before value bidding: the lowest open bid or a pass, on
    uniform guesses; the easy level's kills. For the benchmark only (``oldmedium``)."""

    def __init__(self, name: str = "oldmedium", budget: Budget | None = None) -> None:
        super().__init__(name, budget or OLD_BUDGET)

    def decide(self, view: TableView, rng: random.Random) -> HandAction:
        if len(view.actions) > 1 and isinstance(view.actions[0], Bid):
            return self.old_bid(view, rng)
        if isinstance(view.actions[0], Kill):
            return self._easy.decide(view, rng)
        return super().decide(view, rng)

    def deals(self, view: TableView, rng: random.Random, count: int) -> list[Deal]:
        return [deal_world(view, rng) for _ in range(count)]

    def old_bid(self, view: TableView, rng: random.Random) -> HandAction:
        assert view.seat is not None
        lowest, passing = view.actions[0], view.actions[-1]
        assert isinstance(lowest, Bid) and lowest.points is not None
        taken = self.taken(view, rng, self.budget.bid_worlds)
        value = max(margin([o[0] for o in points], lowest.points) for points in taken.values())
        high = max(view.bids, key=lambda b: b.points or 0, default=None)
        partner_holds = (
            high is not None and high.points is not None and high.seat == (view.seat + 2) % SEATS
        )
        return lowest if value > (PARTNER_VALUE if partner_holds else PASS_VALUE) else passing


def rebuilt(view: TableView, trumps: dict[int, int]) -> Hand:
    """The hand as the view shows it, the other seats holding the guessed trumps (their dead
    cards are left out: they are never played). In the play it is the viewer's turn; while
    kills are chosen, the seats still to kill are the view's."""
    assert view.seat is not None and view.contract is not None and view.hand is not None
    held = [trumps.get(s, 0) for s in range(SEATS)]
    held[view.seat] = mask_of(view.hand)
    d, k = view.discards, view.kills
    killing = view.phase is Phase.KILL
    return Hand(
        number=view.hand_number,
        dealer=view.dealer,
        deal=_DUMMY_DEAL,
        held=(held[0], held[1], held[2], held[3]),
        bids=view.bids,
        contract=view.contract,
        trump=view.trump,
        discards=(mask_of(d[0]), mask_of(d[1]), mask_of(d[2]), mask_of(d[3])),
        kills=(mask_of(k[0]), mask_of(k[1]), mask_of(k[2]), mask_of(k[3])),
        killing=view.to_act if killing else (),
        tricks=view.tricks,
        plays=view.trick,
        leader=-1 if killing else view.leader,
        turn=-1 if killing else view.seat,
        cold=view.cold,
        taken=view.taken,
    )


__all__ = [
    "Budget",
    "OldMediumPlayer",
    "Scorer",
    "SearchPlayer",
    "auction",
    "best_action",
    "margin",
    "margin_for",
    "margin_one",
    "rebuilt",
]
