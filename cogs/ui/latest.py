"""Only the latest table of a game is shown: one game's tables are drawn and sent one at a
time, in order, and a table whose game has a newer state waiting is never drawn at all.

Every accepted action publishes its table, and under load a game's next action (another
player's, the computer's, a double click) may be accepted before the previous table was drawn.
Drawing both wastes a picture, and sending both may land the older one last, over the newer.
So each game's tables take :meth:`Latest.turn` one after another: a table whose version is
older than one already asked for is dropped — its message is never sent or edited into the past
— and what it meant to do for its readers is carried to the next: a new message (rather than
an edit) and the members it would have mentioned, while it is still theirs to act.

With at most one table of a game being drawn and one waiting, a burst of moves in one game costs
two pictures, not one per move.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


@dataclass
class Turn:
    """A table's turn to be shown, once its game's previous table is done."""

    latest: bool
    """Whether this is the newest table asked for (False: drop it)."""
    new_message: bool
    """Post a new table message (and remove the old one) rather than edit it in place: this
    table's own wish, or one of the tables dropped before it."""
    mention: tuple[int, ...]
    """The seats to mention: this table's, then those of dropped tables."""
    waited: bool
    """Whether another table of the game was being shown when this one asked (the game this
    one was built from may name a table message that has been replaced since)."""


@dataclass
class _Dropped:
    new_message: bool = False
    mention: list[int] = field(default_factory=list)


class Latest:
    """One table at a time per game, the latest only (see the module's docstring)."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._newest: dict[int, int] = {}
        """Game id → the newest version asked for while a table of the game is in hand."""
        self._dropped: dict[int, _Dropped] = {}
        """Game id → what its dropped tables meant to do, for the next one."""
        self._waiting: dict[int, int] = {}
        """Game id → tables asking or being shown (the records above go when none is)."""

    @asynccontextmanager
    async def turn(
        self, game_id: int, version: int, *, new_message: bool, mention: tuple[int, ...]
    ) -> AsyncIterator[Turn]:
        """Wait for the game's previous table, then this one's :class:`Turn`; the next table
        of the game waits until this block ends."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        waited = lock.locked()
        self._newest[game_id] = max(version, self._newest.get(game_id, version))
        self._waiting[game_id] = self._waiting.get(game_id, 0) + 1
        try:
            async with lock:
                if version < self._newest[game_id]:
                    dropped = self._dropped.setdefault(game_id, _Dropped())
                    dropped.new_message |= new_message
                    dropped.mention += [s for s in mention if s not in dropped.mention]
                    yield Turn(False, False, (), waited)
                    return
                carried = self._dropped.pop(game_id, _Dropped())
                seats = mention + tuple(s for s in carried.mention if s not in mention)
                yield Turn(True, new_message or carried.new_message, seats, waited)
        finally:
            self._waiting[game_id] -= 1
            if not self._waiting[game_id]:
                del self._waiting[game_id]
                self._newest.pop(game_id, None)
                self._dropped.pop(game_id, None)
