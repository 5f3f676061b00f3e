"""The ``easy`` Vriddiot level, and the fast policy medium's playouts use.

- Plays: its lowest plain cards first, as many of the rank as it may lay; the specials (2, 8,
  10, the 4♠, jokers, in that order) only when nothing plain may be laid; then a blind card,
  then chance, and a pick-up last.
- War: declares it (or joins) only when, after the play, it still holds a plain card higher than
  the war's value or a 10 to follow with.
- Tosses every card it may; a revealed joker takes the first identity offered (a 10 first).
- Arrangement: the best cards face up (specials first, then the highest values).

It reads only the actions, its own hand and the pile, so the playouts can call
:func:`choose` on a world's state without building a view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

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

SPECIAL_COST = {2: 20, 8: 21, 10: 22}
"""How reluctantly a special is played (plain cards cost their value, 3–14)."""
FOURER_COST = 23
JOKER_COST = 24


def play_cost(card: Card) -> int:
    """Lower is played sooner: plain cards by value, then 2, 8, 10, the 4♠, a joker."""
    if card.is_joker:
        return JOKER_COST
    if card.is_fourer:
        return FOURER_COST
    return SPECIAL_COST.get(card.rank, card.rank)


def keep_value(card: Card) -> int:
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
        return 30
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


def _play_key(action: SeatAction, hand: Sequence[Card]) -> tuple[int, int, int]:
    if isinstance(action, Play):
        top = action.cards[-1]
        if top.is_joker:
            return (JOKER_COST, 0, 0)
        war_penalty = 0
        if action.war != _wants_war(action, hand):
            war_penalty = 1
        return (play_cost(top), -len(action.cards), war_penalty)
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
    actions: Sequence[SeatAction], ctx: Ctx, hand: Sequence[Card], pile: Sequence[Layer]
) -> list[SeatAction]:
    """The actions of a play decision (turn, additional turn, must-add, war turn), best first
    as easy sees them. Jokers: only the first identity offered is kept (a 10 first)."""
    del ctx, pile
    seen_joker = False
    keep: list[tuple[tuple[int, int, int], int, SeatAction]] = []
    for i, a in enumerate(actions):
        if isinstance(a, Play) and a.cards[-1].is_joker:
            if seen_joker:
                continue
            seen_joker = True
        keep.append((_play_key(a, hand), i, a))
    keep.sort(key=lambda t: (t[0], t[1]))
    return [a for _, _, a in keep]


def choose(
    actions: Sequence[SeatAction], ctx: Ctx, hand: Sequence[Card], pile: Sequence[Layer]
) -> SeatAction:
    """Easy's choice among ``actions`` (all for one seat, the decision of kind ``ctx``)."""
    first = actions[0]
    if len(actions) == 1:
        return first
    if isinstance(first, Arrange):
        return max(actions, key=lambda a: _arrange_value(a))
    if isinstance(first, Declare):
        return first
    if isinstance(first, (DeclareWar, NoWar)):
        level = pile[-1].rank if pile else 0
        want = holds_higher_follow(hand, level)
        for a in actions:
            if isinstance(a, DeclareWar) == want:
                return a
        return first
    if ctx is Ctx.JOIN:
        joins = [a for a in actions if isinstance(a, Join) and a.joker is None]
        if joins:
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
    return ranked(actions, ctx, hand, pile)[0]


def _pass(actions: Sequence[SeatAction]) -> SeatAction:
    for a in actions:
        if isinstance(a, Pass):
            return a
    return actions[0]


def _arrange_value(action: SeatAction) -> int:
    assert isinstance(action, Arrange)
    return sum(keep_value(c) for c in action.cards)


class EasyPlayer:
    name = "easy"

    def decide(self, view: TableView, rng: random.Random) -> SeatAction:
        del rng
        hand = view.hand or ()
        return choose(view.actions, view.ctx, hand, view.pile)
