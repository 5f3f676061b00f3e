"""The game state and its flow: trump choice, gifts, tricks, scoring, rounds, the end.

The state is immutable. :func:`apply` checks an action (raising an
:class:`~games.vidrasso.rules.errors.IllegalAction` with a sentence for the player) and returns the
new
state with the events the action caused. :func:`check` verifies without applying;
:func:`legal_actions` lists what a seat may do now.

A :class:`GameState` keeps each round as a :class:`~games.vidrasso.rules.compact.CompactRound` (card
masks and shared objects, each step a new tuple); its :class:`Round` objects, with the same
attributes as ever, are built from them on first access to :attr:`GameState.rounds`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from games.vidrasso.rules import compact
from games.vidrasso.rules.cards import DECK, Card
from games.vidrasso.rules.compact import NO_CARD, CompactRound
from games.vidrasso.rules.deal import Cut, Deal
from games.vidrasso.rules.errors import (
    GameOver,
    IllegalBid,
    IllegalGift,
    IllegalPlay,
    NotYourTurn,
    WrongPhase,
)
from games.vidrasso.rules.masks import cards_in, mask_of, picker
from games.vidrasso.rules.parts import (
    POINTS_PER_ROUND,
    TARGETS,
    TRICKS_PER_ROUND,
    Abandon,
    Action,
    CardPlayed,
    Event,
    GameEnded,
    Gift,
    GiftGiven,
    Outcome,
    Phase,
    Play,
    Resign,
    RoundAction,
    RoundDealt,
    RoundEnded,
    RoundSummary,
    Strawman,
    StrawmanTurned,
    Termination,
    TimeOut,
    Trick,
    TrickTaken,
    TrumpChosen,
)
from games.vidrasso.rules.trumps import (
    Bid,
    BidKind,
    Trumps,
    legal_plays,
    must_message,
    trump_options,
)

__all__ = [
    "POINTS_PER_ROUND",
    "TARGETS",
    "TRICKS_PER_ROUND",
    "Abandon",
    "Action",
    "CardPlayed",
    "Event",
    "GameEnded",
    "GameState",
    "Gift",
    "GiftGiven",
    "Outcome",
    "Phase",
    "Play",
    "Resign",
    "Round",
    "RoundAction",
    "RoundDealt",
    "RoundEnded",
    "Strawman",
    "StrawmanTurned",
    "Termination",
    "TimeOut",
    "Trick",
    "TrickTaken",
    "TrumpChosen",
    "apply",
    "check",
    "deal_next",
    "is_legal",
    "legal_actions",
    "new_game",
    "start_game",
]


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

    @property
    def trumps(self) -> Trumps:
        return compact.trumps_of(self.bids)

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


class _Fields(NamedTuple):
    """What a :class:`GameState` is made of, in order: the game's figures, its rounds in compact
    form, and what the game waits for, worked out when the state is made."""

    target: int
    """Points to reach: 300 (standard) or 500 (long)."""
    cut: Cut
    """The cut that chose the first dealer."""
    totals: tuple[int, int]
    """Running totals after the completed rounds."""
    outcome: Outcome | None
    """How the game ended, once it has."""
    moves: int
    """Actions applied so far: a version number for the state."""
    cores: tuple[CompactRound, ...]
    """The rounds in compact form: what play reads and writes."""
    finished: tuple[RoundSummary, ...]
    """A summary of every finished round, gifts revealed (public once the round is over)."""
    phase: Phase
    """Where the game stands: the current round's phase, or ``OVER``."""
    to_act: tuple[int, ...]
    """The seats the game waits for (both during the gifts, none between rounds)."""
    is_over: bool
    """Whether the game has ended (:attr:`outcome` is set)."""


