"""What the review feature needs from storage."""

from __future__ import annotations

from typing import Protocol


class ReviewStore(Protocol):
    async def review(self, game_id: int) -> str | None:
        """A finished game's stored review (its JSON), if it was reviewed."""
        ...

    async def save_review(self, game_id: int, review: str, now: float) -> None:
        """Keep a game's review (a second save of the same game keeps the first)."""
        ...

    async def hints_on(self, game_id: int, user_id: int) -> None:
        """The member asked for hints in this game (``play-bot hints:``)."""
        ...

    async def wants_hints(self, game_id: int, user_id: int) -> bool: ...

    async def recent_finished(self, guild_id: int, limit: int) -> list[tuple[int, str]]:
        """The server's most recently finished games, newest first: (game id, kind)."""
        ...
