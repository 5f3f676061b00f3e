"""The engine is pure: importing it loads no Discord, database or network module."""

from __future__ import annotations

import subprocess
import sys


def test_engine_imports_no_io_modules() -> None:
    code = (
        "import sys, games.vidrasso.rules, games.vidrasso.rules.view, "
        "games.vidrasso.rules.record, games.vidrasso.rules.serialize\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'discord', 'aiosqlite', 'sqlite3', 'aiohttp', 'asyncio', 'socket'})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
