"""A server's permissions never break a game: each of the seven permissions the bot uses,
taken away before a challenge or in the middle of a game, through the offline harness (which
refuses as Discord does: 403 Missing Access / Missing Permissions, embeds dropped).

Either the challenge is refused with a sentence naming the permission and who can give it, or
the game goes on with what is still possible, its players told once what the server must fix;
nobody ever reads "try again" after a move that was applied.
"""

from __future__ import annotations

import logging
import random
from pathlib import Path

import discord
import pytest

from cogs.ui.i18n import Words
from cogs.ui.permissions import (
    ATTACH_FILES,
    INVITE_PERMISSIONS,
    NEEDED,
    SEND_IN_THREADS,
    no_table,
)
from tests.bot.driver import (
    challenge_and_accept,
    game_row,
    latest_with,
    make_bot,
    running,
    service_of,
    take_turn,
)
from tests.harness import Harness, SentMessage, payloads

NAMES = {need.flag: need.name for need in NEEDED}
PERMISSIONS = [need.flag for need in NEEDED]
TRY_AGAIN = "try again"


def said(h: Harness, words: str) -> list[SentMessage]:
    """Every message, as it reads now, public, private or direct, that says ``words``."""
    return [m for m in h.world.current_messages() if words in m.text()]


def tables(h: Harness, game_id: int) -> list[SentMessage]:
    return [
        m
        for m in h.world.current_messages()
        if m.audience is None and any(b.custom_id == f"vidrasso:hand:{game_id}" for b in m.buttons)
    ]


def no_try_again(h: Harness) -> None:
    every_state = [m for m in h.world.log if TRY_AGAIN in m.text()]
    assert every_state == [], [m.text() for m in every_state]


async def play(h: Harness, game_id: int, turns: int) -> None:
    """``turns`` moves through buttons; each must be applied (take_turn checks the version)."""
    rng = random.Random(5)
    for _ in range(turns):
        if (await game_row(h, game_id)).state.is_over:
            return
        await take_turn(h, game_id, rng)


def test_the_invite_asks_for_exactly_the_permissions_checked() -> None:
    assert all(getattr(INVITE_PERMISSIONS, flag) for flag in PERMISSIONS)
    assert bin(INVITE_PERMISSIONS.value).count("1") == len(PERMISSIONS) == 7


@pytest.mark.parametrize("flag", PERMISSIONS)
async def test_a_permission_missing_before_the_challenge(tmp_path: Path, flag: str) -> None:
    async with running(tmp_path / "v.sqlite3", pictures=flag == "attach_files") as h:
        alice, bob = h.users["alice"], h.users["bob"]
        h.deny_bot(flag, channel=h.channel)
        if flag == "view_channel":
            r = await h.slash(alice, "vidrasso challenge", opponent=bob)
            (refusal,) = r.ephemeral_messages
            assert refusal.content == (
                "I can't post a game's table here: a server manager can give me "
                f"**View Channel** in {h.channel.mention}."
            )
            assert h.channel_messages() == [] and h.threads == []
            return
        game_id = await challenge_and_accept(h, alice, bob)
        await play(h, game_id, 6)
        game = await game_row(h, game_id)
        (table,) = tables(h, game_id)
        assert table.channel_id == game.place_id
        notices = said(h, f"a server manager can give me **{NAMES[flag]}**")
        if flag == "send_messages":  # a thread of its own needs no Send Messages
            assert h.threads and game.place_id == h.threads[0].id
        elif flag in ("send_messages_in_threads", "create_public_threads"):
            assert h.threads == [] and game.place_id == h.channel.id
        elif flag == "embed_links":
            assert table.embeds == () and "Trumps" in table.content  # the table, in words
            assert len(notices) == 1 and notices[0].audience is None
        elif flag == "attach_files":
            assert table.files == () and "image" not in (table.embeds[0] if table.embeds else {})
            assert len(notices) == 1 and "without their picture" in notices[0].content
        if flag not in ("embed_links", "attach_files"):
            assert notices == []  # nothing the players could see is missing
        no_try_again(h)


