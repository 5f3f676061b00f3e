"""Numbered migrations, one ``NNNN_name.sql`` file each, kept per database in its package.

Both databases use the same numbers for the same change, so a database of either kind at
migration N has the same tables and meaning (PostgreSQL's history starts at 0009, the schema
SQLite's first nine built).
"""

from __future__ import annotations

from importlib import resources


def numbered(package: str) -> list[tuple[int, str, str]]:
    """The migrations in ``package``'s ``migrations/`` folder: (number, name, sql), in order."""
    found: list[tuple[int, str, str]] = []
    for entry in resources.files(package).joinpath("migrations").iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), name, entry.read_text(encoding="utf-8")))
    return sorted(found)
