"""Pidro's review holds to the engine and to the level it reads: on a seeded game, each
flagged decision's better action is legal at that point, the reported cost is the level's own
evaluation, and its best action is what the level itself plays from that view and seed."""

from __future__ import annotations

import random

from bot.arena.match import play_to_end, seated
from bot.review.model import mark_of
from games.pidro.ai import review
from games.pidro.ai.players import decide, make_player
from games.pidro.game import PIDRO
from games.pidro.rules import legal_actions, replay, to_record, view


def seeded_game(seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = PIDRO.new_game(rng, PIDRO.targets[0], 4)
    players = [make_player("easy") for _ in range(4)]
    rngs = [random.Random(seed + s) for s in range(4)]
    return play_to_end(PIDRO, state, rng, seated(PIDRO, players, rngs))


def test_each_flagged_decision_is_legal_and_costs_what_the_level_weighs() -> None:
    final = seeded_game(3)
    found = review.decisions(final)
    states = [state for state, _ in replay(to_record(final), check_legal=False)]
    assert {"bid", "trump", "play"} <= {d.kind for d in found}
    assert {d.seat for d in found} == {0, 1, 2, 3}
    flagged = 0
    kinds = set()
    for decision in found[::4]:
        before = states[decision.number]
        assert decision.view == view(before, decision.seat)  # the seat's own view, no more
        seed = 500 + decision.number
        weighed = review.weigh(decision.view, seed)
        mark = mark_of(PIDRO, decision, weighed)
        assert mark is not None
        better = PIDRO.parse_action(decision.seat, mark.best)
        assert better in legal_actions(before, decision.seat)
        values = review.evaluate(decision.view, review.STRONGEST, seed)
        assert mark.loss == round(max(values[better] - values[decision.played], 0.0), 2)
        assert better == review.best_action(tuple(decision.view.actions), values)
        # the level's own choice from this view and seed
        assert decide(review.STRONGEST, decision.view, seed) == better
        flagged += mark.loss > 0
        kinds.add(decision.kind)
    assert flagged > 0 and {"bid", "play"} <= kinds
