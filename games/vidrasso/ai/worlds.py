"""Worlds: guesses of the cards one seat cannot see, consistent with everything it has seen.

A seat sees its hand, the gift it gave, every face-up strawman card and every card played this
round. The rest — the *unseen* cards — lie in four places: the opponent's hand (its size is
public), the face-down strawman cards of both seats (their number is public; a seat does not
know its own), and, once the opponent has given its gift, that gift in our capture pile.

A :class:`World` puts each unseen card in one of those places. :class:`Sampler` draws worlds
that respect what play has revealed: a follower that played neither the led suit nor a trump
had no available card of the led suit, so its hand holds none now (its hand never grows; a
face-down card that turns up later may still be of that suit). Subject to that, the opponent's
hand is drawn first from the cards it may hold and the other places share the rest uniformly;
then each world is kept with a chance that weighs how well it fits the opponent's trump
choices and the gift players tend to give (rejection sampling).

Cards are the bitmask indices of :mod:`games.vidrasso.ai.fast`.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from dataclasses import dataclass

from games.vidrasso.ai.fast import (
    BIT,
    NO_CARD,
    RANK_MASKS,
    SUIT_MASKS,
    FastRound,
    cards,
    mask_of,
    trick_rules,
)
from games.vidrasso.ai.reads import PlayReading
from games.vidrasso.rules import DECK, BidKind, Phase, Rank, Suit, TableView
from games.vidrasso.rules.deal import HAND_SIZE, places

HAND_AFTER_GIFT = HAND_SIZE - 1
"""Hand cards each seat holds when play starts."""


class InconsistentView(ValueError):
    """A view whose counts of unseen cards do not add up (a corrupt or hand-made view)."""


@dataclass(frozen=True, slots=True)
class World:
    """One guess of every card a seat cannot see."""

    their_hand: int
    """The mask of the opponent's hand now."""
    downs: tuple[tuple[int, ...], tuple[int, ...]]
    """``downs[s][i]``: the face-down card of seat ``s``'s pile ``i``, or NO_CARD."""
    their_gift: int
    """The card the opponent has given us, or NO_CARD when it has not given one yet."""


def seen_mask(view: TableView) -> int:
    """Every card ``view.seat`` has seen this round: its hand and gift, face-up strawmen, and
    the cards played."""
    seen = mask_of(view.hand or ())
    if view.gift_given is not None:
        seen |= BIT[view.gift_given.index]
    for row in view.strawmen:
        for pile in row:
            if pile.up is not None:
                seen |= BIT[pile.up.index]
    for trick in view.tricks:
        seen |= BIT[trick.cards[0].index] | BIT[trick.cards[1].index]
    for played in view.trick:
        seen |= BIT[played.index]
    return seen


def void_suits(view: TableView) -> int:
    """The mask of every card of a suit the opponent has shown it has none of in its hand.

    A follower holding a card that obliges it (one of the led suit) must answer the lead (with
    that suit or a trump); one that played a card that does not answer held no obliging card.
    """
    assert view.seat is not None
    answered = [trick.cards for trick in view.tricks if trick.leader == view.seat]
    if not answered:
        return 0
    suit, rank = view.trumps.suit, view.trumps.rank
    assert suit is not None and rank is not None
    rules = trick_rules(suit.number, rank.number)
    voids = 0
    for led, answer in answered:
        if not rules.answers[led.index] >> answer.index & 1:
            voids |= rules.obliged[led.index]
    return voids


RANK_BID_LIKELIHOOD = (0.17, 0.73, 2.5, 5.3, 5.3)
"""How much likelier a player names a trump rank holding ``n`` cards of it among its eight
dealt hand cards than a random hand holds ``n`` (measured on the greedy and medium players)."""
SUIT_BID_LIKELIHOOD = (0.3, 0.5, 0.9, 1.55, 2.1, 3.0, 3.0, 3.0, 3.0, 3.0)
"""The same for naming the trump suit holding ``n`` cards of the suit."""
BID_BELIEF = 0.7
"""How far the sampler trusts those measurements (an exponent on the likelihoods): other
players bid otherwise."""
GIFT_LIKELIHOOD = (0.27, 0.25, 0.41, 0.7, 1.18, 1.81, 2.64, 3.6, 4.0)
"""How much likelier a plain card of each rank (Ace, 2, …, 9) is the card a player gave than a
random card of its dealt hand (measured on the greedy and medium players: they give high plain
cards and keep their trumps)."""
GIFT_TRUMP_SUIT_LIKELIHOOD = 0.05
"""The same for a card of the trump suit (not of the trump rank)."""
GIFT_TRUMP_RANK_LIKELIHOOD = 0.02
"""The same for a card of the trump rank."""
MIN_SHARE = 0.2
"""Reading plays, the pool's effective size (the sum of weights squared over the sum of
squared weights) is kept to at least this share of the pool, so a few worlds never decide."""
MAX_REJECTIONS = 64
"""Draws before a world is taken whatever its weight (the weights are bounded, so this is
rarely reached)."""


