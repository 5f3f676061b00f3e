"""Rows of ``games`` into :class:`bot.play.model.Game` values, parsing each state once.

Parsing a stored state is the costliest part of reading a game, and an active game is read on
every click. :class:`GameRows` keeps the parsed states of the active games it has seen in a
bounded LRU, keyed by game id and valid for one version (and that exact text: a write rolled
back, or made by another process, is never served from it). A write hands over the state it
wrote (``PlayStore.save_state(parsed=...)``), so the next read of that game parses nothing.
Game states are immutable values, so sharing one between readers is safe.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from bot.play.model import ACTIVE, Game, Seat
from bot.storage import StateCodec
from bot.storage.sql.statements import Row

GAME_COLUMNS = """
g.id, g.kind, g.guild_id, g.channel_id, g.thread_id, g.table_message_id, g.table_posted_at,
g.seats, g.target, g.status, g.result, g.winner, g.version, g.state, g.created_at, g.updated_at,
g.finished_at, g.table_version
"""
"""What :meth:`GameRows.game` reads: select these from ``games AS g`` in any store's query."""

CACHED_STATES = 2_048
"""Parsed states kept (active games; the least recently used go first)."""


class GameRows:
    """Games from rows, with the parsed states of active games cached."""

    def __init__(self, codec: StateCodec, size: int = CACHED_STATES) -> None:
        self.codec = codec
        self.size = size
        self._states: OrderedDict[int, tuple[int, str, Any]] = OrderedDict()
        """Game id → (version, stored text, parsed state)."""

    def state(self, game_id: int, kind: str, version: int, text: str, status: str) -> Any:
        """The parsed state of a stored one, from the cache when it holds that version."""
        cached = self._states.get(game_id)
        if cached is not None and cached[0] == version and cached[1] == text:
            self._states.move_to_end(game_id)
            return cached[2]
        state = self.codec(kind, text)
        self.remember(game_id, version, text, state, status)
        return state

    def remember(self, game_id: int, version: int, text: str, state: Any, status: str) -> None:
        """Keep a game's parsed state (dropped once the game is over)."""
        if status != ACTIVE:
            self._states.pop(game_id, None)
            return
        self._states[game_id] = (version, text, state)
        self._states.move_to_end(game_id)
        while len(self._states) > self.size:
            self._states.popitem(last=False)

    def game(self, row: Row) -> Game:
        """A game from a row that has :data:`GAME_COLUMNS`."""
        game_id, kind, version, status = row["id"], row["kind"], row["version"], row["status"]
        return Game(
            id=game_id,
            kind=kind,
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            thread_id=row["thread_id"],
            table_message_id=row["table_message_id"],
            table_posted_at=row["table_posted_at"],
            seats=tuple(Seat(int(user), level) for user, level in json.loads(row["seats"])),
            target=row["target"],
            status=status,
            result=row["result"],
            winner=row["winner"],
            version=version,
            state=self.state(game_id, kind, version, row["state"], status),
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            finished_at=row["finished_at"],
            table_version=row["table_version"],
        )
