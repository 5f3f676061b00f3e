"""Errors a player can cause, each a sentence for that player.

A message is an English template with ``{name}`` placeholders and its values apart
(:attr:`IllegalAction.template`, :attr:`IllegalAction.values`), so the platform can translate
the template and fill in the values; ``str(error)`` is the English sentence.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now."""

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values
        super().__init__(template.format(**values))


class NotYourTurn(IllegalAction):
    """The seat is not one the game waits for."""


class WrongPhase(IllegalAction):
    """The action belongs to another phase of the hand (a card during the bidding)."""


class IllegalBid(IllegalAction):
    """A bid that is not allowed now."""


class IllegalKill(IllegalAction):
    """A set of cards that may not be killed."""


class IllegalPlay(IllegalAction):
    """A card that may not be played."""


class GameOver(IllegalAction):
    """The game has ended."""


class InvalidDeal(ValueError):
    """A deal that is not 4 hands of 9 and a stock of 16 holding each card once."""


class InvalidRecord(ValueError):
    """A record or stored state that cannot be read or does not replay."""
