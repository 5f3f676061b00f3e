"""Vidrasso in Discord: embeds, texts and hand buttons, built only from engine views.

The public table comes from the public view; a player's hand from that player's own seat view.
Nothing here reads a state directly, so nothing here can show a card its reader may not see.
Players appear as mentions (`<@id>`), which Discord shows as their current display names.
The generic flows reach this module through ``PRESENTATION`` (see :mod:`cogs.ui.games`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from typing import Any

import discord

from bot.games import rules_for
from bot.play.model import Game
from bot.play.service import Moved
from cogs.ui.buttons import MoveButton, Option, PickButton, PickSelect
from cogs.ui.common import COLOUR, seat_name
from cogs.ui.i18n import ENGLISH_WORDS, N_, Words
from games.vidrasso.discord import guide as rules
from games.vidrasso.discord import replay as replay_text
from games.vidrasso.discord.ladder import ladder_fields, ladder_summary
from games.vidrasso.discord.learn import tip
from games.vidrasso.discord.names import SUIT_ONE, named
from games.vidrasso.discord.replay import summary_lines
from games.vidrasso.drawing import learn_names, table_png
from games.vidrasso.rules import (
    TRICKS_PER_ROUND,
    Bid,
    BidKind,
    Card,
    CardPlayed,
    Gift,
    GiftGiven,
    Phase,
    PileView,
    Play,
    Rank,
    RoundEnded,
    RoundSummary,
    Suit,
    TableView,
    Termination,
    Trick,
    TrickTaken,
    TrumpChosen,
    Trumps,
)

VIDRASSO = rules_for("vidrasso")
SEAT_COLOURS = (discord.Colour(0x3B82F6), discord.Colour(0xE67E22))
"""The table's colour while it waits for seat 0 (blue) or seat 1 (orange)."""
BOTH_COLOUR = discord.Colour(0x9B59B6)
"""The table's colour while it waits for both (the gifts)."""
OVER_COLOUR = discord.Colour.gold()
REPLAY_FOOTER = N_(
    "Replay (below) shows every round with every hand; the attached record is for export."
)
TRUMP_LEGEND = N_("Blue buttons are trumps: the trump rank's four cards, then the trump suit.")
SUIT_PROMPT = N_("Trump suit: its cards beat plain cards…")
RANK_PROMPT = N_("Trump rank: its four cards beat every other card…")
GIFT_LINE = N_(
    "Your gift stays face down until the round ends, then scores for your opponent — "
    "pick a card, then **Confirm**."
)


def name(player_ids: Sequence[int] | Sequence[str], seat: int) -> str:
    """A seat's name in a text: a member's id as a mention, a name given as text as it is
    (:func:`seat_names`: a computer seat by its level, as the picture calls it)."""
    player = player_ids[seat]
    return player if isinstance(player, str) else f"<@{player}>"


def seat_names(game: Game, tr: Words) -> list[str]:
    """What the table's texts call each seat: a member by a mention, the computer by its level
    (``Computer (easy)``), the names the picture gives them."""
    return [seat_name(game, seat, tr) for seat in range(len(game.seats))]


def emoji(suit: Suit) -> str:
    """The suit as Discord's coloured emoji (hearts and diamonds red)."""
    return suit.symbol + "\ufe0f"


def cards_line(cards: Sequence[Card]) -> str:
    return " ".join(c.display for c in cards) if cards else "—"


def sorted_hand(cards: Sequence[Card], trumps: Trumps) -> list[Card]:
    """Strongest first under the round's trumps (trump ranks, trump suit, then by suit)."""
    return sorted(cards, key=trumps.sort_key)


def piles_text(row: Sequence[PileView], tr: Words) -> str:
    """A strawmen row in words: the face-up cards, and how many face-down cards lie under."""
    up = [p.up.display for p in row if p.up is not None]
    down = sum(p.hidden for p in row)
    cards = ", ".join(up) if up else tr("no card")
    if not down:
        return tr("{cards} face up", cards=cards)
    return tr.n(
        "{cards} face up; {count} face down",
        "{cards} face up; {count} face down",
        down,
        cards=cards,
    )


