"""Pictures drawn in a process of their own are the same bytes as those drawn in a thread; what
is sent there to learn never fails its sender."""

from __future__ import annotations

import logging
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import pytest

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


def _lesson(names: tuple[str, ...]) -> int:
    if not names:
        raise ValueError("no names")
    return len(names)


class _Broken(Executor):
    """A pool whose process died: every submission refused."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise BrokenProcessPool("the drawing process died")


def test_a_lesson_goes_to_the_drawing_process_and_never_fails_the_sender(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Names sent to learn (``table.learn``): nothing without a pool; a broken or shut pool,
    or a lesson that fails there, is logged, never raised to whoever sent it."""
    assert table.workers() is None
    assert table.learn(_lesson, ("Ann",)) is None  # pictures drawn here: nothing to send
    pool = ThreadPoolExecutor(max_workers=1)
    table.draw_in(pool)
    try:
        sent = table.learn(_lesson, ("Ann", "Ben"))
        assert sent is not None and sent.result(timeout=10) == 2
        failed = table.learn(_lesson, ())
        assert failed is not None and isinstance(failed.exception(timeout=10), ValueError)
        pool.shutdown()
        with caplog.at_level(logging.WARNING, logger="bot.drawing.table"):
            assert table.learn(_lesson, ("Ann",)) is None  # shut down: RuntimeError
            table.draw_in(_Broken())
            assert table.learn(_lesson, ("Ann",)) is None
    finally:
        table.draw_in(None)
    said = [r.getMessage() for r in caplog.records]
    assert any("could not learn" in m and "no names" in m for m in said)
    assert sum("could not send _lesson" in m for m in said) == 2
