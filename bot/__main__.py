"""``python -m bot`` (what ``make run`` calls): start the bot, or say clearly what is missing."""

from __future__ import annotations

import logging
import sys

import discord
from pydantic import ValidationError

from bot.app import create_bot
from bot.config import Config, log_old_names, problems

MISSING_TOKEN = (
    "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's token after "
    "DISCORD_TOKEN= (Discord developer portal -> your application -> Bot -> Reset Token)."
)


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
    log_old_names(config)
    bot = create_bot(config)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN. Reset it in the developer portal "
            "and update .env.",
            file=sys.stderr,
        )
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
