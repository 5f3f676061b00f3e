"""What the platform needs from a game: the :class:`GameRules` contract.

The service, storage, ladder, clocks and Discord glue know a game only through this contract,
looked up by its kind in :mod:`bot.games`. A game's own package keeps its rules (pure, no I/O)
and its presentation; nothing outside it names its cards, bids or phases.

States, actions and views are opaque here (``Any``): each game has its own types, and only the
game's own code and its renderer look inside them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from bot.endings import Termination
from bot.errors import ServiceError

State = Any
"""A game's immutable state (the game's own type)."""
Action = Any
"""One move in a game's own vocabulary (engine, computer players, service and buttons share it)."""
View = Any
"""What one seat (or everyone, for ``None``) may see of a state: the only thing shown to people
and handed to computer players."""
Event = Any
"""Something an action caused (a trick taken, a round ended), in the game's own vocabulary."""

ENDINGS = tuple(t.value for t in Termination)
"""How a game can end, in every game: the words stored and shown."""


class IllegalMove(ServiceError, ValueError):
    """A move the rules do not allow now: a sentence for the player (an English template
    with its values, like every :class:`~bot.errors.ServiceError`)."""


Place = tuple[int, ...]
"""One place of a finishing order: the teams (indexes in :meth:`GameRules.teams_for`) tied there."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game, as the platform sees it: how it ended and the finishing order."""

    ending: str
    """One of :data:`ENDINGS`."""
    places: tuple[Place, ...]
    """The finishing order, best first: each place holds the teams tied there, and every team
    is in exactly one place. Empty when nobody won (an abandoned game)."""
    seat: int | None = None
    """Who resigned or ran out of time, where that applies."""

    @classmethod
    def won_by(
        cls, ending: str, winner: int | None, teams: int, seat: int | None = None
    ) -> Outcome:
        """The outcome of a game team ``winner`` won, every other team tied below it (a game
        of two teams, or one that ranks nobody but its winner); None: nobody won."""
        if winner is None:
            return cls(ending, (), seat)
        others = tuple(t for t in range(teams) if t != winner)
        return cls(ending, ((winner,), others) if others else ((winner,),), seat)

    @property
    def winner(self) -> int | None:
        """The team alone in first place; None when nobody won or teams tie for first."""
        if not self.places or len(self.places[0]) != 1:
            return None
        return self.places[0][0]

    def place_of(self, team: int) -> int | None:
        """``team``'s place, 1 for the best (tied teams share it); None when nobody won."""
        for index, teams in enumerate(self.places, start=1):
            if team in teams:
                return index
        return None


@dataclass(frozen=True, slots=True)
class Invitation:
    """One seat a challenger fills by naming a member (the option of the challenge command)."""

    option: str
    """The command option's name, e.g. ``opponent`` or ``partner``."""
    seat: int
    description: str


StatRule = Literal["sum", "max"]
"""How a per-game statistic adds up over a player's games: summed, or the best kept."""


