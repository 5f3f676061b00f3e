"""Persistent buttons, the same for every game. Each custom id carries what it acts on (the
challenge or game, the state version it was drawn for, the move in the game's own notation),
so buttons keep working after a restart and a button from an older state is recognised as such.
Callbacks hand over to the flows the bot holds (:mod:`cogs.ui.challenges`, :mod:`cogs.ui.hands`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from cogs.ui.common import guarded, of_items
from cogs.ui.guide import RulesButton, TableHelpButton
from cogs.ui.i18n import ENGLISH_WORDS, N_, Words, private

if TYPE_CHECKING:
    from cogs.ui.challenges import Challenges
    from cogs.ui.hands import Hands

Button = discord.ui.Button[Any]


def hands(interaction: discord.Interaction) -> Hands:
    return interaction.client.hands  # type: ignore[attr-defined, no-any-return]


def challenges(interaction: discord.Interaction) -> Challenges:
    return interaction.client.challenges  # type: ignore[attr-defined, no-any-return]


class ChallengeButton(
    discord.ui.DynamicItem[Button],
    template=(
        r"vidrasso:challenge:(?P<id>\d+):"
        r"(?P<action>accept|decline|join|join-\d{1,2}|leave|start|cancel)"
    ),
):
    """A button of a challenge: *Accept* / *Decline* for the members named, and at an open
    table *Join* (``join``; ``join-<team>`` for a team of a partnership game), *Leave*,
    *Start* and *Cancel*."""

    LABELS: ClassVar[dict[str, str]] = {
        "accept": N_("Accept"),
        "decline": N_("Decline"),
        "join": N_("Join"),
        "leave": N_("Leave"),
        "start": N_("Start"),
        "cancel": N_("Cancel"),
    }
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "accept": discord.ButtonStyle.success,
        "join": discord.ButtonStyle.primary,
        "start": discord.ButtonStyle.success,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(
        self,
        challenge_id: int,
        action: bool | str,
        tr: Words = ENGLISH_WORDS,
        *,
        label: str | None = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        if isinstance(action, bool):  # Accept (True) or Decline (False), as it always was
            action = "accept" if action else "decline"
        self.challenge_id = challenge_id
        self.action = action
        self.accept = action == "accept"
        verb = action.split("-")[0]
        super().__init__(
            discord.ui.Button(
                label=label or tr(self.LABELS[verb]),
                style=self.STYLES.get(verb, discord.ButtonStyle.secondary),
                custom_id=f"vidrasso:challenge:{challenge_id}:{action}",
                disabled=disabled,
                row=row,
            )
        )

    @property
    def team(self) -> int | None:
        """The team a ``join-<team>`` button seats its member in."""
        verb, _, team = self.action.partition("-")
        return int(team) if verb == "join" and team else None

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(int(match["id"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        flow = challenges(interaction)
        verb = self.action.split("-")[0]
        if verb in ("accept", "decline"):
            await guarded(
                interaction, lambda: flow.on_answer(interaction, self.challenge_id, self.accept)
            )
            return
        await guarded(
            interaction,
            lambda: flow.on_table(interaction, self.challenge_id, verb, self.team),
        )


class HandButton(discord.ui.DynamicItem[Button], template=r"vidrasso:hand:(?P<game>\d+)"):
    """ "Show my hand" on the table; "Refresh" on a hand."""

    def __init__(
        self,
        game_id: int,
        label: str = N_("Show my hand"),
        *,
        primary: bool = True,
        row: int | None = None,
    ) -> None:
        self.game_id = game_id
        style = discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"vidrasso:hand:{game_id}", row=row
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        flow = hands(interaction)
        await guarded(interaction, lambda: flow.on_show(interaction, self.game_id))


class MoveButton(
    discord.ui.DynamicItem[Button],
    template=r"vidrasso:move:(?P<game>\d+):(?P<version>\d+):(?P<move>[A-Za-z0-9._-]{1,40})",
):
    """One legal move of a private hand, in its game's notation (``play-9D``)."""

    verb = "move"
    """The custom id's second word, which says what a press does."""

    def __init__(
        self,
        game_id: int,
        version: int,
        move: str,
        *,
        label: str | None = None,
        emoji: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.game_id = game_id
        self.version = version
        self.move = move
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=style,
                custom_id=f"vidrasso:{self.verb}:{game_id}:{version}:{move}",
                disabled=disabled,
                row=row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(int(match["game"]), int(match["version"]), match["move"])

    async def callback(self, interaction: discord.Interaction) -> None:
        flow = hands(interaction)
        await guarded(
            interaction, lambda: flow.on_move(interaction, self.game_id, self.version, self.move)
        )


class PickButton(
    MoveButton,
    template=r"vidrasso:pick:(?P<game>\d+):(?P<version>\d+):(?P<move>[A-Za-z0-9._-]{1,40})",
):
    """The first tap of a move that wants a second thought (a gift): picks it, and the hand
    then offers *Confirm*."""

    verb = "pick"

    async def callback(self, interaction: discord.Interaction) -> None:
        flow = hands(interaction)
        await guarded(
            interaction, lambda: flow.on_pick(interaction, self.game_id, self.version, self.move)
        )


Option = tuple[str, str, str | None, str | None, bool]
"""A select menu option: (move, label, description, emoji, chosen)."""


def joined(moves: list[str]) -> str:
    """Several moves of one verb chosen together as one move: ``kill-4H`` and ``kill-7H`` make
    ``kill-4H.7H`` (the game's notation parses it back; nothing here knows what it means).
    Moves of different verbs make no move (empty)."""
    if len(moves) <= 1:
        return moves[0] if moves else ""
    verbs = {move.split("-", 1)[0] for move in moves}
    if len(verbs) != 1 or any("-" not in move for move in moves):
        return ""
    return verbs.pop() + "-" + ".".join(move.split("-", 1)[1] for move in moves)


class PickSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"vidrasso:choose:(?P<game>\d+):(?P<version>\d+):(?P<group>[a-z]{1,20})",
):
    """A labelled group of moves as a select menu (the trump suit, the trump rank): choosing
    one picks it, and the hand then offers *Confirm*.

    With ``choose`` above one, exactly that many options are chosen together and make one move
    (:func:`joined`): a set of cards to lay down at once, say."""

    def __init__(
        self,
        game_id: int,
        version: int,
        group: str,
        options: list[Option] | None = None,
        *,
        placeholder: str | None = None,
        row: int | None = None,
        choose: int = 1,
    ) -> None:
        self.game_id = game_id
        self.version = version
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"vidrasso:choose:{game_id}:{version}:{group}",
            placeholder=placeholder,
            min_values=choose,
            max_values=choose,
            options=[
                discord.SelectOption(
                    value=move, label=label, description=description, emoji=emoji, default=chosen
                )
                for move, label, description, emoji, chosen in (options or [])
            ]
            or [discord.SelectOption(label="—")],
            row=row,
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickSelect:
        return cls(int(match["game"]), int(match["version"]), match["group"])

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or []
        flow = hands(interaction)
        move = joined([str(v) for v in values])
        await guarded(
            interaction, lambda: flow.on_pick(interaction, self.game_id, self.version, move)
        )


