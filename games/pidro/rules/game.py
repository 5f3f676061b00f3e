"""A Pidro game and its flow: bidding, trumps, discard and refill, kills, tricks, scoring.

The state is immutable. :func:`apply` checks an action (raising an
:class:`~games.pidro.rules.errors.IllegalAction` with a sentence for the player) and returns the new
state with the events it caused; the steps nobody chooses (the dealer's forced 6, the discard
and refill, a kill with only one possible set, going cold, the end of a hand) happen inside
the action that leads to them. The deal is the one chance step: :func:`deal_next`.

Cards in a hand are kept as card masks (:mod:`games.pidro.rules.cards`), so checking and applying a
play is a few integer operations: the computer players' searches apply millions of them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import combinations

from games.pidro.rules.cards import (
    DECK,
    POINT_CARDS,
    POINTS,
    STRENGTH,
    SUITS,
    TRUMPS,
    TWOS,
    Card,
    Suit,
    cards_in,
    indices,
    mask_of,
)
from games.pidro.rules.errors import (
    GameOver,
    IllegalBid,
    IllegalKill,
    IllegalPlay,
    NotYourTurn,
    WrongPhase,
)
from games.pidro.rules.parts import (
    KEEP,
    MAX_BID,
    MIN_BID,
    SEATS,
    Abandon,
    Action,
    Bid,
    BidMade,
    CardPlayed,
    CardsDiscarded,
    Contract,
    ContractWon,
    Deal,
    Event,
    GameEnded,
    HandAction,
    HandDealt,
    HandScored,
    HandSummary,
    KeptBy,
    Kill,
    Killed,
    NameTrump,
    Outcome,
    Phase,
    Play,
    Resign,
    StockDealt,
    Termination,
    TimeOut,
    Trick,
    TrickTaken,
    TrumpNamed,
    WentCold,
    highest_bid,
    team_of,
)

Masks = tuple[int, int, int, int]
NO_MASKS: Masks = (0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand: its deal and every step since. Cards are card masks (``held[seat]``)."""

    number: int
    """1, 2, … within the game."""
    dealer: int
    deal: Deal
    held: Masks
    """The cards in each player's hand now (dead cover cards included)."""
    bids: tuple[Bid, ...] = ()
    """The bids and passes chosen, in order (the dealer's forced 6 is not a choice)."""
    contract: Contract | None = None
    trump: Suit | None = None
    discards: Masks = NO_MASKS
    """Each player's non-trumps, laid face up after trumps were named."""
    received: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    """The cards each player got from the stock, in order; the dealer's are all it took."""
    buried: int = 0
    """The dealer's face-down discard: dead cards from the stock, never shown."""
    kills: Masks = NO_MASKS
    """Trumps each player killed."""
    killing: tuple[int, ...] = ()
    """Seats that still have to choose their kill."""
    tricks: tuple[Trick, ...] = ()
    """Completed tricks."""
    plays: tuple[tuple[int, Card], ...] = ()
    """The trick in progress: (seat, card) from its leader on."""
    leader: int = -1
    """The seat that leads (or led) the trick in progress."""
    turn: int = -1
    """The seat to play now; -1 outside the play."""
    cold: tuple[int, ...] = ()
    """Seats that have gone cold, in order: their cards lie face up."""
    cold_now: tuple[int, ...] = ()
    """Seats that went cold during the trick in progress (the record lists them per trick)."""
    taken: tuple[int, int] = (0, 0)
    """Points each team has taken this hand."""
    kept_by: KeptBy | None = None
    scores: tuple[int, int] | None = None
    """What each team scored, once the hand is over."""

    @property
    def phase(self) -> Phase:
        if self.contract is None:
            return Phase.BID
        if self.trump is None:
            return Phase.TRUMP
        if self.killing:
            return Phase.KILL
        if self.scores is None:
            return Phase.PLAY
        return Phase.DEAL

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.contract is None:
            return ((self.dealer + 1 + len(self.bids)) % SEATS,)
        if self.trump is None:
            return (self.contract.seat,)
        if self.killing:
            return self.killing
        if self.scores is None:
            return (self.turn,)
        return ()

    @property
    def trumps(self) -> int:
        """The mask of the trumps (0 before they are named)."""
        return 0 if self.trump is None else TRUMPS[self.trump.number]

    @property
    def high_bid(self) -> int:
        """The points of the highest bid so far (0 before any)."""
        best = highest_bid(self.bids)
        return 0 if best is None or best.points is None else best.points

    def summary(self, totals: tuple[int, int]) -> HandSummary:
        """The finished hand (``totals``: the running totals after it)."""
        assert self.contract is not None and self.trump is not None and self.scores is not None
        return HandSummary(
            self.number, self.dealer, self.contract, self.trump, self.taken, self.scores, totals
        )


