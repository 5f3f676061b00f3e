"""A server's settings as plain data."""

from __future__ import annotations

from dataclasses import dataclass

from bot.clocks.model import DEFAULT_TIME_PER_MOVE


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's settings (the defaults when its managers changed nothing)."""

    guild_id: int
    time_per_move: float | None = None
    """The default time per move of new challenges; None: :data:`DEFAULT_TIME_PER_MOVE`."""
    open_threads: bool = True
    """Whether each game gets its own thread (when the bot may open one)."""
    channel_ids: frozenset[int] = frozenset()
    """Where games may be started; empty: any channel."""
    language: str | None = None
    """The language of the server's public messages (tables, challenges, ends of rounds and
    games); None: the server's own Discord language."""

    @property
    def default_time(self) -> float:
        return self.time_per_move or DEFAULT_TIME_PER_MOVE

    def allows(self, channel_id: int) -> bool:
        return not self.channel_ids or channel_id in self.channel_ids