@dataclass(frozen=True, slots=True)
class BidClue:
    """What one of the opponent's trump choices suggests about the hand it was dealt."""

    named: int
    """The mask of the cards of the named suit or rank."""
    likelihood: tuple[float, ...]
    """By how many such cards it was dealt, tempered by :data:`BID_BELIEF`."""
    played: float
    """Such cards it has played since, times the share of its plays that came from its hand
    (whether each came from the hand or a strawman is not known)."""

    def weight(self, hand_and_gift: int) -> float:
        n = (self.named & hand_and_gift).bit_count() + self.played
        low = min(int(n), len(self.likelihood) - 1)
        high = min(low + 1, len(self.likelihood) - 1)
        f = n - int(n)
        return float(self.likelihood[low] ** (1 - f) * self.likelihood[high] ** f)


def gift_clue(view: TableView, belief: float = BID_BELIEF) -> tuple[float, ...] | None:
    """By card: how likely it is to be the gift the opponent gave us, relative to the other
    cards it was dealt (tempered by ``belief``); None when it has given none or trumps are not
    known."""
    assert view.seat is not None
    suit, rank = view.trumps.suit, view.trumps.rank
    if not view.gifts_in[1 - view.seat] or suit is None or rank is None or belief <= 0:
        return None
    table = []
    for i in range(len(DECK)):
        if i % 9 == rank.number:
            x = GIFT_TRUMP_RANK_LIKELIHOOD
        elif i // 9 == suit.number:
            x = GIFT_TRUMP_SUIT_LIKELIHOOD
        else:
            x = GIFT_LIKELIHOOD[i % 9]
        table.append(x**belief)
    return tuple(table)


def bid_clues(view: TableView, belief: float = BID_BELIEF) -> tuple[BidClue, ...]:
    """What the opponent's trump choices this round suggest about its dealt hand."""
    assert view.seat is not None
    them = 1 - view.seat
    theirs = [card for seat, card in view.plays if seat == them]
    from_hand = (HAND_AFTER_GIFT - view.hand_sizes[them]) if view.phase is Phase.PLAY else 0
    share = from_hand / len(theirs) if theirs else 0.0
    clues = []
    table: tuple[float, ...]
    for bid in view.bids:
        if bid.seat != them or belief <= 0:
            continue
        if bid.kind is BidKind.SUIT:
            assert isinstance(bid.value, Suit)
            named = SUIT_MASKS[bid.value.number]
            table = SUIT_BID_LIKELIHOOD
        else:
            assert isinstance(bid.value, Rank)
            named = RANK_MASKS[bid.value.number]
            table = RANK_BID_LIKELIHOOD
        played = sum(1 for c in theirs if named >> c.index & 1) * share
        clues.append(BidClue(named, tuple(x**belief for x in table), played))
    return tuple(clues)


