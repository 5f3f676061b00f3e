"""The playouts of :mod:`games.pidro.ai.rollout` on bare card masks: the same policy, the same
rules, several times faster.

The engine's :func:`~games.pidro.rules.game.step` makes a new immutable hand for every card,
which is most of a playout's time. Here a playout keeps four trump masks, the trick in
progress and the points taken, and follows the engine's rules for what the policy meets:
a seat without trumps is skipped (it went cold), a trick goes to its highest trump, the two
scores for whoever played it, and the hand ends when no trump is left or, between two tricks,
only one team holds any (that team scores the trumps it holds). The tests hold every result
to the engine's own playout (:func:`games.pidro.ai.rollout.finish`).
"""

from __future__ import annotations

from games.pidro.ai.rollout import weakest_kill
from games.pidro.rules import Deal, Hand, HandAction, Play
from games.pidro.rules.cards import POINT_CARDS, POINTS, STRENGTH, TRUMPS, TWOS
from games.pidro.rules.game import step
from games.pidro.rules.parts import KEEP, SEATS


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def play_out(
    suit: int,
    held: list[int],
    leader: int,
    plays: list[tuple[int, int]],
    taken: list[int],
    peek: bool = True,
) -> list[int]:
    """The points each team has taken when the hand ends, from trump masks ``held`` (changed
    in place), the trick in progress ``plays`` ((seat, card index) from ``leader`` on; empty:
    ``leader`` is about to lead) and the points ``taken`` so far. Every seat plays
    :func:`choose` (``peek``) or :func:`choose_blind` (not ``peek``)."""
    policy = choose if peek else choose_blind
    strength, points, two = STRENGTH[suit], POINTS[suit], TWOS[suit]
    taken = list(taken)
    plays = list(plays)
    if plays:
        turn = _next_seat(held, plays[-1][0], leader)
        if turn == leader:
            leader = _close(plays, strength, points, two, taken)
            plays = []
    while True:
        if not plays:
            team = -1
            mixed = False
            for s in range(SEATS):
                if held[s]:
                    if team < 0:
                        team = s & 1
                    elif s & 1 != team:
                        mixed = True
                        break
            if not mixed:
                if team >= 0:
                    for s in range(team, SEATS, 2):
                        for i in _bits(held[s]):
                            taken[team] += points[i]
                return taken
            while not held[leader]:
                leader = (leader + 1) % SEATS
            turn = leader
        card = policy(held, turn, leader, plays, strength, points)
        held[turn] &= ~(1 << card)
        plays.append((turn, card))
        turn = _next_seat(held, turn, leader)
        if turn == leader:
            leader = _close(plays, strength, points, two, taken)
            plays = []


def _next_seat(held: list[int], seat: int, leader: int) -> int:
    """The next seat to play in this trick, or ``leader`` when it is over."""
    nxt = (seat + 1) % SEATS
    while nxt != leader and not held[nxt]:
        nxt = (nxt + 1) % SEATS
    return nxt


def _close(
    plays: list[tuple[int, int]],
    strength: tuple[int, ...],
    points: tuple[int, ...],
    two: int,
    taken: list[int],
) -> int:
    """Score a finished trick into ``taken``; its winner, who leads next."""
    winner, best = plays[0]
    for s, c in plays:
        if strength[c] > strength[best]:
            winner, best = s, c
    for s, c in plays:
        taken[s & 1 if c == two else winner & 1] += points[c]
    return winner


def choose(
    held: list[int],
    seat: int,
    leader: int,
    plays: list[tuple[int, int]],
    strength: tuple[int, ...],
    points: tuple[int, ...],
) -> int:
    """The card :func:`games.pidro.ai.rollout.policy` plays, on masks."""
    mine = _bits(held[seat])
    if len(mine) == 1:
        return mine[0]
    team = seat & 1
    top = max(mine, key=strength.__getitem__)
    if not plays:
        rivals = held[team ^ 1] | held[(team ^ 1) + 2]
        beat = max((strength[i] for i in _bits(rivals)), default=-1)
        if strength[top] > beat:
            return top
        return _cheapest(mine, strength, points)
    best_seat, best = plays[0]
    for s, c in plays:
        if strength[c] > strength[best]:
            best_seat, best = s, c
    high = strength[best]
    later = 0
    s = (seat + 1) % SEATS
    while s != leader:
        if s & 1 != team:
            later |= held[s]
        s = (s + 1) % SEATS
    beat = max((strength[i] for i in _bits(later)), default=-1)
    if best_seat & 1 == team and high > beat:
        return max(mine, key=lambda i: (points[i], -strength[i]))
    floor = max(high, beat)
    winners = [i for i in mine if strength[i] > floor]
    on_trick = sum(points[c] for _, c in plays)
    if winners and (on_trick or any(points[i] and strength[i] for i in mine)):
        return min(winners, key=strength.__getitem__)
    return _cheapest(mine, strength, points)


