"""Configuration from the environment and `.env` (pydantic-settings); the token is a secret type."""

from __future__ import annotations

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


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
    sync_guild: int | None = Field(default=None, alias="VIDRASSO_SYNC_GUILD")
    """A server id for instant command sync while testing; None syncs globally."""
    sync_commands: bool = Field(default=True, alias="VIDRASSO_SYNC_COMMANDS")
    """Whether to sync slash commands with Discord at start."""
    log_level: str = Field(default="INFO", alias="VIDRASSO_LOG_LEVEL")
    table_pictures: bool = Field(default=True, alias="VIDRASSO_TABLE_PICTURES")
    """Whether table messages carry the drawn table (off: text embeds only)."""
    ai_workers: int = Field(default=1, alias="VIDRASSO_AI_WORKERS")
    """Processes for the computer player's search (0: a thread, for tests)."""

    @field_validator("sync_guild", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value in ("", None) else value
