"""The worked examples of the rules page, and the steps of a hand, one rule at a time."""

from __future__ import annotations

from typing import Any

import pytest

from games.pidro.rules import (
    DECK,
    Bid,
    Card,
    Contract,
    GameEnded,
    HandScored,
    IllegalBid,
    IllegalKill,
    IllegalPlay,
    Kill,
    NameTrump,
    NotYourTurn,
    Phase,
    Play,
    Suit,
    Termination,
    WentCold,
    WrongPhase,
    apply,
    legal_actions,
    trump_order,
)
from games.pidro.rules.cards import POINTS, TRUMPS, cards_in, mask_of
from games.pidro.rules.game import game_winner, kill_options
from games.pidro.tests.helpers import cards, in_play, started


def c(text: str) -> Card:
    return Card.parse(text)


# --- Trumps -------------------------------------------------------------------------------------


def test_hearts_trumps_are_the_hearts_and_the_five_of_diamonds_in_the_rule_order() -> None:
    order = " ".join(x.text for x in trump_order(Suit.HEARTS))
    assert order == "AH KH QH JH TH 9H 8H 7H 6H 5H 5D 4H 3H 2H"
    assert c("5D").strength(Suit.HEARTS) > c("4H").strength(Suit.HEARTS)
    assert c("5D").strength(Suit.HEARTS) < c("5H").strength(Suit.HEARTS)
    assert not c("5C").is_trump(Suit.HEARTS)
    assert c("5C").points(Suit.HEARTS) == 0


@pytest.mark.parametrize("suit", list(Suit))
def test_fourteen_trumps_worth_fourteen_points(suit: Suit) -> None:
    assert TRUMPS[suit.number].bit_count() == 14
    assert sum(POINTS[suit.number]) == 14
    worth = {x.rank.value for x in DECK if x.points(suit)}
    assert worth == {"A", "J", "T", "5", "2"}


# --- Bidding --------------------------------------------------------------------------------------


def test_a_fourteen_over_a_fourteen_takes_the_contract() -> None:
    state = started(dealer=3)
    for bid in (Bid(0, None), Bid(1, 8), Bid(2, 14)):
        state, _ = apply(state, bid)
    assert Bid(3, 14) in legal_actions(state, 3)
    assert Bid(3, 13) not in legal_actions(state, 3)
    state, _ = apply(state, Bid(3, 14))
    assert state.hand.contract == Contract(3, 14)
    assert state.phase is Phase.TRUMP and state.to_act == (3,)


def test_when_the_first_three_pass_the_dealer_plays_a_forced_six() -> None:
    state = started(dealer=3)
    for seat in (0, 1):
        state, _ = apply(state, Bid(seat, None))
    state, events = apply(state, Bid(2, None))
    assert state.hand.contract == Contract(3, 6, forced=True)
    assert state.to_act == (3,)
    assert any(getattr(e, "forced", False) for e in events)


def test_bids_go_round_once_from_the_dealers_left_and_must_rise() -> None:
    state = started(dealer=3)
    assert state.to_act == (0,)
    with pytest.raises(NotYourTurn):
        apply(state, Bid(1, 7))
    with pytest.raises(IllegalBid):
        apply(state, Bid(0, 5))
    state, _ = apply(state, Bid(0, 9))
    with pytest.raises(IllegalBid, match="bid more than 9, or pass"):
        apply(state, Bid(1, 9))
    assert [a.points for a in legal_actions(state, 1)] == [10, 11, 12, 13, 14, None]
    with pytest.raises(WrongPhase):
        apply(state, Play(1, DECK[0]))


# --- Discard, refill, rob, kill -----------------------------------------------------------------


def named(dealer: int = 3, suit: Suit = Suit.HEARTS, seed: int = 0):  # type: ignore[no-untyped-def]
    state = started(dealer=dealer, seed=seed)
    for _seat in range(4):
        if state.phase is Phase.BID:
            state, _ = apply(state, Bid(state.to_act[0], None))
    state, events = apply(state, NameTrump(dealer, suit))
    return state, events


