"""Pidro on the platform: the adapter keeps the GameRules contract, and whole games play
through the play service, storage and the ladder (rated as teams)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot import games
from bot.games.base import IllegalMove
from bot.play.model import Invite
from bot.play.service import GameService
from bot.services import load_state
from bot.storage.sqlite import SqliteStorage
from games.pidro.game import PIDRO
from games.pidro.rules import Bid, Phase, Play, view
from games.pidro.tests.helpers import random_states

GUILD, CHANNEL = 1, 10
ANN, BEN, CAT, DAN = 11, 22, 33, 44


def test_registered_with_its_presentation() -> None:
    assert games.GAMES["pidro"] is PIDRO
    assert PIDRO.renderer == "games.pidro.discord.presentation"


def test_every_legal_action_survives_its_button_text() -> None:
    kinds: set[type] = set()
    for state in random_states(11):
        for seat in state.to_act:
            for action in PIDRO.legal_actions(state, seat):
                text = PIDRO.action_text(action)
                assert PIDRO.parse_action(seat, text) == action
                assert len(text) <= 60 and text.isascii()
                kinds.add(type(action))
    assert {Bid, Play} <= kinds
    with pytest.raises(IllegalMove):
        PIDRO.parse_action(0, "kill-")
    with pytest.raises(IllegalMove):
        PIDRO.parse_action(0, "dance-5H")


def test_a_refusal_is_a_template_with_its_values() -> None:
    state = PIDRO.new_game(random.Random(1), 62, 4)
    seat = state.to_act[0]
    state, _ = PIDRO.apply(state, Bid(seat, 9))
    with pytest.raises(IllegalMove) as refused:
        PIDRO.apply(state, Bid(state.to_act[0], 9))
    assert refused.value.message == "bid more than {bid}, or pass"
    assert refused.value.values == {"bid": 9}


def test_states_round_trip_and_views_offer_the_legal_actions() -> None:
    for i, state in enumerate(random_states(5)):
        if i % 7:
            continue
        assert PIDRO.loads(PIDRO.dumps(state)) == state
        for seat in state.to_act:
            assert PIDRO.view(state, seat).actions == tuple(PIDRO.legal_actions(state, seat))


def test_the_decider_answers_with_a_legal_action_at_every_level() -> None:
    decide = PIDRO.decider()
    for i, state in enumerate(random_states(9)):
        if state.is_over or state.phase is Phase.DEAL or i % 5:
            continue
        seat = state.to_act[0]
        for level in PIDRO.levels:
            assert decide(level, view(state, seat), i) in PIDRO.legal_actions(state, seat)


def test_seat_stats_count_contracts_and_holes() -> None:
    final = list(random_states(4))[-1]
    stats = [PIDRO.seat_stats(final, s) for s in range(4)]
    assert all(set(s) == set(PIDRO.stat_rules) for s in stats)
    hands = final.finished
    assert sum(s["contracts"] for s in stats) == len(hands)
    assert sum(s["holes"] for s in stats) == sum(1 for h in hands if not h.made)
    assert stats[0]["points_taken"] + stats[1]["points_taken"] == 14 * len(hands)


async def test_four_members_play_a_game_through_service_storage_and_ladder(tmp_path: Path) -> None:
    from bot.ladder.service import LadderService, record_result

    storage = await SqliteStorage.open(tmp_path / "pidro.sqlite3", load_state)
    try:
        service = GameService(storage, rng=random.Random(3))
        service.finish_hooks.append(record_result)
        challenge = await service.challenge(
            kind="pidro",
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ANN,
            seats=[Invite(BEN), Invite(CAT), Invite(DAN)],
            target=62,
        )
        for user in (BEN, CAT):
            assert (await service.accept(challenge.id, user)).game is None
        started = await service.accept(challenge.id, DAN)
        game = started.game
        assert game is not None and game.player_ids == (ANN, BEN, CAT, DAN)
        decide = PIDRO.decider()
        while game.is_active:
            seat = game.to_act[0]
            action = decide("easy", PIDRO.view(game.state, seat), game.version)
            moved = await service.act(
                game.id, game.player_ids[seat], PIDRO.action_text(action), game.version
            )
            game = moved.game
        assert game.result == "finished" and game.winner in (0, 1)
        stored = await service.game(game.id)
        assert stored.state == game.state and PIDRO.outcome(stored.state) is not None
        ladder = LadderService(storage)
        page = await ladder.leaderboard(GUILD, 1, ANN, kind="pidro")
        assert page.players == 4
        winners = {game.player_ids[s] for s in PIDRO.teams[game.winner]}
        ranked = [row.user_id for row in page.rows]
        assert set(ranked[:2]) == winners  # both partners move with the team's result
        assert (await ladder.leaderboard(GUILD, 1, ANN)).players == 0  # Vidrasso's is apart
    finally:
        await storage.close()


async def test_a_resignation_loses_for_the_team(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "pidro.sqlite3", load_state)
    try:
        service = GameService(storage, rng=random.Random(5))
        challenge = await service.challenge(
            kind="pidro",
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ANN,
            seats=[Invite(BEN), Invite(CAT), Invite(DAN)],
            target=62,
        )
        for user in (BEN, CAT, DAN):
            game = (await service.accept(challenge.id, user)).game
        assert game is not None
        moved = await service.resign(game.id, CAT, game.version)  # seat 2, team 0
        assert moved.game.result == "resigned" and moved.game.winner == 1
    finally:
        await storage.close()
