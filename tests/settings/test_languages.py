"""The language of a server's public messages (``/manage settings language``), and the
managers' commands in the reader's words: answers in the member's own language, the notice of a
stopped game in the server's."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest

from bot.errors import BadRequest
from bot.services import load_state
from bot.settings.service import SettingsService
from bot.storage.sqlite import SqliteStorage
from tests.bot.driver import challenge_and_accept
from tests.clocks.clock import FakeClock
from tests.harness import Harness
from tests.harness import payloads as raw
from tests.settings.speaking import members_speak, server_speaks

GUILD, MANAGER = 1000, 33


@pytest.fixture
async def service() -> AsyncIterator[SettingsService]:
    storage = await SqliteStorage.open(":memory:", load_state)
    yield SettingsService(storage, clock=lambda: 0.0)
    await storage.close()


async def test_a_language_is_chosen_kept_and_given_back_to_the_server(
    service: SettingsService,
) -> None:
    assert (await service.guild_settings(GUILD)).language is None
    chosen = await service.change_settings(GUILD, MANAGER, language="ja")
    assert chosen.language == "ja"
    kept = await service.change_settings(GUILD, MANAGER, open_threads=False)
    assert kept.language == "ja"  # another change keeps the language
    auto = await service.change_settings(GUILD, MANAGER, language="auto")
    assert auto.language is None
    with pytest.raises(BadRequest, match="no language called"):
        await service.change_settings(GUILD, MANAGER, language="<#1>")


async def test_the_chosen_language_is_stored(service: SettingsService) -> None:
    await service.change_settings(GUILD, MANAGER, language="ja")
    await service.change_settings(GUILD, MANAGER, open_threads=False)
    assert (await service.guild_settings(GUILD)).language == "ja"


async def test_the_settings_show_the_language_of_public_messages(
    h: Harness, clock: FakeClock
) -> None:
    mod = h.add_member("mod", manage_guild=True)
    r = await h.slash(mod, "manage settings")
    fields = {f["name"]: f["value"] for f in r.messages[-1].embeds[0]["fields"]}
    assert fields["Language of public messages"] == "the server's language (English)"
    server_speaks(h, discord.Locale.japanese)
    r = await h.slash(mod, "manage settings", language="ja")
    assert r.messages[-1].content == "Saved."
    fields = {f["name"]: f["value"] for f in r.messages[-1].embeds[0]["fields"]}
    assert fields["Language of public messages"] == "日本語"
    r = await h.slash(mod, "manage settings", language="auto")
    fields = {f["name"]: f["value"] for f in r.messages[-1].embeds[0]["fields"]}
    assert fields["Language of public messages"] == "the server's language (日本語)"


async def test_managers_commands_speak_the_members_language(h: Harness, clock: FakeClock) -> None:
    h.add_member("mod", manage_guild=True)
    game_id = await challenge_and_accept(h, h.users["alice"], h.users["bob"])
    thread = h.threads[0]
    alice, bob, carol, mod = members_speak(
        h, discord.Locale.japanese, "alice", "bob", "carol", "mod"
    )

    r = await h.slash(carol, "manage settings", time=600, validate=False)  # shown to all
    assert (
        r.messages[-1].text().startswith("このサーバーのゲーム設定を変えられるのは**サーバー管理**")
    )
    r = await h.slash(mod, "manage settings", time=600)
    embed = r.messages[-1].embeds[0]
    assert (r.messages[-1].content, embed["title"]) == (
        "保存しました。",
        "ゲーム設定 · Vidrasso Club",
    )
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields["既定の持ち時間"] == "10分"
    assert fields["対局ごとのスレッド"] == "はい"
    assert fields["対局を始められるチャンネル"] == "すべてのチャンネル"
    assert fields["公開メッセージの言語"] == "サーバーの言語（English）"

    await h.slash(mod, "manage abort", game=game_id, reason="テスト")
    answer = h.last_ephemeral(mod).text()
    assert answer == f"対局 {game_id} を中止しました。勝者なし・レーティング対象外です。"
    notice = [m.text() for m in h.channel_messages(thread) if m.text().startswith("🛑")]
    assert notice == [  # public: the server speaks English
        f"🛑 Game {game_id} was stopped by <@{mod.id}>, a server manager. It ends without a "
        "winner and is not rated. Reason: テスト"
    ]

    games = h.world.add_text_channel("games")
    h.feed("CHANNEL_CREATE", raw.channel(h.world, games))
    await h.slash(mod, "manage settings", allow_channel=games)
    r = await h.slash(alice, "vidrasso challenge", opponent=bob)  # the service's refusal
    assert (
        r.messages[-1].text()
        == f"このサーバーでは、ヴィドラッソの対局は {games.mention} で始めます。"
    )


async def test_the_chosen_language_is_the_public_messages(h: Harness, clock: FakeClock) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    mod = h.add_member("mod", manage_guild=True)
    game_id = await challenge_and_accept(h, alice, bob)
    thread = h.threads[0]
    await h.slash(mod, "manage settings", language="ja")
    await h.slash(mod, "manage abort", game=game_id)
    notice = [m.text() for m in h.channel_messages(thread) if m.text().startswith("🛑")]
    assert notice == [
        f"🛑 対局 {game_id} はサーバー管理者の <@{mod.id}> によって中止されました。"
        "勝者なしで終了し、レーティングには反映されません。"
    ]
