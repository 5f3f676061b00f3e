"""Finished games for ladder tests, written the way the game service writes them.

A game is stored as started, then finished in one transaction that saves the final state and
runs the finish hook, as ``GameService`` does. :func:`finish_game` plays a Vidrasso game with
random legal moves through its rules; :func:`store_finished` takes any game's two states.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.games import GameRules, rules_for
from bot.ladder.service import record_result
from bot.play.model import FINISHED, Game, Seat
from bot.storage import Storage

NOW = 1_700_000_000.0
VIDRASSO = rules_for("vidrasso")


def play(seed: int, *, moves: int | None = None, target: int = 300) -> tuple[Any, Any]:
    """A new Vidrasso game and the state after ``moves`` random legal moves, stopping short of
    the end (None: play to the end)."""
    rng = random.Random(seed)
    start = state = VIDRASSO.new_game(rng, target, 2)
    done = 0
    while VIDRASSO.outcome(state) is None and (moves is None or done < moves):
        after, _ = VIDRASSO.settle(state, rng)
        if after is state:
            options = VIDRASSO.legal_actions(state, VIDRASSO.to_act(state)[0])
            after, _ = VIDRASSO.apply(state, rng.choice(options))
        if VIDRASSO.outcome(after) is not None and moves is not None:
            break
        state = after
        done += 1
    return start, state


async def store_finished(
    storage: Storage,
    rules: GameRules,
    guild_id: int,
    seats: Sequence[Seat],
    start: Any,
    final: Any,
    *,
    channel_id: int = 10,
    now: float = NOW,
) -> Game:
    """Store a game as started in ``start``, then finish it in ``final`` with the ladder's
    finish hook in the same transaction. Returns the finished game."""
    async with storage.transaction() as tx:
        game_id = await tx.play.insert_game(
            kind=rules.kind,
            guild_id=guild_id,
            channel_id=channel_id,
            seats=seats,
            target=rules.targets[0],
            version=rules.version(start),
            state=rules.dumps(start),
            now=now - 60,
        )
    outcome = rules.outcome(final)
    assert outcome is not None, "the final state must be over"
    async with storage.transaction() as tx:
        await tx.play.save_state(
            game_id,
            expected_version=rules.version(start),
            version=rules.version(final),
            state=rules.dumps(final),
            status=FINISHED,
            result=outcome.ending,
            winner=outcome.winner,
            now=now,
        )
        game = await tx.play.get_game(game_id)
        assert game is not None and game.status == FINISHED
        await record_result(tx, game)
    return game


async def finish_game(
    storage: Storage,
    guild_id: int,
    players: tuple[int, int],
    *,
    winner: int | None = 0,
    seed: int = 1,
    moves: int = 120,
    channel_id: int = 10,
    computer_level: str | None = None,
    now: float = NOW,
    abandon: bool = False,
    timeout: bool = False,
) -> Game:
    """A Vidrasso game between ``players`` that ``winner`` (a seat) wins by resignation after
    ``moves`` random moves — or, with ``winner=None``, plays to its natural end; ``abandon``
    stops it without a winner; ``timeout`` makes the seat the game waits for lose on time; with
    ``computer_level`` seat 1 is the computer. Returns the finished game (recorded on the
    ladder)."""
    start, state = play(seed, moves=None if winner is None and not abandon else moves)
    if abandon:
        state, _ = VIDRASSO.apply(state, VIDRASSO.abandon(state))
    elif timeout:
        state, _ = VIDRASSO.apply(state, VIDRASSO.time_out(state, VIDRASSO.to_act(state)[0]))
    elif winner is not None and VIDRASSO.outcome(state) is None:
        state, _ = VIDRASSO.apply(state, VIDRASSO.resign(state, 1 - winner))
    seats = (Seat(players[0]), Seat(players[1], computer_level))
    return await store_finished(
        storage, VIDRASSO, guild_id, seats, start, state, channel_id=channel_id, now=now
    )
