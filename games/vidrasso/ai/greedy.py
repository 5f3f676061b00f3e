"""The ``greedy`` player: a rule-based baseline that counts cards but never looks ahead.

It decides from its seat's :class:`~games.vidrasso.rules.view.TableView` alone: its hand and face-up
strawmen, the opponent's face-up strawmen, the tricks so far and the trumps. Cards it has not
seen (the opponent's hand, every face-down strawman, the gift it received) are *unseen*, each
as likely to be the opponent's as any other.

One idea runs through its decisions. A trick moves both of its cards' points to the winner, so
a card kept for later is worth a *swing*: with the chance that it wins its trick we take about
``points + AVERAGE_POINTS``, otherwise the opponent does. Vidrasso turns most trick games
upside down, since the weak cards carry the points (a 9 scores 9, an Ace 1):

- trumps are named to make our own cards' swings big and the opponent's visible ones small;
  a trump rank we hold several of usually does that best, so the first chooser tends to name it;
- the gift costs its points (they score for the opponent) plus what the card would bring
  later, so a weak 9 that would lose its trick anyway is given rather than a strong Ace;
- a follower takes a valuable trick with the winner it will miss least, and otherwise throws
  the card it will miss least;
- a leader cashes sure winners, then leads plain cards with the best expected trick now
  (strong low-point cards lose little when trumped), keeping trumps back.

The player is deterministic: the same view always gives the same decision.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.vidrasso.ai.base import choices
from games.vidrasso.rules import (
    DECK,
    Bid,
    BidKind,
    Card,
    Gift,
    Phase,
    Play,
    Rank,
    RoundAction,
    Suit,
    TableView,
    Trumps,
    trick_winner,
)

AVERAGE_POINTS = 5.0
"""What the other card of a trick is worth on average (180 points over 36 cards)."""
SPARED_BY_A_KNOWN_THREAT = 0.5
"""The chance that a known card able to beat one of ours is not spent on it."""


class GreedyPlayer:
    """Plays each decision on its own merits, from the cards it can see and count."""

    name = "greedy"

    def decide(self, view: TableView, rng: random.Random) -> RoundAction:
        if view.phase is Phase.TRUMP:
            return choose_trump(view)
        if view.phase is Phase.GIFT:
            return choose_gift(view)
        if view.trick:
            return follow(view)
        return lead(view)


# --- What the seat knows ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows about the cards still to be played this round."""

    trumps: Trumps
    mine: tuple[Card, ...]
    """Our available cards: hand and face-up strawmen."""
    their_tops: tuple[Card, ...]
    """The opponent's face-up strawmen: certainly theirs to play."""
    unseen: tuple[Card, ...]
    """Cards we have not seen: the opponent's hand, face-down strawmen, a gift."""
    in_their_hand: float
    """The chance that an unseen card is in the opponent's hand now."""
    theirs_this_round: float
    """The chance that an unseen card is one the opponent will play this round."""


def knowledge(view: TableView, trumps: Trumps | None = None) -> Knowledge:
    """What ``view.seat`` knows, under ``trumps`` (by default the round's trumps)."""
    assert view.seat is not None
    them = 1 - view.seat
    their_tops = tuple(p.up for p in view.strawmen[them] if p.up is not None)
    seen = set(view.available) | set(their_tops) | set(view.trick)
    for trick in view.tricks:
        seen.update(trick.cards)
    if view.gift_given is not None:
        seen.add(view.gift_given)
    unseen = tuple(c for c in DECK if c not in seen)
    their_hand = view.hand_sizes[them]
    their_hidden = sum(p.hidden for p in view.strawmen[them])
    count = max(len(unseen), 1)
    return Knowledge(
        trumps=view.trumps if trumps is None else trumps,
        mine=view.available,
        their_tops=their_tops,
        unseen=unseen,
        in_their_hand=min(1.0, their_hand / count),
        theirs_this_round=min(1.0, (their_hand + their_hidden) / count),
    )


# --- Winning chances --------------------------------------------------------------------------


def beats(card: Card, led: Card, trumps: Trumps) -> bool:
    """Whether ``card``, played after ``led``, takes the trick."""
    return trick_winner(led, card, trumps) == 1


def count_beating(led: Card, cards: Iterable[Card], trumps: Trumps) -> int:
    """How many of ``cards`` take a trick led with ``led`` (such a card is always legal)."""
    return sum(1 for c in cards if beats(c, led, trumps))


def chance_to_hold(
    card: Card, threats: Sequence[Card], unseen: Sequence[Card], share: float, trumps: Trumps
) -> float:
    """A rough chance that ``card`` is not beaten when it is played later.

    Each card that beats it when it is led lowers the chance: a known ``threat`` may or may
    not be spent on it; an unseen card matters only if the other side gets it (chance
    ``share``).
    """
    known = count_beating(card, threats, trumps)
    maybe = count_beating(card, unseen, trumps)
    return float(SPARED_BY_A_KNOWN_THREAT**known * (1.0 - share) ** maybe)


