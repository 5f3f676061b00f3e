"""Reading the opponent's plays: the piles' public history in views and in an agent's memory,
and worlds weighed by how well they fit the cards the opponent played."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from random_games import decision_points, random_game

from games.vidrasso.ai.fast import mask_of
from games.vidrasso.ai.memory import PileMemory
from games.vidrasso.ai.protocol import view_from_message, view_to_message
from games.vidrasso.ai.reads import PlayReading
from games.vidrasso.ai.worlds import Sampler
from games.vidrasso.arena.seer import true_world
from games.vidrasso.rules import GameState, Phase, TableView, view


def test_a_pile_names_its_dealt_card_and_its_under_card_once_turned() -> None:
    turned = 0
    for state in random_game(4):
        if state.is_over or state.phase is Phase.DEAL:
            continue
        rnd = state.round
        for s in (0, 1):
            for pile, now, (down, up) in zip(
                view(state, None).strawmen[s], rnd.strawmen[s], rnd.deal.strawmen[s], strict=True
            ):
                assert pile.dealt == up
                assert pile.turned == (down if now.down is None else None)
                assert pile.known
                turned += pile.turned is not None
    assert turned > 100


def seat_views(seeds: range, seat: int) -> Iterator[tuple[GameState, TableView]]:
    """Every decision of ``seat`` (1: the random player, facing greedy) in some games."""
    for seed in seeds:
        for state in decision_points(seed, seat):
            yield state, view(state, seat)


def test_an_agents_memory_recovers_every_piles_history_from_its_messages() -> None:
    """Fed one seat's messages in order, the memory knows each pile's dealt and turned card
    exactly as the engine's view does: the messages alone do not say them."""
    for seat in (0, 1):
        memory = PileMemory()
        recalled = 0
        for _state, seen in seat_views(range(30, 34), seat):
            rebuilt = view_from_message(view_to_message(seen, 2000))
            assert all(p.dealt is None for row in rebuilt.strawmen for p in row)
            assert memory.recall(rebuilt).strawmen == seen.strawmen
            recalled += 1
        assert recalled > 100


def test_a_memory_that_starts_mid_round_knows_only_what_it_sees() -> None:
    for _state, seen in seat_views(range(35, 36), 0):
        if seen.phase is Phase.PLAY and len(seen.tricks) >= 8:
            break
    recalled = PileMemory().recall(view_from_message(view_to_message(seen, 2000)))
    touched = [p for row in seen.strawmen for p in row if not p.hidden or p.up is None]
    assert touched
    assert sum(not p.known for row in recalled.strawmen for p in row) == len(touched)
    assert PlayReading.of(recalled) is None
    assert PlayReading.of(seen) is not None


def test_the_true_world_fits_the_opponents_plays_better_than_a_guessed_one() -> None:
    """Reading greedy's plays, the world as it is scores above most sampled worlds."""
    rng = random.Random(2)
    ranks = []
    for state, seen in seat_views(range(40, 50), 1):
        if seen.phase is not Phase.PLAY or len(seen.tricks) not in (6, 10, 14):
            continue
        reading = PlayReading.of(seen)
        assert reading is not None
        truth = true_world(state, 1)
        fit = reading.log_weight(truth.their_hand, truth.downs)
        sampler = Sampler(seen)
        guesses = [sampler.sample(rng) for _ in range(40)]
        fits = [reading.log_weight(w.their_hand, w.downs) for w in guesses]
        ranks.append(sum(1.0 if f < fit else 0.5 if f == fit else 0.0 for f in fits) / len(fits))
    assert len(ranks) >= 20
    assert sum(ranks) / len(ranks) > 0.55


@pytest.mark.slow
def test_worlds_read_from_plays_hold_more_of_the_opponents_true_hand() -> None:
    rng = random.Random(3)
    plain = read = 0.0
    checked = 0
    for state, seen in seat_views(range(50, 62), 1):
        if seen.phase is not Phase.PLAY or len(seen.tricks) not in (5, 9):
            continue
        true_hand = mask_of(state.round.hands[0])

        def shared(reads: int, seen: TableView = seen, true_hand: int = true_hand) -> float:
            sampler = Sampler(seen, reads=reads)
            worlds = [sampler.sample(rng) for _ in range(200)]
            return sum((w.their_hand & true_hand).bit_count() for w in worlds) / len(worlds)

        plain += shared(0)
        read += shared(200)
        checked += 1
    assert checked >= 8
    assert read > plain * 1.015
