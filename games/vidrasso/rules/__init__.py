"""The Vidrasso rules engine: pure Python, no I/O, no Discord.

Randomness comes only through an injected :class:`random.Random`. The public API is re-exported
here. The engine imports nothing from the computer players; their bitmask twin of a round
(:mod:`games.vidrasso.ai.fast`) builds its tables from the rules here.
"""

from typing import TYPE_CHECKING, Any

from games.vidrasso.rules.cards import DECK, Card, CardParseError, Rank, Suit, card, parse_cards
from games.vidrasso.rules.deal import Cut, Deal
from games.vidrasso.rules.errors import (
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
from games.vidrasso.rules.game import (
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
from games.vidrasso.rules.record import RECORD_FORMAT, from_record, record_text, replay, to_record
from games.vidrasso.rules.trumps import (
    Bid,
    BidKind,
    Trumps,
    legal_plays,
    trick_winner,
    trump_options,
)
from games.vidrasso.rules.view import PileView, RoundSummary, TableView, view

if TYPE_CHECKING:
    from games.vidrasso.rules.serialize import STATE_SCHEMA, state_from_json, state_to_json

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
"""Names read from :mod:`games.vidrasso.rules.serialize` on first use: a process that plays and
writes
records without storing states (the simulator) does not load it."""


def __getattr__(name: str) -> Any:
    if name in _LATER:
        from games.vidrasso.rules import serialize

        return getattr(serialize, name)
    raise AttributeError(f"module 'games.vidrasso.rules' has no attribute {name!r}")
