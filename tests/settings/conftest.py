"""The clocks' fixtures: a real bot whose clock the test moves, its scheduler loop stopped."""

from __future__ import annotations

from tests.clocks.conftest import clock, h

__all__ = ["clock", "h"]
