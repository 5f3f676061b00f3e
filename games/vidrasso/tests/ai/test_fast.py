"""The bitmask round (games.vidrasso.ai.fast) agrees with the public engine, card by card."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from games.vidrasso.ai.fast import (
    NO_CARD,
    POINTS,
    FastRound,
    cards,
    cards_of,
    mask_of,
    pick,
    random_deal,
    random_round,
    shuffled_order,
    trick_rules,
)
from games.vidrasso.rules import (
    DECK,
    Action,
    Bid,
    BidKind,
    Card,
    Cut,
    Deal,
    GameState,
    Gift,
    Phase,
    Play,
    Rank,
    Round,
    StrawmanTurned,
    Suit,
    TrickTaken,
    Trumps,
    apply,
    card,
    legal_actions,
    legal_plays,
    new_game,
    start_game,
    trick_winner,
)
from games.vidrasso.rules.deal import places

ROUNDS = 400


def c(text: str) -> int:
    return Card.parse(text).index


def mask(*texts: str) -> int:
    return mask_of(Card.parse(t) for t in texts)


def position(fr: FastRound) -> tuple[object, ...]:
    """Everything a FastRound holds that matters for play."""
    return (
        tuple(fr.hands),
        tuple(fr.tops),
        tuple(fr.downs),
        tuple(fr.captured),
        fr.leader,
        fr.led,
        fr.pending,
        fr.trick_count,
        fr.strawmen(0),
        fr.strawmen(1),
        fr.key(),
    )


def public_piles(rnd: Round, seat: int) -> list[tuple[int, int]]:
    return [
        (
            NO_CARD if p.up is None else p.up.index,
            NO_CARD if p.down is None else p.down.index,
        )
        for p in rnd.strawmen[seat]
    ]


def to_play_phase(rng: random.Random, state: GameState) -> GameState:
    """Random trumps and gifts through the public API."""
    while state.phase in (Phase.TRUMP, Phase.GIFT):
        seat = state.to_act[0]
        options: Sequence[Action] = legal_actions(state, seat)
        state, _ = apply(state, rng.choice(options))
    return state


def public_rounds(seed: int, count: int) -> Iterator[tuple[random.Random, GameState]]:
    """Fresh games in the play phase of their first round, dealt and bid at random."""
    rng = random.Random(seed)
    for _ in range(count):
        yield rng, to_play_phase(rng, new_game(rng))


# --- Against the public engine -----------------------------------------------------------


def test_every_play_matches_the_public_engine() -> None:
    plays = turned = 0
    for rng, state in public_rounds(2024, ROUNDS):
        tracked = FastRound.from_round(state.round)
        assert not tracked.is_over
        while state.phase is Phase.PLAY:
            rnd = state.round
            seat = rnd.to_play
            fresh = FastRound.from_round(rnd)
            # The tracked round, played card by card, is the position the engine describes.
            assert position(tracked) == position(fresh)
            assert tracked.to_play == seat
            assert tracked.strawmen(0) == public_piles(rnd, 0)
            assert tracked.strawmen(1) == public_piles(rnd, 1)
            legal = rnd.legal_plays(seat)
            assert fresh.legal(seat) == mask_of(legal)
            assert fresh.legal(1 - seat) == 0
            assert fresh.available(seat) == mask_of(rnd.available(seat))
            assert tracked.moves() == tuple(sorted(x.index for x in legal))

            played = rng.choice(legal)
            state, events = apply(state, Play(seat, played))
            winner = tracked.play(played.index)
            plays += 1
            taken = [e for e in events if isinstance(e, TrickTaken)]
            if taken:
                assert winner == taken[0].trick.winner
                lead, follow = taken[0].trick.cards
                assert tracked.winner(lead.index, follow.index) == (
                    0 if winner == taken[0].trick.leader else 1
                )
            else:
                assert winner == -1
            for event in events:
                if isinstance(event, StrawmanTurned):
                    turned += 1
                    assert tracked.strawmen(event.seat)[event.pile] == (event.card.index, NO_CARD)
                    assert tracked.tops[event.seat] >> event.card.index & 1
            assert tuple(tracked.captured) == state.round.captured
        assert tracked.is_over
        assert tracked.trick_count == 17
        assert tracked.scores() == state.round.scores
        assert sum(tracked.scores()) == 180
    assert plays == ROUNDS * 34
    assert turned > ROUNDS  # the turn-up path was exercised


def test_undo_and_copy_restore_positions() -> None:
    for rng, state in public_rounds(7, 40):
        fr = FastRound.from_round(state.round)
        start = position(fr)
        saved = fr.copy()
        trail = [start]
        while not fr.is_over:
            card_index = pick(fr.legal(fr.to_play), rng)
            before = position(fr)
            fr.play(card_index)
            after = position(fr)
            assert after != before
            fr.undo()
            assert position(fr) == before
            fr.play(card_index)
            assert position(fr) == after
            trail.append(after)
        # The saved copy did not move with the original.
        assert position(saved) == start
        for expected in reversed(trail[:-1]):
            fr.undo()
            assert position(fr) == expected
        with pytest.raises(IndexError):
            fr.undo()


def test_copy_is_independent() -> None:
    rng = random.Random(3)
    fr = random_deal(rng)
    twin = fr.copy()
    start = position(fr)
    fr.play(fr.moves()[0])
    fr.play(fr.moves()[-1])
    assert position(twin) == start
    twin.playout(rng)
    assert twin.is_over
    assert position(fr) != start
    assert not fr.is_over


def test_deal_constructors_agree_with_the_public_round() -> None:
    rng = random.Random(11)
    for _ in range(50):
        order = shuffled_order(rng)
        assert sorted(order) == list(range(36))
        deal = Deal.from_order([DECK[i] for i in order])
        trump_suit, trump_rank = rng.randrange(4), rng.randrange(9)
        gifts = (
            order[places(0).hand][rng.randrange(8)],
            order[places(1).hand][rng.randrange(8)],
        )
        cut = Cut((card(Rank.NINE, Suit.SPADES), card(Rank.ACE, Suit.SPADES)))  # seat 0 deals
        state = start_game(cut, deal)
        chooser = state.round.first_chooser
        state, _ = apply(state, Bid(chooser, BidKind.SUIT, list(Suit)[trump_suit]))
        state, _ = apply(state, Bid(1 - chooser, BidKind.RANK, list(Rank)[trump_rank]))
        state, _ = apply(state, Gift(0, DECK[gifts[0]]))
        state, _ = apply(state, Gift(1, DECK[gifts[1]]))
        public = FastRound.from_round(state.round)
        by_order = FastRound.from_order(order, trump_suit, trump_rank, gifts, leader=1)
        by_deal = FastRound.from_deal(deal, trump_suit, trump_rank, gifts, leader=1)
        assert position(by_order) == position(public) == position(by_deal)
        # The same random cards give the same round either way.
        seed = rng.random()
        assert by_order.playout(random.Random(seed)) == public.playout(random.Random(seed))


def test_a_gift_must_come_from_the_hand() -> None:
    order = list(range(36))
    face_down = order[places(0).downs][0]
    with pytest.raises(ValueError):
        FastRound.from_order(order, 0, 0, (face_down, order[places(1).hand][0]), leader=1)


def test_from_round_needs_the_play_phase() -> None:
    state = new_game(random.Random(5))
    with pytest.raises(ValueError):
        FastRound.from_round(state.round)


# --- Playouts ------------------------------------------------------------------------------


def reference_playout(fr: FastRound, rng: random.Random) -> tuple[int, int]:
    """What FastRound.playout must do, through legal() and play(), drawing the same numbers."""
    while not fr.is_over:
        options = cards(fr.legal(fr.to_play))
        fr.play(options[int(rng.random() * len(options))])
    return fr.scores()


def test_playout_equals_playing_card_by_card() -> None:
    for rng, state in public_rounds(99, 30):
        # Start from mid-round positions too, including mid-trick ones.
        for _ in range(rng.randrange(34)):
            seat = state.round.to_play
            state, _ = apply(state, Play(seat, rng.choice(state.round.legal_plays(seat))))
        fr = FastRound.from_round(state.round)
        seed = rng.random()
        fast_scores = fr.copy().playout(random.Random(seed))
        assert fast_scores == reference_playout(fr.copy(), random.Random(seed))


def test_random_rounds_score_180_and_repeat_with_the_seed() -> None:
    rng = random.Random(1)
    results = [random_round(rng) for _ in range(3000)]
    assert all(a + b == 180 and a >= 0 and b >= 0 for a, b in results)
    assert len(set(results)) > 50
    again = random.Random(1)
    assert [random_round(again) for _ in range(3000)] == results


def test_random_deal_plays_through_the_reference() -> None:
    rng = random.Random(8)
    for _ in range(200):
        fr = random_deal(rng)
        assert fr.key() >> 36 == fr.leader << 6  # nothing led yet
        held = fr.remaining(0) | fr.remaining(1)
        assert held.bit_count() == 34
        assert (
            POINTS[fr.gifts[0]] + POINTS[fr.gifts[1]] + sum(POINTS[i] for i in cards(held)) == 180
        )
        seed = rng.random()
        assert fr.copy().playout(random.Random(seed)) == reference_playout(fr, random.Random(seed))


# --- games/vidrasso/docs/rules.md, Worked examples (hearts trump, sevens trump rank unless said)
# ---------


HEARTS, SPADES, DIAMONDS = Suit.HEARTS.number, Suit.SPADES.number, Suit.DIAMONDS.number
SEVENS, ACES = Rank.SEVEN.number, Rank.ACE.number


def following(led: str, hand: list[str], suit: int = HEARTS, rank: int = SEVENS) -> FastRound:
    """Seat 0 has led ``led``; seat 1 holds ``hand`` and no strawmen."""
    hands = (0, mask(*hand))
    return FastRound(hands, ((), ()), suit, rank, (NO_CARD, NO_CARD), leader=0, led=c(led))


@pytest.mark.parametrize(
    ("lead", "follow", "suit", "rank", "winner"),
    [
        ("7C", "AH", HEARTS, SEVENS, 0),
        ("7C", "7S", HEARTS, SEVENS, 1),
        ("AH", "7S", HEARTS, SEVENS, 1),
        ("2H", "AH", HEARTS, SEVENS, 1),
        ("AH", "9S", HEARTS, SEVENS, 0),
        ("2S", "AS", HEARTS, SEVENS, 1),
        ("AS", "2S", HEARTS, SEVENS, 0),
        ("2S", "AC", HEARTS, SEVENS, 0),
        ("2S", "9H", HEARTS, SEVENS, 1),
        ("3C", "9S", DIAMONDS, ACES, 0),
    ],
)
def test_trick_winner_examples(lead: str, follow: str, suit: int, rank: int, winner: int) -> None:
    assert trick_rules(suit, rank).beaten[c(lead)] >> c(follow) & 1 == winner


def test_the_trick_tables_are_the_public_rules_everywhere() -> None:
    rng = random.Random(4)
    for suit in Suit:
        for rank in Rank:
            trumps = Trumps(suit, rank)
            rules = trick_rules(suit.number, rank.number)
            for lead in DECK:
                for follow in DECK:
                    if lead is follow:
                        continue
                    expected = trick_winner(lead, follow, trumps)
                    assert rules.beaten[lead.index] >> follow.index & 1 == expected
                for _ in range(20):
                    # About four cards each, often none of the led suit.
                    available = rng.getrandbits(36) & rng.getrandbits(36) & rng.getrandbits(36)
                    available &= ~(1 << lead.index)
                    legal = legal_plays(cards_of(available), lead, trumps)
                    assert rules.legal(available, lead.index) == mask_of(legal)


@pytest.mark.parametrize(
    ("led", "hand", "suit", "legal"),
    [
        ("2S", ["5S", "9C", "9H"], HEARTS, ["5S", "9H"]),
        ("2S", ["7S", "4D"], HEARTS, ["7S"]),
        ("2S", ["7S", "3H", "4D"], HEARTS, ["7S", "3H"]),
        ("2S", ["5S", "7C"], SPADES, ["5S", "7C"]),
        ("7C", ["9C", "AH", "7D", "2S"], HEARTS, ["9C", "AH", "7D"]),
        ("3C", ["9S", "4D"], HEARTS, ["9S", "4D"]),
    ],
)
def test_legal_examples(led: str, hand: list[str], suit: int, legal: list[str]) -> None:
    fr = following(led, hand, suit)
    assert fr.legal(1) == mask(*legal)
    assert fr.legal(0) == 0


def test_a_led_strawman_turns_up_only_after_the_trick() -> None:
    # Seat 0 leads the top of pile (2S on 9D); the 9D is not available until the trick ends.
    piles0 = ((c("2S"), c("9D")),)
    fr = FastRound(
        (mask("3C"), mask("5S", "4C")),
        (piles0, ()),
        HEARTS,
        SEVENS,
        (NO_CARD, NO_CARD),
        leader=0,
    )
    assert fr.legal(0) == mask("3C", "2S")
    fr.play(c("2S"))
    assert fr.strawmen(0) == [(NO_CARD, c("9D"))]
    assert fr.available(0) == mask("3C")
    assert fr.legal(1) == mask("5S")
    assert fr.play(c("5S")) == 0
    assert fr.strawmen(0) == [(c("9D"), NO_CARD)]
    assert fr.available(0) == mask("3C", "9D")
    assert fr.captured == [2 + 5, 0]


def test_shuffled_order_is_a_uniform_permutation() -> None:
    rng = random.Random(21)
    orders = [shuffled_order(rng) for _ in range(3600)]
    assert all(sorted(order) == list(range(36)) for order in orders)
    assert len({tuple(order) for order in orders}) == len(orders)
    for place in (0, 17, 35):
        counts = [0] * 36
        for order in orders:
            counts[order[place]] += 1
        # 100 expected per card; the bounds are about six standard deviations wide.
        assert all(40 <= n <= 160 for n in counts), counts
