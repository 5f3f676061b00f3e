"""Every game in :data:`bot.games.GAMES` keeps the contracts the platform relies on, checked on
seeded random games through :class:`~bot.games.base.GameRules` only (see :mod:`.checks`): a
game is covered the moment it is registered."""

from __future__ import annotations

import pytest

from bot.games import GAMES, GameRules
from cogs.ui.games import presentation
from tests.conformance import checks

KINDS = tuple(GAMES)


@pytest.fixture(params=KINDS)
def rules(request: pytest.FixtureRequest) -> GameRules:
    return GAMES[request.param]


def test_every_legal_action_survives_its_button_text(rules: GameRules) -> None:
    assert checks.check_action_texts(rules) > 0


def test_every_state_survives_storage(rules: GameRules) -> None:
    assert checks.check_states_round_trip(rules) > 0


def test_each_seat_view_offers_exactly_the_legal_actions(rules: GameRules) -> None:
    assert checks.check_views_offer_the_legal_actions(rules) > 0


def test_every_computer_level_decides_legally_from_the_seat_view(rules: GameRules) -> None:
    assert checks.check_levels_decide_legally(rules) == (
        len(rules.levels) * checks.DECISIONS_PER_LEVEL * len(checks.SEEDS)
    )


def test_no_view_holds_a_hidden_card(rules: GameRules) -> None:
    assert checks.check_views_hide_cards(rules) > 0


def test_the_picture_shows_only_the_public_view(rules: GameRules) -> None:
    shown = presentation(rules.kind)
    assert checks.check_picture_shows_the_public_view(rules, shown) > 0


def test_the_picture_is_the_same_whatever_the_hidden_cards(rules: GameRules) -> None:
    shown = presentation(rules.kind)
    assert checks.check_picture_ignores_hidden_cards(rules, shown) > 0
