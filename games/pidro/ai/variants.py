"""Bench-only Pidro players: the hard level as it was before stop 37 (``oldhard``) and that
level with one of its parts changed, for ``bench/ai.py`` and ``python -m games.pidro.phases``
only, to measure what each part is worth (games/pidro/docs/ai.md, "What each part of hard is
worth"). No member is offered them.

- ``oldhard`` (:class:`OldHardPlayer`): medium's search foreseeing each contract of its
  bidding and naming by solving it (:func:`games.pidro.ai.solver.solve`), its guesses of the
  unseen trumps in the play weighted by the bids
  (:func:`games.pidro.ai.bidding.trump_worlds_for`), its playouts blind
  (:func:`games.pidro.ai.fast.choose_blind`), on :data:`OLD_HARD_BUDGET`.
- ``hardpeek``: ``oldhard`` whose playouts see the guessed hands, as medium's do.
- ``hardflat``: ``oldhard`` whose guesses of the unseen trumps in the play are not weighted by
  the bids (medium's uniform guesses).
- ``hardgame``: ``oldhard`` playing for the game as well as the hand (:func:`game_scorer`), as
  it did until the measurement showed it cost margin and won no more games.
- ``hardsolved``: ``oldhard`` whose cards are judged by solving the rest of the play exactly in
  each guessed world (:func:`games.pidro.ai.solver.solve_each`) instead of playing it out by
  the playouts' rule of thumb, on 32 worlds a card.
- ``hardmix``: ``oldhard`` foreseeing each contract as its solve and its blind playout.

``mediumbig`` (medium on 320 deals a bid, 240 a trump and 128 worlds a card) is the hard level
now (:mod:`games.pidro.ai.hard`).
"""

from __future__ import annotations

import random

from games.pidro.ai.bidding import trump_worlds_for
from games.pidro.ai.fast import contract_start
from games.pidro.ai.search import Budget, Scorer, SearchPlayer, margin_for, rebuilt
from games.pidro.ai.solver import solve, solve_each
from games.pidro.rules import POINTS_PER_HAND, Deal, HandAction, Play, TableView, team_of
from games.pidro.rules.cards import TRUMPS

OLD_HARD_BUDGET = Budget(bid_worlds=80, trump_worlds=64, play_worlds=128)
"""``oldhard``'s worlds: fewer deals for the bidding and the naming, where each contract is
solved (a solve costs about ten playouts)."""


class OldHardPlayer(SearchPlayer):
    """The hard level before stop 37 (``oldhard``): medium's search with solved contracts,
    bid-weighted worlds in the play and blind playouts."""

    peek = False

    def __init__(self, name: str = "oldhard", budget: Budget | None = None) -> None:
        super().__init__(name, budget or OLD_HARD_BUDGET)

    def contract_points(self, deal: Deal, dealer: int, seat: int, suit: int) -> int:
        """The points ``seat``'s side takes as bidder when both sides play the hand their best,
        every hand seen (:func:`games.pidro.ai.solver.solve`)."""
        held = contract_start(deal, dealer, suit)
        return int(solve(suit, held, seat, [], [0, 0], team_of(seat), float))

    def trump_worlds(self, view: TableView, rng: random.Random, count: int) -> list[dict[int, int]]:
        return trump_worlds_for(view, rng, count)


GAME = 24.0
"""What winning (or losing) the game with this hand is worth to ``hardgame``, in points of
the hand's margin: about the lead that, a few hands from the end of a game to 62, makes a win
nearly sure (the margin of a hand spreads about ten points either way). A judgement, not a
fitted figure."""


def game_scorer(team: int, totals: tuple[int, int], target: int) -> Scorer:
    """``team``'s value of a hand's outcome: its margin (:func:`~games.pidro.ai.search.
    margin_for`), plus :data:`GAME` when the new totals give ``team`` the game and minus it
    when they give it to the other side (one side at ``target`` or more wins; both: the
    bidders). The bare margin when no outcome of the hand can end the game."""
    margin = margin_for(team)
    ours, theirs = totals[team], totals[1 - team]
    if max(ours, theirs) + POINTS_PER_HAND < target:
        return margin

    def value(points: int, bidders: int, bid: int) -> float:
        mine, other = points, POINTS_PER_HAND - points
        if bidders == team and mine < bid:
            mine = -bid
        if bidders != team and other < bid:
            other = -bid
        a, b = ours + mine, theirs + other
        won = a >= target and (b < target or bidders == team)
        lost = b >= target and (a < target or bidders != team)
        return (mine - other) + GAME * (won - lost)

    return value


