"""What every registered game must keep, checked through :class:`~bot.games.base.GameRules`
alone (OpenSpiel's ``random_sim_test`` is the model): seeded random games, and at each step the
move texts, the stored state, the seat views, the computer levels, hidden cards and the public
picture.

Each check takes a game's rules and raises :class:`AssertionError` naming the game, the seed and
the step; ``tests/conformance/test_conformance.py`` runs them for every game in
:data:`bot.games.GAMES`, ``test_planted.py`` shows each one catching a broken copy of a game.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Callable, Iterator
from typing import Any

from bot.games import GameRules
from bot.play.model import Game, Seat
from cogs.ui.i18n import Words

STEPS = 160
"""The most actions one random game takes: enough for several deals, few enough that the
whole suite stays within seconds (a game need not end)."""
RANDOM_SHARE = 0.5
"""How often a random game takes a uniformly random legal action; otherwise the game's easiest
computer level chooses (uniformly random bids never end some games, e.g. Pidro's)."""
SEEDS = (1, 2)
"""The seeded random games each check plays per game."""


@dataclasses.dataclass(frozen=True, slots=True)
class Step:
    """One state of a random game, with where it came from (for the failure message)."""

    seed: int
    index: int
    state: Any

    def where(self, rules: GameRules) -> str:
        return f"{rules.kind}, seed {self.seed}, step {self.index}"


def random_states(rules: GameRules, seed: int, steps: int = STEPS) -> Iterator[Step]:
    """Every state of a seeded random game after the first deal (chance steps settled), up to
    ``steps`` actions or the end of the game. The actions are drawn from
    :meth:`~GameRules.legal_actions` of the first seat :meth:`~GameRules.to_act` names."""
    rng = random.Random(f"conformance/{rules.kind}/{seed}")
    decide = rules.decider()
    easiest = rules.levels[0] if rules.levels else None
    state = rules.new_game(rng, min(rules.targets), rules.seat_range[0])
    for index in range(steps + 1):
        state, _ = rules.settle(state, rng)
        yield Step(seed, index, state)
        if rules.outcome(state) is not None:
            return
        to_act = rules.to_act(state)
        assert to_act, f"{rules.kind}, seed {seed}, step {index}: nobody to act, no outcome"
        seat = to_act[0]
        legal = list(rules.legal_actions(state, seat))
        assert legal, f"{rules.kind}, seed {seed}, step {index}: seat {seat} has no action"
        if easiest is None or rng.random() < RANDOM_SHARE:
            action = rng.choice(legal)
        else:
            action = decide(easiest, rules.view(state, seat), rng.randrange(2**31))
        state, _ = rules.apply(state, action)


def every_state(rules: GameRules) -> Iterator[Step]:
    for seed in SEEDS:
        yield from random_states(rules, seed)


def viewers(rules: GameRules) -> tuple[int | None, ...]:
    return (*range(rules.seat_range[0]), None)


# --- the checks -------------------------------------------------------------------------------


def check_action_texts(rules: GameRules) -> int:
    """Every legal action seen survives its button text: ``parse_action(seat, action_text(a))
    == a``. Returns how many actions were checked."""
    checked = 0
    for step in every_state(rules):
        for seat in rules.to_act(step.state):
            for action in rules.legal_actions(step.state, seat):
                text = rules.action_text(action)
                back = rules.parse_action(seat, text)
                assert back == action, f"{step.where(rules)}: {action!r} -> {text!r} -> {back!r}"
                checked += 1
    assert checked, f"{rules.kind}: no action seen"
    return checked


def check_states_round_trip(rules: GameRules) -> int:
    """Every state survives storage: ``loads(dumps(s))`` is ``s`` again (equal, or at least
    written the same and seen the same from every seat)."""
    checked = 0
    for step in every_state(rules):
        text = rules.dumps(step.state)
        back = rules.loads(text)
        if back != step.state:
            assert rules.dumps(back) == text, f"{step.where(rules)}: the stored state changed"
            for seat in viewers(rules):
                assert rules.view(back, seat) == rules.view(step.state, seat), (
                    f"{step.where(rules)}: seat {seat} sees the stored state otherwise"
                )
        assert rules.version(back) == rules.version(step.state), step.where(rules)
        checked += 1
    return checked


def view_actions(view: Any) -> tuple[Any, ...] | None:
    """The actions a seat view offers its seat, where the view's type keeps them: an
    ``actions`` field (every game's view so far). None if the view has none."""
    actions = getattr(view, "actions", None)
    return None if actions is None else tuple(actions)


def check_views_offer_the_legal_actions(rules: GameRules) -> int:
    """At every step, each seat's own view offers exactly :meth:`~GameRules.legal_actions`
    for that seat (in the same order), and the public view offers none."""
    checked = 0
    for step in every_state(rules):
        for seat in range(rules.seat_range[0]):
            offered = view_actions(rules.view(step.state, seat))
            assert offered is not None, f"{rules.kind}: a seat view keeps no actions"
            legal = tuple(rules.legal_actions(step.state, seat))
            assert offered == legal, f"{step.where(rules)}: seat {seat} offered {offered}"
            checked += 1
        assert not view_actions(rules.view(step.state, None)), step.where(rules)
    return checked


DECISIONS_PER_LEVEL = 4
"""The decisions each computer level makes per random game (the strong levels search for a
while)."""


def check_levels_decide_legally(rules: GameRules, per_level: int = DECISIONS_PER_LEVEL) -> int:
    """Every computer level, through :meth:`~GameRules.decider`, answers a sample of seat views
    with one of their legal actions."""
    decide = rules.decider()
    checked = 0
    for seed in SEEDS:
        steps = [s for s in random_states(rules, seed) if rules.outcome(s.state) is None]
        sample = random.Random(f"conformance/decisions/{seed}")
        for level in rules.levels:
            for step in sample.sample(steps, min(per_level, len(steps))):
                seat = rules.to_act(step.state)[0]
                legal = list(rules.legal_actions(step.state, seat))
                action = decide(level, rules.view(step.state, seat), step.index)
                assert action in legal, (
                    f"{step.where(rules)}: level {level!r} chose {action!r}, not among {legal}"
                )
                checked += 1
    return checked


HiddenCards = Callable[[Any, "int | None"], "frozenset[str] | set[str]"]


def hidden_cards_of(rules: GameRules) -> HiddenCards:
    """The game's own ``hidden_cards(state, seat)`` (an optional member of its registry entry,
    outside the contract): the texts of the cards ``seat`` (None: everyone) may not see now."""
    hook: HiddenCards | None = getattr(rules, "hidden_cards", None)
    assert hook is not None, (
        f"{rules.kind}: games/{rules.kind}/game.py has no hidden_cards(state, seat), which the "
        "conformance suite needs to check that no view shows a hidden card"
    )
    return hook


def texts_in(value: Any, found: set[str] | None = None) -> set[str]:
    """Every text a view holds, wherever in its fields: each string, and the ``text`` of each
    object that has one (a card). Walks dataclasses (every field, also one computed on first
    access), tuples, lists, sets and dicts; enums and numbers hold no card."""
    found = set() if found is None else found
    if value is None or isinstance(value, bool | int | float | enum.Enum):
        return found
    if isinstance(value, str):
        found.add(value)
        return found
    text = getattr(value, "text", None)
    if isinstance(text, str):
        found.add(text)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if not f.name.startswith("_"):
                texts_in(getattr(value, f.name), found)
    elif isinstance(value, dict):
        for key, item in value.items():
            texts_in(key, found)
            texts_in(item, found)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            texts_in(item, found)
    return found


def check_views_hide_cards(rules: GameRules) -> int:
    """No view (a seat's or the public one) holds a card its viewer may not see, by the game's
    own ``hidden_cards``; and some views do hide cards (the hook is not empty)."""
    hidden_of = hidden_cards_of(rules)
    checked = hiding = 0
    for step in every_state(rules):
        for seat in viewers(rules):
            hidden = set(hidden_of(step.state, seat))
            leaked = texts_in(rules.view(step.state, seat)) & hidden
            assert not leaked, f"{step.where(rules)}: seat {seat} sees hidden cards {leaked}"
            hiding += bool(hidden)
            checked += 1
    assert hiding, f"{rules.kind}: hidden_cards never hides a card"
    return checked


class StateNotShown:
    """A state the picture must not read: any attribute access fails."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the picture read the state ({name}) instead of the public view")


def table_game(rules: GameRules, state: Any) -> Game:
    """A stored game around ``state``, as the Discord glue hands it to a presentation."""
    return Game(
        id=1,
        kind=rules.kind,
        guild_id=1,
        channel_id=1,
        thread_id=None,
        table_message_id=None,
        table_posted_at=None,
        seats=tuple(Seat(100 + s) for s in range(rules.seat_range[0])),
        target=min(rules.targets),
        status="active",
        result=None,
        winner=None,
        version=rules.version(state) if not isinstance(state, StateNotShown) else 0,
        state=state,
        created_at=0.0,
        updated_at=0.0,
        finished_at=None,
    )


PICTURES = 6
"""The public tables drawn per random game (drawing takes a while)."""


def check_picture_shows_the_public_view(rules: GameRules, presentation: Any) -> int:
    """The public table's picture is drawn from the public view alone: the same PNG bytes when
    the game around it holds no state at all (so no hidden card can reach it other than through
    the view, which :func:`check_views_hide_cards` checks), at a sample of steps."""
    from bot.drawing import table

    words = Words("en")
    names = [f"Player {s}" for s in range(rules.seat_range[0])]
    checked = 0
    for seed in SEEDS:
        steps = list(random_states(rules, seed))
        for step in steps[:: max(1, len(steps) // PICTURES)]:
            public = rules.view(step.state, None)
            table.clear_cache()
            drawn = presentation.picture(table_game(rules, step.state), public, names, words)
            table.clear_cache()
            blind = presentation.picture(table_game(rules, StateNotShown()), public, names, words)
            apart = "" if drawn == blind else _how_apart(drawn, blind)
            assert drawn == blind, f"{step.where(rules)}: the picture depends on the state: {apart}"
            checked += 1
    return checked


def _how_apart(first: bytes | None, second: bytes | None) -> str:
    """Where two pictures differ, for a failure to say: their sizes, or the box of differing
    pixels, or the same pixels encoded otherwise (then the drawing, not the view, is at fault)."""
    import io

    from PIL import Image, ImageChops

    if first is None or second is None:
        return "one of them is None"
    try:
        a = Image.open(io.BytesIO(first)).convert("RGB")
        b = Image.open(io.BytesIO(second)).convert("RGB")
    except OSError:  # PIL's UnidentifiedImageError and a truncated PNG
        return f"not both readable pictures ({len(first)} and {len(second)} bytes)"
    if a.size != b.size:
        return f"sizes {a.size} and {b.size}"
    box = ImageChops.difference(a, b).getbbox()
    if box is None:
        return f"the same pixels in {len(first)} and {len(second)} bytes"
    return f"pixels differ in the box {box} of {a.size}"


Redeal = Callable[[Any, random.Random], Any]


def redeal_of(rules: GameRules) -> Redeal:
    """The game's own ``redeal_hidden(state, rng)`` (an optional member of its registry entry,
    outside the contract): the same state with the cards nobody sees dealt otherwise."""
    hook: Redeal | None = getattr(rules, "redeal_hidden", None)
    assert hook is not None, (
        f"{rules.kind}: games/{rules.kind}/game.py has no redeal_hidden(state, rng), which the "
        "conformance suite needs to draw two tables that differ only in hidden cards"
    )
    return hook


def check_picture_ignores_hidden_cards(rules: GameRules, presentation: Any) -> int:
    """Two states that differ only in the cards nobody sees (the game's ``redeal_hidden``)
    give the same picture of the public table, byte for byte, at a sample of steps; and the
    cards did move in some of them."""
    from bot.drawing import table

    redeal = redeal_of(rules)
    words = Words("en")
    names = [f"Player {s}" for s in range(rules.seat_range[0])]
    rng = random.Random(f"conformance/redeal/{rules.kind}")
    checked = moved = 0
    for seed in SEEDS:
        steps = list(random_states(rules, seed))
        for step in steps[:: max(1, len(steps) // PICTURES)]:
            other = redeal(step.state, rng)
            moved += rules.dumps(other) != rules.dumps(step.state)
            pictures = []
            for state in (step.state, other):
                table.clear_cache()
                game = table_game(rules, state)
                pictures.append(presentation.picture(game, rules.view(state, None), names, words))
            assert pictures[0] == pictures[1], (
                f"{step.where(rules)}: the picture changes with the hidden cards"
            )
            checked += 1
    assert moved, f"{rules.kind}: redeal_hidden never moved a card"
    return checked
