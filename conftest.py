"""Settings for every test, wherever it lives (``tests/`` and each game's ``games/<kind>/tests``).

Every run is the same run: property tests draw fixed examples (Hypothesis ``derandomize``);
``make explore`` sets ``HYPOTHESIS_PROFILE=explore`` to draw new ones.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("fixed", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))
