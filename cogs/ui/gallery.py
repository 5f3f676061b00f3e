"""What every game's screens in the gallery share (``python -m bot.screens``): a stored game
around a state, and a message drawn as Discord shows it (:mod:`bot.drawing.message`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.drawing.message import message_png
from bot.games import rules_for
from bot.play.model import ACTIVE, FINISHED, Game, Seat

ALICE, BOB = 111_111, 222_222
PLAYERS = (ALICE, BOB, 333_333, 444_444, 555_555, 666_666, 777_777, 888_888, 999_999, 101_010)
"""The members of the gallery's games, seat by seat."""
FIRST_NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy")
NAMES = dict(zip(PLAYERS, FIRST_NAMES, strict=True))
BOT = "Vidrasso Bot"
WIDTH = 520
"""The width a message is drawn at (about Discord's on a desktop; a phone's is about 400:
``python -m bot.screens --width 400``)."""
DEADLINE = 1_764_000_000.0
"""The deadline a table of the gallery shows (a picture has no "now": "in a while")."""


def stored_game(game_id: int, kind: str, state: Any, players: Sequence[int]) -> Game:
    """Game ``game_id``, of ``kind``, stored with ``players`` (members) around ``state``."""
    outcome = rules_for(kind).outcome(state)
    return Game(
        id=game_id,
        kind=kind,
        guild_id=1,
        channel_id=2,
        thread_id=None,
        table_message_id=None,
        table_posted_at=None,
        seats=tuple(Seat(user) for user in players),
        target=state.target,
        status=ACTIVE if outcome is None else FINISHED,
        result=None if outcome is None else outcome.ending,
        winner=None if outcome is None else outcome.winner,
        version=state.moves,
        state=state,
        created_at=0.0,
        updated_at=0.0,
        finished_at=None,
    )


def draw(
    content: str | None,
    embed: discord.Embed | None,
    view: discord.ui.View | None = None,
    *,
    picture: bytes | None = None,
    ephemeral: bool = False,
) -> bytes:
    """One message as Discord shows it."""
    if picture is not None and embed is not None:
        embed.set_image(url="attachment://table.png")
    return message_png(
        author=BOT,
        content=content,
        embeds=[embed.to_dict()] if embed is not None else [],
        components=view.to_components() if view is not None else [],
        attachments={"table.png": picture} if picture is not None else {},
        names=NAMES,
        ephemeral=ephemeral,
        width=width(),
    )


def width() -> int:
    """The width messages are drawn at now (:data:`WIDTH` unless ``--width`` changed it)."""
    return WIDTH