@dataclass(frozen=True, slots=True)
class GameState:
    """A whole game: every hand so far (the last is the current one) and the totals."""

    target: int
    """Points to reach: 62 in the standard game."""
    first_dealer: int
    hands: tuple[Hand, ...] = ()
    totals: tuple[int, int] = (0, 0)
    """Each team's total after the finished hands."""
    outcome: Outcome | None = None
    moves: int = 0
    """Actions applied so far (deals included): the state's version."""

    @property
    def hand(self) -> Hand:
        """The current (last) hand."""
        return self.hands[-1]

    @property
    def phase(self) -> Phase:
        if self.outcome is not None:
            return Phase.OVER
        if not self.hands:
            return Phase.DEAL
        return self.hands[-1].phase

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits for (several while kills are chosen; none between hands)."""
        if self.outcome is not None or not self.hands:
            return ()
        return self.hands[-1].to_act

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand: the deal passes to the left."""
        if not self.hands:
            return self.first_dealer
        return (self.hands[-1].dealer + 1) % SEATS

    @property
    def finished(self) -> tuple[HandSummary, ...]:
        """Every finished hand with its running totals."""
        out: list[HandSummary] = []
        totals = (0, 0)
        for h in self.hands:
            if h.scores is not None:
                totals = (totals[0] + h.scores[0], totals[1] + h.scores[1])
                out.append(h.summary(totals))
        return tuple(out)


def new_game(rng: random.Random, target: int = 62) -> GameState:
    """Draw the first dealer and deal the first hand."""
    dealer = rng.randrange(SEATS)
    return start_game(dealer, Deal.shuffled(rng, dealer), target)


def start_game(first_dealer: int, deal: Deal, target: int = 62) -> GameState:
    """A game with a known first dealer and first deal (for replays and tests)."""
    if target <= 0:
        raise ValueError("the target must be positive")
    if first_dealer not in range(SEATS):
        raise ValueError("the first dealer is a seat 0..3")
    state, _ = apply(GameState(target=target, first_dealer=first_dealer), deal)
    return state


def deal_next(state: GameState, rng: random.Random) -> tuple[GameState, list[Event]]:
    """Shuffle and deal the next hand (the phase must be :attr:`Phase.DEAL`)."""
    return apply(state, Deal.shuffled(rng, state.next_dealer))


# --- What a seat may do ------------------------------------------------------------------------

BIDS: tuple[tuple[Bid, ...], ...] = tuple(
    tuple(Bid(seat, p) for p in range(MAX_BID + 1)) for seat in range(SEATS)
)
PASSES: tuple[Bid, ...] = tuple(Bid(seat, None) for seat in range(SEATS))
NAMINGS: tuple[tuple[NameTrump, ...], ...] = tuple(
    tuple(NameTrump(seat, suit) for suit in SUITS) for seat in range(SEATS)
)
PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(seat, c) for c in DECK) for seat in range(SEATS)
)
"""Actions are immutable, so each is made once: ``PLAYS[seat][card.index]``."""
_BID_OPTIONS: dict[tuple[int, int], tuple[Bid, ...]] = {}
_KILL_OPTIONS: dict[tuple[int, int, int], tuple[Kill, ...]] = {}


