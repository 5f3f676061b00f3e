"""Pidro in Discord: embeds, texts and hand buttons, built only from engine views.

The public table comes from the public view; a player's hand from that player's own seat view
(partners see nothing of each other's hands: each has their own view). Nothing here reads a
state directly, except the record-based replay and the opening line (the first dealer, which
the table shows anyway). Members appear as mentions; a computer seat by its level. The generic
flows reach this module through ``PRESENTATION`` (see :mod:`cogs.ui.games`).

Moves: a bid or a card is one tap; the trump suit is picked, then confirmed; the trumps to
kill are chosen together in one menu, then confirmed.
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
from cogs.ui.i18n import N_, Words
from games.pidro import drawing as drawn
from games.pidro.discord import guide as rules
from games.pidro.discord import replay as replay_text
from games.pidro.drawing import learn_names, table_png
from games.pidro.rules import (
    MAX_BID,
    Bid,
    BidMade,
    Card,
    CardPlayed,
    GameState,
    HandScored,
    HandSummary,
    KeptBy,
    Kill,
    Killed,
    NameTrump,
    Phase,
    Play,
    Suit,
    TableView,
    Termination,
    Trick,
    TrickTaken,
    TrumpNamed,
    highest_bid,
    partner_of,
    team_of,
)

PIDRO = rules_for("pidro")
TEAM_COLOURS = tuple(discord.Colour.from_rgb(*rgb) for rgb in drawn.TEAM_COLOURS)
"""Team A (seats 0 and 2) blue, team B (seats 1 and 3) purple, as on the drawn table: the
table's colour follows the team to move."""
OVER_COLOUR = discord.Colour.gold()
REPLAY_FOOTER = N_(
    "Replay (below) shows every round with every hand; the attached record is for export."
)
TEAM_LETTERS = (N_("A"), N_("B"))
SUIT_NAMES: Mapping[Suit, str] = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
}
LAST_HANDS_SHOWN = 15


# --- words ----------------------------------------------------------------------------------


def team_name(team: int, tr: Words, *, capital: bool = False) -> str:
    """``team A``, or ``Team A`` to begin a sentence or a heading."""
    letter = tr(TEAM_LETTERS[team])
    return tr("Team {letter}", letter=letter) if capital else tr("team {letter}", letter=letter)


def team_players(game: Game, team: int, tr: Words, *, capital: bool = False) -> str:
    """``team A (<@1> & <@3>)``."""
    a, b = (seat_name(game, s, tr) for s in (team, team + 2))
    return tr("{team} ({a} & {b})", team=team_name(team, tr, capital=capital), a=a, b=b)


def emoji(suit: Suit) -> str:
    """The suit as Discord's coloured emoji (hearts and diamonds red)."""
    return suit.symbol + "\ufe0f"


def suit_text(suit: Suit, tr: Words) -> str:
    return f"{suit.symbol} {tr(SUIT_NAMES[suit])}"


def cards_line(cards: Sequence[Card]) -> str:
    return " ".join(c.display for c in cards) if cards else "—"


def sorted_cards(cards: Sequence[Card], trump: Suit | None) -> list[Card]:
    """Strongest trump first, then the dead cards; before trumps are named, by suit and rank."""
    if trump is None:
        return sorted(cards, key=lambda c: (c.suit.number, -c.rank.number))
    return sorted(cards, key=lambda c: (-c.strength(trump), c.suit.number, -c.rank.number))


def bid_text(points: int | None, tr: Words) -> str:
    return tr("pass") if points is None else str(points)


def trick_text(game: Game, trick: Trick, tr: Words) -> str:
    plays = ", ".join(f"{seat_name(game, s, tr)} {c.display}" for s, c in trick.plays)
    return tr(
        "{plays} → {winner} takes it (team A {a} · team B {b} points)",
        plays=plays,
        winner=seat_name(game, trick.winner, tr),
        a=trick.points[0],
        b=trick.points[1],
    )


def contract_text(game: Game, view: TableView, tr: Words) -> str:
    contract = view.contract
    if contract is None:
        return tr("not yet bid")
    values = {"player": seat_name(game, contract.seat, tr), "bid": contract.bid}
    text = (
        tr("{player}, a forced {bid}", **values)
        if contract.forced
        else tr("{player} bid {bid}", **values)
    )
    if view.trump is not None:
        text = tr("{contract} · trump {suit}", contract=text, suit=suit_text(view.trump, tr))
    return text


