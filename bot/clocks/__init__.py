"""Clocks: time per move, deadlines, reminders, quiet hours, the inbox, and the audit of games
ended by the clock or a manager — for every registered game.

:mod:`bot.clocks.model` holds the data, :mod:`bot.clocks.policy` the decisions (pure),
:mod:`bot.clocks.store` the storage contract, :mod:`bot.clocks.service` the service and the
move hook that keeps each game's clock.
"""
