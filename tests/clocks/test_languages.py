"""Clocks in the reader's words: reminders and time-outs in the game's place in the server's
language, ``/notify`` in the member's own; English stays as it was."""

from __future__ import annotations

import random

import discord
import pytest

from bot.clocks.model import DAY, HOUR, MINUTE, NotifyMode, NotifyPrefs, QuietHours
from cogs.ui import clock_text as text
from cogs.ui.i18n import ENGLISH_WORDS, Words
from tests.bot.driver import challenge_and_accept, service_of, take_turn
from tests.clocks.clock import FakeClock
from tests.clocks.test_commands import game_row, run, waiting_player
from tests.harness import Harness
from tests.settings.speaking import members_speak, server_speaks

JA = Words("ja")
DURATIONS = (  # seconds, the duration in words, the time control's name
    (0.0, "less than a minute", "less than a minute"),
    (30.0, "less than a minute", "less than a minute"),
    (MINUTE, "1 min", "1 min"),
    (90.0, "2 min", "2 min"),
    (5 * MINUTE, "5 min", "5 min"),
    (HOUR, "1 h", "1 hour"),
    (HOUR + 59.6 * MINUTE, "2 h", "2 h"),
    (5 * HOUR + 20 * MINUTE, "5 h 20 min", "5 h 20 min"),
    (DAY - 1.0, "1 day", "1 day"),
    (DAY, "1 day", "24 hours"),
    (DAY + 4 * HOUR + 10 * MINUTE, "1 day 4 h", "1 day 4 h"),
    (2 * DAY, "2 days", "2 days"),
    (2 * DAY + 30 * MINUTE, "2 days", "2 days"),
    (3 * DAY, "3 days", "3 days"),
)


@pytest.mark.parametrize(("seconds", "words", "name"), DURATIONS)
def test_durations_in_english(seconds: float, words: str, name: str) -> None:
    assert text.duration_text(seconds, ENGLISH_WORDS) == words
    assert text.preset_text(seconds, ENGLISH_WORDS) == name


def test_durations_in_japanese() -> None:
    assert text.duration_text(30, JA) == "1分未満"
    assert text.duration_text(DAY + 4 * HOUR + 10 * MINUTE, JA) == "1日4時間"
    assert text.duration_text(5 * HOUR + 20 * MINUTE, JA) == "5時間20分"
    assert text.duration_text(2 * DAY, JA) == "2日"
    assert text.duration_text(2 * HOUR, JA) == "2時間"
    assert text.duration_text(7 * MINUTE, JA) == "7分"
    assert text.preset_text(600, JA) == "10分"  # the choice's name, from the commands' catalog
    assert text.preset_text(3 * DAY, JA) == "3日"


def test_reminder_preferences_in_japanese() -> None:
    quiet = NotifyPrefs(NotifyMode.DM, QuietHours(22, 7, 120))
    assert text.prefs_text(quiet, JA) == (
        "**通知：** ダイレクトメッセージ（DMを送れないときは対局のチャンネルでメンション）。\n"
        "**静音時間：** 22:00–07:00 (UTC+2)。静音時間中の通知は終わるまで待ちますが、"
        "期限は延びません。"
    )
    assert "**静音時間：**なし。" in text.prefs_text(NotifyPrefs(), JA)
    assert text.prefs_text(NotifyPrefs(), ENGLISH_WORDS).startswith(
        "**Reminders:** a mention in the game's thread or channel.\n**Quiet hours:** none. "
    )


async def test_reminders_in_the_games_thread_speak_the_servers_language(
    h: Harness, clock: FakeClock
) -> None:
    server_speaks(h, discord.Locale.japanese)
    began = clock.now
    game_id = await challenge_and_accept(h, h.users["alice"], h.users["bob"])
    thread = h.threads[-1]
    player = await waiting_player(h, game_id)
    game = await game_row(h, game_id)
    (opponent,) = set(game.player_ids) - {player}
    clock.now = began + 0.5 * DAY
    await run(h)
    (reminder,) = [m for m in h.channel_messages(thread) if "お知らせ" in m.content]
    assert reminder.content.startswith(
        f"⏰ お知らせ：<@{player}> ヴィドラッソの対局 {game_id}（相手：<@{opponent}>）は"
        "あなたの手番です。残り12時間（"
    )
    assert reminder.mentions == (player,)
    clock.now = began + 0.9 * DAY
    await run(h)
    assert h.last_public(thread).content.startswith("⏰ 最後のお知らせ：")


async def test_a_game_without_a_winner_on_time_is_explained_in_the_servers_language(
    h: Harness, clock: FakeClock
) -> None:
    server_speaks(h, discord.Locale.japanese)
    game_id = await challenge_and_accept(h, h.users["alice"], h.users["bob"])
    thread = h.threads[-1]
    rng = random.Random(2)
    while (await game_row(h, game_id)).to_act != (0, 1):
        await take_turn(h, game_id, rng)
    clock.advance(DAY)
    assert (await run(h)).timed_out == [game_id]
    game = await game_row(h, game_id)
    first, second = (f"<@{p}>" for p in game.player_ids)
    notes = [m.content for m in h.channel_messages(thread) if m.content.startswith("⏰")]
    assert notes == [
        f"⏰ 対局 {game_id} は時間切れです。{first} も {second} も持ち時間（24時間）内に"
        "手を打ちませんでした。勝者なしで終了し、レーティングには反映されません。"
    ]


async def test_notify_speaks_the_members_language(h: Harness) -> None:
    alice, bob = members_speak(h, discord.Locale.japanese, "alice", "bob")
    r = await h.slash(alice, "notify", mode="dm", quiet_from=22, quiet_to=7, time_zone="Asia/Tokyo")
    assert r.messages[-1].text().startswith("保存しました。**通知：** ダイレクトメッセージ")
    assert "22:00–07:00 (Asia/Tokyo)" in r.messages[-1].text()
    assert "**タイムゾーン：** Asia/Tokyo" in r.messages[-1].text()
    assert h.dms(alice)[-1].content.startswith("👋 対局の通知はここに送ります。")
    r = await h.slash(alice, "notify", quiet_from=22)
    assert r.messages[-1].text() == (
        "静音時間は、開始（静音開始）と終了（静音終了）の両方を指定してください。"
    )
    h.close_dms(bob)
    r = await h.slash(bob, "notify", mode="dm")
    assert "\n⚠️ ダイレクトメッセージを送れません" in r.messages[-1].text()


async def test_inbox_lines_in_japanese(h: Harness, clock: FakeClock) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await challenge_and_accept(h, alice, bob)
    (game,) = await service_of(h).games_of(h.world.guild_id, alice.id)
    deadline = clock.now + 5 * HOUR
    line = text.inbox_line(game, alice.id, True, deadline, clock.now, tr=JA)
    start = f"• 対局 {game_id}（ヴィドラッソ・相手：<@{bob.id}>）— 第1ラウンド、0–0、"
    assert line.startswith(start)
    assert "、**あなたの手番** · " in line
    assert f" · 残り5時間（<t:{int(deadline)}:R>） · [テーブル](" in line
    english = text.inbox_line(game, alice.id, False, None, clock.now)
    start = f"• Game {game_id} (Vidrasso) vs <@{bob.id}> — round 1, 0–0, their turn · ["
    assert english.startswith(start)
