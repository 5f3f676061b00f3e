"""Vidrasso in Discord: embeds, texts and hand buttons, built only from engine views.

The public table comes from the public view; a player's hand from that player's own seat view.
Nothing here reads a state directly, so nothing here can show a card its reader may not see.
Players appear as mentions (`<@id>`), which Discord shows as their current display names.
The generic flows reach this module through ``PRESENTATION`` (see :mod:`cogs.ui.games`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import discord

from bot.drawing.vidrasso import table_png
from bot.engine import (
    TRICKS_PER_ROUND,
    Bid,
    Card,
    CardPlayed,
    GameState,
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
    replay,
    to_record,
)
from bot.games import rules_for
from bot.play.model import Game
from bot.play.service import Moved
from cogs.games.vidrasso_ladder import ladder_fields, ladder_summary
from cogs.ui.buttons import MoveButton, Option, PickButton, PickSelect
from cogs.ui.common import COLOUR

VIDRASSO = rules_for("vidrasso")
SEAT_COLOURS = (discord.Colour(0x3B82F6), discord.Colour(0xE67E22))
"""The table's colour while it waits for seat 0 (blue) or seat 1 (orange)."""
BOTH_COLOUR = discord.Colour(0x9B59B6)
"""The table's colour while it waits for both (the gifts)."""
OVER_COLOUR = discord.Colour.gold()
TRUMP_LEGEND = "Blue buttons are trumps: the trump rank's four cards, then the trump suit."
SUIT_PROMPT = "Trump suit: its cards beat plain cards…"
RANK_PROMPT = "Trump rank: its four cards beat every other card…"
GIFT_LINE = (
    "Your gift stays face down until the round ends, then scores for your opponent — "
    "pick a card, then **Confirm**."
)


def name(player_ids: Sequence[int], seat: int) -> str:
    return f"<@{player_ids[seat]}>"


def emoji(suit: Suit) -> str:
    """The suit as Discord's coloured emoji (hearts and diamonds red)."""
    return suit.symbol + "\ufe0f"


def cards_line(cards: Sequence[Card]) -> str:
    return " ".join(c.display for c in cards) if cards else "—"


def sorted_hand(cards: Sequence[Card], trumps: Trumps) -> list[Card]:
    """Strongest first under the round's trumps (trump ranks, trump suit, then by suit)."""
    return sorted(cards, key=trumps.sort_key)


def piles_text(row: Sequence[PileView]) -> str:
    """A strawmen row in words: the face-up cards, and how many face-down cards lie under."""
    up = [p.up.display for p in row if p.up is not None]
    down = sum(p.hidden for p in row)
    face_up = ", ".join(up) if up else "no card"
    if not down:
        return f"{face_up} face up"
    return f"{face_up} face up; {down} face down under them"


def trumps_text(trumps: Trumps) -> str:
    suit = f"{trumps.suit.symbol} {trumps.suit.noun}" if trumps.suit else "not chosen yet"
    rank = trumps.rank.noun if trumps.rank else "not chosen yet"
    return f"suit **{suit}** · rank **{rank}**"


def trick_text(trick: Trick, player_ids: Sequence[int]) -> str:
    lead, follow = trick.cards
    return (
        f"{name(player_ids, trick.leader)} {lead.display}, "
        f"{name(player_ids, 1 - trick.leader)} {follow.display} → "
        f"{name(player_ids, trick.winner)} takes {trick.points}"
    )


def turn_text(view: TableView, player_ids: Sequence[int]) -> str:
    """Whose move it is, in words, naming each player to act once."""
    if view.outcome is not None:
        return "The game is over."
    who = [name(player_ids, s) for s in view.to_act]
    if view.phase is Phase.TRUMP:
        if not view.bids:
            return f"{who[0]} names the first trump: a suit or a rank."
        other = view.bids[0].kind.other.value
        return f"{who[0]} names the trump {other}."
    if view.phase is Phase.GIFT:
        return f"{' and '.join(who)}: choose a gift for your opponent."
    if view.trick:
        return f"{who[0]} to follow {view.trick[0].display}."
    return f"{who[0]} to lead."


