"""Failing tests on logged errors.

discord.py catches exceptions from commands, views and listeners and only *logs* them, so a
crashing handler would pass silently. ErrorLog collects every ERROR record while a harness runs;
``check()`` turns unexpected ones into an AssertionError.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager


def _text(record: logging.LogRecord) -> str:
    text = record.getMessage()
    if record.exc_info:
        text += "\n" + logging.Formatter().formatException(record.exc_info)
    return text


class ErrorLog(logging.Handler):
    """Collects ERROR (and worse) records from every logger that reaches the root."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self._expected: set[int] = set()
        self._watched: list[logging.Logger] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def install(self) -> None:
        # The root sees every propagating logger; loggers that stop propagation are watched
        # directly so their errors are not lost.
        self._watched = [logging.getLogger()]
        for name in ("discord", "bot", "cogs"):
            logger = logging.getLogger(name)
            if not logger.propagate:
                self._watched.append(logger)
        for logger in self._watched:
            logger.addHandler(self)

    def uninstall(self) -> None:
        for logger in self._watched:
            logger.removeHandler(self)
        self._watched = []

    def unexpected(self) -> list[logging.LogRecord]:
        return [r for r in self.records if id(r) not in self._expected]

    def clear(self) -> None:
        self.records.clear()
        self._expected.clear()

    @contextmanager
    def expect(self, pattern: str) -> Iterator[None]:
        """Allow errors matching ``pattern`` (a regex searched in the message and traceback)
        inside the block, and fail if none is logged there."""
        start = len(self.records)
        yield
        matched = [r for r in self.records[start:] if re.search(pattern, _text(r))]
        if not matched:
            raise AssertionError(f"expected an error matching {pattern!r}; none was logged")
        self._expected.update(id(r) for r in matched)

    def check(self) -> None:
        """Raise AssertionError listing every unexpected error logged so far."""
        unexpected = self.unexpected()
        if unexpected:
            report = "\n\n".join(f"[{r.name}] {_text(r)}" for r in unexpected)
            raise AssertionError(f"{len(unexpected)} error(s) were logged:\n\n{report}")
