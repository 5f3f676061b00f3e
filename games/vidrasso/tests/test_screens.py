"""Vidrasso's screens in the gallery (``python -m bot.screens``): the table and the hand in each
phase, the round's and the game's end, the replay, and the README's pictures among them."""

from __future__ import annotations

from cogs.ui.i18n import Words
from games.vidrasso.discord import screens


def test_every_phase_is_drawn() -> None:
    drawn = set(screens.screens(3, Words("en")))
    assert {"01-table-trump", "08-hand-play", "12-replay", "13-replay-deal"} <= drawn
    assert len(drawn) == 13
    assert set(screens.README.values()) <= drawn
