"""What an agent remembers between the messages of a round: the cards each pile has shown.

A decide message shows the strawmen as they stand, not which card each pile was dealt face up
nor which card turned up under it and has been played since — though every player saw them.
Reading the opponent's plays (:mod:`games.vidrasso.ai.reads`) needs both, to tell a card played
from the
hand from one played off the table. :class:`PileMemory` recovers them from the sequence of
messages one seat receives: every round starts with the trump choice, when each pile shows its
dealt card, and between two messages a seat plays at most two cards, few enough to tell which
of them was a pile's turned card. What it cannot tell (when its first message comes mid-round)
stays unknown, and the search then reads nothing.
"""

from __future__ import annotations

from dataclasses import replace

from games.vidrasso.rules import Card, TableView
from games.vidrasso.rules.deal import PILES


class PileMemory:
    """The dealt and turned card of every pile in the round of the last message seen."""

    def __init__(self) -> None:
        self.round: tuple[int, int, int] | None = None
        """The round remembered: (target, round number, dealer)."""
        self.plays: tuple[tuple[int, Card], ...] = ()
        """Every card played this round as of the last message, as ``(seat, card)``."""
        self.dealt: list[list[Card | None]] = []
        self.turned: list[list[Card | None]] = []
        self.forget(None)

    def forget(self, key: tuple[int, int, int] | None) -> None:
        """Start remembering the round ``key`` afresh."""
        self.round = key
        self.plays = ()
        self.dealt = [[None] * PILES, [None] * PILES]
        self.turned = [[None] * PILES, [None] * PILES]

    def recall(self, view: TableView) -> TableView:
        """``view`` (a seat's view rebuilt from a message) with every pile's dealt and turned
        card that this message and the earlier ones of its round show."""
        plays = view.plays
        key = (view.target, view.round_number, view.dealer)
        if key != self.round or plays[: len(self.plays)] != self.plays:
            self.forget(key)
        new = plays[len(self.plays) :]
        for s in (0, 1):
            for i, pile in enumerate(view.strawmen[s]):
                if pile.up is not None and pile.hidden:
                    self.dealt[s][i] = pile.up
                elif pile.up is not None:
                    self.turned[s][i] = pile.up
                elif pile.hidden and view.trick and view.leader == s:
                    # The top just led to this trick; its under-card turns up afterwards.
                    self.dealt[s][i] = view.trick[0]
            self._deduce(view, s, [card for seat, card in new if seat == s])
        self.plays = plays
        rows = tuple(
            tuple(
                replace(pile, dealt=self.dealt[s][i], turned=self.turned[s][i])
                for i, pile in enumerate(view.strawmen[s])
            )
            for s in (0, 1)
        )
        return replace(view, strawmen=(rows[0], rows[1]))

    def _deduce(self, view: TableView, seat: int, new: list[Card]) -> None:
        """Name the turned card of a pile emptied since the last message without it being
        seen face up: the one card ``seat`` played since then that no pile accounts for."""
        emptied = [
            i
            for i, pile in enumerate(view.strawmen[seat])
            if pile.up is None and not pile.hidden and self.turned[seat][i] is None
        ]
        if len(emptied) != 1 or self.dealt[seat][emptied[0]] is None:
            return
        known = {c for row in (*self.dealt, *self.turned) for c in row if c is not None}
        candidates = [c for c in new if c not in known]
        if len(candidates) == 1:
            self.turned[seat][emptied[0]] = candidates[0]
