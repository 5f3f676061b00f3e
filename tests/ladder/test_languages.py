"""The ladder in the reader's words: the public leaderboard and stats in the server's language,
history and records in the member's own; English stays as it was."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.app import CardBot
from cogs.ui.i18n import ENGLISH_WORDS, Words
from games.vidrasso.discord.ladder import ladder_fields, ladder_summary
from tests.bot.driver import running
from tests.harness import Harness
from tests.ladder.finish import finish_game
from tests.settings.speaking import members_speak, server_speaks

JA = Words("ja")


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    async with running(tmp_path / "ladder.sqlite3") as harness:
        yield harness


async def a_game(h: Harness) -> None:
    """Alice beats Bob, both seen by the bot (so their names are known)."""
    alice, bob = h.users["alice"], h.users["bob"]
    for member in (alice, bob):
        await h.slash(member, "vidrasso rules")
    bot = h.bot
    assert isinstance(bot, CardBot)
    await finish_game(bot.services.storage, h.world.guild_id, (alice.id, bob.id), winner=0)


def field_names(embed: dict[str, object]) -> list[str]:
    fields = embed.get("fields") or []
    assert isinstance(fields, list)
    return [str(f["name"]) for f in fields]


async def test_public_answers_speak_the_servers_language(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await a_game(h)
    server_speaks(h, discord.Locale.japanese)

    await h.slash(alice, "leaderboard")
    board = h.last_public().embeds[0]
    await h.slash(alice, "stats", player=bob)
    stats = h.last_public()
    await h.slash(alice, "history")  # private: Alice's client speaks English
    history = h.last_ephemeral(alice)

    assert board["title"] == "ヴィドラッソ ランキング · Vidrasso Club"
    rows = str(board["description"]).splitlines()
    assert rows[0].startswith("`  1.` Alice — ") and "あなた" not in rows[0]
    assert "· 1局 ·" in rows[0] and "点/ラウンド" in rows[0]
    assert board["footer"]["text"].startswith("1/1ページ · 2人 · ")  # type: ignore[index]
    embed = stats.embeds[0]
    assert embed["title"] == "Bob · ヴィドラッソの成績"
    assert field_names(embed)[:3] == ["レーティング", "対局", "ラウンド"]
    assert "直接対決" in field_names(embed)
    assert "0勝 · 1敗" in stats.text() and "現在：1連敗 · 最高：なし" in stats.text()
    assert [f.description for f in stats.files] == ["Bob のレーティング"]
    assert history.embeds[0]["title"] == "Alice · recent games · Vidrasso"


async def test_private_answers_speak_the_members_language(h: Harness) -> None:
    await a_game(h)
    (alice,) = members_speak(h, discord.Locale.japanese, "alice")

    await h.slash(alice, "history")
    history = h.last_ephemeral(alice)
    await h.click(alice, history, history.buttons[1].custom_id or "")
    record = h.last_ephemeral(alice)
    await h.slash(alice, "leaderboard")  # public: the server speaks English

    assert history.embeds[0]["title"] == "Alice · 最近の対局 · ヴィドラッソ"
    assert "相手：Bob — **勝ち" in history.text()
    assert history.embeds[0]["footer"]["text"].startswith("下のボタンで")
    assert [b.label for b in history.buttons] == ["棋譜再生 #1", "棋譜 #1"]
    assert record.content.startswith("対局 ") and record.content.endswith(" の棋譜です。")
    assert h.last_public().embeds[0]["title"] == "Vidrasso ladder · Vidrasso Club"


STATS = {
    "rounds_won": 3,
    "round_points": 450,
    "best_round": 120,
    "first_suit": 2,
    "first_rank": 1,
    "named.suit.H": 3,
    "first.suit.H": 2,
    "named.rank.7": 2,
    "first.rank.7": 1,
}


def test_vidrassos_statistics_in_english_are_unchanged() -> None:
    fields = ladder_fields(STATS, 5, ENGLISH_WORDS)
    assert fields == [
        ("Rounds", "5 played · 3 won\nBest 120 · average 90.0"),
        (
            "Trumps",
            "Named the suit 3× and the rank 2×.\n"
            "Choosing first: suit 67%, rank 33% of 3 rounds.\n"
            "Favourite suit ♥ hearts (3×) · favourite rank sevens (2×)",
        ),
    ]
    assert ladder_summary(STATS, 5, ENGLISH_WORDS) == "90.0 pts/round"
    assert ladder_fields({}, 0, ENGLISH_WORDS) == [
        ("Rounds", "0 played · 0 won\nBest — · average —")
    ]


def test_vidrassos_statistics_in_japanese() -> None:
    (rounds, rounds_value), (trumps, trumps_value) = ladder_fields(STATS, 5, JA)
    assert (rounds, trumps) == ("ラウンド", "切り札")
    assert rounds_value == "5回プレイ · 3回勝ち\n最高 120 · 平均 90.0"
    lines = trumps_value.splitlines()
    assert lines[0] == "切り札スートを3回、切り札ランクを2回決めました。"
    assert lines[1] == "先に決めた3ラウンドで：切り札スート 67%、切り札ランク 33%。"
    assert lines[2].startswith("よく選ぶ切り札スート ♥ ") and "（3回）" in lines[2]
    assert ladder_summary(STATS, 5, JA) == "90.0点/ラウンド"
