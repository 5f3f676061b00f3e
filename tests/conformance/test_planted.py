"""The conformance suite fails on a broken game: a copy of each registered game with one
planted bug is registered like any game, and the check meant for that bug refuses it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot import games
from bot.games import GAMES, GameRules
from cogs.ui.games import presentation
from tests.conformance import checks


class Broken:
    """A registered game's rules with some members replaced: everything else is the game's."""

    def __init__(self, rules: GameRules, bug: str, **members: Any) -> None:
        self._rules = rules
        self.kind = f"{rules.kind}-{bug}"
        for name, member in members.items():
            setattr(self, name, member)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)


def clipped_texts(rules: GameRules) -> dict[str, Any]:
    """The button text loses its last character."""
    return {"action_text": lambda action: rules.action_text(action)[:-1]}


def forgetful_storage(rules: GameRules) -> dict[str, Any]:
    """Every stored state reads back as the first one stored."""
    first: list[str] = []

    def dumps(state: Any) -> str:
        text = rules.dumps(state)
        first.append(text)
        return text

    return {"dumps": dumps, "loads": lambda text: rules.loads(first[0])}


def one_action_short(rules: GameRules) -> dict[str, Any]:
    """The legal actions lose their last one whenever there are several (the view keeps all)."""

    def legal_actions(state: Any, seat: int) -> Any:
        legal = list(rules.legal_actions(state, seat))
        return legal[:-1] if len(legal) > 1 else legal

    return {"legal_actions": legal_actions}


def illegal_computer(rules: GameRules) -> dict[str, Any]:
    """The hardest level answers by stopping the game, which is never a legal action."""
    decide = rules.decider()
    hardest = rules.levels[-1]

    def decider(level: str, view: Any, seed: int) -> Any:
        return rules.abandon(None) if level == hardest else decide(level, view, seed)

    return {"decider": lambda: decider}


def leaky_view(rules: GameRules) -> dict[str, Any]:
    """A seat is shown its left-hand neighbour's view, hand included."""

    def view(state: Any, seat: int | None) -> Any:
        return rules.view(state, None if seat is None else (seat + 1) % rules.seat_range[0])

    return {"view": view}


BUGS: dict[str, tuple[Callable[[GameRules], dict[str, Any]], Callable[[GameRules], int]]] = {
    "clipped-texts": (clipped_texts, checks.check_action_texts),
    "forgetful-storage": (forgetful_storage, checks.check_states_round_trip),
    "one-action-short": (one_action_short, checks.check_views_offer_the_legal_actions),
    "illegal-computer": (illegal_computer, checks.check_levels_decide_legally),
    "leaky-view": (leaky_view, checks.check_views_hide_cards),
}


@pytest.fixture(params=tuple(GAMES))
def kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
    return kind


@pytest.fixture
def registered() -> Iterator[list[str]]:
    """The kinds a test registers, unregistered after it."""
    kinds: list[str] = []
    yield kinds
    for kind in kinds:
        games.unregister(kind)


@pytest.mark.parametrize("bug", sorted(BUGS))
def test_the_suite_refuses_a_game_with_a_planted_bug(
    kind: str, bug: str, registered: list[str]
) -> None:
    real = GAMES[kind]
    plant, check = BUGS[bug]
    broken = Broken(real, bug, **plant(real))
    games.register(broken)  # type: ignore[arg-type]
    registered.append(broken.kind)
    assert broken.kind in GAMES  # the suite's parametrisation would pick it up
    with pytest.raises((AssertionError, ValueError)):
        check(GAMES[broken.kind])
    check(real)  # the same check passes on the game itself


class PeekingPresentation:
    """A presentation whose picture draws the table from the game's state, not the view it is
    given (so anything of the state could reach the picture)."""

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.real = presentation(rules.kind)

    def picture(self, game: Any, view: Any, names: Any, tr: Any) -> bytes | None:
        peeked: bytes | None = self.real.picture(game, self.rules.view(game.state, None), names, tr)
        return peeked


def test_the_suite_refuses_a_picture_drawn_from_the_state(kind: str) -> None:
    rules = GAMES[kind]
    with pytest.raises(AssertionError, match="the picture read the state"):
        checks.check_picture_shows_the_public_view(rules, PeekingPresentation(rules))


class FlickeringPresentation(PeekingPresentation):
    """A presentation whose picture changes from one drawing to the next, by a pixel or only
    in its encoding: the check fails and says which."""

    def __init__(self, rules: GameRules, pixel: bool) -> None:
        super().__init__(rules)
        self.pixel = pixel
        self.drawn = 0

    def picture(self, game: Any, view: Any, names: Any, tr: Any) -> bytes | None:
        import io

        from PIL import Image

        drawn: bytes | None = self.real.picture(game, view, names, tr)
        assert drawn is not None
        self.drawn += 1
        if self.drawn % 2:
            return drawn
        image = Image.open(io.BytesIO(drawn)).convert("RGB")
        if self.pixel:
            image.putpixel((3, 4), (255, 0, 255))
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=9)
        return out.getvalue()


@pytest.mark.parametrize(
    ("pixel", "said"),
    [(True, r"pixels differ in the box \(3, 4, 4, 5\)"), (False, "the same pixels in")],
)
def test_a_picture_that_depends_on_the_state_is_told_apart(
    kind: str, pixel: bool, said: str
) -> None:
    rules = GAMES[kind]
    with pytest.raises(AssertionError, match="the picture depends on the state: " + said):
        checks.check_picture_shows_the_public_view(rules, FlickeringPresentation(rules, pixel))


class StampingPresentation(PeekingPresentation):
    """A presentation whose picture carries the stored state along with the table."""

    def picture(self, game: Any, view: Any, names: Any, tr: Any) -> bytes | None:
        drawn: bytes | None = self.real.picture(game, view, names, tr)
        assert drawn is not None
        return drawn + self.rules.dumps(game.state).encode()


def test_the_suite_refuses_a_picture_that_changes_with_the_hidden_cards(kind: str) -> None:
    rules = GAMES[kind]
    with pytest.raises(AssertionError, match="the picture changes with the hidden cards"):
        checks.check_picture_ignores_hidden_cards(rules, StampingPresentation(rules))
