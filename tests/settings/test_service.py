"""A server's settings through the settings service, on SQLite: defaults, changes, where games
may start, and a refusal that names channels without Discord markup."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.clocks.model import DAY, HOUR
from bot.errors import BadRequest, NotAllowed
from bot.services import open_storage
from bot.settings.model import GuildSettings
from bot.settings.service import ChannelNotAllowed, SettingsService
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SqliteStorage

GUILD, CHANNEL, MANAGER = 1000, 2000, 33
NOW = 1_750_000_000.0


@pytest.fixture
async def service(database: str) -> AsyncIterator[SettingsService]:
    storage = await open_storage(database)
    yield SettingsService(storage, clock=lambda: NOW)
    await storage.close()


async def test_a_server_starts_with_the_defaults(service: SettingsService) -> None:
    settings = await service.guild_settings(GUILD)
    assert settings == GuildSettings(GUILD)
    assert settings.default_time == DAY and settings.open_threads and settings.allows(123)
    assert await service.check_channel(GUILD, 123) == settings


async def test_changes_keep_what_was_not_given(service: SettingsService) -> None:
    await service.change_settings(GUILD, MANAGER, time_per_move=HOUR)
    changed = await service.change_settings(GUILD, MANAGER, open_threads=False)
    assert changed == GuildSettings(GUILD, HOUR, False)
    assert await service.guild_settings(GUILD) == changed
    assert await service.guild_settings(GUILD + 1) == GuildSettings(GUILD + 1)
    storage = service.storage
    assert isinstance(storage, SqliteStorage | PostgresStorage)
    (row,) = await storage.execute("SELECT updated_by, updated_at FROM guild_settings")
    assert tuple(row) == (MANAGER, NOW)
    with pytest.raises(BadRequest, match="more than nothing"):
        await service.change_settings(GUILD, MANAGER, time_per_move=0)


async def test_games_start_only_in_the_allowed_channels(service: SettingsService) -> None:
    await service.change_settings(GUILD, MANAGER, allow_channel=CHANNEL, open_threads=False)
    await service.change_settings(GUILD, MANAGER, allow_channel=CHANNEL + 1)
    settings = await service.check_channel(GUILD, CHANNEL + 1)
    assert settings.channel_ids == {CHANNEL, CHANNEL + 1} and not settings.open_threads
    with pytest.raises(ChannelNotAllowed) as refused:
        await service.check_channel(GUILD, 999, title="Vidrasso")
    error = refused.value
    assert isinstance(error, NotAllowed) and error.channel_ids == (CHANNEL, CHANNEL + 1)
    assert "<#" not in str(error)  # the service writes no Discord markup
    assert error.text(channel=lambda c: f"<#{c}>") == (
        f"On this server, Vidrasso games are started in <#{CHANNEL}>, <#{CHANNEL + 1}>."
    )
    with pytest.raises(ChannelNotAllowed, match=r"^On this server, games are started in"):
        await service.check_channel(GUILD, 999)
    await service.change_settings(GUILD, MANAGER, remove_channel=CHANNEL)
    assert (await service.guild_settings(GUILD)).channel_ids == {CHANNEL + 1}
    await service.change_settings(GUILD, MANAGER, any_channel=True)
    assert (await service.guild_settings(GUILD)).allows(999)
    assert (await service.guild_settings(GUILD + 1)).channel_ids == frozenset()
