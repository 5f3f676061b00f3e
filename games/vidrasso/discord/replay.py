"""Looking back on a finished Vidrasso game: its positions, each round as dealt, every card
where it was, and a short summary of each round.

A finished game hides nothing, so these texts are made from the game's states, not from views:
they are only ever shown for a game that is over (``finished_game``), to anyone in the server.
The round's summary is also the public message at the end of each round (gifts are revealed
then), which reads only the round's public summary.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.games import rules_for
from cogs.ui.common import mention
from cogs.ui.i18n import Words
from games.vidrasso.discord.names import named
from games.vidrasso.rules import (
    TRICKS_PER_ROUND,
    Card,
    GameState,
    Phase,
    RoundSummary,
    replay,
    to_record,
)
from games.vidrasso.rules.game import Round
from games.vidrasso.rules.parts import Strawman

VIDRASSO = rules_for("vidrasso")


def name(player_ids: Sequence[int], seat: int) -> str:
    return mention(player_ids[seat])


def cards_line(cards: Sequence[Card]) -> str:
    return " ".join(c.display for c in cards) if cards else "—"


@lru_cache(maxsize=32)
def positions(text: str) -> tuple[tuple[GameState, ...], tuple[int, ...]]:
    """A finished game's replay, keyed by its stored state (a finished game never changes):
    its positions — each round as dealt, before each trick, the round's end — and the end of
    the game; and the index of each round's first position (its deal)."""
    final = VIDRASSO.loads(text)
    found: list[GameState] = []
    starts: list[int] = []
    for state, _ in replay(to_record(final), check_legal=False):
        if not state.rounds:
            continue  # before the first deal
        rnd = state.round
        if rnd.phase is Phase.TRUMP and not rnd.bids:
            starts.append(len(found))
            found.append(state)
        elif (state.phase is Phase.PLAY and not rnd.trick) or state.phase is Phase.DEAL:
            found.append(state)
    found.append(final)
    return tuple(found), tuple(starts)


def where(state: GameState, tr: Words) -> str:
    """Where a position stands: ``Round 2 · the deal``, ``Round 2 · trick 5 of 17``…"""
    rnd = state.round
    if state.is_over:
        return tr("The end")
    if rnd.phase is Phase.TRUMP and not rnd.bids:
        return tr("Round {n} · the deal", n=rnd.number)
    if state.phase is Phase.DEAL:
        return tr("Round {n} · the round is over", n=rnd.number)
    return tr(
        "Round {n} · trick {trick} of {total}",
        n=rnd.number,
        trick=len(rnd.tricks) + 1,
        total=TRICKS_PER_ROUND,
    )


def pile_text(up: Card | None, down: Card | None, tr: Words) -> str:
    """A strawman pile with every card shown: ``7♥ on 3♣`` (the face-down card last)."""
    if up is not None and down is not None:
        return tr("{up} on {down}", up=up.display, down=down.display)
    card = up or down
    return card.display if card is not None else "—"


def piles_line(piles: Sequence[Strawman], tr: Words) -> str:
    shown = [pile_text(p.up, p.down, tr) for p in piles if p.up is not None or p.down is not None]
    return " · ".join(shown) if shown else "—"


def dealt_lines(rnd: Round, player_ids: Sequence[int], tr: Words) -> list[str]:
    """Each player's hand and strawmen as dealt (every face-down card shown)."""
    lines = []
    for seat in (0, 1):
        who = name(player_ids, seat)
        if rnd.dealer == seat:
            who = tr("{player} (dealer)", player=who)
        piles = [Strawman(up, down) for down, up in rnd.deal.strawmen[seat]]
        lines.append(
            tr(
                "**{player}**: hand {cards}\nstrawmen {piles}",
                player=who,
                cards=cards_line(rnd.deal.hands[seat]),
                piles=piles_line(piles, tr),
            )
        )
    return lines


def held_lines(rnd: Round, player_ids: Sequence[int], tr: Words) -> list[str]:
    """Each player's cards at this point, the face-down ones shown."""
    return [
        tr(
            "**{player}**: hand {cards}\nstrawmen {piles}",
            player=name(player_ids, seat),
            cards=cards_line(rnd.hands[seat]),
            piles=piles_line(rnd.strawmen[seat], tr),
        )
        for seat in (0, 1)
    ]


def next_chooser(summary: RoundSummary) -> int:
    """Who names the first trump of the round after ``summary``'s: the lower total; on equal
    totals, who chose second this round (the rules' ``next_first_chooser``)."""
    a, b = summary.totals
    if a != b:
        return 0 if a < b else 1
    return 1 - summary.bids[0].seat


def summary_lines(
    summary: RoundSummary, player_ids: Sequence[int], tr: Words, *, game_over: bool = False
) -> list[str]:
    """A finished round in a few lines: the trumps and who named them, whose gift went to
    whom, what each player took and scored, and who names the first trump next."""
    lines = [
        tr(
            "**Trumps**: {choices}",
            choices=tr(", ").join(
                tr(
                    "{player} named {trump}",
                    player=name(player_ids, b.seat),
                    trump=named(b.value, tr),
                )
                for b in summary.bids
            ),
        )
    ]
    for seat in (0, 1):
        gift = summary.gifts[1 - seat]
        values = {
            "player": name(player_ids, seat),
            "taken": summary.captured[seat],
            "giver": name(player_ids, 1 - seat),
            "card": gift.display,
            "points": gift.points,
            "score": summary.scores[seat],
        }
        if summary.dealer == seat:
            line = tr(
                "{player} (dealer) took {taken} + {giver}'s gift {card} ({points}) = **{score}**",
                **values,
            )
        else:
            line = tr(
                "{player} took {taken} + {giver}'s gift {card} ({points}) = **{score}**", **values
            )
        lines.append(line)
    lines.append(
        tr(
            "**Totals**: {a} **{x}** · {b} **{y}**",
            a=name(player_ids, 0),
            x=summary.totals[0],
            b=name(player_ids, 1),
            y=summary.totals[1],
        )
    )
    if not game_over:
        lines.append(
            tr(
                "Next round: {player} names the first trump.",
                player=name(player_ids, next_chooser(summary)),
            )
        )
    return lines


def round_summary(game_state: GameState, number: int) -> RoundSummary | None:
    """The summary of round ``number`` of a game, if that round was finished."""
    for summary in game_state.finished:
        if summary.number == number:
            return summary
    return None
