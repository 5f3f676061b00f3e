"""The storage interface: what services and hooks may ask of a database, and nothing more.

A :class:`Storage` hands out transactions; a :class:`Transaction` carries one store per feature
(play, ladder, clocks, settings, learn, events, reviews), each a typing ``Protocol`` owned by its
feature (``bot/<feature>/store.py``). The stores are written once in SQL
(:mod:`bot.storage.sql`) and run on SQLite (:mod:`bot.storage.sqlite`, the default) or PostgreSQL
(:mod:`bot.storage.postgres`); nothing outside ``bot/storage/``, the composition root
(:mod:`bot.services`) and the copy tool (:mod:`bot.db`) imports either.

Every write happens inside ``async with storage.transaction() as tx:``: committed when the block
ends, rolled back on any error, so an action, its hooks (ratings, clocks) and its state commit
together or not at all.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.clocks.store import ClockStore
from bot.errors import Stale
from bot.events.store import EventStore
from bot.ladder.store import LadderStore
from bot.learn.store import LearnStore
from bot.play.store import PlayStore
from bot.review.store import ReviewStore
from bot.settings.store import SettingsStore

StateCodec = Callable[[str, str], Any]
"""``(kind, text) -> state``: how storage turns a stored state back into the game's own type
(given by the composition root from :mod:`bot.games`; storage knows no game)."""


class Transaction(Protocol):
    """One unit of work: every feature's store, over the same transaction."""

    @property
    def play(self) -> PlayStore: ...

    @property
    def ladder(self) -> LadderStore: ...

    @property
    def clocks(self) -> ClockStore: ...

    @property
    def settings(self) -> SettingsStore: ...

    @property
    def learn(self) -> LearnStore: ...

    @property
    def events(self) -> EventStore: ...

    @property
    def reviews(self) -> ReviewStore: ...

    async def claim(self, key: str) -> bool:
        """An exclusive claim for the rest of this transaction; False when another process
        holds it.

        Taken before a background duty acts (a deadline's time-out or reminder, a challenge's
        expiry), with a key naming that firing (``deadline:{game_id}:{version}``,
        ``challenge-expiry:{challenge_id}``), so two processes that both think they own a
        server during a rollout do not act at once. It does not replace the version checks:
        a process that claims after the other committed must find nothing left to do.
        PostgreSQL answers with an advisory lock on the key; SQLite always says True, since
        ``BEGIN IMMEDIATE`` already makes the transaction the file's only writer.
        """
        ...


class Storage(Protocol):
    """A database: transactions for writing, and reads."""

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """A write transaction: committed when the block ends, rolled back on any error."""
        ...

    def read(self) -> AbstractAsyncContextManager[Transaction]:
        """Read access (a consistent snapshot; writing through it is an error)."""
        ...

    async def close(self) -> None: ...


class VersionConflict(Stale):
    """The row changed since it was read (a double click, or a concurrent action in this or
    another process). It is a :class:`Stale` request, so the member gets the polite answer to a
    stale click; ``detail`` says what conflicted, for the logs."""

    def __init__(self, detail: str = "") -> None:
        super().__init__("The game moved on meanwhile.")
        self.detail = detail