def trumps_text(trumps: Trumps, tr: Words) -> str:
    unchosen = tr("not chosen yet")
    suit = f"{trumps.suit.symbol} {named(trumps.suit, tr)}" if trumps.suit else unchosen
    rank = named(trumps.rank, tr) if trumps.rank else unchosen
    return tr("suit **{suit}** · rank **{rank}**", suit=suit, rank=rank)


def trick_text(trick: Trick, player_ids: Sequence[int] | Sequence[str], tr: Words) -> str:
    lead, follow = trick.cards
    return tr(
        "{leader} {lead}, {follower} {follow} → {winner} takes {points}",
        leader=name(player_ids, trick.leader),
        lead=lead.display,
        follower=name(player_ids, 1 - trick.leader),
        follow=follow.display,
        winner=name(player_ids, trick.winner),
        points=trick.points,
    )


def other_kind(view: TableView, tr: Words) -> str:
    """The kind of trump still to name after the first: ``rank`` or ``suit``."""
    return tr("rank") if view.bids[0].kind is BidKind.SUIT else tr("suit")


def turn_text(view: TableView, player_ids: Sequence[int] | Sequence[str], tr: Words) -> str:
    """Whose move it is, in words, naming each player to act once."""
    if view.outcome is not None:
        return tr("The game is over.")
    who = [name(player_ids, s) for s in view.to_act]
    if view.phase is Phase.TRUMP:
        if not view.bids:
            return tr("{player} names the first trump.", player=who[0])
        return tr("{player} names the trump {kind}.", player=who[0], kind=other_kind(view, tr))
    if view.phase is Phase.GIFT:
        if len(who) == 2:
            return tr("{a} and {b}: choose a gift.", a=who[0], b=who[1])
        return tr("{player}: choose a gift for your opponent.", player=who[0])
    if view.trick:
        return tr("{player} to follow {card}.", player=who[0], card=view.trick[0].display)
    return tr("{player} to lead.", player=who[0])


def table_colour(view: TableView) -> discord.Colour:
    """The colour of the player to move (both: purple; the end: gold)."""
    if view.outcome is not None or not view.to_act:
        return OVER_COLOUR
    if len(view.to_act) > 1:
        return BOTH_COLOUR
    return SEAT_COLOURS[view.to_act[0]]


def summary_text(view: TableView, player_ids: Sequence[int] | Sequence[str], tr: Words) -> str:
    """The table's short text beside its picture: what just happened (the last trick, the
    trump just named), then the totals."""
    lines = []
    if view.phase is Phase.PLAY and view.last_trick is not None:
        last = view.last_trick
        lines.append(
            tr(
                "{player} took the last trick ({points}).",
                player=name(player_ids, last.winner),
                points=last.points,
            )
        )
    elif view.phase is Phase.TRUMP and view.bids:
        bid = view.bids[-1]
        lines.append(
            tr(
                "{player} named {trump}.",
                player=name(player_ids, bid.seat),
                trump=named(bid.value, tr),
            )
        )
    lines.append(
        tr(
            "**Totals**: {a} {x} · {b} {y} (game to {target})",
            a=name(player_ids, 0),
            x=view.totals[0],
            b=name(player_ids, 1),
            y=view.totals[1],
            target=view.target,
        )
    )
    return "\n".join(lines)


