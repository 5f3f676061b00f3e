"""Errors a player can cause. Their messages are written to be shown to that player."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now. ``str(error)`` is a sentence for the player."""


class NotYourTurn(IllegalAction):
    """The seat is not the one to act (or has already acted in this phase)."""


class WrongPhase(IllegalAction):
    """The action belongs to another phase of the round (e.g. a card during the trump choice)."""


class IllegalBid(IllegalAction):
    """A trump choice that is not allowed now."""


class IllegalGift(IllegalAction):
    """A gift that is not one of the giver's hand cards."""


class IllegalPlay(IllegalAction):
    """A card that is not available or breaks the following rule."""


class GameOver(IllegalAction):
    """The game has ended; nothing more can be done in it."""


class InvalidDeal(ValueError):
    """A deal that does not hold each of the 36 cards exactly once in the right places."""


class InvalidRecord(ValueError):
    """A game record or stored state that cannot be read or does not replay."""
