"""Setting the bot up just works: the invite link asks for what the bot checks, every setting
is documented, a test server's copied commands can be removed, start-up says nothing about
voice, Discord out of reach at start is one line and another try, and the README's pictures
come from the gallery."""

from __future__ import annotations

import io
import logging
import re
from pathlib import Path

import discord
import pytest
from discord.http import Route

from bot import __main__ as start
from bot import screens
from bot.app import create_bot
from bot.commands import clear_server
from bot.config import Config
from bot.games import GAMES
from bot.logs import OneLineReconnects
from cogs.ui.permissions import INVITE_PERMISSIONS, invite_url
from tests.bot.driver import make_bot
from tests.harness import FakeDiscord, Harness, World

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
ENV_EXAMPLE = (ROOT / ".env.example").read_text(encoding="utf-8")


def setting_names() -> list[str]:
    """Each setting's environment name (the first of its names: the current one)."""
    names = []
    for field in Config.model_fields.values():
        alias = field.validation_alias
        if alias is None:
            assert field.alias is not None
            names.append(field.alias)
        else:
            first = alias.choices[0] if hasattr(alias, "choices") else alias
            assert isinstance(first, str)
            names.append(first)
    return names


def test_readme_invites_with_exactly_the_permissions_the_bot_checks() -> None:
    link = invite_url(0).replace("client_id=0", "client_id=APPLICATION_ID")
    assert link in README
    (integer,) = set(re.findall(r"permissions=(\d+)", README))
    assert int(integer) == INVITE_PERMISSIONS.value == 309237763072
    assert f"`{INVITE_PERMISSIONS.value}` is exactly the permissions" in README


@pytest.mark.parametrize("name", setting_names())
def test_every_setting_is_in_env_example_and_readme(name: str) -> None:
    assert re.search(rf"^{name}=", ENV_EXAMPLE, re.MULTILINE), f"{name} not in .env.example"
    assert f"`{name}`" in README, f"{name} not in README's table"


def test_the_settings_are_the_ones_expected() -> None:
    assert len(setting_names()) == 11 and "DISCORD_TOKEN" in setting_names()


def test_no_voice_warnings_at_start(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True  # as after import
    with caplog.at_level(logging.WARNING, logger="discord"):
        make_bot(tmp_path / "v.sqlite3")
    assert not [r for r in caplog.records if "voice" in r.getMessage()]
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True
    with caplog.at_level(logging.WARNING, logger="discord"):
        discord.Client(intents=discord.Intents.none())  # what a plain client says
    assert [r for r in caplog.records if "voice will NOT be supported" in r.getMessage()]


def test_discord_out_of_reach_at_start_is_one_line_and_another_try(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(Route, "BASE", "http://127.0.0.1:9/api/v10")  # nothing listens there
    config = Config(  # type: ignore[call-arg]
        _env_file=None, database=str(tmp_path / "v.sqlite3"), table_workers=0, ai_workers=0
    )
    pauses: list[float] = []
    assert start.run(config, "fake-token", sleep=pauses.append, tries=4) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 4, lines
    assert all(line.startswith("Cannot reach Discord (") for line in lines)
    assert "127.0.0.1:9" in lines[0] and lines[0].endswith("trying again in 5 s.")
    assert lines[-1].endswith("giving up.")
    assert pauses == [5.0, 10.0, 20.0]


def test_a_lost_gateway_is_one_log_line() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logger = logging.getLogger("tests.reconnect")
    logger.addHandler(handler)
    logger.addFilter(OneLineReconnects())
    try:
        try:
            raise OSError("Cannot connect to host gateway.discord.gg:443")
        except OSError:
            logger.exception("Attempting a reconnect in %.2fs", 2.5)
    finally:
        logger.removeHandler(handler)
    assert stream.getvalue() == (
        "Attempting a reconnect in 2.50s (Cannot connect to host gateway.discord.gg:443)\n"
    )


async def test_a_test_servers_copy_of_the_commands_can_be_removed(tmp_path: Path) -> None:
    config = Config(  # type: ignore[call-arg]
        _env_file=None,
        database=str(tmp_path / "v.sqlite3"),
        table_workers=0,
        ai_workers=0,
        table_pictures=False,
    )
    world = World()
    testing = config.model_copy(update={"sync_guild": world.guild_id})
    async with Harness.running(create_bot(testing), world=world):
        pass
    async with Harness.running(create_bot(config), world=world):
        pass
    copied = {name for name, guild in world.commands if guild == world.guild_id}
    everywhere = {name for name, guild in world.commands if guild is None}
    assert copied == everywhere and "vidrasso" in copied  # every command, twice

    api = FakeDiscord(world)
    try:
        removed = await clear_server(
            "fake-token", world.guild_id, prepare=lambda c: api.install(c.http)
        )
    finally:
        api.uninstall()
    assert set(removed) == copied
    assert {guild for _, guild in world.commands} == {None}  # the global ones stay


def test_the_readme_pictures_come_from_the_gallery(tmp_path: Path) -> None:
    wanted = screens.readme_screens()  # path in the checkout: the gallery's screen
    assert any(path.startswith("games/") for path in wanted)  # the games' own, from their folders
    shown = set(re.findall(r'src="([\w/.-]+\.png)"', README))
    # The README describes every game of the product; a checkout without one (its folder and
    # its line in games/__init__.py taken out) does not draw that game's pictures.
    elsewhere = {p for p in shown if (m := re.match(r"games/(\w+)/", p)) and m[1] not in GAMES}
    assert shown - elsewhere == set(wanted)
    kept = {*(ROOT / "docs" / "screens").glob("*.png")}
    kept |= {
        p for kind in GAMES for p in (ROOT / "games" / kind / "docs" / "screens").glob("*.png")
    }
    assert {p.relative_to(ROOT).as_posix() for p in kept} == set(wanted)
    assert screens.main(["--readme", "--out", str(tmp_path)]) == 0
    assert {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.png")} == set(wanted)
    for path in wanted:  # what the checkout keeps is what the gallery draws now
        assert (tmp_path / path).read_bytes() == (ROOT / path).read_bytes(), (
            f"{path} is out of date: run make screens"
        )
