"""The import contracts of the codebase: which package may import which (see
docs/architecture.md). :func:`violations` reads the sources (every import, also inside
functions and ``TYPE_CHECKING`` blocks) and lists each import a contract forbids."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SERVICES = ("bot.play", "bot.ladder", "bot.clocks", "bot.settings", "bot.learn", "bot.games")
"""The services and their models: plain Python on top of the engines and the storage interface."""
EXTENSIONS = ("cogs.play", "cogs.ladder", "cogs.clocks", "cogs.settings")
"""The cog modules the bot loads (everything else under ``cogs/`` is shared glue)."""


@dataclass(frozen=True, slots=True)
class Contract:
    """Modules under ``source`` may not import anything under ``forbidden``."""

    name: str
    source: tuple[str, ...]
    forbidden: tuple[str, ...]
    allowed_in: tuple[str, ...] = ()
    """Modules under ``source`` exempt from the contract."""


CONTRACTS = (
    Contract(
        "the engine is pure: no storage, Discord, services or computer players",
        ("bot.engine", "bot.pidro", "bot.suits", "bot.endings"),
        (
            "bot.storage",
            "bot.services",
            "bot.app",
            "bot.ai",
            "bot.arena",
            "bot.config",
            "bot.errors",
            *SERVICES,
            "discord",
            "cogs",
            "aiosqlite",
            "asyncpg",
            "sqlite3",
        ),
    ),
    Contract(
        "computer players decide from views: no storage, Discord, services or arena",
        ("bot.ai",),
        (
            "bot.storage",
            "bot.play",
            "bot.ladder",
            "bot.clocks",
            "bot.settings",
            "bot.services",
            "bot.app",
            "bot.arena",
            "discord",
            "cogs",
            "aiosqlite",
            "asyncpg",
        ),
    ),
    Contract(
        "storage knows no Discord",
        ("bot.storage",),
        ("discord", "cogs", "bot.app"),
    ),
    Contract(
        "services know no Discord and no storage implementation",
        SERVICES,
        (
            "discord",
            "cogs",
            "bot.app",
            "bot.services",
            "bot.storage.sqlite",
            "bot.storage.postgres",
            "bot.storage.sql",
            "aiosqlite",
            "asyncpg",
        ),
    ),
    Contract(
        "only the composition root and the screens gallery know Discord and the cogs",
        ("bot",),
        ("discord", "cogs"),
        allowed_in=("bot.app", "bot.__main__", "bot.screens"),
    ),
    Contract(
        "cogs know no storage",
        ("cogs",),
        ("bot.storage", "aiosqlite", "asyncpg", "sqlite3"),
    ),
    Contract(
        "cogs never import each other",
        ("cogs",),
        EXTENSIONS,
    ),
    Contract(
        "only the SQLite storage talks to SQLite",
        ("bot", "cogs"),
        ("aiosqlite",),
        allowed_in=("bot.storage.sqlite",),
    ),
    Contract(
        "only the PostgreSQL storage talks to PostgreSQL",
        ("bot", "cogs"),
        ("asyncpg",),
        allowed_in=("bot.storage.postgres",),
    ),
    Contract(
        "the shared SQL stores know neither database's driver",
        ("bot.storage.sql",),
        ("aiosqlite", "asyncpg", "sqlite3", "bot.storage.sqlite", "bot.storage.postgres"),
    ),
    Contract(
        "only the composition root and tools build a storage",
        ("bot", "cogs"),
        ("bot.storage.sqlite", "bot.storage.postgres", "bot.storage.sql"),
        allowed_in=("bot.storage", "bot.services", "bot.db"),
    ),
)


@dataclass(frozen=True, slots=True)
class Violation:
    contract: str
    module: str
    imported: str
    line: int

    def __str__(self) -> str:
        return f"{self.module}:{self.line} imports {self.imported} ({self.contract})"


def _under(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, module: str) -> Iterator[tuple[str, int]]:
    """Every module ``path`` imports, absolute, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield base, node.lineno
            for alias in node.names:  # ``from bot import engine`` imports bot.engine
                yield f"{base}.{alias.name}", node.lineno


def violations(root: Path = ROOT, packages: tuple[str, ...] = ("bot", "cogs")) -> list[Violation]:
    found: list[Violation] = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            module = module_name(path, root)
            for imported, line in imports_of(path, module):
                for contract in CONTRACTS:
                    if not _under(module, contract.source) or _under(module, contract.allowed_in):
                        continue
                    if _under(imported, contract.forbidden) and not _under(imported, (module,)):
                        found.append(Violation(contract.name, module, imported, line))
    return found
