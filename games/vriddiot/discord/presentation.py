"""Vriddiot in Discord: embeds, texts and hand buttons, built only from views.

The public table comes from the public view; a player's hand from that player's own seat view.
Nothing here reads a state directly, except the replay (of a finished game, from its stored
actions). Members appear as mentions; a computer seat by its level. The generic flows reach
this module through ``PRESENTATION`` (see :mod:`cogs.ui.games`).

A hand's moves fit Discord's limits (at most 25 options a menu, five rows of components): the
arrangement is one menu of the six cards (choose three) and *Confirm*; a play is chosen in steps
— its rank in one menu, then which cards (by how many first, when a rank has more sets than a
menu holds), then the top card only where it matters (after an 8, the top card sets the suit),
then *Confirm* — each step a legal move picked (the platform's ``on_pick``), so a restart or a
stale menu is answered like any stale button. Chance, the face-down cards, pick-up and pass are
buttons; a single legal play of the lowest rank is one tap. War is a toggle beside *Confirm*;
a joker's identity is its rank, then its suit where the suit matters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import discord

from bot.play.model import Game
from bot.play.service import Moved
from cogs.ui.buttons import MoveButton, Option, PickButton, PickSelect
from cogs.ui.common import COLOUR, seat_name
from cogs.ui.i18n import Words
from games.vriddiot import drawing
from games.vriddiot.discord import guide as rules_guide
from games.vriddiot.game import GAME, group_of
from games.vriddiot.rules import (
    FACES,
    Arrange,
    Arranged,
    Blind,
    Burnt,
    Card,
    Chance,
    Ctx,
    Declare,
    DeclareWar,
    Destroyed,
    Forfeited,
    GameState,
    Ident,
    Join,
    Layer,
    Pass,
    PickedUp,
    PickUp,
    Play,
    Played,
    Revealed,
    SeatAction,
    TableView,
    Termination,
    Toss,
    Tossed,
    Vanished,
    WarDeclared,
    WarEnded,
    WentOut,
)
from games.vriddiot.rules.cards import RANKS
from games.vriddiot.rules.game import apply_secretly, start_game

MENU = 25
"""The most options Discord allows in a select menu."""
ROWS = 5
"""The most rows of components in a message (five buttons a row, or one menu)."""
PILE_LAYERS_SHOWN = 4
"""The pile's top layers the table lists (the picture shows them too)."""
OVER_COLOUR = discord.Colour.gold()
WAR_COLOUR = discord.Colour.red()


# --- words ----------------------------------------------------------------------------------


def rank_name(rank: int) -> str:
    """``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``."""
    return "10" if rank == 10 else RANKS[rank - 2]


def cards_line(cards: Sequence[Card]) -> str:
    return " ".join(c.display for c in cards) if cards else "—"


def ident_text(ident: Ident) -> str:
    """A joker's identity: ``7♥``, or ``7`` declared by rank only."""
    return ident.face.display if ident.suited else rank_name(ident.face.rank)


def layer_text(layer: Layer) -> str:
    """One play on the pile: its cards, a joker with its identity, a vanished combination."""
    if layer.ghost:
        return "(" + rank_name(layer.ghost) * 3 + ")"
    if layer.joker is not None:
        return f"🃏={ident_text(layer.joker)}"
    return cards_line(layer.cards)


def names(game: Game, seats: Sequence[int], tr: Words) -> str:
    said = [seat_name(game, s, tr) for s in seats]
    if len(said) <= 1:
        return "".join(said)
    return tr("{some} and {last}", some=", ".join(said[:-1]), last=said[-1])


def place_text(place: int, tr: Words) -> str:
    return tr("place {n}", n=place)


def requirement(view: TableView, tr: Words) -> str:
    """What must be beaten now: a war, a change (suit and value), a floor, or nothing."""
    war = view.war
    if war is not None:
        if war.down:
            assert war.suit is not None
            return tr(
                "War (changed): a {suit} lower than {value}",
                suit=war.suit.symbol,
                value=rank_name(war.bound) if war.bound > 1 else war.bound,
            )
        return tr("War: {rank} or higher", rank=rank_name(max(war.level, 2)))
    req = view.req
    if req.change and req.suit is not None:
        return tr(
            "Change: a {suit} higher than {value}",
            suit=req.suit.symbol,
            value=rank_name(req.value) if req.value > 1 else req.value,
        )
    if req.floor:
        return tr("{rank} or higher", rank=rank_name(req.floor))
    if not view.pile:
        return tr("The pile is empty: play anything")
    return tr("Anything goes")


def direction_text(view: TableView, tr: Words) -> str:
    return tr("↻ clockwise") if view.direction > 0 else tr("↺ counter-clockwise")