def table_colour(view: TableView) -> discord.Colour:
    """The colour of the player to move (both: purple; the end: gold)."""
    if view.outcome is not None or not view.to_act:
        return OVER_COLOUR
    if len(view.to_act) > 1:
        return BOTH_COLOUR
    return SEAT_COLOURS[view.to_act[0]]


def table_embed(view: TableView, player_ids: Sequence[int]) -> discord.Embed:
    """The public table in short text, beside its picture (screen readers, images off)."""
    assert view.seat is None, "the public table is only ever built from the public view"
    a, b = name(player_ids, 0), name(player_ids, 1)
    lines = [
        f"**Trumps**: {trumps_text(view.trumps)}",
        f"**Totals**: {a} {view.totals[0]} · {b} {view.totals[1]} (game to {view.target})",
    ]
    if view.phase is Phase.PLAY or view.tricks:
        lines.append(f"**Taken this round**: {a} {view.captured[0]} · {b} {view.captured[1]}")
        trick = len(view.tricks) + (1 if view.phase is Phase.PLAY else 0)
        now = f"{name(player_ids, view.leader)} led {view.trick[0].display}" if view.trick else "—"
        lines.append(f"**Trick {trick} of {TRICKS_PER_ROUND}**: {now}")
        if view.last_trick is not None:
            lines.append(f"**Last trick**: {trick_text(view.last_trick, player_ids)}")
    elif view.phase is Phase.GIFT:
        given = [name(player_ids, s) for s in (0, 1) if view.gifts_in[s]]
        lines.append("**Gifts**: " + (f"{' and '.join(given)} gave" if given else "none yet"))
    for seat in (0, 1):
        dealer = " (dealer)" if view.dealer == seat else ""
        cards = f"{view.hand_sizes[seat]} in hand"
        lines.append(
            f"**{name(player_ids, seat)}{dealer}**: {cards}; strawmen "
            f"{piles_text(view.strawmen[seat])}"
        )
    return discord.Embed(
        title=f"Vidrasso · round {view.round_number}",
        description="\n".join(lines),
        colour=table_colour(view),
    )


def hand_embed(
    view: TableView, player_ids: Sequence[int], note: str | None = None
) -> discord.Embed:
    """A player's private hand: built from that player's own seat view."""
    assert view.seat is not None and view.hand is not None
    seat = view.seat
    hand = sorted_hand(view.hand, view.trumps)
    lines = [f"**Hand**: {cards_line(hand)}"]
    lines.append(f"**Your strawmen**: {piles_text(view.strawmen[seat])}")
    lines.append(f"**Their strawmen**: {piles_text(view.strawmen[1 - seat])}")
    lines.append(f"**Trumps**: {trumps_text(view.trumps)}")
    if view.gift_given is not None:
        lines.append(f"**Your gift** to {name(player_ids, 1 - seat)}: {view.gift_given.display}")
    if view.trick:
        lines.append(f"**Trick**: {name(player_ids, view.leader)} led {view.trick[0].display}")
    elif view.last_trick is not None:
        lines.append(f"**Last trick**: {trick_text(view.last_trick, player_ids)}")
    lines.append(f"**Totals**: you {view.totals[seat]} · them {view.totals[1 - seat]}")
    embed = discord.Embed(
        title=f"Your hand · round {view.round_number}",
        description="\n".join(lines),
        colour=SEAT_COLOURS[seat],
    )
    embed.add_field(name="Now", value=prompt_text(view, player_ids), inline=False)
    if view.phase is not Phase.TRUMP and view.outcome is None:
        embed.set_footer(text=TRUMP_LEGEND)
    if note:
        embed.set_author(name=note)
    return embed


