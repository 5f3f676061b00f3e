"""Properties over many random games: nothing lost, 180 a round, exact legality, no leaks."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from random_games import random_decisions

from games.vidrasso.rules import (
    DECK,
    GameState,
    Gift,
    IllegalAction,
    Phase,
    Play,
    apply,
    from_record,
    is_legal,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
    to_record,
    trump_options,
    view,
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=25, deadline=None)


def all_cards(state: GameState) -> list[int]:
    rnd = state.round
    cards = [*rnd.hands[0], *rnd.hands[1], *rnd.trick]
    for row in rnd.strawmen:
        for pile in row:
            cards += [x for x in (pile.up, pile.down) if x is not None]
    for trick in rnd.tricks:
        cards += trick.cards
    cards += [g for g in rnd.gifts if g is not None]
    return sorted(x.index for x in cards)


@SETTINGS
@given(seeds)
def test_cards_accounted_for_and_rounds_worth_180(seed: int) -> None:
    rng = random.Random(seed)
    for state in random_decisions(rng, new_game(rng, 300)):
        assert all_cards(state) == list(range(36))
        rnd = state.round
        assert rnd.captured[0] + rnd.captured[1] == sum(t.points for t in rnd.tricks)
        if rnd.scores is not None:
            assert sum(rnd.scores) == 180
            assert len(rnd.tricks) == 17
    assert state.is_over
    assert sum(state.totals) == 180 * len(state.rounds)


@SETTINGS
@given(seeds)
def test_every_legal_card_accepted_every_other_refused(seed: int) -> None:
    rng = random.Random(seed)
    for state in random_decisions(rng, new_game(rng, 300)):
        if state.phase is not Phase.PLAY:
            continue
        seat = state.to_act[0]
        legal = {a.card for a in legal_actions(state, seat) if isinstance(a, Play)}
        assert legal, "a player to act always has a legal card"
        for card in DECK:
            assert is_legal(state, Play(seat, card)) == (card in legal)
        for card in legal:  # the other seat may never play now
            assert not is_legal(state, Play(1 - seat, card))


@SETTINGS
@given(seeds)
def test_legal_set_matches_the_rule_text(seed: int) -> None:
    """An independent restatement of the following rule, checked against the engine."""
    rng = random.Random(seed)
    for state in random_decisions(rng, new_game(rng, 300)):
        if state.phase is not Phase.PLAY or not state.round.trick:
            continue
        rnd = state.round
        seat = rnd.to_play
        led = rnd.trick[0]
        trumps = rnd.trumps
        available = rnd.available(seat)
        can_follow = any(x.suit == led.suit for x in available)
        expected = {
            x
            for x in available
            if not can_follow
            or x.suit == led.suit
            or x.suit == trumps.suit
            or x.rank == trumps.rank
        }
        assert set(rnd.legal_plays(seat)) == expected


@SETTINGS
@given(seeds)
def test_under_cards_turn_up_only_after_the_trick(seed: int) -> None:
    rng = random.Random(seed)
    for state in random_decisions(rng, new_game(rng, 300)):
        if state.is_over or state.phase is Phase.DEAL:
            continue
        rnd = state.round
        for row in rnd.strawmen:
            for pile in row:
                if pile.up is None and pile.down is not None:
                    # only mid-trick, and only for a pile whose top was played in this trick
                    assert len(rnd.trick) == 1 and state.phase is Phase.PLAY
                    assert pile.down not in rnd.available(0) + rnd.available(1)


@SETTINGS
@given(seeds)
def test_views_never_show_hidden_cards(seed: int) -> None:
    rng = random.Random(seed)
    for state in random_decisions(rng, new_game(rng, 300)):
        if state.is_over:
            continue
        rnd = state.round
        downs = {p.down for row in rnd.strawmen for p in row if p.down is not None}
        public = view(state, None)
        assert public.hand is None and public.gift_given is None
        assert not public.visible_cards() & (set(rnd.hands[0]) | set(rnd.hands[1]) | downs)
        assert not public.visible_cards() & {g for g in rnd.gifts if g is not None}
        for seat in (0, 1):
            mine = view(state, seat)
            other = set(rnd.hands[1 - seat])
            received = rnd.gifts[1 - seat]
            assert not mine.visible_cards() & (other | downs)
            assert received is None or received not in mine.visible_cards() or rnd.scores
            assert mine.hand == rnd.hands[seat]


@SETTINGS
@given(seeds)
def test_a_seats_view_lists_its_legal_actions_and_no_hidden_card(seed: int) -> None:
    rng = random.Random(seed)
    for state in random_decisions(rng, new_game(rng, 300)):
        rnd = state.round
        downs = {p.down for row in rnd.strawmen for p in row if p.down is not None}
        assert view(state, None).actions == ()
        for seat in (0, 1):
            mine = view(state, seat)
            # the view's actions against the rules as the round states them (not the same code)
            if state.phase is Phase.TRUMP and seat in state.to_act:
                expected: list[object] = list(trump_options(rnd.bids, seat))
            elif state.phase is Phase.GIFT and seat in state.to_act:
                expected = [Gift(seat, c) for c in rnd.hands[seat]]
            elif state.phase is Phase.PLAY and seat in state.to_act:
                expected = [Play(seat, c) for c in rnd.legal_plays(seat)]
            else:
                expected = []
            assert sorted(map(repr, mine.actions)) == sorted(map(repr, expected))
            due = seat in state.to_act
            cards = rnd.hands[seat] if state.phase is Phase.GIFT else rnd.legal_plays(seat)
            assert mine.legal == (tuple(cards) if due and state.phase is not Phase.TRUMP else ())
            named = {a.card for a in mine.actions if isinstance(a, Gift | Play)}
            assert not named & (set(rnd.hands[1 - seat]) | downs)
            assert named <= set(mine.visible_cards())


@SETTINGS
@given(seeds, st.sampled_from([300, 500]))
def test_game_ends_exactly_when_it_should(seed: int, target: int) -> None:
    rng = random.Random(seed)
    previous: GameState | None = None
    for state in random_decisions(rng, new_game(rng, target)):
        if previous is not None and previous.round.scores is None and state.round.scores:
            reached = max(state.totals) >= target and state.totals[0] != state.totals[1]
            assert state.is_over == reached
            if reached:
                assert state.outcome is not None
                assert state.outcome.winner == (0 if state.totals[0] > state.totals[1] else 1)
        if previous is not None and state.round.number == previous.round.number + 1:
            # a new round: its first chooser follows the rule
            a, b = previous.totals
            expected = (0 if a < b else 1) if a != b else 1 - previous.round.first_chooser
            assert state.round.first_chooser == expected
            assert state.round.dealer == 1 - previous.round.dealer
            assert state.round.leader == 1 - state.round.dealer
        previous = state


@SETTINGS
@given(seeds)
def test_record_export_reload_replay_and_state_json(seed: int) -> None:
    rng = random.Random(seed)
    states = list(random_decisions(rng, new_game(rng, 300)))
    final = states[-1]
    record = json.loads(json.dumps(to_record(final, ["ann", "bo"])))
    assert record["format"] == "vidrasso-record/1"
    assert from_record(record) == final
    for rnd in record["rounds"]:
        assert sum(rnd["scores"]) == 180
        for trick in rnd["tricks"]:
            for play in trick["plays"]:
                assert play["card"] in play["legal"]
    for state in states[:: max(1, len(states) // 20)]:
        assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state


def test_a_tampered_record_is_refused() -> None:
    rng = random.Random(5)
    final = list(random_decisions(rng, new_game(rng, 300)))[-1]
    record = to_record(final)
    play = record["rounds"][0]["tricks"][3]["plays"][1]
    play["legal"] = [*play["legal"], "ZZ"]
    try:
        from_record(record)
    except ValueError as error:
        assert "legal set" in str(error)
    else:
        raise AssertionError("a wrong legal list must be refused")
    record = to_record(final)
    record["rounds"][0]["scores"] = [0, 180]
    try:
        from_record(record)
    except ValueError:
        pass
    else:
        raise AssertionError("wrong scores must be refused")


def test_interrupted_game_record_replays() -> None:
    rng = random.Random(11)
    states = list(random_decisions(rng, new_game(rng, 300)))
    middle = states[len(states) // 3]
    from games.vidrasso.rules import Resign

    resigned, _ = apply(middle, Resign(0))
    record = to_record(resigned)
    assert record["result"] == "resigned" and record["winner"] == 1
    assert from_record(record) == resigned


def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(IllegalAction, ValueError)


@SETTINGS
@given(seeds)
def test_record_text_is_its_record_as_json_writes_it(seed: int) -> None:
    # The simulator writes record_text; anything reading records parses it as JSON.
    from games.vidrasso.rules import Abandon, Resign, TimeOut, record_text

    rng = random.Random(seed)
    states = list(random_decisions(rng, new_game(rng, 300)))
    for n, state in enumerate(states[:: max(1, len(states) // 12)]):
        if not state.is_over and state.cores:
            late = TimeOut(state.to_act[0]) if state.to_act else Resign(1)
            state, _ = apply(state, (Resign(0), late, Abandon())[n % 3])
        for players in (["ann", "bo"], ['Zoë "z"', "\\bö\u2603"]):
            text = record_text(state, players)
            assert json.dumps(json.loads(text), separators=(",", ":")) == text
            assert from_record(json.loads(text)) == state