def rows_by_seat(game: Game, rows: Sequence[Sequence[Card]], tr: Words) -> str | None:
    """``<@1> 3♣ 7♠ · <@2> K♦`` for the seats that have cards in ``rows``; None if none has."""
    parts = [f"{seat_name(game, s, tr)} {cards_line(row)}" for s, row in enumerate(rows) if row]
    return " · ".join(parts) if parts else None


# --- whose turn ---------------------------------------------------------------------------


def turn_text(game: Game, view: TableView, tr: Words) -> str:
    """Whose move it is, in words, naming each player to act once."""
    if view.outcome is not None:
        return tr("The game is over.")
    who = [seat_name(game, s, tr) for s in view.to_act]
    if not who:
        return tr("The next hand is being dealt.")
    if view.phase is Phase.BID:
        best = highest_bid(view.bids)
        if best is None:
            return tr("{player} to bid (6 to 14, or pass).", player=who[0])
        if best.points == MAX_BID:  # only 14 can follow 14, and the later one takes it
            return tr("{player} to bid 14 too (it takes the contract), or pass.", player=who[0])
        return tr(
            "{player} to bid over {bid}, or pass.",
            player=who[0],
            bid=best.points,
        )
    if view.phase is Phase.TRUMP:
        return tr("{player} names the trump suit.", player=who[0])
    if view.phase is Phase.KILL:
        return tr("{players}: kill trumps down to six.", players=tr(", ").join(who))
    if view.trick:
        return tr("{player} to play a trump.", player=who[0])
    return tr("{player} to lead a trump.", player=who[0])


def table_colour(view: TableView) -> discord.Colour:
    if view.outcome is not None or not view.to_act:
        return OVER_COLOUR
    return TEAM_COLOURS[team_of(view.to_act[0])]


# --- the public table -----------------------------------------------------------------------


def pair_name(game: Game, team: int, tr: Words) -> str:
    """A team by its players, as the picture calls it: ``<@1> & <@3>``."""
    return tr(
        "{first} & {second}",
        first=seat_name(game, team, tr),
        second=seat_name(game, team + 2, tr),
    )


def summary_text(game: Game, view: TableView, tr: Words) -> str:
    """The table's short text beside its picture: what just happened (the last bid, the last
    trick; the contract and trumps are on the picture), then the totals."""
    lines = []
    if view.phase is Phase.BID and view.bids:
        bid = view.bids[-1]
        player = seat_name(game, bid.seat, tr)
        if bid.points is None:
            lines.append(tr("{player} passed.", player=player))
        else:
            lines.append(tr("{player} bid {bid}.", player=player, bid=bid.points))
    elif view.phase is Phase.PLAY and view.tricks:
        last = view.tricks[-1]
        lines.append(
            tr(
                "{player} took the last trick ({points}).",
                player=seat_name(game, last.winner, tr),
                points=last.points[team_of(last.winner)],
            )
        )
    lines.append(
        tr(
            "**Totals**: {a} {x} · {b} {y} (game to {target})",
            a=pair_name(game, 0, tr),
            x=view.totals[0],
            b=pair_name(game, 1, tr),
            y=view.totals[1],
            target=view.target,
        )
    )
    return "\n".join(lines)


