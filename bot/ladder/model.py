"""The ladder's data: standings, running totals, history entries and records, for any game.

Plain frozen dataclasses, handed out by the ladder store and the ladder service. A game's own
statistics are only keys and numbers here (``Totals.stats``), added up by the game's
``stat_rules``; what they mean is for the game's presentation to say.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.ladder.rating import INITIAL, Rating
from bot.ladder.stats import add_stats, next_streak

if TYPE_CHECKING:
    from bot.games.base import StatRule


class Result(enum.Enum):
    """A game's result for one player."""

    WIN = "win"
    LOSS = "loss"
    NONE = "none"
    """No result: an abandoned game."""

    @classmethod
    def of(cls, winner: int | None, team: int) -> Result:
        """The result of a player of ``team`` when team ``winner`` won (None: nobody did)."""
        if winner is None:
            return cls.NONE
        return cls.WIN if winner == team else cls.LOSS

    @classmethod
    def of_place(cls, place: int | None) -> Result:
        """The result of a player whose team finished in ``place``: first place (shared or
        not) is a win, any other a loss; None (nobody won) no result."""
        if place is None:
            return cls.NONE
        return cls.WIN if place == 1 else cls.LOSS


@dataclass(frozen=True, slots=True)
class Totals:
    """A player's running totals over their rated games of one kind in one server."""

    rating: Rating = INITIAL
    games: int = 0
    wins: int = 0
    losses: int = 0
    streak: int = 0
    """Positive: that many wins in a row; negative: that many losses."""
    best_streak: int = 0
    """The longest run of wins."""
    rounds: int = 0
    """Completed rounds (deals, hands) in rated games."""
    stats: Mapping[str, int] = field(default_factory=dict)
    """The game's own statistics (keys of its ``stat_rules``), added up over rated games; a
    key the player never had is missing."""

    def after(
        self,
        *,
        won: bool,
        rating: Rating,
        rounds: int,
        stats: Mapping[str, int],
        rules: Mapping[str, StatRule],
    ) -> Totals:
        """The totals after one more rated game, in which the player had ``stats``."""
        streak = next_streak(self.streak, won)
        return Totals(
            rating=rating,
            games=self.games + 1,
            wins=self.wins + int(won),
            losses=self.losses + int(not won),
            streak=streak,
            best_streak=max(self.best_streak, streak),
            rounds=self.rounds + rounds,
            stats=add_stats(self.stats, stats, rules),
        )

    @property
    def win_rate(self) -> float | None:
        """Wins per rated game, or None before any."""
        return self.wins / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place on a server's ladder of one game."""

    user_id: int
    name: str | None
    """The display name last seen for them in this server, if any."""
    totals: Totals
    rank: int
    """1 for the top; players with the same shown rating share a rank."""


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One finished game, as one of its (human) players sees it."""

    game_id: int
    kind: str
    guild_id: int
    user_id: int
    seat: int
    team: int
    opponent_id: int
    """The first seat of the other teams: in a two-player game, the opponent."""
    computer_level: str | None
    """Set when the game had a computer seat (the level it played against)."""
    result: Result
    ending: str
    """How the game ended: finished, resigned, timeout, abandoned."""
    rated: bool
    points: int
    """The final total of the player's team."""
    opponent_points: int
    """The best final total of the other teams."""
    rounds: int
    rating: Rating | None
    """The player's rating after the game (rated games only)."""
    finished_at: float
    opponent_name: str | None = None
    """The opponent's last seen display name (filled in when read back)."""
    place: int | None = None
    """The player's team's place in the finishing order (1 the best; tied teams share it);
    None when nobody won (an abandoned game)."""


@dataclass(frozen=True, slots=True)
class PairRecord:
    """Rated games between two players on opposite teams, from the first one's side: a win
    when the first finished above the second, a draw when their teams shared a place."""

    wins: int
    losses: int
    draws: int = 0


@dataclass(frozen=True, slots=True)
class PartnerRecord:
    """A player's finished games with one partner on their team (rated or not)."""

    partner_id: int
    wins: int
    losses: int
    name: str | None = None
    """The partner's last seen display name."""


@dataclass(frozen=True, slots=True)
class ComputerRecord:
    """A player's unrated games against the computer at one level."""

    level: str
    wins: int
    losses: int


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page of a server's ladder, and where the viewer stands."""

    kind: str
    page: int
    """The page shown, 1-based (the one asked for, brought within bounds)."""
    pages: int
    """How many pages there are (at least 1, even for an empty ladder)."""
    players: int
    """Players on the ladder."""
    rows: tuple[Standing, ...]
    viewer: Standing | None
    """The viewer's own standing, on this page or not (None: not on the ladder)."""
    asked: int
    """The page that was asked for."""

    @property
    def viewer_on_page(self) -> bool:
        return self.viewer is not None and any(r.user_id == self.viewer.user_id for r in self.rows)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """Everything /stats shows about one player of one game in one server."""

    kind: str
    user_id: int
    name: str | None
    standing: Standing | None
    """None when the player has no rated game here."""
    players: int
    """Players on this server's ladder."""
    history: tuple[Rating, ...]
    """Ratings for the chart: ``history[i]`` is the rating after game ``first_game + i``."""
    first_game: int
    finished: tuple[float | None, ...]
    """When each game of ``history`` finished (None for the starting point)."""
    head_to_head: PairRecord | None
    """Their rated games against the viewer (None: none, or the viewer is the player)."""
    computer: tuple[ComputerRecord, ...]
    partners: tuple[PartnerRecord, ...] = ()
    """Their most frequent partners in a game with partners, most games first."""
