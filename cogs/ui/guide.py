"""The rules guide and the table's help, privately, in the reader's language."""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from cogs.ui.common import guarded, is_ephemeral, of_items, reply
from cogs.ui.games import presentation
from cogs.ui.guides import PICTURE
from cogs.ui.i18n import ENGLISH_WORDS, Words, private

Button = discord.ui.Button[Any]


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


class RulesButton(
    discord.ui.DynamicItem[Button],
    template=r"vidrasso:rules:(?P<kind>[a-z]{1,20}):(?P<page>\d+):(?P<way>open|back|on)",
):
    """The rules guide: *Rules* on a challenge opens it privately; ◀ ▶ turn its pages."""

    def __init__(
        self,
        kind: str,
        page: int,
        way: str = "open",
        *,
        label: str | None = None,
        disabled: bool = False,
    ) -> None:
        self.kind = kind
        self.page = page
        shown = {"back": "◀", "on": "▶"}.get(way, label)
        super().__init__(
            discord.ui.Button(
                label=shown,
                style=discord.ButtonStyle.secondary,
                custom_id=f"vidrasso:rules:{kind}:{max(page, 1)}:{way}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesButton:
        return cls(match["kind"], int(match["page"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: show_rules(interaction, self.kind, self.page))


class TableHelpButton(
    discord.ui.DynamicItem[Button], template=r"vidrasso:tablehelp:(?P<kind>[a-z]{1,20})"
):
    """*How to read this table*: a private explanation."""

    def __init__(self, kind: str, tr: Words = ENGLISH_WORDS) -> None:
        self.kind = kind
        super().__init__(
            discord.ui.Button(
                label=tr("How to read this table"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"vidrasso:tablehelp:{kind}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableHelpButton:
        return cls(match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: show_table_help(interaction, self.kind))