def table_embed(
    view: TableView, player_ids: Sequence[int] | Sequence[str], tr: Words
) -> discord.Embed:
    """The public table in short text, beside its picture (screen readers, images off)."""
    if view.seat is not None:  # a real check, not an assert: it must hold under -O too
        raise ValueError("the public table is only ever built from the public view")
    a, b = name(player_ids, 0), name(player_ids, 1)
    lines = [
        tr("**Trumps**: {trumps}", trumps=trumps_text(view.trumps, tr)),
        tr(
            "**Totals**: {a} {x} · {b} {y} (game to {target})",
            a=a,
            x=view.totals[0],
            b=b,
            y=view.totals[1],
            target=view.target,
        ),
    ]
    if view.phase is Phase.PLAY or view.tricks:
        lines.append(
            tr(
                "**Taken this round**: {a} {x} · {b} {y}",
                a=a,
                x=view.captured[0],
                b=b,
                y=view.captured[1],
            )
        )
        trick = len(view.tricks) + (1 if view.phase is Phase.PLAY else 0)
        now = "—"
        if view.trick:
            now = tr(
                "{player} led {card}",
                player=name(player_ids, view.leader),
                card=view.trick[0].display,
            )
        lines.append(
            tr("**Trick {n} of {total}**: {now}", n=trick, total=TRICKS_PER_ROUND, now=now)
        )
        if view.last_trick is not None:
            lines.append(
                tr("**Last trick**: {trick}", trick=trick_text(view.last_trick, player_ids, tr))
            )
    elif view.phase is Phase.GIFT:
        given = [name(player_ids, s) for s in (0, 1) if view.gifts_in[s]]
        if given:
            lines.append(tr("**Gifts**: {players} gave", players=", ".join(given)))
        else:
            lines.append(tr("**Gifts**: none yet"))
    for seat in (0, 1):
        values = {
            "player": name(player_ids, seat),
            "cards": view.hand_sizes[seat],
            "piles": piles_text(view.strawmen[seat], tr),
        }
        if view.dealer == seat:
            lines.append(tr("**{player} (dealer)**: {cards} in hand; strawmen {piles}", **values))
        else:
            lines.append(tr("**{player}**: {cards} in hand; strawmen {piles}", **values))
    return discord.Embed(
        title=tr("Vidrasso · round {n}", n=view.round_number),
        description="\n".join(lines),
        colour=table_colour(view),
    )


def hand_embed(
    view: TableView, player_ids: Sequence[int], tr: Words, note: str | None = None
) -> discord.Embed:
    """A player's private hand: built from that player's own seat view."""
    assert view.seat is not None and view.hand is not None
    seat = view.seat
    hand = sorted_hand(view.hand, view.trumps)
    lines = [
        tr("**Hand**: {cards}", cards=cards_line(hand)),
        tr("**Your strawmen**: {piles}", piles=piles_text(view.strawmen[seat], tr)),
        tr("**Their strawmen**: {piles}", piles=piles_text(view.strawmen[1 - seat], tr)),
        tr("**Trumps**: {trumps}", trumps=trumps_text(view.trumps, tr)),
    ]
    if view.gift_given is not None:
        lines.append(
            tr(
                "**Your gift** to {player}: {card}",
                player=name(player_ids, 1 - seat),
                card=view.gift_given.display,
            )
        )
    if view.trick:
        lines.append(
            tr(
                "**Trick**: {player} led {card}",
                player=name(player_ids, view.leader),
                card=view.trick[0].display,
            )
        )
    elif view.last_trick is not None:
        lines.append(
            tr("**Last trick**: {trick}", trick=trick_text(view.last_trick, player_ids, tr))
        )
    lines.append(
        tr(
            "**Totals**: you {mine} · them {theirs}",
            mine=view.totals[seat],
            theirs=view.totals[1 - seat],
        )
    )
    embed = discord.Embed(
        title=tr("Your hand · round {n}", n=view.round_number),
        description="\n".join(lines),
        colour=SEAT_COLOURS[seat],
    )
    embed.add_field(name=tr("Now"), value=prompt_text(view, player_ids, tr), inline=False)
    if view.phase is not Phase.TRUMP and view.outcome is None:
        embed.set_footer(text=tr(TRUMP_LEGEND))
    if note:
        embed.set_author(name=note)
    return embed