@pytest.mark.parametrize("flag", PERMISSIONS)
async def test_a_permission_taken_in_the_middle_of_a_game(tmp_path: Path, flag: str) -> None:
    db = tmp_path / "v.sqlite3"
    async with running(db, pictures=flag == "attach_files") as h:
        alice, bob = h.users["alice"], h.users["bob"]
        game_id = await challenge_and_accept(h, alice, bob)
        await play(h, game_id, 2)
        h.deny_bot(flag, channel=h.channel)  # the thread takes its channel's permissions
        before = (await game_row(h, game_id)).version
        await play(h, game_id, 8)
        game = await game_row(h, game_id)
        assert game.version >= before + 8  # every move was applied
        no_try_again(h)
        told = said(h, f"a server manager can give me **{NAMES[flag]}**")
        if flag in ("view_channel", "send_messages_in_threads"):
            # nothing can be posted in the thread: each player is told once, the mover in
            # their answer, the other by direct message
            assert {m.audience or h.world.channels[m.channel_id].recipient_id for m in told} == {
                alice.id,
                bob.id,
            }
            assert len(told) == 2, [m.text() for m in told]
            assert all(f"Game {game_id} goes on" in m.content for m in told)
        elif flag == "embed_links":
            (table,) = tables(h, game_id)
            assert table.embeds == () and "Trumps" in table.content
            assert len(told) == 1 and told[0].channel_id == game.place_id
        elif flag == "attach_files":
            (table,) = tables(h, game_id)
            assert table.files == ()
            assert len(told) == 1 and told[0].channel_id == game.place_id
        else:  # Send Messages (the game is in a thread), threads, history: nothing changes
            assert told == []
            (table,) = tables(h, game_id)
            assert table.id == game.table_message_id
        if flag == "read_message_history":
            # after a restart the bot cannot look its table up: it posts it anew, once
            await h.restart(make_bot(db))
            (table,) = tables(h, game_id)
            assert table.id == (await game_row(h, game_id)).table_message_id
        if flag in ("view_channel", "send_messages_in_threads"):
            # a restart cannot put the table right either: a warning, and the game waits
            await h.restart(make_bot(db))
        if flag in ("embed_links", "attach_files", "send_messages_in_threads", "view_channel"):
            # given back, the table is whole again
            h.restore_bot()
            await play(h, game_id, 2)
            (table,) = tables(h, game_id)
            assert table.embeds
            if flag == "attach_files":
                assert [f.filename for f in table.files] == ["table.png"]
        no_try_again(h)


async def test_a_challenge_in_a_thread_needs_send_messages_in_threads(tmp_path: Path) -> None:
    async with running(tmp_path / "v.sqlite3") as h:
        alice, bob = h.users["alice"], h.users["bob"]
        game_id = await challenge_and_accept(h, alice, bob)
        thread = h.world.channels[(await game_row(h, game_id)).place_id]
        h.deny_bot("send_messages_in_threads", channel=h.channel)
        r = await h.slash(alice, "vidrasso play-bot", channel=thread)
        assert r.ephemeral_messages[-1].content == (
            "I can't post a game's table here: a server manager can give me "
            f"**Send Messages in Threads** in {h.channel.mention}."
        )
        assert latest_with(h, f"vidrasso:hand:{game_id}").channel_id == thread.id


async def test_threads_off_and_no_send_messages_refuses(tmp_path: Path) -> None:
    async with running(tmp_path / "v.sqlite3") as h:
        owner, alice = h.owner, h.users["alice"]
        await h.slash(owner, "manage settings", threads=False)
        h.deny_bot("send_messages", channel=h.channel)
        r = await h.slash(alice, "vidrasso play-bot")
        assert "**Send Messages**" in r.ephemeral_messages[-1].content
        assert h.channel_messages() == []


async def test_settings_show_the_permission_check_of_the_channel(tmp_path: Path) -> None:
    async with running(tmp_path / "v.sqlite3") as h:
        r = await h.slash(h.owner, "manage settings")
        (embed,) = r.ephemeral_messages[-1].embeds
        (check,) = [f for f in embed["fields"] if f["name"].startswith("My permissions")]
        assert check["value"].startswith("✅")
        h.deny_bot("attach_files", "embed_links", channel=h.channel)
        r = await h.slash(h.owner, "manage settings")
        (embed,) = r.ephemeral_messages[-1].embeds
        (check,) = [f for f in embed["fields"] if f["name"].startswith("My permissions")]
        assert check["value"].splitlines() == [
            "❌ **Embed Links**: tables in plain text",
            "❌ **Attach Files**: tables without their picture, "
            "finished games without their record file",
        ]
        h.deny_bot("view_channel", channel=h.channel)
        r = await h.slash(h.owner, "manage settings")
        (embed,) = r.ephemeral_messages[-1].embeds
        (check,) = [f for f in embed["fields"] if f["name"].startswith("My permissions")]
        assert check["value"] == "❌ **View Channel**: no game can start here"


async def test_the_harness_refuses_as_discord_does(tmp_path: Path) -> None:
    async with running(tmp_path / "v.sqlite3") as h:
        channel = h.bot.get_channel(h.channel.id)
        assert isinstance(channel, discord.TextChannel)
        sent = await channel.send("hello")
        h.deny_bot("read_message_history", channel=h.channel)
        with pytest.raises(discord.Forbidden) as refused:
            await channel.fetch_message(sent.id)
        assert refused.value.code == 50013
        h.deny_bot("embed_links", channel=h.channel)
        quiet = await channel.send("words", embed=discord.Embed(title="dropped"))
        assert quiet.embeds == [] and h.last_public().embeds == ()
        with pytest.raises(discord.Forbidden):
            await channel.send(embed=discord.Embed(title="nothing else"))
        h.deny_bot("view_channel", channel=h.channel)
        with pytest.raises(discord.Forbidden) as hidden:
            await channel.send("hello?")
        assert hidden.value.code == 50001
        assert not channel.permissions_for(h.guild.me).view_channel  # the cache knows