def choose_blind(
    held: list[int],
    seat: int,
    leader: int,
    plays: list[tuple[int, int]],
    strength: tuple[int, ...],
    points: tuple[int, ...],
) -> int:
    """The same rules played as a person must: without seeing the guessed hands. The seat
    knows only which trumps it has not seen (every other hand's, the partner's included), so
    a card is a sure winner only when it beats every one of them that an opponent still to
    play might hold. Playouts of this policy do not credit the players with knowledge they
    will not have (the search's "strategy fusion")."""
    mine = _bits(held[seat])
    if len(mine) == 1:
        return mine[0]
    team = seat & 1
    unseen = 0
    for s in range(SEATS):
        if s != seat:
            unseen |= held[s]
    beat_all = max((strength[i] for i in _bits(unseen)), default=-1)
    top = max(mine, key=strength.__getitem__)
    if not plays:
        if strength[top] > beat_all:
            return top
        return _cheapest(mine, strength, points)
    best_seat, best = plays[0]
    for s, c in plays:
        if strength[c] > strength[best]:
            best_seat, best = s, c
    high = strength[best]
    rival_later = False
    s = (seat + 1) % SEATS
    while s != leader:
        if s & 1 != team and held[s]:
            rival_later = True
        s = (s + 1) % SEATS
    beat = beat_all if rival_later else -1
    if best_seat & 1 == team and high > beat:
        return max(mine, key=lambda i: (points[i], -strength[i]))
    floor = max(high, beat)
    winners = [i for i in mine if strength[i] > floor]
    on_trick = sum(points[c] for _, c in plays)
    if winners and (on_trick or any(points[i] and strength[i] for i in mine)):
        return min(winners, key=strength.__getitem__)
    return _cheapest(mine, strength, points)


def _cheapest(mine: list[int], strength: tuple[int, ...], points: tuple[int, ...]) -> int:
    return min(
        mine, key=lambda i: (2 if points[i] and strength[i] else int(points[i] > 0), strength[i])
    )


def contract_taken(deal: Deal, dealer: int, seat: int, suit: int, peek: bool = True) -> list[int]:
    """The points each team takes when ``seat`` wins the bidding of ``deal`` and names
    ``suit``: the discard and refill, the dealer robbing the pack, the kills of the weakest
    trumps that may be killed (:func:`contract_start`), then the playout."""
    return play_out(suit, contract_start(deal, dealer, suit), seat, [], [0, 0], peek)


def contract_start(deal: Deal, dealer: int, suit: int) -> list[int]:
    """The trumps each seat holds at the first card when ``suit`` is named in ``deal``: the
    discard and refill, the dealer robbing the pack, the kills of the weakest trumps that may
    be killed."""
    trumps = TRUMPS[suit]
    held = [0, 0, 0, 0]
    for s in range(SEATS):
        for c in deal.hands[s]:
            if trumps >> c.index & 1:
                held[s] |= 1 << c.index
    stock = deal.stock
    at = 0
    for offset in (1, 2, 3):
        s = (dealer + offset) % SEATS
        need = KEEP - held[s].bit_count()
        if need > 0:
            for c in stock[at : at + need]:
                if trumps >> c.index & 1:
                    held[s] |= 1 << c.index
            at += len(stock[at : at + need])
    for c in stock[at:]:
        if trumps >> c.index & 1:
            held[dealer] |= 1 << c.index
    strength = STRENGTH[suit]
    for s in range(SEATS):
        excess = held[s].bit_count() - KEEP
        if excess > 0:
            free = sorted(_bits(held[s] & ~POINT_CARDS[suit]), key=strength.__getitem__)
            for i in free[:excess]:
                held[s] &= ~(1 << i)
    return held


def hand_taken(hand: Hand, peek: bool = True) -> list[int]:
    """The points each team takes when the engine's ``hand``, in its play, is played out."""
    assert hand.trump is not None and not hand.killing
    if hand.scores is not None:
        return list(hand.taken)
    trumps = hand.trumps
    held = [m & trumps for m in hand.held]
    plays = [(s, c.index) for s, c in hand.plays]
    return play_out(hand.trump.number, held, hand.leader, plays, list(hand.taken), peek)


def action_taken(hand: Hand, action: HandAction, peek: bool = True) -> list[int]:
    """The points each team takes when ``action`` is taken in the engine's ``hand`` and the
    hand is played out: a kill through the engine (the other kills the weakest), a card here."""
    assert hand.trump is not None and hand.contract is not None
    suit = hand.trump.number
    if isinstance(action, Play):
        trumps = TRUMPS[suit]
        held = [m & trumps for m in hand.held]
        index = action.card.index
        held[action.seat] &= ~(1 << index)
        plays = [(s, c.index) for s, c in hand.plays]
        plays.append((action.seat, index))
        return play_out(suit, held, hand.leader, plays, list(hand.taken), peek)
    after = step(hand, action, [])
    while after.killing:
        after = step(after, weakest_kill(after, after.killing[0]), [])
    return hand_taken(after, peek)


def action_margin(hand: Hand, action: HandAction, team: int, peek: bool = True) -> int:
    """``team``'s score margin for the hand (its score, or minus its bid in the hole, less
    the other team's) when ``action`` is taken in the engine's ``hand`` and the hand is
    played out (:func:`action_taken`)."""
    assert hand.contract is not None
    taken = action_taken(hand, action, peek)
    bidders = hand.contract.team
    scores = list(taken)
    if taken[bidders] < hand.contract.bid:
        scores[bidders] = -hand.contract.bid
    return scores[team] - scores[1 - team]
