"""The game-free shape of a game's reviewer: what a finished game's decisions are, and what
a computer level thought of each option of one.

A game that can be reviewed names a module in its registry entry (``reviewer``, an optional
attribute like ``hidden_cards``), which offers:

- ``decisions(state) -> list[Decision]``: every decision of a finished game that had more
  than one legal option, each with the deciding seat's view at that moment (only what that
  player could see) and the action taken;
- ``weigh(view, seed) -> Weighed``: the strongest level's own evaluation of every option of
  the view's decision (top level with picklable arguments: it runs in the computer's process
  pool);
- ``hint(view, seed) -> Weighed``: the same from the level that gives hints (medium);
- ``label(action) -> tuple[str, dict[str, str]]``: how to name an action to people, as an
  English template marked for the catalogs and its language-free fields (``7♥``);
- ``can_weigh(view) -> bool`` (optional): whether ``hint`` weighs this decision (without
  it, every decision with a choice);
- ``COSTLY`` (optional): the least cost the review lists as a costly decision (below it, the
  search's own noise).

Values are expected points for the deciding seat (or its team) from that moment; an option's
cost is the best option's value less its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a finished game, as the deciding seat saw it."""

    number: int
    """Its place among the game's actions (0: the first action of the game)."""
    round: int
    """The round (Pidro: the hand) it was taken in, 1 for the first."""
    seat: int
    kind: str
    """What was decided, in the game's words: ``trump``, ``gift``, ``play``, ``bid``, ``kill``."""
    view: Any
    """The seat's view just before it decided (the only thing the evaluation may read)."""
    played: Any
    """The action it took."""


@dataclass(frozen=True, slots=True)
class Weighed:
    """A level's evaluation of the options of one decision."""

    options: tuple[Any, ...]
    values: tuple[float, ...]
    """Each option's expected points, in the order of ``options``."""
    best: int
    """The index of the option the level itself chooses."""

    @property
    def choice(self) -> Any:
        return self.options[self.best]

    def value_of(self, action: Any) -> float | None:
        """The value of ``action`` (None: not one of the options)."""
        for option, value in zip(self.options, self.values, strict=True):
            if option == action:
                return value
        return None

    def runner_up(self) -> int | None:
        """The index of the best option after the chosen one (None: there is no other)."""
        others = [i for i in range(len(self.options)) if i != self.best]
        return max(others, key=lambda i: self.values[i]) if others else None
