"""The rules guide and the table's help, privately, in the reader's language."""

from __future__ import annotations

import io

import discord

from cogs.ui.buttons import RulesButton, of_items
from cogs.ui.common import is_ephemeral, reply
from cogs.ui.games import presentation
from cogs.ui.guides import PICTURE
from cogs.ui.i18n import private


def rules_message(
    kind: str, page: int, *, interaction: discord.Interaction
) -> tuple[discord.Embed, list[discord.File], discord.ui.View]:
    """Page ``page`` of a game's rules guide, with ◀ ▶."""
    guide = presentation(kind).guide
    pages = guide.count
    page = min(max(page, 1), pages)
    embed, png = guide.page(page, private(interaction))
    files = [discord.File(io.BytesIO(png), filename=PICTURE)] if png is not None else []
    view = of_items(
        RulesButton(kind, page - 1, "back", disabled=page == 1),
        RulesButton(kind, page + 1, "on", disabled=page == pages),
    )
    return embed, files, view


async def show_rules(interaction: discord.Interaction, kind: str, page: int) -> None:
    """The guide in a private message: turned in place when already private, else new."""
    embed, files, view = rules_message(kind, page, interaction=interaction)
    if is_ephemeral(interaction) and not interaction.response.is_done():
        await interaction.response.edit_message(embed=embed, attachments=files, view=view)
    elif files:
        await interaction.response.send_message(
            embed=embed, file=files[0], view=view, ephemeral=True
        )
    else:
        await reply(interaction, embed=embed, view=view)


async def show_table_help(interaction: discord.Interaction, kind: str) -> None:
    await reply(interaction, embed=presentation(kind).guide.table_help(private(interaction)))