def prompt_text(view: TableView, player_ids: Sequence[int]) -> str:
    """What the viewer should do now, or what the others are doing."""
    assert view.seat is not None
    if view.outcome is not None:
        return "The game is over."
    other = name(player_ids, 1 - view.seat)
    if view.seat not in view.to_act:
        if view.phase is Phase.TRUMP:
            if not view.bids:
                return f"Waiting for {other} to name the first trump (a suit or a rank)."
            return f"Waiting for {other} to name the trump {view.bids[0].kind.other.value}."
        if view.phase is Phase.GIFT:
            return f"Your gift is in. Waiting for {other} to choose theirs."
        return f"Waiting for {other} to {'follow' if view.trick else 'lead'}."
    if view.phase is Phase.TRUMP:
        if not view.bids:
            return (
                "Name the first trump: a **suit** (its cards beat plain cards) or a **rank** "
                "(its four cards beat everything). Your opponent names the other. "
                "Choose, then **Confirm**."
            )
        kind = view.bids[0].kind.other.value
        return f"{other} named {view.bids[0].value.noun}. Name the trump {kind}, then **Confirm**."
    if view.phase is Phase.GIFT:
        return GIFT_LINE
    if view.trick:
        lead = view.trick[0]
        return (
            f"Follow {lead.display}: play a {lead.suit.noun[:-1]} or any trump "
            "(anything, if you have neither)."
        )
    return "Your lead: play any card of your hand or a face-up strawman."


def round_embed(
    summary: RoundSummary, player_ids: Sequence[int], last: Trick | None
) -> discord.Embed:
    """End of a round: the last trick, points taken, both gifts revealed, scores, totals."""
    embed = discord.Embed(title=f"Round {summary.number} is over", colour=COLOUR)
    if last is not None:
        embed.add_field(name="Last trick", value=trick_text(last, player_ids), inline=False)
    for seat in (0, 1):
        gift_in = summary.gifts[1 - seat]
        embed.add_field(
            name="Dealer" if summary.dealer == seat else "Player",
            value=(
                f"{name(player_ids, seat)}\ntook {summary.captured[seat]}"
                f" + gift {gift_in.display} ({gift_in.points})"
                f" = **{summary.scores[seat]}**"
            ),
            inline=True,
        )
    embed.add_field(
        name="Totals",
        value=f"{name(player_ids, 0)} **{summary.totals[0]}** · "
        f"{name(player_ids, 1)} **{summary.totals[1]}**",
        inline=False,
    )
    return embed


def game_over_embed(
    view: TableView, player_ids: Sequence[int], ratings: Mapping[int, tuple[int, int]]
) -> discord.Embed:
    """The end of a game: the winner and how, round by round, and the rating changes."""
    outcome = view.outcome
    assert outcome is not None
    totals = (
        f"{name(player_ids, 0)} **{view.totals[0]}** · {name(player_ids, 1)} **{view.totals[1]}**"
    )
    if outcome.winner is None:
        title, how = "Game stopped", "The game was stopped without a winner."
    else:
        winner, loser = name(player_ids, outcome.winner), name(player_ids, 1 - outcome.winner)
        title = "🏆 Game over"
        if outcome.termination is Termination.RESIGNED:
            how = f"{winner} wins — {loser} resigned."
        elif outcome.termination is Termination.TIMEOUT:
            how = f"{winner} wins — {loser} ran out of time."
        else:
            how = f"{winner} wins — the target of {view.target} is reached."
    embed = discord.Embed(
        title=title, description=f"{how}\nFinal totals: {totals}", colour=OVER_COLOUR
    )
    if view.finished_rounds:
        rows = [
            f"Round {r.number}: {r.scores[0]} · {r.scores[1]} → {r.totals[0]} · {r.totals[1]}"
            for r in view.finished_rounds
        ]
        embed.add_field(name="Round by round", value="\n".join(rows[-15:]), inline=False)
    changes = []
    for seat, user in enumerate(player_ids):
        if user in ratings:
            before, after = ratings[user]
            changes.append(f"{name(player_ids, seat)} {before} → {after} ({after - before:+d})")
    if changes:
        embed.add_field(name="Ratings", value="\n".join(changes), inline=False)
    embed.set_footer(text="The game record is attached (vidrasso-record/1 JSON).")
    return embed