class LegacyMoveButton(
    discord.ui.DynamicItem[Button],
    template=(
        r"vidrasso:(?P<verb>play|gift|trump):(?P<game>\d+):(?P<version>\d+):"
        r"(?P<what>[A2-9][SHDC]|(?:suit|rank):[SHDCA2-9])"
    ),
):
    """Buttons of hands drawn before moves had one notation for every game (Vidrasso's
    ``vidrasso:play:…``, ``vidrasso:gift:…``, ``vidrasso:trump:…``): still answered."""

    def __init__(self, game_id: int, version: int, move: str) -> None:
        self.game_id = game_id
        self.version = version
        self.move = move
        super().__init__(discord.ui.Button(label=move, custom_id=f"vidrasso:legacy:{move}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LegacyMoveButton:
        move = f"{match['verb']}-{match['what'].replace(':', '-')}"
        return cls(int(match["game"]), int(match["version"]), move)

    async def callback(self, interaction: discord.Interaction) -> None:
        flow = hands(interaction)
        await guarded(
            interaction, lambda: flow.on_move(interaction, self.game_id, self.version, self.move)
        )


class ResignButton(
    discord.ui.DynamicItem[Button], template=r"vidrasso:resign:(?P<game>\d+):(?P<version>\d+)"
):
    """The confirmation button of ``/resign``."""

    def __init__(self, game_id: int, version: int, label: str = N_("Yes, resign")) -> None:
        self.game_id = game_id
        self.version = version
        super().__init__(
            discord.ui.Button(
                label=label,
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
        flow = hands(interaction)
        await guarded(interaction, lambda: flow.on_resign(interaction, self.game_id, self.version))


class GameButton(discord.ui.DynamicItem[Button], template=r"vidrasso:game-button:(?P<game>\d+)"):
    """A button that names only its game: its words, style and row are the subclass's."""

    verb = "game-button"
    """The custom id's second word (``vidrasso:<verb>:<game id>``)."""
    text = ""
    """Its label, in English (translated when drawn)."""
    style = discord.ButtonStyle.secondary
    row: int | None = None

    def __init__(self, game_id: int, tr: Words = ENGLISH_WORDS) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=tr(self.text),
                style=self.style,
                custom_id=f"vidrasso:{self.verb}:{game_id}",
                row=self.row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameButton:
        return cls(int(match["game"]))


class CancelButton(GameButton, template=r"vidrasso:cancel:(?P<game>\d+)"):
    """*Cancel* beside a confirmation (``/resign``): nothing happens."""

    verb, text = "cancel", N_("Cancel")

    async def callback(self, interaction: discord.Interaction) -> None:
        async def play_on() -> None:
            tr = private(interaction)
            await interaction.response.edit_message(
                content=tr("You play on. Good luck!"), embed=None, view=None
            )

        await guarded(interaction, play_on)


class TricksButton(GameButton, template=r"vidrasso:tricks:(?P<game>\d+)"):
    """*Tricks* on the table: this round's tricks so far, privately (public information)."""

    verb, text = "tricks", N_("Tricks")

    async def callback(self, interaction: discord.Interaction) -> None:
        flow = hands(interaction)
        await guarded(interaction, lambda: flow.on_tricks(interaction, self.game_id))


class DetailsButton(GameButton, template=r"vidrasso:details:(?P<game>\d+)"):
    """*Details* on a table: the whole table in words and this round's tricks, privately
    (public information), with *How to read this table*: what the phone-first table message
    leaves to its picture."""

    verb, text = "details", N_("Details")

    async def callback(self, interaction: discord.Interaction) -> None:
        flow = hands(interaction)
        await guarded(interaction, lambda: flow.on_details(interaction, self.game_id))


class ReplayButton(
    discord.ui.DynamicItem[Button],
    template=r"vidrasso:replay:(?P<game>\d+):(?P<page>\d+):(?P<way>back|on|rback|ron)",
):
    """⏮ ◀ ▶ ⏭ under a replay (a round back, a trick back, on, a round on): anyone may page
    through a finished game. The custom id names the page it shows."""

    LABELS: ClassVar[dict[str, str]] = {"rback": "⏮", "back": "◀", "on": "▶", "ron": "⏭"}

    def __init__(self, game_id: int, page: int, way: str, *, disabled: bool = False) -> None:
        self.game_id = game_id
        self.page = max(page, 0)
        super().__init__(
            discord.ui.Button(
                label=self.LABELS[way],
                style=discord.ButtonStyle.secondary,
                custom_id=f"vidrasso:replay:{game_id}:{self.page}:{way}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["game"]), int(match["page"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        publisher = interaction.client.publisher  # type: ignore[attr-defined]
        await guarded(
            interaction, lambda: publisher.on_replay_page(interaction, self.game_id, self.page)
        )


class ReplayRoundSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"vidrasso:replay-round:(?P<game>\d+)",
):
    """The menu of a replay's rounds: each option's value is the page its round begins on."""

    def __init__(
        self,
        game_id: int,
        options: list[tuple[int, str, bool]] | None = None,
        *,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        """``options``: (first page, label, whether it is the round shown) for each round."""
        self.game_id = game_id
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"vidrasso:replay-round:{game_id}",
            placeholder=placeholder,
            options=[
                discord.SelectOption(value=str(page), label=label, default=shown)
                for page, label, shown in (options or [])
            ]
            or [discord.SelectOption(label="—")],
            row=row,
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayRoundSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values") or []]
        page = int(values[0]) if values and values[0].isdigit() else 0
        publisher = interaction.client.publisher  # type: ignore[attr-defined]
        await guarded(
            interaction, lambda: publisher.on_replay_page(interaction, self.game_id, page)
        )


class ReplayOpenButton(GameButton, template=r"vidrasso:replay-open:(?P<game>\d+)"):
    """*Replay* on the game-over message and in ``/history``: the finished game's replay,
    privately, from its first deal."""

    verb, text = "replay-open", N_("Replay")

    def __init__(
        self, game_id: int, tr: Words = ENGLISH_WORDS, *, label: str | None = None
    ) -> None:
        super().__init__(game_id, tr)
        if label is not None:
            self.item.label = label

    async def callback(self, interaction: discord.Interaction) -> None:
        publisher = interaction.client.publisher  # type: ignore[attr-defined]
        await guarded(interaction, lambda: publisher.on_replay_open(interaction, self.game_id))


class SkipTipsButton(GameButton, template=r"vidrasso:skiptips:(?P<game>\d+)"):
    """*Skip tips* under a guided game's tip: no more tips for this member."""

    verb, text, row = "skiptips", N_("Skip tips"), 4

    async def callback(self, interaction: discord.Interaction) -> None:
        flow = hands(interaction)
        await guarded(interaction, lambda: flow.on_skip_tips(interaction, self.game_id))


class RematchButton(GameButton, template=r"vidrasso:rematch:(?P<game>\d+)"):
    """*Rematch* at the end of a game: the same players, the same terms."""

    verb, text, style = "rematch", N_("Rematch"), discord.ButtonStyle.success

    async def callback(self, interaction: discord.Interaction) -> None:
        flow = challenges(interaction)
        await guarded(interaction, lambda: flow.on_rematch(interaction, self.game_id))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChallengeButton,
    HandButton,
    MoveButton,
    PickButton,
    PickSelect,
    LegacyMoveButton,
    ResignButton,
    CancelButton,
    TricksButton,
    DetailsButton,
    ReplayButton,
    ReplayRoundSelect,
    ReplayOpenButton,
    SkipTipsButton,
    RulesButton,
    TableHelpButton,
    RematchButton,
)


def challenge_view(challenge_id: int, kind: str, tr: Words = ENGLISH_WORDS) -> discord.ui.View:
    """*Accept*, *Decline*, and the rules for an invited member who is new to the game."""
    return of_items(
        ChallengeButton(challenge_id, True, tr),
        ChallengeButton(challenge_id, False, tr),
        RulesButton(kind, 1, label=tr("Rules")),
    )


def table_view(
    game_id: int, kind: str, tr: Words = ENGLISH_WORDS, *, hand: bool = True
) -> discord.ui.View:
    """The buttons under a table, one row on a phone: *Show my hand* while the game goes on
    (``hand``) and *Details* (the table in words, this round's tricks, and *How to read this
    table*). *Tricks* and *How to read this table* on tables posted before still answer."""
    items: list[discord.ui.Item[Any]] = []
    if hand:
        items.append(HandButton(game_id, tr("Show my hand")))
    items.append(DetailsButton(game_id, tr))
    return of_items(*items)


def details_view(kind: str, tr: Words = ENGLISH_WORDS) -> discord.ui.View:
    """Under a table's details: *How to read this table*."""
    return of_items(TableHelpButton(kind, tr))


def carries(message: discord.Message, custom_id: str) -> bool:
    """Whether a message (as Discord sent it with a click) still has this button."""
    for row in message.components:
        for child in getattr(row, "children", ()):
            if getattr(child, "custom_id", None) == custom_id:
                return True
    return False


async def dispatch_orphan(interaction: discord.Interaction, custom_id: str) -> bool:
    """Run the button a custom id names even though its message no longer carries it.

    discord.py dispatches a persistent button only if the message (as Discord sends it with
    the click) still carries it. A fast double click arrives after the first click replaced
    the buttons, and would otherwise end in "This interaction failed".
    """
    for item_cls in DYNAMIC_ITEMS:
        match = item_cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match:
            item = await item_cls.from_custom_id(interaction, None, match)  # type: ignore[arg-type]
            await item.callback(interaction)
            return True
    return False
