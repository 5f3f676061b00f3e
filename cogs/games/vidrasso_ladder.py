"""What Vidrasso's own ladder statistics say in Discord: the rounds and trumps of ``/stats`` and
the points per round of a leaderboard row.

The statistics are the keys of :data:`bot.games.vidrasso.STAT_RULES`, added up over a player's
rated games: ``rounds_won``, ``round_points``, ``best_round``, ``first_suit`` / ``first_rank``
(what they chose when choosing first), and for each trump ``named.suit.H`` (times named) and
``first.suit.H`` (times named choosing first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.engine import BidKind, Rank, Suit
from cogs.ui.ladder_text import percent


@dataclass(frozen=True, slots=True)
class NamedTrump:
    """How often a player named one trump."""

    kind: BidKind
    value: str
    """The suit letter (``S H D C``) or rank character (``A 2 … 9``)."""
    named: int
    first: int
    """Of which when choosing first (and so choosing between suit and rank)."""

    @property
    def noun(self) -> str:
        if self.kind is BidKind.SUIT:
            suit = Suit.parse(self.value)
            return f"{suit.symbol} {suit.noun}"
        return Rank.parse(self.value).noun


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


def rounds_text(stats: Mapping[str, int], rounds: int) -> str:
    best = str(stats.get("best_round", 0)) if rounds else "—"
    won = stats.get("rounds_won", 0)
    return f"{rounds} played · {won} won\nBest {best} · average {average_text(stats, rounds)}"


def trumps_text(stats: Mapping[str, int]) -> str | None:
    trumps = named_trumps(stats)
    if not trumps:
        return None
    suits = [t for t in trumps if t.kind is BidKind.SUIT]
    ranks = [t for t in trumps if t.kind is BidKind.RANK]
    lines = [
        f"Named the suit {sum(t.named for t in suits)}× "
        f"and the rank {sum(t.named for t in ranks)}×."
    ]
    first_suit, first_rank = stats.get("first_suit", 0), stats.get("first_rank", 0)
    if first_suit + first_rank:
        first = first_suit + first_rank
        lines.append(
            f"Choosing first: suit {percent(first_suit, first)}, "
            f"rank {percent(first_rank, first)} of {first} rounds."
        )
    favourites = []
    for label, group in (("suit", suits), ("rank", ranks)):
        if group:  # the most named; on a tie, the most named first, then the lowest character
            top = max(group, key=lambda t: (t.named, t.first))
            favourites.append(f"favourite {label} {top.noun} ({top.named}×)")
    favourite = " · ".join(favourites)
    lines.append(favourite[:1].upper() + favourite[1:])
    return "\n".join(lines)


def ladder_fields(stats: Mapping[str, int], rounds: int) -> list[tuple[str, str]]:
    """Vidrasso's fields of ``/stats``: rounds, and trumps named once there are any."""
    fields = [("Rounds", rounds_text(stats, rounds))]
    trumps = trumps_text(stats)
    if trumps:
        fields.append(("Trumps", trumps))
    return fields


def ladder_summary(stats: Mapping[str, int], rounds: int) -> str:
    """The end of a leaderboard row: the average round score."""
    return f"{average_text(stats, rounds)} pts/round"
