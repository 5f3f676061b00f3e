"""Vriddiot's screens in the gallery (``python -m bot.screens``): the seeded games reach every
moment drawn (the table in the arrangement, a turn, a war, a war's offers and at the end; the
hand at each kind of decision), and the README's pictures are among them."""

from __future__ import annotations

from cogs.ui.i18n import Words
from games.vriddiot.discord import screens


def test_every_moment_is_drawn() -> None:
    drawn = set(screens.screens(3, Words("en")))
    moments = ("arrange", "turn", "war", "join", "over")
    assert {f"{1 + i:02d}-table-{m}" for i, m in enumerate(moments)} <= drawn
    assert {"06-rules", "07-hand-arrange", "08-hand-turn", "09-hand-cards"} <= drawn
    assert {"10-hand-join", "11-hand-joker", "12-game-over"} <= drawn
    assert len(drawn) == 12
    assert set(screens.README.values()) <= drawn
