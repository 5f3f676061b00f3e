"""Settings: a server's choices for its games — default time per move, threads, and the
channels where games may start.

:mod:`bot.settings.model` holds the data, :mod:`bot.settings.store` the storage contract,
:mod:`bot.settings.service` the service the commands and the play cog call.
"""