def bid_options(seat: int, high: int) -> tuple[Bid, ...]:
    """The bids open to ``seat`` over ``high``: higher ones, 14 over 14, and the pass."""
    key = (seat, high)
    found = _BID_OPTIONS.get(key)
    if found is None:
        points = [p for p in range(MIN_BID, MAX_BID + 1) if p > high or p == MAX_BID]
        found = _BID_OPTIONS[key] = (*(BIDS[seat][p] for p in points), PASSES[seat])
    return found


def kill_options(seat: int, trumps: int, trump: Suit) -> tuple[Kill, ...]:
    """Every set ``seat`` may kill holding the trumps ``trumps``: as many non-point trumps as
    it holds trumps over six (empty when it holds six or fewer)."""
    key = (seat, trumps, trump.number)
    found = _KILL_OPTIONS.get(key)
    if found is None:
        over = trumps.bit_count() - KEEP
        spare = list(indices(trumps & ~POINT_CARDS[trump.number]))
        found = (
            tuple(
                Kill(seat, tuple(DECK[i] for i in chosen)) for chosen in combinations(spare, over)
            )
            if over > 0
            else ()
        )
        _KILL_OPTIONS[key] = found
    return found


def options(hand: Hand, seat: int) -> tuple[HandAction, ...]:
    """What ``seat`` may do now in ``hand`` (a shared tuple; empty when it need not act)."""
    if seat not in hand.to_act:
        return ()
    phase = hand.phase
    if phase is Phase.PLAY:
        plays = PLAYS[seat]
        return tuple(plays[i] for i in indices(hand.held[seat] & hand.trumps))
    if phase is Phase.BID:
        return bid_options(seat, hand.high_bid)
    if phase is Phase.TRUMP:
        return NAMINGS[seat]
    assert hand.trump is not None
    return kill_options(seat, hand.held[seat] & hand.trumps, hand.trump)


def legal_actions(state: GameState, seat: int) -> tuple[HandAction, ...]:
    """What ``seat`` may do now (resigning aside); empty when the game does not wait for it.

    Bids come 6..14 then the pass; trumps S H D C; kills and plays by card index.
    """
    if state.outcome is not None or not state.hands:
        return ()
    return options(state.hands[-1], seat)


# --- Checking ---------------------------------------------------------------------------------


def check(state: GameState, action: Action) -> None:
    """Raise the :class:`IllegalAction` that ``apply(state, action)`` would, if any."""
    if state.outcome is not None:
        raise GameOver("this game is over")
    if isinstance(action, Resign | Abandon):
        return
    if isinstance(action, TimeOut):
        if action.seat not in state.to_act:
            raise NotYourTurn("only a player the game waits for can run out of time")
        return
    if isinstance(action, Deal):
        if state.phase is not Phase.DEAL:
            raise WrongPhase("the next deal is not due yet")
        return
    if state.phase is Phase.DEAL:
        raise WrongPhase("the hand is over; the next one has not been dealt yet")
    hand = state.hands[-1]
    if action in options(hand, action.seat):
        return
    _refuse(hand, action)
    raise AssertionError(f"{action!r} was refused without a reason")


