"""The baseline players: legal decisions only, determinism, fairness, and greedy > random."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from random_games import decision_points, reshuffle_hidden

from games.vidrasso.ai.base import Player
from games.vidrasso.ai.greedy import GreedyPlayer, is_sure_winner, knowledge
from games.vidrasso.ai.players import PLAYERS, UnknownPlayer, make_player, player_names
from games.vidrasso.ai.random_player import RandomPlayer
from games.vidrasso.arena.match import IllegalDecision, play_game
from games.vidrasso.rules import (
    DECK,
    POINTS_PER_ROUND,
    Bid,
    BidKind,
    Cut,
    Deal,
    GameState,
    Gift,
    Phase,
    Play,
    Rank,
    RoundAction,
    Suit,
    TableView,
    apply,
    card,
    from_record,
    new_game,
    parse_cards,
    start_game,
    to_record,
    trick_winner,
    view,
)
from games.vidrasso.rules.deal import places


def rngs(seed: int) -> tuple[random.Random, list[random.Random]]:
    return random.Random(f"deal {seed}"), [random.Random(f"p0 {seed}"), random.Random(f"p1 {seed}")]


# --- The registry -----------------------------------------------------------------------------


def test_registry_makes_each_player_by_its_name() -> None:
    assert {"random", "greedy"} <= set(PLAYERS)
    for name in player_names():
        assert make_player(name).name == name


def test_unknown_player_names_the_known_ones() -> None:
    with pytest.raises(UnknownPlayer, match="unknown player 'grandmaster'; known players: "):
        make_player("grandmaster")
    with pytest.raises(UnknownPlayer) as error:
        make_player("grandmaster")
    for name in player_names():
        assert name in str(error.value)


# --- Whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.slow) if name in ("medium", "hard") else name
        for name in sorted(PLAYERS)
    ],
)
def test_each_player_finishes_games_with_legal_decisions(name: str) -> None:
    for seed in range(3):
        deal_rng, player_rngs = rngs(seed)
        opponent = RandomPlayer() if seed % 2 else make_player(name)
        state = play_game([make_player(name), opponent], deal_rng, player_rngs, target=300)
        assert state.outcome is not None and state.outcome.winner in (0, 1)
        assert max(state.totals) >= 300
        assert all(sum(r.scores or ()) == POINTS_PER_ROUND for r in state.rounds)
        # The record replays with every legal list checked against the engine.
        assert from_record(to_record(state, [name, opponent.name])).totals == state.totals


def test_a_long_game_reaches_its_target() -> None:
    deal_rng, player_rngs = rngs(7)
    state = play_game([GreedyPlayer(), RandomPlayer()], deal_rng, player_rngs, target=500)
    assert max(state.totals) >= 500


class Cheat:
    """Names trumps properly, then tries to give a face-up strawman card (gifts come from the
    hand)."""

    name = "cheat"

    def decide(self, view: TableView, rng: random.Random) -> RoundAction:
        assert view.seat is not None
        if view.phase is Phase.TRUMP:
            return view.actions[0]
        return Gift(view.seat, view.available[-1])


def test_a_decision_that_is_not_an_option_is_refused() -> None:
    deal_rng, player_rngs = rngs(1)
    with pytest.raises(IllegalDecision, match="player 'cheat' in seat 0 chose Gift"):
        play_game([Cheat(), RandomPlayer()], deal_rng, player_rngs)


def test_greedy_beats_random() -> None:
    games = 40
    greedy_wins = 0
    for game in range(games):
        greedy_seat = game % 2
        seats: list[Player] = [RandomPlayer(), RandomPlayer()]
        seats[greedy_seat] = GreedyPlayer()
        deal_rng, player_rngs = rngs(1000 + game)
        state = play_game(seats, deal_rng, player_rngs)
        assert state.outcome is not None
        greedy_wins += state.outcome.winner == greedy_seat
    assert greedy_wins >= 0.8 * games


# --- Decisions from the view alone ------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1])
def test_greedy_ignores_what_it_cannot_see(seat: int) -> None:
    shuffler = random.Random(seat)
    greedy = GreedyPlayer()
    changed_somewhere = False
    for state in decision_points(seed=20 + seat, seat=seat):
        other = reshuffle_hidden(state, seat, shuffler)
        changed_somewhere |= other.round != state.round
        seen = view(state, seat)
        assert view(other, seat) == seen
        assert greedy.decide(view(other, seat), random.Random(1)) == greedy.decide(
            seen, random.Random(2)
        )
    assert changed_somewhere


def test_greedy_is_deterministic_and_random_follows_its_rng() -> None:
    for state in decision_points(seed=5, seat=0):
        seen = view(state, 0)
        allowed = seen.actions
        choice = GreedyPlayer().decide(seen, random.Random(1))
        assert choice in allowed
        assert GreedyPlayer().decide(seen, random.Random(99)) == choice
        drawn = RandomPlayer().decide(seen, random.Random(3))
        assert drawn in allowed
        assert RandomPlayer().decide(seen, random.Random(3)) == drawn


# --- Greedy's judgement -----------------------------------------------------------------------

SEVENS_AND_JUNK = parse_cards(["7S", "7H", "7D", "7C", "AS", "9C", "8D", "6S"])


def sevens_deal() -> GameState:
    """Seat 0 leads and chooses first, holding all four sevens, the ace of spades and three
    weak plain cards; the rest of the deck is dealt in order."""
    rest = [c for c in DECK if c not in SEVENS_AND_JUNK]
    hand = places(0).hand
    order = [*rest[: hand.start], *SEVENS_AND_JUNK, *rest[hand.start :]]
    cut = Cut((card(Rank.ACE, Suit.SPADES), card(Rank.NINE, Suit.HEARTS)))  # seat 1 deals
    return start_game(cut, Deal.from_order(order))


def test_greedy_names_the_rank_it_holds_all_four_of() -> None:
    state = sevens_deal()
    assert state.to_act == (0,)
    bid = GreedyPlayer().decide(view(state, 0), random.Random(0))
    assert bid == Bid(0, BidKind.RANK, Rank.SEVEN)


def test_greedy_gives_a_weak_card_not_its_ace_or_its_trumps() -> None:
    state = sevens_deal()
    state, _ = apply(state, Bid(0, BidKind.RANK, Rank.SEVEN))
    state, _ = apply(state, Bid(1, BidKind.SUIT, Suit.HEARTS))
    gift = GreedyPlayer().decide(view(state, 0), random.Random(0))
    # The Ace would score only 1 for the opponent, but it may take a trick; the 9, 8 and 6
    # would lose their tricks anyway.
    assert isinstance(gift, Gift) and gift.card in parse_cards(["9C", "8D", "6S"])


def greedy_decisions(seeds: range) -> Iterator[tuple[TableView, Play]]:
    """Greedy's card decisions (plays only) over a few games against random."""
    greedy = GreedyPlayer()
    for seed in seeds:
        for state in decision_points(seed, seat=seed % 2):
            seen = view(state, seed % 2)
            if seen.phase is Phase.PLAY:
                choice = greedy.decide(seen, random.Random(0))
                assert isinstance(choice, Play)
                yield seen, choice


