"""The pure parts of the buttons: how a multi-select's choices make one move."""

from __future__ import annotations

from cogs.ui.buttons import joined


def test_one_choice_is_its_own_move() -> None:
    assert joined(["trump-H"]) == "trump-H"


def test_choices_of_one_verb_make_one_move_in_the_order_chosen() -> None:
    assert joined(["kill-7H", "kill-4H"]) == "kill-7H.4H"
    assert joined(["kill-7H", "kill-4H", "kill-3H"]) == "kill-7H.4H.3H"


def test_nothing_chosen_or_mixed_verbs_make_no_move() -> None:
    assert joined([]) == ""
    assert joined(["kill-7H", "play-4H"]) == ""
    assert joined(["pass", "kill-4H"]) == ""