class GameState(_Fields):
    """A whole game: every round so far, the totals, and how it ended.

    Immutable: an immutable tuple of its fields (:class:`_Fields`), so that :func:`apply`
    makes the next state in one step. :attr:`rounds`, the rounds as :class:`Round` objects,
    is built on first access and kept. ``GameState(target, cut, rounds, totals, outcome,
    moves)`` reads hand-made rounds into compact ones, so such a state plays on like any other;
    :meth:`replace` makes a changed copy the same way.
    """

    def __new__(
        cls,
        target: int,
        cut: Cut,
        rounds: tuple[Round, ...] = (),
        totals: tuple[int, int] = (0, 0),
        outcome: Outcome | None = None,
        moves: int = 0,
    ) -> GameState:
        cores = tuple(compact_round(r) for r in rounds)
        return cls.stored(target, cut, cores, totals, outcome, moves)

    @classmethod
    def stored(
        cls,
        target: int,
        cut: Cut,
        cores: tuple[CompactRound, ...],
        totals: tuple[int, int],
        outcome: Outcome | None,
        moves: int,
    ) -> GameState:
        """A state from its compact rounds, as storage keeps them (no replay)."""
        return _made(target, cut, totals, outcome, moves, cores, summaries(cores))

    def replace(self, **changes: Any) -> GameState:
        """A copy with some of ``target``, ``cut``, ``rounds``, ``totals``, ``outcome`` and
        ``moves`` changed (as :func:`dataclasses.replace` would): to set up a position."""
        rounds = changes.pop("rounds", None)
        fields = {n: changes.pop(n, getattr(self, n)) for n in _PUBLIC_FIELDS}
        if changes:
            raise TypeError(f"GameState has no field {next(iter(changes))!r} to replace")
        if rounds is None:
            return GameState.stored(cores=self.cores, **fields)
        return GameState(rounds=rounds, **fields)

    @cached_property
    def rounds(self) -> tuple[Round, ...]:
        """Every round so far; the last is the current one."""
        return tuple(public_round(c) for c in self.cores)

    def __eq__(self, other: object) -> bool:
        if type(other) is not GameState:
            return NotImplemented
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        if type(other) is not GameState:
            return NotImplemented
        return tuple.__ne__(self, other)

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        return (
            f"GameState(target={self.target!r}, cut={self.cut!r}, totals={self.totals!r}, "
            f"outcome={self.outcome!r}, moves={self.moves!r}, phase={self.phase!r})"
        )

    def __reduce__(self) -> tuple[object, tuple[tuple[object, ...]]]:
        # Its fields only (not the rounds kept on first access), and not through __new__.
        return (_rebuilt, (tuple(self),))

    @property
    def first_dealer(self) -> int:
        return self.cut.dealer

    @property
    def round(self) -> Round:
        """The current (last) round."""
        return self.rounds[-1]

    @property
    def next_dealer(self) -> int:
        """Who deals the next round: the deal alternates."""
        if not self.cores:
            return self.first_dealer
        return 1 - self.cores[-1].dealer

    @property
    def next_first_chooser(self) -> int:
        """Who names the first trump of the next round.

        Round 1: the non-dealer. Later: the lower total; on equal totals, the seat that chose
        second in the previous round.
        """
        if not self.cores:
            return 1 - self.first_dealer
        a, b = self.totals
        if a != b:
            return 0 if a < b else 1
        return 1 - self.cores[-1].first_chooser


_PUBLIC_FIELDS = ("target", "cut", "totals", "outcome", "moves")
_new = tuple.__new__
_PLAY = Phase.PLAY
_OVER = Phase.OVER
_DEAL = Phase.DEAL


def _rebuilt(fields: tuple[object, ...]) -> GameState:
    state: GameState = _new(GameState, fields)
    return state


def _made(
    target: int,
    cut: Cut,
    totals: tuple[int, int],
    outcome: Outcome | None,
    moves: int,
    cores: tuple[CompactRound, ...],
    finished: tuple[RoundSummary, ...],
) -> GameState:
    """The state of these fields, with what it waits for worked out."""
    if outcome is not None:
        phase, to_act = _OVER, compact.NOBODY
    elif not cores:
        phase, to_act = _DEAL, compact.NOBODY
    else:
        phase, to_act = cores[-1].phase, cores[-1].to_act
    state: GameState = _new(
        GameState,
        (target, cut, totals, outcome, moves, cores, finished, phase, to_act, outcome is not None),
    )
    return state


def summaries(cores: tuple[CompactRound, ...]) -> tuple[RoundSummary, ...]:
    """The summaries of the finished rounds among ``cores``, with running totals."""
    out: tuple[RoundSummary, ...] = ()
    for r in cores:
        if r.scores is not None:
            out = (*out, _summary(out, r, r.scores))
    return out