class Sampler:
    """Draws :class:`World` s for one seat's view; build once per decision, sample many.

    Worlds respect the opponent's shown voids exactly, lean towards hands that fit its trump
    choices (:func:`bid_clues`) and towards gifts like those players give (:func:`gift_clue`):
    a world is kept with a chance proportional to how well it fits (rejection sampling).
    """

    def __init__(self, view: TableView, belief: float = BID_BELIEF, reads: int = 0) -> None:
        if view.seat is None or view.hand is None:
            raise ValueError("worlds are drawn for a seat, not for the public view")
        self.seat = view.seat
        them = 1 - view.seat
        self.unseen = ~seen_mask(view) & ((1 << 36) - 1)
        self.voids = void_suits(view)
        self.hand_size = view.hand_sizes[them]
        self.has_gift = view.gifts_in[them] and view.phase in (Phase.GIFT, Phase.PLAY)
        self.hidden: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(p.hidden for p in view.strawmen[0]),
            tuple(p.hidden for p in view.strawmen[1]),
        )
        slots = self.hand_size + sum(self.hidden[0]) + sum(self.hidden[1]) + self.has_gift
        unseen = cards(self.unseen)
        if slots != len(unseen):
            raise InconsistentView(f"{len(unseen)} unseen cards for {slots} places")
        self.unseen_cards = unseen
        self.may_hold = cards(self.unseen & ~self.voids)
        if len(self.may_hold) < self.hand_size:
            # Cannot happen in a real game; fall back to ignoring the inference.
            self.may_hold = unseen
        self.clues = bid_clues(view, belief)
        self.gift_odds = gift_clue(view, belief) if self.has_gift else None
        self.top_weight = 1.0
        for clue in self.clues:
            self.top_weight *= max(clue.likelihood)
        if self.gift_odds is not None:
            self.top_weight *= max(self.gift_odds[c] for c in unseen)
        self.reading = PlayReading.of(view) if reads > 0 else None
        self.reads = reads
        self.pool: list[World] = []
        self.cumulative: list[float] = []

    def sample(self, rng: random.Random) -> World:
        """One world: uniform among those consistent with the view, weighted by the clues —
        and, when the sampler reads plays, drawn from a pool of such worlds by how well each
        fits the opponent's plays (:meth:`fill`)."""
        if self.reading is None:
            return self.clued(rng)
        if not self.pool:
            self.fill(rng)
        x = rng.random() * self.cumulative[-1]
        return self.pool[bisect.bisect_right(self.cumulative, x)]

    def fill(self, rng: random.Random) -> None:
        """Draw the pool of :attr:`reads` worlds and weigh each by the likelihood of the
        opponent's plays in it, flattened (a power below 1) as far as needed to keep the
        weight spread over at least :data:`MIN_SHARE` of the pool."""
        assert self.reading is not None
        pool = [self.clued(rng) for _ in range(self.reads)]
        logs = [self.reading.log_weight(w.their_hand, w.downs) for w in pool]
        top = max(logs)
        power = 1.0
        while True:
            weights = [math.exp(power * (x - top)) for x in logs]
            total = sum(weights)
            share = total * total / sum(w * w for w in weights) / len(weights)
            if share >= MIN_SHARE or power < 0.05:
                break
            power /= 2
        self.pool = pool
        self.cumulative = list(itertools.accumulate(weights))

    def clued(self, rng: random.Random) -> World:
        """One world: uniform among those consistent with the view, weighted by the clues
        from the trump choices and the gift."""
        world = self.draw(rng)
        if not self.clues and self.gift_odds is None:
            return world
        for _ in range(MAX_REJECTIONS):
            held = world.their_hand | (BIT[world.their_gift] if world.their_gift >= 0 else 0)
            weight = 1.0
            for clue in self.clues:
                weight *= clue.weight(held)
            if self.gift_odds is not None:
                weight *= self.gift_odds[world.their_gift]
            if rng.random() * self.top_weight <= weight:
                break
            world = self.draw(rng)
        return world

    def draw(self, rng: random.Random) -> World:
        """One world, uniformly among those consistent with the view."""
        hand = 0
        rand = rng.random
        may = list(self.may_hold)
        # A partial Fisher–Yates shuffle: the hand is the first ``hand_size`` picks.
        n = len(may)
        for i in range(self.hand_size):
            j = i + int(rand() * (n - i))
            may[i], may[j] = may[j], may[i]
            hand |= BIT[may[i]]
        rest = [c for c in self.unseen_cards if not hand >> c & 1]
        m = len(rest)
        for i in range(m - 1, 0, -1):
            j = int(rand() * (i + 1))
            rest[i], rest[j] = rest[j], rest[i]
        it = iter(rest)
        downs = tuple(tuple(next(it) if h else NO_CARD for h in self.hidden[s]) for s in (0, 1))
        gift = next(it) if self.has_gift else NO_CARD
        return World(hand, (downs[0], downs[1]), gift)


def play_position(view: TableView, world: World) -> FastRound:
    """The play-phase position of ``view`` with ``world`` filling in the unseen cards.

    Gifts count zero points (NO_CARD): a search compares the points still to come.
    """
    assert view.seat is not None and view.hand is not None
    trumps = view.trumps
    assert trumps.suit is not None and trumps.rank is not None
    me = view.seat
    hands = [0, 0]
    hands[me] = mask_of(view.hand)
    hands[1 - me] = world.their_hand
    piles = tuple(
        tuple(
            (NO_CARD if p.up is None else p.up.index, world.downs[s][i])
            for i, p in enumerate(view.strawmen[s])
        )
        for s in (0, 1)
    )
    return FastRound(
        hands=(hands[0], hands[1]),
        piles=(piles[0], piles[1]),
        trump_suit=trumps.suit.number,
        trump_rank=trumps.rank.number,
        gifts=(NO_CARD, NO_CARD),
        leader=view.leader,
        led=view.trick[0].index if view.trick else NO_CARD,
        captured=view.captured,
        trick_count=len(view.tricks),
    )


def deal_order(view: TableView, world: World) -> list[int]:
    """Before play (trump and gift phases): the deck order :meth:`FastRound.from_order` deals,
    laid out by :func:`~games.vidrasso.rules.deal.places`, with ``world`` filling in the unseen
    cards.

    An opponent's gift already given goes back into its hand, so each hand has eight cards.
    """
    assert view.seat is not None and view.hand is not None
    me = view.seat
    mine = [c.index for c in view.hand]
    if view.gift_given is not None:
        mine.append(view.gift_given.index)
    theirs = list(cards(world.their_hand))
    if world.their_gift >= 0:
        theirs.append(world.their_gift)
    hands = (mine, theirs) if me == 0 else (theirs, mine)
    order = [NO_CARD] * len(DECK)
    for s in (0, 1):
        at = places(s)
        ups = [p.up.index for p in view.strawmen[s] if p.up is not None]
        assert len(ups) == len(world.downs[s]), "before play every pile shows its dealt card"
        order[at.downs] = world.downs[s]
        order[at.ups] = ups
        order[at.hand] = hands[s]
    return order


def card_text(mask: int) -> str:
    """The cards of a mask in the text notation, for logs and test messages."""
    return " ".join(DECK[i].text for i in cards(mask))