class HardPeekPlayer(OldHardPlayer):
    """``oldhard`` with seeing playouts (``hardpeek``)."""

    peek = True

    def __init__(self, name: str = "hardpeek", budget: Budget | None = None) -> None:
        super().__init__(name, budget)


class HardFlatPlayer(OldHardPlayer):
    """``oldhard`` with medium's uniform guesses of the unseen trumps (``hardflat``)."""

    def __init__(self, name: str = "hardflat", budget: Budget | None = None) -> None:
        super().__init__(name, budget)

    def trump_worlds(self, view: TableView, rng: random.Random, count: int) -> list[dict[int, int]]:
        return SearchPlayer.trump_worlds(self, view, rng, count)


class HardGamePlayer(OldHardPlayer):
    """``oldhard`` playing for the game when a hand can end it (``hardgame``): an outcome that
    wins the game is worth :data:`GAME` points of margin more, one that loses it :data:`GAME`
    less (:func:`game_scorer`)."""

    def __init__(self, name: str = "hardgame", budget: Budget | None = None) -> None:
        super().__init__(name, budget)

    def scorer(self, view: TableView) -> Scorer:
        assert view.seat is not None
        return game_scorer(team_of(view.seat), view.totals, view.target)


class HardMixPlayer(OldHardPlayer):
    """``oldhard`` foreseeing each contract of its bidding and naming as two outcomes, each as
    likely: the contract solved (every hand seen) and played out blind (``hardmix``). The
    solved hand alone is never wrong about a lock and too sure of the rest: a bid at its solved
    value is holed one time in four (games/pidro/docs/ai.md); a blind playout misses where play
    needs knowledge of the hidden hands, and agrees with the solve where it does not."""

    def __init__(self, name: str = "hardmix", budget: Budget | None = None) -> None:
        super().__init__(name, budget)

    def contract_outcomes(self, deal: Deal, dealer: int, seat: int, suit: int) -> tuple[int, ...]:
        solved = self.contract_points(deal, dealer, seat, suit)
        return solved, SearchPlayer.contract_points(self, deal, dealer, seat, suit)


class HardSolvedPlayer(OldHardPlayer):
    """``oldhard`` whose cards are judged by solving the rest of the play in each world
    (``hardsolved``): every seat seeing every hand, both sides playing their best."""

    def __init__(self, name: str = "hardsolved", budget: Budget | None = None) -> None:
        super().__init__(name, budget or Budget(320, 240, 32))

    def play_values(self, view: TableView, rng: random.Random) -> dict[HandAction, float]:
        assert view.seat is not None and view.contract is not None and view.trump is not None
        plays = [a for a in view.actions if isinstance(a, Play)]
        value, team = self.scorer(view), team_of(view.seat)
        bidders, bid = view.contract.team, view.contract.bid
        suit = view.trump.number
        trumps = TRUMPS[suit]
        totals = dict.fromkeys(plays, 0.0)
        cards = [a.card.index for a in plays]
        worlds = self.trump_worlds(view, rng, self.budget.play_worlds)
        for w in worlds:
            hand = rebuilt(view, w)
            held = [m & trumps for m in hand.held]
            found = solve_each(
                suit,
                held,
                hand.leader,
                [(s, c.index) for s, c in hand.plays],
                list(hand.taken),
                team,
                lambda p: value(p, bidders, bid),
                view.seat,
                cards,
            )
            for a in plays:
                totals[a] += found[a.card.index]
        return {a: totals[a] / len(worlds) for a in plays}


__all__ = [
    "GAME",
    "OLD_HARD_BUDGET",
    "HardFlatPlayer",
    "HardGamePlayer",
    "HardMixPlayer",
    "HardPeekPlayer",
    "HardSolvedPlayer",
    "OldHardPlayer",
    "game_scorer",
]
