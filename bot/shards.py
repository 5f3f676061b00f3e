"""Which servers this process looks after, by Discord's sharding formula.

A bot in more than 2,500 servers must split its gateway connection into *shards*; Discord sends
each server's events over shard ``(guild_id >> 22) % shard_count``. A large bot runs its shards
in several processes over one database, and each process then owns the servers of its own
shards: it alone runs their background duties (deadlines, reminders, time-outs, challenge
expiry, the computer's interrupted turns, the tables lost in a restart). Clicks and commands
need no such rule — Discord delivers them to the process whose shard owns the server.

Plain Python (no Discord): the services and the storage take a :class:`Shards` to know what is
theirs. Direct messages carry no server (id 0 here), so shard 0 owns them, as in discord.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard whose gateway carries this server's events (Discord's formula)."""
    return (guild_id >> 22) % shard_count


class BadShards(ValueError):
    """A shard count or a set of shard ids that cannot be run; the message says why."""


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards one process runs, out of how many the bot has."""

    count: int
    """How many shards the bot has in all (``BOT_SHARDS``)."""
    ids: frozenset[int]
    """The shards this process runs (``BOT_SHARD_IDS``), each in ``0..count-1``."""

    def __post_init__(self) -> None:
        if self.count < 1:
            raise BadShards(f"the shard count must be at least 1, not {self.count}")
        strays = sorted(i for i in self.ids if not 0 <= i < self.count)
        if strays:
            listed = ", ".join(str(i) for i in strays)
            raise BadShards(
                f"shard ids go from 0 to {self.count - 1} with {self.count} shard(s), "
                f"so {listed} cannot be run"
            )
        if not self.ids:
            raise BadShards("a process must run at least one shard")

    @classmethod
    def every(cls, count: int = 1) -> Shards:
        """All ``count`` shards in this one process (the bot unsharded: ``Shards.every()``)."""
        return cls(count, frozenset(range(count)))

    @classmethod
    def of(cls, count: int, ids: Iterable[int]) -> Shards:
        """Some of ``count`` shards; each id at most once."""
        wanted = list(ids)
        twice = sorted({i for i in wanted if wanted.count(i) > 1})
        if twice:
            raise BadShards(f"shard id(s) {', '.join(str(i) for i in twice)} given twice")
        return cls(count, frozenset(wanted))

    @property
    def everything(self) -> bool:
        """Whether this process owns every server."""
        return len(self.ids) == self.count

    def owns(self, guild_id: int) -> bool:
        """Whether this server's background duties are this process's."""
        return shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        return f"shard(s) {', '.join(str(i) for i in sorted(self.ids))} of {self.count}"


EVERY = Shards.every()
"""One process for every server: the bot unsharded."""
