"""The view is the single gate for hidden information: nothing a view holds, read or not, in
its fields, its private attributes or what ``pickle`` carries, reaches a card its seat may not
see."""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections.abc import Iterator

from random_games import random_decisions

from games.vidrasso.rules import Card, GameState, TableView, new_game, view
from games.vidrasso.rules.compact import CompactRound
from games.vidrasso.rules.deal import Deal
from games.vidrasso.rules.masks import TrickTable
from games.vidrasso.rules.parts import RoundSummary, Strawman


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root`` through tuples, lists, dicts and the slots or
    ``__dict__`` of its objects (every attribute, private ones included)."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        item = todo.pop()
        if id(item) in seen or item is None or isinstance(item, str | bool | float | type):
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, Card | int | TrickTable | RoundSummary) or callable(item):
            # A card is where a walk ends; the rules of a trick hold no card; a finished
            # round's cards are all public, and from another deal.
            continue
        if isinstance(item, tuple | list | set | frozenset):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        else:
            for cls in type(item).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(item, name):
                        todo.append(object.__getattribute__(item, name))
            todo.extend(getattr(item, "__dict__", {}).values())


def hidden_from(state: GameState, seat: int | None) -> tuple[set[Card], set[int]]:
    """The cards ``seat`` (None: everyone) may not see now, and the card masks that would
    give them away (the other hand, or both)."""
    rnd = state.round
    cards = {p.down for row in rnd.strawmen for p in row if p.down is not None}
    masks: set[int] = set()
    for other in (0, 1):
        if other != seat:
            cards |= set(rnd.hands[other])
            if rnd.scores is None and rnd.gifts[other] is not None:
                cards.add(rnd.gifts[other])
            mask = state.cores[-1].hands[other]
            if mask.bit_count() > 1:
                masks.add(mask)
    return cards, masks


def check(seen: TableView, state: GameState) -> None:
    cards, masks = hidden_from(state, seen.seat)
    for item in reachable(seen):
        assert not isinstance(item, GameState | CompactRound | Deal | Strawman), item
        if isinstance(item, Card):
            assert item not in cards, f"{item} reached from {seen.seat}'s view"
        elif isinstance(item, int) and not isinstance(item, bool):
            assert item not in masks, "the other hand's mask reached from a view"


def test_no_view_reaches_a_hidden_card_read_or_not() -> None:
    rng = random.Random(7)
    looked = 0
    for state in random_decisions(rng, new_game(rng, 300)):
        if state.is_over or not state.cores:
            continue
        for seat in (None, 0, 1):
            fresh = view(state, seat)
            check(fresh, state)  # nothing read yet: what it keeps to compute its fields
            read = view(state, seat)
            for f in dataclasses.fields(read):
                getattr(read, f.name)
            check(read, state)
            again = pickle.loads(pickle.dumps(view(state, seat)))
            check(again, state)
            assert again == fresh == read
            assert hash(again) == hash(read)
            looked += 1
    assert looked > 100


def test_a_pickled_view_carries_only_its_fields() -> None:
    rng = random.Random(3)
    state = list(random_decisions(rng, new_game(rng, 300)))[40]
    seen = view(state, 0)
    assert object.__getattribute__(pickle.loads(pickle.dumps(seen)), "_seen") is None