def prompt_text(view: TableView, player_ids: Sequence[int], tr: Words) -> str:
    """What the viewer should do now, or what the others are doing."""
    assert view.seat is not None
    if view.outcome is not None:
        return tr("The game is over.")
    other = name(player_ids, 1 - view.seat)
    if view.seat not in view.to_act:
        if view.phase is Phase.TRUMP:
            if not view.bids:
                return tr(
                    "Waiting for {player} to name the first trump (a suit or a rank).", player=other
                )
            return tr(
                "Waiting for {player} to name the trump {kind}.",
                player=other,
                kind=other_kind(view, tr),
            )
        if view.phase is Phase.GIFT:
            return tr("Your gift is in. Waiting for {player} to choose theirs.", player=other)
        if view.trick:
            return tr("Waiting for {player} to follow.", player=other)
        return tr("Waiting for {player} to lead.", player=other)
    if view.phase is Phase.TRUMP:
        if not view.bids:
            return tr(
                "Name the first trump: a **suit** (its cards beat plain cards) or a **rank** "
                "(its four cards beat everything). Your opponent names the other. "
                "Choose, then **Confirm**."
            )
        return tr(
            "{player} named {trump}. Name the trump {kind}, then **Confirm**.",
            player=other,
            trump=named(view.bids[0].value, tr),
            kind=other_kind(view, tr),
        )
    if view.phase is Phase.GIFT:
        return tr(GIFT_LINE)
    if view.trick:
        lead = view.trick[0]
        return tr(
            "Follow {card}: play {one} or any trump (anything, if you have neither).",
            card=lead.display,
            one=tr(SUIT_ONE[lead.suit]),
        )
    return tr("Your lead: play any card of your hand or a face-up strawman.")


def round_embed(
    summary: RoundSummary,
    player_ids: Sequence[int],
    last: Trick | None,
    tr: Words,
    *,
    game_over: bool = False,
) -> discord.Embed:
    """End of a round: the last trick, then the round's summary (both gifts revealed, whose
    went to whom, the scores, the totals, and who names the first trump next)."""
    embed = discord.Embed(
        title=tr("Round {n} is over", n=summary.number),
        description="\n".join(summary_lines(summary, player_ids, tr, game_over=game_over)),
        colour=COLOUR,
    )
    if last is not None:
        embed.add_field(name=tr("Last trick"), value=trick_text(last, player_ids, tr), inline=False)
    return embed


def game_over_embed(
    view: TableView,
    player_ids: Sequence[int],
    ratings: Mapping[int, tuple[int, int]],
    tr: Words,
) -> discord.Embed:
    """The end of a game: the winner and how, round by round, and the rating changes."""
    outcome = view.outcome
    assert outcome is not None
    totals = (
        f"{name(player_ids, 0)} **{view.totals[0]}** · {name(player_ids, 1)} **{view.totals[1]}**"
    )
    if outcome.winner is None:
        title, how = tr("Game stopped"), tr("The game was stopped without a winner.")
    else:
        winner, loser = name(player_ids, outcome.winner), name(player_ids, 1 - outcome.winner)
        title = tr("🏆 Game over")
        if outcome.termination is Termination.RESIGNED:
            how = tr("{winner} wins — {loser} resigned.", winner=winner, loser=loser)
        elif outcome.termination is Termination.TIMEOUT:
            how = tr("{winner} wins — {loser} ran out of time.", winner=winner, loser=loser)
        else:
            how = tr(
                "{winner} wins — the target of {target} is reached.",
                winner=winner,
                target=view.target,
            )
    description = how + "\n" + tr("Final totals: {totals}", totals=totals)
    embed = discord.Embed(title=title, description=description, colour=OVER_COLOUR)
    if view.finished_rounds:
        rows = [
            tr(
                "Round {n}: {a} · {b} → {x} · {y}",
                n=r.number,
                a=r.scores[0],
                b=r.scores[1],
                x=r.totals[0],
                y=r.totals[1],
            )
            for r in view.finished_rounds
        ]
        embed.add_field(name=tr("Round by round"), value="\n".join(rows[-15:]), inline=False)
    changes = []
    for seat, user in enumerate(player_ids):
        if user in ratings:
            before, after = ratings[user]
            changes.append(f"{name(player_ids, seat)} {before} → {after} ({after - before:+d})")
    if changes:
        embed.add_field(name=tr("Ratings"), value="\n".join(changes), inline=False)
    embed.set_footer(text=tr(REPLAY_FOOTER))
    return embed


