"""The ``easy`` Vriddiot level, and the fast policy medium's playouts use.

- Plays: its lowest plain cards first, as many of the rank as it may lay; the specials (2, 8,
  10, the 4♠, jokers, in that order) only when nothing plain may be laid; then a blind card,
  then chance, and a pick-up last.
- War: declares it (or joins) only when, after the play, it still holds a plain card higher than
  the war's value or a 10 to follow with.
- Tosses every card it may; a revealed joker takes the first identity offered (a 10 first).
- Arrangement: the best cards face up (specials first, then the highest values).

It reads only the actions, its own hand and the pile, so the playouts can call
:func:`choose` on a world's state without building a view. A :class:`Style` changes a few of
these habits: :data:`MEDIUM` is medium's own play (8s early, no wars). In a game past
:data:`LONG_GAME` plays both levels play at random among their plays (:func:`unstick`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.vriddiot.rules import (
    Arrange,
    Blind,
    Card,
    Chance,
    Ctx,
    Declare,
    DeclareWar,
    Join,
    Layer,
    NoWar,
    Pass,
    PickUp,
    Play,
    SeatAction,
    TableView,
    Toss,
)
from games.vriddiot.rules.parts import PLAY_CTXS

SPECIAL_COST = {2: 20.0, 8: 21.0, 10: 22.0}
"""How reluctantly a special is played (plain cards cost their value, 3–14)."""
FOURER_COST = 23.0
JOKER_COST = 24.0


@dataclass(frozen=True, slots=True)
class Style:
    """The few habits in which medium's own play differs from easy's."""

    eight_cost: float = SPECIAL_COST[8]
    """When an 8 is played: easy keeps it with the specials (21); medium plays it like a card
    between 8 and 9 (8.5): an 8 goes only on a floor of 8 or less, so one kept for later is
    often stuck, while one played early sheds a second card with its must-add."""
    eight_keep: float = 30.0
    """How much an 8 is worth face up (easy: with the specials; medium: like an 8)."""
    wars: bool = True
    """Whether it declares and joins wars at all (when it holds a higher follow)."""


EASY = Style()
MEDIUM = Style(eight_cost=8.5, eight_keep=8.0, wars=False)


def play_cost(card: Card, style: Style = EASY) -> float:
    """Lower is played sooner: plain cards by value, then 2, 8, 10, the 4♠, a joker."""
    if card.is_joker:
        return JOKER_COST
    if card.is_fourer:
        return FOURER_COST
    if card.rank == 8:
        return style.eight_cost
    return SPECIAL_COST.get(card.rank, card.rank)


def keep_value(card: Card, style: Style = EASY) -> float:
    """How much a card is worth face up (higher is better to keep for later)."""
    if card.is_joker:
        return 40
    if card.is_fourer:
        return 36
    if card.rank == 10:
        return 38
    if card.rank == 2:
        return 34
    if card.rank == 8:
        return style.eight_keep
    return card.rank


def holds_higher_follow(hand: Sequence[Card], level: int, played: int = 0) -> bool:
    """Whether ``hand`` (less ``played`` cards already laid from it) can follow a war at
    ``level``: a plain card above it, a 10 or a joker."""
    del played
    for c in hand:
        if c.is_joker or c.rank == 10:
            return True
        if not c.is_fourer and c.rank not in (2, 8) and c.rank > level:
            return True
    return False


def _remaining(hand: Sequence[Card], play: Play) -> list[Card]:
    rest = list(hand)
    for face in play.cards:
        for i, c in enumerate(rest):
            if c.face == face.face:
                del rest[i]
                break
    return rest


def _play_key(
    action: SeatAction, hand: Sequence[Card], style: Style, twins: set[tuple[str, tuple[Card, ...]]]
) -> tuple[float, int, int]:
    if isinstance(action, Play):
        top = action.cards[-1]
        if top.is_joker:
            return (JOKER_COST, 0, 0)
        war_penalty = 0
        # Only a play also listed with ``war`` has a twin to tell apart from.
        if (action.source, action.cards) in twins and action.war != (
            style.wars and _wants_war(action, hand)
        ):
            war_penalty = 1
        return (play_cost(top, style), -len(action.cards), war_penalty)
    if isinstance(action, Blind):
        return (50, action.position, 0)
    if isinstance(action, Chance):
        return (60, 0, 0)
    if isinstance(action, PickUp):
        return (70, 0, 0)
    return (80, 0, 0)


def _wants_war(play: Play, hand: Sequence[Card]) -> bool:
    rank = play.cards[-1].rank
    return holds_higher_follow(_remaining(hand, play) if play.source == "hand" else hand, rank)


def ranked(
    actions: Sequence[SeatAction],
    ctx: Ctx,
    hand: Sequence[Card],
    pile: Sequence[Layer],
    style: Style = EASY,
) -> list[SeatAction]:
    """The actions of a play decision (turn, additional turn, must-add, war turn), best first
    as easy sees them. Jokers: only the first identity offered is kept (a 10 first)."""
    del ctx, pile
    seen_joker = False
    twins = {(a.source, a.cards) for a in actions if isinstance(a, Play) and a.war}
    keep: list[tuple[tuple[float, int, int], int, SeatAction]] = []
    for i, a in enumerate(actions):
        if isinstance(a, Play) and a.cards[-1].is_joker:
            if seen_joker:
                continue
            seen_joker = True
        keep.append((_play_key(a, hand, style, twins), i, a))
    keep.sort(key=lambda t: (t[0], t[1]))
    return [a for _, _, a in keep]


def choose(
    actions: Sequence[SeatAction],
    ctx: Ctx,
    hand: Sequence[Card],
    pile: Sequence[Layer],
    style: Style = EASY,
) -> SeatAction:
    """Easy's choice among ``actions`` (all for one seat, the decision of kind ``ctx``), or
    with ``style`` medium's habits."""
    first = actions[0]
    if len(actions) == 1:
        return first
    if isinstance(first, Arrange):
        return arranged(actions, style)[0]
    if isinstance(first, Declare):
        return first
    if isinstance(first, (DeclareWar, NoWar)):
        level = pile[-1].rank if pile else 0
        want = style.wars and holds_higher_follow(hand, level)
        for a in actions:
            if isinstance(a, DeclareWar) == want:
                return a
        return first
    if ctx is Ctx.JOIN:
        joins = [a for a in actions if isinstance(a, Join) and a.joker is None]
        if joins and style.wars:
            best = max(joins, key=lambda a: len(a.cards))
            rest = list(hand)
            if best.source == "hand":
                rest = [c for c in hand if c.rank != best.cards[0].rank]
            if holds_higher_follow(rest, best.cards[0].rank):
                return best
        return _pass(actions)
    if ctx is Ctx.TOSS:
        tosses = [a for a in actions if isinstance(a, Toss)]
        if tosses:
            return max(tosses, key=lambda a: len(a.cards))
        return _pass(actions)
    return ranked(actions, ctx, hand, pile, style)[0]