def turn_text(game: Game, view: TableView, tr: Words) -> str:
    """Who must do what now, in one line."""
    ctx = view.ctx
    if view.outcome is not None or ctx is Ctx.OVER:
        return tr("The game is over.")
    waiting = names(game, view.to_act, tr)
    if ctx is Ctx.ARRANGE:
        return tr("Everyone chooses their face-up cards: waiting for {players}.", players=waiting)
    if ctx is Ctx.JOIN:
        return tr(
            "⚔️ War on {rank}s! {players} may join.",
            rank=rank_name(view.offer_rank),
            players=waiting,
        )
    if ctx is Ctx.TOSS:
        return tr(
            "🔥 Burnt: {players} may toss their {rank}s.",
            rank=rank_name(view.offer_rank),
            players=waiting,
        )
    if ctx is Ctx.RETURN:
        return tr("The burnt cards go under the stock.")
    player = seat_name(game, view.deciding, tr)
    if ctx is Ctx.WAR_Q:
        return tr("{player} may declare war.", player=player)
    if ctx is Ctx.JOKER:
        return tr("{player} declares the joker.", player=player)
    if ctx is Ctx.MUST_ADD:
        return tr("{player} must add to the 8.", player=player)
    if ctx is Ctx.EXTRA:
        return tr("{player} plays again on the empty pile.", player=player)
    if ctx is Ctx.WAR_TURN:
        return tr("⚔️ War: {player} to play.", player=player)
    return tr("{player} to play.", player=player)


def seat_line(game: Game, view: TableView, seat: int, tr: Words) -> str:
    """One player on the table: face-up cards, face-down and hand counts, or their place."""
    p = view.players[seat]
    name = seat_name(game, seat, tr)
    if p.status == "out":
        return tr("{player}: out, {place}", player=name, place=place_text(p.place or 0, tr))
    if p.status == "forfeited":
        return tr(
            "{player}: left the game, {place}", player=name, place=place_text(p.place or 0, tr)
        )
    arrow = "▶ " if seat in view.to_act else ""
    if view.ctx is Ctx.ARRANGE:
        chosen = tr("chosen") if p.arranged else tr("choosing")
        return tr("{arrow}{player}: {status}", arrow=arrow, player=name, status=chosen)
    return tr(
        "{arrow}{player}: up {up} · down {down} · hand {hand}",
        arrow=arrow,
        player=name,
        up=cards_line(p.up),
        down=sum(p.down),
        hand=p.hand_count,
    )


def pile_text(view: TableView, tr: Words) -> str:
    if not view.pile:
        return tr("empty")
    size = sum(len(layer.cards) for layer in view.pile)
    top = view.pile[-PILE_LAYERS_SHOWN:]
    shown = " · ".join(layer_text(layer) for layer in top)
    more = "… " if len(view.pile) > len(top) else ""
    return tr("{more}{layers} (top last; {count} cards)", more=more, layers=shown, count=size)


def counts_text(view: TableView, tr: Words) -> str:
    return tr(
        "Stock {stock} · burnt {burnt} · destroyed {grave} · {direction}",
        stock=view.stock_count,
        burnt=view.burnt_count,
        grave=view.destroyed_count,
        direction=direction_text(view, tr),
    )


def table_embed(game: Game, view: TableView, tr: Words) -> discord.Embed:
    """The public table as text (the picture shows the same), for everyone."""
    colour = WAR_COLOUR if view.war is not None else COLOUR
    embed = discord.Embed(
        title=tr("Vriddiot · game {game}", game=game.id),
        description=turn_text(game, view, tr),
        colour=OVER_COLOUR if view.outcome is not None else colour,
    )
    if view.ctx is not Ctx.ARRANGE:
        embed.add_field(name=tr("Pile"), value=pile_text(view, tr), inline=False)
        embed.add_field(name=tr("To beat"), value=requirement(view, tr), inline=False)
        if view.war is not None:
            embed.add_field(
                name=tr("Warriors"), value=names(game, view.war.warriors, tr), inline=False
            )
    lines = [seat_line(game, view, s, tr) for s in range(view.seats)]
    embed.add_field(name=tr("Players"), value="\n".join(lines)[:1024], inline=False)
    embed.add_field(name=tr("Table"), value=counts_text(view, tr), inline=False)
    return embed


def summary_text(game: Game, view: TableView, tr: Words) -> str:
    """The table's short text beside its picture (which shows the pile, what to beat, every
    player's cards and counts): the last play, what must be beaten now, and who is out."""
    lines = []
    real = [layer for layer in view.pile if not layer.ghost]
    if real and view.ctx is not Ctx.ARRANGE:
        top = real[-1]
        played = (
            tr("🃏 as {card}", card=ident_text(top.joker))
            if top.joker is not None
            else cards_line(top.cards)
        )
        lines.append(
            tr("{player} played {cards}.", player=seat_name(game, top.seat, tr), cards=played)
        )
    if view.ctx is not Ctx.ARRANGE and view.outcome is None:
        lines.append(tr("**To beat**: {what}", what=requirement(view, tr)))
    if view.places:
        out = ", ".join(
            f"{place}. {seat_name(game, seat, tr)}" for place, seat in enumerate(view.places, 1)
        )
        lines.append(tr("**Out**: {players}", players=out))
    return "\n".join(lines) or tr("Everyone chooses their face-up cards.")