def _refuse(hand: Hand, action: HandAction) -> None:
    """Raise the sentence saying why ``action`` is refused."""
    phase = hand.phase
    if isinstance(action, Bid):
        if phase is not Phase.BID:
            raise WrongPhase("the bidding is over")
        if action.seat not in hand.to_act:
            raise NotYourTurn("it is not your turn")
        high = hand.high_bid
        if action.points is None or not MIN_BID <= action.points <= MAX_BID:
            raise IllegalBid("a bid is a number of points from 6 to 14")
        raise IllegalBid("bid more than {bid}, or pass", bid=high)
    if isinstance(action, NameTrump):
        if phase is not Phase.TRUMP:
            raise WrongPhase("trumps are named once, after the bidding")
        raise NotYourTurn("only the highest bidder names trumps")
    if isinstance(action, Kill):
        if phase is not Phase.KILL or action.seat not in hand.to_act:
            raise NotYourTurn("you have no trumps to kill now")
        assert hand.trump is not None
        trumps = hand.held[action.seat] & hand.trumps
        for c in action.cards:
            if not trumps >> c.index & 1:
                raise IllegalKill("{card} is not one of your trumps", card=c.display)
            if POINTS[hand.trump.number][c.index]:
                raise IllegalKill("{card} is worth points and may not be killed", card=c.display)
        raise IllegalKill("kill exactly {count} trumps", count=trumps.bit_count() - KEEP)
    if phase is not Phase.PLAY:
        raise WrongPhase("cards are played once the bidding, trumps and kills are done")
    if action.seat != hand.turn:
        raise NotYourTurn("it is not your turn")
    if not hand.held[action.seat] >> action.card.index & 1:
        raise IllegalPlay("{card} is not in your hand", card=action.card.display)
    raise IllegalPlay("{card} is not a trump: only trumps are played", card=action.card.display)


def is_legal(state: GameState, action: Action) -> bool:
    try:
        check(state, action)
    except ValueError:
        return False
    return True


