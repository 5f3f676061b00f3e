"""What Vidrasso's own ladder statistics say in Discord: the rounds and trumps of ``/stats`` and
the points per round of a leaderboard row.

The statistics are the keys of :data:`games.vidrasso.game.STAT_RULES`, added up over a player's
rated games: ``rounds_won``, ``round_points``, ``best_round``, ``first_suit`` / ``first_rank``
(what they chose when choosing first), and for each trump ``named.suit.H`` (times named) and
``first.suit.H`` (times named choosing first). Everything is said in the reader's words
(``tr``); trumps are named as the table names them
(:func:`games.vidrasso.discord.presentation.named`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cogs.ui.i18n import Words
from cogs.ui.ladder_text import percent
from games.vidrasso.discord.names import named as trump_name
from games.vidrasso.rules import BidKind, Rank, Suit


@dataclass(frozen=True, slots=True)
class NamedTrump:
    """How often a player named one trump."""

    kind: BidKind
    value: str
    """The suit letter (``S H D C``) or rank character (``A 2 … 9``)."""
    named: int
    first: int
    """Of which when choosing first (and so choosing between suit and rank)."""

    def noun(self, tr: Words) -> str:
        """``♥ hearts``, ``sevens``, in the reader's words."""
        if self.kind is BidKind.SUIT:
            suit = Suit.parse(self.value)
            return f"{suit.symbol} {trump_name(suit, tr)}"
        return trump_name(Rank.parse(self.value), tr)


def named_trumps(stats: Mapping[str, int]) -> list[NamedTrump]:
    """Every trump the player named, by kind and value."""
    found: list[NamedTrump] = []
    for key, named in stats.items():
        what, _, trump = key.partition(".")
        if what != "named" or not named:
            continue
        kind, _, value = trump.partition(".")
        found.append(NamedTrump(BidKind(kind), value, named, stats.get(f"first.{trump}", 0)))
    return sorted(found, key=lambda t: (t.kind.value, t.value))


def average_text(stats: Mapping[str, int], rounds: int) -> str:
    """The average round score, or a dash before any completed round."""
    return f"{stats.get('round_points', 0) / rounds:.1f}" if rounds else "—"


def rounds_text(stats: Mapping[str, int], rounds: int, tr: Words) -> str:
    best = str(stats.get("best_round", 0)) if rounds else "—"
    won = stats.get("rounds_won", 0)
    played = tr("{played} played · {won} won", played=rounds, won=won)
    scores = tr("Best {best} · average {average}", best=best, average=average_text(stats, rounds))
    return f"{played}\n{scores}"


def favourite_text(suits: list[NamedTrump], ranks: list[NamedTrump], tr: Words) -> str:
    """The suit and the rank named most; on a tie, the one named most choosing first, then the
    lowest character."""
    suit = max(suits, key=lambda t: (t.named, t.first)) if suits else None
    rank = max(ranks, key=lambda t: (t.named, t.first)) if ranks else None
    if suit is not None and rank is not None:
        return tr(
            "Favourite suit {suit} ({suits}×) · favourite rank {rank} ({ranks}×)",
            suit=suit.noun(tr),
            suits=suit.named,
            rank=rank.noun(tr),
            ranks=rank.named,
        )
    if suit is not None:
        return tr("Favourite suit {suit} ({count}×)", suit=suit.noun(tr), count=suit.named)
    assert rank is not None
    return tr("Favourite rank {rank} ({count}×)", rank=rank.noun(tr), count=rank.named)


def trumps_text(stats: Mapping[str, int], tr: Words) -> str | None:
    trumps = named_trumps(stats)
    if not trumps:
        return None
    suits = [t for t in trumps if t.kind is BidKind.SUIT]
    ranks = [t for t in trumps if t.kind is BidKind.RANK]
    lines = [
        tr(
            "Named the suit {suits}× and the rank {ranks}×.",
            suits=sum(t.named for t in suits),
            ranks=sum(t.named for t in ranks),
        )
    ]
    first_suit, first_rank = stats.get("first_suit", 0), stats.get("first_rank", 0)
    if first_suit + first_rank:
        first = first_suit + first_rank
        lines.append(
            tr.n(
                "Choosing first: suit {suit}, rank {rank} of {count} round.",
                "Choosing first: suit {suit}, rank {rank} of {count} rounds.",
                first,
                suit=percent(first_suit, first),
                rank=percent(first_rank, first),
            )
        )
    lines.append(favourite_text(suits, ranks, tr))
    return "\n".join(lines)


def ladder_fields(stats: Mapping[str, int], rounds: int, tr: Words) -> list[tuple[str, str]]:
    """Vidrasso's fields of ``/stats``: rounds, and trumps named once there are any."""
    fields = [(tr("Rounds"), rounds_text(stats, rounds, tr))]
    trumps = trumps_text(stats, tr)
    if trumps:
        fields.append((tr("Trumps"), trumps))
    return fields


def ladder_summary(stats: Mapping[str, int], rounds: int, tr: Words) -> str:
    """The end of a leaderboard row: the average round score."""
    return tr("{average} pts/round", average=average_text(stats, rounds))
