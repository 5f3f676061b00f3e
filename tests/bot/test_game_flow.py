"""Whole games in Discord, as the two players and a bystander see them."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.play.model import Game
from games.vidrasso.rules import Card, GameState, Phase, from_record
from tests.bot.driver import (
    challenge_and_accept,
    game_row,
    latest_with,
    make_bot,
    running,
    service_of,
    take_turn,
)
from tests.harness import Harness, SentMessage

CARD_TEXTS = {c: c.display for c in __import__("games.vidrasso.rules", fromlist=["DECK"]).DECK}


def hidden_from(state: GameState, seat: int | None) -> set[Card]:
    """Cards the viewer (a seat, or None for everyone) must not see in this state."""
    rnd = state.round
    if rnd.scores is not None:
        return set()
    hidden = {p.down for row in rnd.strawmen for p in row if p.down is not None}
    for s in (0, 1):
        if s != seat:
            hidden |= set(rnd.hands[s])
            gift = rnd.gifts[s]
            if gift is not None:
                hidden.add(gift)
    return hidden


def shown_cards(message: SentMessage) -> set[Card]:
    """Every card a message names: in its text, and in its buttons' and menus' custom ids and
    values (a button shows its card as a rank and a suit emoji)."""
    text = message.text()
    shown = {card for card, display in CARD_TEXTS.items() if display in text}
    ids = [b.custom_id or "" for b in message.buttons]
    ids += [value for s in message.selects for _, value in s.options]
    for custom_id in ids:
        tail = custom_id.rsplit("-", 1)[-1]
        shown |= {card for card in CARD_TEXTS if card.text == tail}
    return shown


def check_no_leaks(new: list[SentMessage], game: Game) -> None:
    """Every message of this step shows only what its audience may see in the game now."""
    state, ids = game.state, game.player_ids
    if state.is_over:
        return
    for message in new:
        if message.deleted:
            continue
        if any(e.get("title", "").endswith("is over") for e in message.embeds):
            continue  # a round summary: its gifts are revealed on purpose, for the ended round
        if message.audience is None:
            leaked = shown_cards(message) & hidden_from(state, None)
            assert not leaked, f"public message shows {leaked}: {message.text()}"
        else:
            seat = ids.index(message.audience)
            leaked = shown_cards(message) & hidden_from(state, seat)
            assert not leaked, f"seat {seat} sees {leaked}: {message.text()}"


async def play_to_the_end(
    h: Harness, game_id: int, seed: int, *, leak_check: bool = True
) -> GameState:
    rng = random.Random(seed)
    while True:
        game = await game_row(h, game_id)
        if game.state.is_over:
            return game.state
        await take_turn(h, game_id, rng, check_no_leaks if leak_check else None)


@pytest.mark.parametrize("seed", [1, 2])
async def test_complete_game_through_buttons_only(h: Harness, seed: int) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    game_id = await challenge_and_accept(h, alice, bob)
    assert h.threads, "the game gets its own thread when the bot may open one"
    thread = h.threads[0]
    opening = h.channel_messages(thread)
    assert "The cut" in opening[0].text()
    final = await play_to_the_end(h, game_id, seed)
    assert final.outcome is not None and final.outcome.winner in (0, 1)
    end = h.last_public(thread)
    assert "wins" in end.text()
    (record_file,) = end.files
    record = json.loads(record_file.data)
    assert from_record(record) == final  # the attached record replays, legal sets included
    assert [b.label for b in end.buttons] == ["Rematch", "Replay", "Review"]
    # a bystander sees the public thread but never an ephemeral hand
    assert all(m.audience in (None, carol.id) for m in h.visible_to(carol))
    # the thread holds the current state, not a pile of stale tables
    assert len(h.channel_messages(thread)) <= 2 + len(final.rounds) + 1


async def test_interactions_are_let_go_once_finished_and_unheld(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A button's interaction loses its cycle (docs/decisions.md, "Speed under load") only when
    its handler has returned and no live hand holds it; the live hands still edit through
    theirs, so the players' hands keep following the game."""
    import discord

    from cogs.ui import common

    assert set(common.CYCLES) <= set(discord.Interaction.__slots__)  # discord.py's own names
    cut: list[discord.Interaction] = []
    real_cut = common._cut

    def recording(interaction: discord.Interaction) -> None:
        assert interaction.extras.get(common.FINISHED) and not interaction.extras.get(common.HELD)
        real_cut(interaction)
        cut.append(interaction)

    monkeypatch.setattr(common, "_cut", recording)
    edits: list[int] = []  # how many interactions had been cut at each live hand's edit
    real_edit = discord.Interaction.edit_original_response

    async def counting(self: discord.Interaction, **kwargs: Any) -> Any:
        message = await real_edit(self, **kwargs)
        edits.append(len(cut))
        return message

    monkeypatch.setattr(discord.Interaction, "edit_original_response", counting)
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await challenge_and_accept(h, alice, bob)
    rng = random.Random(3)
    for _ in range(30):
        await take_turn(h, game_id, rng, check_no_leaks)
    assert len(cut) > 20
    assert all(not hasattr(i, "_cs_response") for i in cut)
    live = [hand.interaction for hand in h.bot.hands._live.values()]  # type: ignore[attr-defined]
    assert live and all(i.extras.get(common.HELD) for i in live)
    assert not any(i is j for i in live for j in cut)
    # the hands kept open went on following the moves after interactions were let go
    assert sum(1 for n in edits if n > 0) > 10