def _summary(
    before: tuple[RoundSummary, ...], r: CompactRound, scores: tuple[int, int]
) -> RoundSummary:
    a, b = before[-1].totals if before else (0, 0)
    gifts = (DECK[r.gifts[0]], DECK[r.gifts[1]])
    return RoundSummary(
        r.number, r.dealer, r.bids, scores, r.captured, gifts, (a + scores[0], b + scores[1])
    )


def public_round(rnd: CompactRound) -> Round:
    """The :class:`Round` a compact round stands for."""
    g0, g1 = rnd.gifts
    return Round(
        number=rnd.number,
        dealer=rnd.dealer,
        first_chooser=rnd.first_chooser,
        deal=rnd.deal,
        bids=rnd.bids,
        gifts=(None if g0 == NO_CARD else DECK[g0], None if g1 == NO_CARD else DECK[g1]),
        hands=(cards_in(rnd.hands[0]), cards_in(rnd.hands[1])),
        strawmen=rnd.strawmen,
        tricks=rnd.tricks,
        trick=() if rnd.led == NO_CARD else (DECK[rnd.led],),
        leader=rnd.leader,
        captured=rnd.captured,
        scores=rnd.scores,
    )


def compact_round(rnd: Round) -> CompactRound:
    """A :class:`Round` as a compact round: its deal and actions played again (for the legal
    sets of its plays), then its cards as they lie now, which a test may have moved."""
    core = compact.dealt(rnd.number, rnd.dealer, rnd.first_chooser, rnd.deal)
    for choice in rnd.bids:
        core = compact.bid(core, choice)
    for seat, gift in enumerate(rnd.gifts):
        if gift is not None:
            core = compact.give(core, seat, gift)
    scratch: list[Event] = []
    for seat, card in _plays(rnd):
        core = compact.play(core, seat, card.index, scratch)
    pairs = tuple(
        tuple(
            (dealt_down if p.down is None else p.down, dealt_up)
            for p, (dealt_down, dealt_up) in zip(row, rnd.deal.strawmen[s], strict=True)
        )
        for s, row in enumerate(rnd.strawmen)
    )
    layout = compact.layout_of((pairs[0], pairs[1]))
    downs = (_downs(rnd.strawmen[0]), _downs(rnd.strawmen[1]))
    gifts = tuple(NO_CARD if g is None else g.index for g in rnd.gifts)
    turned = compact.turned_rows(layout.pairs, downs)
    core = core._replace(
        gifts=(gifts[0], gifts[1]),
        hands=(mask_of(rnd.hands[0]), mask_of(rnd.hands[1])),
        tops=(_tops(rnd.strawmen[0]), _tops(rnd.strawmen[1])),
        downs=downs,
        layout=layout,
        shown=layout.shown,
        turned=(turned[0], turned[1]),
        tricks=rnd.tricks,
        leader=rnd.leader,
        captured=rnd.captured,
        scores=rnd.scores,
    )
    return compact.settled(core)


def _downs(row: tuple[Strawman, ...]) -> int:
    return mask_of(p.down for p in row if p.down is not None)


def _tops(row: tuple[Strawman, ...]) -> int:
    return mask_of(p.up for p in row if p.up is not None)


def _plays(rnd: Round) -> list[tuple[int, Card]]:
    """Every card played in the round, in order, with the seat that played it."""
    out: list[tuple[int, Card]] = []
    for done in rnd.tricks:
        out += [(done.leader, done.cards[0]), (1 - done.leader, done.cards[1])]
    out += [(rnd.leader if i == 0 else 1 - rnd.leader, c) for i, c in enumerate(rnd.trick)]
    return out


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

PLAYS: tuple[tuple[Play, ...], tuple[Play, ...]] = (
    tuple(Play(0, c) for c in DECK),
    tuple(Play(1, c) for c in DECK),
)
"""``PLAYS[s][i]``: seat ``s`` plays card ``i`` (actions are immutable, so made once)."""
GIFTS: tuple[tuple[Gift, ...], tuple[Gift, ...]] = (
    tuple(Gift(0, c) for c in DECK),
    tuple(Gift(1, c) for c in DECK),
)
"""``GIFTS[s][i]``: seat ``s`` gives card ``i``."""
_OPTIONS: dict[tuple[BidKind | None, int], tuple[Bid, ...]] = {}
_PLAY_PICKS = (picker(PLAYS[0]), picker(PLAYS[1]))
_GIFT_PICKS = (picker(GIFTS[0]), picker(GIFTS[1]))


