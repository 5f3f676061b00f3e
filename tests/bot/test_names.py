"""The neutral command tree (issue 23): shared commands at the top level, each game's own in its
group, the managers' in ``/manage``; buttons posted before the move still route; the settings'
old ``VIDRASSO_*`` names still read, with one start-up line each."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands
from pydantic import AliasChoices

from bot.config import Config, log_old_names
from bot.games import DEFAULT_KIND, GAMES
from cogs.ladder import LADDER_ITEMS
from cogs.ui.buttons import DYNAMIC_ITEMS
from tests.bot.driver import button_id, latest_with
from tests.harness import CannotDoThat, Harness

SHARED = {
    "games": [],
    "hand": [],
    "resign": [],
    "replay": ["game"],
    "review": ["game"],
    "leaderboard": ["page", "game", "period"],
    "stats": ["player", "game"],
    "history": ["player", "game"],
    "notify": None,  # its own options, tested with the clocks
    "tournament": ["create", "standings", "remove", "replace", "cancel"],
}
"""Every top-level, game-free command and its options."""


def synced(h: Harness) -> dict[str, dict[str, Any]]:
    """The commands as the bot sent them to Discord at start, by name."""
    route = "/applications/{application_id}/commands"
    (sync,) = [q for q in h.requests if q.method == "PUT" and q.route == route]
    return {command["name"]: command for command in sync.json}


async def test_the_shared_commands_are_top_level_and_name_no_game(h: Harness) -> None:
    commands = synced(h)
    assert set(commands) == {*SHARED, *GAMES, "manage"}
    for name, options in SHARED.items():
        command = commands[name]
        assert command["type"] == 1 and command.get("dm_permission") is False
        assert not any(game in command["description"].lower() for game in GAMES)
        if options is not None:
            assert [o["name"] for o in command.get("options", [])] == options
    for name in ("leaderboard", "stats", "history"):  # every registered game, by name
        (game,) = [o for o in commands[name]["options"] if o["name"] == "game"]
        assert [c["value"] for c in game["choices"]] == list(GAMES)
        assert not game.get("required", False)


async def test_each_game_keeps_its_own_commands_in_its_group(h: Harness) -> None:
    commands = synced(h)
    for kind, rules in GAMES.items():
        group = {o["name"] for o in commands[kind]["options"]}
        own = {"challenge", "rules"} | ({"play-bot"} if rules.levels else set())
        assert group == own | ({"learn"} if kind == DEFAULT_KIND else set())
        assert commands[kind].get("default_member_permissions") is None


async def test_a_target_is_offered_only_where_there_is_a_choice(h: Harness) -> None:
    commands = synced(h)
    for kind, rules in GAMES.items():
        for sub in commands[kind]["options"]:
            if sub["name"] not in ("challenge", "play-bot"):
                continue
            options = {o["name"]: o for o in sub.get("options", [])}
            if len(rules.targets) > 1:
                assert len(options["target"]["choices"]) == len(rules.targets)
            else:  # Pidro is played to 62: no option offering one choice
                assert "target" not in options


async def test_manage_is_shown_by_default_to_managers_only(h: Harness) -> None:
    manage = synced(h)["manage"]
    assert [o["name"] for o in manage["options"]] == ["settings", "abort", "events", "season"]
    assert int(manage["default_member_permissions"]) == 32  # Manage Server
    assert manage["dm_permission"] is False
    assert manage["name_localizations"]["ja"] == "管理"
    group = h.bot.tree.get_command("manage")
    assert isinstance(group, app_commands.Group) and group.default_permissions is not None
    assert group.default_permissions.manage_guild
    with pytest.raises(CannotDoThat, match="/manage is hidden"):
        await h.slash(h.users["carol"], "manage settings")
    mod = h.add_member("mod", manage_guild=True)
    r = await h.slash(mod, "manage settings")
    assert r.response is not None and r.response.ephemeral


async def test_buttons_posted_before_the_move_still_route(h: Harness) -> None:
    """A button's custom id is all Discord sends back: written out as the old bot wrote them,
    they reach the same handlers."""
    alice, bob = h.users["alice"], h.users["bob"]
    await h.slash(alice, "vidrasso challenge", opponent=bob)
    challenge = h.last_public()
    accept = button_id(challenge, "vidrasso:challenge:").replace(":decline", ":accept")
    assert accept.startswith("vidrasso:challenge:") and accept.endswith(":accept")
    await h.click(bob, challenge, accept)
    (game,) = await h.bot.services.games.games_of(h.guild.id, alice.id)  # type: ignore[attr-defined]
    table = latest_with(h, f"vidrasso:hand:{game.id}")
    r = await h.click(alice, table, f"vidrasso:hand:{game.id}", validate=False)
    assert r.response is not None and r.response.ephemeral
    r = await h.click(bob, table, f"vidrasso:resign:{game.id}:{game.version}", validate=False)
    assert r.response is not None
    items = (*DYNAMIC_ITEMS, *LADDER_ITEMS)
    templates = [item.__discord_ui_compiled_template__.pattern for item in items]
    assert all(t.startswith("vidrasso:") for t in templates)  # the ids the orphan router takes


async def test_an_old_setting_name_still_works_and_says_its_new_name_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("VIDRASSO_AI_WORKERS", "3")
    monkeypatch.setenv("VIDRASSO_LOG_LEVEL", "DEBUG")
    monkeypatch.setenv("BOT_LOG_LEVEL", "WARNING")  # the new name wins
    config = Config(_env_file=None)
    assert (config.ai_workers, config.log_level) == (3, "WARNING")
    with caplog.at_level(logging.WARNING, logger="bot.config"):
        log_old_names(config)
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.config"]
    assert len(lines) == 2
    assert lines[0].startswith("VIDRASSO_AI_WORKERS is an old name: call it BOT_AI_WORKERS")
    assert lines[1].startswith("VIDRASSO_LOG_LEVEL is an old name: call it BOT_LOG_LEVEL")


async def test_old_names_in_the_env_file_are_read_too(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("BOT_DB", "VIDRASSO_DB"):
        monkeypatch.delenv(name, raising=False)
    env = tmp_path / ".env"
    env.write_text("VIDRASSO_DB=old.sqlite3\nBOT_TABLE_PICTURES=false\n")
    config = Config(_env_file=env)  # type: ignore[call-arg]
    assert (config.database, config.table_pictures) == ("old.sqlite3", False)
    assert config.old_names == {"VIDRASSO_DB": "BOT_DB"}
    assert Config(_env_file=None, BOT_DB="new.sqlite3").old_names == {}  # type: ignore[call-arg]


async def test_the_ladder_defaults_to_the_game_the_member_is_playing(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await h.slash(alice, "leaderboard")  # no game in progress: the first registered
    assert f"{GAMES[DEFAULT_KIND].title} ladder" in h.last_public().text()
    me = h.bot.user
    assert me is not None
    await h.slash(alice, "pidro challenge", partner=me, opponent1=me, opponent2=me)
    await h.settle()
    await h.slash(alice, "leaderboard")
    assert "Pidro ladder" in h.last_public().text()
    await h.slash(alice, "leaderboard", game=DEFAULT_KIND)  # named, it wins
    assert f"{GAMES[DEFAULT_KIND].title} ladder" in h.last_public().text()
    await h.slash(alice, "vidrasso challenge", opponent=bob)
    challenge = h.last_public()
    accept = button_id(challenge, "vidrasso:challenge:").replace(":decline", ":accept")
    await h.click(bob, challenge, accept)
    await h.slash(alice, "leaderboard")  # games of two kinds: the first registered
    assert f"{GAMES[DEFAULT_KIND].title} ladder" in h.last_public().text()


def test_every_setting_is_documented_under_its_new_name() -> None:
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    example = (root / ".env.example").read_text(encoding="utf-8")
    for name, field in Config.model_fields.items():
        alias = field.validation_alias
        new = alias.choices[0] if isinstance(alias, AliasChoices) else field.alias
        assert isinstance(new, str), name
        assert f"| `{new}` |" in readme, new
        assert f"\n{new}=" in example, new
        assert "VIDRASSO" not in new
