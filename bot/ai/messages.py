"""What both agent protocols do alike with a ``decide`` message and its answer.

``vidrasso-agent/1`` (:mod:`games.vidrasso.ai.protocol`) and ``pidro-agent/1``
(:mod:`games.pidro.ai.protocol`)
describe different games, but read a message the same way: a message that cannot be read is
one :class:`MessageError`, whatever went wrong inside; an answer is taken only when it is one of
the seat's legal actions; and a message's own ``legal`` list is what an agent falls back on.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

T = TypeVar("T")
A = TypeVar("A")


class MessageError(ValueError):
    """A message that is not a well-formed ``decide`` message, or an answer that is not a
    legal action."""


def read_message(read: Callable[[Mapping[str, Any]], T], msg: Mapping[str, Any]) -> T:
    """``read(msg)``, with whatever a malformed message makes it raise as a
    :class:`MessageError`."""
    try:
        return read(msg)
    except MessageError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise MessageError(f"malformed decide message: {error!r}") from error


def legal_choice(read: Callable[[Any], A], action: Any, actions: Collection[A]) -> A:
    """The action an answer's ``action`` names, read by ``read``; :class:`MessageError` unless
    it is one of ``actions``."""
    try:
        choice = read(action)
    except MessageError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise MessageError(f"not an action: {error!r}") from error
    if choice not in actions:
        raise MessageError(f"{action!r} is not a legal choice")
    return choice


def legal_from_message(msg: Mapping[str, Any]) -> list[Any]:
    """The ``legal`` list of a message as given (for a fallback answer)."""
    legal = msg.get("legal") if isinstance(msg, Mapping) else None
    return list(legal) if isinstance(legal, list) else []


def seat(value: Any, seats: int) -> int:
    """A seat number below ``seats`` (a bool is not a number here)."""
    if isinstance(value, bool) or value not in range(seats):
        raise MessageError(f"{value!r} is not a seat (0 to {seats - 1})")
    return int(value)


def pair(value: Any) -> tuple[int, int]:
    a, b = value
    return (int(a), int(b))


def cards(parse: Callable[[str], T], texts: Any) -> tuple[T, ...]:
    """A list of card texts as cards, each read by ``parse`` (its game's ``Card.parse``)."""
    if not isinstance(texts, list):
        raise MessageError(f"{texts!r} is not a list of cards")
    return tuple(card(parse, t) for t in texts)


def card(parse: Callable[[str], T], text: Any) -> T:
    if not isinstance(text, str):
        raise MessageError(f"{text!r} is not a card")
    return parse(text)