def legal_actions(state: GameState, seat: int) -> list[Bid] | list[Gift] | list[Play]:
    """What ``seat`` may do now in the round (resigning aside). Empty when not its turn."""
    if seat not in state.to_act:
        return []
    return list(options(state.cores[-1], seat))  # type: ignore[return-value]


def options(rnd: CompactRound, seat: int) -> tuple[Bid, ...] | tuple[Gift, ...] | tuple[Play, ...]:
    """What ``seat`` may do now in the round, which waits for it: shared tuples of the
    engine's actions, in the order :func:`legal_actions` lists them."""
    phase = rnd.phase
    if phase is _PLAY:
        legal = rnd.legal
        found = _PLAY_PICKS[seat](legal & rnd.hands[seat])
        straw = legal & rnd.tops[seat]
        if straw:
            plays = PLAYS[seat]
            if straw & (straw - 1):
                # Strawman cards by pile: a pile shows one card at a time.
                found += tuple(
                    [
                        plays[(straw & m).bit_length() - 1]
                        for m in rnd.layout.piles[seat]
                        if straw & m
                    ]
                )
            else:
                found += (plays[straw.bit_length() - 1],)
        return found
    if phase is Phase.GIFT:
        return _GIFT_PICKS[seat](rnd.hands[seat])
    key = (rnd.bids[0].kind if rnd.bids else None, seat)
    bids = _OPTIONS.get(key)
    if bids is None:
        bids = _OPTIONS[key] = tuple(trump_options(rnd.bids, seat))
    return bids


def check(state: GameState, action: Action) -> None:
    """Raise the :class:`IllegalAction` that ``apply(state, action)`` would raise, if any."""
    if state.outcome is not None:
        raise GameOver("this game is over")
    kind = type(action)
    if kind is Play or kind is Gift or kind is Bid:
        if not state.cores:
            raise WrongPhase("the round is over; the next one has not been dealt yet")
        if not _allowed(state.cores[-1], action):
            _refuse(state.round, action)
        return
    if isinstance(action, Resign | TimeOut | Abandon):
        if isinstance(action, TimeOut) and action.seat not in state.to_act:
            raise NotYourTurn("only a player who had to act can run out of time")
        return
    if state.phase is not Phase.DEAL:
        raise WrongPhase("the next deal is not due yet")


def _allowed(rnd: CompactRound, action: Action) -> bool:
    """Whether the round allows a trump choice, gift or play: one look at what it keeps."""
    if isinstance(action, Play):
        return (
            rnd.phase is Phase.PLAY
            and action.seat == rnd.to_act[0]
            and bool(rnd.legal >> action.card.index & 1)
        )
    if isinstance(action, Gift):
        return (
            rnd.phase is Phase.GIFT
            and rnd.gifts[action.seat] == NO_CARD
            and bool(rnd.hands[action.seat] >> action.card.index & 1)
        )
    if isinstance(action, Bid):
        return (
            rnd.phase is Phase.TRUMP
            and action.seat == rnd.to_act[0]
            and not (rnd.bids and rnd.bids[0].kind is action.kind)
        )
    return False


