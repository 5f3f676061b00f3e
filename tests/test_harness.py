"""The offline Discord harness, proven on a small demo bot.

The demo bot uses each discord.py feature the real cogs will: a ``vidrasso`` command group with
member and choice options, ephemeral replies, defer + follow-up, buttons and selects that edit
their message, a persistent DynamicItem, threads, files and DMs.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.harness import (
    CannotDoThat,
    ChannelKind,
    Harness,
    NotAcknowledged,
    SettleTimeout,
)

Interaction = discord.Interaction[Any]
DEAL = b"dealer: alice\nalice: 7S KH AD\nbob: 9C QD 10H\n"


# -- the demo bot -------------------------------------------------------------------------------


class AcceptChallenge(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"vidrasso:accept:(?P<challenger>\d+):(?P<opponent>\d+):(?P<target>\d+)",
):
    """Accept button that keeps working after a restart: its custom_id carries the challenge."""

    def __init__(self, challenger: int, opponent: int, target: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Accept",
                style=discord.ButtonStyle.success,
                custom_id=f"vidrasso:accept:{challenger}:{opponent}:{target}",
            )
        )
        self.challenger, self.opponent, self.target = challenger, opponent, target

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AcceptChallenge:
        return cls(int(match["challenger"]), int(match["opponent"]), int(match["target"]))

    async def callback(self, interaction: Interaction) -> None:
        if interaction.user.id != self.opponent:
            await interaction.response.send_message(
                "This challenge is not for you.", ephemeral=True
            )
            return
        accepted = discord.Embed(
            title="Challenge accepted",
            description=f"<@{self.challenger}> vs <@{self.opponent}>, first to {self.target}",
        )
        await interaction.response.edit_message(embed=accepted, view=None)
        assert interaction.message is not None
        try:
            thread = await interaction.message.create_thread(name="vidrasso-game")
        except discord.Forbidden:
            await interaction.followup.send("I may not create threads here.", ephemeral=True)
            return
        await thread.send("The deal:", file=discord.File(io.BytesIO(DEAL), filename="deal.txt"))


class Counter(discord.ui.View):
    """An ordinary (non-persistent) view: a button and a select that edit their message."""

    def __init__(self) -> None:
        super().__init__(timeout=180)
        self.count = 0

    @discord.ui.button(label="+1", custom_id="counter:add")
    async def add(self, interaction: Interaction, button: discord.ui.Button[Counter]) -> None:
        self.count += 1
        if self.count >= 3:
            button.disabled = True
        await interaction.response.edit_message(content=f"Count: {self.count}", view=self)

    @discord.ui.select(
        custom_id="counter:trumps",
        placeholder="Pick trumps",
        options=[discord.SelectOption(label=s.title(), value=s) for s in ("hearts", "spades")],
    )
    async def trumps(self, interaction: Interaction, select: discord.ui.Select[Counter]) -> None:
        await interaction.response.edit_message(content=f"Trumps: {select.values[0]}")


class Confirm(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=600)
        self.confirmed = False

    @discord.ui.button(label="Yes, resign", custom_id="resign:yes")
    async def yes(self, interaction: Interaction, button: discord.ui.Button[Confirm]) -> None:
        self.confirmed = True
        await interaction.response.edit_message(content="Resigning...", view=None)
        self.stop()


class Vidrasso(commands.GroupCog, group_name="vidrasso", group_description="Play Vidrasso"):
    admin = app_commands.Group(name="admin", description="Moderator tools")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.background: set[asyncio.Task[None]] = set()

    @app_commands.command(description="Challenge someone to a game")
    @app_commands.describe(opponent="Who to play", target="Points to win")
    @app_commands.choices(
        target=[
            app_commands.Choice(name="short", value=100),
            app_commands.Choice(name="long", value=300),
        ]
    )
    async def challenge(
        self, interaction: Interaction, opponent: discord.Member, target: app_commands.Choice[int]
    ) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(AcceptChallenge(interaction.user.id, opponent.id, target.value))
        embed = discord.Embed(
            title="Vidrasso challenge",
            description=f"{interaction.user.mention} challenges you to {target.value} points",
        )
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send(
            f"{opponent.mention}: a challenge from {interaction.user.mention}",
            embed=embed,
            view=view,
            allowed_mentions=discord.AllowedMentions(users=[opponent]),
        )
        await interaction.response.send_message(
            f"Challenge sent to {opponent.display_name}.", ephemeral=True
        )

    @app_commands.command(description="Look at your hand")
    async def hand(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("Your hand: 7S KH AD", ephemeral=True)

    @app_commands.command(description="Show the table")
    async def status(self, interaction: Interaction) -> None:
        await interaction.response.send_message("Counting games...")
        message = await interaction.original_response()
        await interaction.edit_original_response(content=f"No games running ({message.id}).")

    @app_commands.command(description="A counter")
    async def counter(self, interaction: Interaction) -> None:
        await interaction.response.send_message("Count: 0", view=Counter())

    @app_commands.command(description="Send a card by DM")
    async def dm(self, interaction: Interaction, target: discord.Member) -> None:
        card = discord.File(io.BytesIO(b"QS"), filename="card.txt")
        try:
            await target.send("A card for you", file=card)
        except discord.Forbidden:
            await interaction.response.send_message("Their DMs are closed.", ephemeral=True)
            return
        await interaction.response.send_message("Sent.", ephemeral=True)

    @app_commands.command(description="Resign, after confirming")
    async def resign(self, interaction: Interaction) -> None:
        view = Confirm()
        await interaction.response.send_message("Really resign?", view=view, ephemeral=True)
        await view.wait()  # the harness sees this as waiting for a user, not as work
        if view.confirmed:
            await interaction.followup.send(f"{interaction.user.mention} resigned.")

    @app_commands.command(description="Who am I")
    async def whoami(self, interaction: Interaction) -> None:
        manage = interaction.permissions.manage_guild
        threads = interaction.app_permissions.create_public_threads
        await interaction.response.send_message(
            f"manage_guild={manage} bot_threads={threads}", ephemeral=True
        )

    @app_commands.command(description="Post something a moment later")
    async def later(self, interaction: Interaction) -> None:
        await interaction.response.send_message("Shuffling...")
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)

        async def post() -> None:
            await asyncio.sleep(0.02)
            await channel.send("Shuffled.")

        task = asyncio.create_task(post())
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    @app_commands.command(description="Answer slowly")
    async def slow(self, interaction: Interaction) -> None:
        await asyncio.sleep(0.05)
        await interaction.response.send_message("Finally.")

    @app_commands.command(description="Crash")
    async def boom(self, interaction: Interaction) -> None:
        raise RuntimeError("boom")

    @app_commands.command(description="Never answer")
    async def ignore(self, interaction: Interaction) -> None:
        pass

    @admin.command(description="Reset the league")
    async def reset(self, interaction: Interaction) -> None:
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message("Only moderators may reset.", ephemeral=True)
            return
        await interaction.response.send_message("League reset.", ephemeral=True)


@app_commands.command(description="Configure the bot")
@app_commands.default_permissions(manage_guild=True)
async def setup(interaction: Interaction) -> None:
    await interaction.response.send_message("Configured.", ephemeral=True)


class DemoBot(commands.Bot):
    def __init__(self) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents)

    async def setup_hook(self) -> None:
        await self.add_cog(Vidrasso(self))
        self.tree.add_command(setup)
        self.add_dynamic_items(AcceptChallenge)
        await self.tree.sync()


@pytest.fixture
async def h() -> AsyncIterator[Harness]:
    async with Harness.running(DemoBot()) as harness:
        yield harness


# -- slash commands ------------------------------------------------------------------------------


async def test_slash_subcommand_with_member_and_choice_options(h: Harness) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]

    r = await h.slash(alice, "vidrasso challenge", opponent=bob, target=300)

    assert r.response is not None
    assert r.response.type is discord.InteractionResponseType.channel_message
    assert r.response.ephemeral
    challenge = h.last_public()
    assert challenge.embeds[0]["title"] == "Vidrasso challenge"
    assert "300 points" in challenge.embeds[0]["description"]
    assert challenge.mentioned_ids == (bob.id, alice.id)
    assert challenge.mentions == (bob.id,)  # allowed_mentions pings only the opponent
    assert challenge.buttons[0].label == "Accept"
    assert challenge.buttons[0].custom_id == f"vidrasso:accept:{alice.id}:{bob.id}:300"
    reply = h.last_ephemeral(alice)
    assert reply.content == "Challenge sent to Bob."
    assert r.ephemeral_messages == [reply] and r.public_messages == [challenge]
    assert reply not in h.visible_to(bob) and challenge in h.visible_to(carol)


async def test_the_command_tree_was_synced_at_startup(h: Harness) -> None:
    route = "/applications/{application_id}/commands"
    (sync,) = [q for q in h.requests if q.method == "PUT" and q.route == route]
    names = sorted(c["name"] for c in sync.json)
    assert names == ["setup", "vidrasso"]
    vidrasso = next(c for c in sync.json if c["name"] == "vidrasso")
    challenge = next(o for o in vidrasso["options"] if o["name"] == "challenge")
    assert [o["name"] for o in challenge["options"]] == ["opponent", "target"]


async def test_the_harness_refuses_what_discord_would_not_send(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    with pytest.raises(CannotDoThat, match="must be one of"):
        await h.slash(alice, "vidrasso challenge", opponent=bob, target=200)
    with pytest.raises(CannotDoThat, match="needs"):
        await h.slash(alice, "vidrasso challenge", target=100)
    with pytest.raises(CannotDoThat, match="no option"):
        await h.slash(alice, "vidrasso challenge", opponent=bob, target=100, stake=5)
    with pytest.raises(CannotDoThat, match="is a bot"):
        await h.slash(h.other_bot, "vidrasso hand")
    with pytest.raises(LookupError, match="no subcommand"):
        await h.slash(alice, "vidrasso fly")
    with pytest.raises(CannotDoThat, match="hidden"):
        await h.slash(alice, "setup")
    assert h.world.log == []  # nothing reached the bot


async def test_subcommand_group_and_member_permissions(h: Harness) -> None:
    mod = h.add_member("dora", manage_guild=True)

    refused = await h.slash(h.users["alice"], "vidrasso admin reset")
    done = await h.slash(mod, "vidrasso admin reset")
    await h.slash(mod, "setup")

    assert refused.ephemeral_messages[0].content == "Only moderators may reset."
    assert done.ephemeral_messages[0].content == "League reset."
    assert h.last_ephemeral(mod).content == "Configured."


async def test_app_permissions_follow_the_bots_role(h: Harness) -> None:
    await h.slash(h.users["alice"], "vidrasso whoami")
    assert h.last_ephemeral("alice").content == "manage_guild=False bot_threads=True"

    h.set_bot_permissions(discord.Permissions(send_messages=True, view_channel=True))
    await h.slash(h.users["alice"], "vidrasso whoami")
    assert h.last_ephemeral("alice").content == "manage_guild=False bot_threads=False"
    channel = h.bot.get_channel(h.channel.id)
    assert isinstance(channel, discord.TextChannel)
    assert not channel.permissions_for(h.guild.me).create_public_threads  # the bot's own view


async def test_defer_then_followup_replaces_the_thinking_message(h: Harness) -> None:
    bob = h.users["bob"]

    r = await h.slash(bob, "vidrasso hand")

    assert r.deferred and r.response is not None
    assert r.response.type is discord.InteractionResponseType.deferred_channel_message
    (followup,) = r.followups
    assert r.response.message is not None and followup.id == r.response.message.id
    assert followup.ephemeral and not followup.loading
    assert h.last_ephemeral(bob).text() == "Your hand: 7S KH AD"
    assert all("7S" not in m.text() for m in h.visible_to("alice"))
    assert r.elapsed_ack is not None and r.elapsed_ack < 1


async def test_original_response_is_fetched_and_edited(h: Harness) -> None:
    r = await h.slash(h.users["alice"], "vidrasso status")

    assert r.response is not None and r.response.message is not None
    final = r.response.message
    assert final.content == f"No games running ({final.id})."
    assert [m.content for m in h.messages if m.id == final.id] == [
        "Counting games...",
        final.content,
    ]
    assert final.version == 1 and final.edited_at is not None


# -- components -----------------------------------------------------------------------------------


async def test_button_and_select_edit_their_message(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await h.slash(alice, "vidrasso counter")
    counter = h.last_public()

    r = await h.click(bob, counter, "counter:add")
    await h.click(alice, counter, "counter:add")

    assert r.response is not None
    assert r.response.type is discord.InteractionResponseType.message_update
    assert h.last_public().content == "Count: 2"
    await h.click(alice, counter, "counter:add")
    assert h.last_public().buttons[0].disabled
    with pytest.raises(CannotDoThat, match="disabled"):
        await h.click(alice, counter, "counter:add")

    await h.select(bob, counter, "counter:trumps", ["spades"])
    assert h.last_public().content == "Trumps: spades"
    with pytest.raises(CannotDoThat, match="not options"):
        await h.select(bob, counter, "counter:trumps", ["clubs"])
    assert "Pick trumps" in h.last_public().text() and "Hearts" in h.last_public().text()


async def test_dynamic_button_only_answers_the_opponent(h: Harness) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    await h.slash(alice, "vidrasso challenge", opponent=bob, target=100)
    challenge = h.last_public()
    accept = challenge.buttons[0].custom_id
    assert accept is not None

    await h.click(carol, challenge, accept)
    assert h.last_ephemeral(carol).content == "This challenge is not for you."
    assert h.last_public() == challenge  # untouched

    r = await h.click(bob, challenge, accept)
    accepted = h.channel_messages()[-1]
    assert accepted.id == challenge.id and accepted.buttons == []
    assert accepted.embeds[0]["title"] == "Challenge accepted"
    assert r.public_messages[0].id == challenge.id


async def test_accepting_opens_a_thread_with_the_deal_attached(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await h.slash(alice, "vidrasso challenge", opponent=bob, target=100)
    challenge = h.last_public()

    await h.click(bob, challenge, challenge.buttons[0].custom_id or "")

    (thread,) = h.threads
    assert thread.kind is ChannelKind.PUBLIC_THREAD and thread.name == "vidrasso-game"
    assert thread.starter_message_id == challenge.id
    (deal,) = h.channel_messages(thread)
    assert deal.content == "The deal:"
    assert [(f.filename, f.data) for f in deal.files] == [("deal.txt", DEAL)]
    assert isinstance(h.bot.get_channel(thread.id), discord.Thread)  # THREAD_CREATE was fed
    assert deal in h.visible_to("carol")


async def test_dynamic_button_survives_a_restart(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await h.slash(alice, "vidrasso challenge", opponent=bob, target=300)
    challenge = h.last_public()
    first_bot = h.bot

    await h.restart(DemoBot())
    await h.click(bob, challenge, challenge.buttons[0].custom_id or "")

    assert h.bot is not first_bot and first_bot.is_closed()
    assert h.channel_messages()[0].embeds[0]["title"] == "Challenge accepted"
    assert [t.starter_message_id for t in h.threads] == [challenge.id]


async def test_a_plain_view_dies_with_its_bot(h: Harness) -> None:
    await h.slash(h.users["alice"], "vidrasso counter")
    counter = h.last_public()

    await h.restart(DemoBot())

    with pytest.raises(NotAcknowledged, match="This interaction failed"):
        await h.click(h.users["bob"], counter, "counter:add")


async def test_a_command_waiting_for_a_click_does_not_block(h: Harness) -> None:
    alice = h.users["alice"]
    await h.slash(alice, "vidrasso resign")  # the handler now waits in view.wait()
    question = h.last_ephemeral(alice)

    await h.click(alice, question, "resign:yes")

    assert h.last_public().content == f"{alice.mention} resigned."
    with pytest.raises(CannotDoThat, match="cannot see"):
        await h.click(h.users["bob"], question, "resign:yes")


# -- failures -------------------------------------------------------------------------------------


async def test_failed_thread_creation_reaches_the_bot_as_forbidden(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    h.fail_route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
    await h.slash(alice, "vidrasso challenge", opponent=bob, target=100)
    challenge = h.last_public()

    await h.click(bob, challenge, challenge.buttons[0].custom_id or "")

    assert h.last_ephemeral(bob).content == "I may not create threads here."
    assert h.threads == []
    assert [q.status for q in h.requests if q.route.endswith("/threads")] == [403]


async def test_missing_thread_permission_is_enforced_by_the_api(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    h.set_bot_permissions(discord.Permissions(view_channel=True, send_messages=True))
    await h.slash(alice, "vidrasso challenge", opponent=bob, target=100)
    challenge = h.last_public()

    await h.click(bob, challenge, challenge.buttons[0].custom_id or "")

    assert h.last_ephemeral(bob).content == "I may not create threads here."


async def test_fail_route_raises_the_real_discord_exception(h: Harness) -> None:
    channel = h.bot.get_channel(h.channel.id)
    assert isinstance(channel, discord.TextChannel)
    h.fail_route("POST", f"/channels/{h.channel.id}/messages", times=1)

    with pytest.raises(discord.Forbidden) as failure:
        await channel.send("hello")
    sent = await channel.send("hello again")  # times=1: only the first call failed

    assert failure.value.status == 403 and failure.value.code == 50013
    assert sent.content == "hello again" and h.last_public().content == "hello again"


async def test_dms_are_recorded_per_user_and_can_be_closed(h: Harness) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]

    await h.slash(alice, "vidrasso dm", target=carol)
    h.close_dms(bob)
    await h.slash(alice, "vidrasso dm", target=bob)

    (card,) = h.dms(carol)
    assert card.content == "A card for you" and card.files[0].data == b"QS"
    assert card in h.visible_to(carol) and card not in h.visible_to(alice)
    assert h.dms(bob) == []
    assert h.last_ephemeral(alice).content == "Their DMs are closed."


async def test_a_failing_dm_channel_route(h: Harness) -> None:
    h.fail_route("POST", "/users/@me/channels", status=403, code=50007, message="Cannot DM")
    await h.slash(h.users["alice"], "vidrasso dm", target=h.users["carol"])
    assert h.last_ephemeral("alice").content == "Their DMs are closed."


async def test_answering_too_late_is_an_unknown_interaction(h: Harness) -> None:
    h.world.ack_deadline = 0.01
    with h.expect_error("Unknown interaction"):
        r = await h.slash(h.users["alice"], "vidrasso slow", unanswered_ok=True)
    assert not r.acknowledged


async def test_an_unanswered_interaction_fails_the_test(h: Harness) -> None:
    with pytest.raises(NotAcknowledged, match="ignore"):
        await h.slash(h.users["alice"], "vidrasso ignore")


async def test_logged_exceptions_are_collected_and_fail_the_check(h: Harness) -> None:
    await h.slash(h.users["alice"], "vidrasso boom", unanswered_ok=True)

    (record,) = h.errors.unexpected()
    assert record.name == "discord.app_commands.tree" and "boom" in str(record.exc_info)
    with pytest.raises(AssertionError, match="1 error"):
        h.errors.check()

    with h.expect_error("RuntimeError: boom"):
        await h.slash(h.users["alice"], "vidrasso boom", unanswered_ok=True)
    with pytest.raises(AssertionError, match="none was logged"), h.expect_error("boom"):
        await h.slash(h.users["alice"], "vidrasso whoami")
    h.errors.clear()  # the first, unexpected one would otherwise fail this test at teardown


async def test_settle_waits_for_background_work_but_not_for_ever(h: Harness) -> None:
    await h.slash(h.users["alice"], "vidrasso later")
    assert [m.content for m in h.channel_messages()] == ["Shuffling...", "Shuffled."]

    async def spin() -> None:
        while True:
            await asyncio.sleep(0.001)

    task = asyncio.create_task(spin())
    with pytest.raises(SettleTimeout, match="spin"):
        await h.settle(timeout=0.05)
    task.cancel()


# -- the bot's own REST calls ----------------------------------------------------------------------


async def test_rest_calls_from_the_bot_act_on_the_world(h: Harness) -> None:
    channel = h.bot.get_channel(h.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("one")
    sent = await channel.send("two", file=discord.File(io.BytesIO(DEAL), filename="deal.txt"))

    assert [m.content async for m in channel.history(limit=5)] == ["two", "one"]
    assert await sent.attachments[0].read() == DEAL
    fetched = await channel.fetch_message(sent.id)
    await fetched.edit(content="deux")
    assert h.last_public().content == "deux" and h.last_public().files[0].data == DEAL
    await fetched.delete()
    assert [m.content for m in h.channel_messages()] == ["one"]


async def test_private_threads_show_only_to_their_members(h: Harness) -> None:
    bob, carol = h.users["bob"], h.users["carol"]
    channel = h.bot.get_channel(h.channel.id)
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name="bob", type=discord.ChannelType.private_thread)
    await thread.send("Your cards")
    member = h.guild.get_member(bob.id)
    assert member is not None

    await thread.add_user(member)

    (cards,) = h.channel_messages(thread.id)
    assert cards in h.visible_to(bob) and cards not in h.visible_to(carol)
    await h.slash(bob, "vidrasso hand", channel=thread.id)
    with pytest.raises(CannotDoThat, match="cannot use commands"):
        await h.slash(carol, "vidrasso hand", channel=thread.id)


async def test_a_button_in_a_dm(h: Harness) -> None:
    bob = h.users["bob"]
    member = h.guild.get_member(bob.id)
    assert member is not None
    await member.send("Count: 0", view=Counter())

    await h.click(bob, h.dms(bob)[0], "counter:add")

    assert [m.content for m in h.dms(bob)] == ["Count: 1"]


# -- the world ------------------------------------------------------------------------------------


async def test_members_come_and_go(h: Harness) -> None:
    carol = h.users["carol"]
    dave = h.add_member("dave")
    assert h.guild.get_member(dave.id) is not None

    h.remove_member(carol)

    assert h.guild.get_member(carol.id) is None
    with pytest.raises(CannotDoThat, match="not a member"):
        await h.slash(carol, "vidrasso hand")
    await h.slash(h.users["alice"], "vidrasso counter")
    assert h.visible_to(carol) == []


async def test_closing_restores_discord_py() -> None:
    original = AsyncWebhookAdapter.request
    harness = await Harness.start(DemoBot())
    assert AsyncWebhookAdapter.request is not original
    bot = harness.bot

    await harness.close()

    assert AsyncWebhookAdapter.request is original
    assert bot.is_closed()
