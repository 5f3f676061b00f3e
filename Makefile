# Two commands for a newcomer: `make run` starts the bot, `make test` runs every check.
# Both create .venv and install the pinned packages on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test slow explore lint typecheck unit bench messages screens clean

$(STAMP): pyproject.toml requirements.lock
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11 or newer is needed" or 0)'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	@touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

test: lint typecheck unit

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

typecheck: $(STAMP)
	$(PY) -m mypy

unit: $(STAMP)
	$(PY) -m pytest -m "not slow"

# The long strength and fairness tests of the computer players (CI runs them after `make test`).
slow: $(STAMP)
	$(PY) -m pytest -m slow

# `make test` is the same run every time (fixed examples, fixed deals); this one draws new
# property-test examples and new deals for the bot tests, and prints the seed of the deals.
explore: $(STAMP)
	@seed=$$($(PY) -c 'import random; print(random.randrange(1, 10**6))'); \
	echo "VIDRASSO_TEST_SEED=$$seed HYPOTHESIS_PROFILE=explore"; \
	VIDRASSO_TEST_SEED=$$seed HYPOTHESIS_PROFILE=explore $(PY) -m pytest -m "not slow"

# The template of every text the bot shows, for translators (see README, "Adding a language").
messages: $(STAMP)
	$(PY) -m tests.catalog

# The README's screenshots (each game's games/<kind>/docs/screens/, the platform's docs/screens/),
# drawn from the current gallery (bot/screens.py).
screens: $(STAMP)
	$(PY) -m bot.screens --readme

bench: $(STAMP)
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
