"""The search levels: fair (the view alone decides), legal, reproducible; worlds that respect
what a seat knows; the playout policy and the exact endgame solver."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from random_games import decision_points, reshuffle_hidden

from bot.simulate import main as simulate_main
from games.vidrasso.ai.base import Player
from games.vidrasso.ai.decide import decide
from games.vidrasso.ai.endgame import Solver
from games.vidrasso.ai.fast import (
    BIT,
    NO_CARD,
    POINTS,
    RANK_MASKS,
    SUIT_MASKS,
    FastRound,
    cards,
    mask_of,
    random_deal,
)
from games.vidrasso.ai.greedy import GreedyPlayer
from games.vidrasso.ai.players import make_player
from games.vidrasso.ai.playout import WEIGHTS, Playout, jittered
from games.vidrasso.ai.random_player import RandomPlayer
from games.vidrasso.ai.search import Budget, SearchPlayer, choose, level_budget
from games.vidrasso.ai.worlds import (
    BID_BELIEF,
    Sampler,
    play_position,
    seen_mask,
    void_suits,
)
from games.vidrasso.arena.match import play_game
from games.vidrasso.arena.seer import choose_seeing, true_world
from games.vidrasso.rules import (
    POINTS_PER_ROUND,
    BidKind,
    Card,
    GameState,
    Phase,
    Play,
    RoundAction,
    Strawman,
    TableView,
    from_record,
    to_record,
    view,
)

LEVELS = ("easy", "medium", "hard")

SMALL = {
    "medium": Budget(work=800, max_worlds=12, seconds=None),
    "hard": Budget(
        work=1_500, max_worlds=16, endgame=5, endgame_nodes=4_000, seconds=None, reads=24
    ),
}
"""Small deterministic budgets (no wall-time cut-off) for reproducible decisions."""


def small_decide(level: str, seen: TableView, seed: int) -> RoundAction:
    if level == "easy":
        return decide(level, seen, seed)
    return choose(seen, SMALL[level], random.Random(seed))


def sample_points(seed: int, seat: int, every: int) -> list[GameState]:
    """Some decision points of a game: trumps, gifts and plays early, mid and late."""
    return [s for i, s in enumerate(decision_points(seed, seat)) if i % every == 0]


# --- Fairness ---------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_decides_the_same_when_only_unseen_cards_differ(level: str) -> None:
    shuffler = random.Random(level)
    phases: set[Phase] = set()
    changed = 0
    for seat in (0, 1):
        for state in sample_points(seed=30 + seat, seat=seat, every=5):
            other = reshuffle_hidden(state, seat, shuffler)
            changed += other.round != state.round
            seen = view(state, seat)
            assert view(other, seat) == seen
            phases.add(seen.phase)
            first = small_decide(level, seen, seed=11)
            assert small_decide(level, view(other, seat), seed=11) == first
            assert first in seen.actions
    assert changed > 10
    assert phases == {Phase.TRUMP, Phase.GIFT, Phase.PLAY}


def test_its_own_face_down_strawmen_are_unknown_to_it() -> None:
    # Only the seat's own face-down cards are swapped: the decision cannot change.
    for state in sample_points(seed=41, seat=0, every=3)[:12]:
        rnd = state.round
        downs = [p.down for p in rnd.strawmen[0] if p.down is not None]
        if len(downs) < 2:
            continue
        rotated = iter(downs[1:] + downs[:1])
        row = tuple(
            Strawman(p.up, next(rotated) if p.down is not None else None) for p in rnd.strawmen[0]
        )
        other = state.replace(
            rounds=(*state.rounds[:-1], replace(rnd, strawmen=(row, rnd.strawmen[1])))
        )
        assert view(other, 0) == view(state, 0)
        assert small_decide("hard", view(other, 0), 5) == small_decide("hard", view(state, 0), 5)


def test_the_same_seed_gives_the_same_decision() -> None:
    for state in sample_points(seed=42, seat=1, every=7):
        seen = view(state, 1)
        for level in ("medium", "hard"):
            assert small_decide(level, seen, 3) == small_decide(level, seen, 3)


# --- Whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "medium", pytest.param("hard", marks=pytest.mark.slow)])
def test_each_level_finishes_games_with_only_legal_moves(level: str) -> None:
    for seed in range(2):
        deal_rng = random.Random(f"level game {seed}")
        rngs = [random.Random(f"a {seed}"), random.Random(f"b {seed}")]
        me = make_player(level)
        opponent: Player = GreedyPlayer() if seed == 0 else RandomPlayer()
        players = [me, opponent] if seed == 0 else [opponent, me]
        # play_game raises IllegalDecision on any decision that is not an option.
        state = play_game(players, deal_rng, rngs, target=300)
        assert state.outcome is not None and state.outcome.winner in (0, 1)
        assert all(sum(r.scores or ()) == POINTS_PER_ROUND for r in state.rounds)
        assert from_record(to_record(state, [p.name for p in players])).totals == state.totals


def test_the_registry_plays_the_levels_under_their_names() -> None:
    for level in LEVELS:
        assert make_player(level).name == level
    assert isinstance(make_player("hard"), SearchPlayer)
    assert level_budget("hard").work < 90_000  # scaled down by the tests' conftest


def test_simulate_plays_a_search_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.jsonl"
    args = ["--games", "1", "--seed", "3", "--players", "medium,greedy", "--out", str(out)]
    assert simulate_main(args) == 0
    (line,) = out.read_text(encoding="utf-8").splitlines()
    record = json.loads(line)
    assert record["players"] == ["medium", "greedy"] and record["result"] == "finished"
    assert from_record(record).is_over
    assert "medium" in capsys.readouterr().out


# --- Worlds -----------------------------------------------------------------------------------


def play_views(seeds: range) -> Iterator[tuple[GameState, TableView]]:
    for seed in seeds:
        for seat in (0, 1):
            for state in decision_points(seed, seat):
                yield state, view(state, seat)


def test_sampled_worlds_respect_everything_the_seat_knows() -> None:
    rng = random.Random(1)
    checked = voids_seen = 0
    for state, seen in play_views(range(50, 56)):
        assert seen.seat is not None and seen.hand is not None
        me, them = seen.seat, 1 - seen.seat
        sampler = Sampler(seen)
        unseen = ~seen_mask(seen) & ((1 << 36) - 1)
        assert unseen == mask_of(unseen_cards(state, me))
        voids = void_suits(seen)
        voids_seen += voids != 0
        truth = true_world(state, me)
        assert truth.their_hand & voids == 0, "an inference the true cards contradict"
        for _ in range(20):
            world = sampler.sample(rng)
            downs = [c for row in world.downs for c in row if c != NO_CARD]
            places = [*cards(world.their_hand), *downs]
            if world.their_gift != NO_CARD:
                places.append(world.their_gift)
            assert len(places) == len(set(places)) == bin(unseen).count("1")
            assert mask_of_indices(places) == unseen
            assert bin(world.their_hand).count("1") == seen.hand_sizes[them]
            assert world.their_hand & voids == 0
            for s in (0, 1):
                for pile, down in zip(seen.strawmen[s], world.downs[s], strict=True):
                    assert (down != NO_CARD) == (pile.hidden == 1)
            assert (world.their_gift != NO_CARD) == (
                seen.gifts_in[them] and seen.phase is not Phase.TRUMP
            )
            if seen.phase is Phase.PLAY:
                fr = play_position(seen, world)
                assert fr.to_play == me
                assert set(cards(fr.legal(me))) == {c.index for c in seen.legal}
            checked += 1
    assert checked > 1000 and voids_seen > 0


def unseen_cards(state: GameState, seat: int) -> list[Card]:
    """The cards ``seat`` cannot see, from the full state."""
    rnd = state.round
    them = 1 - seat
    out = list(rnd.hands[them])
    if rnd.gifts[them] is not None and rnd.phase is not Phase.TRUMP:
        gift = rnd.gifts[them]
        assert gift is not None
        out.append(gift)
    for row in rnd.strawmen:
        out += [p.down for p in row if p.down is not None]
    return out


def mask_of_indices(indices: list[int]) -> int:
    mask = 0
    for i in indices:
        mask |= BIT[i]
    return mask


def test_the_true_world_gives_the_true_position() -> None:
    for state, seen in play_views(range(60, 62)):
        if seen.phase is not Phase.PLAY:
            continue
        assert seen.seat is not None
        fr = play_position(seen, true_world(state, seen.seat))
        real = FastRound.from_round(state.round)
        assert fr.hands == real.hands and fr.tops == real.tops and fr.downs == real.downs
        assert fr.key() == real.key()


# --- The playout policy and the endgame solver ------------------------------------------------


def test_playouts_play_legal_cards_and_share_all_points() -> None:
    rng = random.Random(2)
    for _ in range(200):
        fr = random_deal(rng, leader=rng.randrange(2))
        policy = Playout(fr.trump_suit, fr.trump_rank)
        while not fr.is_over:
            card = policy.choose(fr)
            assert fr.legal(fr.to_play) >> card & 1
            fr.play(card)
        g0, g1 = fr.gifts
        assert sum(fr.captured) == POINTS_PER_ROUND - POINTS[g0] - POINTS[g1]


def brute_force(fr: FastRound, seat: int) -> int:
    if fr.led < 0 and not (fr.hands[fr.leader] | fr.tops[fr.leader]):
        return 0
    values = []
    for move in fr.moves():
        before = fr.captured[seat]
        fr.play(move)
        values.append(fr.captured[seat] - before + brute_force(fr, seat))
        fr.undo()
    return max(values) if fr.to_play == seat else min(values)


def test_the_endgame_solver_finds_the_minimax_value() -> None:
    rng = random.Random(3)
    for n in range(60):
        fr = random_deal(rng, leader=n % 2)
        policy = Playout(fr.trump_suit, fr.trump_rank)
        left = 2 + n % 3
        while 17 - fr.trick_count > left or (n % 2 and fr.led < 0):
            fr.play(policy.choose(fr))
        seat = n % 2
        assert Solver(seat).value(fr) == brute_force(fr, seat)
        moves = fr.moves()
        values = Solver(fr.to_play).move_values(fr, moves)
        best = max(values)
        assert Solver(fr.to_play).value(fr) == best


def test_with_every_card_known_the_endgame_search_plays_perfectly() -> None:
    budget = Budget(work=0, max_worlds=1, min_worlds=1, endgame=5, endgame_nodes=10**6)
    checked = 0
    for state, seen in play_views(range(70, 73)):
        if seen.phase is not Phase.PLAY or len(seen.tricks) < 12 or len(seen.legal) < 2:
            continue
        assert seen.seat is not None
        choice = choose_seeing(state, seen.seat, budget, random.Random(0))
        fr = play_position(seen, true_world(state, seen.seat))
        moves = fr.moves()
        values = Solver(seen.seat).move_values(fr, moves)
        assert isinstance(choice, Play)
        assert values[moves.index(choice.card.index)] == max(values)
        checked += 1
    assert checked > 5


@pytest.mark.slow
def test_worlds_lean_towards_hands_that_fit_the_opponents_trump_choice() -> None:
    """An opponent that named a trump rank is dealt more of that rank in the sampled worlds
    than when the inference is turned off."""
    leaned = 0
    for _state, seen in play_views(range(60, 80)):
        assert seen.seat is not None
        named = [b for b in seen.bids if b.seat != seen.seat and b.kind is BidKind.RANK]
        if seen.phase is not Phase.GIFT or not named:
            continue
        rank = RANK_MASKS[named[0].value.number]

        def mean_held(belief: float, seen: TableView = seen, rank: int = rank) -> float:
            sampler = Sampler(seen, belief)
            rng = random.Random(7)
            worlds = [sampler.sample(rng) for _ in range(400)]
            held = [(w.their_hand | BIT[w.their_gift]) & rank for w in worlds]
            return sum(h.bit_count() for h in held) / len(held)

        plain, believing = mean_held(0.0), mean_held(BID_BELIEF)
        if plain < 3:  # room for the inference to show
            assert believing > plain + 0.1
            leaned += 1
    assert leaned >= 3


@pytest.mark.slow
def test_worlds_guess_the_opponents_gift_among_high_plain_cards_not_trumps() -> None:
    """Players give high plain cards and keep their trumps: the sampled gift is a trump far
    less often, and a plain nine more often, than when the inference is turned off."""
    checked = 0
    for _state, seen in play_views(range(60, 70)):
        assert seen.seat is not None
        trumps = seen.trumps
        if seen.phase is not Phase.PLAY or seen.tricks or trumps.suit is None:
            continue
        assert trumps.rank is not None
        trump_mask = SUIT_MASKS[trumps.suit.number] | RANK_MASKS[trumps.rank.number]
        nines = RANK_MASKS[8] & ~trump_mask

        def shares(
            belief: float, seen: TableView = seen, trump_mask: int = trump_mask, nines: int = nines
        ) -> tuple[float, float]:
            sampler = Sampler(seen, belief)
            rng = random.Random(3)
            gifts = [BIT[sampler.sample(rng).their_gift] for _ in range(600)]
            trump = sum(1 for g in gifts if g & trump_mask) / len(gifts)
            nine = sum(1 for g in gifts if g & nines) / len(gifts)
            return trump, nine

        (plain_trump, plain_nine), (trump, nine) = shares(0.0), shares(BID_BELIEF)
        if plain_trump > 0.1 and plain_nine > 0.05:
            assert trump < plain_trump / 2
            assert nine > plain_nine * 1.5
            checked += 1
    assert checked >= 3


def test_jittered_policies_vary_their_weights_and_keep_chances_below_one() -> None:
    rng = random.Random(5)
    drawn = [jittered(WEIGHTS, 0.5, rng) for _ in range(200)]
    assert len({w.swing for w in drawn}) == 200
    assert all(0 < w.spared < 1 and 0 < w.down < 1 for w in drawn)
    assert jittered(WEIGHTS, 0.0, rng) == WEIGHTS


def test_a_jittered_search_plays_legally_and_the_same_seed_decides_the_same() -> None:
    budget = replace(SMALL["medium"], jitter=0.3)
    for state in sample_points(seed=43, seat=0, every=5):
        seen = view(state, 0)
        first = choose(seen, budget, random.Random(9))
        assert first == choose(seen, budget, random.Random(9))
        assert first in seen.actions