def table_embed(game: Game, view: TableView, tr: Words) -> discord.Embed:
    """The public table in short text, beside its picture (screen readers, images off)."""
    if view.seat is not None:  # a real check, not an assert: it must hold under -O too
        raise ValueError("the public table is only ever built from the public view")
    lines = [
        tr("{team} — **{points}**", team=pair_name(game, team, tr), points=view.totals[team])
        for team in (0, 1)
    ]
    lines.append(
        tr(
            "**Dealer**: {player} · game to {target}",
            player=seat_name(game, view.dealer, tr),
            target=view.target,
        )
    )
    bids = " · ".join(f"{seat_name(game, b.seat, tr)} {bid_text(b.points, tr)}" for b in view.bids)
    lines.append(tr("**Bids**: {bids}", bids=bids or tr("none yet")))
    lines.append(tr("**Contract**: {contract}", contract=contract_text(game, view, tr)))
    discards = rows_by_seat(game, view.discards, tr)
    if discards:
        lines.append(tr("**Discarded face up**: {cards}", cards=discards))
    if view.received is not None:
        got = " · ".join(
            tr("{player} got {count}", player=seat_name(game, s, tr), count=n)
            for s, n in enumerate(view.received)
            if s != view.dealer
        )
        lines.append(
            tr(
                "**From the stock**: {got} · the dealer took {took}",
                got=got,
                took=view.received[view.dealer],
            )
        )
    kills = rows_by_seat(game, view.kills, tr)
    if kills:
        lines.append(tr("**Killed**: {cards}", cards=kills))
    cold = rows_by_seat(game, view.cold_cards, tr)
    if view.cold:
        lines.append(
            tr(
                "**Cold**: {players}",
                players=cold or tr(", ").join(seat_name(game, s, tr) for s in view.cold),
            )
        )
    if view.phase is Phase.PLAY or view.tricks:
        lines.append(
            tr(
                "**Taken this hand**: {a} {x} · {b} {y}",
                a=pair_name(game, 0, tr),
                x=view.taken[0],
                b=pair_name(game, 1, tr),
                y=view.taken[1],
            )
        )
        if view.trick:
            plays = ", ".join(f"{seat_name(game, s, tr)} {c.display}" for s, c in view.trick)
            lines.append(tr("**Trick {n}**: {plays}", n=len(view.tricks) + 1, plays=plays))
        if view.tricks:
            lines.append(tr("**Last trick**: {trick}", trick=trick_text(game, view.tricks[-1], tr)))
    if view.kept_by is not None:
        lines.append(kept_text(game, view.kept_by, tr))
    return discord.Embed(
        title=tr("Pidro · hand {n}", n=view.hand_number),
        description="\n".join(lines),
        colour=table_colour(view),
    )


def kept_text(game: Game, kept: KeptBy, tr: Words) -> str:
    return tr(
        "**Scored without playing**: {team} still held {cards} when play stopped",
        team=team_name(kept.team, tr, capital=True),
        cards=cards_line(kept.cards),
    )


# --- a player's hand ------------------------------------------------------------------------


def hand_embed(game: Game, view: TableView, note: str | None, tr: Words) -> discord.Embed:
    """A player's private hand: built from that player's own seat view."""
    assert view.seat is not None and view.hand is not None
    seat = view.seat
    team = team_of(seat)
    cards = sorted_cards(view.hand, view.trump)
    if view.trump is None:
        lines = [tr("**Hand**: {cards}", cards=cards_line(cards))]
    else:
        trumps = [c for c in cards if c.is_trump(view.trump)]
        lines = [
            tr.n(
                "**Your trumps**: {count} — {cards}",
                "**Your trumps**: {count} — {cards}",
                len(trumps),
                cards=cards_line(trumps),
            )
        ]
        dead = [c for c in cards if not c.is_trump(view.trump)]
        if dead:
            lines.append(tr("**Dead cards** (never played): {cards}", cards=cards_line(dead)))
    lines.append(tr("**Partner**: {player}", player=seat_name(game, partner_of(seat), tr)))
    lines.append(tr("**Contract**: {contract}", contract=contract_text(game, view, tr)))
    if view.trick:
        plays = ", ".join(f"{seat_name(game, s, tr)} {c.display}" for s, c in view.trick)
        lines.append(tr("**Trick {n}**: {plays}", n=len(view.tricks) + 1, plays=plays))
    elif view.tricks:
        lines.append(tr("**Last trick**: {trick}", trick=trick_text(game, view.tricks[-1], tr)))
    if view.phase is Phase.PLAY or view.tricks:
        lines.append(
            tr(
                "**Taken this hand**: your team {mine} · them {theirs}",
                mine=view.taken[team],
                theirs=view.taken[1 - team],
            )
        )
    lines.append(
        tr(
            "**Totals**: your team {mine} · them {theirs} (game to {target})",
            mine=view.totals[team],
            theirs=view.totals[1 - team],
            target=view.target,
        )
    )
    embed = discord.Embed(
        title=tr("Your cards · hand {n}", n=view.hand_number),
        description="\n".join(lines),
        colour=TEAM_COLOURS[team],
    )
    embed.add_field(name=tr("Now"), value=prompt_text(game, view, tr), inline=False)
    if note:
        embed.set_author(name=note)
    return embed


