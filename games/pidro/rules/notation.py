"""A player's action as one short word: ``bid-9``, ``bid-pass``, ``trump-H``, ``kill-4S.7S``,
``play-TH``.

The one notation of a Pidro move outside the engine: the buttons carry it, and the agent
protocol (``pidro-agent/1``) lists and answers moves in it. A kill's cards join with dots, in
index order, as the set they are.
"""

from __future__ import annotations

from games.pidro.rules.cards import Card, Suit
from games.pidro.rules.parts import Bid, HandAction, Kill, NameTrump, Play


def action_text(action: HandAction) -> str:
    """The word for a player's action."""
    if isinstance(action, Bid):
        return f"bid-{'pass' if action.points is None else action.points}"
    if isinstance(action, NameTrump):
        return f"trump-{action.suit.value}"
    if isinstance(action, Kill):
        return "kill-" + ".".join(c.text for c in action.cards)
    return f"play-{action.card.text}"


def parse_action(seat: int, text: str) -> HandAction:
    """The action ``seat`` takes with the word ``text``; ValueError if it is not a move's
    word (whether the move is legal is the engine's question)."""
    verb, _, rest = text.partition("-")
    if verb == "bid":
        return Bid(seat, None if rest == "pass" else int(rest))
    if verb == "trump":
        return NameTrump(seat, Suit.parse(rest))
    if verb == "kill" and rest:
        return Kill.of(seat, [Card.parse(t) for t in rest.split(".")])
    if verb == "play":
        return Play(seat, Card.parse(rest))
    raise ValueError(f"{text!r} is not a Pidro move")
