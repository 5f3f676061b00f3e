"""The game flow: deal, trump choice, gifts, tricks, strawmen, scoring, rounds and the end."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.vidrasso.rules import (
    DECK,
    Abandon,
    Bid,
    BidKind,
    Card,
    Cut,
    Deal,
    GameOver,
    GameState,
    Gift,
    IllegalBid,
    IllegalGift,
    IllegalPlay,
    InvalidDeal,
    NotYourTurn,
    Phase,
    Play,
    Rank,
    Resign,
    Suit,
    Termination,
    TimeOut,
    WrongPhase,
    apply,
    legal_actions,
    start_game,
    view,
)
from games.vidrasso.rules.deal import places, shuffled_deck


def c(text: str) -> Card:
    return Card.parse(text)


def fixed_deal() -> Deal:
    """Seat 0: hand of spades A..8, strawmen up hearts A..5 over clubs A..5 (down).
    Seat 1: hand of diamonds A..8, strawmen up 6H 7H 8H 9H 9S over 6C 7C 8C 9C 9D."""
    hands = (
        tuple(c(r + "S") for r in "A2345678"),
        tuple(c(r + "D") for r in "A2345678"),
    )
    rows = (
        tuple((c(r + "C"), c(r + "H")) for r in "A2345"),
        (
            (c("6C"), c("6H")),
            (c("7C"), c("7H")),
            (c("8C"), c("8H")),
            (c("9C"), c("9H")),
            (c("9D"), c("9S")),
        ),
    )
    return Deal(hands, rows)


def started(dealer: int = 1) -> GameState:
    cut = Cut((c("3S"), c("9H"))) if dealer == 1 else Cut((c("9H"), c("3S")))
    return start_game(cut, fixed_deal(), 300)


def after_trumps(state: GameState, suit: Suit = Suit.CLUBS, rank: Rank = Rank.ACE) -> GameState:
    first = state.round.first_chooser
    state, _ = apply(state, Bid(first, BidKind.SUIT, suit))
    state, _ = apply(state, Bid(1 - first, BidKind.RANK, rank))
    return state


def test_cut_weaker_card_deals_and_equal_ranks_cut_again() -> None:
    assert Cut((c("9C"), c("3H"))).dealer == 0
    assert Cut((c("AC"), c("2H"))).dealer == 1
    with pytest.raises(InvalidDeal):
        Cut((c("5C"), c("5H")))
    rng = random.Random(3)
    for _ in range(200):
        cut = Cut.random(rng)
        assert cut.cards[0].rank is not cut.cards[1].rank


def test_deal_shape_and_validation() -> None:
    deal = Deal.shuffled(random.Random(1))
    cards = [*deal.hands[0], *deal.hands[1]] + [
        x for s in (0, 1) for p in deal.strawmen[s] for x in p
    ]
    assert sorted(x.index for x in cards) == list(range(36))
    assert all(len(h) == 8 for h in deal.hands)
    with pytest.raises(InvalidDeal):
        Deal((deal.hands[0], deal.hands[0]), deal.strawmen)


def test_a_deck_order_is_dealt_where_its_places_say() -> None:
    laid_out = [
        i
        for at in (places(0), places(1))
        for part in (at.downs, at.ups, at.hand)
        for i in range(len(DECK))[part]
    ]
    assert sorted(laid_out) == list(range(len(DECK)))
    deal = Deal.from_order(DECK)
    for seat in (0, 1):
        at = places(seat)
        assert deal.hands[seat] == DECK[at.hand]
        assert deal.strawmen[seat] == tuple(zip(DECK[at.downs], DECK[at.ups], strict=True))
    # Face-down strawmen first, then the face-up ones, then the hands.
    assert deal.strawmen[0][0] == (DECK[0], DECK[10]) and deal.hands[1][-1] is DECK[35]
    shuffled = Deal.shuffled(random.Random(2))
    assert Deal.from_order(shuffled.order()) == shuffled


def test_the_written_out_shuffle_is_the_standard_librarys() -> None:
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        expected = list(DECK)
        theirs.shuffle(expected)
        assert shuffled_deck(ours) == expected
        assert ours.random() == theirs.random()  # the same draws taken, no more


def test_round_one_non_dealer_chooses_first_and_picks_the_kind() -> None:
    state = started(dealer=1)
    assert state.round.dealer == 1
    assert state.phase is Phase.TRUMP and state.to_act == (0,)
    options = legal_actions(state, 0)
    assert len(options) == 4 + 9
    assert legal_actions(state, 1) == []
    with pytest.raises(NotYourTurn):
        apply(state, Bid(1, BidKind.SUIT, Suit.HEARTS))
    state, _ = apply(state, Bid(0, BidKind.RANK, Rank.SEVEN))
    assert state.to_act == (1,)
    # the second chooser names the remaining kind, any of the four suits
    assert {b.kind for b in legal_actions(state, 1)} == {BidKind.SUIT}
    assert len(legal_actions(state, 1)) == 4
    with pytest.raises(IllegalBid, match="name the trump suit"):
        apply(state, Bid(1, BidKind.RANK, Rank.TWO))
    state, _ = apply(state, Bid(1, BidKind.SUIT, Suit.HEARTS))
    assert state.round.trumps.suit is Suit.HEARTS and state.round.trumps.rank is Rank.SEVEN
    assert state.phase is Phase.GIFT and set(state.to_act) == {0, 1}


def test_gifts_are_independent_hidden_and_from_the_hand() -> None:
    state = after_trumps(started())
    with pytest.raises(IllegalGift, match="not in your hand"):
        apply(state, Gift(0, c("AH")))  # a strawman top, not a hand card
    with pytest.raises(WrongPhase):
        apply(state, Play(0, c("AS")))
    state, _ = apply(state, Gift(1, c("8D")))  # seat 1 may give first
    assert state.to_act == (0,)
    with pytest.raises(NotYourTurn, match="already given"):
        apply(state, Gift(1, c("7D")))
    # the receiver's view does not show the gift; the giver's does
    assert view(state, 1).gift_given == c("8D")
    assert view(state, 0).gift_given is None
    assert c("8D") not in view(state, 0).visible_cards()
    assert c("8D") not in view(state, None).visible_cards()
    state, _ = apply(state, Gift(0, c("8S")))
    assert state.phase is Phase.PLAY
    assert len(state.round.hands[0]) == 7 and len(state.round.hands[1]) == 7
    assert state.to_act == (0,)  # the non-dealer leads


def test_strawman_under_card_turns_up_only_after_the_trick() -> None:
    state = after_trumps(started(), Suit.CLUBS, Rank.NINE)
    state, _ = apply(state, Gift(0, c("8S")))
    state, _ = apply(state, Gift(1, c("8D")))
    # seat 0 leads its strawman AH (over AC)
    state, _ = apply(state, Play(0, c("AH")))
    pile = state.round.strawmen[0][0]
    assert pile.up is None and pile.down == c("AC")
    assert c("AC") not in state.round.available(0)
    public = view(state, None)
    assert public.strawmen[0][0].up is None and public.strawmen[0][0].hidden == 1
    assert c("AC") not in public.visible_cards() and c("AC") not in view(state, 0).visible_cards()
    # seat 1 must follow hearts (6H 7H 8H 9H tops) or trump (9S is a trump-rank card)
    assert {x.text for x in state.round.legal_plays(1)} == {"6H", "7H", "8H", "9H", "9S"}
    with pytest.raises(IllegalPlay, match="follow hearts or play a trump"):
        apply(state, Play(1, c("AD")))
    state, _ = apply(state, Play(1, c("6H")))
    # AH beats 6H; the trick is complete: both under-cards turn up
    assert state.round.tricks[-1].winner == 0
    assert state.round.strawmen[0][0].up == c("AC") and state.round.strawmen[0][0].down is None
    assert state.round.strawmen[1][0].up == c("6C")
    assert c("AC") in state.round.available(0)
    assert state.round.captured == (1 + 6, 0)
    assert state.to_act == (0,)  # the winner leads


def test_errors_speak_to_the_player() -> None:
    state = after_trumps(started())
    state, _ = apply(state, Gift(0, c("8S")))
    state, _ = apply(state, Gift(1, c("8D")))
    with pytest.raises(NotYourTurn, match="not your turn"):
        apply(state, Play(1, c("AD")))
    with pytest.raises(IllegalPlay, match="not one of your available cards"):
        apply(state, Play(0, c("AD")))
    with pytest.raises(IllegalPlay, match="not one of your available cards"):
        apply(state, Play(0, c("AC")))  # face-down strawman card


def test_resign_timeout_abandon_are_outcomes() -> None:
    state = started()
    over, _ = apply(state, Resign(1))
    assert over.outcome is not None
    assert (over.outcome.termination, over.outcome.winner, over.outcome.seat) == (
        Termination.RESIGNED,
        0,
        1,
    )
    with pytest.raises(GameOver):
        apply(over, Resign(0))
    with pytest.raises(NotYourTurn):
        apply(state, TimeOut(1))  # seat 1 was not to act
    timed, _ = apply(state, TimeOut(0))
    assert timed.outcome is not None and timed.outcome.winner == 1
    aborted, _ = apply(state, Abandon())
    assert aborted.outcome is not None and aborted.outcome.winner is None


def test_versions_count_every_action() -> None:
    state = started()
    assert state.moves == 1
    state2, _ = apply(state, Bid(0, BidKind.SUIT, Suit.HEARTS))
    assert state2.moves == 2


def _play_round_to_last_card(seed: int) -> GameState:
    rng = random.Random(seed)
    state = start_game(Cut.random(rng), Deal.shuffled(rng), 300)
    while True:
        seat = state.to_act[0]
        options = legal_actions(state, seat)
        if state.phase is Phase.PLAY and len(state.round.tricks) == 16 and state.round.trick:
            return state
        state, _ = apply(state, rng.choice(options))


def _last_play(state: GameState) -> Play:
    seat = state.to_act[0]
    action = legal_actions(state, seat)[0]
    assert isinstance(action, Play)
    return action


@pytest.mark.parametrize("seed", range(5))
def test_game_ends_at_target_and_continues_on_a_tie(seed: int) -> None:
    before = _play_round_to_last_card(seed)
    last = _last_play(before)
    scored, _ = apply(before, last)
    a, b = scored.round.scores or (0, 0)
    assert a + b == 180
    # totals tied at or above the target: the game goes on
    tied = before.replace(totals=(400 - a, 400 - b))
    after, _ = apply(tied, last)
    assert after.totals == (400, 400) and after.outcome is None and after.phase is Phase.DEAL
    # one point apart above the target: the higher total wins
    ahead = before.replace(totals=(401 - a, 400 - b))
    after, _ = apply(ahead, last)
    assert after.outcome is not None and after.outcome.winner == 0
    assert after.outcome.termination is Termination.FINISHED
    # both below the target: the game goes on
    below = before.replace(totals=(0, 0))
    after, _ = apply(below, last)
    assert after.outcome is None
    # exactly at the target counts as reaching it
    exact = before.replace(totals=(300 - a, 0))
    after, _ = apply(exact, last)
    assert after.totals[0] == 300
    assert after.outcome is not None and after.outcome.winner == (
        0 if after.totals[0] > after.totals[1] else 1
    )


@pytest.mark.parametrize(
    ("totals", "previous_first", "expected"),
    [((100, 80), 0, 1), ((80, 100), 1, 0), ((90, 90), 0, 1), ((90, 90), 1, 0)],
)
def test_later_rounds_lower_total_chooses_first_ties_to_previous_second(
    totals: tuple[int, int], previous_first: int, expected: int
) -> None:
    state = _play_round_to_last_card(7)
    last = _last_play(state)
    scored, _ = apply(state, last)
    a, b = scored.round.scores or (0, 0)
    rnd = replace(state.round, first_chooser=previous_first)
    prepared = state.replace(rounds=(rnd,), totals=(totals[0] - a, totals[1] - b))
    ended, _ = apply(prepared, last)
    assert ended.totals == totals and ended.phase is Phase.DEAL
    nxt, _ = apply(ended, Deal.shuffled(random.Random(1)))
    assert nxt.round.first_chooser == expected
    assert nxt.round.dealer == 1 - state.round.dealer
    assert nxt.to_act == (expected,)


def test_deck_is_36_cards() -> None:
    assert len(DECK) == 36 and len({x.text for x in DECK}) == 36
