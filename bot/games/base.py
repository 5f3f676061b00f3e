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


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game, as the platform sees it."""

    ending: str
    """One of :data:`ENDINGS`."""
    winner: int | None
    """The winning team's index in :attr:`GameRules.teams`; None when nobody won (abandoned)."""
    seat: int | None = None
    """Who resigned or ran out of time, where that applies."""


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
    seats: int
    """How many players a game has."""
    teams: tuple[tuple[int, ...], ...]
    """The seats of each team (one seat each in a game without partners)."""
    targets: tuple[int, ...]
    """The points a game may be played to; the first is the default."""
    levels: tuple[str, ...]
    """The computer levels that can fill a seat, easiest first (empty: none)."""
    renderer: str
    """The module that shows this game in Discord (imported by the Discord glue only)."""
    agent: str
    """The module of the game's agent protocol, for ``python -m bot.agent``: ``PROTOCOL``,
    ``LEVELS`` and ``answerer(level)``."""
    simulator: str
    """The module of the game's simulator, for ``python -m bot.simulate``: ``main(argv)``."""
    invites: tuple[Invitation, ...]
    """The seats a challenge names members for (every seat but the challenger's, seat 0)."""
    stat_rules: Mapping[str, StatRule]
    """The statistics :meth:`seat_stats` reports, and how each adds up on the ladder."""
    round_name: str
    """What the game calls its ``n``-th round in a list of games, a template of ``{n}``
    marked for the catalogs (``round {n}``; Pidro's ``hand {n}``)."""

    def new_game(self, rng: random.Random, target: int) -> State:
        """A new game (dealt, ready for the first player to act)."""
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
        """How the game ended, or None while it goes on."""
        ...

    def resign(self, state: State, seat: int) -> Action:
        """The action of ``seat`` giving up (its team loses)."""
        ...

    def time_out(self, state: State, seat: int) -> Action:
        """The action of ``seat`` running out of time (its team loses)."""
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


def team_of(rules: GameRules, seat: int) -> int:
    """The index of the team ``seat`` plays for."""
    for index, team in enumerate(rules.teams):
        if seat in team:
            return index
    raise ValueError(f"seat {seat} is in no team of {rules.kind}")
