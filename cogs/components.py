"""Persistent buttons. Each custom id carries what it acts on (challenge or game id, the state
version it was drawn for, the card or trump), so buttons keep working after a restart and a
button from an older state is recognised as such. Callbacks hand over to the Vidrasso cog.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.engine import BidKind, Card, Rank, Suit
from bot.service import CardChoice, Choice, Resignation, TrumpChoice

if TYPE_CHECKING:
    from bot.storage.games import GameRow


class Flow(Protocol):
    """What the buttons need from the cog."""

    async def on_challenge_button(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None: ...

    async def on_hand_button(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def on_choice(
        self, interaction: discord.Interaction, game_id: int, version: int, choice: Choice
    ) -> None: ...

    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...


def flow(interaction: discord.Interaction) -> Flow:
    cog = interaction.client.get_cog("Vidrasso")  # type: ignore[attr-defined]
    assert cog is not None, "the Vidrasso cog is loaded in setup_hook"
    return cog  # type: ignore[no-any-return]


Button = discord.ui.Button[Any]


class ChallengeButton(
    discord.ui.DynamicItem[Button],
    template=r"vidrasso:challenge:(?P<id>\d+):(?P<action>accept|decline)",
):
    def __init__(self, challenge_id: int, accept: bool) -> None:
        self.challenge_id = challenge_id
        self.accept = accept
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
                custom_id=f"vidrasso:challenge:{challenge_id}:{'accept' if accept else 'decline'}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(int(match["id"]), match["action"] == "accept")

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow(interaction).on_challenge_button(interaction, self.challenge_id, self.accept)


class HandButton(discord.ui.DynamicItem[Button], template=r"vidrasso:hand:(?P<game>\d+)"):
    """ "Show my hand" on the table; "Refresh" on a hand."""

    def __init__(self, game_id: int, label: str = "Show my hand", *, primary: bool = True) -> None:
        self.game_id = game_id
        style = discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"vidrasso:hand:{game_id}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow(interaction).on_hand_button(interaction, self.game_id)


class CardButton(
    discord.ui.DynamicItem[Button],
    template=r"vidrasso:(?P<kind>play|gift):(?P<game>\d+):(?P<version>\d+):(?P<card>[A2-9][SHDC])",
):
    """Play a card, or give it as the gift."""

    def __init__(
        self,
        game_id: int,
        version: int,
        card: Card,
        *,
        gift: bool = False,
        label: str | None = None,
        disabled: bool = False,
        trump: bool = False,
        row: int | None = None,
    ) -> None:
        self.game_id = game_id
        self.version = version
        self.card = card
        self.gift = gift
        kind = "gift" if gift else "play"
        super().__init__(
            discord.ui.Button(
                label=label or card.display,
                style=discord.ButtonStyle.primary if trump else discord.ButtonStyle.secondary,
                custom_id=f"vidrasso:{kind}:{game_id}:{version}:{card.text}",
                disabled=disabled,
                row=row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardButton:
        return cls(
            int(match["game"]),
            int(match["version"]),
            Card.parse(match["card"]),
            gift=match["kind"] == "gift",
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        choice = CardChoice(self.card, gift=self.gift)
        await flow(interaction).on_choice(interaction, self.game_id, self.version, choice)


class TrumpButton(
    discord.ui.DynamicItem[Button],
    template=r"vidrasso:trump:(?P<game>\d+):(?P<version>\d+):(?P<kind>suit|rank):(?P<value>[SHDCA2-9])",
):
    """Name the trump suit or the trump rank."""

    def __init__(
        self, game_id: int, version: int, value: Suit | Rank, *, row: int | None = None
    ) -> None:
        self.game_id = game_id
        self.version = version
        self.value = value
        if isinstance(value, Suit):
            kind, label = "suit", f"{value.symbol} {value.noun.capitalize()}"
        else:
            kind, label = "rank", value.noun.capitalize()
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"vidrasso:trump:{game_id}:{version}:{kind}:{value.value}",
                row=row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TrumpButton:
        value: Suit | Rank = (
            Suit.parse(match["value"]) if match["kind"] == "suit" else Rank.parse(match["value"])
        )
        return cls(int(match["game"]), int(match["version"]), value)

    async def callback(self, interaction: discord.Interaction) -> None:
        kind = BidKind.SUIT if isinstance(self.value, Suit) else BidKind.RANK
        choice = TrumpChoice(kind, self.value)
        await flow(interaction).on_choice(interaction, self.game_id, self.version, choice)


class ResignButton(
    discord.ui.DynamicItem[Button], template=r"vidrasso:resign:(?P<game>\d+):(?P<version>\d+)"
):
    """The confirmation button of ``/vidrasso resign``."""

    def __init__(self, game_id: int, version: int) -> None:
        self.game_id = game_id
        self.version = version
        super().__init__(
            discord.ui.Button(
                label="Yes, resign",
                style=discord.ButtonStyle.danger,
                custom_id=f"vidrasso:resign:{game_id}:{version}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResignButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow(interaction).on_choice(interaction, self.game_id, self.version, Resignation())


class RematchButton(discord.ui.DynamicItem[Button], template=r"vidrasso:rematch:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label="Rematch",
                style=discord.ButtonStyle.success,
                custom_id=f"vidrasso:rematch:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow(interaction).on_rematch(interaction, self.game_id)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChallengeButton,
    HandButton,
    CardButton,
    TrumpButton,
    ResignButton,
    RematchButton,
)


def detached(view: discord.ui.View) -> discord.ui.View:
    """A view discord.py will not keep listening to.

    Every button here is a persistent ``DynamicItem`` routed by its custom id, so listening
    views are useless; worse, discord.py gives each view sent in an ephemeral reply a
    15-minute timer that keeps the view alive (one per "Show my hand").
    """
    view.stop()
    return view


def challenge_view(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton(challenge_id, True))
    view.add_item(ChallengeButton(challenge_id, False))
    return detached(view)


def table_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(game_id))
    return detached(view)


def single(item: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(item)
    return detached(view)


def hand_view(game: GameRow, seat: int) -> discord.ui.View:
    """The buttons under a player's private hand: trumps, gifts or cards, and Refresh."""
    from bot.engine import Phase, trump_options
    from bot.engine import view as seat_view

    state = game.state
    table = seat_view(state, seat)
    view = discord.ui.View(timeout=None)
    version = state.moves
    acting = seat in table.to_act
    if table.phase is Phase.TRUMP and acting:
        options = trump_options(table.bids, seat)
        suits = [b.value for b in options if isinstance(b.value, Suit)]
        ranks = [b.value for b in options if isinstance(b.value, Rank)]
        for suit in suits:
            view.add_item(TrumpButton(game.id, version, suit, row=0))
        for i, rank in enumerate(ranks):
            view.add_item(TrumpButton(game.id, version, rank, row=(1 if suits else 0) + i // 5))
    elif table.phase is Phase.GIFT and acting:
        assert table.hand is not None
        for i, card in enumerate(sorted(table.hand, key=table.trumps.sort_key)):
            view.add_item(
                CardButton(
                    game.id,
                    version,
                    card,
                    gift=True,
                    trump=table.trumps.is_trump(card),
                    row=i // 5,
                )
            )
    elif table.phase is Phase.PLAY:
        assert table.hand is not None
        legal = set(table.legal)
        buttons: list[CardButton] = [
            CardButton(
                game.id,
                version,
                card,
                disabled=card not in legal,
                trump=table.trumps.is_trump(card),
            )
            for card in sorted(table.hand, key=table.trumps.sort_key)
        ]
        for pile_no, pile in enumerate(table.strawmen[seat], start=1):
            if pile.up is not None:
                buttons.append(
                    CardButton(
                        game.id,
                        version,
                        pile.up,
                        label=f"{pile.up.display} (pile {pile_no})",
                        disabled=pile.up not in legal,
                        trump=table.trumps.is_trump(pile.up),
                    )
                )
        for i, button in enumerate(buttons):
            button.item.row = i // 5
            view.add_item(button)
    if table.outcome is None:
        view.add_item(HandButton(game.id, "Refresh", primary=False))
    return detached(view)