def test_discards_are_the_non_trumps_and_players_are_filled_to_six_from_the_left() -> None:
    for seed in range(40):
        state, _ = named(seed=seed)
        hand = state.hand
        trumps = TRUMPS[Suit.HEARTS.number]
        dealt = [mask_of(h) for h in hand.deal.hands]
        stock = list(hand.deal.stock)
        at = 0
        for seat in (0, 1, 2):  # the dealer is seat 3
            assert hand.discards[seat] == dealt[seat] & ~trumps
            need = max(0, 6 - (dealt[seat] & trumps).bit_count())
            assert hand.received[seat] == tuple(stock[at : at + need])
            at += need
        assert hand.received[3] == tuple(stock[at:])
        dealer_trumps = (dealt[3] & trumps) | mask_of(
            x for x in stock[at:] if x.is_trump(Suit.HEARTS)
        )
        kept = hand.held[3] | hand.kills[3]
        assert kept & trumps == dealer_trumps
        assert kept.bit_count() == max(dealer_trumps.bit_count(), min(6, kept.bit_count()))
        assert hand.buried & trumps == 0


def test_the_stock_runs_out_and_late_players_hold_fewer_than_six() -> None:
    short = []
    for seed in range(200):
        state, _ = named(seed=seed, suit=Suit.CLUBS)
        hand = state.hand
        if any(len(cards_in(hand.held[s])) < 6 for s in range(4) if not hand.kills[s]):
            short.append(seed)
            assert hand.received[3] == () or sum(len(r) for r in hand.received) == 16
    assert short, "some deal runs the stock out"


def test_kills_lay_only_trumps_without_points_and_leave_six() -> None:
    seen = 0
    for seed in range(300):
        state, _events = named(seed=seed, suit=Suit.SPADES)
        hand = state.hand
        for seat in state.to_act if state.phase is Phase.KILL else ():
            seen += 1
            options = legal_actions(state, seat)
            assert all(isinstance(k, Kill) for k in options)
            trumps = hand.held[seat] & hand.trumps
            for k in options:
                assert len(k.cards) == trumps.bit_count() - 6
                assert all(x.points(Suit.SPADES) == 0 for x in k.cards)
            point = next(x for x in cards_in(trumps) if x.points(Suit.SPADES))
            with pytest.raises(IllegalKill, match="worth points"):
                apply(state, Kill.of(seat, (point, *options[0].cards[1:])))
            with pytest.raises(IllegalKill, match="kill exactly"):
                apply(state, Kill.of(seat, options[0].cards[1:]))
            after, _ = apply(state, options[0])
            assert (after.hand.held[seat] & after.hand.trumps).bit_count() == 6
    assert seen, "some deal gives a player more than six trumps"


def test_a_kill_with_one_possible_set_is_made_by_the_rules() -> None:
    assert kill_options(0, mask_of(cards("AS KS QS JS TS 5S 5C 2S")), Suit.SPADES) == (
        Kill(0, cards("QS KS")),
    )
    assert (
        len(kill_options(0, mask_of(cards("AS KS QS JS 9S 8S 7S 3S")), Suit.SPADES)) == 15
    )  # 2 of K Q 9 8 7 3


# --- Tricks ---------------------------------------------------------------------------------------


def test_worked_trick_the_two_scores_for_whoever_played_it() -> None:
    state = in_play(
        Suit.SPADES,
        {0: "TS 3S", 1: "2S 4S", 2: "5C 6S", 3: "KS 7S"},
        leader=1,
        contract=Contract(1, 7),
    )
    for play in (Play(1, c("2S")), Play(2, c("5C")), Play(3, c("KS"))):
        state, _ = apply(state, play)
    state, _events = apply(state, Play(0, c("TS")))
    trick = state.hand.tricks[-1]
    assert trick.winner == 3 and trick.points == (0, 7)

    state = in_play(
        Suit.SPADES,
        {0: "TS 3S", 1: "5C 4S", 2: "2S 6S", 3: "KS 7S"},
        leader=1,
        contract=Contract(1, 7),
    )
    for play in (Play(1, c("5C")), Play(2, c("2S")), Play(3, c("KS")), Play(0, c("TS"))):
        state, _ = apply(state, play)
    assert state.hand.tricks[-1].points == (1, 6)


