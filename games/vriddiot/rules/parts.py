"""The words of a Vriddiot game: decisions, actions, events and the values they carry.

Actions are what players (and the clock, a manager, and the chance step) do; events are what an
action caused, for narration and for records. All are frozen.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from bot.endings import Abandon as Abandon
from bot.endings import Resign as Resign
from bot.endings import Termination as Termination
from bot.endings import TimeOut as TimeOut
from games.vriddiot.rules.cards import RANKS, Card, Suit

MOVE_CAP = 2000
"""Plays (play, blind, chance, pick-up) after which an unfinished game ends as ``capped``."""
HAND_MIN = 3
"""A player draws back up to this many hand cards while the stock lasts."""


class Ctx(enum.Enum):
    """The kind of decision the game waits for; the values are the records' ``ctx`` words."""

    ARRANGE = "arrange"
    TURN = "turn"
    EXTRA = "extra"
    """An additional turn on the empty pile after a burn or a destruction."""
    MUST_ADD = "must_add"
    """The additional play owed after an 8."""
    WAR_Q = "war?"
    """Declare war or not, after a chance or blind card that matched the layer beneath."""
    JOIN = "join"
    WAR_TURN = "war_turn"
    TOSS = "toss"
    JOKER = "joker"
    """Declare a joker revealed by chance or blind."""
    RETURN = "return"
    """A chance step: the burnt pile is shuffled under the stock after a 666 (:func:`settle`)."""
    OVER = "over"


PLAY_CTXS = frozenset((Ctx.TURN, Ctx.EXTRA, Ctx.MUST_ADD, Ctx.WAR_TURN))
"""Decisions answered by a play, blind card, chance or pick-up."""


class Ident(NamedTuple):
    """A joker's declared identity: a face, and whether its suit was chosen (``X=7H``) or the
    joker is declared by rank only (``X=7``: its suit is then spades, hearts for a 4)."""

    face: Card
    suited: bool

    @property
    def text(self) -> str:
        return self.face.text if self.suited else RANKS[self.face.rank - 2]


class Layer(NamedTuple):
    """One play on the pile: who laid which cards (the last is the top card)."""

    seat: int
    cards: tuple[Card, ...]
    joker: Ident | None = None
    """The identity of a joker laid alone."""
    ghost: int = 0
    """6 or 13 for the empty layer a vanished 666 or KKK leaves; 0 for a real play."""
    ghost_suit: Suit | None = None
    """The suit of a vanished combination's top card."""

    @property
    def rank(self) -> int:
        if self.ghost:
            return self.ghost
        if self.joker is not None:
            return self.joker.face.rank
        return self.cards[0].rank

    @property
    def top_suit(self) -> Suit | None:
        if self.ghost:
            return self.ghost_suit
        if self.joker is not None:
            return self.joker.face.suit
        return self.cards[-1].suit


class Req(NamedTuple):
    """The requirement outside war: a floor (0: none) or a change (suit and value)."""

    change: bool = False
    floor: int = 0
    suit: Suit | None = None
    value: int = 0


class War(NamedTuple):
    warriors: tuple[int, ...]
    """The seats still in the war, in seat order."""
    declarer: int
    direction: int
    """The war direction: +1 clockwise, -1 counter-clockwise."""
    jacks: int = 0
    level: int = 0
    """The last war value L (war-up)."""
    down: bool = False
    """True once an 8 changed the war (war-down)."""
    suit: Suit | None = None
    bound: int = 0
    """War-down: plays must be of :attr:`suit` and lower than this."""

    @property
    def final_direction(self) -> int:
        return -self.direction if self.jacks % 2 else self.direction


class Pending(NamedTuple):
    """The decision the game waits for."""

    ctx: Ctx
    seat: int = -1
    """Who decides (the declarer/last war card for a join round, the discarder for tosses, the
    666 player for a return)."""
    order: tuple[int, ...] = ()
    """Join and toss offers: the seats asked, in the order their answers are laid."""
    answers: tuple[tuple[int, Action], ...] = ()
    """Join and toss answers given so far (private until all have answered)."""
    rank: int = 0
    """The rank of a join round or toss round."""
    lapse: str = ""
    """A must-add: what the 8 counts as if it lapses (``floor``, ``change`` or ``war``)."""
    origin: Ctx | None = None
    """A joker declaration or war question: the decision the play answered."""