# --- Applying ---------------------------------------------------------------------------------


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Check and apply an action; return the new state and what happened."""
    events: list[Event] = []
    if type(action) is Play and state.outcome is None and state.hands:
        # The usual step, checked in one look: the seat to play holds this trump.
        hand = state.hands[-1]
        seat, index = action.seat, action.card.index
        if hand.turn == seat and (hand.held[seat] & hand.trumps) >> index & 1:
            return _next(state, _play(hand, seat, index, events), events)
    check(state, action)
    if isinstance(action, Resign | TimeOut):
        termination = Termination.RESIGNED if isinstance(action, Resign) else Termination.TIMEOUT
        return _end(state, Outcome(termination, 1 - team_of(action.seat), action.seat), events)
    if isinstance(action, Abandon):
        return _end(state, Outcome(Termination.ABANDONED, None), events)
    if isinstance(action, Deal):
        dealer = state.next_dealer
        number = len(state.hands) + 1
        hand = dealt(number, dealer, action)
        events.append(HandDealt(number, dealer))
        return replace(state, hands=(*state.hands, hand), moves=state.moves + 1), events
    return _next(state, step(state.hands[-1], action, events), events)


def dealt(number: int, dealer: int, deal: Deal) -> Hand:
    """A hand as dealt, before the first bid."""
    held = tuple(mask_of(h) for h in deal.hands)
    return Hand(number, dealer, deal, (held[0], held[1], held[2], held[3]))


def step(hand: Hand, action: HandAction, events: list[Event]) -> Hand:
    """The hand after a player's action, which must be one of :func:`options` (unchecked:
    for replays and searches that take their actions from :func:`options`)."""
    if isinstance(action, Bid):
        return _bid(hand, action, events)
    if isinstance(action, NameTrump):
        return _name_trump(hand, action, events)
    if isinstance(action, Kill):
        return _killed(_kill(hand, action.seat, mask_of(action.cards), events), events)
    return _play(hand, action.seat, action.card.index, events)


def _next(state: GameState, hand: Hand, events: list[Event]) -> tuple[GameState, list[Event]]:
    """The state with its current hand replaced by ``hand``, scored if it has ended."""
    hands = (*state.hands[:-1], hand)
    if hand.scores is None:
        return GameState(
            state.target, state.first_dealer, hands, state.totals, None, state.moves + 1
        ), events
    s = hand.scores
    totals = (state.totals[0] + s[0], state.totals[1] + s[1])
    events.append(HandScored(hand.summary(totals), hand.kept_by))
    outcome = game_winner(totals, state.target, hand)
    if outcome is not None:
        events.append(GameEnded(outcome))
    return GameState(
        state.target, state.first_dealer, hands, totals, outcome, state.moves + 1
    ), events


def game_winner(totals: tuple[int, int], target: int, hand: Hand) -> Outcome | None:
    """After a hand: the team alone at ``target`` or more wins; when both are, the team
    that bid this hand does; otherwise the game goes on."""
    over = [t >= target for t in totals]
    if over[0] and over[1]:
        assert hand.contract is not None
        return Outcome(Termination.FINISHED, hand.contract.team)
    if over[0] or over[1]:
        return Outcome(Termination.FINISHED, 0 if over[0] else 1)
    return None


def _end(state: GameState, outcome: Outcome, events: list[Event]) -> tuple[GameState, list[Event]]:
    events.append(GameEnded(outcome))
    return replace(state, outcome=outcome, moves=state.moves + 1), events


def _bid(hand: Hand, bid: Bid, events: list[Event]) -> Hand:
    events.append(BidMade(bid.seat, bid.points))
    bids = (*hand.bids, bid)
    if len(bids) == SEATS - 1 and all(b.points is None for b in bids):
        contract = Contract(hand.dealer, MIN_BID, forced=True)
        events.append(BidMade(hand.dealer, MIN_BID, forced=True))
    elif len(bids) == SEATS:
        best = highest_bid(bids)
        assert best is not None and best.points is not None
        contract = Contract(best.seat, best.points)
    else:
        return replace(hand, bids=bids)
    events.append(ContractWon(contract))
    return replace(hand, bids=bids, contract=contract)


def _name_trump(hand: Hand, action: NameTrump, events: list[Event]) -> Hand:
    """Name trumps, then everything nobody chooses: discard, refill, the dealer robbing the
    pack, and the kills that leave no choice."""
    events.append(TrumpNamed(action.seat, action.suit))
    trumps = TRUMPS[action.suit.number]
    dealer = hand.dealer
    held = [m & trumps for m in hand.held]
    discards = tuple(m & ~trumps for m in hand.held)
    events.append(CardsDiscarded(tuple(cards_in(m) for m in discards)))
    stock = hand.deal.stock
    at = 0
    received: list[tuple[Card, ...]] = [(), (), (), ()]
    for step in (1, 2, 3):
        seat = (dealer + step) % SEATS
        need = max(0, KEEP - held[seat].bit_count())
        got = stock[at : at + need]
        at += len(got)
        received[seat] = got
        held[seat] |= mask_of(got)
    rest = stock[at:]
    received[dealer] = rest
    held[dealer] |= mask_of(c for c in rest if trumps >> c.index & 1)
    buried = 0
    for c in rest:
        if not trumps >> c.index & 1:
            if held[dealer].bit_count() < KEEP:
                held[dealer] |= 1 << c.index  # cover, picked in stock order
            else:
                buried |= 1 << c.index
    events.append(
        StockDealt((len(received[0]), len(received[1]), len(received[2]), len(received[3])))
    )
    hand = replace(
        hand,
        trump=action.suit,
        held=(held[0], held[1], held[2], held[3]),
        discards=(discards[0], discards[1], discards[2], discards[3]),
        received=tuple(received),
        buried=buried,
    )
    killing = tuple(
        (dealer + step) % SEATS
        for step in (1, 2, 3, 4)
        if (held[(dealer + step) % SEATS] & trumps).bit_count() > KEEP
    )
    hand = replace(hand, killing=killing)
    for seat in killing:
        only = kill_options(seat, held[seat] & trumps, action.suit)
        if len(only) == 1:
            hand = _kill(hand, seat, mask_of(only[0].cards), events)
    return _killed(hand, events)


def _kill(hand: Hand, seat: int, cards: int, events: list[Event]) -> Hand:
    events.append(Killed(seat, cards_in(cards)))
    held = list(hand.held)
    held[seat] &= ~cards
    kills = list(hand.kills)
    kills[seat] |= cards
    hand = replace(
        hand,
        held=(held[0], held[1], held[2], held[3]),
        kills=(kills[0], kills[1], kills[2], kills[3]),
        killing=tuple(s for s in hand.killing if s != seat),
    )
    return hand


def _killed(hand: Hand, events: list[Event]) -> Hand:
    """Once every kill is made, the highest bidder leads the first trick."""
    if hand.killing:
        return hand
    assert hand.contract is not None
    return _lead(hand, hand.contract.seat, events)


def _lead(hand: Hand, seat: int, events: list[Event]) -> Hand:
    """Start a trick led by ``seat`` — or end the hand when nobody holds a trump, or only
    one team does. A leader without trumps goes cold and the lead passes to the left."""
    trumps = hand.trumps
    held = hand.held
    holders = [s for s in range(SEATS) if held[s] & trumps]
    if not holders or all(team_of(s) == team_of(holders[0]) for s in holders):
        return _score(hand, holders)
    cold, cold_now = hand.cold, hand.cold_now
    while not held[seat] & trumps:
        if seat not in cold:
            cold, cold_now = (*cold, seat), (*cold_now, seat)
            events.append(WentCold(seat, cards_in(held[seat])))
        seat = (seat + 1) % SEATS
    return replace(hand, plays=(), leader=seat, turn=seat, cold=cold, cold_now=cold_now)


def _play(hand: Hand, seat: int, index: int, events: list[Event]) -> Hand:
    card = DECK[index]
    events.append(CardPlayed(seat, card))
    held = list(hand.held)
    held[seat] &= ~(1 << index)
    plays = (*hand.plays, (seat, card))
    trumps = hand.trumps
    cold, cold_now = hand.cold, hand.cold_now
    nxt = (seat + 1) % SEATS
    while nxt != hand.leader:
        if nxt not in cold:
            if held[nxt] & trumps:
                break
            cold, cold_now = (*cold, nxt), (*cold_now, nxt)
            events.append(WentCold(nxt, cards_in(held[nxt])))
        nxt = (nxt + 1) % SEATS
    masks: Masks = (held[0], held[1], held[2], held[3])
    if nxt != hand.leader:
        return replace(hand, held=masks, plays=plays, turn=nxt, cold=cold, cold_now=cold_now)
    trick = _trick(hand, plays, cold_now)
    events.append(TrickTaken(trick))
    taken = (hand.taken[0] + trick.points[0], hand.taken[1] + trick.points[1])
    hand = replace(
        hand,
        held=masks,
        tricks=(*hand.tricks, trick),
        plays=(),
        turn=-1,
        cold=cold,
        cold_now=(),
        taken=taken,
    )
    return _lead(hand, trick.winner, events)


def _trick(hand: Hand, plays: tuple[tuple[int, Card], ...], cold: tuple[int, ...]) -> Trick:
    assert hand.trump is not None
    suit = hand.trump.number
    strength, points, two = STRENGTH[suit], POINTS[suit], TWOS[suit]
    winner = max(plays, key=lambda p: strength[p[1].index])[0]
    won = [0, 0]
    for seat, card in plays:
        won[team_of(seat) if card.index == two else team_of(winner)] += points[card.index]
    return Trick(hand.leader, plays, winner, (won[0], won[1]), cold)


def _score(hand: Hand, holders: list[int]) -> Hand:
    """End the hand: a team still holding trumps scores them; the bidders make their bid or
    go in the hole."""
    assert hand.contract is not None and hand.trump is not None
    taken = list(hand.taken)
    kept: KeptBy | None = None
    if holders:
        team = team_of(holders[0])
        cards = 0
        for s in holders:
            cards |= hand.held[s] & hand.trumps
        row = POINTS[hand.trump.number]
        taken[team] += sum(row[i] for i in indices(cards))
        kept = KeptBy(team, cards_in(cards))
    bidders = hand.contract.team
    scores = list(taken)
    if not hand.contract.made_with(taken[bidders]):
        scores[bidders] = -hand.contract.bid
    return replace(
        hand,
        plays=(),
        turn=-1,
        taken=(taken[0], taken[1]),
        kept_by=kept,
        scores=(scores[0], scores[1]),
    )
