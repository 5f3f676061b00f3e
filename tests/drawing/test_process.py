"""Pictures drawn in a process of their own are the same bytes as those drawn in a thread; what
is sent there to learn never fails its sender."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
import threading
import time
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


class _Counting(ThreadPoolExecutor):
    """A pool that notes the thread each drawing was sent from."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.senders: list[str] = []

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.senders.append(threading.current_thread().name)
        return super().submit(fn, *args, **kwargs)


def _public_view() -> object:
    rng = random.Random(7)
    state = new_game(rng)
    while state.phase is not Phase.PLAY or len(state.round.tricks) < 2:
        state, _ = apply(state, rng.choice(legal_actions(state, state.to_act[0])))
    return view(state, None)


async def test_a_picture_awaited_on_the_loop_is_sent_from_the_loop_and_kept() -> None:
    """``table.awaited``: the drawing is sent to the pool from the loop's own thread (no
    thread waits for it), the bytes are those drawn here, and the picture is kept, so the
    same view again sends nothing."""
    public = _public_view()
    here = drawing.table_png(public, ["Ann", "Ben"])
    pool = _Counting()
    table.draw_in(pool)
    try:
        table.clear_cache()
        first = await table.awaited(lambda: drawing.table_png(public, ["Ann", "Ben"], key=1))
        again = await table.awaited(lambda: drawing.table_png(public, ["Ann", "Ben"], key=1))
    finally:
        table.draw_in(None)
        pool.shutdown()
        table.clear_cache()
    assert first == again == here
    assert pool.senders == [threading.current_thread().name]


async def test_what_is_made_of_an_awaited_drawing_is_made_once_it_is_done() -> None:
    """A picture made of two drawings, and changed after them: ``make`` runs again with each
    drawing done, so what it returns is what it would return drawn in place."""
    public = _public_view()

    def make() -> bytes:
        one = drawing.table_png(public, ["Ann", "Ben"])
        two = drawing.table_png(public, ["Cy", "Di"])
        return one[:10] + two[-10:]

    expected = make()
    pool = _Counting()
    table.draw_in(pool)
    try:
        assert await table.awaited(make) == expected
    finally:
        table.draw_in(None)
        pool.shutdown()
    assert len(pool.senders) == 2


async def test_an_awaited_picture_outlives_a_broken_pool_but_not_its_task(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A pool that refuses (its process died): the picture is drawn in a thread, the same
    bytes, and the pool given up. A task cancelled while its picture is drawn is cancelled."""
    public = _public_view()
    here = drawing.table_png(public, ["Ann", "Ben"])
    table.draw_in(_Broken())
    try:
        with caplog.at_level(logging.WARNING, logger="bot.drawing.table"):
            got = await table.awaited(lambda: drawing.table_png(public, ["Ann", "Ben"]))
        assert got == here
        assert table.workers() is None
    finally:
        table.draw_in(None)
    assert any("from now on" in r.getMessage() for r in caplog.records)

    slow = ThreadPoolExecutor(max_workers=1)
    table.draw_in(slow)
    try:
        started = threading.Event()

        def make() -> bytes:
            return table.drawn(_slow_render, started)

        task = asyncio.create_task(table.awaited(make))
        await asyncio.to_thread(started.wait, 10)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert table.workers() is slow  # a cancelled task is not a broken pool
    finally:
        table.draw_in(None)
        slow.shutdown()


def _slow_render(started: threading.Event) -> bytes:
    started.set()
    time.sleep(0.2)
    return b"late"