def partner_bid_text(game: Game, view: TableView, tr: Words) -> str:
    """What the viewer's partner bid this hand (their last word), or that they have not yet."""
    assert view.seat is not None
    partner = partner_of(view.seat)
    said = [b for b in view.bids if b.seat == partner]
    name = seat_name(game, partner, tr)
    if not said:
        return tr("Your partner {player} has not bid yet.", player=name)
    if said[-1].points is None:
        return tr("Your partner {player} passed.", player=name)
    return tr("Your partner {player} bid {bid}.", player=name, bid=said[-1].points)


def prompt_text(game: Game, view: TableView, tr: Words) -> str:
    """What the viewer should do now, or what the others are doing."""
    assert view.seat is not None and view.hand is not None
    if view.outcome is not None:
        return tr("The game is over.")
    if view.seat not in view.to_act or not view.actions:
        return tr("Waiting: {turn}", turn=turn_text(game, view, tr))
    if view.phase is Phase.BID:
        best = highest_bid(view.bids)
        intro = tr(
            "Bid how many of the hand's 14 points your team will take (6 to 14), or pass. "
            "The highest bidder names trumps."
        )
        lines = [intro]
        if best is not None:
            lines.append(
                tr(
                    "Highest so far: {bid} by {player}.",
                    bid=best.points,
                    player=seat_name(game, best.seat, tr),
                )
            )
        lines.append(partner_bid_text(game, view, tr))
        return "\n".join(lines)
    if view.phase is Phase.TRUMP:
        assert view.contract is not None
        how = (
            tr("Everyone passed, so you play a forced {bid}.", bid=view.contract.bid)
            if view.contract.forced
            else tr("You won the bidding with {bid}.", bid=view.contract.bid)
        )
        return (
            how
            + " "
            + tr(
                "Name the trump suit: its 13 cards and the other five of its colour are trumps. "
                "Pick a suit, then **Confirm**."
            )
        )
    if view.phase is Phase.KILL:
        options = view.kill_options
        count = len(options[0].cards) if options else 0
        return tr.n(
            "You hold more than six trumps: choose {count} to kill (cards worth points "
            "can't be), then **Confirm**.",
            "You hold more than six trumps: choose {count} to kill (cards worth points "
            "can't be), then **Confirm**.",
            count,
        )
    if view.trick:
        return tr("Play any trump: you need not beat the trick.")
    return tr("Your lead: play any trump.")


# --- the hand's buttons ---------------------------------------------------------------------


def hand_items(
    game: Game, view: TableView, pending: str | None, tr: Words
) -> list[discord.ui.Item[Any]]:
    """The legal moves under a private hand: bids and cards in one tap; the trump suit picked,
    then confirmed; the kills chosen together, then confirmed."""
    assert view.seat is not None and view.hand is not None
    seat, version, actions = view.seat, view.moves, view.actions
    texts = {PIDRO.action_text(a) for a in actions}
    picked = pending if pending in texts else None
    items: list[discord.ui.Item[Any]] = []
    if view.phase is Phase.BID:
        for i, bid in enumerate(a for a in actions if isinstance(a, Bid)):
            items.append(
                MoveButton(
                    game.id,
                    version,
                    PIDRO.action_text(bid),
                    label=bid_text(bid.points, tr),
                    style=discord.ButtonStyle.secondary
                    if bid.points is None
                    else discord.ButtonStyle.primary,
                    row=i // 5,
                )
            )
    elif view.phase is Phase.TRUMP:
        for suit in (a.suit for a in actions if isinstance(a, NameTrump)):
            move = PIDRO.action_text(NameTrump(seat, suit))
            items.append(
                PickButton(
                    game.id,
                    version,
                    move,
                    label=tr(SUIT_NAMES[suit]),
                    emoji=emoji(suit),
                    style=discord.ButtonStyle.success
                    if move == picked
                    else discord.ButtonStyle.secondary,
                    row=0,
                )
            )
    elif view.phase is Phase.KILL and view.kill_options:
        assert view.trump is not None
        count = len(view.kill_options[0].cards)
        chosen = set(PIDRO.parse_action(seat, picked).cards) if picked else set()
        killable = sorted_cards(list({c for k in view.kill_options for c in k.cards}), view.trump)
        options: list[Option] = [
            (PIDRO.action_text(Kill.of(seat, [c])), c.display, None, None, c in chosen)
            for c in killable
        ]
        items.append(
            PickSelect(
                game.id,
                version,
                "kill",
                options,
                placeholder=tr.n(
                    "Choose {count} trump to kill…", "Choose {count} trumps to kill…", count
                ),
                row=0,
                choose=count,
            )
        )
    elif view.phase is Phase.PLAY:
        for i, card in enumerate(sorted_cards(view.legal, view.trump)):
            items.append(
                MoveButton(
                    game.id,
                    version,
                    PIDRO.action_text(Play(seat, card)),
                    label=card.rank.label,
                    emoji=emoji(card.suit),
                    style=discord.ButtonStyle.primary,
                    row=i // 5,
                )
            )
    if picked is not None:
        items.append(confirm(game.id, view, picked, tr))
    return items


