"""High card in Discord: the smallest presentation a game can have."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.play.model import Game
from bot.play.service import Moved
from cogs.ui.buttons import MoveButton
from tests.toy.rules import HIGH_CARD, TrickTaken, View


def _names(game: Game, seats: tuple[int, ...]) -> str:
    return " and ".join(f"<@{game.player_ids[s]}>" for s in seats)


class HighCardPresentation:
    def table(self, game: Game, view: View) -> discord.Embed:
        assert view.seat is None
        points = " · ".join(
            f"<@{u}> {p}" for u, p in zip(game.player_ids, view.points, strict=True)
        )
        trick = " ".join(str(c) for c in view.trick) or "—"
        embed = discord.Embed(title="High card", description=self.turn_line(game, view))
        embed.add_field(name="Trick", value=trick)
        embed.add_field(name="Points", value=points)
        return embed

    def picture(self, game: Game, view: View, names: Sequence[str]) -> bytes | None:
        return None

    def turn_line(self, game: Game, view: View) -> str:
        if not view.to_act:
            return "The game is over."
        return f"{_names(game, view.to_act)} to play."

    def hand(self, game: Game, view: View, note: str | None) -> discord.Embed:
        assert view.hand is not None
        embed = discord.Embed(title="Your cards", description=" ".join(map(str, view.hand)))
        if note:
            embed.set_author(name=note)
        return embed

    def hand_items(self, game: Game, view: View, pending: str | None) -> list[discord.ui.Item[Any]]:
        return [
            MoveButton(game.id, view.moves, HIGH_CARD.action_text(a), label=str(a.card))
            for a in view.actions
        ]

    def move_note(self, moved: Moved) -> str:
        return "Played."

    def opening(self, game: Game) -> str | None:
        return None

    def announcements(self, moved: Moved) -> list[discord.Embed]:
        return [
            discord.Embed(description=f"<@{moved.game.player_ids[e.winner]}> takes the trick.")
            for e in moved.events
            if isinstance(e, TrickTaken)
        ]

    def tricks(self, game: Game, view: View) -> discord.Embed:
        return discord.Embed(description=" ".join(map(str, view.trick)) or "—")

    def game_over(
        self, game: Game, view: View, ratings: Mapping[int, tuple[int, int]]
    ) -> discord.Embed:
        outcome = game.outcome
        assert outcome is not None
        if outcome.winner is None:
            return discord.Embed(description="The game was stopped.")
        changes = " ".join(f"<@{u}> {a} → {b}" for u, (a, b) in ratings.items())
        winner = game.player_ids[outcome.winner]
        return discord.Embed(description=f"🏆 <@{winner}> wins High card. {changes}")

    def replay_pages(self, game: Game) -> int:
        return 1

    def replay_page(
        self, game: Game, page: int, names: Sequence[str]
    ) -> tuple[discord.Embed, bytes | None]:
        return self.table(game, HIGH_CARD.view(game.state, None)), None

    def rules(self) -> discord.Embed:
        return discord.Embed(title="High card", description="Highest card takes the trick.")

    def ladder_fields(self, stats: Mapping[str, int], rounds: int) -> list[tuple[str, str]]:
        return [("Tricks", str(stats.get("tricks", 0)))]

    def ladder_summary(self, stats: Mapping[str, int], rounds: int) -> str | None:
        return None


PRESENTATION = HighCardPresentation()
