"""Remove the slash commands BOT_SYNC_GUILD copied to a test server.

``python -m bot.commands clear-server SERVER_ID``.

With ``BOT_SYNC_GUILD`` set, the bot copies its commands to that one server (they show at
once); synced globally afterwards, that server shows every command twice — its own copy and
the global one — until the copy is removed. This logs in over HTTP only (no gateway, no
database), replaces the server's commands with none, and says how many it removed. Run it once
after taking ``BOT_SYNC_GUILD`` out of ``.env`` (README, "How slash commands are registered").
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Sequence

import discord
from discord import app_commands
from pydantic import ValidationError

from bot.config import Config, problems

Prepare = Callable[[discord.Client], None]
"""Something done to the client before it logs in (tests answer its HTTP calls offline)."""


async def clear_server(token: str, server_id: int, *, prepare: Prepare | None = None) -> list[str]:
    """Remove the bot's commands copied to one server; the names of those removed."""
    client = discord.Client(intents=discord.Intents.none())
    if prepare is not None:
        prepare(client)
    async with client:
        await client.login(token)
        tree = app_commands.CommandTree(client)
        server = discord.Object(id=server_id)
        removed = await tree.fetch_commands(guild=server)
        await tree.sync(guild=server)  # an empty tree: the server keeps no command of its own
        return sorted(command.name for command in removed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.commands",
        description=__doc__.splitlines()[0] if __doc__ else None,
    )
    actions = parser.add_subparsers(dest="action", required=True)
    clear = actions.add_parser(
        "clear-server", help="remove the commands BOT_SYNC_GUILD copied to a server"
    )
    clear.add_argument("server", type=int, help="the server's id (the old BOT_SYNC_GUILD)")
    args = parser.parse_args(argv)
    try:
        config = Config()
    except ValidationError as error:
        for problem in problems(error):
            print(f"{problem}. Fix it in .env or the environment.", file=sys.stderr)
        return 2
    token = config.token.get_secret_value().strip()
    if not token:
        print("DISCORD_TOKEN is not set (see .env.example).", file=sys.stderr)
        return 2
    try:
        removed = asyncio.run(clear_server(token, args.server))
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN.", file=sys.stderr)
        return 2
    except discord.HTTPException as error:
        print(f"Discord refused: {error.text or error}", file=sys.stderr)
        return 1
    if removed:
        print(f"Removed {len(removed)} commands from server {args.server}: {', '.join(removed)}.")
    else:
        print(f"Server {args.server} had no commands of its own; nothing to remove.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
