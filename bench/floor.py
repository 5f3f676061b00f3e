"""How fast can an immutable engine play a card in CPython? A floor for the public API's rate.

``bench/engine.py`` prints the public API's random rounds per second beside those of
``games.vidrasso.ai.fast``, the mutable bitmask twin the search uses, and asks for at least a
quarter of
its rate. This script measures how far an ``apply(state, action) -> (state, events)`` plus
``legal_actions(state, seat)`` pair can go towards that while doing what the engine's do, so
that the next engineer can see how much of the gap is the engine and how much the interpreter.

The floor is the engine's card step flattened into one tuple per state (no game wrapper, no
tuple of rounds, no phase dispatch, no check beyond the legal set): hands, strawmen and their
turn-ups, the trick, the legal set of the seat to play, the plays and legal sets a record
keeps, the completed tricks, the points captured, the round's end, and the engine's own
shared events, actions and trick tables. ``games/vidrasso/tests/rules/test_floor.py`` holds it to
the
engine: the same choices give the same legal actions, the same events and the same round.

    .venv/bin/python bench/floor.py [--rounds N] [--seed S]
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.vidrasso.ai.fast import random_deal, random_round
from games.vidrasso.rules import Action, Event, GameState, Phase, apply, legal_actions, new_game
from games.vidrasso.rules.cards import DECK
from games.vidrasso.rules.compact import (
    _HAND_PLAYED,
    _STRAW_PLAYED,
    _TAKEN,
    POINTS,
    _turned,
    _with,
    trick,
)
from games.vidrasso.rules.game import _PLAY_PICKS, PLAYS
from games.vidrasso.rules.parts import (
    TRICKS_PER_ROUND,
    GameEnded,
    Outcome,
    Play,
    RoundEnded,
    Termination,
    TrickTaken,
)


class Flat(tuple):  # type: ignore[type-arg]
    """A round in play as one flat tuple (the fields of :func:`flat_apply`'s unpacking)."""

    __slots__ = ()


_new = tuple.__new__
SEAT = 16
"""Where a :class:`Flat` keeps the seat to play (-1 once the round is over)."""


def flattened(state: GameState) -> Flat:
    """The engine's state, in its play phase, as a flat tuple."""
    r = state.cores[-1]
    to_play = r.to_act[0] if r.to_act else -1
    fields = (
        *(state.target, state.totals, state.moves, (r.table, r.layout, r.number, r.gifts)),
        *(r.hands, r.tops, r.downs, r.turned, r.led, r.leader, r.legal),
        *(r.plays, r.legals, r.tricks, r.captured, r.pending, to_play),
    )
    flat: Flat = _new(Flat, fields)
    return flat


def flat_apply(state: Flat, action: Action) -> tuple[Flat, list[Event]]:
    """The engine's play step (:func:`games.vidrasso.rules.compact.play`) on a flat state."""
    if type(action) is not Play:
        raise ValueError("the floor plays cards only")
    (
        target,
        totals,
        moves,
        static,
        hands,
        tops,
        downs,
        turned,
        led,
        leader,
        legal,
        plays,
        legals,
        tricks,
        captured,
        pending,
        seat,
    ) = state
    index = action.card.index
    if not (legal >> index & 1 and action.seat == seat):
        raise ValueError(f"{action} is not legal here")
    table, layout, number, gifts = static
    bit = 1 << index
    below = -1
    events: list[Event]
    if hands[seat] & bit:
        hands = (hands[0] ^ bit, hands[1]) if seat == 0 else (hands[0], hands[1] ^ bit)
        events = [_HAND_PLAYED[seat][index]]
    else:
        tops = (tops[0] ^ bit, tops[1]) if seat == 0 else (tops[0], tops[1] ^ bit)
        below = layout.under[index]
        events = [_STRAW_PLAYED[(seat * 5 + layout.pile_of[index]) * 36 + index]]
    plays += (index,)
    legals += (legal,)
    moves += 1
    if led < 0:
        follower = 1 - seat
        available = hands[follower] | tops[follower]
        if available & table.follow[index]:
            available &= table.allowed[index]
        made = (
            target,
            totals,
            moves,
            static,
            hands,
            tops,
            downs,
            turned,
            index,
            leader,
            available,
            plays,
            legals,
            tricks,
            captured,
            below,
            follower,
        )
        return _new(Flat, made), events
    winner = seat if table.beats[led] >> index & 1 else leader
    key = ((leader * 36 + led) * 36 + index) * 2 + winner
    taken = _TAKEN[key]
    if taken is None:
        done = trick(leader, led, index, winner)
        taken = _TAKEN[key] = TrickTaken(done, POINTS[led] + POINTS[index])
    points = taken.points
    captured = (
        (captured[0] + points, captured[1]) if winner == 0 else (captured[0], captured[1] + points)
    )
    events.append(taken)
    if pending >= 0 or below >= 0:
        turning = ((leader, pending), (seat, below)) if seat else ((seat, below), (leader, pending))
        for owner, under in turning:
            if under < 0:
                continue
            ubit = 1 << under
            at = layout.pile_of[under]
            if owner == 0:
                tops = (tops[0] | ubit, tops[1])
                downs = (downs[0] ^ ubit, downs[1])
                turned = (_with(turned[0], at, DECK[under]), turned[1])
            else:
                tops = (tops[0], tops[1] | ubit)
                downs = (downs[0], downs[1] ^ ubit)
                turned = (turned[0], _with(turned[1], at, DECK[under]))
            events.append(_turned(owner, at, under))
    tricks += (taken.trick,)
    if len(tricks) < TRICKS_PER_ROUND:
        legal = hands[winner] | tops[winner]
        to_play = winner
    else:
        # The round is over: the gifts score for those who received them.
        legal = 0
        to_play = -1
        scores = (captured[0] + POINTS[gifts[1]], captured[1] + POINTS[gifts[0]])
        totals = (totals[0] + scores[0], totals[1] + scores[1])
        events.append(RoundEnded(number, scores, totals, (DECK[gifts[0]], DECK[gifts[1]])))
        if max(totals) >= target and totals[0] != totals[1]:
            winning = 0 if totals[0] > totals[1] else 1
            events.append(GameEnded(Outcome(Termination.FINISHED, winning)))
    made = (
        target,
        totals,
        moves,
        static,
        hands,
        tops,
        downs,
        turned,
        -1,
        winner,
        legal,
        plays,
        legals,
        tricks,
        captured,
        -1,
        to_play,
    )
    return _new(Flat, made), events


def flat_legal_actions(state: Flat, seat: int) -> list[Play]:
    """The engine's :func:`~games.vidrasso.rules.game.legal_actions` in the play phase, on a flat
    state:
    hand cards by index, then strawman cards by pile."""
    if seat != state[SEAT]:
        return []
    legal = state[10]
    found = _PLAY_PICKS[seat](legal & state[4][seat])
    straw = legal & state[5][seat]
    if straw:
        plays = PLAYS[seat]
        if straw & (straw - 1):
            piles = state[3][1].piles[seat]
            found += tuple([plays[(straw & m).bit_length() - 1] for m in piles if straw & m])
        else:
            found += (plays[straw.bit_length() - 1],)
    return list(found)


def ready(rng: random.Random) -> GameState:
    """A new game through its trumps and gifts, at random: the first card is due."""
    state = new_game(rng)
    while state.phase is not Phase.PLAY:
        options = legal_actions(state, state.to_act[0])
        state, _ = apply(state, options[int(rng.random() * len(options))])
    return state


def flat_cards(state: Flat, rng: random.Random) -> Flat:
    """The round's 34 cards at random, drawn as ``games.vidrasso.ai.fast`` draws them."""
    rand = rng.random
    while state[SEAT] >= 0:
        options = flat_legal_actions(state, state[SEAT])
        state, _ = flat_apply(state, options[int(rand() * len(options))])
    return state


def engine_cards(state: GameState, rng: random.Random) -> GameState:
    """The same through the public API."""
    rand = rng.random
    while state.phase is Phase.PLAY:
        options = legal_actions(state, state.to_act[0])
        state, _ = apply(state, options[int(rand() * len(options))])
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3000, help="rounds per figure")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = parser.parse_args()
    rounds: int = args.rounds
    rng = random.Random(args.seed)
    starts = [ready(rng) for _ in range(rounds)]
    flats = [flattened(s) for s in starts]
    # The starting positions are kept for the whole run: out of the collector's way, so that
    # each figure pays only for what its own rounds make.
    gc.collect()
    gc.freeze()

    def per_round(step: Callable[[int], object]) -> float:
        started = time.process_time()
        for i in range(rounds):
            step(i)
        return (time.process_time() - started) / rounds * 1e6

    up_to_play = per_round(lambda i: ready(rng))
    engine = per_round(lambda i: engine_cards(starts[i], rng))
    floor = per_round(lambda i: flat_cards(flats[i], rng))
    fast = per_round(lambda i: random_round(rng))
    fast_deal = per_round(lambda i: random_deal(rng))

    print(f"Floor of an immutable play step - Python {platform.python_version()}, one core")
    print(f"{rounds:,} rounds per figure, seed {args.seed}; CPU time per round")
    print()
    print(f"   games.vidrasso.ai.fast round (deal, trumps, gifts, 34 cards):  {fast:6.1f} us")
    print(f"   of which deal, trumps and gifts:                    {fast_deal:6.1f} us")
    print(f"   public API, new game to first card:                 {up_to_play:6.1f} us")
    print(f"   public API, 34 cards:                               {engine:6.1f} us")
    print(f"   flat floor, 34 cards:                               {floor:6.1f} us")
    print()
    print(f"   public API share of fast.py's rate:    {fast / (up_to_play + engine):.0%}")
    print(f"   ... with the floor's cards:            {fast / (up_to_play + floor):.0%}")
    print(f"   ... and fast.py's deal, trumps, gifts: {fast / (fast_deal + floor):.0%}")
    print(f"   ... and deal, trumps, gifts free:      {fast / floor:.0%}")


if __name__ == "__main__":
    main()
