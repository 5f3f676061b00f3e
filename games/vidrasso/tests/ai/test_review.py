"""The review holds to the engine and to the hard level: on a seeded game, each flagged
decision's better play is legal at that point, and the reported cost is the level's own
evaluation, whose choice is what the level itself plays from that view and seed."""

from __future__ import annotations

import random

from bot.arena.match import play_to_end, seated
from bot.review.model import mark_of
from games.vidrasso.ai import review
from games.vidrasso.ai.players import make_player
from games.vidrasso.ai.search import SearchPlayer, evaluate
from games.vidrasso.game import VIDRASSO
from games.vidrasso.rules import Bid, Gift, Play, legal_actions, new_game, replay, to_record, view


def seeded_game(seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = new_game(rng, target=300)
    players = [make_player("easy"), make_player("easy")]
    return play_to_end(
        VIDRASSO, state, rng, seated(VIDRASSO, players, [random.Random(seed + s) for s in (1, 2)])
    )


def test_each_flagged_decision_is_legal_and_costs_what_the_hard_level_weighs() -> None:
    final = seeded_game(11)
    found = review.decisions(final)
    states = [state for state, _ in replay(to_record(final), check_legal=False)]
    assert {d.kind for d in found} == {"trump", "gift", "play"}
    assert {d.seat for d in found} == {0, 1}
    flagged = 0
    budget = review.review_budget()
    for decision in found[::3]:  # a third of them: enough kinds and rounds, still quick
        before = states[decision.number]
        # the view handed to the level is the seat's own view at that point, and nothing more
        assert decision.view == view(before, decision.seat)
        assert decision.played in decision.view.actions
        seed = 1_000 + decision.number
        weighed = review.weigh(decision.view, seed)
        mark = mark_of(VIDRASSO, decision, weighed)
        assert mark is not None
        better = VIDRASSO.parse_action(decision.seat, mark.best)
        assert better in legal_actions(before, decision.seat)  # legal by the engine itself
        assert isinstance(better, Bid | Gift | Play)
        # the level's own numbers, computed again on the same view and seed
        again = evaluate(decision.view, budget, random.Random(seed))
        values = dict(zip(again.options, again.values, strict=True))
        assert mark.loss == round(max(values[better] - values[decision.played], 0.0), 2)
        assert max(values.values()) == values[better]
        # and the better play is what the hard level plays from that view with that seed
        level = SearchPlayer("hard", budget)
        assert level.decide(decision.view, random.Random(seed)) == better
        flagged += mark.loss > 0
    assert flagged > 0  # the easy level's game has mistakes the review finds


def test_every_label_reads_as_the_card_or_trump_named() -> None:
    final = seeded_game(12)
    for decision in review.decisions(final)[:6]:
        template, fields = review.label(decision.played)
        assert template.format(**fields)
