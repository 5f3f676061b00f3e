"""Errors a person's request can meet in any service: each says, in a sentence, what to do.

A message may name members as ``{name}`` placeholders with their ids in ``users``; the Discord
glue turns those into mentions, so services never write Discord markup.
"""

from __future__ import annotations

from collections.abc import Callable

Formatter = Callable[[int], str]
"""How the glue names a member or a channel by its id (a mention, in Discord)."""


def plain_member(user_id: int) -> str:
    return f"member {user_id}"


def plain_channel(channel_id: int) -> str:
    return f"channel {channel_id}"


class ServiceError(Exception):
    """Something a member asked for that cannot be done; :meth:`text` is a sentence for them."""

    def __init__(self, message: str, **users: int) -> None:
        super().__init__(message)
        self.message = message
        self.users = users

    def text(self, mention: Formatter | None = None, channel: Formatter | None = None) -> str:
        """The sentence, each ``{name}`` replaced by ``mention(user_id)`` (plain words without
        a formatter: for logs). ``channel`` names channels, for errors that name some."""
        if not self.users:
            return self.message
        name = mention or plain_member
        return self.message.format(**{k: name(v) for k, v in self.users.items()})

    def __str__(self) -> str:
        return self.text()


class NotAllowed(ServiceError):
    """The member may not do this (not a player here, not a manager)."""


class NotFound(ServiceError):
    """What the request names does not exist (any more)."""


class Stale(ServiceError):
    """The request was made on an older state (an old button, a double click)."""


class BadRequest(ServiceError):
    """A value that cannot be used as given."""
