"""The words of a Pidro game: its phases, actions, events and the values they carry.

Actions are what players (and the clock, and a manager) do; events are what an action caused,
for the Discord side to narrate. Both are frozen and hold only what their names say.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from dataclasses import dataclass

from bot.endings import Abandon as Abandon
from bot.endings import Outcome as Outcome
from bot.endings import Resign as Resign
from bot.endings import Termination as Termination
from bot.endings import TimeOut as TimeOut
from games.pidro.rules.cards import DECK, Card, Suit
from games.pidro.rules.errors import InvalidDeal

SEATS = 4
TEAMS: tuple[tuple[int, int], tuple[int, int]] = ((0, 2), (1, 3))
"""Team 0 is seats 0 and 2, team 1 seats 1 and 3: partners sit opposite."""
TARGETS: tuple[int, ...] = (62,)
"""The points a game is played to; the first is the standard."""
MIN_BID = 6
MAX_BID = 14
HAND_SIZE = 9
KEEP = 6
"""How many cards a player is filled up to, and how many trumps one may keep."""
STOCK_SIZE = 16


def team_of(seat: int) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The seat opposite ``seat``: its partner."""
    return (seat + 2) % 4


class Phase(enum.Enum):
    """Where a game stands."""

    BID = "bid"
    """One round of bids, from the dealer's left; the dealer bids last."""
    TRUMP = "trump"
    """The highest bidder names the trump suit."""
    KILL = "kill"
    """Players holding more than six trumps choose which to kill (together, in any order)."""
    PLAY = "play"
    """Tricks."""
    DEAL = "deal"
    """The hand is over and the next is due (a chance step:
    :func:`~games.pidro.rules.game.deal_next`)."""
    OVER = "over"


# --- Actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``points`` (6..14), or a pass (``points`` None)."""

    seat: int
    points: int | None


def highest_bid(bids: Iterable[Bid]) -> Bid | None:
    """The highest of ``bids`` (in the order made), None while all passed: only a 14 may
    equal the best bid, and a later 14 takes it."""
    best: Bid | None = None
    for bid in bids:
        if bid.points is not None and (best is None or bid.points >= (best.points or 0)):
            best = bid
    return best


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The highest bidder names the trump suit."""

    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class Kill:
    """A player holding more than six trumps lays these trumps face up, out of play: one
    action for the whole set, so a hand never waits half killed. ``cards`` are in index
    order (:meth:`of` sorts them), so equal sets are equal actions."""

    seat: int
    cards: tuple[Card, ...]

    @classmethod
    def of(cls, seat: int, cards: tuple[Card, ...] | list[Card] | frozenset[Card]) -> Kill:
        return cls(seat, tuple(sorted(cards, key=lambda c: c.index)))


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance step of a hand: nine cards to each seat and sixteen in the stock, in the
    order the stock gives them out."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = [c for hand in self.hands for c in hand] + list(self.stock)
        if len(self.hands) != SEATS or any(len(h) != HAND_SIZE for h in self.hands):
            raise InvalidDeal("a deal gives nine cards to each of four seats")
        if len(self.stock) != STOCK_SIZE or len({c.index for c in cards}) != len(DECK):
            raise InvalidDeal("a deal holds each of the 52 cards once, 16 of them in the stock")

    @classmethod
    def shuffled(cls, rng: random.Random, dealer: int) -> Deal:
        """Shuffle and deal three at a time from the dealer's left; the rest is the stock."""
        deck = list(DECK)
        rng.shuffle(deck)
        hands: list[list[Card]] = [[], [], [], []]
        for packet in range(HAND_SIZE // 3 * SEATS):
            seat = (dealer + 1 + packet) % SEATS
            hands[seat] += deck[packet * 3 : packet * 3 + 3]
        h = tuple(tuple(sorted(hand, key=lambda c: c.index)) for hand in hands)
        return cls((h[0], h[1], h[2], h[3]), tuple(deck[HAND_SIZE * SEATS :]))


Action = Bid | NameTrump | Kill | Play | Resign | TimeOut | Abandon | Deal
HandAction = Bid | NameTrump | Kill | Play
"""What a player chooses in a hand: the actions :func:`~games.pidro.rules.game.legal_actions`
lists."""


# --- Values ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contract:
    seat: int
    """The highest bidder: names trumps and leads the first trick."""
    bid: int
    forced: bool = False
    """True when the first three passed and the dealer plays a forced 6."""

    @property
    def team(self) -> int:
        return team_of(self.seat)

    def made_with(self, points: int) -> bool:
        """Whether the bidding team, taking ``points`` in the hand, reached its bid (else it
        is in the hole)."""
        return points >= self.bid


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    """(seat, card) in the order played; cold seats are skipped."""
    winner: int
    """The seat that played the highest trump."""
    points: tuple[int, int]
    """Points each team took from it (the two goes to the team that played it)."""
    cold: tuple[int, ...] = ()
    """Seats that went cold during this trick (before their turn in it)."""


@dataclass(frozen=True, slots=True)
class KeptBy:
    """The trumps a team still held when the hand ended (all players with trumps on one
    team): they score for it without being played."""

    team: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandSummary:
    """A finished hand, as everyone may see it."""

    number: int
    dealer: int
    contract: Contract
    trump: Suit
    points: tuple[int, int]
    """Points each team took (tricks and kept trumps): 14 in all."""
    scores: tuple[int, int]
    """What each team scored: the bidding team's points, or minus its bid (a hole)."""
    totals: tuple[int, int]
    """Running totals after this hand."""

    @property
    def made(self) -> bool:
        """Whether the bidding team reached its bid."""
        return self.contract.made_with(self.points[self.contract.team])


# --- Events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandDealt:
    number: int
    dealer: int


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: int
    points: int | None
    """None for a pass."""
    forced: bool = False
    """The dealer's forced 6 after three passes (made by the rules, not chosen)."""


@dataclass(frozen=True, slots=True)
class ContractWon:
    contract: Contract


@dataclass(frozen=True, slots=True)
class TrumpNamed:
    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class CardsDiscarded:
    """Every player's non-trumps, laid face up (public)."""

    cards: tuple[tuple[Card, ...], ...]
    """``cards[seat]``."""


@dataclass(frozen=True, slots=True)
class StockDealt:
    """How many cards each player got from the stock (public; which cards is not).
    ``counts[dealer]`` is what the dealer took when robbing the pack."""

    counts: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Killed:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class WentCold:
    """A player with no trump at their turn lays the rest face up and sits out the hand."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TrickTaken:
    trick: Trick


@dataclass(frozen=True, slots=True)
class HandScored:
    summary: HandSummary
    kept_by: KeptBy | None
    """The trumps a team kept unplayed at the end, if any."""


@dataclass(frozen=True, slots=True)
class GameEnded:
    outcome: Outcome


Event = (
    HandDealt
    | BidMade
    | ContractWon
    | TrumpNamed
    | CardsDiscarded
    | StockDealt
    | Killed
    | CardPlayed
    | WentCold
    | TrickTaken
    | HandScored
    | GameEnded
)
