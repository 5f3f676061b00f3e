"""High card in Discord: the smallest presentation a game can have."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.play.model import Game
from bot.play.service import Moved
from cogs.ui.buttons import MoveButton
from cogs.ui.guides import Guide, Page
from cogs.ui.i18n import Words
from tests.toy.rules import HIGH_CARD, TrickTaken, View


def _names(game: Game, seats: tuple[int, ...]) -> str:
    return " and ".join(f"<@{game.player_ids[s]}>" for s in seats)


class HighCardPresentation:
    def table(self, game: Game, view: View, tr: Words) -> discord.Embed:
        assert view.seat is None
        points = " · ".join(
            f"<@{u}> {p}" for u, p in zip(game.player_ids, view.points, strict=True)
        )
        trick = " ".join(str(c) for c in view.trick) or "—"
        embed = discord.Embed(title="High card", description=self.turn_line(game, view, tr))
        embed.add_field(name="Trick", value=trick)
        embed.add_field(name="Points", value=points)
        return embed

    def picture(self, game: Game, view: View, names: Sequence[str], tr: Words) -> bytes | None:
        return None

    def turn_line(self, game: Game, view: View, tr: Words) -> str:
        if not view.to_act:
            return "The game is over."
        return f"{_names(game, view.to_act)} to play."

    def hand(self, game: Game, view: View, note: str | None, tr: Words) -> discord.Embed:
        assert view.hand is not None
        embed = discord.Embed(title="Your cards", description=" ".join(map(str, view.hand)))
        if note:
            embed.set_author(name=note)
        return embed

    def hand_items(
        self, game: Game, view: View, pending: str | None, tr: Words
    ) -> list[discord.ui.Item[Any]]:
        return [
            MoveButton(game.id, view.moves, HIGH_CARD.action_text(a), label=str(a.card))
            for a in view.actions
        ]

    def tricks(self, game: Game, view: View, tr: Words) -> discord.Embed:
        return discord.Embed(description=" ".join(map(str, view.trick)) or "—")

    def move_note(self, moved: Moved, tr: Words) -> str:
        return "Played."

    def opening(self, game: Game, tr: Words) -> str | None:
        return None

    def announcements(self, moved: Moved, tr: Words) -> list[discord.Embed]:
        return [
            discord.Embed(description=f"<@{moved.game.player_ids[e.winner]}> takes the trick.")
            for e in moved.events
            if isinstance(e, TrickTaken)
        ]

    def game_over(
        self, game: Game, view: View, ratings: Mapping[int, tuple[int, int]], tr: Words
    ) -> discord.Embed:
        outcome = game.outcome
        assert outcome is not None
        if outcome.winner is None:
            return discord.Embed(description="The game was stopped.")
        changes = " ".join(f"<@{u}> {a} → {b}" for u, (a, b) in ratings.items())
        winner = game.player_ids[outcome.winner]
        return discord.Embed(description=f"🏆 <@{winner}> wins High card. {changes}")

    def tip(self, view: View, shown: frozenset[str], tr: Words) -> tuple[str, str] | None:
        return None

    def replay_pages(self, game: Game) -> int:
        return 1

    def replay_page(
        self, game: Game, page: int, names: Sequence[str], tr: Words
    ) -> tuple[discord.Embed, bytes | None]:
        return self.table(game, HIGH_CARD.view(game.state, None), tr), None

    guide = Guide(
        "High card · {page}/{pages} {topic}",
        (Page("The trick", "Highest card takes the trick."),),
        "How to read the table",
        ("The trick and everyone's points.",),
    )

    def ladder_fields(
        self, stats: Mapping[str, int], rounds: int, tr: Words
    ) -> list[tuple[str, str]]:
        return [("Tricks", str(stats.get("tricks", 0)))]

    def ladder_summary(self, stats: Mapping[str, int], rounds: int, tr: Words) -> str | None:
        return None


PRESENTATION = HighCardPresentation()
