"""The table players see: one tap a move, a turn line that is always true, a drawn picture on
every table, each round's last trick in public, and a table that survives a crash."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.play.service import Moved
from cogs.ui.i18n import ENGLISH_WORDS
from games.vidrasso.discord.presentation import turn_text
from games.vidrasso.rules import Phase, view
from tests.bot.driver import (
    can_move,
    challenge_and_accept,
    game_row,
    latest_with,
    make_bot,
    make_move,
    running,
    service_of,
    take_turn,
)
from tests.harness import Harness, NotAcknowledged, SentMessage


def live_hand(h: Harness, user_id: int) -> SentMessage | None:
    """The player's newest private hand, if it offers them a move now."""
    hands = [m for m in h.ephemeral_to(user_id) if not m.deleted]
    hands = [h.world.messages[m.id] for m in hands]
    return hands[-1] if hands and can_move(hands[-1]) else None


def tables(h: Harness, game_id: int) -> list[SentMessage]:
    """Every public table message of the game still in the channel, as it reads now."""
    return [
        m
        for m in h.world.current_messages()
        if m.audience is None
        and not m.deleted
        and any(b.custom_id == f"vidrasso:hand:{game_id}" for b in m.buttons)
    ]


async def test_a_lively_game_is_one_tap_a_move_with_a_true_table(tmp_path: Path) -> None:
    async with running(tmp_path / "v.sqlite3", pictures=True) as h:
        alice, bob = h.users["alice"], h.users["bob"]
        game_id = await challenge_and_accept(h, alice, bob)
        rng = random.Random(11)
        plays = interactions = new_private = contradictions = 0
        while True:
            game = await game_row(h, game_id)
            if game.state.is_over:
                break
            # the table says what the game waits for, in its line and in its picture
            (table,) = tables(h, game_id)
            expected = turn_text(view(game.state, None), game.player_ids, ENGLISH_WORDS)
            if table.content != expected:
                contradictions += 1
            assert [f.filename for f in table.files] == ["table.png"]
            assert table.embeds[0]["image"]["url"] == "attachment://table.png"
            user = h.account(game.player_ids[game.state.to_act[0]])
            playing = game.state.phase is Phase.PLAY
            hand = live_hand(h, user.id)
            if hand is None:  # no live hand: the table's button opens one
                before = len(h.ephemeral_to(user))
                hand = (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[
                    -1
                ]
                if playing:
                    interactions += 1
                    new_private += len(h.ephemeral_to(user)) - before
            await make_move(h, user, hand, rng)
            if playing:
                plays += 1
                interactions += 1
        assert plays > 100
        assert interactions / plays <= 1.3, (interactions, plays)
        assert new_private / plays <= 0.2, (new_private, plays)
        assert contradictions == 0
        # every round's last trick was shown in public
        final = await game_row(h, game_id)
        summaries = [
            e
            for m in h.world.current_messages()
            if m.audience is None
            for e in m.embeds
            if e.get("title", "").endswith("is over")
        ]
        assert len(summaries) == len(final.state.rounds)
        for summary, rnd in zip(summaries, final.state.rounds, strict=True):
            (field,) = [f for f in summary["fields"] if f["name"] == "Last trick"]
            assert rnd.tricks[-1].cards[1].display in field["value"]


async def test_a_lost_table_is_posted_again_at_start(tmp_path: Path) -> None:
    db = tmp_path / "v.sqlite3"
    async with running(db) as h:
        alice, bob = h.users["alice"], h.users["bob"]
        game_id = await challenge_and_accept(h, alice, bob)
        other = await challenge_and_accept(h, bob, h.users["carol"])
        kept = (await game_row(h, other)).table_message_id
        # the bot stopped after posting a table and before recording it
        version = (await game_row(h, game_id)).version
        await service_of(h).set_table_message(game_id, 4242, version)
        await h.restart(make_bot(db))
        game = await game_row(h, game_id)
        assert game.table_message_id not in (None, 4242)
        assert latest_with(h, f"vidrasso:hand:{game_id}").id == game.table_message_id
        assert (await game_row(h, other)).table_message_id == kept  # nothing to repair there


async def test_a_table_left_behind_by_a_crash_is_put_right_at_start(database: str) -> None:
    """The process stops after a move is saved and before its table is posted: the channel
    still shows the table of the move before. The restarted bot posts the current table,
    pinging the player now to move, and removes the old one."""
    async with running(database) as h:
        alice, bob = h.users["alice"], h.users["bob"]
        game_id = await challenge_and_accept(h, alice, bob)
        other = await challenge_and_accept(h, bob, h.users["carol"])
        kept = (await game_row(h, other)).table_message_id
        (before,) = tables(h, game_id)
        saved: list[int] = []

        async def die_before_posting(moved: Moved) -> None:
            saved.append(moved.game.version)
            await asyncio.Event().wait()  # the process is killed here

        service_of(h).committed_hooks.append(die_before_posting)
        mover = (await game_row(h, game_id)).state.to_act[0]
        with pytest.raises(NotAcknowledged):  # "This interaction failed", as for a dead bot
            await take_turn(h, game_id, random.Random(1))
        assert tables(h, game_id) == [h.world.messages[before.id]]  # the table before the move
        await h.restart(make_bot(database))

        game = await game_row(h, game_id)
        assert saved == [game.version] and game.table_version == game.version
        (table,) = tables(h, game_id)  # the new table, the old one gone
        assert table.id == game.table_message_id != before.id
        assert h.world.messages[before.id].deleted
        assert table.content == turn_text(view(game.state, None), game.player_ids, ENGLISH_WORDS)
        (waiting,) = game.state.to_act
        assert waiting != mover and table.mentions == (game.player_ids[waiting],)
        assert (await game_row(h, other)).table_message_id == kept  # a true table stays


async def test_anyone_can_page_through_a_finished_game(tmp_path: Path) -> None:
    async with running(tmp_path / "v.sqlite3", pictures=True) as h:
        alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
        game_id = await challenge_and_accept(h, alice, bob)
        rng = random.Random(5)
        for _ in range(12):
            await take_turn(h, game_id, rng)
        r = await h.slash(carol, "replay", game=game_id)
        assert "still being played" in r.messages[-1].text()
        thread = h.threads[0]
        r = await h.slash(bob, "resign", channel=thread)
        await h.click(bob, r.ephemeral_messages[-1], r.ephemeral_messages[-1].buttons[0].custom_id)
        r = await h.slash(carol, "replay", game=game_id)
        page = r.messages[-1]
        assert page.audience is None and [f.filename for f in page.files] == ["replay.png"]
        round_back, back, on, round_on = page.buttons
        assert round_back.disabled and back.disabled and not on.disabled and not round_on.disabled
        assert "Round 1 · the deal" in page.text() and "Page 1 of" in page.text()
        state = (await game_row(h, game_id)).state
        for card in state.rounds[0].deal.hands[0] + state.rounds[0].deal.hands[1]:
            assert card.display in page.text()  # a finished game hides nothing
        await h.click(alice, page, on.custom_id)
        turned = h.world.messages[page.id]
        assert "Page 2 of" in turned.text() and "trick 1 of 17" in turned.text()
        assert "Every card" in turned.text()
        await h.restart(make_bot(tmp_path / "v.sqlite3", pictures=True))
        _, _, on, round_on = turned.buttons  # the buttons outlive the restart
        await h.click(carol, turned, round_on.custom_id)
        ended = h.world.messages[page.id]  # one round only: ⏭ goes to the end
        assert "The end" in ended.text() and all(b.disabled for b in ended.buttons[2:])


def test_live_hands_of_games_nobody_moves_in_are_forgotten() -> None:
    import time
    from types import SimpleNamespace

    from cogs.ui.common import FINISHED, HELD, finished
    from cogs.ui.hands import LIVE_FOR, SWEEP_FROM, Hands, LiveHand

    hands = Hands(None)  # type: ignore[arg-type]
    old = time.monotonic() - LIVE_FOR - 1
    expired = []
    for game_id in range(SWEEP_FROM - 1):  # hands whose tokens expired long ago
        interaction = SimpleNamespace(extras={HELD: True}, _cs_response=object())
        if game_id % 2:
            finished(interaction)  # type: ignore[arg-type]  # held: kept whole
            assert hasattr(interaction, "_cs_response")
        expired.append(interaction)
        hands._live[(game_id, 1)] = LiveHand(interaction, old)  # type: ignore[arg-type]
    fresh = SimpleNamespace(user=SimpleNamespace(id=2), extras={})
    game = SimpleNamespace(id=10_000, is_active=True)
    hands._remember(fresh, game)  # type: ignore[arg-type]
    assert list(hands._live) == [(10_000, 2)]
    assert fresh.extras == {HELD: True}
    # Forgotten, they hold nothing back: a finished one has its cycle cut, one whose handler
    # is still running keeps it until it finishes.
    for n, interaction in enumerate(expired):
        assert HELD not in interaction.extras
        assert hasattr(interaction, "_cs_response") is not bool(n % 2)
        if not n % 2:
            finished(interaction)  # type: ignore[arg-type]
            assert interaction.extras[FINISHED] and not hasattr(interaction, "_cs_response")


async def test_the_table_offers_only_the_buttons_that_mean_something(tmp_path: Path) -> None:
    """*Details* lists no tricks before the round has any (the trump choice, the gifts), and
    the table of a finished game has no *Show my hand*."""
    from cogs.ui.i18n import ENGLISH_WORDS
    from cogs.ui.table import table_buttons

    async with running(tmp_path / "v.sqlite3") as h:
        alice, bob = h.users["alice"], h.users["bob"]
        game_id = await challenge_and_accept(h, alice, bob)
        (table,) = tables(h, game_id)
        ids = [b.custom_id for b in table.buttons]
        assert ids == [f"vidrasso:hand:{game_id}", f"vidrasso:details:{game_id}"]
        details = (await h.click(bob, table, f"vidrasso:details:{game_id}")).messages[-1]
        assert "Tricks of round" not in details.text()
        rng = random.Random(3)
        while (await game_row(h, game_id)).state.phase is not Phase.PLAY:
            await take_turn(h, game_id, rng)
        (table,) = tables(h, game_id)
        details = (await h.click(bob, table, f"vidrasso:details:{game_id}")).messages[-1]
        assert "Tricks of round" in details.text()
        thread = h.threads[0]
        r = await h.slash(bob, "resign", channel=thread)
        await h.click(bob, r.ephemeral_messages[-1], r.ephemeral_messages[-1].buttons[0].custom_id)
        over = await game_row(h, game_id)
        children = table_buttons(over, ENGLISH_WORDS).children
        labels = [getattr(getattr(item, "item", item), "label", None) for item in children]
        assert "Show my hand" not in labels and "Details" in labels
