"""Looking back on a finished Pidro game: its positions, each hand as dealt (every player's
nine cards and the stock), every card where it was, and a short summary of each hand.

A finished game hides nothing, so these texts are made from the game's states, not from views:
they are only ever shown for a game that is over (``finished_game``), to anyone in the server.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.games import rules_for
from bot.play.model import Game
from cogs.ui.common import seat_name
from cogs.ui.i18n import N_, Words
from games.pidro.rules import Card, GameState, Hand, Phase, Suit, replay
from games.pidro.rules.cards import cards_in

PIDRO = rules_for("pidro")
SUIT_NAMES = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
}


def cards_line(cards: Sequence[Card], trump: Suit | None = None) -> str:
    """Cards by suit, strongest first (trumps first once they are named)."""
    if trump is None:
        ordered = sorted(cards, key=lambda c: (c.suit.number, -c.rank.number))
    else:
        ordered = sorted(cards, key=lambda c: (-c.strength(trump), c.suit.number, -c.rank.number))
    return " ".join(c.display for c in ordered) if ordered else "—"


@lru_cache(maxsize=32)
def positions(text: str) -> tuple[tuple[GameState, ...], tuple[int, ...]]:
    """A finished game's replay, keyed by its stored state (a finished game never changes):
    its positions — each hand as dealt, before each trick, the hand's end — and the end of
    the game; and the index of each hand's first position (its deal)."""
    final = PIDRO.loads(text)
    found: list[GameState] = []
    starts: list[int] = []
    for state, _ in replay(PIDRO.record(final, ["0", "1", "2", "3"]), check_legal=False):
        if not state.hands:
            continue
        hand, phase = state.hand, state.phase
        if phase is Phase.BID and not hand.bids:
            starts.append(len(found))
            found.append(state)
        elif (phase is Phase.PLAY and not hand.plays) or phase is Phase.DEAL:
            found.append(state)
    found.append(final)
    return tuple(found), tuple(starts)


def is_deal(state: GameState) -> bool:
    """Whether a position is a hand as dealt (nobody has bid yet)."""
    return bool(state.hands) and state.phase is Phase.BID and not state.hand.bids


def where(state: GameState, tr: Words) -> str:
    """Where a position stands: ``Hand 2 · the deal``, ``Hand 2 · trick 3``…"""
    hand = state.hand
    if state.is_over:
        return tr("The end")
    if is_deal(state):
        return tr("Hand {n} · the deal", n=hand.number)
    if state.phase is Phase.DEAL:
        return tr("Hand {n} · the hand is over", n=hand.number)
    return tr("Hand {n} · trick {trick}", n=hand.number, trick=len(hand.tricks) + 1)


def dealt_lines(game: Game, hand: Hand, tr: Words) -> list[str]:
    """Every player's nine cards as dealt, and the stock (face down), in its order."""
    lines = []
    for seat in range(4):
        who = seat_name(game, seat, tr)
        if seat == hand.dealer:
            who = tr("{player} (dealer)", player=who)
        lines.append(f"**{who}**: {cards_line(hand.deal.hands[seat])}")
    stock = " ".join(c.display for c in hand.deal.stock)
    lines.append(tr("**Stock** (face down, in the order dealt): {cards}", cards=stock))
    return lines


def held_lines(game: Game, hand: Hand, tr: Words) -> list[str]:
    """Every player's cards at this point, dead cards included."""
    return [
        f"**{seat_name(game, seat, tr)}**: {cards_line(cards_in(hand.held[seat]), hand.trump)}"
        for seat in range(4)
    ]


def pair(game: Game, team: int, tr: Words) -> str:
    """A team as its two players: ``<@1> & <@3>``."""
    return tr("{a} & {b}", a=seat_name(game, team, tr), b=seat_name(game, team + 2, tr))


def summary_lines(game: Game, state: GameState, number: int, tr: Words) -> list[str]:
    """A finished hand in a few lines: the bids, the contract and trump, what each player got
    from the stock, the kills, each team's points and score, and the totals."""
    hand = state.hands[number - 1]
    summaries = {s.number: s for s in state.finished}
    summary = summaries.get(number)
    lines = []
    bids = " · ".join(
        f"{seat_name(game, b.seat, tr)} {tr('pass') if b.points is None else b.points}"
        for b in hand.bids
    )
    lines.append(tr("**Bids**: {bids}", bids=bids or "—"))
    if hand.contract is not None:
        values = {"player": seat_name(game, hand.contract.seat, tr), "bid": hand.contract.bid}
        contract = (
            tr("{player}, a forced {bid}", **values)
            if hand.contract.forced
            else tr("{player} bid {bid}", **values)
        )
        if hand.trump is not None:
            suit = f"{hand.trump.symbol} {tr(SUIT_NAMES[hand.trump])}"
            contract = tr("{contract} · trump {suit}", contract=contract, suit=suit)
        lines.append(tr("**Contract**: {contract}", contract=contract))
    if any(hand.received):
        got = " · ".join(
            f"{seat_name(game, s, tr)} {cards_line(cards, hand.trump)}"
            for s, cards in enumerate(hand.received)
            if cards
        )
        lines.append(tr("**From the stock**: {got}", got=got))
    kills = [(s, cards_in(mask)) for s, mask in enumerate(hand.kills) if mask]
    if kills:
        killed = " · ".join(f"{seat_name(game, s, tr)} {cards_line(c)}" for s, c in kills)
        lines.append(tr("**Killed**: {cards}", cards=killed))
    if summary is not None:
        for team in (0, 1):
            lines.append(
                tr(
                    "{team} took {points} → scores **{score}** · total **{total}**",
                    team=pair(game, team, tr),
                    points=summary.points[team],
                    score=f"{summary.scores[team]:+d}",
                    total=summary.totals[team],
                )
            )
        bidders = pair(game, summary.contract.team, tr)
        if summary.made:
            lines.append(tr("{team} made the bid.", team=bidders))
        else:
            lines.append(tr("{team} fell short: in the hole.", team=bidders))
    return lines


def finished(state: GameState, number: int) -> bool:
    """Whether hand ``number`` of a game was played to its end."""
    return any(s.number == number for s in state.finished)
