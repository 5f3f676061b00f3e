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


GAME_FREE_PURE = ("bot.suits", "bot.endings")
"""What every game's rules may share: the suits and the endings, themselves pure."""
DRIVERS = ("discord", "cogs", "aiosqlite", "asyncpg", "sqlite3")
PLATFORM_IO = (
    "bot.storage",
    "bot.services",
    "bot.app",
    "bot.config",
    *SERVICES,
    *DRIVERS,
)


def game_kinds(root: Path = ROOT) -> tuple[str, ...]:
    """The games in the tree: each folder of ``games/`` with a registry entry (``game.py``)."""
    return tuple(sorted(p.parent.name for p in (root / "games").glob("*/game.py")))


def game_contracts(kind: str, kinds: tuple[str, ...]) -> tuple[Contract, ...]:
    """The contracts of one game's folder, the same for every game."""
    game = f"games.{kind}"
    others = tuple(f"games.{other}" for other in kinds if other != kind)
    return (
        Contract(
            f"{kind}: the rules are pure: no I/O, no platform, no players, no pictures",
            (f"{game}.rules", *GAME_FREE_PURE),
            (
                *PLATFORM_IO,
                "bot.errors",
                "bot.ai",
                "bot.arena",
                "bot.drawing",
                f"{game}.ai",
                f"{game}.arena",
                f"{game}.drawing",
                f"{game}.discord",
                f"{game}.game",
                "PIL",
            ),
        ),
        Contract(
            f"{kind}: computer players decide from views: no storage, Discord, services or arena",
            (f"{game}.ai",),
            (*PLATFORM_IO, "bot.arena", f"{game}.arena", f"{game}.drawing", f"{game}.discord"),
        ),
        Contract(
            f"{kind}: pictures are drawn from views: no players, storage, services or Discord",
            (f"{game}.drawing",),
            (*PLATFORM_IO, f"{game}.ai", f"{game}.arena", f"{game}.discord", f"{game}.game"),
        ),
        Contract(
            f"{kind}: only the game's Discord part knows Discord",
            (game,),
            ("discord", "cogs"),
            allowed_in=(f"{game}.discord",),
        ),
        Contract(
            f"{kind}: a game imports no other game",
            (game,),
            others,
        ),
    )


PLATFORM_CONTRACTS = (
    Contract(
        "the platform names no game: it finds each through the registry",
        ("bot", "cogs"),
        ("games.",),
    ),
    Contract(
        "game-free computer-player pieces know no storage, Discord or services",
        ("bot.ai",),
        (*PLATFORM_IO, "bot.arena"),
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
        "only the composition root, the commands run from a shell and the screens gallery know "
        "Discord and the cogs",
        ("bot",),
        ("discord", "cogs"),
        allowed_in=("bot.app", "bot.__main__", "bot.commands", "bot.screens"),
    ),
    Contract(
        "cogs know no storage",
        ("cogs", "games"),
        ("bot.storage", "aiosqlite", "asyncpg", "sqlite3"),
    ),
    Contract(
        "cogs never import each other",
        ("cogs", "games"),
        EXTENSIONS,
    ),
    Contract(
        "only the SQLite storage talks to SQLite",
        ("bot", "cogs", "games"),
        ("aiosqlite",),
        allowed_in=("bot.storage.sqlite",),
    ),
    Contract(
        "only the PostgreSQL storage talks to PostgreSQL",
        ("bot", "cogs", "games"),
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
        ("bot", "cogs", "games"),
        ("bot.storage.sqlite", "bot.storage.postgres", "bot.storage.sql"),
        allowed_in=("bot.storage", "bot.services", "bot.db"),
    ),
)


def contracts(root: Path = ROOT) -> tuple[Contract, ...]:
    """Every contract of the tree: the platform's, and each game's (written once for all)."""
    kinds = game_kinds(root)
    per_game = tuple(c for kind in kinds for c in game_contracts(kind, kinds))
    return (*PLATFORM_CONTRACTS, *per_game)


@dataclass(frozen=True, slots=True)
class Violation:
    contract: str
    module: str
    imported: str
    line: int

    def __str__(self) -> str:
        return f"{self.module}:{self.line} imports {self.imported} ({self.contract})"


def _under(name: str, packages: tuple[str, ...]) -> bool:
    """``name`` is one of ``packages`` or inside one (a package written ``games.`` with its dot
    means only what is inside it)."""
    return any(
        name.startswith(p) if p.endswith(".") else name == p or name.startswith(p + ".")
        for p in packages
    )


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
            for alias in node.names:  # ``from bot import games`` imports bot.games
                yield f"{base}.{alias.name}", node.lineno


PACKAGES = ("bot", "cogs", "games")


def _sources(root: Path, packages: tuple[str, ...]) -> Iterator[Path]:
    """The modules of the tree: tests excluded (they may reach anywhere)."""
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "tests" not in path.relative_to(root).parts:
                yield path


def violations(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> list[Violation]:
    found: list[Violation] = []
    every = contracts(root)
    for package in packages:
        for path in _sources(root, (package,)):
            module = module_name(path, root)
            for imported, line in imports_of(path, module):
                for contract in every:
                    if not _under(module, contract.source) or _under(module, contract.allowed_in):
                        continue
                    if _under(imported, contract.forbidden) and not _under(imported, (module,)):
                        found.append(Violation(contract.name, module, imported, line))
    return found


def _runtime_imports(path: Path, module: str) -> Iterator[list[str]]:
    """What running ``path`` may import, a list per import statement: every import but those
    under ``if TYPE_CHECKING:`` (which never run). An import inside a function is still a
    runtime dependency: it only moves the failure of a cycle to the first call."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
            if name == "TYPE_CHECKING":
                typing_only.update(id(inner) for block in node.body for inner in ast.walk(block))
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            yield [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield [base, *(f"{base}.{alias.name}" for alias in node.names)]


def _import_targets(imported: list[str], modules: set[str]) -> set[str]:
    """The tree's modules an import list reaches: ``from pkg import sub`` reaches the submodule
    only (the package is already being initialised when a submodule of it asks for a sibling)."""
    found = {name for name in imported if name in modules}
    return {
        name
        for name in found
        if not any(other.startswith(name + ".") and other in found for other in found)
    }


def runtime_cycles(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> list[list[str]]:
    """Every cycle of runtime imports among the tree's modules (each as the modules of one
    strongly connected group, sorted): which of them works depends on who is imported first,
    and a deferred import inside a function is only a cycle waiting for its first call."""
    paths = {module_name(p, root): p for p in _sources(root, packages)}
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        modules = set(paths)
        edges = {
            t for names in _runtime_imports(path, module) for t in _import_targets(names, modules)
        }
        graph[module] = edges - {module}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def connect(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(cycles)