# --- Actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Arrange:
    """Which three of the six cards (hand and face-up) lie face up: faces, canonical order."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Play:
    """Cards of one rank from the hand or the face-up cards (faces, the last on top); a joker
    alone with its identity; ``war`` declares war on the layer beneath."""

    seat: int
    source: str
    """``hand`` or ``up``."""
    cards: tuple[Card, ...]
    joker: Ident | None = None
    war: bool = False


@dataclass(frozen=True, slots=True)
class Blind:
    """Turn the face-down card at ``position`` (0–2) and play it if it may be played."""

    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class Chance:
    """Turn the top stock card and play it if it may be played."""

    seat: int


@dataclass(frozen=True, slots=True)
class PickUp:
    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """No join, no toss; or, with nothing to play and no pile, no play."""

    seat: int


@dataclass(frozen=True, slots=True)
class Declare:
    """The identity of a joker turned by chance or blind (``as 7H``, ``as T``)."""

    seat: int
    ident: Ident


@dataclass(frozen=True, slots=True)
class DeclareWar:
    seat: int


@dataclass(frozen=True, slots=True)
class NoWar:
    seat: int


@dataclass(frozen=True, slots=True)
class Join:
    """Cards of the war's rank (or a joker declared as it) laid into a war."""

    seat: int
    source: str
    cards: tuple[Card, ...]
    joker: Ident | None = None


@dataclass(frozen=True, slots=True)
class Toss:
    """Cards of a burnt four alike's rank thrown into the burnt pile."""

    seat: int
    source: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Return:
    """The chance step after a 666: the burnt cards (faces) in their new order, top first, put
    under the stock."""

    cards: tuple[Card, ...]


SeatAction = (
    Arrange | Play | Blind | Chance | PickUp | Pass | Declare | DeclareWar | NoWar | Join | Toss
)
"""What a player chooses: the actions :func:`~games.vriddiot.rules.game.legal_actions` lists."""
Action = SeatAction | Resign | TimeOut | Abandon | Return
PLAY_ACTIONS = (Play, Blind, Chance, PickUp)
"""The actions that count towards the move cap."""


# --- The end -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as data."""

    termination: Termination
    """Why the game ended: finished (also when capped), resigned or timeout (a forfeit left one
    player), abandoned."""
    finish: tuple[int, ...]
    """Seats in finishing order: those who went out, the idiot (or, capped, the players left by
    fewest cards), then forfeits (the earliest last). Partial for an abandoned game."""
    idiot: int | None
    """The last player still holding cards; None for an abandoned game."""
    seat: int | None = None
    """Who resigned or timed out, when that ended the game."""
    capped: bool = False
    """True when the move cap ended the game."""

    @property
    def result(self) -> str:
        """The record's ``result``: ``finished``, ``capped`` or ``abandoned``."""
        if self.capped:
            return "capped"
        if self.termination is Termination.ABANDONED:
            return "abandoned"
        return "finished"


# --- Events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Arranged:
    """Everyone has arranged: the face-up cards of every seat, revealed together."""

    up: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class Started:
    seat: int


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    layer: Layer


@dataclass(frozen=True, slots=True)
class Revealed:
    """A chance card (``source`` ``stock``) or a blind card (``down``, at ``position``)."""

    seat: int
    source: str
    card: Card
    position: int = -1


@dataclass(frozen=True, slots=True)
class Drew:
    """A seat drew from the stock. ``cards`` is private to that seat: the events :func:`apply`
    returns leave it empty (use ``count``)."""

    seat: int
    count: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class PickedUp:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Burnt:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Destroyed:
    """Der Fourer took the pile (and itself) to the graveyard."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Vanished:
    """A 666 or KKK went to the graveyard, leaving a ghost."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Purged:
    """The black cards a KKK took from the stock."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Returned:
    """The burnt pile went under the stock. ``cards`` (the order) is secret: the events
    :func:`apply` returns leave it empty (use ``count``)."""

    count: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class DirectionChanged:
    direction: int


@dataclass(frozen=True, slots=True)
class WarDeclared:
    declarer: int
    warriors: tuple[int, ...]
    rank: int


@dataclass(frozen=True, slots=True)
class Joined:
    seat: int
    layer: Layer


@dataclass(frozen=True, slots=True)
class CivilWar:
    warriors: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WarEnded:
    how: str
    """``pick_up``, ``discard`` or ``warriors`` (fewer than two left)."""
    direction: int


@dataclass(frozen=True, slots=True)
class Tossed:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class WentOut:
    seat: int
    place: int


@dataclass(frozen=True, slots=True)
class Forfeited:
    seat: int
    place: int
    how: str
    """``resign`` or ``timeout``."""


@dataclass(frozen=True, slots=True)
class GameEnded:
    outcome: Outcome


Event = (
    Arranged
    | Started
    | Played
    | Revealed
    | Drew
    | PickedUp
    | Burnt
    | Destroyed
    | Vanished
    | Purged
    | Returned
    | DirectionChanged
    | WarDeclared
    | Joined
    | CivilWar
    | WarEnded
    | Tossed
    | WentOut
    | Forfeited
    | GameEnded
)
