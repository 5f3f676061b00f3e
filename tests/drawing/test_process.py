"""Pictures drawn in a process of their own are the same bytes as those drawn in a thread."""

from __future__ import annotations

import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor

from bot.drawing import table
from games.vidrasso import drawing
from games.vidrasso.rules import Phase, apply, legal_actions, new_game, view


def test_a_picture_from_the_drawing_process_is_the_one_drawn_here() -> None:
    rng = random.Random(5)
    state = new_game(rng)
    while state.phase is not Phase.PLAY or len(state.round.tricks) < 3:
        state, _ = apply(state, rng.choice(legal_actions(state, state.to_act[0])))
    public = view(state, None)
    here = drawing.table_png(public, ["Ann", "Ben"])
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    try:
        drawing.draw_in(pool)
        assert table.workers() is pool
        there = drawing.table_png(public, ["Ann", "Ben"])
    finally:
        drawing.draw_in(None)
        pool.shutdown()
    assert there == here
    # a pool that has gone away: back to drawing here, with the same picture
    drawing.draw_in(pool)
    try:
        assert drawing.table_png(public, ["Ann", "Ben"]) == here
    finally:
        drawing.draw_in(None)
