"""Knowing when the bot has finished reacting, without sleeping.

discord.py handles every interaction in tasks it spawns (the command tree's invoker, view
dispatch, dynamic items, event listeners). ``settle`` waits for all tasks that appeared since the
harness started, except *idle* ones: tasks waiting on the clock or on a user (a view's timeout,
``view.wait()``, ``bot.wait_for``, a ``@tasks.loop`` between iterations), which would otherwise
block a test for minutes or forever.

For clicks made concurrently, :func:`tag_tasks` marks each new task with the interaction whose
handling created it (:data:`world.HANDLING`, inherited through the tasks' copied contexts), and
``settle(..., owner=record)`` waits for that interaction's tasks only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from types import CodeType
from typing import Any

import discord
from discord.ext import tasks as ext_tasks

from .world import HANDLING, InteractionRecord

IDLE_SLEEP = 1.0
"""A task in ``asyncio.sleep`` for at least this long counts as waiting on the clock."""

_SLEEP = asyncio.sleep.__code__
_WAIT_FOR = asyncio.wait_for.__code__
_EXT_TASKS_LOOP = ext_tasks.Loop._loop.__code__
# Waiting for something only a user (or another idle task) can bring about.
_WAITING_FOR_INPUT: frozenset[CodeType] = frozenset(
    {
        asyncio.Event.wait.__code__,
        asyncio.Condition.wait.__code__,
        asyncio.Queue.get.__code__,
        discord.ui.view.BaseView.wait.__code__,
    }
)


def _tagging_factory(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
    task = asyncio.Task(coro, loop=loop, **kwargs)
    context = kwargs.get("context")
    owner = context.get(HANDLING) if context is not None else HANDLING.get()
    if owner is not None:  # the interaction being handled where the task was created
        owner.tasks.add(task)
    return task


def tag_tasks() -> None:
    """Make the running loop tag every new task with its interaction (idempotent)."""
    loop = asyncio.get_running_loop()
    if loop.get_task_factory() is not _tagging_factory:
        loop.set_task_factory(_tagging_factory)


def untag_tasks() -> None:
    """Undo :func:`tag_tasks`."""
    loop = asyncio.get_running_loop()
    if loop.get_task_factory() is _tagging_factory:
        loop.set_task_factory(None)


class SettleTimeout(AssertionError):
    """The bot was still busy when ``settle`` gave up."""


def _awaiting(coro: Any) -> Iterator[tuple[CodeType, dict[str, Any]]]:
    """The chain of coroutines a task is suspended in, outermost first."""
    while coro is not None:
        code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None)
        if code is None:
            return
        yield code, (frame.f_locals if frame is not None else {})
        coro = getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None)


def is_idle(task: asyncio.Task[Any], _seen: frozenset[int] = frozenset()) -> bool:
    """True when the task is blocked on the clock or on a user rather than doing work."""
    if task.done() or id(task) in _seen:
        return task.done()
    waiter = getattr(task, "_fut_waiter", None)
    if waiter is None or waiter.done():
        return False  # runnable
    seen = _seen | {id(task)}
    for code, frame_locals in reversed(list(_awaiting(task.get_coro()))):
        if code is _SLEEP:
            return float(frame_locals.get("delay") or 0) >= IDLE_SLEEP
        if code is _WAIT_FOR:
            inner = frame_locals.get("fut")
            if isinstance(inner, asyncio.Task):
                return is_idle(inner, seen)
            if isinstance(inner, asyncio.Future):
                return True  # e.g. Client.wait_for: a future only a gateway event resolves
            # A coroutine awaited in place (Python 3.12+): its frames were checked already.
        if code in _WAITING_FOR_INPUT:
            return True
        if code is _EXT_TASKS_LOOP:
            # A @tasks.loop between iterations waits on its own timer, not asyncio.sleep.
            handle = getattr(frame_locals.get("self"), "_handle", None)
            return handle is not None and waiter is handle.future
    if isinstance(waiter, asyncio.Task):
        return is_idle(waiter, seen)
    children = getattr(waiter, "_children", None)  # asyncio.gather
    if children is not None:
        return all(c.done() or (isinstance(c, asyncio.Task) and is_idle(c, seen)) for c in children)
    return False


def describe(task: asyncio.Task[Any]) -> str:
    chain = " -> ".join(code.co_qualname for code, _ in _awaiting(task.get_coro()))
    return f"{task.get_name()}: {chain or task!r}"


async def settle(
    baseline: set[asyncio.Task[Any]], timeout: float, owner: InteractionRecord | None = None
) -> None:
    """Wait until every task not in ``baseline`` is done or idle (with ``owner``: every task
    tagged with that interaction)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    me = asyncio.current_task()
    quiet = 0
    # A few quiet passes in a row, so callbacks scheduled with call_soon get their turn.
    while quiet < 3:
        # An interaction's own tasks, not every task of the loop: with clicks in flight, each
        # pass over all of them (hundreds) was the harness's own load on the bot's loop.
        candidates = asyncio.all_tasks() if owner is None else list(owner.tasks)
        busy = [
            t
            for t in candidates
            if t is not me and t not in baseline and not t.done() and not is_idle(t)
        ]
        if not busy:
            quiet += 1
            await asyncio.sleep(0)
            continue
        quiet = 0
        remaining = deadline - loop.time()
        if remaining <= 0:
            pending = "\n  ".join(describe(t) for t in busy)
            raise SettleTimeout(f"the bot was still busy after {timeout}s:\n  {pending}")
        # Short waits: a busy task may turn idle (start waiting for a click) without finishing.
        await asyncio.wait(busy, timeout=min(remaining, 0.01), return_when=asyncio.FIRST_COMPLETED)
