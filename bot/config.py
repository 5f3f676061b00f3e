"""Configuration from the environment and `.env` (pydantic-settings); the token is a secret type."""

from __future__ import annotations

import os
from typing import Annotated

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.shards import BadShards, Shards

DB_POOL = 10
"""PostgreSQL connections per process unless ``VIDRASSO_DB_POOL`` says otherwise: transactions
are short, so a few serve many interactions."""


def machine_cores() -> int:
    """The cores this process may run on (a container's or ``taskset``'s limit, where the
    system says)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def default_table_workers() -> int:
    """Drawing processes unless ``VIDRASSO_TABLE_WORKERS`` says otherwise: every core but the
    one the bot's event loop runs on, and at least one."""
    return max(1, machine_cores() - 1)


class Config(BaseSettings):
    """Everything the bot reads from its environment."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    token: SecretStr = Field(default=SecretStr(""), alias="DISCORD_TOKEN")
    """The bot token from the Discord developer portal."""
    database: str = Field(default="data/vidrasso.sqlite3", alias="VIDRASSO_DB")
    """The database: a SQLite file (a path, or ``sqlite:///path``) or a PostgreSQL server
    (``postgresql://user:password@host/db``)."""
    db_pool: int = Field(default=DB_POOL, ge=1, alias="VIDRASSO_DB_POOL")
    """PostgreSQL connections this process keeps at most (each interaction holds one only for
    its few statements); unused with SQLite."""
    sync_guild: int | None = Field(default=None, alias="VIDRASSO_SYNC_GUILD")
    """A server id for instant command sync while testing; None syncs globally."""
    sync_commands: bool = Field(default=True, alias="VIDRASSO_SYNC_COMMANDS")
    """Whether to sync slash commands with Discord at start."""
    log_level: str = Field(default="INFO", alias="VIDRASSO_LOG_LEVEL")
    table_pictures: bool = Field(default=True, alias="VIDRASSO_TABLE_PICTURES")
    """Whether table messages carry the drawn table (off: text embeds only)."""
    ai_workers: int = Field(default=1, ge=0, alias="VIDRASSO_AI_WORKERS")
    """Processes for the computer player's search (0: a thread, for tests)."""
    table_workers: int = Field(
        default_factory=default_table_workers, ge=0, alias="VIDRASSO_TABLE_WORKERS"
    )
    """Processes that draw the tables' pictures (default: the cores but one, at least one; 0:
    in the bot's own threads, for tests)."""

    shard_count: int | None = Field(default=None, alias="VIDRASSO_SHARDS")
    """How many gateway shards the bot has in all; None runs one unsharded connection."""
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None, alias="VIDRASSO_SHARD_IDS"
    )
    """The shards this process runs, e.g. ``0,1``; None runs all of them."""

    @field_validator("sync_guild", "shard_count", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("table_workers", mode="before")
    @classmethod
    def _empty_is_default(cls, value: object) -> object:
        return default_table_workers() if value in ("", None) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        """``0,1`` (as written in ``.env``) into its numbers; empty means all shards."""
        if not isinstance(value, str):
            return value
        parts = [part.strip() for part in value.split(",") if part.strip()]
        if not parts:
            return None
        if not all(part.isdigit() for part in parts):
            raise ValueError(
                f"VIDRASSO_SHARD_IDS must list shard numbers separated by commas, "
                f"e.g. 0,1 (not {value!r})"
            )
        return tuple(int(part) for part in parts)

    @model_validator(mode="after")
    def _runnable_shards(self) -> Config:
        """Refuse, at start, shard settings no process could run (see :attr:`shards`)."""
        if self.shard_ids is not None and self.shard_count is None:
            raise ValueError(
                "VIDRASSO_SHARD_IDS is set but VIDRASSO_SHARDS is not: "
                "give the bot's total number of shards too"
            )
        try:
            self.shards  # noqa: B018 - built here only to be checked
        except BadShards as error:
            raise ValueError(f"VIDRASSO_SHARDS / VIDRASSO_SHARD_IDS: {error}") from None
        return self

    @property
    def sharded(self) -> bool:
        """Whether the bot runs discord.py's ``AutoShardedBot`` (``VIDRASSO_SHARDS`` set)."""
        return self.shard_count is not None

    @property
    def shards(self) -> Shards:
        """The shards this process runs: the servers whose background duties are its own."""
        if self.shard_count is None:
            return Shards.every()
        if self.shard_ids is None:
            return Shards.every(self.shard_count)
        return Shards.of(self.shard_count, self.shard_ids)


def problems(error: ValidationError) -> list[str]:
    """What is wrong with the environment, one sentence per setting (for the start-up
    message: pydantic's own report is written for programmers)."""
    found = []
    for item in error.errors():
        message = str(item["msg"]).removeprefix("Value error, ")
        where = ".".join(str(part) for part in item["loc"])
        found.append(message if not where or where in message else f"{where}: {message}")
    return found