def tricks_embed(view: TableView, player_ids: Sequence[int]) -> discord.Embed:
    """Every trick of this round so far, as everyone saw them."""
    lines = [f"{i}. {trick_text(t, player_ids)}" for i, t in enumerate(view.tricks, start=1)]
    if view.trick:
        lines.append(
            f"{len(view.tricks) + 1}. {name(player_ids, view.leader)} led {view.trick[0].display} …"
        )
    return discord.Embed(
        title=f"Tricks of round {view.round_number}",
        description="\n".join(lines) if lines else "No trick has been played this round yet.",
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
) -> discord.ui.Item[Any]:
    label = card.rank.value if pile is None else f"{card.rank.value} · pile {pile}"
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


def _trump_option(bid: Bid, pending: str | None) -> Option:
    move = VIDRASSO.action_text(bid)
    if isinstance(bid.value, Suit):
        suit = bid.value
        return (
            move,
            suit.noun.capitalize(),
            f"Any {suit.noun[:-1]} beats every plain card",
            emoji(suit),
            move == pending,
        )
    assert isinstance(bid.value, Rank)
    rank = bid.value
    return (
        move,
        rank.noun.capitalize(),
        f"The four {rank.value}s beat every other card",
        None,
        move == pending,
    )


def hand_items(game_id: int, view: TableView, pending: str | None) -> list[discord.ui.Item[Any]]:
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
            choices = [_trump_option(b, picked) for b in options]
            items.append(
                PickSelect(game_id, version, group, choices, placeholder=placeholder, row=row)
            )
    elif view.phase is Phase.GIFT and actions:
        cards = sorted((a.card for a in actions if isinstance(a, Gift)), key=view.trumps.sort_key)
        for i, card in enumerate(cards):
            move = VIDRASSO.action_text(Gift(seat, card))
            items.append(
                _card_button(
                    game_id, view, card, move, row=i // 5, pick=True, chosen=move == picked
                )
            )
    elif view.phase is Phase.PLAY:
        legal = set(view.legal)
        hand = sorted_hand(view.hand, view.trumps)
        for i, card in enumerate(hand):
            move = VIDRASSO.action_text(Play(seat, card))
            items.append(
                _card_button(game_id, view, card, move, row=i // 5, disabled=card not in legal)
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
                    )
                )
    if picked is not None:
        items.append(_confirm(game_id, view, picked))
    return items


def _confirm(game_id: int, view: TableView, move: str) -> MoveButton:
    action = VIDRASSO.parse_action(view.seat or 0, move)
    if isinstance(action, Bid):
        label = f"Confirm: {action.value.noun}"
    else:
        assert isinstance(action, Gift)
        label = f"Give {action.card.display}"
    return MoveButton(
        game_id, view.moves, move, label=label, style=discord.ButtonStyle.success, row=3
    )


@lru_cache(maxsize=32)
def positions(text: str) -> tuple[GameState, ...]:
    """A game's positions trick by trick, for the replay: before each trick of each round,
    each round's end, and the end of the game. Keyed by the stored state (a finished game
    never changes)."""
    final = VIDRASSO.loads(text)
    found: list[GameState] = []
    for state, _ in replay(to_record(final), check_legal=False):
        if not state.rounds:
            continue  # before the first deal
        if (state.phase is Phase.PLAY and not state.round.trick) or state.phase is Phase.DEAL:
            found.append(state)
    found.append(final)
    return tuple(found)


def replay_title(state: GameState) -> str:
    rnd = state.round
    if state.is_over:
        return "The end"
    if state.phase is Phase.DEAL:
        return f"Round {rnd.number} · the round is over"
    return f"Round {rnd.number} · trick {len(rnd.tricks) + 1} of {TRICKS_PER_ROUND}"


