"""High card in Discord: the smallest presentation a game can have (text only, no picture)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.play.model import Game
from bot.play.service import Moved
from cogs.ui.buttons import MoveButton
from cogs.ui.guides import Guide, Page
from cogs.ui.i18n import N_, Words
from games.toy.game import GAME
from games.toy.rules import TrickTaken, View


def _names(game: Game, seats: tuple[int, ...]) -> str:
    return " and ".join(f"<@{game.player_ids[s]}>" for s in seats)


class HighCardPresentation:
    def table(self, game: Game, view: View, tr: Words) -> discord.Embed:
        assert view.seat is None
        points = " · ".join(
            f"<@{u}> {p}" for u, p in zip(game.player_ids, view.points, strict=True)
        )
        trick = " ".join(str(c) for c in view.trick) or "—"
        embed = discord.Embed(title=tr("High card"), description=self.turn_line(game, view, tr))
        embed.add_field(name=tr("Trick"), value=trick)
        embed.add_field(name=tr("Points"), value=points)
        return embed

    def picture(self, game: Game, view: View, names: Sequence[str], tr: Words) -> bytes | None:
        return None

    def turn_line(self, game: Game, view: View, tr: Words) -> str:
        if not view.to_act:
            return tr("The game is over.")
        return tr("{players} to play.", players=_names(game, view.to_act))

    def hand(self, game: Game, view: View, note: str | None, tr: Words) -> discord.Embed:
        assert view.hand is not None
        embed = discord.Embed(title=tr("Your cards"), description=" ".join(map(str, view.hand)))
        if note:
            embed.set_author(name=note)
        return embed

    def hand_items(
        self, game: Game, view: View, pending: str | None, tr: Words
    ) -> list[discord.ui.Item[Any]]:
        return [
            MoveButton(game.id, view.moves, GAME.action_text(a), label=str(a.card))
            for a in view.actions
        ]

    def tricks(self, game: Game, view: View, tr: Words) -> discord.Embed:
        return discord.Embed(description=" ".join(map(str, view.trick)) or "—")

    def tricks_to_show(self, view: View) -> bool:
        return True

    def move_note(self, moved: Moved, tr: Words) -> str:
        return tr("Played.")

    def opening(self, game: Game, tr: Words) -> str | None:
        return None

    def announcements(self, moved: Moved, tr: Words) -> list[discord.Embed]:
        return [
            discord.Embed(
                description=tr(
                    "{player} takes the trick.", player=f"<@{moved.game.player_ids[e.winner]}>"
                )
            )
            for e in moved.events
            if isinstance(e, TrickTaken)
        ]

    def game_over(
        self, game: Game, view: View, ratings: Mapping[int, tuple[int, int]], tr: Words
    ) -> discord.Embed:
        outcome = game.outcome
        assert outcome is not None
        if not outcome.places:
            return discord.Embed(description=tr("The game was stopped."))
        changes = " ".join(f"<@{u}> {a} → {b}" for u, (a, b) in ratings.items())
        order = " · ".join(
            f"{place}. {_names(game, seats)}" for place, seats in enumerate(outcome.places, 1)
        )
        if outcome.winner is None:
            said = tr("🏆 High card ends in a tie: {order}.", order=order)
        else:
            winner = f"<@{game.player_ids[outcome.winner]}>"
            said = tr("🏆 {winner} wins High card: {order}.", winner=winner, order=order)
        return discord.Embed(description=f"{said} {changes}")

    def tip(self, view: View, shown: frozenset[str], tr: Words) -> tuple[str, str] | None:
        return None

    def replay_pages(self, game: Game) -> int:
        return 1

    def replay_rounds(self, game: Game) -> Sequence[int]:
        return (0,)

    def replay_page(
        self, game: Game, page: int, names: Sequence[str], tr: Words
    ) -> tuple[discord.Embed, bytes | None]:
        return self.table(game, GAME.view(game.state, None), tr), None

    guide = Guide(
        N_("High card · {page}/{pages} {topic}"),
        (Page(N_("The trick"), N_("Highest card takes the trick.")),),
        N_("How to read the table"),
        (N_("The trick and everyone's points."),),
    )

    def ladder_fields(
        self, stats: Mapping[str, int], rounds: int, tr: Words
    ) -> list[tuple[str, str]]:
        return [(tr("Tricks"), str(stats.get("tricks", 0)))]

    def ladder_summary(self, stats: Mapping[str, int], rounds: int, tr: Words) -> str | None:
        return None


PRESENTATION = HighCardPresentation()