async def test_turn_messages_mention_the_player_to_act(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await challenge_and_accept(h, alice, bob)
    game = await game_row(h, game_id)
    first = game.player_ids[game.state.to_act[0]]
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    assert table.mentions == (first,)
    rng = random.Random(5)
    for _ in range(40):
        seen = len(h.messages)
        before, after = await take_turn(h, game_id, rng)
        new_public = [m for m in h.messages[seen:] if m.audience is None and m.mentions]
        movers = set(before.to_act)
        newcomers = {s for s in after.to_act if s not in movers}
        if newcomers and after.round.number == before.round.number:
            mentioned = {m for msg in new_public for m in msg.mentions}
            assert {game.player_ids[s] for s in newcomers} <= mentioned


async def test_strangers_are_turned_away_politely(h: Harness) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    await h.slash(alice, "vidrasso challenge", opponent=bob)
    challenge = h.last_public()
    accept = next(b.custom_id for b in challenge.buttons if b.label == "Accept")
    r = await h.click(carol, challenge, accept)
    assert r.response is not None and r.response.ephemeral
    assert "Only" in r.ephemeral_messages[-1].text()
    r = await h.click(alice, challenge, accept)  # the challenger can't accept for the opponent
    assert "Only" in r.ephemeral_messages[-1].text()
    await h.click(bob, challenge, accept)
    game_id = (await service_of(h).games_of(h.guild.id, alice.id))[0].id
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    r = await h.click(carol, table, f"vidrasso:hand:{game_id}")
    assert "isn't your game" in r.ephemeral_messages[-1].text()
    game = await game_row(h, game_id)
    assert game.version == 1  # nothing changed


async def test_old_buttons_and_double_clicks_apply_once(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await challenge_and_accept(h, alice, bob)
    game = await game_row(h, game_id)
    chooser = h.account(game.player_ids[game.state.to_act[0]])
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    hand = (await h.click(chooser, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
    menu = hand.selects[0]
    await h.select(chooser, hand, menu.custom_id, [menu.options[0][1]])
    suit_button = next(
        b.custom_id for b in h.world.messages[hand.id].buttons if ":trump-" in b.custom_id
    )
    await h.click(chooser, hand, suit_button)
    version = (await game_row(h, game_id)).version
    # the same button again, from the same (now updated) message's old state: stale
    r = await h.click(chooser, hand, suit_button, validate=False)
    assert "no longer available" in r.messages[-1].text()
    assert (await game_row(h, game_id)).version == version
    # the stale answer shows the current hand: the chooser now waits for the other trump
    assert "Waiting" in r.messages[-1].text() or "Name the trump" in r.messages[-1].text()


async def test_illegal_card_is_refused_with_the_reason(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await challenge_and_accept(h, alice, bob)
    rng = random.Random(9)
    # play until a follower has a disabled (illegal) card
    for _ in range(200):
        game = await game_row(h, game_id)
        state = game.state
        if state.phase is Phase.PLAY and state.round.trick:
            seat = state.to_act[0]
            legal = set(state.round.legal_plays(seat))
            illegal = [c for c in state.round.available(seat) if c not in legal]
            if illegal:
                user = h.account(game.player_ids[seat])
                table = latest_with(h, f"vidrasso:hand:{game_id}")
                hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[
                    -1
                ]
                button = next(b for b in hand.buttons if b.custom_id.endswith(illegal[0].text))
                assert button.disabled
                # a forged click on the disabled button is refused by the rules
                r = await h.click(user, hand, button.custom_id, validate=False)
                assert "must follow" in r.messages[-1].text()
                assert (await game_row(h, game_id)).version == game.version
                return
        await take_turn(h, game_id, rng)
    pytest.fail("no illegal card came up")


async def test_restart_mid_round_resumes_and_old_buttons_work(tmp_path: Path) -> None:
    db = tmp_path / "vidrasso.sqlite3"
    async with running(db) as h:
        alice, bob = h.users["alice"], h.users["bob"]
        game_id = await challenge_and_accept(h, alice, bob)
        rng = random.Random(4)
        for _ in range(30):
            await take_turn(h, game_id, rng)
        before = await game_row(h, game_id)
        table = latest_with(h, f"vidrasso:hand:{game_id}")
        seat = before.state.to_act[0]
        user = h.account(before.player_ids[seat])
        old_hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]
        # a new process on the same database file
        await h.restart(make_bot(db))
        after = await game_row(h, game_id)
        assert after.state == before.state
        # a button on a message the old process sent still works
        choice = next(
            b.custom_id
            for b in old_hand.buttons
            if not b.disabled and b.custom_id.startswith("vidrasso:move:")
        )
        await h.click(user, old_hand, choice)
        assert (await game_row(h, game_id)).version == before.version + 1 or (
            (await game_row(h, game_id)).version > before.version
        )
        final = await play_to_the_end(h, game_id, 8, leak_check=False)
        assert final.is_over


async def test_resign_with_confirmation(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await challenge_and_accept(h, alice, bob)
    thread = h.threads[0]
    r = await h.slash(bob, "resign", channel=thread)
    confirm = r.ephemeral_messages[-1]
    assert "Resign" in confirm.text()
    await h.click(bob, confirm, confirm.buttons[0].custom_id)
    game = await game_row(h, game_id)
    assert game.status == "finished" and game.result == "resigned" and game.winner == 0
    assert "resigned" in h.last_public(thread).text()
    assert h.last_public(thread).files


async def test_decline_withdraw_and_expiry(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await h.slash(alice, "vidrasso challenge", opponent=bob)
    first = h.last_public()
    decline = next(b.custom_id for b in first.buttons if b.label == "Decline")
    await h.click(bob, first, decline)
    assert "declined" in h.last_public().text() and not h.last_public().buttons
    await h.slash(alice, "vidrasso challenge", opponent=bob)
    second = h.last_public()
    await h.click(alice, second, next(b.custom_id for b in second.buttons if b.label == "Decline"))
    assert "withdrawn" in h.last_public().text()
    await h.slash(alice, "vidrasso challenge", opponent=bob)
    third = h.last_public()
    service = service_of(h)
    service.clock = lambda: 10**10  # far in the future
    await h.bot.publisher.expire_due_challenges()  # type: ignore[attr-defined]
    await h.settle()
    current = h.channel_messages()[-1]
    assert current.id == third.id and "expired" in current.text() and not current.buttons
    r = await h.click(bob, third, "vidrasso:challenge:3:accept", validate=False)
    assert "expired" in r.messages[-1].text() or "no longer open" in r.messages[-1].text()


async def test_no_thread_permission_plays_in_the_channel(h: Harness) -> None:
    h.fail_route("POST", "/channels/{channel_id}/messages/{message_id}/threads", status=403)
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await challenge_and_accept(h, alice, bob)
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    assert table.channel_id == h.channel.id
    assert not h.threads


@pytest.mark.parametrize(
    ("who", "options", "expected"),
    [
        ("alice", {"opponent": "alice"}, "yourself"),
        ("alice", {"opponent": "other_bot"}, "Bots"),
        ("alice", {"opponent": "bob", "target": 400}, "300"),
    ],
)
async def test_refused_challenge_arguments(
    h: Harness, who: str, options: dict[str, object], expected: str
) -> None:
    values = {
        k: (h.other_bot if v == "other_bot" else h.users[v] if isinstance(v, str) else v)
        for k, v in options.items()
    }
    r = await h.slash(h.users[who], "vidrasso challenge", validate=False, **values)
    assert r.response is not None and r.response.ephemeral
    assert expected in r.messages[-1].text()
    assert not h.channel_messages()


async def test_second_game_with_the_same_opponent_here_is_refused(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    await challenge_and_accept(h, alice, bob)
    r = await h.slash(bob, "vidrasso challenge", opponent=alice)
    assert r.response is not None and r.response.ephemeral
    assert "in progress" in r.messages[-1].text()


async def test_hand_games_and_rules_commands(h: Harness) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    r = await h.slash(alice, "hand")
    assert "no game" in r.messages[-1].text()
    r = await h.slash(alice, "games")
    assert "no games" in r.messages[-1].text()
    first = await challenge_and_accept(h, alice, bob)
    r = await h.slash(alice, "hand", channel=h.threads[0])
    assert r.response is not None and r.response.ephemeral
    assert "Your hand" in r.messages[-1].text()
    second = await challenge_and_accept(h, carol, alice)
    # in the main channel with two games: asked which
    r = await h.slash(alice, "hand")
    assert "Which one" in r.messages[-1].text()
    labels = {b.custom_id for b in r.messages[-1].buttons}
    assert {f"vidrasso:hand:{first}", f"vidrasso:hand:{second}"} <= labels
    r = await h.slash(alice, "games")
    text = r.messages[-1].text()
    assert f"<@{bob.id}>" in text and f"<@{carol.id}>" in text
    r = await h.slash(carol, "vidrasso rules")
    assert r.response is not None and r.response.ephemeral
    guide = r.messages[-1]
    assert "1/7" in guide.text() and [f.filename for f in guide.files] == ["rules.png"]
    back, on = guide.buttons
    assert back.disabled and not on.disabled
    await h.click(carol, guide, on.custom_id)
    assert "2/7" in h.world.messages[guide.id].text()
    # a challenge offers the rules to a newcomer, privately
    await h.slash(bob, "vidrasso challenge", opponent=carol)
    challenge = h.last_public()
    rules = next(b for b in challenge.buttons if b.label == "Rules")
    r = await h.click(carol, challenge, rules.custom_id)
    assert r.messages[-1].audience == carol.id and "1/7" in r.messages[-1].text()
    # and the table explains itself: its details in words (this round's tricks once the play
    # has begun: none while trumps are chosen), how to read it
    table = latest_with(h, f"vidrasso:hand:{first}")
    r = await h.click(carol, table, f"vidrasso:details:{first}")
    details = r.messages[-1]
    assert details.audience == carol.id and "Trumps" in details.text()
    assert "Tricks of round 1" not in details.text()
    r = await h.click(carol, details, "vidrasso:tablehelp:vidrasso")
    assert r.messages[-1].audience == carol.id and "strawmen" in r.messages[-1].text().lower()


async def test_rematch_challenges_the_other_player(h: Harness) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    game_id = await challenge_and_accept(h, alice, bob)
    thread = h.threads[0]
    r = await h.slash(alice, "resign", channel=thread)
    await h.click(alice, r.ephemeral_messages[-1], r.ephemeral_messages[-1].buttons[0].custom_id)
    end = h.last_public(thread)
    r = await h.click(carol, end, f"vidrasso:rematch:{game_id}")
    assert "Only the players" in r.messages[-1].text()
    await h.click(bob, end, f"vidrasso:rematch:{game_id}")
    rematch = h.last_public(thread)
    assert f"<@{bob.id}> challenges <@{alice.id}>" in rematch.text()
    assert rematch.mentions == (alice.id,)


@pytest.mark.parametrize("seed", range(3, 9))
async def test_no_hidden_card_reaches_anyone_over_random_games(h: Harness, seed: int) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await challenge_and_accept(h, alice, bob, target=300)
    await play_to_the_end(h, game_id, seed)


async def test_commands_are_offered_in_servers_only(h: Harness) -> None:
    group = h.bot.tree.get_command("vidrasso")
    assert group is not None and group.guild_only
    synced = [r for r in h.requests if r.method == "PUT" and "/commands" in r.path]
    assert synced, "commands are synced at start"
    (command,) = [c for c in synced[-1].json if c["name"] == "vidrasso"]
    assert command.get("contexts") == [0] or command.get("dm_permission") is False


async def test_sent_views_are_not_kept_in_memory(h: Harness) -> None:
    """Buttons are routed by their custom ids; no per-message view may pile up in discord.py."""
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await challenge_and_accept(h, alice, bob)
    rng = random.Random(2)
    for _ in range(30):
        await take_turn(h, game_id, rng)
    store = h.bot._connection._view_store
    assert not store._synced_message_views
    assert not store._views
    assert store._dynamic_items  # the persistent buttons are registered once, by pattern
    # nor a 15-minute timer holding each private hand's view
    timers = [
        t for t in asyncio.all_tasks() if "timeout_task_impl" in repr(t.get_coro()) and not t.done()
    ]
    assert not timers, f"{len(timers)} views are kept alive by timers"
