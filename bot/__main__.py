"""``python -m bot`` (what ``make run`` calls): start the bot, or say clearly what is missing.

Discord out of reach at start (no network, DNS down, Discord's servers failing) is one line
and another try after a pause that doubles each time (5 s up to 5 minutes), not a traceback;
once connected, discord.py reconnects by itself (one line each time: :mod:`bot.logs`).
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from collections.abc import Callable

import aiohttp
import discord
from pydantic import ValidationError

from bot.app import create_bot
from bot.config import Config, log_old_names, problems
from bot.logs import quiet_reconnects

MISSING_TOKEN = (
    "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's token after "
    "DISCORD_TOKEN= (Discord developer portal -> your application -> Bot -> Reset Token)."
)
REFUSED_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN. Reset it in the developer portal and update .env."
)
UNREACHABLE = (
    aiohttp.ClientConnectionError,
    asyncio.TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)
"""What Discord being out of reach looks like at start: worth another try, not a traceback."""
FIRST_PAUSE = 5.0
LONGEST_PAUSE = 300.0


def reason(error: BaseException) -> str:
    """Why Discord could not be reached, in one line."""
    text = " ".join(str(error).split())
    return text or type(error).__name__


def run(
    config: Config,
    token: str,
    *,
    sleep: Callable[[float], None] = time.sleep,
    tries: int | None = None,
) -> int:
    """Run the bot until it stops; while Discord cannot be reached, say so in one line and
    try again after a pause (``tries``: give up after that many, for tests)."""
    pause = FIRST_PAUSE
    tried = 0
    while True:
        bot = create_bot(config)
        try:
            bot.run(token, log_handler=None)
        except discord.LoginFailure:
            print(REFUSED_TOKEN, file=sys.stderr)
            return 2
        except UNREACHABLE as error:
            tried += 1
            if tries is not None and tried >= tries:
                print(f"Cannot reach Discord ({reason(error)}); giving up.", file=sys.stderr)
                return 1
            print(
                f"Cannot reach Discord ({reason(error)}); trying again in {pause:.0f} s.",
                file=sys.stderr,
            )
            sleep(pause)
            pause = min(pause * 2, LONGEST_PAUSE)
            continue
        return 0


def main() -> int:
    try:
        config = Config()
    except ValidationError as error:
        for problem in problems(error):
            print(f"{problem}. Fix it in .env or the environment.", file=sys.stderr)
        return 2
    token = config.token.get_secret_value().strip()
    if not token:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=getattr(logging, config.log_level.upper(), logging.INFO))
    quiet_reconnects()
    log_old_names(config)
    try:
        return run(config, token)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
