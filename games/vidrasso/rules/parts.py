"""The parts of a game as data: phases, outcomes, actions, events, strawman piles and tricks.

They are shared by the compact round (:mod:`games.vidrasso.rules.compact`) and the game
(:mod:`games.vidrasso.rules.game`), which re-exports them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.endings import Abandon as Abandon
from bot.endings import Outcome as Outcome
from bot.endings import Resign as Resign
from bot.endings import Termination as Termination
from bot.endings import TimeOut as TimeOut
from games.vidrasso.rules.cards import Card
from games.vidrasso.rules.deal import Deal
from games.vidrasso.rules.trumps import Bid

TRICKS_PER_ROUND = 17
"""7 hand cards after the gift plus 10 strawman cards."""
POINTS_PER_ROUND = 180
"""Four suits of 1 + 2 + … + 9."""
TARGETS = (300, 500)
"""A standard game and a long game."""


class Phase(enum.Enum):
    """Where a game stands."""

    TRUMP = "trump"
    """Choosing the trump suit and rank."""
    GIFT = "gift"
    """Both players choose their gift."""
    PLAY = "play"
    """Playing the 17 tricks."""
    DEAL = "deal"
    """A round has ended and the game goes on: the next deal is due (a chance step)."""
    OVER = "over"
    """The game has ended."""


# --- Actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Gift:
    """A seat puts one hand card face down into the opponent's capture pile."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Play:
    """A seat plays one available card (hand card or face-up strawman) to the trick."""

    seat: int
    card: Card


RoundAction = Bid | Gift | Play
"""What a seat does within a round: name a trump, give its gift, play a card. These are what
:func:`legal_actions` lists and what a computer player chooses."""

Action = RoundAction | Resign | TimeOut | Abandon | Deal
"""Everything :func:`apply` accepts. ``Deal`` is the chance step between rounds."""


# --- Events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrumpChosen:
    bid: Bid


@dataclass(frozen=True, slots=True)
class GiftGiven:
    """A seat has given its gift; which card is not part of the event (it is hidden)."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card
    pile: int | None
    """The strawman pile it came from, or None for a hand card."""


@dataclass(frozen=True, slots=True)
class StrawmanTurned:
    """An under-card turned face up after the trick."""

    seat: int
    pile: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken:
    trick: Trick
    points: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    number: int
    scores: tuple[int, int]
    totals: tuple[int, int]
    gifts: tuple[Card, Card]


@dataclass(frozen=True, slots=True)
class RoundDealt:
    number: int
    dealer: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    outcome: Outcome


Event = (
    TrumpChosen
    | GiftGiven
    | CardPlayed
    | StrawmanTurned
    | TrickTaken
    | RoundEnded
    | RoundDealt
    | GameEnded
)


# --- On the table ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Strawman:
    """One strawman pile: a face-up card on a face-down one, either possibly gone."""

    up: Card | None
    """The face-up top card, the only one that can be played."""
    down: Card | None
    """The face-down card; nobody may see it until it turns up."""

    @property
    def hidden(self) -> int:
        """How many face-down cards the pile holds (0 or 1)."""
        return 0 if self.down is None else 1

    @property
    def empty(self) -> bool:
        return self.up is None and self.down is None


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick."""

    leader: int
    """The seat that led."""
    cards: tuple[Card, Card]
    """The leader's card, then the follower's."""
    winner: int
    """The seat that took the trick."""

    @property
    def points(self) -> int:
        return self.cards[0].points + self.cards[1].points


@dataclass(frozen=True, slots=True)
class PileView:
    """A strawman pile as everyone sees it."""

    up: Card | None
    """The face-up card, or None."""
    hidden: int
    """Face-down cards under it (0 or 1); never which card."""
    dealt: Card | None = None
    """The card dealt face up on this pile, played or not (everyone saw it): None only in a
    view rebuilt from a message that does not say it."""
    turned: Card | None = None
    """The card dealt face down, once it has turned up (played since or not); None while it
    is face down, or when not known."""

    @property
    def known(self) -> bool:
        """Whether the view says every card this pile has shown this round."""
        return self.dealt is not None and (self.hidden == 1 or self.turned is not None)


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """A finished round, with both gifts revealed."""

    number: int
    dealer: int
    bids: tuple[Bid, ...]
    scores: tuple[int, int]
    """Round points per seat, gifts included."""
    captured: tuple[int, int]
    """Points taken in tricks, gifts excluded."""
    gifts: tuple[Card, Card]
    """``gifts[s]``: the card seat ``s`` gave away."""
    totals: tuple[int, int]
    """Running totals after this round."""