async def test_start_up_names_what_the_game_channels_lack(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "v.sqlite3"
    async with running(db) as h:
        games_here = h.world.add_text_channel("games")
        h.feed("CHANNEL_CREATE", payloads.channel(h.world, games_here))
        await h.slash(h.owner, "manage settings", allow_channel=games_here)
        h.deny_bot("attach_files", channel=games_here)
        h.deny_bot("view_channel", channel=h.channel)  # games are not limited to it: not named
        with caplog.at_level(logging.WARNING, logger="cogs.ui.permissions"):
            await h.restart(make_bot(db))
        lines = [r.getMessage() for r in caplog.records if r.name == "cogs.ui.permissions"]
        assert lines == [
            f"permissions: server {h.world.guild_id}, #games ({games_here.id}): "
            "missing Attach Files"
        ]


async def test_discord_failing_never_makes_a_played_move_say_try_again(tmp_path: Path) -> None:
    async with running(tmp_path / "v.sqlite3") as h:
        alice, bob = h.users["alice"], h.users["bob"]
        game_id = await challenge_and_accept(h, alice, bob)
        await play(h, game_id, 2)
        place = (await game_row(h, game_id)).place_id
        h.fail_route(
            "POST", f"/channels/{place}/messages", status=500, code=0, message="Server Error"
        )
        before = (await game_row(h, game_id)).version
        await play(h, game_id, 2)  # a warning in the log, nothing for the players to do
        assert (await game_row(h, game_id)).version >= before + 2
        no_try_again(h)
        h.clear_failures()
        await play(h, game_id, 1)  # Discord is back: the table is posted again
        (table,) = tables(h, game_id)
        assert table.id == (await game_row(h, game_id)).table_message_id


async def test_a_refused_accept_leaves_the_challenge_open(tmp_path: Path) -> None:
    async with running(tmp_path / "v.sqlite3") as h:
        alice, bob = h.users["alice"], h.users["bob"]
        await h.slash(alice, "vidrasso challenge", opponent=bob)
        challenge = h.last_public()
        h.deny_bot("view_channel", channel=h.channel)
        accept = next(b.custom_id for b in challenge.buttons if b.label == "Accept")
        r = await h.click(bob, challenge, accept)
        assert "**View Channel**" in r.ephemeral_messages[-1].content
        assert await service_of(h).games_of(h.guild.id, alice.id) == []
        h.restore_bot()
        await h.click(bob, challenge, accept)  # given back: the same challenge starts the game
        assert len(await service_of(h).games_of(h.guild.id, alice.id)) == 1


async def test_a_pidro_table_does_without_what_the_channel_lacks(tmp_path: Path) -> None:
    async with running(tmp_path / "v.sqlite3", pictures=True) as h:
        alice, me = h.users["alice"], h.bot_member
        await h.slash(alice, "pidro challenge", partner=me, opponent1=me, opponent2=me)
        (game,) = await service_of(h).games_of(h.guild.id, alice.id)
        rng = random.Random(3)
        await take_turn(h, game.id, rng)
        h.deny_bot("attach_files", "embed_links", channel=h.channel)
        for _ in range(4):
            if not (await game_row(h, game.id)).is_active:
                break
            await take_turn(h, game.id, rng)
        (table,) = tables(h, game.id)
        assert table.files == () and table.embeds == () and "**Dealer**" in table.content
        for name in ("Attach Files", "Embed Links"):
            assert len(said(h, f"a server manager can give me **{name}**")) == 1
        no_try_again(h)


def test_the_no_table_sentence_names_hand_as_each_language_does() -> None:
    values = {"game": 7, "place": "<#1>", "channel": "<#2>"}
    assert "`/hand` there" in no_table(Words("en"), ATTACH_FILES, values)
    japanese = no_table(Words("ja"), SEND_IN_THREADS, values)
    assert "`/手札`" in japanese and "スレッドでメッセージを送信" in japanese


async def test_a_refusal_is_in_the_members_language(tmp_path: Path) -> None:
    async with running(tmp_path / "v.sqlite3") as h:
        alice = h.set_locale("alice", "ja")
        h.deny_bot("view_channel", channel=h.channel)
        r = await h.slash(alice, "vidrasso play-bot")
        assert r.ephemeral_messages[-1].content == (
            "ここには対局のテーブルを投稿できません。サーバー管理者が "
            f"{h.channel.mention} で私に**チャンネルを見る**の権限を与えると対局できます。"
        )