def confirm(game_id: int, view: TableView, move: str, tr: Words) -> MoveButton:
    action = PIDRO.parse_action(view.seat or 0, move)
    if isinstance(action, NameTrump):
        label = tr("Confirm: {suit} are trumps", suit=tr(SUIT_NAMES[action.suit]))
    else:
        assert isinstance(action, Kill)
        label = tr("Confirm: kill {cards}", cards=cards_line(action.cards))
    return MoveButton(
        game_id, view.moves, move, label=label, style=discord.ButtonStyle.success, row=3
    )


# --- what happened ------------------------------------------------------------------------


def move_note(moved: Moved, tr: Words) -> str:
    """A short line for the mover, about what their action did."""
    team = team_of(moved.seat)
    for event in reversed(moved.events):
        if isinstance(event, TrickTaken) and moved.seat in (s for s, _ in event.trick.plays):
            points = event.trick.points
            if team_of(event.trick.winner) == team:
                return tr("Your team takes the trick ({points} points).", points=points[team])
            return tr("They take the trick ({points} points).", points=points[1 - team])
        if isinstance(event, BidMade) and event.seat == moved.seat and not event.forced:
            if event.points is None:
                return tr("You passed.")
            return tr("You bid {bid}.", bid=event.points)
        if isinstance(event, TrumpNamed) and event.seat == moved.seat:
            return tr("You named {suit} trumps.", suit=suit_text(event.suit, tr))
        if isinstance(event, Killed) and event.seat == moved.seat:
            return tr("You killed {cards}.", cards=cards_line(event.cards))
        if isinstance(event, CardPlayed) and event.seat == moved.seat:
            return tr("You played {card}.", card=event.card.display)
    return tr("Done.")


def hand_over_embed(
    game: Game, summary: HandSummary, kept: KeptBy | None, last: Trick | None, tr: Words
) -> discord.Embed:
    """The end of a hand: the contract made or lost, the points of each team, the totals."""
    contract = summary.contract
    bidder = team_name(contract.team, tr, capital=True)
    if summary.made:
        verdict = tr(
            "{team} made its bid of {bid} with {points} points.",
            team=bidder,
            bid=contract.bid,
            points=summary.points[contract.team],
        )
    else:
        verdict = tr(
            "{team} needed {bid} but took {points}, so loses {bid} (in the hole).",
            team=bidder,
            bid=contract.bid,
            points=summary.points[contract.team],
        )
    embed = discord.Embed(
        title=tr("Hand {n} is over", n=summary.number),
        description=verdict,
        colour=TEAM_COLOURS[contract.team],
    )
    if last is not None:
        embed.add_field(name=tr("Last trick"), value=trick_text(game, last, tr), inline=False)
    if kept is not None:
        embed.add_field(
            name=tr("Scored without playing"),
            value=f"{team_name(kept.team, tr, capital=True)}: {cards_line(kept.cards)}",
            inline=False,
        )
    for team in (0, 1):
        embed.add_field(
            name=team_players(game, team, tr, capital=True),
            value=tr(
                "took {points} → scores **{score}** · total **{total}**",
                points=summary.points[team],
                score=f"{summary.scores[team]:+d}",
                total=summary.totals[team],
            ),
            inline=False,
        )
    return embed


def last_trick_of_hand(moved: Moved) -> Trick | None:
    last: Trick | None = None
    for event in moved.events:
        if isinstance(event, TrickTaken):
            last = event.trick
        if isinstance(event, HandScored):
            return last
    return None