def test_greedy_takes_a_valuable_lead_when_it_can() -> None:
    checked = 0
    for seen, choice in greedy_decisions(range(6)):
        if not seen.trick or seen.trick[0].points < 6:
            continue
        led = seen.trick[0]
        if any(trick_winner(led, c, seen.trumps) == 1 for c in seen.legal):
            assert trick_winner(led, choice.card, seen.trumps) == 1, (led, choice, seen.legal)
            checked += 1
    assert checked > 10


def test_greedy_leads_trumps_only_as_sure_winners_or_when_it_must() -> None:
    for seen, choice in greedy_decisions(range(6)):
        if seen.trick or not seen.trumps.is_trump(choice.card):
            continue
        known = knowledge(seen)
        plain = [c for c in seen.legal if not seen.trumps.is_trump(c)]
        assert is_sure_winner(choice.card, known) or not plain


def test_the_random_player_draws_as_rng_choice_does() -> None:
    state = new_game(random.Random(4))
    options = tuple(view(state, state.to_act[0]).actions)
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        for size in (1, 2, 3, 5, 8, 9, 17):
            shown = view(state, state.to_act[0])
            object.__setattr__(shown, "actions", options[:size])
            assert RandomPlayer().decide(shown, ours) is theirs.choice(options[:size])
        assert ours.random() == theirs.random()