def tricks_embed(view: TableView, player_ids: Sequence[int], tr: Words) -> discord.Embed:
    """Every trick of this round so far, as everyone saw them."""
    lines = [f"{i}. {trick_text(t, player_ids, tr)}" for i, t in enumerate(view.tricks, start=1)]
    if view.trick:
        led = tr(
            "{player} led {card}", player=name(player_ids, view.leader), card=view.trick[0].display
        )
        lines.append(f"{len(view.tricks) + 1}. {led} …")
    return discord.Embed(
        title=tr("Tricks of round {n}", n=view.round_number),
        description="\n".join(lines) if lines else tr("No trick has been played this round yet."),
        colour=COLOUR,
    )


# --- the hand's buttons -------------------------------------------------------------------


def _card_button(
    game_id: int,
    view: TableView,
    card: Card,
    move: str,
    *,
    row: int,
    pile: int | None = None,
    disabled: bool = False,
    pick: bool = False,
    chosen: bool = False,
    tr: Words = ENGLISH_WORDS,
) -> discord.ui.Item[Any]:
    label = (
        card.rank.value if pile is None else tr("{rank} · pile {n}", rank=card.rank.value, n=pile)
    )
    style = (
        discord.ButtonStyle.primary if view.trumps.is_trump(card) else discord.ButtonStyle.secondary
    )
    if chosen:
        style = discord.ButtonStyle.success
    if pick:
        return PickButton(
            game_id, view.moves, move, label=label, emoji=emoji(card.suit), style=style, row=row
        )
    return MoveButton(
        game_id,
        view.moves,
        move,
        label=label,
        emoji=emoji(card.suit),
        style=style,
        disabled=disabled,
        row=row,
    )


def _trump_option(bid: Bid, pending: str | None, tr: Words) -> Option:
    move = VIDRASSO.action_text(bid)
    label = named(bid.value, tr)
    label = label[:1].upper() + label[1:]
    if isinstance(bid.value, Suit):
        suit = bid.value
        about = tr("Any card of this suit beats every plain card")
        return (move, label, about, emoji(suit), move == pending)
    about = tr("The four {rank}s beat every other card", rank=bid.value.value)
    return (move, label, about, None, move == pending)


def hand_items(
    game_id: int, view: TableView, pending: str | None, tr: Words
) -> list[discord.ui.Item[Any]]:
    """The moves under a private hand, from the seat view's legal actions: the trump as two
    labelled select menus, the gift as cards to pick, each then confirmed; cards to play in
    one tap, the face-up strawmen on their own row, the unplayable ones greyed out."""
    assert view.seat is not None and view.hand is not None
    seat, version, actions = view.seat, view.moves, view.actions
    picked = pending if pending in {VIDRASSO.action_text(a) for a in actions} else None
    items: list[discord.ui.Item[Any]] = []
    if view.phase is Phase.TRUMP and actions:
        bids = [a for a in actions if isinstance(a, Bid)]
        groups = [
            ("suit", SUIT_PROMPT, [b for b in bids if isinstance(b.value, Suit)]),
            ("rank", RANK_PROMPT, [b for b in bids if isinstance(b.value, Rank)]),
        ]
        for row, (group, placeholder, options) in enumerate(g for g in groups if g[2]):
            choices = [_trump_option(b, picked, tr) for b in options]
            items.append(
                PickSelect(game_id, version, group, choices, placeholder=tr(placeholder), row=row)
            )
    elif view.phase is Phase.GIFT and actions:
        cards = sorted((a.card for a in actions if isinstance(a, Gift)), key=view.trumps.sort_key)
        for i, card in enumerate(cards):
            move = VIDRASSO.action_text(Gift(seat, card))
            items.append(
                _card_button(
                    game_id, view, card, move, row=i // 5, pick=True, chosen=move == picked, tr=tr
                )
            )
    elif view.phase is Phase.PLAY:
        legal = set(view.legal)
        hand = sorted_hand(view.hand, view.trumps)
        for i, card in enumerate(hand):
            move = VIDRASSO.action_text(Play(seat, card))
            items.append(
                _card_button(
                    game_id, view, card, move, row=i // 5, disabled=card not in legal, tr=tr
                )
            )
        pile_row = (len(hand) + 4) // 5
        for number, pile in enumerate(view.strawmen[seat], start=1):
            if pile.up is not None:
                move = VIDRASSO.action_text(Play(seat, pile.up))
                items.append(
                    _card_button(
                        game_id,
                        view,
                        pile.up,
                        move,
                        row=pile_row,
                        pile=number,
                        disabled=pile.up not in legal,
                        tr=tr,
                    )
                )
    if picked is not None:
        items.append(_confirm(game_id, view, picked, tr))
    return items