def game_over_embed(
    game: Game, view: TableView, ratings: Mapping[int, tuple[int, int]], tr: Words
) -> discord.Embed:
    """The end of a game: the winning team and how, hand by hand, and the rating changes."""
    outcome = view.outcome
    assert outcome is not None
    totals = tr(
        "{a} **{x}** · {b} **{y}**",
        a=team_name(0, tr, capital=True),
        x=view.totals[0],
        b=team_name(1, tr, capital=True),
        y=view.totals[1],
    )
    if outcome.winner is None:
        title, how = tr("Game stopped"), tr("The game was stopped without a winner.")
    else:
        title = tr("🏆 Game over")
        winners = team_players(game, outcome.winner, tr, capital=True)
        seat = outcome.seat
        if outcome.termination is Termination.RESIGNED and seat is not None:
            how = tr(
                "{winners} win — {player} resigned, conceding the game for {partner} too.",
                winners=winners,
                player=seat_name(game, seat, tr),
                partner=seat_name(game, partner_of(seat), tr),
            )
        elif outcome.termination is Termination.TIMEOUT and seat is not None:
            how = tr(
                "{winners} win — {player} ran out of time.",
                winners=winners,
                player=seat_name(game, seat, tr),
            )
        else:
            how = tr(
                "{winners} win — the target of {target} is reached.",
                winners=winners,
                target=view.target,
            )
    embed = discord.Embed(
        title=title,
        description=how + "\n" + tr("Final totals: {totals}", totals=totals),
        colour=OVER_COLOUR,
    )
    if view.finished_hands:
        rows = [
            tr(
                "Hand {n}: {bidder} bid {bid} · team A {a}, team B {b} ({x}–{y})",
                n=h.number,
                bidder=seat_name(game, h.contract.seat, tr),
                bid=h.contract.bid,
                a=f"{h.scores[0]:+d}",
                b=f"{h.scores[1]:+d}",
                x=h.totals[0],
                y=h.totals[1],
            )
            for h in view.finished_hands
        ]
        embed.add_field(
            name=tr("Hand by hand"), value="\n".join(rows[-LAST_HANDS_SHOWN:]), inline=False
        )
    changes = []
    for seat, player in enumerate(game.seats):
        if player.computer is None and player.user_id in ratings:
            before, after = ratings[player.user_id]
            changes.append(f"{seat_name(game, seat, tr)} {before} → {after} ({after - before:+d})")
    if changes:
        embed.add_field(name=tr("Ratings"), value="\n".join(changes), inline=False)
    embed.set_footer(text=tr(REPLAY_FOOTER))
    return embed


def tricks_embed(game: Game, view: TableView, tr: Words) -> discord.Embed:
    """Every trick of this hand so far, as everyone saw them."""
    lines = [f"{i}. {trick_text(game, t, tr)}" for i, t in enumerate(view.tricks, start=1)]
    if view.trick:
        plays = ", ".join(f"{seat_name(game, s, tr)} {c.display}" for s, c in view.trick)
        lines.append(f"{len(view.tricks) + 1}. {plays} …")
    return discord.Embed(
        title=tr("Tricks of hand {n}", n=view.hand_number),
        description="\n".join(lines) if lines else tr("No trick has been played this hand yet."),
        colour=COLOUR,
    )


# --- the contract -----------------------------------------------------------------------------


