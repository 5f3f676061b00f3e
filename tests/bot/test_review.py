"""Through the offline harness: a finished game's *Review* marks both players' decisions, is
public, kept across a restart and refused politely for a game under way; *Hint* shows only in
a learner's (or a ``hints:`` play-bot's) own hand, never in a game between members."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path

import pytest

from bot.app import CardBot
from bot.errors import NotAllowed, Stale
from bot.review import service as review_service
from games.vidrasso.ai import review as vidrasso_review
from games.vidrasso.ai.search import SCALE_ENV
from tests.bot.driver import (
    button_id,
    challenge_and_accept,
    game_row,
    latest_with,
    make_bot,
    make_move,
    running,
    service_of,
    take_turn,
)
from tests.harness import Account, Harness

REVIEW, HINT = "vidrasso:review:", "vidrasso:hint:"


@pytest.fixture(autouse=True)
def small_search_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SCALE_ENV, "0.02")


def bot_of(h: Harness) -> CardBot:
    assert isinstance(h.bot, CardBot)
    return h.bot


async def answered(h: Harness, message_id: int, needle: str = ""):  # type: ignore[no-untyped-def]
    """A deferred answer once it is written (the weighing runs in the computer's worker, which
    the harness does not wait for)."""
    for _ in range(400):
        message = h.world.messages[message_id]
        if message.text().strip() and needle in message.text():
            return message
        await asyncio.sleep(0.05)
    raise AssertionError("the deferred answer never came")


async def finished_game(
    h: Harness, alice: Account, bob: Account, moves: int = 46, game_id: int | None = None
) -> int:
    """A game between two members played a while, then resigned: it is over."""
    if game_id is None:
        game_id = await challenge_and_accept(h, alice, bob)
    rng = random.Random(7)
    for _ in range(moves):
        await take_turn(h, game_id, rng)
    r = await h.slash(bob, "resign", channel=h.threads[0])
    confirm = r.ephemeral_messages[-1]
    await h.click(bob, confirm, confirm.buttons[0].custom_id)
    assert not (await game_row(h, game_id)).is_active
    return game_id


async def test_a_finished_games_review_marks_both_players_and_is_kept(tmp_path: Path) -> None:
    database = tmp_path / "v.sqlite3"
    async with running(database) as h:
        alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
        game_id = await challenge_and_accept(h, alice, bob)
        refused = await h.slash(carol, "review", game=game_id)
        assert "still being played" in refused.messages[-1].text()  # politely, privately
        assert refused.messages[-1].audience == carol.id
        await h.restart(make_bot(database))  # nothing kept for a game under way
        game_id = await finished_game(h, alice, bob, game_id=game_id)

        over = latest_with(h, REVIEW)
        r = await h.click(carol, over, button_id(over, REVIEW))  # anyone in the server
        shown = await answered(h, r.messages[-1].id, "Review of game")
        assert shown.audience is None  # public
        text = shown.text()
        assert f"Review of game {game_id}" in text and "round 1" in text
        assert f"<@{alice.id}>" in text and f"<@{bob.id}>" in text  # both players marked
        assert "Costly plays, the biggest first" in text
        kept = await bot_of(h).services.reviews.stored(game_id)
        assert kept is not None and {m.seat for m in kept.marks} == {0, 1}
        assert any(m.loss > 0 for m in kept.marks)
        back, on = [b for b in shown.buttons if b.custom_id.startswith(REVIEW)]
        assert back.disabled and not on.disabled
        await h.click(alice, shown, on.custom_id)
        assert "round 2" in h.world.messages[shown.id].text()

    async with running(database) as h:  # a restart: the review is read, not weighed again

        def never(*_: object) -> object:
            raise AssertionError("the kept review was weighed again")

        original = vidrasso_review.weigh
        vidrasso_review.weigh = never  # type: ignore[assignment]
        try:
            r = await h.slash(h.users["carol"], "review", game=game_id)
        finally:
            vidrasso_review.weigh = original  # type: ignore[assignment]
        assert f"Review of game {game_id}" in r.messages[-1].text()
        assert r.messages[-1].audience is None


async def test_a_double_click_on_review_is_answered_while_the_work_goes_on(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, carol = h.users["alice"], h.users["bob"], h.users["carol"]
    await finished_game(h, alice, bob, moves=8)
    gate = threading.Event()
    weigh = vidrasso_review.weigh

    def slow(view: object, seed: int) -> object:
        gate.wait(10)
        return weigh(view, seed)  # type: ignore[arg-type]

    monkeypatch.setattr(vidrasso_review, "weigh", slow)
    monkeypatch.setattr(review_service, "PROGRESS_EVERY", 0.05)
    over = latest_with(h, REVIEW)
    custom_id = button_id(over, REVIEW)
    first = asyncio.create_task(h.click(alice, over, custom_id, concurrent=True))
    await asyncio.sleep(0.3)  # the first click is weighing
    second = await h.click(carol, over, custom_id, concurrent=True)
    assert second.messages[-1].audience == carol.id
    assert "is on its way" in second.messages[-1].text()
    progress = [m for m in h.messages if m.audience is None and "Reviewing game" in m.text()]
    assert any("decisions weighed…" in m.text() for m in progress)  # the progress line
    gate.set()
    done = await first
    assert await answered(h, done.messages[-1].id, "Review of game")


async def test_an_old_review_button_of_another_server_or_unknown_game_is_refused(
    h: Harness,
) -> None:
    carol = h.users["carol"]
    r = await h.slash(carol, "review", game=999)
    assert "isn't one of this server's" in r.messages[-1].text()


async def test_the_review_offers_the_members_finished_games(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await finished_game(h, alice, bob, moves=4)
    (command,) = [
        c
        for q in h.requests
        if q.method == "PUT" and q.route == "/applications/{application_id}/commands"
        for c in q.json
        if c["name"] == "review"
    ]
    assert command["options"][0]["autocomplete"] is True
    cog = h.bot.get_cog("Review")
    assert cog is not None

    class Asking:
        guild_id = h.guild.id
        user = alice
        locale = None

    choices = await cog.finished_games(Asking(), "")  # type: ignore[attr-defined, arg-type]
    assert [c.value for c in choices] == [game_id]
    assert await cog.finished_games(Asking(), "9") == []  # type: ignore[attr-defined, arg-type]

    class Watching(Asking):
        user = h.users["carol"]  # played no game: the server's finished games

    watched = await cog.finished_games(Watching(), "")  # type: ignore[attr-defined, arg-type]
    assert [c.value for c in watched] == [game_id] and "Game" in watched[0].name


# --- hints ---------------------------------------------------------------------------------


async def own_hand(h: Harness, user: Account, game_id: int):  # type: ignore[no-untyped-def]
    table = latest_with(h, f"vidrasso:hand:{game_id}")
    return (await h.click(user, table, f"vidrasso:hand:{game_id}")).ephemeral_messages[-1]


def hint_of(hand) -> str | None:  # type: ignore[no-untyped-def]
    return next((b.custom_id for b in hand.buttons if b.custom_id.startswith(HINT)), None)


async def test_a_learner_gets_a_hint_from_their_own_view(h: Harness) -> None:
    alice, carol = h.users["alice"], h.users["carol"]
    await h.slash(alice, "vidrasso learn")
    (game,) = await service_of(h).games_of(h.guild.id, alice.id)
    rng = random.Random(3)
    for _ in range(40):
        game = await game_row(h, game.id)
        hand = await own_hand(h, alice, game.id)
        hint = hint_of(hand)
        seat = game.seat_of(alice.id)
        choices = len(game.rules.view(game.state, seat).actions)
        assert (hint is not None) == (seat in game.to_act and choices > 1)
        if hint is not None:
            break
        await make_move(h, alice, hand, rng)
    assert hint is not None
    r = await h.click(alice, hand, hint)
    said = await answered(h, r.messages[-1].id)
    assert said.audience == alice.id and said.content.startswith("💡")
    # a stranger asks through the service: refused, and the game is untouched
    reviews = bot_of(h).services.reviews
    with pytest.raises(NotAllowed):
        await reviews.hint(game.id, carol.id, game.version)
    # an old hint (the game moved on), and a second click while the first is weighed
    await make_move(h, alice, h.world.messages[hand.id], rng)
    old = await h.click(alice, hand, hint, validate=False)
    assert "earlier moment" in (await answered(h, old.messages[-1].id)).text()
    assert (await game_row(h, game.id)).is_active


async def test_hints_only_where_asked_for_never_between_members(h: Harness) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await challenge_and_accept(h, alice, bob)  # rated, between members
    rng = random.Random(2)
    for _ in range(6):
        game = await game_row(h, game_id)
        for seat in game.to_act:
            user = h.account(game.player_ids[seat])
            assert hint_of(await own_hand(h, user, game_id)) is None
        await take_turn(h, game_id, rng)
    reviews = bot_of(h).services.reviews
    await reviews.hints_on(game_id, alice.id)  # even if asked for, a rated game gives none
    game = await game_row(h, game_id)
    assert not await reviews.hints_allowed(game, alice.id)

    carol = h.users["carol"]
    await h.slash(carol, "vidrasso play-bot")  # without hints: none
    (plain,) = await service_of(h).games_of(h.guild.id, carol.id)
    assert not await reviews.hints_allowed(plain, carol.id)
    await h.slash(carol, "resign", channel=h.threads[-1])
    confirm = h.last_ephemeral(carol)
    await h.click(carol, confirm, confirm.buttons[0].custom_id)

    dave = h.add_member("dave")
    await h.slash(dave, "vidrasso play-bot", hints=True)
    (helped,) = await service_of(h).games_of(h.guild.id, dave.id)
    assert await reviews.hints_allowed(helped, dave.id)
    with pytest.raises(Stale):
        await reviews.hint(helped.id, dave.id, helped.version + 1)


async def test_the_review_shows_the_replays_picture_of_each_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the game's replay can jump to a round (``replay_rounds``), each round of the
    review shows the replay's picture of that round."""
    from cogs.ui.games import presentation

    shown = presentation("vidrasso")
    asked: list[int] = []

    def replay_rounds(game: object) -> list[int]:
        asked.append(1)
        return [0, 1, 2, 3, 4, 5]

    monkeypatch.setattr(shown, "replay_rounds", replay_rounds, raising=False)
    async with running(tmp_path / "v.sqlite3", pictures=True) as h:
        alice, bob = h.users["alice"], h.users["bob"]
        await finished_game(h, alice, bob, moves=6)
        over = latest_with(h, REVIEW)
        r = await h.click(alice, over, button_id(over, REVIEW))
        page = await answered(h, r.messages[-1].id, "Review of game")
        assert asked and [f.filename for f in page.files] == ["review.png"]