# --- the hand --------------------------------------------------------------------------------


def action_label(action: SeatAction, tr: Words) -> str:
    """A legal action in a few words (a *Confirm* button, a one-tap button)."""
    if isinstance(action, Play):
        if action.joker is not None:
            said = tr("Play 🃏 as {card}", card=ident_text(action.joker))
        else:
            said = tr("Play {cards}", cards=cards_line(action.cards))
        return tr("{play} and declare war", play=said) if action.war else said
    if isinstance(action, Join):
        if action.joker is not None:
            return tr("Join the war with 🃏")
        return tr("Join the war with {cards}", cards=cards_line(action.cards))
    if isinstance(action, Toss):
        return tr("Toss {cards}", cards=cards_line(action.cards))
    if isinstance(action, Declare):
        return tr("The joker is {card}", card=ident_text(action.ident))
    if isinstance(action, Arrange):
        return tr("Face up: {cards}", cards=cards_line(action.cards))
    if isinstance(action, Blind):
        return tr("Turn face-down card {n}", n=action.position + 1)
    if isinstance(action, Chance):
        return tr("Chance")
    if isinstance(action, PickUp):
        return tr("Pick up the pile")
    if isinstance(action, Pass):
        return tr("Pass")
    if isinstance(action, DeclareWar):
        return tr("Declare war")
    return tr("No war")


