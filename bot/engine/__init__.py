"""The Vidrasso rules engine: pure Python, no I/O, no Discord.

Randomness comes only through an injected :class:`random.Random`. The public API is re-exported
here. The engine imports nothing from the computer players; their bitmask twin of a round
(:mod:`bot.ai.fast`) builds its tables from the rules here.
"""

from typing import TYPE_CHECKING, Any

from bot.engine.cards import DECK, Card, CardParseError, Rank, Suit, card, parse_cards
from bot.engine.deal import Cut, Deal
from bot.engine.errors import (
    GameOver,
    IllegalAction,
    IllegalBid,
    IllegalGift,
    IllegalPlay,
    InvalidDeal,
    InvalidRecord,
    NotYourTurn,
    WrongPhase,
)
from bot.engine.game import (
    POINTS_PER_ROUND,
    TARGETS,
    TRICKS_PER_ROUND,
    Abandon,
    Action,
    CardPlayed,
    Event,
    GameEnded,
    GameState,
    Gift,
    GiftGiven,
    Outcome,
    Phase,
    Play,
    Resign,
    Round,
    RoundAction,
    RoundDealt,
    RoundEnded,
    Strawman,
    StrawmanTurned,
    Termination,
    TimeOut,
    Trick,
    TrickTaken,
    TrumpChosen,
    apply,
    check,
    deal_next,
    is_legal,
    legal_actions,
    new_game,
    start_game,
)
from bot.engine.record import RECORD_FORMAT, from_record, record_text, replay, to_record
from bot.engine.trumps import Bid, BidKind, Trumps, legal_plays, trick_winner, trump_options
from bot.engine.view import PileView, RoundSummary, TableView, view

if TYPE_CHECKING:
    from bot.engine.serialize import STATE_SCHEMA, state_from_json, state_to_json

__all__ = [
    "DECK",
    "POINTS_PER_ROUND",
    "RECORD_FORMAT",
    "STATE_SCHEMA",
    "TARGETS",
    "TRICKS_PER_ROUND",
    "Abandon",
    "Action",
    "Bid",
    "BidKind",
    "Card",
    "CardParseError",
    "CardPlayed",
    "Cut",
    "Deal",
    "Event",
    "GameEnded",
    "GameOver",
    "GameState",
    "Gift",
    "GiftGiven",
    "IllegalAction",
    "IllegalBid",
    "IllegalGift",
    "IllegalPlay",
    "InvalidDeal",
    "InvalidRecord",
    "NotYourTurn",
    "Outcome",
    "Phase",
    "PileView",
    "Play",
    "Rank",
    "Resign",
    "Round",
    "RoundAction",
    "RoundDealt",
    "RoundEnded",
    "RoundSummary",
    "Strawman",
    "StrawmanTurned",
    "Suit",
    "TableView",
    "Termination",
    "TimeOut",
    "Trick",
    "TrickTaken",
    "TrumpChosen",
    "Trumps",
    "WrongPhase",
    "apply",
    "card",
    "check",
    "deal_next",
    "from_record",
    "is_legal",
    "legal_actions",
    "legal_plays",
    "new_game",
    "parse_cards",
    "record_text",
    "replay",
    "start_game",
    "state_from_json",
    "state_to_json",
    "to_record",
    "trick_winner",
    "trump_options",
    "view",
]


_LATER = {"STATE_SCHEMA", "state_from_json", "state_to_json"}
"""Names read from :mod:`bot.engine.serialize` on first use: a process that plays and writes
records without storing states (the simulator) does not load it."""


def __getattr__(name: str) -> Any:
    if name in _LATER:
        from bot.engine import serialize

        return getattr(serialize, name)
    raise AttributeError(f"module 'bot.engine' has no attribute {name!r}")