class PidroPresentation:
    """Pidro's side of :class:`cogs.ui.games.Presentation`."""

    gallery = "games.pidro.discord.screens"

    def table(self, game: Game, view: TableView, tr: Words) -> discord.Embed:
        return table_embed(game, view, tr)

    def picture(self, game: Game, view: TableView, names: Sequence[str], tr: Words) -> bytes | None:
        return table_png(view, names, key=(game.id, tr.language), words=tr)

    def warm_names(self, names: Sequence[str], tr: Words) -> Future[object] | None:
        return learn_names(names, tr)

    def summary(self, game: Game, view: TableView, tr: Words) -> str:
        return summary_text(game, view, tr)

    def turn_line(self, game: Game, view: TableView, tr: Words) -> str:
        return turn_text(game, view, tr)

    def hand(self, game: Game, view: TableView, note: str | None, tr: Words) -> discord.Embed:
        return hand_embed(game, view, note, tr)

    def hand_items(
        self, game: Game, view: TableView, pending: str | None, tr: Words
    ) -> list[discord.ui.Item[Any]]:
        return hand_items(game, view, pending, tr)

    def tricks(self, game: Game, view: TableView, tr: Words) -> discord.Embed:
        return tricks_embed(game, view, tr)

    def tricks_to_show(self, view: TableView) -> bool:
        return view.phase is Phase.PLAY or bool(view.tricks)

    def move_note(self, moved: Moved, tr: Words) -> str:
        return move_note(moved, tr)

    def opening(self, game: Game, tr: Words) -> str | None:
        state: GameState = game.state
        return tr(
            "Partners sit opposite: {a} against {b}. {dealer} deals first (drawn by lot).",
            a=team_players(game, 0, tr, capital=True),
            b=team_players(game, 1, tr, capital=True),
            dealer=seat_name(game, state.first_dealer, tr),
        )

    def announcements(self, moved: Moved, tr: Words) -> list[discord.Embed]:
        return [
            hand_over_embed(moved.game, e.summary, e.kept_by, last_trick_of_hand(moved), tr)
            for e in moved.events
            if isinstance(e, HandScored)
        ]

    def game_over(
        self, game: Game, view: TableView, ratings: Mapping[int, tuple[int, int]], tr: Words
    ) -> discord.Embed:
        return game_over_embed(game, view, ratings, tr)

    def replay_pages(self, game: Game) -> int:
        return len(replay_text.positions(PIDRO.dumps(game.state))[0])

    def replay_rounds(self, game: Game) -> Sequence[int]:
        return replay_text.positions(PIDRO.dumps(game.state))[1]

    def replay_page(
        self, game: Game, page: int, names: Sequence[str], tr: Words
    ) -> tuple[discord.Embed, bytes | None]:
        state = replay_text.positions(PIDRO.dumps(game.state))[0][page]
        public = PIDRO.view(state, None)
        hand = state.hand
        where = replay_text.where(state, tr)
        title = tr("Replay of game {game} · {where}", game=game.id, where=where)
        if replay_text.is_deal(state):  # every card as dealt
            embed = discord.Embed(
                title=title,
                description="\n".join(replay_text.dealt_lines(game, hand, tr)),
                colour=COLOUR,
            )
        else:
            embed = table_embed(game, public, tr)
            embed.title = title
            if not state.is_over and state.phase is not Phase.DEAL:
                embed.add_field(
                    name=tr("Every card"),
                    value="\n".join(replay_text.held_lines(game, hand, tr)),
                    inline=False,
                )
        if replay_text.is_deal(state) or state.phase in (Phase.DEAL, Phase.OVER):
            embed.add_field(
                name=tr("Hand {n} in short", n=hand.number),
                value="\n".join(replay_text.summary_lines(game, game.state, hand.number, tr)),
                inline=False,
            )
        return embed, table_png(public, names, key=("replay", game.id, tr.language), words=tr)

    def tip(self, view: TableView, shown: frozenset[str], tr: Words) -> tuple[str, str] | None:
        return None  # the guided first game is Vidrasso's

    guide = rules.GUIDE

    def ladder_fields(
        self, stats: Mapping[str, int], rounds: int, tr: Words
    ) -> list[tuple[str, str]]:
        contracts = stats.get("contracts", 0)
        made = stats.get("contracts_made", 0)
        best = stats.get("best_bid_made", 0)
        per_hand = f"{stats.get('points_taken', 0) / rounds:.1f}" if rounds else "—"
        return [
            (
                tr("Contracts"),
                tr(
                    "{made} made of {contracts} · {holes} in the hole · best bid made: {best}",
                    made=made,
                    contracts=contracts,
                    holes=stats.get("holes", 0),
                    best=best or "—",
                ),
            ),
            (
                tr("Hands"),
                tr(
                    "{hands} played · team points per hand {average}",
                    hands=rounds,
                    average=per_hand,
                ),
            ),
        ]

    def ladder_summary(self, stats: Mapping[str, int], rounds: int, tr: Words) -> str | None:
        contracts = stats.get("contracts", 0)
        if not contracts:
            return None
        return tr(
            "{made}/{contracts} contracts made",
            made=stats.get("contracts_made", 0),
            contracts=contracts,
        )


PRESENTATION = PidroPresentation()

__all__ = ["PRESENTATION", "PidroPresentation"]
