"""Configuration from the environment and `.env` (pydantic-settings); the token is a secret type.

Every setting but the token is named ``BOT_*`` (the ``bot`` package, ``python -m bot``): no
game's name, since the bot plays several. The names from when it played Vidrasso only
(``VIDRASSO_*``) are still read, the new name winning where both are set;
:attr:`Config.old_names` says which were used, for a start-up line each.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import (
    AliasChoices,
    Field,
    PrivateAttr,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic.fields import FieldInfo
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from bot.shards import BadShards, Shards

log = logging.getLogger(__name__)

PREFIX = "BOT_"
OLD_PREFIX = "VIDRASSO_"
"""Settings' names before the bot played more than Vidrasso (each ``BOT_`` name's old one)."""


def named(name: str) -> AliasChoices:
    """A setting's environment names: ``BOT_<name>``, then the old ``VIDRASSO_<name>``."""
    return AliasChoices(PREFIX + name, OLD_PREFIX + name)


DB_POOL = 10
"""PostgreSQL connections per process unless ``BOT_DB_POOL`` says otherwise: transactions
are short, so a few serve many interactions."""


def machine_cores() -> int:
    """The cores this process may run on (a container's or ``taskset``'s limit, where the
    system says)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def default_table_workers() -> int:
    """Drawing processes unless ``BOT_TABLE_WORKERS`` says otherwise: every core but the
    one the bot's event loop runs on, and at least one."""
    return max(1, machine_cores() - 1)


OLD_NAMES_FOUND = "__old_names__"
"""Where :class:`OldNames` puts the old names it saw, among the values read."""


def old_names_of(model: type[BaseSettings]) -> set[str]:
    """Every old (``VIDRASSO_``) name of ``model``'s settings."""
    found: set[str] = set()
    for field in model.model_fields.values():
        alias = field.validation_alias
        if isinstance(alias, AliasChoices):
            found.update(
                choice
                for choice in alias.choices
                if isinstance(choice, str) and choice.startswith(OLD_PREFIX)
            )
    return found


class OldNames(PydanticBaseSettingsSource):
    """An environment source (the process's, or ``.env``) that also says which old names it
    holds: pydantic reads a setting under either name and keeps no trace of which."""

    def __init__(self, settings_cls: type[BaseSettings], source: PydanticBaseSettingsSource):
        super().__init__(settings_cls)
        self.source = source

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return self.source.get_field_value(field, field_name)

    def __call__(self) -> dict[str, Any]:
        values = self.source()
        present = {name.upper() for name in getattr(self.source, "env_vars", {})}
        old = {
            name: PREFIX + name.removeprefix(OLD_PREFIX)
            for name in sorted(old_names_of(self.settings_cls) & present)
        }
        return {**values, OLD_NAMES_FOUND: old} if old else values


class Config(BaseSettings):
    """Everything the bot reads from its environment."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    token: SecretStr = Field(default=SecretStr(""), alias="DISCORD_TOKEN")
    """The bot token from the Discord developer portal."""
    database: str = Field(default="data/vidrasso.sqlite3", validation_alias=named("DB"))
    """The database: a SQLite file (a path, or ``sqlite:///path``) or a PostgreSQL server
    (``postgresql://user:password@host/db``)."""
    db_pool: int = Field(default=DB_POOL, ge=1, validation_alias=named("DB_POOL"))
    """PostgreSQL connections this process keeps at most (each interaction holds one only for
    its few statements); unused with SQLite."""
    sync_guild: int | None = Field(default=None, validation_alias=named("SYNC_GUILD"))
    """A server id for instant command sync while testing; None syncs globally."""
    sync_commands: bool = Field(default=True, validation_alias=named("SYNC_COMMANDS"))
    """Whether to sync slash commands with Discord at start."""
    log_level: str = Field(default="INFO", validation_alias=named("LOG_LEVEL"))
    table_pictures: bool = Field(default=True, validation_alias=named("TABLE_PICTURES"))
    """Whether table messages carry the drawn table (off: text embeds only)."""
    ai_workers: int = Field(default=1, ge=0, validation_alias=named("AI_WORKERS"))
    """Processes for the computer player's search (0: a thread, for tests)."""
    table_workers: int = Field(
        default_factory=default_table_workers, ge=0, validation_alias=named("TABLE_WORKERS")
    )
    """Processes that draw the tables' pictures (default: the cores but one, at least one; 0:
    in the bot's own threads, for tests)."""

    shard_count: int | None = Field(default=None, validation_alias=named("SHARDS"))
    """How many gateway shards the bot has in all; None runs one unsharded connection."""
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None, validation_alias=named("SHARD_IDS")
    )
    """The shards this process runs, e.g. ``0,1``; None runs all of them."""

    _old_names: dict[str, str] = PrivateAttr(default_factory=dict)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (
            init_settings,
            OldNames(settings_cls, env_settings),
            OldNames(settings_cls, dotenv_settings),
            file_secret_settings,
        )

    @model_validator(mode="wrap")
    @classmethod
    def _note_old_names(cls, data: object, handler: Any) -> Config:
        """Keep what :class:`OldNames` found (and keep it out of the settings)."""
        old: dict[str, str] = {}
        if isinstance(data, Mapping) and OLD_NAMES_FOUND in data:
            data = dict(data)
            old = data.pop(OLD_NAMES_FOUND)
        config: Config = handler(data)
        config._old_names = dict(old)
        return config

    @property
    def old_names(self) -> dict[str, str]:
        """Each old name the environment used, and its new name."""
        return dict(self._old_names)

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
                f"BOT_SHARD_IDS must list shard numbers separated by commas, "
                f"e.g. 0,1 (not {value!r})"
            )
        return tuple(int(part) for part in parts)

    @model_validator(mode="after")
    def _runnable_shards(self) -> Config:
        """Refuse, at start, shard settings no process could run (see :attr:`shards`)."""
        if self.shard_ids is not None and self.shard_count is None:
            raise ValueError(
                "BOT_SHARD_IDS is set but BOT_SHARDS is not: "
                "give the bot's total number of shards too"
            )
        try:
            self.shards  # noqa: B018 - built here only to be checked
        except BadShards as error:
            raise ValueError(f"BOT_SHARDS / BOT_SHARD_IDS: {error}") from None
        return self

    @property
    def sharded(self) -> bool:
        """Whether the bot runs discord.py's ``AutoShardedBot`` (``BOT_SHARDS`` set)."""
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


def log_old_names(config: Config) -> None:
    """One start-up line per old setting name in use, saying its new name."""
    for old, new in sorted(config.old_names.items()):
        log.warning(
            "%s is an old name: call it %s in .env or the environment "
            "(read for now; %s wins when both are set)",
            old,
            new,
            new,
        )