def _confirm(game_id: int, view: TableView, move: str, tr: Words) -> MoveButton:
    action = VIDRASSO.parse_action(view.seat or 0, move)
    if isinstance(action, Bid):
        label = tr("Confirm: {trump}", trump=named(action.value, tr))
    else:
        assert isinstance(action, Gift)
        label = tr("Confirm: give {card}", card=action.card.display)
    return MoveButton(
        game_id, view.moves, move, label=label, style=discord.ButtonStyle.success, row=3
    )


def move_note(moved: Moved, tr: Words) -> str:
    """A short line for the mover, about what just happened."""
    for event in reversed(moved.events):
        if isinstance(event, TrickTaken):
            if event.trick.winner == moved.seat:
                return tr("You take the trick ({points} points).", points=event.points)
            return tr("They take the trick ({points} points).", points=event.points)
        if isinstance(event, GiftGiven):
            return tr("Gift given.")
        if isinstance(event, TrumpChosen):
            return tr("You named {trump}.", trump=named(event.bid.value, tr))
        if isinstance(event, CardPlayed) and event.seat == moved.seat:
            return tr("You played {card}.", card=event.card.display)
    return tr("Done.")


def last_trick_of_round(moved: Moved, number: int) -> Trick | None:
    """The trick that ended round ``number`` (among the events of the move that ended it)."""
    last: Trick | None = None
    for event in moved.events:
        if isinstance(event, TrickTaken):
            last = event.trick
        if isinstance(event, RoundEnded) and event.number == number:
            return last
    return None


