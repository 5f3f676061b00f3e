"""Play: challenges and games in progress, for every registered game.

:mod:`bot.play.model` holds the data (no I/O), :mod:`bot.play.store` the storage contract,
:mod:`bot.play.service` the service that loads, checks, applies and saves.
"""
