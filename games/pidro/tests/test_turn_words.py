"""What the Pidro table says is due, in words a player can act on."""

from __future__ import annotations

import random

from cogs.ui.i18n import Words
from games.pidro import rules as pidro
from games.pidro.discord.presentation import turn_text
from games.pidro.discord.screens import pidro_game_of


def bidding_after(points: int | None) -> tuple[pidro.GameState, str]:
    """A game in its bidding whose first bidder bid ``points``, and the table's turn line."""
    state = pidro.new_game(random.Random(4))
    seat = state.to_act[0]
    state, _ = pidro.apply(state, pidro.Bid(seat, points))
    view = pidro.view(state, None)
    return state, turn_text(pidro_game_of(state), view, Words("en"))


def test_after_a_bid_the_next_must_go_over_it() -> None:
    _, line = bidding_after(8)
    assert "to bid over 8, or pass." in line


def test_after_a_14_the_next_may_bid_14_too_not_over_it() -> None:
    state, line = bidding_after(14)
    assert pidro.Bid(state.to_act[0], 14) in pidro.legal_actions(state, state.to_act[0])
    assert "to bid 14 too (it takes the contract), or pass." in line
    assert "over 14" not in line
    japanese = turn_text(pidro_game_of(state), pidro.view(state, None), Words("ja"))
    assert "14を重ねれば" in japanese


def test_a_bidders_hand_shows_the_partners_bid_and_the_highest() -> None:
    from games.pidro.discord.presentation import prompt_text

    state = pidro.new_game(random.Random(4))
    first = state.to_act[0]
    state, _ = pidro.apply(state, pidro.Bid(first, 7))
    second = state.to_act[0]
    state, _ = pidro.apply(state, pidro.Bid(second, None))
    third = state.to_act[0]  # the first bidder's partner
    assert third == pidro.partner_of(first)
    game = pidro_game_of(state)
    said = prompt_text(game, pidro.view(state, third), Words("en"))
    partner = f"<@{game.player_ids[first]}>"
    assert f"Highest so far: 7 by {partner}." in said
    assert f"Your partner {partner} bid 7." in said
    state, _ = pidro.apply(state, pidro.Bid(third, 8))
    fourth = state.to_act[0]
    said = prompt_text(game, pidro.view(state, fourth), Words("ja"))
    assert f"パートナーの <@{game.player_ids[second]}> さんはパスしました。" in said
