"""Embeds and text for people, built only from engine views.

The public table comes from the public view; a player's hand from that player's own seat view.
Nothing here reads a state directly, so nothing here can show a card its reader may not see.
Players appear as mentions (`<@id>`), which Discord shows as their current display names.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.engine import (
    Card,
    Phase,
    PileView,
    RoundSummary,
    TableView,
    Termination,
    Trick,
    Trumps,
)

COLOUR = discord.Colour.dark_green()
HIDDEN = "🂠"
EMPTY = "·"


def name(player_ids: Sequence[int], seat: int) -> str:
    return f"<@{player_ids[seat]}>"


def card_text(card: Card) -> str:
    return card.display


def cards_line(cards: Sequence[Card]) -> str:
    return " ".join(c.display for c in cards) if cards else "—"


def sorted_hand(cards: Sequence[Card], trumps: Trumps) -> list[Card]:
    """Strongest first under the round's trumps (trump ranks, trump suit, then by suit)."""
    return sorted(cards, key=trumps.sort_key)


def pile_text(pile: PileView) -> str:
    if pile.up is not None:
        return pile.up.display + ("•" if pile.hidden else "")
    return HIDDEN if pile.hidden else EMPTY


def strawmen_line(row: Sequence[PileView]) -> str:
    return "  ".join(pile_text(p) for p in row)


def trumps_text(trumps: Trumps) -> str:
    suit = f"{trumps.suit.symbol} {trumps.suit.noun}" if trumps.suit else "—"
    rank = trumps.rank.noun if trumps.rank else "—"
    return f"suit **{suit}** · rank **{rank}**"


def trick_text(trick: Trick, player_ids: Sequence[int]) -> str:
    lead, follow = trick.cards
    return (
        f"{name(player_ids, trick.leader)} {lead.display}, "
        f"{name(player_ids, 1 - trick.leader)} {follow.display} → "
        f"{name(player_ids, trick.winner)} takes {trick.points}"
    )


def turn_text(view: TableView, player_ids: Sequence[int]) -> str:
    """Whose move it is, in words."""
    if view.outcome is not None:
        return "The game is over."
    who = [name(player_ids, s) for s in view.to_act]
    if view.phase is Phase.TRUMP:
        if not view.bids:
            return f"{who[0]} names the first trump (a suit or a rank)."
        other = "rank" if view.bids[0].kind.value == "suit" else "suit"
        return f"{who[0]} names the trump {other}."
    if view.phase is Phase.GIFT:
        return f"{' and '.join(who)}: choose a gift for your opponent."
    if view.trick:
        return f"{who[0]} to follow."
    return f"{who[0]} to lead."


def table_embed(view: TableView, player_ids: Sequence[int]) -> discord.Embed:
    """The public table: built from the public view (``view.seat`` must be None)."""
    assert view.seat is None, "the public table is only ever built from the public view"
    embed = discord.Embed(
        title=f"Vidrasso · round {view.round_number}",
        description=(
            f"{name(player_ids, 0)} vs {name(player_ids, 1)} · to {view.target}\n"
            f"**{turn_text(view, player_ids)}**"
        ),
        colour=COLOUR,
    )
    embed.add_field(
        name="Totals",
        value=f"{name(player_ids, 0)} **{view.totals[0]}** · "
        f"{name(player_ids, 1)} **{view.totals[1]}**",
        inline=False,
    )
    embed.add_field(name="Trumps", value=trumps_text(view.trumps), inline=False)
    for seat in (0, 1):
        dealer = " (dealer)" if view.dealer == seat else ""
        embed.add_field(
            name=f"Strawmen · seat {seat + 1}{dealer}",
            value=f"{name(player_ids, seat)}  {strawmen_line(view.strawmen[seat])}\n"
            f"hand: {view.hand_sizes[seat]} cards",
            inline=False,
        )
    if view.phase is Phase.PLAY or view.tricks:
        if view.trick:
            current = f"{name(player_ids, view.leader)} led **{view.trick[0].display}**"
        else:
            current = "—"
        embed.add_field(name=f"Trick {len(view.tricks) + 1}/17", value=current, inline=True)
        last = view.last_trick
        embed.add_field(
            name="Last trick", value=trick_text(last, player_ids) if last else "—", inline=True
        )
        embed.add_field(
            name="Captured this round",
            value=f"{view.captured[0]} · {view.captured[1]} (gifts stay hidden until the end)",
            inline=False,
        )
    elif view.phase is Phase.GIFT:
        given = [name(player_ids, s) for s in (0, 1) if view.gifts_in[s]]
        embed.add_field(name="Gifts", value=("given: " + ", ".join(given)) if given else "none yet")
    embed.set_footer(text="• a face-down card lies under it · 🂠 turns up after the trick")
    return embed


def hand_embed(
    view: TableView, player_ids: Sequence[int], note: str | None = None
) -> discord.Embed:
    """A player's private hand: built from that player's own seat view."""
    assert view.seat is not None and view.hand is not None
    seat = view.seat
    hand = sorted_hand(view.hand, view.trumps)
    lines = [f"**Hand**: {cards_line(hand)}"]
    lines.append(f"**Your strawmen**: {strawmen_line(view.strawmen[seat])}")
    lines.append(f"**Opponent's strawmen**: {strawmen_line(view.strawmen[1 - seat])}")
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
        colour=COLOUR,
    )
    embed.add_field(name="Now", value=prompt_text(view), inline=False)
    if note:
        embed.set_author(name=note)
    return embed


def prompt_text(view: TableView) -> str:
    """What the viewer should do now."""
    assert view.seat is not None
    if view.outcome is not None:
        return "The game is over."
    if view.seat not in view.to_act:
        if view.phase is Phase.GIFT:
            return "Your gift is in. Waiting for your opponent's gift."
        return "Waiting for your opponent."
    if view.phase is Phase.TRUMP:
        if not view.bids:
            return "Name the first trump: a suit or a rank."
        kind = "rank" if view.bids[0].kind.value == "suit" else "suit"
        return f"Your opponent named {view.bids[0].value.noun}. Name the trump {kind}."
    if view.phase is Phase.GIFT:
        return "Choose a hand card to give to your opponent (it scores for them)."
    if view.trick:
        return f"Follow {view.trick[0].display}: a {view.trick[0].suit.noun[:-1]} or a trump."
    return "Your lead: play any available card."


def round_embed(summary: RoundSummary, player_ids: Sequence[int]) -> discord.Embed:
    """End of a round: points captured, both gifts revealed, round scores, totals."""
    embed = discord.Embed(title=f"Round {summary.number} is over", colour=COLOUR)
    for seat in (0, 1):
        gift_in = summary.gifts[1 - seat]
        embed.add_field(
            name=f"Seat {seat + 1}",
            value=(
                f"{name(player_ids, seat)}\ncaptured {summary.captured[seat]}"
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


def game_over_text(view: TableView, player_ids: Sequence[int]) -> str:
    outcome = view.outcome
    assert outcome is not None
    totals = f"{name(player_ids, 0)} {view.totals[0]} · {name(player_ids, 1)} {view.totals[1]}"
    if outcome.winner is None:
        return f"The game was stopped without a winner. Final totals: {totals}."
    winner = name(player_ids, outcome.winner)
    if outcome.termination is Termination.RESIGNED:
        how = f"{name(player_ids, 1 - outcome.winner)} resigned"
    elif outcome.termination is Termination.TIMEOUT:
        how = f"{name(player_ids, 1 - outcome.winner)} ran out of time"
    else:
        how = "the target is reached"
    return f"🏆 {winner} wins — {how}. Final totals: {totals}."


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
