"""A server's settings and the managers' rescue through the offline Discord harness."""

from __future__ import annotations

import pytest

from bot.app import CardBot
from tests.bot.driver import challenge_and_accept, game_row, latest_with
from tests.clocks.clock import FakeClock
from tests.harness import Harness
from tests.harness import payloads as raw
from tests.harness.harness import CannotDoThat


def bot_of(h: Harness) -> CardBot:
    bot = h.bot
    assert isinstance(bot, CardBot)
    return bot


async def test_settings_and_abort_are_for_managers(h: Harness, clock: FakeClock) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    mod = h.add_member("mod", manage_guild=True)
    services = bot_of(h).services
    game_id = await challenge_and_accept(h, alice, bob)
    thread = h.threads[0]

    for command in ("manage settings", "manage abort"):  # Discord hides /manage from Carol
        with pytest.raises(CannotDoThat, match="/manage is hidden"):
            await h.slash(carol, command)
    # A server may show /manage to everyone (Server Settings › Integrations): still refused.
    r = await h.slash(carol, "manage settings", time=600, validate=False)
    assert r.response is not None and r.response.ephemeral
    assert "Manage Server" in r.messages[-1].text()
    r = await h.slash(carol, "manage abort", game=game_id, validate=False)
    assert "Manage Server" in r.messages[-1].text()
    assert (await game_row(h, game_id)).status == "active"
    assert (await services.settings.guild_settings(h.world.guild_id)).time_per_move is None

    r = await h.slash(mod, "manage settings", time=600, threads=False)
    assert r.response is not None and r.response.ephemeral
    text = r.messages[-1].text()
    assert "10 minutes" in text and "any channel" in text
    r = await h.slash(mod, "manage settings")
    assert "10 minutes" in r.messages[-1].text()

    r = await h.slash(mod, "manage abort", game=game_id, reason="left the server")
    assert r.response is not None and r.response.ephemeral
    assert "stopped" in r.messages[-1].text()
    game = await game_row(h, game_id)
    assert (game.status, game.result, game.winner) == ("finished", "abandoned", None)
    (event,) = await services.clocks.events(game_id)
    assert (event.kind, event.user_id, event.detail) == ("aborted", mod.id, "left the server")
    texts = [m.text() for m in h.channel_messages(thread)]
    assert any(f"stopped by <@{mod.id}>" in t and "left the server" in t for t in texts)
    assert "without a winner" in h.last_public(thread).text() and h.last_public(thread).files
    entries = await services.ladder.history(h.world.guild_id, alice.id)
    assert [(e.game_id, e.rated) for e in entries] == [(game_id, False)]
    r = await h.slash(mod, "manage abort", game=game_id)
    assert "already over" in r.messages[-1].text()
    r = await h.slash(mod, "manage abort", game=9999)
    assert "no game 9999" in r.messages[-1].text()

    # the new default applies to new challenges, and no thread is opened any more
    await h.slash(alice, "vidrasso challenge", opponent=bob)
    assert "10 minutes per move" in h.last_public().text()
    threads = len(h.threads)
    second = await challenge_and_accept(h, carol, alice)
    assert len(h.threads) == threads
    assert latest_with(h, f"vidrasso:hand:{second}").channel_id == h.channel.id


async def test_games_start_only_in_allowed_channels(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    mod = h.add_member("mod", manage_guild=True)
    games = h.world.add_text_channel("games")
    h.feed("CHANNEL_CREATE", raw.channel(h.world, games))
    r = await h.slash(mod, "manage settings", allow_channel=games)
    assert games.mention in r.messages[-1].text()
    r = await h.slash(alice, "vidrasso challenge", opponent=bob)
    assert r.response is not None and r.response.ephemeral
    assert games.mention in r.messages[-1].text()  # the glue turns the channel ids to mentions
    assert h.channel_messages() == []
    await h.slash(alice, "vidrasso challenge", opponent=bob, channel=games)
    assert "challenges" in h.last_public(games).text()
    await h.slash(mod, "manage settings", any_channel=True)
    await h.slash(alice, "vidrasso challenge", opponent=bob)
    assert "challenges" in h.last_public().text()
