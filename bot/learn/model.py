"""A learner as the learn service hands it out."""

from __future__ import annotations

from dataclasses import dataclass

LEVEL = "easy"
"""The computer a learner plays: the rule-based level."""
SEED = 3
"""The first deal of every guided game: the learner does not deal, so they choose the first
trump — the tutorial's first tip (see docs/decisions.md, "Learning")."""


@dataclass(frozen=True, slots=True)
class Learner:
    """What the bot remembers of a member learning a game."""

    user_id: int
    shown: frozenset[str] = frozenset()
    """The tips they have seen (each is shown once)."""
    hints_off: bool = False
    """They pressed *Skip hints*."""
    finished: bool = False
    """They have played a guided game to its end: no more tips, ever."""

    @property
    def wants_tips(self) -> bool:
        return not (self.hints_off or self.finished)
