"""Benchmarks: scripts run as ``python bench/<name>.py`` that print their figures (a package
only so that the type checker names them apart from the bot's own modules)."""