def chance_to_win_later(card: Card, known: Knowledge) -> float:
    """A rough chance that our ``card`` takes the trick it is played to later this round."""
    return chance_to_hold(
        card, known.their_tops, known.unseen, known.theirs_this_round, known.trumps
    )


def chance_to_win_now(card: Card, known: Knowledge) -> float:
    """The chance that a lead of ``card`` takes this trick: the opponent has no card that
    beats it in their hand or face up."""
    if count_beating(card, known.their_tops, known.trumps):
        return 0.0
    maybe = count_beating(card, known.unseen, known.trumps)
    return float((1.0 - known.in_their_hand) ** maybe)


def swing(chance: float, card: Card) -> float:
    """The expected points we gain over the opponent from a trick with ``card`` in it that we
    take with this chance (the other card is an average one)."""
    return (2 * chance - 1) * (card.points + AVERAGE_POINTS)


def keep_value(card: Card, known: Knowledge) -> float:
    """What keeping our ``card`` for later is expected to bring: the swing of its trick."""
    return swing(chance_to_win_later(card, known), card)


# --- Trumps -----------------------------------------------------------------------------------


def choose_trump(view: TableView) -> Bid:
    """Name the trump that makes our cards worth the most against the opponent's visible ones.

    The first chooser assumes the opponent then names the other trump as badly for us as
    possible; the second chooser knows the first trump.
    """
    bids = choices(view, Bid)
    if view.bids:
        return max(bids, key=lambda bid: table_value(view, Trumps.from_bids((*view.bids, bid))))
    return max(bids, key=lambda bid: worst_completion(view, bid))


def worst_completion(view: TableView, bid: Bid) -> float:
    """Our table value after ``bid`` if the opponent names the worst other trump for us."""
    them = 1 - bid.seat
    values: Sequence[Suit | Rank] = list(Rank) if bid.kind is BidKind.SUIT else list(Suit)
    return min(
        table_value(view, Trumps.from_bids((bid, Bid(them, bid.kind.other, value))))
        for value in values
    )


def table_value(view: TableView, trumps: Trumps) -> float:
    """Under ``trumps``: what our available cards would bring minus what the opponent's
    face-up strawmen would bring them."""
    known = knowledge(view, trumps)
    ours = sum(keep_value(c, known) for c in known.mine)
    # Our own cards are the known threats to theirs; unseen ones may be our face-down cards.
    ours_share = 1.0 - known.theirs_this_round
    theirs = sum(
        swing(chance_to_hold(c, known.mine, known.unseen, ours_share, trumps), c)
        for c in known.their_tops
    )
    return ours - theirs


# --- Gift -------------------------------------------------------------------------------------


def choose_gift(view: TableView) -> Gift:
    """Give the hand card that costs least: its points score for the opponent, and we lose
    what it would have brought later.

    A card that would lose its trick anyway hands its points over whenever it is played, so it
    costs little to give; a strong Ace costs only 1 point but a trick it might have taken.
    """
    known = knowledge(view)

    def cost(card: Card) -> tuple[float, int, int]:
        return (card.points + keep_value(card, known), card.points, card.index)

    return min(choices(view, Gift), key=lambda gift: cost(gift.card))


# --- Playing ----------------------------------------------------------------------------------


def follow(view: TableView) -> Play:
    """Take a valuable trick with the winner we miss least, otherwise throw the card we miss
    least.

    Each legal card is scored by what this trick brings (both cards' points, to us if it wins,
    to the opponent if not) minus what the card would have brought later.
    """
    known = knowledge(view)
    led = view.trick[0]

    def prospect(card: Card) -> tuple[float, int, int]:
        trick = led.points + card.points
        now = trick if beats(card, led, known.trumps) else -trick
        return (now - keep_value(card, known), -card.points, -card.index)

    return max(choices(view, Play), key=lambda play: prospect(play.card))


def lead(view: TableView) -> Play:
    """Cash a sure winner if we hold one; otherwise lead cheaply, keeping trumps back.

    A sure winner is led with as many points as possible, so they are safely ours. Trump-rank
    cards are kept for following, where they take whatever the opponent leads. Among the rest,
    plain cards go before trumps, and the best lead has the best expected trick now: a likely
    winner, or a card that gives few points away when it loses (a plain Ace, say).
    """
    known = knowledge(view)
    plays = choices(view, Play)
    winners = [play for play in plays if is_sure_winner(play.card, known)]
    if winners:
        return max(winners, key=lambda play: (play.card.points, -play.card.index))

    def cost(card: Card) -> tuple[bool, float, int, int]:
        expected = swing(chance_to_win_now(card, known), card)
        return (known.trumps.is_trump(card), -expected, card.points, card.index)

    return min(plays, key=lambda play: cost(play.card))


def is_sure_winner(card: Card, known: Knowledge) -> bool:
    """A card, other than a trump-rank card, that no card the opponent can play now beats."""
    return not known.trumps.is_rank_trump(card) and chance_to_win_now(card, known) == 1.0
