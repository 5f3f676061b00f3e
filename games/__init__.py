"""Every game the bot offers, each in its own folder: ``games/<kind>/``.

A game's folder holds everything of that game (rules, computer players, table picture, Discord
presentation, rules pages, catalogs, docs and tests); the platform (``bot/``, ``cogs/``) knows
no game by name and finds each through :data:`KINDS` (see ``docs/architecture.md``).
"""

KINDS: tuple[str, ...] = (
    "vidrasso",
    "pidro",
    "vriddiot",
)
"""The registered games, by kind (the name of the game's folder): adding a game is one line."""
