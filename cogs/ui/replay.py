"""Looking back on a finished game, of any kind: its replay, page by page.

A replay opens from *Replay* on the game-over message, from ``/history`` (privately, in the
member's words) or with ``/replay`` (in public). Each round begins with its deal: every hand
and face-down card as dealt, and a summary of the round. ◀ ▶ step a trick, ⏮ ⏭ a round, and a
menu jumps to any round: from the game-over message any round is three taps away (*Replay*,
the menu, the round). Everything game-specific comes from the game's presentation
(``replay_pages``, ``replay_rounds``, ``replay_page``); the buttons are persistent
(:mod:`cogs.ui.buttons`), so a replay keeps working after a restart. A finished game hides
nothing, so anyone in the server may look.
"""

from __future__ import annotations

import asyncio
import bisect
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.play.model import Game
from cogs.ui.buttons import ReplayButton, ReplayRoundSelect
from cogs.ui.common import detached, is_ephemeral
from cogs.ui.games import presentation
from cogs.ui.i18n import Words, private

if TYPE_CHECKING:
    from bot.app import CardBot

PICTURE = "replay.png"
"""The file name of a replay page's picture."""
MENU_ROUNDS = 25
"""The most rounds the menu lists (Discord's limit of options): those around the page."""


def round_of(starts: Sequence[int], page: int) -> int:
    """The index of the round ``page`` belongs to (-1: a page before the first round)."""
    return bisect.bisect_right(starts, page) - 1


def round_label(game: Game, index: int, tr: Words) -> str:
    """``Round 3`` (Pidro's ``Hand 3``): the game's own word for its rounds, as a heading."""
    label = tr(game.rules.round_name, n=index + 1)
    return label[:1].upper() + label[1:]


def menu_window(count: int, current: int) -> range:
    """The rounds the menu lists: all of them, or the :data:`MENU_ROUNDS` around ``current``."""
    if count <= MENU_ROUNDS:
        return range(count)
    first = min(max(current - MENU_ROUNDS // 2, 0), count - MENU_ROUNDS)
    return range(first, first + MENU_ROUNDS)


def replay_view(
    game: Game, page: int, pages: int, starts: Sequence[int], tr: Words
) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ and, when the game had several rounds, a menu of its rounds."""
    current = round_of(starts, page)
    if current >= 0 and page > starts[current]:
        round_back = starts[current]  # the start of this round, as a player's ⏮
    else:
        round_back = starts[current - 1] if current >= 1 else 0
    round_on = starts[current + 1] if current + 1 < len(starts) else pages - 1
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(game.id, round_back, "rback", disabled=page == 0))
    view.add_item(ReplayButton(game.id, page - 1, "back", disabled=page == 0))
    view.add_item(ReplayButton(game.id, page + 1, "on", disabled=page >= pages - 1))
    view.add_item(ReplayButton(game.id, round_on, "ron", disabled=page >= pages - 1))
    if len(starts) > 1:
        options = [
            (starts[i], round_label(game, i, tr), i == current)
            for i in menu_window(len(starts), max(current, 0))
        ]
        view.add_item(
            ReplayRoundSelect(game.id, options, placeholder=tr("Jump to a round…"), row=1)
        )
    return detached(view)


async def replay_message(
    bot: CardBot, game: Game, page: int, tr: Words
) -> tuple[discord.Embed, list[discord.File], discord.ui.View]:
    """One page of a finished game's replay in ``tr``'s words, with its buttons."""
    shown = presentation(game.kind)
    pages = shown.replay_pages(game)
    starts = list(shown.replay_rounds(game))
    page = min(max(page, 0), pages - 1)
    names = await bot.publisher.names(game, tr)
    embed, png = await asyncio.to_thread(shown.replay_page, game, page, names, tr)
    current = round_of(starts, page)
    where = tr("Page {n} of {pages}", n=page + 1, pages=pages)
    if current >= 0:
        where = tr("{round} · {page}", round=round_label(game, current, tr), page=where)
    embed.set_footer(text=where)
    files = []
    if png is not None:
        embed.set_image(url=f"attachment://{PICTURE}")
        files.append(discord.File(io.BytesIO(png), filename=PICTURE))
    return embed, files, replay_view(game, page, pages, starts, tr)


async def open_replay(interaction: discord.Interaction, game_id: int) -> None:
    """*Replay* (the game-over message, ``/history``): the game's first page, privately, so
    everyone pages through it at their own pace."""
    assert interaction.guild_id is not None
    bot: CardBot = interaction.client  # type: ignore[assignment]
    game = await bot.services.games.finished_game(interaction.guild_id, game_id)
    embed, files, view = await replay_message(bot, game, 0, private(interaction))
    await interaction.response.send_message(embed=embed, files=files, view=view, ephemeral=True)


async def turn_page(interaction: discord.Interaction, game_id: int, page: int) -> None:
    """A replay's button or menu: the page asked for, in place (a private replay in the
    member's words, a public one in the server's)."""
    assert interaction.guild_id is not None
    bot: CardBot = interaction.client  # type: ignore[assignment]
    game = await bot.services.games.finished_game(interaction.guild_id, game_id)
    if is_ephemeral(interaction):
        tr = private(interaction)
    else:
        tr = await bot.publisher.words(interaction.guild_id)
    embed, files, view = await replay_message(bot, game, page, tr)
    await interaction.response.edit_message(embed=embed, attachments=files, view=view)
