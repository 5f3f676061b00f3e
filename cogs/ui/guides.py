"""A game's rules guide and its table help, as data: each game writes its pages and its help
lines (``cogs/games/*_rules.py``) and :class:`Guide` turns them into embeds in the reader's
words, the same way for every game. :mod:`cogs.ui.guide` shows them privately.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import discord

from bot.drawing import pages as examples
from cogs.ui.common import COLOUR
from cogs.ui.i18n import Words

PICTURE = "rules.png"
"""The file name a page's picture is attached under, the name its embed's image points to."""


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a guide: its topic (in the title), its text and its picture, if any (a
    picture without words, the same in every language)."""

    topic: str
    text: str
    picture: Callable[[], examples.Picture] | None = None


@dataclass(frozen=True, slots=True)
class Guide:
    """A game's rules guide, a page an idea, and how to read its table. Texts are message ids
    (``N_``) translated when shown."""

    title: str
    """The title of a page, with ``{page}``, ``{pages}`` and ``{topic}``."""
    pages: tuple[Page, ...]
    help_title: str
    help_lines: tuple[str, ...]
    """How to read the table, a paragraph each."""
    _pictures: dict[int, bytes | None] = field(default_factory=dict, compare=False, repr=False)

    @property
    def count(self) -> int:
        """How many pages the guide has (numbered 1 to ``count``)."""
        return len(self.pages)

    def picture(self, page: int) -> bytes | None:
        """The PNG of page ``page`` (1 to :attr:`count`), None for a page without one; drawn
        once, for every language."""
        if page not in self._pictures:
            draw = self.pages[page - 1].picture
            self._pictures[page] = None if draw is None else draw().png
        return self._pictures[page]

    def page(self, page: int, tr: Words) -> tuple[discord.Embed, bytes | None]:
        """Page ``page`` in the reader's words (a number outside the guide is taken as the
        nearest page), and its picture to attach as :data:`PICTURE` (None: nothing to attach,
        and the embed shows no image)."""
        page = min(max(page, 1), self.count)
        shown = self.pages[page - 1]
        embed = discord.Embed(
            title=tr(self.title, page=page, pages=self.count, topic=tr(shown.topic)),
            description=tr(shown.text),
            colour=COLOUR,
        )
        png = self.picture(page)
        if png is not None:
            embed.set_image(url=f"attachment://{PICTURE}")
        return embed, png

    def table_help(self, tr: Words) -> discord.Embed:
        """How to read the table, for a private answer."""
        return discord.Embed(
            title=tr(self.help_title),
            description="\n\n".join(tr(line) for line in self.help_lines),
            colour=COLOUR,
        )
