"""A finished game's review: one mark per decision that had a choice."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from bot.ai.review import Decision, Weighed
from bot.games import GameRules

FORMAT = 1
"""The stored review's format (a review of another format is computed again)."""


@dataclass(frozen=True, slots=True)
class Mark:
    """What the strongest level thought of one decision."""

    number: int
    """The decision's place among the game's actions."""
    round: int
    seat: int
    kind: str
    """``trump``, ``gift``, ``play``, ``bid``, ``kill`` (the game's words)."""
    played: str
    """The action taken, in the game's move notation (:meth:`GameRules.action_text`)."""
    best: str
    """The action the level would have taken."""
    loss: float
    """The expected points the action taken cost against the level's choice (0: it agreed)."""
    options: int
    """How many legal options there were."""


@dataclass(frozen=True, slots=True)
class Review:
    """Every weighed decision of a finished game, in the order they were taken."""

    game_id: int
    marks: tuple[Mark, ...]

    def rounds(self) -> list[int]:
        """The rounds with a weighed decision, in order."""
        return sorted({m.round for m in self.marks})

    def in_round(self, number: int) -> list[Mark]:
        return [m for m in self.marks if m.round == number]

    def to_json(self) -> str:
        return json.dumps(
            {"format": FORMAT, "marks": [asdict(m) for m in self.marks]}, separators=(",", ":")
        )

    @classmethod
    def from_json(cls, game_id: int, text: str) -> Review | None:
        """A stored review; None when it is of another format (to be computed again)."""
        data: dict[str, Any] = json.loads(text)
        if data.get("format") != FORMAT:
            return None
        return cls(game_id, tuple(Mark(**m) for m in data["marks"]))


def mark_of(rules: GameRules, decision: Decision, weighed: Weighed) -> Mark | None:
    """The mark of one decision from the level's evaluation of its options (None: the action
    taken was not among them, which a reviewer that keeps to the rules never gives)."""
    value = weighed.value_of(decision.played)
    if value is None:
        return None
    best = weighed.values[weighed.best]
    return Mark(
        number=decision.number,
        round=decision.round,
        seat=decision.seat,
        kind=decision.kind,
        played=rules.action_text(decision.played),
        best=rules.action_text(weighed.choice),
        loss=round(max(best - value, 0.0), 2),
        options=len(weighed.options),
    )
