"""What the learn service needs from storage."""

from __future__ import annotations

from typing import Protocol

from bot.learn.model import Learner


class LearnStore(Protocol):
    async def learner(self, user_id: int) -> Learner: ...

    async def add_game(self, game_id: int, user_id: int) -> None:
        """Mark a game as a member's guided game."""
        ...

    async def learner_of(self, game_id: int) -> int | None:
        """The member a guided game teaches; None for any other game."""
        ...

    async def mark_shown(self, user_id: int, tip: str) -> bool:
        """Remember a tip as seen; False when it already was (so it is shown once)."""
        ...

    async def hints_off(self, user_id: int) -> None: ...

    async def finish(self, user_id: int, now: float) -> None: ...
