"""The end of a round in words: both players by name, whose gift went to whom, and who names
the first trump next; and the replay's deal that hides nothing."""

from __future__ import annotations

import random

from cogs.ui.i18n import Words
from games.vidrasso.discord.presentation import round_embed
from games.vidrasso.discord.replay import dealt_lines, next_chooser
from games.vidrasso.rules import GameState, Phase, apply, legal_actions, new_game

IDS = (111, 222)


def first_round_played(seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(rng)
    while state.phase is not Phase.DEAL:
        seat = state.to_act[0]
        state, _ = apply(state, rng.choice(legal_actions(state, seat)))
    return state


def test_the_round_summary_names_both_players_and_says_whose_gift_and_who_is_next() -> None:
    state = first_round_played(2)
    (summary,) = state.finished
    text = round_embed(summary, IDS, None, Words("en")).description or ""
    assert "Player" not in text
    dealer, other = summary.dealer, 1 - summary.dealer
    gift_to_dealer = summary.gifts[other]
    assert (
        f"<@{IDS[dealer]}> (dealer) took {summary.captured[dealer]} + <@{IDS[other]}>'s gift "
        f"{gift_to_dealer.display}" in text
    )
    assert f"<@{IDS[other]}> took {summary.captured[other]} + <@{IDS[dealer]}>'s gift" in text
    chooser = next_chooser(summary)
    assert chooser == state.next_first_chooser  # the rules' own answer
    assert f"Next round: <@{IDS[chooser]}> names the first trump." in text
    over = round_embed(summary, IDS, None, Words("en"), game_over=True).description or ""
    assert "Next round" not in over
    japanese = round_embed(summary, IDS, None, Words("ja")).description or ""
    assert f"<@{IDS[other]}> さんからのプレゼント" in japanese


def test_the_deal_shows_every_card_of_both_hands_and_strawmen() -> None:
    state = first_round_played(5)
    rnd = state.rounds[0]
    text = "\n".join(dealt_lines(rnd, IDS, Words("en")))
    for seat in (0, 1):
        for card in rnd.deal.hands[seat]:
            assert card.display in text
        for down, up in rnd.deal.strawmen[seat]:
            assert f"{up.display} on {down.display}" in text
