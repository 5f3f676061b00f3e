"""Every benchmark starts as README runs it (``python bench/<name>.py``) and prints its usage: a
script that no longer imports (``bench/review.py`` once found ``bench/bot.py`` as ``bot``) is
found here, not by the next engineer who needs its figures. The figures themselves are the
scripts' business; their types are checked with the code (``mypy`` reads ``bench/``)."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(p for p in (ROOT / "bench").glob("*.py") if p.name != "__init__.py")


def test_every_benchmark_starts_and_prints_its_usage() -> None:
    assert len(SCRIPTS) >= 5
    running = {
        script.name: subprocess.Popen(
            [sys.executable, str(script), "--help"],
            cwd=ROOT.parent,  # not the checkout: the script must find the code by itself
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for script in SCRIPTS
    }
    failed = {}
    for name, process in running.items():
        out, err = process.communicate(timeout=120)
        if process.returncode != 0 or "usage:" not in out:
            failed[name] = err.strip().splitlines()[-1:] or out[:200]
    assert not failed, failed


RESULTS = ROOT / "bench" / "results"


def test_the_kept_strength_runs_summarize_and_are_described() -> None:
    """The strength runs kept in bench/results pool with new ones through ``--summarize``
    (issue 25's margin needs more games than one session plays): each summarizes to its games,
    and the README says what code and command made it."""
    kept = sorted(RESULTS.glob("*.jsonl.gz"))
    assert kept
    readme = (RESULTS / "README.md").read_text(encoding="utf-8")
    for path in kept:
        assert path.name in readme, f"{path.name} is not described in bench/results/README.md"
        game = path.name.split("-", 1)[0]
        done = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "ai.py"), "--game", game, "--summarize", path],
            cwd=ROOT.parent,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr[-500:]
        with gzip.open(path, "rt", encoding="utf-8") as file:
            games = [json.loads(line)["game"] for line in file if line.strip()]
        per_deal = Counter(g["deal"] for g in games)
        complete = sum(n for n in per_deal.values() if n == max(per_deal.values()))
        assert re.search(rf" vs .* games +{complete} ", done.stdout), done.stdout[:500]
