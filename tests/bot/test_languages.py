"""Commands in the member's language: the synced commands carry Japanese names, descriptions
and choices; every catalog text has its placeholders, and a missing one falls back to English."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from cogs.ui import i18n
from tests.harness import Harness, World

SUBCOMMAND = 1


def localised(command: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every command, subcommand and option of a synced command, with a path for messages."""
    yield command["name"], command
    for option in command.get("options", ()):
        path = f"{command['name']} {option['name']}"
        if option.get("type") == SUBCOMMAND:
            yield from localised({**option, "name": path})
        else:
            yield path, option


async def test_every_command_and_option_is_synced_in_japanese(h: Harness) -> None:
    synced = list(h.world.commands.values())
    assert synced
    missing = []
    for command in synced:
        for path, item in localised(command):
            for key in ("name_localizations", "description_localizations"):
                if not (item.get(key) or {}).get("ja"):
                    missing.append(f"{path}: {key}")
            for choice in item.get("choices", ()):
                if not (choice.get("name_localizations") or {}).get("ja"):
                    missing.append(f"{path} choice {choice['name']}")
    assert missing == []


def test_the_japanese_catalog_keeps_every_placeholder_and_discords_name_rules() -> None:
    for source in i18n.catalog_files("ja"):
        with source.open("rb") as po:
            catalog = read_po(po, locale="ja")
        check_catalog(catalog)


def check_catalog(catalog: Any) -> None:
    for message in catalog:
        if not message.id:
            continue
        assert message.string, f"untranslated: {message.id!r}"
        assert set(_fields(str(message.id))) == set(_fields(str(message.string))), message.id
        if message.context in ("command", "option"):
            name = str(message.string)
            assert len(name) <= 32 and name == name.lower() and " " not in name, name


def _fields(text: str) -> list[str]:
    import string

    return [field for _, field, _, _ in string.Formatter().parse(text) if field]


def test_a_missing_or_broken_translation_falls_back_to_english(monkeypatch: Any) -> None:
    assert i18n.text("ja", "No such text, {who}.", who="Ann") == "No such text, Ann."
    broken = i18n.gettext.NullTranslations()
    monkeypatch.setattr(broken, "gettext", lambda message: "{nobody}さん")
    monkeypatch.setattr(i18n, "catalog", lambda language: broken)
    assert i18n.text("ja", "Hello, {who}.", who="Ann") == "Hello, Ann."
    monkeypatch.undo()
    assert i18n.text("en", "Play a game against the computer") == "Play a game against the computer"
    assert i18n.text("ja", "Play a game against the computer") == "コンピューターと対局する"
    assert i18n.language_of("ja") == "ja" and i18n.language_of("pt-BR") == "en"


async def test_a_japanese_member_plays_in_japanese_while_the_table_follows_the_server(
    h: Harness,
) -> None:
    import random

    from tests.bot.driver import challenge_and_accept, game_row, take_turn

    alice, bob = h.users["alice"], h.set_locale(h.users["bob"], "ja")
    game_id = await challenge_and_accept(h, alice, bob)
    rng = random.Random(3)
    while not (await game_row(h, game_id)).state.is_over:
        await take_turn(h, game_id, rng)
    bobs = [m for m in h.ephemeral_to(bob) if m.embeds]
    alices = [m for m in h.ephemeral_to(alice) if m.embeds]
    assert bobs and all("あなたの手札" in m.embeds[0].get("title", "") for m in bobs)
    assert alices and all("Your hand" in m.embeds[0].get("title", "") for m in alices)
    tables = [m for m in h.messages if m.audience is None and m.embeds]
    assert any("Vidrasso · round" in m.embeds[0].get("title", "") for m in tables)
    assert not any("ヴィドラッソ" in m.text() for m in tables)


async def test_a_japanese_server_gets_japanese_tables(tmp_path: Path) -> None:
    from tests.bot.driver import challenge_and_accept, make_bot

    world = World()
    world.guild_locale = "ja"
    async with Harness.running(make_bot(tmp_path / "v.sqlite3"), world=world) as h:
        alice, bob = h.users["alice"], h.users["bob"]
        await challenge_and_accept(h, alice, bob)
        tables = [m for m in h.messages if m.audience is None and m.embeds]
        assert any("ヴィドラッソ・第1ラウンド" in m.embeds[0].get("title", "") for m in tables)
        challenge = next(m for m in h.messages if "挑戦" in m.content)
        assert "受諾" in h.world.messages[challenge.id].content
        assert [t.name for t in h.threads] == ["ヴィドラッソの対局 #1"]  # the thread too