def _refuse(rnd: Round, action: Action) -> None:
    """Raise the sentence that says why ``action`` is refused."""
    if rnd.phase is Phase.DEAL:
        raise WrongPhase("the round is over; the next one has not been dealt yet")
    if isinstance(action, Bid):
        _check_bid(rnd, action)
    elif isinstance(action, Gift):
        _check_gift(rnd, action)
    elif isinstance(action, Play):
        _check_play(rnd, action)
    raise AssertionError(f"{action!r} was refused without a reason")


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
    if type(action) is Play and state.phase is _PLAY:
        # The usual step, checked in one look at the legal set the round keeps.
        target, cut, totals, _, moves, cores, finished, _, to_act, _ = state
        rnd = cores[-1]
        seat = action.seat
        index = action.card.index
        if rnd.legal >> index & 1 and to_act[0] == seat:
            events: list[Event] = []
            rnd = compact.play(rnd, seat, index, events)
            if rnd.scores is not None:
                return _ended(state, rnd, events)
            made: GameState = _new(
                GameState,
                (
                    target,
                    cut,
                    totals,
                    None,
                    moves + 1,
                    (*cores[:-1], rnd),
                    finished,
                    _PLAY,
                    rnd.to_act,
                    False,
                ),
            )
            return made, events
    check(state, action)
    events = []
    if isinstance(action, Play | Bid | Gift):
        rnd = step(state.cores[-1], action, events)
    elif isinstance(action, Resign):
        outcome = Outcome(Termination.RESIGNED, 1 - action.seat, action.seat)
        return _end(state, outcome, events)
    elif isinstance(action, TimeOut):
        outcome = Outcome(Termination.TIMEOUT, 1 - action.seat, action.seat)
        return _end(state, outcome, events)
    elif isinstance(action, Abandon):
        return _end(state, Outcome(Termination.ABANDONED, None), events)
    else:
        number = len(state.cores) + 1
        dealer = state.next_dealer
        rnd = compact.dealt(number, dealer, state.next_first_chooser, action)
        events.append(RoundDealt(number, dealer))
        return _state(state, (*state.cores, rnd), state.totals, None), events

    if rnd.scores is None:
        return _state(state, (*state.cores[:-1], rnd), state.totals, None), events
    return _ended(state, rnd, events)


def _state(
    template: GameState,
    cores: tuple[CompactRound, ...],
    totals: tuple[int, int],
    outcome: Outcome | None,
    finished: tuple[RoundSummary, ...] | None = None,
    moves: int = -1,
) -> GameState:
    """The state after one more action (``moves`` actions in all, if given), from its compact
    rounds."""
    return _made(
        template.target,
        template.cut,
        totals,
        outcome,
        template.moves + 1 if moves < 0 else moves,
        cores,
        template.finished if finished is None else finished,
    )


def step(rnd: CompactRound, action: RoundAction, events: list[Event]) -> CompactRound:
    """The round after ``action``, which it allows; appends the events."""
    if type(action) is Play:
        return compact.play(rnd, action.seat, action.card.index, events)
    if isinstance(action, Bid):
        events.append(TrumpChosen(action))
        return compact.bid(rnd, action)
    assert isinstance(action, Gift)
    events.append(GiftGiven(action.seat))
    return compact.give(rnd, action.seat, action.card)


def ended(state: GameState, rnd: CompactRound, events: list[Event], moves: int = -1) -> GameState:
    """The state after the action that ended the round ``rnd`` (``moves`` in all, if given);
    appends the events."""
    return _ended(state, rnd, events, moves)[0]


def advanced(state: GameState, rnd: CompactRound, moves: int) -> GameState:
    """The state whose current round, not yet over, is now ``rnd``, after ``moves`` actions."""
    return _state(state, (*state.cores[:-1], rnd), state.totals, None, None, moves)


def _ended(
    state: GameState, rnd: CompactRound, events: list[Event], moves: int = -1
) -> tuple[GameState, list[Event]]:
    """The state after the action that ended the round ``rnd``."""
    scores = rnd.scores
    assert scores is not None
    totals = (state.totals[0] + scores[0], state.totals[1] + scores[1])
    gifts = (DECK[rnd.gifts[0]], DECK[rnd.gifts[1]])
    events.append(RoundEnded(rnd.number, scores, totals, gifts))
    ending: Outcome | None = None
    if max(totals) >= state.target and totals[0] != totals[1]:
        ending = Outcome(Termination.FINISHED, 0 if totals[0] > totals[1] else 1)
        events.append(GameEnded(ending))
    finished = (*state.finished, _summary(state.finished, rnd, scores))
    return _state(state, (*state.cores[:-1], rnd), totals, ending, finished, moves), events


def _end(state: GameState, outcome: Outcome, events: list[Event]) -> tuple[GameState, list[Event]]:
    events.append(GameEnded(outcome))
    return _state(state, state.cores, state.totals, outcome), events
