"""A player's action as the record's text (``vriddiot-record/1``): ``play hand 3C``,
``play up 9S 9C``, ``play hand X=7H``, ``play hand 9C war``, ``blind 1``, ``chance``,
``pick_up``, ``pass``, ``as TS``, ``as T``, ``war``, ``no_war``, ``join hand 3H``,
``toss up 5D``, ``arrange 5D KH TD``.

Cards are written rank then suit, every joker ``X``; a joker laid with an identity is
``X=7H`` (suit chosen) or ``X=7`` (rank only). The last card of a play is its top card.
"""

from __future__ import annotations

from games.vriddiot.rules.cards import (
    JOKER_FACE,
    RANKS,
    Card,
    CardParseError,
    default_face,
    parse_rank,
)
from games.vriddiot.rules.parts import (
    Abandon,
    Action,
    Arrange,
    Blind,
    Chance,
    Declare,
    DeclareWar,
    Ident,
    Join,
    NoWar,
    Pass,
    PickUp,
    Play,
    Resign,
    Return,
    SeatAction,
    TimeOut,
    Toss,
)


def _cards(cards: tuple[Card, ...], joker: Ident | None) -> str:
    if joker is not None:
        return "X=" + joker.text
    return " ".join(c.text for c in cards)


def action_text(action: SeatAction) -> str:
    """The record's text for a player's action."""
    if isinstance(action, Play):
        text = f"play {action.source} {_cards(action.cards, action.joker)}"
        return text + " war" if action.war else text
    if isinstance(action, Join):
        return f"join {action.source} {_cards(action.cards, action.joker)}"
    if isinstance(action, Toss):
        return f"toss {action.source} {_cards(action.cards, None)}"
    if isinstance(action, Blind):
        return f"blind {action.position}"
    if isinstance(action, Chance):
        return "chance"
    if isinstance(action, PickUp):
        return "pick_up"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Declare):
        return "as " + action.ident.text
    if isinstance(action, DeclareWar):
        return "war"
    if isinstance(action, NoWar):
        return "no_war"
    return "arrange " + " ".join(c.text for c in action.cards)


def parse_ident(text: str) -> Ident:
    """``7H`` (suit chosen) or ``7`` (rank only)."""
    if len(text) == 1 or text == "10":
        return Ident(default_face(parse_rank(text)), False)
    face = Card.parse(text)
    if face.is_joker:
        raise CardParseError("a joker is declared as a card, not as a joker")
    return Ident(face, True)


def _play_cards(words: list[str]) -> tuple[tuple[Card, ...], Ident | None]:
    if len(words) == 1 and words[0].startswith("X="):
        from games.vriddiot.rules.cards import FACES

        return (FACES[JOKER_FACE],), parse_ident(words[0][2:])
    if not words:
        raise CardParseError("no cards named")
    return tuple(Card.parse(w) for w in words), None


def parse_action(seat: int, text: str) -> SeatAction:
    """The action ``seat`` takes with ``text``; ValueError if it is not an action's text
    (whether it is legal is the engine's question)."""
    words = text.split()
    if not words:
        raise ValueError("an empty action")
    verb, rest = words[0], words[1:]
    if verb in ("play", "join", "toss") and len(rest) >= 2 and rest[0] in ("hand", "up"):
        source, cards = rest[0], rest[1:]
        war = verb == "play" and cards[-1] == "war"
        if war:
            cards = cards[:-1]
        faces, joker = _play_cards(cards)
        if verb == "play":
            return Play(seat, source, faces, joker, war)
        if verb == "join":
            return Join(seat, source, faces, joker)
        if joker is None:
            return Toss(seat, source, faces)
    elif verb == "blind" and len(rest) == 1 and rest[0].isdigit():
        return Blind(seat, int(rest[0]))
    elif verb == "as" and len(rest) == 1:
        return Declare(seat, parse_ident(rest[0]))
    elif verb == "arrange" and len(rest) == 3:
        return Arrange(seat, tuple(Card.parse(w) for w in rest))
    elif not rest:
        simple: dict[str, SeatAction] = {
            "chance": Chance(seat),
            "pick_up": PickUp(seat),
            "pass": Pass(seat),
            "war": DeclareWar(seat),
            "no_war": NoWar(seat),
        }
        if verb in simple:
            return simple[verb]
    raise ValueError(f"{text!r} is not a Vriddiot action")


__all__ = ["RANKS", "action_text", "parse_action", "parse_ident"]


def log_text(action: Action) -> str:
    """Any action as a state's log keeps it (storage's ``actions``): a seat's action as
    ``seat:text`` (:func:`action_text`, ``2:resign``, ``0:timeout``), the chance step's return
    order as ``return`` and its cards, an abandonment as ``abandon``."""
    if isinstance(action, Abandon):
        return "abandon"
    if isinstance(action, Return):
        return " ".join(["return", *(c.text for c in action.cards)])
    if isinstance(action, Resign):
        return f"{action.seat}:resign"
    if isinstance(action, TimeOut):
        return f"{action.seat}:timeout"
    return f"{action.seat}:{action_text(action)}"


def log_action(text: str) -> Action:
    """The action :func:`log_text` wrote."""
    if text == "abandon":
        return Abandon()
    if text.split(" ", 1)[0] == "return":
        return Return(tuple(Card.parse(t) for t in text.split()[1:]))
    seat_text, _, rest = text.partition(":")
    seat = int(seat_text)
    if rest == "resign":
        return Resign(seat)
    if rest == "timeout":
        return TimeOut(seat)
    return parse_action(seat, rest)