def move_note(moved: Moved) -> str:
    """A short line for the mover, about what just happened."""
    for event in reversed(moved.events):
        if isinstance(event, TrickTaken):
            won = event.trick.winner == moved.seat
            return f"{'You take' if won else 'They take'} the trick ({event.points} points)."
        if isinstance(event, GiftGiven):
            return "Gift given."
        if isinstance(event, TrumpChosen):
            return f"You named {event.bid.value.noun}."
        if isinstance(event, CardPlayed) and event.seat == moved.seat:
            return f"You played {event.card.display}."
    return "Done."


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

    def table(self, game: Game, view: TableView) -> discord.Embed:
        return table_embed(view, game.player_ids)

    def picture(self, game: Game, view: TableView, names: Sequence[str]) -> bytes | None:
        return table_png(view, names, key=game.id)

    def turn_line(self, game: Game, view: TableView) -> str:
        return turn_text(view, game.player_ids)

    def hand(self, game: Game, view: TableView, note: str | None) -> discord.Embed:
        return hand_embed(view, game.player_ids, note)

    def hand_items(
        self, game: Game, view: TableView, pending: str | None
    ) -> list[discord.ui.Item[Any]]:
        return hand_items(game.id, view, pending)

    def tricks(self, game: Game, view: TableView) -> discord.Embed:
        return tricks_embed(view, game.player_ids)

    def move_note(self, moved: Moved) -> str:
        return move_note(moved)

    def opening(self, game: Game) -> str | None:
        cut = game.state.cut
        ids = game.player_ids
        return (
            f"The cut: <@{ids[0]}> {cut.cards[0].display}, <@{ids[1]}> {cut.cards[1].display}"
            f" — the weaker card deals, so <@{ids[cut.dealer]}> deals first."
        )

    def announcements(self, moved: Moved) -> list[discord.Embed]:
        ended = [e.number for e in moved.events if isinstance(e, RoundEnded)]
        if not ended:
            return []
        public = VIDRASSO.view(moved.game.state, None)
        summaries = {s.number: s for s in public.finished_rounds}
        return [
            round_embed(summaries[n], moved.game.player_ids, last_trick_of_round(moved, n))
            for n in ended
            if n in summaries
        ]

    def game_over(
        self, game: Game, view: TableView, ratings: Mapping[int, tuple[int, int]]
    ) -> discord.Embed:
        return game_over_embed(view, game.player_ids, ratings)

    def replay_pages(self, game: Game) -> int:
        return len(positions(VIDRASSO.dumps(game.state)))

    def replay_page(
        self, game: Game, page: int, names: Sequence[str]
    ) -> tuple[discord.Embed, bytes | None]:
        state = positions(VIDRASSO.dumps(game.state))[page]
        public = VIDRASSO.view(state, None)
        embed = table_embed(public, game.player_ids)
        embed.title = f"Replay of game {game.id} · {replay_title(state)}"
        return embed, table_png(public, names, key=("replay", game.id))

    def rules(self) -> discord.Embed:
        return discord.Embed(title="How to play Vidrasso", description=RULES_TEXT, colour=COLOUR)

    def ladder_fields(self, stats: Mapping[str, int], rounds: int) -> list[tuple[str, str]]:
        return ladder_fields(stats, rounds)

    def ladder_summary(self, stats: Mapping[str, int], rounds: int) -> str | None:
        return ladder_summary(stats, rounds)


PRESENTATION = VidrassoPresentation()

RULES_TEXT = """\
**Vidrasso** — two players, 36 cards (A 2 3 … 9 in ♠ ♥ ♦ ♣). Inside a suit the **Ace is \
strongest and the 9 weakest**, but a card scores its number (Ace 1): weak cards are worth the \
most. A round holds 180 points; the first to **300** (or 500) with the higher total wins.

**Deal** · each player has 8 hand cards and 5 *strawmen*: a face-up card on a face-down one. \
Nobody sees a face-down card until it turns up.
**Trumps** · one player names the trump **suit**, the other the trump **rank** (round 1: the \
non-dealer chooses first and picks which; later the lower total chooses first). The four \
trump-rank cards beat everything; trump-suit cards beat plain cards.
**Gift** · each player gives one hand card face down to the opponent; it scores for them and \
stays hidden until the round ends.
**Play** · 17 tricks. You may play a hand card or a face-up strawman. Follow the led suit \
**or play any trump**; if you can't follow, play anything. Two trump-rank cards: the second \
wins. A strawman's under-card turns up after the trick. The winner leads next.

Start with `/vidrasso challenge`, then press **Show my hand** on the table."""
