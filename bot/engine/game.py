"""The game state and its flow: trump choice, gifts, tricks, scoring, rounds, the end.

The state is immutable. :func:`apply` checks an action (raising an
:class:`~bot.engine.errors.IllegalAction` with a sentence for the player) and returns the new
state with the events the action caused. :func:`check` verifies without applying;
:func:`legal_actions` lists what a seat may do now.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.engine.cards import Card
from bot.engine.deal import Cut, Deal
from bot.engine.errors import (
    GameOver,
    IllegalBid,
    IllegalGift,
    IllegalPlay,
    NotYourTurn,
    WrongPhase,
)
from bot.engine.trumps import (
    Bid,
    Trumps,
    legal_plays,
    must_message,
    trick_winner,
    trump_options,
)

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


class Termination(enum.Enum):
    """How a game ended; the values are the record's ``result`` words."""

    FINISHED = "finished"
    RESIGNED = "resigned"
    TIMEOUT = "timeout"
    ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as data."""

    termination: Termination
    """Why the game ended."""
    winner: int | None
    """The winning seat, or None (an abandoned game)."""
    seat: int | None = None
    """Who resigned or ran out of time, where that applies."""


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


@dataclass(frozen=True, slots=True)
class Resign:
    """A seat gives up the game; the other seat wins."""

    seat: int


@dataclass(frozen=True, slots=True)
class TimeOut:
    """A seat that had to act let its time run out; the other seat wins."""

    seat: int


@dataclass(frozen=True, slots=True)
class Abandon:
    """The game is stopped without a winner (e.g. by a server manager)."""


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


# --- State ---------------------------------------------------------------------------------


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

    def card_of(self, seat: int) -> Card:
        return self.cards[0] if seat == self.leader else self.cards[1]


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its deal, trump choice, gifts and tricks, and where it stands."""

    number: int
    """1, 2, … within the game."""
    dealer: int
    """The seat that dealt; the other seat leads the first trick."""
    first_chooser: int
    """The seat that names the first trump (suit or rank, its choice)."""
    deal: Deal
    """The cards as dealt."""
    bids: tuple[Bid, ...] = ()
    """Trump choices so far, in order."""
    gifts: tuple[Card | None, Card | None] = (None, None)
    """``gifts[s]``: the card seat ``s`` gave to the other seat (hidden from it until the end)."""
    hands: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    """The cards in each hand now."""
    strawmen: tuple[tuple[Strawman, ...], tuple[Strawman, ...]] = ((), ())
    """Each seat's five piles now."""
    tricks: tuple[Trick, ...] = ()
    """Completed tricks, in order."""
    trick: tuple[Card, ...] = ()
    """The trick in progress: the leader's card first."""
    leader: int = 0
    """The seat that leads (or led) the trick in progress."""
    captured: tuple[int, int] = (0, 0)
    """Points each seat has taken in tricks this round (gifts excluded)."""
    scores: tuple[int, int] | None = None
    """The round's points per seat, gifts included, once all 17 tricks are played."""

    @classmethod
    def start(cls, number: int, dealer: int, first_chooser: int, deal: Deal) -> Round:
        """A round just dealt, before the trump choice."""
        return cls(
            number=number,
            dealer=dealer,
            first_chooser=first_chooser,
            deal=deal,
            hands=(_sorted(deal.hands[0]), _sorted(deal.hands[1])),
            strawmen=(
                tuple(Strawman(up, down) for down, up in deal.strawmen[0]),
                tuple(Strawman(up, down) for down, up in deal.strawmen[1]),
            ),
            leader=1 - dealer,
        )

    @property
    def trumps(self) -> Trumps:
        return Trumps.from_bids(self.bids)

    @property
    def phase(self) -> Phase:
        if len(self.bids) < 2:
            return Phase.TRUMP
        if self.gifts[0] is None or self.gifts[1] is None:
            return Phase.GIFT
        if self.scores is None:
            return Phase.PLAY
        return Phase.DEAL

    @property
    def chooser(self) -> int:
        """The seat that names the next trump."""
        return self.first_chooser if not self.bids else 1 - self.first_chooser

    @property
    def to_play(self) -> int:
        """The seat whose card the trick in progress waits for."""
        return self.leader if not self.trick else 1 - self.leader

    def available(self, seat: int) -> tuple[Card, ...]:
        """The seat's hand cards and face-up strawman tops."""
        ups = tuple(p.up for p in self.strawmen[seat] if p.up is not None)
        return self.hands[seat] + ups

    def legal_plays(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now (empty when it is not that seat's turn)."""
        if self.phase is not Phase.PLAY or seat != self.to_play:
            return []
        return legal_plays(self.available(seat), self.trick[0] if self.trick else None, self.trumps)

    def remaining(self, seat: int) -> int:
        """Cards the seat still holds: hand plus strawmen."""
        piles = sum((p.up is not None) + p.hidden for p in self.strawmen[seat])
        return len(self.hands[seat]) + piles

    @property
    def gifts_known(self) -> tuple[Card, Card]:
        """Both gifts; only valid once both are given."""
        a, b = self.gifts
        assert a is not None and b is not None
        return (a, b)


@dataclass(frozen=True, slots=True)
class GameState:
    """A whole game: every round so far, the totals, and how it ended."""

    target: int
    """Points to reach: 300 (standard) or 500 (long)."""
    cut: Cut
    """The cut that chose the first dealer."""
    rounds: tuple[Round, ...] = ()
    """Every round so far; the last is the current one."""
    totals: tuple[int, int] = (0, 0)
    """Running totals after the completed rounds."""
    outcome: Outcome | None = None
    """How the game ended, once it has."""
    moves: int = 0
    """Actions applied so far: a version number for the state."""

    @property
    def first_dealer(self) -> int:
        return self.cut.dealer

    @property
    def round(self) -> Round:
        """The current (last) round."""
        return self.rounds[-1]

    @property
    def phase(self) -> Phase:
        if self.outcome is not None:
            return Phase.OVER
        if not self.rounds:
            return Phase.DEAL
        return self.round.phase

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits for (both during the gifts, none between rounds)."""
        phase = self.phase
        if phase is Phase.TRUMP:
            return (self.round.chooser,)
        if phase is Phase.GIFT:
            return tuple(s for s in (0, 1) if self.round.gifts[s] is None)
        if phase is Phase.PLAY:
            return (self.round.to_play,)
        return ()

    @property
    def next_dealer(self) -> int:
        """Who deals the next round: the deal alternates."""
        if not self.rounds:
            return self.first_dealer
        return 1 - self.round.dealer

    @property
    def next_first_chooser(self) -> int:
        """Who names the first trump of the next round.

        Round 1: the non-dealer. Later: the lower total; on equal totals, the seat that chose
        second in the previous round.
        """
        if not self.rounds:
            return 1 - self.first_dealer
        a, b = self.totals
        if a != b:
            return 0 if a < b else 1
        return 1 - self.round.first_chooser


def new_game(rng: random.Random, target: int = 300) -> GameState:
    """Cut for the first dealer and deal the first round."""
    return start_game(Cut.random(rng), Deal.shuffled(rng), target)


def start_game(cut: Cut, deal: Deal, target: int = 300) -> GameState:
    """A game with a known cut and first deal (for replays and tests)."""
    if target <= 0:
        raise ValueError("the target must be positive")
    state, _ = apply(GameState(target=target, cut=cut), deal)
    return state


def deal_next(state: GameState, rng: random.Random) -> tuple[GameState, list[Event]]:
    """Shuffle and deal the next round (the phase must be :attr:`Phase.DEAL`)."""
    return apply(state, Deal.shuffled(rng))


# --- Checking and applying actions ---------------------------------------------------------


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def legal_actions(state: GameState, seat: int) -> list[Bid] | list[Gift] | list[Play]:
    """What ``seat`` may do now in the round (resigning aside). Empty when not its turn."""
    phase = state.phase
    if seat not in state.to_act:
        return []
    rnd = state.round
    if phase is Phase.TRUMP:
        return trump_options(rnd.bids, seat)
    if phase is Phase.GIFT:
        return [Gift(seat, c) for c in rnd.hands[seat]]
    return [Play(seat, c) for c in rnd.legal_plays(seat)]


def check(state: GameState, action: Action) -> None:
    """Raise the :class:`IllegalAction` that ``apply(state, action)`` would raise, if any."""
    phase = state.phase
    if phase is Phase.OVER:
        raise GameOver("this game is over")
    if isinstance(action, Resign | TimeOut | Abandon):
        if isinstance(action, TimeOut) and action.seat not in state.to_act:
            raise NotYourTurn("only a player who had to act can run out of time")
        return
    if isinstance(action, Deal):
        if phase is not Phase.DEAL:
            raise WrongPhase("the next deal is not due yet")
        return
    if phase is Phase.DEAL:
        raise WrongPhase("the round is over; the next one has not been dealt yet")
    rnd = state.round
    if isinstance(action, Bid):
        _check_bid(rnd, action)
    elif isinstance(action, Gift):
        _check_gift(rnd, action)
    else:
        _check_play(rnd, action)


def _check_bid(rnd: Round, bid: Bid) -> None:
    if rnd.phase is not Phase.TRUMP:
        raise WrongPhase("trumps are already chosen")
    if bid.seat != rnd.chooser:
        raise NotYourTurn("it is not your turn to choose a trump")
    if rnd.bids and bid.kind is rnd.bids[0].kind:
        named = rnd.bids[0].value.noun
        raise IllegalBid(
            f"the trump {bid.kind.value} is already {named}; name the trump {bid.kind.other.value}"
        )


def _check_gift(rnd: Round, gift: Gift) -> None:
    if rnd.phase is not Phase.GIFT:
        if rnd.phase is Phase.TRUMP:
            raise WrongPhase("gifts come after both trumps are chosen")
        raise WrongPhase("the gifts have been given; it is time to play")
    if rnd.gifts[gift.seat] is not None:
        raise NotYourTurn("you have already given your gift this round")
    if gift.card not in rnd.hands[gift.seat]:
        raise IllegalGift(f"{gift.card.display} is not in your hand (gifts come from the hand)")


def _check_play(rnd: Round, play: Play) -> None:
    if rnd.phase is not Phase.PLAY:
        if rnd.phase is Phase.TRUMP:
            raise WrongPhase("trumps have not been chosen yet")
        raise WrongPhase("the gifts are not all in yet")
    if play.seat != rnd.to_play:
        raise NotYourTurn("it is not your turn")
    available = rnd.available(play.seat)
    if play.card not in available:
        raise IllegalPlay(f"{play.card.display} is not one of your available cards")
    if rnd.trick and play.card not in legal_plays(available, rnd.trick[0], rnd.trumps):
        raise IllegalPlay(must_message(rnd.trick[0], rnd.trumps))


def is_legal(state: GameState, action: Action) -> bool:
    """Whether :func:`apply` would accept the action."""
    try:
        check(state, action)
    except ValueError:
        return False
    return True


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Check and apply an action; return the new state and what happened."""
    check(state, action)
    events: list[Event] = []
    if isinstance(action, Resign):
        outcome = Outcome(Termination.RESIGNED, 1 - action.seat, action.seat)
        return _end(state, outcome, events)
    if isinstance(action, TimeOut):
        outcome = Outcome(Termination.TIMEOUT, 1 - action.seat, action.seat)
        return _end(state, outcome, events)
    if isinstance(action, Abandon):
        return _end(state, Outcome(Termination.ABANDONED, None), events)
    if isinstance(action, Deal):
        number = len(state.rounds) + 1
        dealer = state.next_dealer
        rnd = Round.start(number, dealer, state.next_first_chooser, action)
        events.append(RoundDealt(number, dealer))
        return _with_round(state, rnd, state.totals), events

    rnd = state.round
    if isinstance(action, Bid):
        rnd = replace(rnd, bids=(*rnd.bids, action))
        events.append(TrumpChosen(action))
    elif isinstance(action, Gift):
        rnd = _give(rnd, action)
        events.append(GiftGiven(action.seat))
    else:
        rnd = _play(rnd, action, events)

    if rnd.scores is None:
        return _with_round(state, rnd, state.totals), events
    totals = (state.totals[0] + rnd.scores[0], state.totals[1] + rnd.scores[1])
    events.append(RoundEnded(rnd.number, rnd.scores, totals, rnd.gifts_known))
    state = _with_round(state, rnd, totals)
    if max(totals) >= state.target and totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
        outcome = Outcome(Termination.FINISHED, winner)
        state = replace(state, outcome=outcome)
        events.append(GameEnded(outcome))
    return state, events


def _with_round(state: GameState, rnd: Round, totals: tuple[int, int]) -> GameState:
    if state.rounds and state.round.number == rnd.number:
        rounds = (*state.rounds[:-1], rnd)
    else:
        rounds = (*state.rounds, rnd)
    return replace(state, rounds=rounds, totals=totals, moves=state.moves + 1)


def _end(state: GameState, outcome: Outcome, events: list[Event]) -> tuple[GameState, list[Event]]:
    events.append(GameEnded(outcome))
    return replace(state, outcome=outcome, moves=state.moves + 1), events


def _give(rnd: Round, gift: Gift) -> Round:
    seat = gift.seat
    hand = tuple(c for c in rnd.hands[seat] if c is not gift.card)
    hands = (hand, rnd.hands[1]) if seat == 0 else (rnd.hands[0], hand)
    gifts = (gift.card, rnd.gifts[1]) if seat == 0 else (rnd.gifts[0], gift.card)
    return replace(rnd, hands=hands, gifts=gifts)


def _play(rnd: Round, play: Play, events: list[Event]) -> Round:
    seat, card = play.seat, play.card
    hands = rnd.hands
    strawmen = rnd.strawmen
    pile_index: int | None = None
    if card in hands[seat]:
        hand = tuple(c for c in hands[seat] if c is not card)
        hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
    else:
        piles = list(strawmen[seat])
        pile_index = next(i for i, p in enumerate(piles) if p.up is card)
        # The under-card stays face down (and unplayable) until the trick is complete.
        piles[pile_index] = Strawman(None, piles[pile_index].down)
        row = tuple(piles)
        strawmen = (row, strawmen[1]) if seat == 0 else (strawmen[0], row)
    events.append(CardPlayed(seat, card, pile_index))

    trick = (*rnd.trick, card)
    if len(trick) < 2:
        return replace(rnd, hands=hands, strawmen=strawmen, trick=trick)

    lead, follow = trick
    winner = rnd.leader if trick_winner(lead, follow, rnd.trumps) == 0 else 1 - rnd.leader
    done = Trick(rnd.leader, (lead, follow), winner)
    captured = (
        (rnd.captured[0] + done.points, rnd.captured[1])
        if winner == 0
        else (rnd.captured[0], rnd.captured[1] + done.points)
    )
    events.append(TrickTaken(done, done.points))
    strawmen = _turn_up(strawmen, events)
    tricks = (*rnd.tricks, done)
    scores: tuple[int, int] | None = None
    if len(tricks) == TRICKS_PER_ROUND:
        gifts = rnd.gifts_known
        scores = (captured[0] + gifts[1].points, captured[1] + gifts[0].points)
    return replace(
        rnd,
        hands=hands,
        strawmen=strawmen,
        tricks=tricks,
        trick=(),
        leader=winner,
        captured=captured,
        scores=scores,
    )


def _turn_up(
    strawmen: tuple[tuple[Strawman, ...], tuple[Strawman, ...]], events: list[Event]
) -> tuple[tuple[Strawman, ...], tuple[Strawman, ...]]:
    rows: list[tuple[Strawman, ...]] = []
    for seat, row in enumerate(strawmen):
        piles = list(row)
        for i, pile in enumerate(piles):
            if pile.up is None and pile.down is not None:
                piles[i] = Strawman(pile.down, None)
                events.append(StrawmanTurned(seat, i, pile.down))
        rows.append(tuple(piles))
    return (rows[0], rows[1])
