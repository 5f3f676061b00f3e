"""Errors a person's request can meet in any service: each says, in a sentence, what to do.

A message is an English template, also the key of its translations (the Discord glue passes
it through the member's language): values are ``{name}`` placeholders given as keyword
arguments — a :class:`Member` or :class:`Channels` becomes a mention in the glue, anything else
its plain text — so services never write Discord markup and never translate.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Formatter = Callable[[int], str]
"""How the glue names a member or a channel by its id (a mention, in Discord)."""
Translate = Callable[[str], str]
"""How the glue turns an English template into the reader's language."""


def translatable(message: str) -> str:
    """Marks an English sentence kept outside a raise (a constant, a table) for the message
    catalogs; the glue translates it where it is shown."""
    return message


class Member(int):
    """A value that names a member (shown as a mention)."""


class Channels(tuple[int, ...]):
    """A value that names channels (shown as mentions, comma-separated)."""

    def __new__(cls, ids: Iterable[int]) -> Channels:
        return super().__new__(cls, tuple(sorted(ids)))


def plain_member(user_id: int) -> str:
    return f"member {user_id}"


def plain_channel(channel_id: int) -> str:
    return f"channel {channel_id}"


class ServiceError(Exception):
    """Something a member asked for that cannot be done; :meth:`text` is a sentence for them."""

    def __init__(self, message: str, **values: Any) -> None:
        super().__init__(message)
        self.message = message
        self.values = values

    def text(
        self,
        mention: Formatter | None = None,
        channel: Formatter | None = None,
        translate: Translate | None = None,
    ) -> str:
        """The sentence in the reader's words (``translate``), members and channels named by
        the glue's formatters (plain words without them: for logs)."""
        member, place = mention or plain_member, channel or plain_channel
        filled: dict[str, str] = {}
        for key, value in self.values.items():
            if isinstance(value, Member):
                filled[key] = member(value)
            elif isinstance(value, Channels):
                filled[key] = ", ".join(place(c) for c in value)
            elif translate and isinstance(value, str):
                filled[key] = translate(value)  # a word the catalog may know: "hearts"
            else:
                filled[key] = str(value)
        template = translate(self.message) if translate else self.message
        try:
            return template.format(**filled)
        except (KeyError, IndexError, ValueError):
            return self.message.format(**filled)

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