class VidrassoPresentation:
    """Vidrasso's side of :class:`cogs.ui.games.Presentation`."""

    gallery = "games.vidrasso.discord.screens"

    def table(self, game: Game, view: TableView, tr: Words) -> discord.Embed:
        return table_embed(view, seat_names(game, tr), tr)

    def summary(self, game: Game, view: TableView, tr: Words) -> str:
        return summary_text(view, seat_names(game, tr), tr)

    def picture(self, game: Game, view: TableView, names: Sequence[str], tr: Words) -> bytes | None:
        return table_png(view, names, key=(game.id, tr.language), words=tr)

    def warm_names(self, names: Sequence[str], tr: Words) -> Future[object] | None:
        return learn_names(names, tr)

    def turn_line(self, game: Game, view: TableView, tr: Words) -> str:
        return turn_text(view, seat_names(game, tr), tr)

    def hand(self, game: Game, view: TableView, note: str | None, tr: Words) -> discord.Embed:
        return hand_embed(view, game.player_ids, tr, note)

    def hand_items(
        self, game: Game, view: TableView, pending: str | None, tr: Words
    ) -> list[discord.ui.Item[Any]]:
        return hand_items(game.id, view, pending, tr)

    def tricks(self, game: Game, view: TableView, tr: Words) -> discord.Embed:
        return tricks_embed(view, game.player_ids, tr)

    def tricks_to_show(self, view: TableView) -> bool:
        return view.phase is Phase.PLAY or bool(view.tricks)

    def move_note(self, moved: Moved, tr: Words) -> str:
        return move_note(moved, tr)

    def opening(self, game: Game, tr: Words) -> str | None:
        cut = game.state.cut
        ids = game.player_ids
        return tr(
            "The cut: {a} {x}, {b} {y} — the weaker card deals, so {dealer} deals first.",
            a=name(ids, 0),
            x=cut.cards[0].display,
            b=name(ids, 1),
            y=cut.cards[1].display,
            dealer=name(ids, cut.dealer),
        )

    def announcements(self, moved: Moved, tr: Words) -> list[discord.Embed]:
        ended = [e.number for e in moved.events if isinstance(e, RoundEnded)]
        if not ended:
            return []
        public = VIDRASSO.view(moved.game.state, None)
        summaries = {s.number: s for s in public.finished_rounds}
        over = moved.game.state.is_over
        return [
            round_embed(
                summaries[n],
                moved.game.player_ids,
                last_trick_of_round(moved, n),
                tr,
                game_over=over and n == max(summaries),
            )
            for n in ended
            if n in summaries
        ]

    def game_over(
        self, game: Game, view: TableView, ratings: Mapping[int, tuple[int, int]], tr: Words
    ) -> discord.Embed:
        return game_over_embed(view, game.player_ids, ratings, tr)

    def replay_pages(self, game: Game) -> int:
        return len(replay_text.positions(VIDRASSO.dumps(game.state))[0])

    def replay_rounds(self, game: Game) -> Sequence[int]:
        return replay_text.positions(VIDRASSO.dumps(game.state))[1]

    def replay_page(
        self, game: Game, page: int, names: Sequence[str], tr: Words
    ) -> tuple[discord.Embed, bytes | None]:
        state = replay_text.positions(VIDRASSO.dumps(game.state))[0][page]
        ids = game.player_ids
        public = VIDRASSO.view(state, None)
        rnd = state.round
        summary = replay_text.round_summary(game.state, rnd.number)
        title = tr(
            "Replay of game {game} · {where}", game=game.id, where=replay_text.where(state, tr)
        )
        if rnd.phase is Phase.TRUMP and not rnd.bids:  # the deal: every card as dealt
            embed = discord.Embed(
                title=title,
                description="\n".join(replay_text.dealt_lines(rnd, ids, tr)),
                colour=COLOUR,
            )
        else:
            embed = table_embed(public, ids, tr)
            embed.title = title
            if not state.is_over and state.phase is not Phase.DEAL:
                embed.add_field(
                    name=tr("Every card"),
                    value="\n".join(replay_text.held_lines(rnd, ids, tr)),
                    inline=False,
                )
        if summary is not None and (state.phase is not Phase.PLAY or state.is_over):
            last = summary.number >= len(game.state.rounds)  # no round was dealt after it
            embed.add_field(
                name=tr("Round {n} in short", n=summary.number),
                value="\n".join(replay_text.summary_lines(summary, ids, tr, game_over=last)),
                inline=False,
            )
        return embed, table_png(public, names, key=("replay", game.id, tr.language), words=tr)

    def tip(self, view: TableView, shown: frozenset[str], tr: Words) -> tuple[str, str] | None:
        return tip(view, shown, tr)

    guide = rules.GUIDE

    def ladder_fields(
        self, stats: Mapping[str, int], rounds: int, tr: Words
    ) -> list[tuple[str, str]]:
        return ladder_fields(stats, rounds, tr)

    def ladder_summary(self, stats: Mapping[str, int], rounds: int, tr: Words) -> str | None:
        return ladder_summary(stats, rounds, tr)


PRESENTATION = VidrassoPresentation()
