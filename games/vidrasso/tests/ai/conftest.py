"""Search levels (medium, hard) play on a fiftieth of their live budgets in these tests, so
whole games stay fast; their decisions are still checked for legality."""

from __future__ import annotations

import pytest

from games.vidrasso.ai.search import SCALE_ENV


@pytest.fixture(autouse=True)
def small_search_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SCALE_ENV, "0.02")
