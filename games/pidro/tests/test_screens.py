"""Pidro's screens in the gallery (``python -m bot.screens``): the table in each phase, the rules
page, the hand at each kind of decision and the end, and the README's pictures among them."""

from __future__ import annotations

from cogs.ui.i18n import Words
from games.pidro.discord import screens


def test_every_phase_is_drawn() -> None:
    drawn = set(screens.screens(3, Words("en")))
    phases = ("bid", "trump", "kill", "play", "deal", "over")
    assert {f"{1 + i:02d}-table-{phase}" for i, phase in enumerate(phases)} <= drawn
    assert {"07-rules", "09-hand-trump", "10-hand-kill", "13-game-over"} <= drawn
    assert len(drawn) == 13
    assert set(screens.README.values()) <= drawn
