"""What the bot's log says about its connection: one line per event, not a traceback.

discord.py logs each lost gateway connection with the whole traceback of the network error
("Attempting a reconnect in 2.35s" and forty lines under it) and reconnects by itself; the
error's one-line reason says all an operator needs. Voice is not used, so discord.py's
warnings about missing voice libraries are not given at all (:mod:`bot.app`).
"""

from __future__ import annotations

import logging

RECONNECTING = "Attempting a reconnect in"
"""The start of discord.py's message when its gateway connection failed (discord.client)."""


class OneLineReconnects(logging.Filter):
    """Turns discord.py's reconnect traceback into its one-line reason."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith(RECONNECTING) and record.exc_info:
            error = record.exc_info[1]
            if error is not None:
                why = " ".join(str(error).split()) or type(error).__name__
                record.msg = f"{record.msg} (%s)"
                args = record.args if isinstance(record.args, tuple) else ()
                record.args = (*args, why)
            record.exc_info = None
            record.exc_text = None
        return True


def quiet_reconnects() -> None:
    """Install the filter on discord.py's client logger (once)."""
    logger = logging.getLogger("discord.client")
    if not any(isinstance(f, OneLineReconnects) for f in logger.filters):
        logger.addFilter(OneLineReconnects())
