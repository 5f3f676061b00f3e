"""What one seat, or everyone, may see of a Pidro game: the single gate for hidden cards.

Everything shown to people and everything told to a computer player is built from a
:class:`TableView`. A view never holds another player's hand (a partner's included), the
stock, the dealer's face-down discard, which cards a player got from the stock, or how many
trumps another player holds; it holds what the table shows: bids, the contract and trump,
face-up discards, kills, cold players' cards, tricks, how many cards each player got and
holds, and the scores.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.pidro.rules.cards import Card, Suit, cards_in
from games.pidro.rules.game import GameState, options
from games.pidro.rules.parts import (
    Bid,
    Contract,
    HandAction,
    HandSummary,
    KeptBy,
    Kill,
    Outcome,
    Phase,
    Play,
    Trick,
)

Four = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class TableView:
    """A game as seen from one seat (``seat`` 0..3) or by everyone (``seat`` None)."""

    seat: int | None
    """Whose eyes; None for the public view."""
    target: int
    moves: int
    """The version of the state this view was made from."""
    phase: Phase
    outcome: Outcome | None
    totals: tuple[int, int]
    """Each team's total after the finished hands."""
    hand_number: int
    dealer: int
    bids: tuple[Bid, ...]
    """The bids and passes chosen so far, in order (a forced 6 is in :attr:`contract`)."""
    contract: Contract | None
    trump: Suit | None
    to_act: tuple[int, ...]
    """The seats the game waits for (several while kills are chosen)."""
    hand: tuple[Card, ...] | None
    """The viewer's own cards now, by index; None in the public view."""
    hand_sizes: tuple[int, int, int, int]
    """How many cards each player holds (trumps and dead cover alike)."""
    discards: Four
    """Each player's face-up non-trumps, laid down when trumps were named."""
    received: tuple[int, int, int, int] | None
    """How many cards each player got from the stock (the dealer's: how many it took when
    robbing the pack); None before trumps are named."""
    kills: Four
    """The trumps each player killed (face up, out of play)."""
    cold: tuple[int, ...]
    """Seats that went cold, in order."""
    cold_cards: Four
    """The cards a cold player laid face up (empty for the others)."""
    tricks: tuple[Trick, ...]
    """Completed tricks of this hand."""
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress: (seat, card) from its leader on."""
    leader: int
    """The seat leading the trick in progress (-1 outside the play)."""
    taken: tuple[int, int]
    """Points each team has taken this hand."""
    kept_by: KeptBy | None
    """At the end of a hand: the trumps a team kept unplayed and scored."""
    actions: tuple[HandAction, ...]
    """What the viewer may do now: exactly :func:`~games.pidro.rules.game.legal_actions` for its
    seat. Empty for the public view and when the seat need not act."""
    finished_hands: tuple[HandSummary, ...]

    @property
    def legal(self) -> tuple[Card, ...]:
        """The cards the viewer may play now (empty outside its turn to play)."""
        return tuple(a.card for a in self.actions if isinstance(a, Play))

    @property
    def kill_options(self) -> tuple[Kill, ...]:
        """The sets the viewer may kill now (empty unless it must kill)."""
        return tuple(a for a in self.actions if isinstance(a, Kill))

    @property
    def played(self) -> tuple[tuple[int, Card], ...]:
        """Every card played this hand, in order, with its seat."""
        return tuple(p for t in self.tricks for p in t.plays) + self.trick

    def visible_cards(self) -> set[Card]:
        """Every card this view shows: for leak checks."""
        cards: set[Card] = {c for _, c in self.played}
        for row in (*self.discards, *self.kills, *self.cold_cards):
            cards.update(row)
        if self.kept_by is not None:
            cards.update(self.kept_by.cards)
        if self.hand is not None:
            cards.update(self.hand)
        return cards


def view(state: GameState, seat: int | None = None) -> TableView:
    """The game as ``seat`` sees it, or as everyone sees it when ``seat`` is None."""
    if not state.hands:
        raise ValueError("a game is seen once its first hand is dealt")
    hand = state.hands[-1]
    held = hand.held
    over = state.outcome is not None
    named = hand.trump is not None
    cold = hand.cold
    return TableView(
        seat=seat,
        target=state.target,
        moves=state.moves,
        phase=state.phase,
        outcome=state.outcome,
        totals=state.totals,
        hand_number=hand.number,
        dealer=hand.dealer,
        bids=hand.bids,
        contract=hand.contract,
        trump=hand.trump,
        to_act=() if over else hand.to_act,
        hand=None if seat is None else cards_in(held[seat]),
        hand_sizes=(
            held[0].bit_count(),
            held[1].bit_count(),
            held[2].bit_count(),
            held[3].bit_count(),
        ),
        discards=_four(hand.discards),
        received=(
            (
                len(hand.received[0]),
                len(hand.received[1]),
                len(hand.received[2]),
                len(hand.received[3]),
            )
            if named
            else None
        ),
        kills=_four(hand.kills),
        cold=cold,
        cold_cards=_four(tuple(held[s] if s in cold else 0 for s in range(4))),
        tricks=hand.tricks,
        trick=hand.plays,
        leader=hand.leader if hand.phase is Phase.PLAY else -1,
        taken=hand.taken,
        kept_by=hand.kept_by,
        actions=() if seat is None or over else options(hand, seat),
        finished_hands=state.finished,
    )


def _four(masks: tuple[int, ...]) -> Four:
    return (cards_in(masks[0]), cards_in(masks[1]), cards_in(masks[2]), cards_in(masks[3]))