class GameRules(Protocol):
    """One game the bot offers. An instance is registered in :mod:`bot.games` under ``kind``."""

    kind: str
    """The stored and typed name, e.g. ``vidrasso``."""
    title: str
    """The name shown to people, e.g. ``Vidrasso``."""
    seat_range: tuple[int, int]
    """The fewest and the most players a game may have (equal for a fixed count)."""
    targets: tuple[int, ...]
    """The points a game may be played to; the first is the default. ``(1,)`` for a game that
    is not played to points (one deal is the whole game): see :func:`to_points`."""
    levels: tuple[str, ...]
    """The computer levels that can fill a seat, easiest first (empty: none)."""
    renderer: str
    """The module that shows this game in Discord (imported by the Discord glue only)."""
    agent: str
    """The module of the game's agent protocol, for ``python -m bot.agent``: ``PROTOCOL``,
    ``LEVELS`` and ``answerer(level)``."""
    simulator: str
    """The module of the game's simulator, for ``python -m bot.simulate``: ``main(argv)``."""
    # Optional, read with ``getattr``: ``reviewer``, the module that weighs a finished
    # game's decisions and gives hints (the shape is :mod:`bot.ai.review`); a game without it
    # has no review.
    invites: tuple[Invitation, ...]
    """The seats a challenge names members for, in seat order (every seat but the challenger's,
    seat 0, up to the most players): the first ``min - 1`` are required, the others optional,
    so a challenge's count is the challenger and the members named."""
    stat_rules: Mapping[str, StatRule]
    """The statistics :meth:`seat_stats` reports, and how each adds up on the ladder."""
    round_name: str
    """What the game calls its ``n``-th round in a list of games, a template of ``{n}``
    marked for the catalogs (``round {n}``; Pidro's ``hand {n}``)."""

    def teams_for(self, seats: int) -> tuple[tuple[int, ...], ...]:
        """The seats of each team in a game of ``seats`` players (one seat each in a game
        without partners); ``seats`` is in :attr:`seat_range`."""
        ...

    def new_game(self, rng: random.Random, target: int, seats: int) -> State:
        """A new game of ``seats`` players (dealt, ready for the first player to act)."""
        ...

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        """Apply a player's (or the clock's, or a manager's) action; raise
        :class:`IllegalMove` when the rules refuse it. Chance steps are :meth:`settle`'s."""
        ...

    def settle(self, state: State, rng: random.Random) -> tuple[State, list[Event]]:
        """Take every chance step now due (deal the next round); no-op when none is."""
        ...

    def view(self, state: State, seat: int | None) -> View:
        """What ``seat`` may see (``None``: what everyone may see)."""
        ...

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        """What ``seat`` may do now (resigning aside); empty when it is not its turn."""
        ...

    def to_act(self, state: State) -> tuple[int, ...]:
        """The seats the game waits for."""
        ...

    def version(self, state: State) -> int:
        """How many actions the state has seen: grows by one with every accepted action."""
        ...

    def outcome(self, state: State) -> Outcome | None:
        """How the game ended, with its finishing order, or None while it goes on."""
        ...

    def resign(self, state: State, seat: int) -> Action:
        """The action of ``seat`` giving up. What it means is the game's own rule, told by
        :meth:`outcome` once the game ends: with two teams its team loses; with more, the
        game may end (its team last, the others placed as the game says) or go on without
        it (its team taking the worst place left)."""
        ...

    def time_out(self, state: State, seat: int) -> Action:
        """The action of ``seat`` running out of time: the game's own rule, as :meth:`resign`."""
        ...

    def abandon(self, state: State) -> Action:
        """The action that stops the game without a winner."""
        ...

    def dumps(self, state: State) -> str:
        """The state as stored text (JSON)."""
        ...

    def loads(self, text: str) -> State:
        """The state from :meth:`dumps`' text."""
        ...

    def record(self, state: State, players: Sequence[str]) -> dict[str, Any]:
        """The game's record (export, replay), with ``players`` naming the seats."""
        ...

    def action_text(self, action: Action) -> str:
        """A short, URL- and custom-id-safe text of a player's action (``play-9D``)."""
        ...

    def parse_action(self, seat: int, text: str) -> Action:
        """The action :meth:`action_text` wrote, for ``seat``; :class:`IllegalMove` if it
        is not one."""
        ...

    def points(self, state: State) -> tuple[int, ...]:
        """Each team's total so far."""
        ...

    def rounds(self, state: State) -> int:
        """Completed rounds (deals, hands) so far."""
        ...

    def seat_stats(self, state: State, seat: int) -> dict[str, int]:
        """What ``seat`` did in a finished game, for the ladder (keys of :attr:`stat_rules`)."""
        ...

    def decider(self) -> Callable[[str, View, int], Action]:
        """The computer players' decision function ``(level, view, seed) -> action``: a
        module-level function, so it can run in a process pool."""
        ...


def default_level(rules: GameRules) -> str:
    """The computer level offered when none is named: the middle one."""
    return rules.levels[len(rules.levels) // 2]


def to_points(rules: GameRules) -> bool:
    """Whether a game is played to a number of points (Vidrasso's 21 or 31, Pidro's 62), which
    its texts say; not when one deal is the whole game (its only target is 1)."""
    return rules.targets != (1,)


def seat_counts(rules: GameRules) -> range:
    """Every number of players a game of ``rules`` may have, fewest first."""
    low, high = rules.seat_range
    return range(low, high + 1)


def team_of(rules: GameRules, seat: int, seats: int) -> int:
    """The index of the team ``seat`` plays for in a game of ``seats`` players."""
    for index, team in enumerate(rules.teams_for(seats)):
        if seat in team:
            return index
    raise ValueError(f"seat {seat} is in no team of {rules.kind}")
