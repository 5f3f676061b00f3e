"""Seasons in Discord, on SQLite and PostgreSQL: a manager starts a season, rated games are
played, ``/leaderboard period:`` shows this month and the season, and ending the season posts
its final table. Strangers and wrong inputs get a sentence."""

from __future__ import annotations

from bot.app import CardBot
from tests.bot.driver import challenge_and_accept, make_bot
from tests.harness import Harness
from tests.harness.world import World


async def test_a_season_from_start_to_final_table(database: str) -> None:
    world = World(people=("ann", "ben", "cat"))
    async with Harness.running(make_bot(database), world=world) as h:
        bot = h.bot
        assert isinstance(bot, CardBot)
        ann, ben, cat = (h.users[n] for n in ("ann", "ben", "cat"))
        manager = h.add_member("mia", manage_guild=True)
        refused = await h.slash(
            ann, "manage season", action="start", name="Winter", validate=False
        )  # a server that shows /manage to everyone
        assert "Manage Server" in refused.ephemeral_messages[-1].text()
        early = await h.slash(manager, "leaderboard", game="vidrasso", period="season")
        assert "no season yet" in early.ephemeral_messages[-1].text()
        unnamed = await h.slash(manager, "manage season", action="start")
        assert "needs a name" in unnamed.ephemeral_messages[-1].text()
        await h.slash(manager, "manage season", action="start", name="Winter")
        again = await h.slash(manager, "manage season", action="start", name="Spring")
        assert "under way" in again.ephemeral_messages[-1].text()

        games = bot.services.games
        for winner, loser in ((ann, ben), (ann, cat), (cat, ben)):
            game_id = await challenge_and_accept(h, winner, loser)
            await games.resign(game_id, loser.id, None)
        await h.settle()

        month = await h.slash(ben, "leaderboard", game="vidrasso", period="month")
        text = month.messages[-1].text()
        assert "this month" in text
        lines = [line for line in text.splitlines() if " won, " in line]
        assert lines[0].startswith(f"1. <@{ann.id}> — +") and "2 won, 0 lost of 2" in lines[0]
        assert lines[-1].startswith(f"3. <@{ben.id}> — -") and "0 won, 2 lost of 2" in lines[-1]

        await h.slash(manager, "manage season", action="end")
        final = next(m for m in reversed(h.channel_messages()) if "final table" in m.text())
        assert "season Winter" in final.text() and f"1. <@{ann.id}>" in final.text()
        after = await h.slash(cat, "leaderboard", game="vidrasso", period="season")
        assert "final table of season Winter" in after.messages[-1].text()
        twice = await h.slash(manager, "manage season", action="end")
        assert "No season is under way" in twice.ephemeral_messages[-1].text()
