"""Properties over random games: every card accounted for, 14 points a hand, exact legality,
no view leaks (partners included), the end exactly when the rules say, records that replay."""

from __future__ import annotations

import itertools
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.pidro.rules import (
    DECK,
    Bid,
    GameState,
    Kill,
    NameTrump,
    Phase,
    Play,
    Suit,
    apply,
    from_record,
    is_legal,
    legal_actions,
    state_from_json,
    state_to_json,
    to_record,
    view,
)
from games.pidro.rules.cards import POINT_CARDS, cards_in, mask_of
from games.pidro.tests.helpers import random_states

seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=10, deadline=None)


def places(state: GameState) -> list[int]:
    """Every place a card of the current hand can be, as masks."""
    hand = state.hand
    played = mask_of(c for t in hand.tricks for _, c in t.plays) | mask_of(c for _, c in hand.plays)
    if hand.trump is None:
        return [*hand.held, mask_of(hand.deal.stock)]
    return [*hand.held, *hand.discards, *hand.kills, hand.buried, played]


@SETTINGS
@given(seeds)
def test_52_cards_accounted_for_and_14_points_a_hand(seed: int) -> None:
    for state in random_states(seed):
        masks = places(state)
        union = 0
        for m in masks:
            assert union & m == 0, "a card in two places"
            union |= m
        assert union == (1 << 52) - 1
        hand = state.hand
        if hand.trump is not None:
            assert all(k & POINT_CARDS[hand.trump.number] == 0 for k in hand.kills)
        if hand.scores is not None:
            # killed cards are never point cards and kept trumps score: all 14, every hand
            assert sum(hand.taken) == 14
            assert (
                sum(sum(t.points) for t in hand.tricks)
                + sum(x.points(hand.trump) for x in (hand.kept_by.cards if hand.kept_by else ()))
                == 14
            )  # type: ignore[arg-type]


def _others(state: GameState, seat: int, rng: random.Random) -> list[object]:
    """A sample of actions to try for ``seat``: every card, bid, suit and some kill sets."""
    out: list[object] = [Play(seat, c) for c in DECK]
    out += [Bid(seat, p) for p in (None, *range(4, 16))]
    out += [NameTrump(seat, s) for s in Suit]
    held = cards_in(state.hand.held[seat])
    for _ in range(5):
        out.append(Kill.of(seat, rng.sample(held, min(len(held), rng.randint(1, 3)))))
    return out


@SETTINGS
@given(seeds)
def test_every_legal_action_accepted_every_other_refused(seed: int) -> None:
    rng = random.Random(seed)
    for i, state in enumerate(random_states(seed)):
        if state.is_over or state.phase is Phase.DEAL or i % 3:
            continue
        for seat in range(4):
            legal = legal_actions(state, seat)
            assert bool(legal) == (seat in state.to_act)
            for action in _others(state, seat, rng):
                assert is_legal(state, action) == (action in legal), action  # type: ignore[arg-type]
            for action in legal:
                after, _ = apply(state, action)
                assert after.moves == state.moves + 1


@SETTINGS
@given(seeds)
def test_no_view_leaks_a_hidden_card_partners_included(seed: int) -> None:
    for state in random_states(seed):
        if state.phase is Phase.DEAL and state.outcome is None:
            continue
        hand = state.hand
        played = {c for t in hand.tricks for _, c in t.plays} | {c for _, c in hand.plays}
        public = set(played)
        for s in range(4):
            public |= set(cards_in(hand.discards[s])) | set(cards_in(hand.kills[s]))
            if s in hand.cold:
                public |= set(cards_in(hand.held[s]))
        if hand.kept_by is not None:
            public |= set(hand.kept_by.cards)
        assert view(state, None).visible_cards() <= public
        for seat in range(4):
            seen = view(state, seat)
            own = set(cards_in(hand.held[seat]))
            assert seen.visible_cards() <= public | own
            for other in range(4):
                if other != seat:  # the partner's hand too
                    hidden = set(cards_in(hand.held[other])) - public
                    assert not seen.visible_cards() & hidden
            assert not seen.visible_cards() & (set(cards_in(hand.buried)) - public)
            assert seen.actions == legal_actions(state, seat)
            fields = repr(seen)
            assert "Deal(" not in fields and "stock" not in fields


@SETTINGS
@given(seeds)
def test_the_game_ends_exactly_when_the_rules_say(seed: int) -> None:
    states = list(random_states(seed))
    for before, after in itertools.pairwise(states):
        if after.hand.scores is None or before.hand.scores is not None:
            continue
        if len(after.hands) != len(before.hands):
            continue
        a, b = after.totals
        target = after.target
        contract = after.hand.contract
        assert contract is not None
        if a >= target and b >= target:
            expected: int | None = contract.team
        elif a >= target or b >= target:
            expected = 0 if a >= target else 1
        else:
            expected = None
        assert (after.outcome.winner if after.outcome else None) == expected
    assert states[-1].is_over


@SETTINGS
@given(seeds)
def test_records_replay_and_states_round_trip(seed: int) -> None:
    states = list(random_states(seed))
    final = states[-1]
    record = json.loads(json.dumps(to_record(final)))
    assert from_record(record) == final
    for state in states[:: max(1, len(states) // 20)]:
        assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state


def test_same_seed_same_record() -> None:
    first = to_record(list(random_states(7))[-1])
    second = to_record(list(random_states(7))[-1])
    assert json.dumps(first) == json.dumps(second)
    assert json.dumps(first) != json.dumps(to_record(list(random_states(8))[-1]))