def _pass(actions: Sequence[SeatAction]) -> SeatAction:
    for a in actions:
        if isinstance(a, Pass):
            return a
    return actions[0]


def _arrange_value(action: SeatAction, style: Style) -> float:
    assert isinstance(action, Arrange)
    return sum(keep_value(c, style) for c in action.cards)


def arranged(actions: Sequence[SeatAction], style: Style = EASY) -> list[SeatAction]:
    """The arrangements among ``actions``, the best face-up cards first (ties in the order
    listed)."""
    keep = [
        (-_arrange_value(a, style), i, a) for i, a in enumerate(actions) if isinstance(a, Arrange)
    ]
    keep.sort(key=lambda t: (t[0], t[1]))
    return [a for _, _, a in keep]


LONG_GAME = 400
"""Plays after which a game counts as stuck: easy games with 3 to 10 players end within 320
plays (300 games of each size), but two deterministic players can pass the same cards round
and round for ever (seats left holding only 8s on a floor above 8)."""


def unstick(view: TableView, rng: random.Random) -> SeatAction | None:
    """In a stuck game (:data:`LONG_GAME`), one of the seat's plays at random (a pick-up or
    chance only when nothing else is legal), so that no game between computer players reaches
    the move cap; None otherwise."""
    if view.plays < LONG_GAME or view.ctx not in PLAY_CTXS:
        return None
    plays = [a for a in view.actions if isinstance(a, (Play, Blind))]
    return rng.choice(plays or list(view.actions))


class EasyPlayer:
    name = "easy"

    def decide(self, view: TableView, rng: random.Random) -> SeatAction:
        stuck = unstick(view, rng)
        if stuck is not None:
            return stuck
        hand = view.hand or ()
        return choose(view.actions, view.ctx, hand, view.pile)