def hand_embed(game: Game, view: TableView, note: str | None, tr: Words) -> discord.Embed:
    """A player's private hand, from their own seat view."""
    assert view.seat is not None and view.hand is not None
    me = view.players[view.seat]
    if view.outcome is not None:
        title = tr("Your cards · the game is over")
    elif view.seat in view.to_act:
        title = tr("Your cards · your move")
    else:
        title = tr("Your cards")
    embed = discord.Embed(title=title, description=turn_text(game, view, tr), colour=COLOUR)
    if note:
        embed.set_author(name=note[:256])
    if view.ctx is Ctx.ARRANGE:
        six = [*view.hand, *me.up]
        embed.add_field(name=tr("Your six cards"), value=cards_line(six), inline=False)
        if view.arrangement is not None:
            embed.add_field(
                name=tr("Your face-up choice"),
                value=tr(
                    "{cards} (shown to everyone when all have chosen)",
                    cards=cards_line(view.arrangement),
                ),
                inline=False,
            )
        elif view.seat in view.to_act:
            embed.add_field(
                name=tr("Choose"),
                value=tr(
                    "Pick the three cards to lie face up on your three face-down cards; the "
                    "other three are your hand. High cards and 2s, 10s and jokers are good "
                    "face up."
                ),
                inline=False,
            )
        return embed
    embed.add_field(name=tr("Hand"), value=cards_line(view.hand)[:1024], inline=False)
    embed.add_field(name=tr("Face up"), value=cards_line(me.up), inline=True)
    embed.add_field(name=tr("Face down"), value=str(sum(me.down)), inline=True)
    embed.add_field(name=tr("Pile"), value=pile_text(view, tr), inline=False)
    embed.add_field(name=tr("To beat"), value=requirement(view, tr), inline=False)
    if view.revealed is not None:
        embed.add_field(name=tr("Turned"), value=view.revealed.display, inline=False)
    if view.actions and not view.hand and me.up:
        embed.set_footer(text=tr("Your hand is empty: you play from your face-up cards."))
    elif view.actions and not view.hand and not me.up and any(me.down):
        embed.set_footer(text=tr("Only face-down cards left: turn one and hope."))
    return embed


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a menu: the legal move it picks, its label, whether it is the one picked."""

    move: SeatAction
    label: str
    chosen: bool
    description: str | None = None


@dataclass(frozen=True, slots=True)
class Menu:
    """One menu of a hand: a group name (the custom id's), a placeholder, its options."""

    group: str
    placeholder: str
    choices: tuple[Choice, ...]
    choose: int = 1


def _cards_key(action: Play | Join | Toss) -> tuple[int, ...]:
    return tuple(sorted(c.face for c in action.cards))


def _rank_label(group: int, tr: Words) -> str:
    if group == 0:
        return tr("🃏 Joker")
    if group == -4:
        return tr("4♠ Der Fourer")
    return rank_name(group)


def _steps(
    candidates: Sequence[Play | Join | Toss], picked: Play | Join | Toss | None, tr: Words
) -> tuple[list[Menu], list[Choice]]:
    """The menus after the rank for the picked play's rank (sets, by count first when there
    are too many; the top card where it matters; a joker's rank, then suit), and the top card
    as buttons in the one case no row is left for its menu."""
    if picked is None:
        return [], []
    war = isinstance(picked, Play) and picked.war
    same = [
        a
        for a in candidates
        if group_of(a) == group_of(picked) and (not isinstance(a, Play) or a.war == war)
    ]
    menus: list[Menu] = []
    if isinstance(picked, Play | Join) and picked.joker is not None:
        wanted = picked.joker.face.rank
        idents = [(a, a.joker) for a in same if isinstance(a, Play | Join) and a.joker is not None]
        ranks = list(dict.fromkeys(j.face.rank for _, j in idents))
        if len(ranks) > 1:
            first: dict[int, Play | Join] = {}
            for a, j in idents:
                first.setdefault(j.face.rank, a)
            choices = tuple(
                Choice(first[r], tr("as a {rank}", rank=rank_name(r)), r == wanted) for r in ranks
            )
            menus.append(Menu("jrank", tr("The joker's rank…"), choices))
        suits = [(a, j) for a, j in idents if j.face.rank == wanted]
        if len(suits) > 1:
            choices = tuple(
                Choice(a, tr("as {card}", card=ident_text(j)), a == picked) for a, j in suits
            )
            menus.append(Menu("jsuit", tr("The joker's suit…"), choices))
        return menus, []
    sets: dict[tuple[int, ...], Any] = {}
    for each in same:
        sets.setdefault(_cards_key(each), each)
    chosen_set = _cards_key(picked)
    buttons: list[Choice] = []
    if len(sets) > 1:
        if len(sets) <= MENU:
            menus.append(
                Menu(
                    "cards",
                    tr("Which cards…"),
                    tuple(
                        Choice(
                            a, cards_line(sorted(a.cards, key=lambda c: c.order)), k == chosen_set
                        )
                        for k, a in sets.items()
                    ),
                )
            )
        else:
            counts: dict[int, Any] = {}
            for k, a in sets.items():
                counts.setdefault(len(k), a)
            menus.append(
                Menu(
                    "count",
                    tr("How many cards…"),
                    tuple(
                        Choice(a, tr.n("{count} card", "{count} cards", n), n == len(picked.cards))
                        for n, a in sorted(counts.items())
                    ),
                )
            )
            of_count = [(k, a) for k, a in sets.items() if len(k) == len(picked.cards)]
            menus.append(
                Menu(
                    "cards",
                    tr("Which cards…"),
                    tuple(
                        Choice(
                            a, cards_line(sorted(a.cards, key=lambda c: c.order)), k == chosen_set
                        )
                        for k, a in of_count[:MENU]
                    ),
                )
            )
    tops = [a for a in same if _cards_key(a) == chosen_set]
    if len({a.cards[-1].face for a in tops}) > 1:
        choices = tuple(
            Choice(a, tr("{card} on top", card=a.cards[-1].display), a == picked) for a in tops
        )
        if len(menus) < 2:
            menus.append(Menu("top", tr("The top card (it sets the suit)…"), choices))
        else:
            buttons = list(choices)
    return menus, buttons


def _war_twin(candidates: Sequence[Any], picked: Play) -> Play | None:
    for a in candidates:
        if (
            isinstance(a, Play)
            and a.cards == picked.cards
            and a.joker == picked.joker
            and a.source == picked.source
            and a.war != picked.war
        ):
            return a
    return None


@dataclass(slots=True)
class Layout:
    """A hand's components before they become Discord items: rows of buttons and menus."""

    buttons: list[tuple[int, SeatAction, str, str, bool]]
    """(row, move, label, kind, chosen): kind ``move`` (one tap), ``pick`` or ``confirm``."""
    menus: list[tuple[int, Menu]]


def layout(view: TableView, pending: str | None, tr: Words) -> Layout:
    """Where each of a hand's moves goes (pure: the tests check Discord's limits on it)."""
    assert view.seat is not None
    actions = view.actions
    texts = {GAME.action_text(a): a for a in actions}
    picked = texts.get(pending) if pending else None
    out = Layout([], [])
    if not actions:
        return out
    if picked is not None:
        out.buttons.append((0, picked, action_label(picked, tr), "confirm", True))
    ctx = view.ctx
    if ctx is Ctx.ARRANGE:
        _arrange(view, picked, tr, out)
        return out
    if ctx is Ctx.WAR_Q:
        for a in actions:
            out.buttons.append((0, a, action_label(a, tr), "move", False))
        return out
    if ctx is Ctx.JOKER:
        declared = [a for a in actions if isinstance(a, Declare)]
        current = picked if isinstance(picked, Declare) else None
        first_declared: dict[int, Declare] = {}
        for a in declared:
            first_declared.setdefault(a.ident.face.rank, a)
        ranks = list(first_declared)
        rank = current.ident.face.rank if current is not None else None
        out.menus.append(
            (
                1,
                Menu(
                    "jrank",
                    tr("The joker's rank…"),
                    tuple(
                        Choice(
                            first_declared[r],
                            rank_name(r),
                            r == rank,
                        )
                        for r in ranks
                    ),
                ),
            )
        )
        suits = [a for a in declared if a.ident.face.rank == rank]
        if len(suits) > 1:
            out.menus.append(
                (
                    2,
                    Menu(
                        "jsuit",
                        tr("The joker's suit…"),
                        tuple(Choice(a, ident_text(a.ident), a == current) for a in suits),
                    ),
                )
            )
        return out
    sets = [a for a in actions if isinstance(a, Play | Join | Toss)]
    others = [a for a in actions if not isinstance(a, Play | Join | Toss)]
    chosen = picked if isinstance(picked, Play | Join | Toss) else None
    first_of: dict[int, Play | Join | Toss] = {}
    for a in sets:
        first_of.setdefault(group_of(a), a)
    groups = list(first_of)
    if groups and isinstance(sets[0], Play):
        lowest = [a for a in sets if group_of(a) == groups[0]]
        if len(lowest) == 1 and lowest[0] != picked:
            out.buttons.append((0, lowest[0], action_label(lowest[0], tr), "move", False))
    for a in others:
        out.buttons.append((0, a, action_label(a, tr), "move", False))
    if not sets:
        return out
    if len(groups) > 1 or chosen is None:
        out.menus.append(
            (
                1,
                Menu(
                    "rank",
                    _rank_placeholder(view, tr),
                    tuple(
                        Choice(
                            first_of[g],
                            _rank_label(g, tr),
                            chosen is not None and group_of(chosen) == g,
                            _held_of(view, sets, g),
                        )
                        for g in groups
                    ),
                ),
            )
        )
    menus, tops = _steps(sets, chosen, tr)
    for row, menu in enumerate(menus, start=2):
        out.menus.append((row, menu))
    for choice in tops:
        out.buttons.append((4, choice.move, choice.label, "pick", choice.chosen))
    if isinstance(chosen, Play):
        twin = _war_twin(sets, chosen)
        if twin is not None:
            label = tr("⚔️ No war") if chosen.war else tr("⚔️ Declare war too")
            out.buttons.append((4, twin, label, "pick", False))
    return out


def _rank_placeholder(view: TableView, tr: Words) -> str:
    if view.ctx is Ctx.JOIN:
        return tr("Join the war with…")
    if view.ctx is Ctx.TOSS:
        return tr("Toss…")
    return tr("Play a rank…")


def _held_of(view: TableView, sets: Sequence[Play | Join | Toss], group: int) -> str | None:
    """The cards of a rank the player may lay (the menu option's description)."""
    cards: dict[int, Card] = {}
    for a in sets:
        if group_of(a) == group:
            for c in a.cards:
                cards.setdefault(c.face, c)
    if group == 0:
        return None
    return cards_line(sorted(cards.values(), key=lambda c: c.order))[:100]


def _arrange(view: TableView, picked: SeatAction | None, tr: Words, out: Layout) -> None:
    """The arrangement: keep the deal in one tap, or choose three of six in one menu."""
    assert view.seat is not None and view.hand is not None
    me = view.players[view.seat]
    dealt = Arrange(view.seat, tuple(FACES[c.face] for c in sorted(me.up, key=lambda c: c.order)))
    if dealt in view.actions and dealt != picked:
        out.buttons.append((0, dealt, tr("Keep the face-up cards dealt"), "move", False))
    six = sorted([*view.hand, *me.up], key=lambda c: c.order)
    chosen = [c.face for c in picked.cards] if isinstance(picked, Arrange) else []
    options: list[Choice] = []
    seen: dict[int, int] = {}
    for c in six:
        copy = seen.get(c.face, 0)
        seen[c.face] = copy + 1
        mark = chosen.count(c.face) > copy
        options.append(Choice(Arrange(view.seat, (FACES[c.face],)), c.display, mark, "b" * copy))
    out.menus.append(
        (1, Menu("arrange", tr("Choose your three face-up cards…"), tuple(options), 3))
    )


def hand_items(
    game: Game, view: TableView, pending: str | None, tr: Words
) -> list[discord.ui.Item[Any]]:
    """The legal moves under a private hand (see the module's docstring)."""
    plan = layout(view, pending, tr)
    items: list[discord.ui.Item[Any]] = []
    version = view.moves
    for row, action, label, kind, chosen in plan.buttons:
        move = GAME.action_text(action)
        if kind == "confirm":
            items.append(
                MoveButton(
                    game.id,
                    version,
                    move,
                    label=tr("Confirm: {move}", move=label)[:80],
                    style=discord.ButtonStyle.success,
                    row=row,
                )
            )
        elif kind == "move":
            items.append(
                MoveButton(
                    game.id,
                    version,
                    move,
                    label=label[:80],
                    style=discord.ButtonStyle.primary
                    if isinstance(action, Play)
                    else discord.ButtonStyle.secondary,
                    row=row,
                )
            )
        else:
            items.append(
                PickButton(
                    game.id,
                    version,
                    move,
                    label=label[:80],
                    style=discord.ButtonStyle.success if chosen else discord.ButtonStyle.secondary,
                    row=row,
                )
            )
    for row, menu in plan.menus:
        options: list[Option] = []
        for choice in menu.choices:
            move = GAME.action_text(choice.move)
            if menu.group == "arrange":
                move += choice.description or ""  # a second identical card: another value
                options.append((move, choice.label, None, None, choice.chosen))
            else:
                options.append((move, choice.label[:100], choice.description, None, choice.chosen))
        items.append(
            PickSelect(
                game.id,
                version,
                menu.group,
                options[:MENU],
                placeholder=menu.placeholder[:150],
                row=row,
                choose=menu.choose,
            )
        )
    return items


# --- what happened ----------------------------------------------------------------------------


def move_note(moved: Moved, tr: Words) -> str:
    """A short line for the mover about what their action did."""
    seat = moved.seat
    said: list[str] = []
    for event in moved.events:
        if isinstance(event, Revealed) and event.seat == seat:
            said.append(tr("You turned {card}.", card=event.card.display))
        elif isinstance(event, Played) and event.seat == seat:
            said.append(tr("You played {cards}.", cards=layer_text(event.layer)))
        elif isinstance(event, PickedUp) and event.seat == seat:
            said.append(
                tr.n(
                    "You picked up {count} card.", "You picked up {count} cards.", len(event.cards)
                )
            )
        elif isinstance(event, Burnt) and event.seat == seat:
            said.append(tr("🔥 You burnt the pile."))
        elif isinstance(event, WentOut) and event.seat == seat:
            said.append(tr("You are out, {place}!", place=place_text(event.place, tr)))
        elif isinstance(event, Tossed) and event.seat == seat:
            said.append(tr("You tossed {cards}.", cards=cards_line(event.cards)))
        elif isinstance(event, Arranged):
            said.append(tr("Everyone has chosen: the face-up cards are revealed."))
    if not said:
        before = GAME.view(moved.before, seat)
        if before.ctx is Ctx.ARRANGE:
            return tr("Your face-up cards are chosen; the others are still choosing.")
        if before.ctx in (Ctx.JOIN, Ctx.TOSS):
            return tr("Your answer is in; it is shown when everyone has answered.")
        return tr("Done.")
    return " ".join(said)[:256]


def event_lines(game: Game, events: Sequence[Any], tr: Words) -> list[str]:
    """The public news of an action: burns, destroyed and vanished piles, wars, players out."""
    lines = []
    for e in events:
        if isinstance(e, Burnt):
            lines.append(tr("🔥 {player} burnt the pile.", player=seat_name(game, e.seat, tr)))
        elif isinstance(e, Destroyed):
            lines.append(
                tr(
                    "💀 Der Fourer! {player} destroyed the pile.",
                    player=seat_name(game, e.seat, tr),
                )
            )
        elif isinstance(e, Vanished):
            lines.append(
                tr(
                    "✨ {player}'s {cards} vanished.",
                    player=seat_name(game, e.seat, tr),
                    cards=cards_line(e.cards),
                )
            )
        elif isinstance(e, WarDeclared):
            lines.append(
                tr(
                    "⚔️ {player} declares war on {rank}s!",
                    player=seat_name(game, e.declarer, tr),
                    rank=rank_name(e.rank),
                )
            )
        elif isinstance(e, WarEnded):
            lines.append(tr("The war is over."))
        elif isinstance(e, PickedUp):
            lines.append(
                tr.n(
                    "{player} picked up {count} card.",
                    "{player} picked up {count} cards.",
                    len(e.cards),
                    player=seat_name(game, e.seat, tr),
                )
            )
        elif isinstance(e, WentOut):
            lines.append(
                tr(
                    "🎉 {player} is out: {place}.",
                    player=seat_name(game, e.seat, tr),
                    place=place_text(e.place, tr),
                )
            )
        elif isinstance(e, Forfeited):
            lines.append(
                tr(
                    "{player} left the game: {place}.",
                    player=seat_name(game, e.seat, tr),
                    place=place_text(e.place, tr),
                )
            )
        elif isinstance(e, Arranged):
            lines.append(tr("Everyone has chosen: the face-up cards are revealed."))
    return lines


def game_over_embed(
    game: Game, view: TableView, ratings: Mapping[int, tuple[int, int]], tr: Words
) -> discord.Embed:
    """The end of a game: the finishing order, the idiot, and the rating changes."""
    outcome = view.outcome
    assert outcome is not None
    if outcome.termination is Termination.ABANDONED:
        return discord.Embed(
            title=tr("Game stopped"),
            description=tr("The game was stopped without a finishing order."),
            colour=OVER_COLOUR,
        )
    order = [
        f"{place}. {seat_name(game, seat, tr)}" for place, seat in enumerate(outcome.finish, 1)
    ]
    if outcome.idiot is not None:
        how = tr("🤡 {player} is the Vriddiot!", player=seat_name(game, outcome.idiot, tr))
    else:
        how = tr("The game is over.")
    if outcome.capped:
        how += " " + tr("(The game reached its move limit: the fewest cards held placed first.)")
    embed = discord.Embed(title=tr("🏁 Game over"), description=how[:4000], colour=OVER_COLOUR)
    embed.add_field(name=tr("Finishing order"), value="\n".join(order)[:1024], inline=False)
    changes = []
    for seat, player in enumerate(game.seats):
        if player.computer is None and player.user_id in ratings:
            before, after = ratings[player.user_id]
            changes.append(f"{seat_name(game, seat, tr)} {before} → {after} ({after - before:+d})")
    if changes:
        embed.add_field(name=tr("Ratings"), value="\n".join(changes)[:1024], inline=False)
    embed.set_footer(text=tr("The game's record is attached: open it to replay or study the game."))
    return embed


def pile_embed(game: Game, view: TableView, tr: Words) -> discord.Embed:
    """The whole pile, layer by layer with who laid what (public)."""
    lines = [f"{seat_name(game, layer.seat, tr)}: {layer_text(layer)}" for layer in view.pile[-30:]]
    return discord.Embed(
        title=tr("The pile, bottom first"),
        description="\n".join(lines)[:4000] if lines else tr("The pile is empty."),
        colour=COLOUR,
    )


# --- the replay -------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def positions(text: str) -> tuple[GameState, ...]:
    """A finished game's positions for the replay: the deal (every card as dealt), the
    arrangement revealed, then after every play (pick-ups, chances and blind cards included)
    and the end. Keyed by the stored state."""
    final = GAME.loads(text)
    g = start_game(final.seats, final.dealer, final.shuffle, final.double)
    found: list[GameState] = [g]
    for action in final.log:
        before = g.plays
        g = apply_secretly(g, action, [])
        if g.plays != before or (len(found) == 1 and g.pending.ctx is not Ctx.ARRANGE):
            found.append(g)
    found.append(final)
    return tuple(found)


def _picture(view: TableView, names: Sequence[str], key: Any, tr: Words) -> bytes | None:
    png: bytes | None = drawing.table_png(view, names, key=key, words=tr)
    return png


def every_card(game: Game, state: GameState, tr: Words) -> list[str]:
    """Every player's cards at this point, the hidden ones too (a finished game hides
    nothing), and the stock in its order."""
    lines = [
        tr(
            "**{player}**: hand {hand} · face up {up} · face down {down}",
            player=seat_name(game, seat, tr),
            hand=cards_line(state.hands[seat]),
            up=cards_line(state.up[seat]),
            down=cards_line([c for c in state.down[seat] if c is not None]),
        )
        for seat in range(state.seats)
    ]
    lines.append(tr("Stock, top first: {cards}", cards=cards_line(state.stock)))
    return lines


def finish_line(game: Game, final: GameState, tr: Words) -> str:
    """The game in short: the finishing order and the Vriddiot."""
    outcome = final.outcome
    if outcome is None:
        return tr("The game was stopped before its end.")
    order = ", ".join(
        f"{place}. {seat_name(game, seat, tr)}" for place, seat in enumerate(outcome.finish, 1)
    )
    if outcome.idiot is None:
        return order
    return tr(
        "{order} · 🤡 {player} is the Vriddiot",
        order=order,
        player=seat_name(game, outcome.idiot, tr),
    )


# --- the contract -----------------------------------------------------------------------------


class VriddiotPresentation:
    """Vriddiot's side of :class:`cogs.ui.games.Presentation`."""

    gallery = "games.vriddiot.discord.screens"

    def table(self, game: Game, view: TableView, tr: Words) -> discord.Embed:
        return table_embed(game, view, tr)

    def picture(self, game: Game, view: TableView, names: Sequence[str], tr: Words) -> bytes | None:
        return _picture(view, names, (game.id, tr.language), tr)

    def summary(self, game: Game, view: TableView, tr: Words) -> str:
        return summary_text(game, view, tr)

    def warm_names(self, names: Sequence[str], tr: Words) -> Future[object] | None:
        return drawing.learn_names(names, tr)

    def turn_line(self, game: Game, view: TableView, tr: Words) -> str:
        return turn_text(game, view, tr)

    def hand(self, game: Game, view: TableView, note: str | None, tr: Words) -> discord.Embed:
        return hand_embed(game, view, note, tr)

    def hand_items(
        self, game: Game, view: TableView, pending: str | None, tr: Words
    ) -> list[discord.ui.Item[Any]]:
        return hand_items(game, view, pending, tr)

    def tricks(self, game: Game, view: TableView, tr: Words) -> discord.Embed:
        return pile_embed(game, view, tr)

    def move_note(self, moved: Moved, tr: Words) -> str:
        return move_note(moved, tr)

    def opening(self, game: Game, tr: Words) -> str | None:
        state: GameState = game.state
        deck = (
            tr("two decks (104 cards, four jokers)")
            if state.double
            else tr("one deck (52 cards and two jokers)")
        )
        return tr(
            "{dealer} deals from {deck}: three face down, three face up and three in hand each. "
            "Everyone first chooses which three of their six cards lie face up.",
            dealer=seat_name(game, state.dealer, tr),
            deck=deck,
        )

    def announcements(self, moved: Moved, tr: Words) -> list[discord.Embed]:
        lines = event_lines(moved.game, moved.events, tr)
        if not lines:
            return []
        return [discord.Embed(description="\n".join(lines)[:4000], colour=COLOUR)]

    def game_over(
        self, game: Game, view: TableView, ratings: Mapping[int, tuple[int, int]], tr: Words
    ) -> discord.Embed:
        return game_over_embed(game, view, ratings, tr)

    def tricks_to_show(self, view: TableView) -> bool:
        return view.ctx is not Ctx.ARRANGE

    def replay_pages(self, game: Game) -> int:
        return len(positions(GAME.dumps(game.state)))

    def replay_rounds(self, game: Game) -> Sequence[int]:
        return (0,)  # one deal is the whole game

    def replay_page(
        self, game: Game, page: int, names: Sequence[str], tr: Words
    ) -> tuple[discord.Embed, bytes | None]:
        found = positions(GAME.dumps(game.state))
        state = found[min(max(page, 0), len(found) - 1)]
        public = GAME.view(state, None)
        if page <= 0:  # the deal: every card as dealt, and the game in short
            embed = discord.Embed(
                title=tr("Replay of game {game} · the deal", game=game.id),
                description="\n".join(every_card(game, state, tr))[:4000],
                colour=COLOUR,
            )
            embed.add_field(
                name=tr("The game in short"), value=finish_line(game, found[-1], tr), inline=False
            )
            return embed, _picture(public, names, ("replay", game.id, tr.language), tr)
        embed = table_embed(game, public, tr)
        embed.title = tr("Replay of game {game} · play {n}", game=game.id, n=state.plays)
        if not state.is_over:
            embed.add_field(
                name=tr("Every card"), value="\n".join(every_card(game, state, tr))[:1024]
            )
        return embed, _picture(public, names, ("replay", game.id, tr.language), tr)

    def tip(self, view: TableView, shown: frozenset[str], tr: Words) -> tuple[str, str] | None:
        return None  # the guided first game is Vidrasso's

    guide = rules_guide.GUIDE

    def ladder_fields(
        self, stats: Mapping[str, int], rounds: int, tr: Words
    ) -> list[tuple[str, str]]:
        picked = stats.get("picked_up", 0)
        average = f"{picked / rounds:.1f}" if rounds else "—"
        return [
            (
                tr("Finishes"),
                tr(
                    "{firsts} times first · {idiots} times the Vriddiot",
                    firsts=stats.get("firsts", 0),
                    idiots=stats.get("idiots", 0),
                ),
            ),
            (
                tr("Pick-ups"),
                tr(
                    "{cards} cards picked up ({average} a game, most {most})",
                    cards=picked,
                    average=average,
                    most=stats.get("most_picked_up", 0),
                ),
            ),
            (
                tr("Burns and wars"),
                tr(
                    "{burns} burns · {wars} wars declared",
                    burns=stats.get("burns", 0),
                    wars=stats.get("wars", 0),
                ),
            ),
        ]

    def ladder_summary(self, stats: Mapping[str, int], rounds: int, tr: Words) -> str | None:
        if not rounds:
            return None
        return tr(
            "{firsts} first · {idiots} Vriddiot",
            firsts=stats.get("firsts", 0),
            idiots=stats.get("idiots", 0),
        )


PRESENTATION = VriddiotPresentation()

__all__ = ["PRESENTATION", "VriddiotPresentation", "hand_items", "layout"]
