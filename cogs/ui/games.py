"""How a game looks in Discord: the :class:`Presentation` contract, found by the game's kind.

A game's rules name the module of its presentation (``GameRules.renderer``); that module
exposes ``PRESENTATION``. The generic flows (challenge, table, hand, end of game) draw every
game-specific text, embed and button through it, and build everything from views only, in
the reader's words (``tr``: the member's language in private, the server's in public).
"""

from __future__ import annotations

import asyncio
import importlib
import io
import json
from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from functools import cache
from typing import Any, Protocol

import discord

from bot.games import rules_for
from bot.play.model import Game
from bot.play.service import Moved
from cogs.ui.guides import Guide
from cogs.ui.i18n import Words


class Presentation(Protocol):
    """Everything game-specific that people see."""

    def table(self, game: Game, view: Any, tr: Words) -> discord.Embed:
        """The public table, from the public view."""
        ...

    def picture(self, game: Game, view: Any, names: Sequence[str], tr: Words) -> bytes | None:
        """The public table drawn as a PNG, from the public view (None: text only)."""
        ...

    def turn_line(self, game: Game, view: Any, tr: Words) -> str:
        """One line saying who must do what now (from the public view)."""
        ...

    # A game that draws its table may also give ``summary(game, view, tr) -> str``: the short
    # text beside the picture on a phone-first table (what just happened, the score), the
    # long :meth:`table` going behind *Details*. Without it, the table message keeps the long
    # text (:func:`summary_of`).
    #
    # A game that draws its players' names on its table may also give
    # ``warm_names(names, tr) -> concurrent.futures.Future | None``: have the process that
    # draws the tables learn those names (their layout and ink), not waited for, so that the
    # game's first picture finds them kept. The challenge flow calls it as seats are taken
    # (:func:`warm_names`); without it, nothing is done and the first picture learns them.

    def hand(self, game: Game, view: Any, note: str | None, tr: Words) -> discord.Embed:
        """A player's private hand, from that player's own seat view."""
        ...

    def hand_items(
        self, game: Game, view: Any, pending: str | None, tr: Words
    ) -> Sequence[discord.ui.Item[Any]]:
        """The buttons under a private hand: the legal moves, from the seat view. A move that
        wants a second thought is picked first (``PickButton``/``PickSelect``) and shown
        again with ``pending`` set, to be confirmed with a ``MoveButton``."""
        ...

    def tricks(self, game: Game, view: Any, tr: Words) -> discord.Embed:
        """This round's tricks so far, from the public view."""
        ...

    def tricks_to_show(self, view: Any) -> bool:
        """Whether the public view's round has tricks to list (played, or one under way):
        the table offers *Tricks* only then, not during the bidding."""
        ...

    def move_note(self, moved: Moved, tr: Words) -> str:
        """A short line for the mover about what their action did."""
        ...

    def opening(self, game: Game, tr: Words) -> str | None:
        """A public line before the first table (e.g. the cut for the dealer), if any."""
        ...

    def announcements(self, moved: Moved, tr: Words) -> Sequence[discord.Embed]:
        """Public messages an action deserves besides the table (a round's result)."""
        ...

    def game_over(
        self, game: Game, view: Any, ratings: Mapping[int, tuple[int, int]], tr: Words
    ) -> discord.Embed:
        """The end of a game, from the public view; ``ratings`` maps each rated player to
        their shown rating before and after the game."""
        ...

    def tip(self, view: Any, shown: frozenset[str], tr: Words) -> tuple[str, str] | None:
        """The guided game's tip for a learner's seat view now, if one fits and was not
        ``shown`` yet: (key, text)."""
        ...

    def replay_pages(self, game: Game) -> int:
        """How many pages the replay of a finished game has."""
        ...

    def replay_rounds(self, game: Game) -> Sequence[int]:
        """The first page of each round of the replay, in order: where a jump to a round
        lands. That page shows the round as it was dealt (every hand, every face-down card)
        and a short summary of it (trumps, gifts, who took what)."""
        ...

    def replay_page(
        self, game: Game, page: int, names: Sequence[str], tr: Words
    ) -> tuple[discord.Embed, bytes | None]:
        """One page of the replay of a finished game: its embed and its picture. A finished
        game hides nothing: the embed shows every player's cards as they were at that point
        (the picture stays the public table)."""
        ...

    @property
    def guide(self) -> Guide:
        """The rules guide, a page an idea, and how to read the table."""
        ...

    def ladder_fields(
        self, stats: Mapping[str, int], rounds: int, tr: Words
    ) -> list[tuple[str, str]]:
        """Fields of ``/stats`` for this game's own statistics: (name, value)."""
        ...

    def ladder_summary(self, stats: Mapping[str, int], rounds: int, tr: Words) -> str | None:
        """The game's own figure at the end of a leaderboard row, if any."""
        ...

    gallery: str
    """The module of the game's screens for the gallery (``python -m bot.screens``): its
    ``screens(seed, words)`` gives each screen's PNG by file name (``NN-what``), drawn as
    Discord shows them from seeded games; its optional ``README`` maps the name of each picture
    of the game in the README to its screen (``make screens`` keeps them in
    ``games/<kind>/docs/screens/<name>.png``)."""


def summary_of(shown: Presentation, game: Game, view: Any, tr: Words) -> str | None:
    """The short text beside a table's picture, for a game whose presentation gives one."""
    summary = getattr(shown, "summary", None)
    if summary is None:
        return None
    text: str = summary(game, view, tr)
    return text


def warm_names(kind: str, names: Sequence[str], tr: Words) -> Future[object] | None:
    """Ask the drawing process to learn the names of a table's players before its first
    picture, through the game's presentation when it has ``warm_names`` (else nothing): the
    request is sent, never waited for. Returns it, or None when nothing was sent."""
    warm = getattr(presentation(kind), "warm_names", None)
    if warm is None:
        return None
    sent: Future[object] | None = warm(names, tr)
    return sent


def record_json(game: Game) -> bytes:
    """The game's whole record as JSON."""
    record = game.rules.record(game.state, [str(i) for i in game.player_ids])
    record["game_id"] = game.id
    return json.dumps(record, indent=1).encode()


async def record_file(game: Game) -> discord.File:
    """The game's record as an attachment (``<kind>-game-<id>.json``), built in a worker
    thread: a whole game's record takes milliseconds the event loop should not wait."""
    data = await asyncio.to_thread(record_json, game)
    return discord.File(io.BytesIO(data), filename=f"{game.kind}-game-{game.id}.json")


@cache
def presentation(kind: str) -> Presentation:
    """The presentation of a registered game."""
    module = importlib.import_module(rules_for(kind).renderer)
    found: Presentation = module.PRESENTATION
    return found
