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
    """The action answers another kind of decision than the one asked."""


class NotPlaying(IllegalAction):
    """The seat has gone out or left the game."""


class IllegalPlay(IllegalAction):
    """Cards (or chance, blind, pick-up) that may not be played now."""


class IllegalArrangement(IllegalAction):
    """Face-up cards that are not three of the player's six."""


class IllegalDeclaration(IllegalAction):
    """A joker identity that is not allowed here."""


class IllegalJoin(IllegalAction):
    """Cards that may not join the war."""


class IllegalToss(IllegalAction):
    """Cards that may not be tossed along."""


class GameOver(IllegalAction):
    """The game has ended."""


class InvalidRecord(ValueError):
    """A record or stored state that cannot be read or does not replay."""