def test_only_trumps_are_played_and_any_trump_will_do() -> None:
    state = in_play(
        Suit.HEARTS,
        {0: "AH 2H 9C", 1: "3H 7S", 2: "4H QD", 3: "6H 8H"},
        leader=0,
        contract=Contract(0, 6),
    )
    assert {a.card.text for a in legal_actions(state, 0)} == {"AH", "2H"}
    with pytest.raises(IllegalPlay, match="not a trump"):
        apply(state, Play(0, c("9C")))
    with pytest.raises(IllegalPlay, match="not in your hand"):
        apply(state, Play(0, c("KH")))
    state, _ = apply(state, Play(0, c("AH")))
    assert {a.card.text for a in legal_actions(state, 1)} == {"3H"}  # no need to beat the ace


def test_a_player_goes_cold_at_their_turn_and_later_tricks_skip_them() -> None:
    state = in_play(
        Suit.HEARTS,
        {0: "AH KH", 1: "3H 7S", 2: "4H QH", 3: "6H 8H"},
        leader=0,
        contract=Contract(0, 6),
    )
    state, _ = apply(state, Play(0, c("AH")))
    state, _ = apply(state, Play(1, c("3H")))
    assert state.hand.cold == ()  # not before their turn
    state, _ = apply(state, Play(2, c("4H")))
    state, _ = apply(state, Play(3, c("6H")))
    state, _ = apply(state, Play(0, c("KH")))
    assert state.hand.cold == (1,) and state.to_act == (2,)
    assert state.hand.plays == ((0, c("KH")),)


def test_a_leader_without_trumps_goes_cold_and_the_lead_passes_left() -> None:
    state = in_play(
        Suit.HEARTS,
        {0: "9C", 1: "3H", 2: "4H", 3: "6H"},
        leader=0,
        contract=Contract(0, 6),
    )
    from games.pidro.rules.game import _lead

    hand = _lead(state.hand, 0, events := [])
    assert hand.turn == 1 and hand.cold == (0,)
    assert events == [WentCold(0, (c("9C"),))]


def test_worked_ending_one_team_holds_every_trump_left() -> None:
    state = in_play(
        Suit.DIAMONDS,
        {1: "AD 3D 4D", 3: "6D"},
        leader=1,
        contract=Contract(1, 6),
        cold=(0, 2),
    )
    state, _ = apply(state, Play(1, c("4D")))
    state, events = apply(state, Play(3, c("6D")))
    hand = state.hand
    assert hand.kept_by is not None
    assert hand.kept_by.team == 1 and hand.kept_by.cards == cards("3D AD")
    assert hand.taken == (0, 1)
    assert any(isinstance(e, HandScored) for e in events)


# --- Scoring and the end ------------------------------------------------------------------------


def test_worked_scoring_a_hole_and_both_over_the_target() -> None:
    # Team A bid 9 and took 8: A goes down 9, B scores 6.
    state = in_play(
        Suit.CLUBS,
        {0: "AC", 1: "3C"},
        leader=0,
        contract=Contract(0, 9),
        taken=(7, 6),
    )
    state, _ = apply(state, Play(0, c("AC")))
    state, _ = apply(state, Play(1, c("3C")))
    assert state.hand.taken == (8, 6) and state.hand.scores == (-9, 6)
    assert state.totals == (-9, 6)
    assert not state.finished[-1].made  # what the hand-over, the picture and the ladder read
    # A at 58 bids 10 and makes 10 while B, at 60, takes 4: both reach 62, A bid, A wins.
    state = in_play(
        Suit.CLUBS,
        {0: "AC", 1: "3C"},
        leader=0,
        contract=Contract(0, 10),
        taken=(9, 4),
        totals=(58, 60),
    )
    state, _ = apply(state, Play(0, c("AC")))
    state, events = apply(state, Play(1, c("3C")))
    assert state.totals == (68, 64)
    assert state.finished[-1].made and state.finished[-1].scores == (10, 4)  # exactly the bid
    assert state.outcome is not None and state.outcome.winner == 0
    assert state.outcome.termination is Termination.FINISHED
    assert isinstance(events[-1], GameEnded)