async def test_a_pidro_player_with_hints_gets_one_for_a_bid_or_a_card(h: Harness) -> None:
    dave = h.add_member("dave")
    await h.slash(dave, "pidro play-bot", hints=True)
    (game,) = await service_of(h).games_of(h.guild.id, dave.id)
    for _ in range(30):
        game = await game_row(h, game.id)
        seat = game.seat_of(dave.id)
        if seat in game.to_act and len(game.rules.view(game.state, seat).actions) > 1:
            break
        await asyncio.sleep(0.05)
    table = latest_with(h, f"vidrasso:hand:{game.id}")
    hand = (await h.click(dave, table, f"vidrasso:hand:{game.id}")).ephemeral_messages[-1]
    hint = hint_of(hand)
    assert hint is not None
    r = await h.click(dave, hand, hint)
    said = await answered(h, r.messages[-1].id)
    assert said.audience == dave.id and said.content.startswith("💡"), said.text()


def test_play_bot_offers_hints_only_for_a_game_with_a_reviewer() -> None:
    import inspect
    from types import SimpleNamespace

    from cogs.play import offers_hints

    async def play_bot(interaction: object, level: str | None = None, hints: bool = False) -> None:
        return None

    offers_hints(play_bot, SimpleNamespace())  # type: ignore[arg-type]
    assert list(inspect.signature(play_bot).parameters) == ["interaction", "level"]

    async def play_bot_too(interaction: object, hints: bool = False) -> None:
        return None

    offers_hints(play_bot_too, SimpleNamespace(reviewer="a.module"))  # type: ignore[arg-type]
    assert "hints" in inspect.signature(play_bot_too).parameters


async def test_a_review_that_fails_says_so_and_can_be_asked_again(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = h.users["alice"], h.users["bob"]
    game_id = await finished_game(h, alice, bob, moves=4)

    def broken(view: object, seed: int) -> object:
        raise RuntimeError("a worker died")

    monkeypatch.setattr(vidrasso_review, "weigh", broken)
    over = latest_with(h, REVIEW)
    with h.expect_error("a worker died"):
        r = await h.click(alice, over, button_id(over, REVIEW))
        public = await answered(h, r.messages[0].id, "stopped")
    assert "press Review again later" in public.text()
    assert await bot_of(h).services.reviews.stored(game_id) is None
    monkeypatch.undo()
    monkeypatch.setenv(SCALE_ENV, "0.02")
    r = await h.click(alice, over, button_id(over, REVIEW))
    assert await answered(h, r.messages[-1].id, "Review of game")
