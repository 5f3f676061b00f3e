"""What a finished game adds to a player's statistics, and the running totals it adds to.

Everything is read from the engine's :class:`~bot.engine.GameState`: round scores from
``rounds[i].scores`` (completed rounds only; a round cut short by a resignation has none) and the
trump choices from ``rounds[i].bids`` (every choice made, also in an unfinished round).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace

from bot.engine import POINTS_PER_ROUND, BidKind, GameState
from bot.ladder.rating import INITIAL, Rating


class Result(enum.Enum):
    """A game's result for one player."""

    WIN = "win"
    LOSS = "loss"
    NONE = "none"
    """No result: an abandoned game."""

    @classmethod
    def of(cls, winner_seat: int | None, seat: int) -> Result:
        if winner_seat is None:
            return cls.NONE
        return cls.WIN if winner_seat == seat else cls.LOSS


@dataclass(frozen=True, slots=True)
class NamedTrump:
    """One trump a player named."""

    kind: BidKind
    value: str
    """The suit letter (``S H D C``) or rank character (``A 2 … 9``)."""
    first: bool
    """Whether the player chose first that round (and so chose suit or rank)."""


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat's share of one game."""

    rounds: int
    """Completed rounds."""
    rounds_won: int
    """Completed rounds in which this seat scored more than the other."""
    points: int
    """Sum of this seat's round scores."""
    best_round: int
    """This seat's best round score (0 when no round was completed)."""
    trumps: tuple[NamedTrump, ...]
    """Every trump this seat named, in order."""


def seat_stats(state: GameState, seat: int) -> SeatStats:
    """What ``seat`` did in the game ``state``."""
    scores = [r.scores[seat] for r in state.rounds if r.scores is not None]
    trumps = tuple(
        NamedTrump(bid.kind, bid.value.value, first=i == 0)
        for rnd in state.rounds
        for i, bid in enumerate(rnd.bids)
        if bid.seat == seat
    )
    return SeatStats(
        rounds=len(scores),
        rounds_won=sum(1 for s in scores if 2 * s > POINTS_PER_ROUND),
        points=sum(scores),
        best_round=max(scores, default=0),
        trumps=trumps,
    )


def next_streak(streak: int, won: bool) -> int:
    """The run of results after one more game: positive for wins, negative for losses."""
    if won:
        return streak + 1 if streak > 0 else 1
    return streak - 1 if streak < 0 else -1


@dataclass(frozen=True, slots=True)
class Totals:
    """A player's running totals over their rated games in one server."""

    rating: Rating = INITIAL
    games: int = 0
    wins: int = 0
    losses: int = 0
    streak: int = 0
    """Positive: that many wins in a row; negative: that many losses."""
    best_streak: int = 0
    """The longest run of wins."""
    rounds: int = 0
    rounds_won: int = 0
    round_points: int = 0
    best_round: int = 0
    first_suit: int = 0
    """Rounds in which they chose first and named the trump suit."""
    first_rank: int = 0
    """Rounds in which they chose first and named the trump rank."""

    def after(self, game: SeatStats, won: bool, rating: Rating) -> Totals:
        """The totals after one more rated game."""
        streak = next_streak(self.streak, won)
        firsts = [t.kind for t in game.trumps if t.first]
        return replace(
            self,
            rating=rating,
            games=self.games + 1,
            wins=self.wins + int(won),
            losses=self.losses + int(not won),
            streak=streak,
            best_streak=max(self.best_streak, streak),
            rounds=self.rounds + game.rounds,
            rounds_won=self.rounds_won + game.rounds_won,
            round_points=self.round_points + game.points,
            best_round=max(self.best_round, game.best_round),
            first_suit=self.first_suit + firsts.count(BidKind.SUIT),
            first_rank=self.first_rank + firsts.count(BidKind.RANK),
        )

    @property
    def win_rate(self) -> float | None:
        """Wins per rated game, or None before any."""
        return self.wins / self.games if self.games else None

    @property
    def average_round(self) -> float | None:
        """Average round score, or None before any completed round."""
        return self.round_points / self.rounds if self.rounds else None


def count_trumps(trumps: Iterable[NamedTrump]) -> dict[tuple[BidKind, str], tuple[int, int]]:
    """(kind, value) → (times named, times named when choosing first)."""
    counts: dict[tuple[BidKind, str], tuple[int, int]] = {}
    for trump in trumps:
        named, first = counts.get((trump.kind, trump.value), (0, 0))
        counts[(trump.kind, trump.value)] = (named + 1, first + int(trump.first))
    return counts