def test_the_game_goes_on_below_the_target_and_ends_for_the_one_team_above() -> None:
    hand = in_play(Suit.CLUBS, {}, leader=0, contract=Contract(1, 6)).hand
    assert game_winner((61, 61), 62, hand) is None
    assert game_winner((62, 10), 62, hand).winner == 0  # type: ignore[union-attr]
    assert game_winner((62, 70), 62, hand).winner == 1  # type: ignore[union-attr]
    assert game_winner((70, 62), 62, hand).winner == 1  # type: ignore[union-attr]


def test_resigning_or_running_out_of_time_loses_for_the_team() -> None:
    from games.pidro.rules import Abandon, GameOver, Resign, TimeOut

    state = started(dealer=3)
    over, _ = apply(state, Resign(2))
    assert over.outcome is not None and over.outcome.winner == 1 and over.outcome.seat == 2
    with pytest.raises(GameOver):
        apply(over, Bid(0, None))
    with pytest.raises(NotYourTurn):
        apply(state, TimeOut(1))
    timed, _ = apply(state, TimeOut(0))
    assert timed.outcome is not None and timed.outcome.winner == 1
    stopped, _ = apply(state, Abandon())
    assert stopped.outcome is not None and stopped.outcome.winner is None


def test_trumps_are_named_by_the_highest_bidder_only() -> None:
    state = started(dealer=3)
    state, _ = apply(state, Bid(0, 7))
    for seat in (1, 2, 3):
        state, _ = apply(state, Bid(seat, None))
    assert state.to_act == (0,)
    with pytest.raises(NotYourTurn):
        apply(state, NameTrump(1, Suit.HEARTS))
    assert len(legal_actions(state, 0)) == 4


def test_our_replay_refuses_a_decision_without_its_legal_list() -> None:
    """Every decision a record holds carries its legal set; one without is not a record of
    ours (an outside replay would have nothing to check it against)."""
    import copy

    from games.pidro.rules import InvalidRecord, replay, to_record
    from games.pidro.tests.helpers import random_states

    *_, final = random_states(5)
    record = to_record(final)
    for _ in replay(record):  # whole, it replays
        pass
    broken = copy.deepcopy(record)
    del broken["hands"][0]["tricks"][0]["plays"][1]["legal"]
    with pytest.raises(InvalidRecord, match="no legal list"):
        for _ in replay(broken):
            pass


def _altered(record: dict[str, Any], field: str) -> dict[str, Any]:
    """The record with one field it states wrong."""
    import copy

    broken = copy.deepcopy(record)
    if field == "target":
        broken["target"] = 50
    elif field == "number":
        broken["hands"][1]["number"] = 3
    elif field == "leader":
        trick = broken["hands"][0]["tricks"][2]
        trick["leader"] = (trick["leader"] + 1) % 4
    return broken


@pytest.mark.parametrize(
    ("field", "refusal"),
    [
        ("target", "played to 62, not 50"),
        ("number", "hand 2 is numbered 3"),
        ("leader", "hand 1: a trick led by seat . in the record is led by seat . by the rules"),
    ],
)
def test_our_replay_refuses_a_record_that_states_a_field_wrong(field: str, refusal: str) -> None:
    """A record replays whole; the same record with its target, a hand's number or a trick's
    leader altered is refused, saying which."""
    from games.pidro.rules import InvalidRecord, from_record, to_record
    from games.pidro.tests.helpers import random_states

    *_, final = random_states(5)
    record = to_record(final)
    assert len(record["hands"]) >= 2 and len(record["hands"][0]["tricks"]) >= 3
    assert from_record(record) == final
    with pytest.raises(InvalidRecord, match=refusal):
        from_record(_altered(record, field))


def test_our_replay_refuses_a_wrong_leader_of_the_trick_in_progress() -> None:
    from games.pidro.rules import InvalidRecord, from_record, to_record
    from games.pidro.tests.helpers import random_states

    mid_trick = next(s for s in random_states(5) if len(s.hand.plays) == 2)
    record = to_record(mid_trick)
    from_record(record)
    trick = record["hands"][-1]["tricks"][-1]
    trick["leader"] = (trick["leader"] + 2) % 4
    with pytest.raises(InvalidRecord, match="a trick led by seat"):
        from_record(record)
