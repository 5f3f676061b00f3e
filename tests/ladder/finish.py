"""Finished games for ladder tests, written the way the game service writes them.

A game is played with random legal moves by the engine, stored as started, then finished in one
transaction that saves the final state and runs the finish hook, as ``GameService.act`` does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine import (
    Abandon,
    Action,
    GameState,
    Phase,
    Resign,
    TimeOut,
    apply,
    deal_next,
    legal_actions,
    new_game,
)
from bot.storage import games as store
from bot.storage.database import Database
from bot.storage.games import GameRow
from bot.storage.ladder import record_result

NOW = 1_700_000_000.0


def play(seed: int, *, moves: int | None = None, target: int = 300) -> tuple[GameState, GameState]:
    """A new game and the state after ``moves`` random legal moves, stopping short of the end
    (None: play to the end)."""
    rng = random.Random(seed)
    start = state = new_game(rng, target)
    done = 0
    while not state.is_over and (moves is None or done < moves):
        if state.phase is Phase.DEAL:
            after, _ = deal_next(state, rng)
        else:
            options: Sequence[Action] = legal_actions(state, state.to_act[0])
            after, _ = apply(state, rng.choice(options))
        if after.is_over and moves is not None:
            break
        state = after
        done += 1
    return start, state


async def finish_game(
    db: Database,
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
) -> GameRow:
    """A game between ``players`` that ``winner`` (a seat) wins by resignation after ``moves``
    random moves — or, with ``winner=None``, plays to its natural end; ``abandon`` stops it
    without a winner; ``timeout`` makes the seat the game waits for lose on time. Returns the
    finished row (recorded on the ladder)."""
    start, state = play(seed, moves=None if winner is None and not abandon else moves)
    if abandon:
        state, _ = apply(state, Abandon())
    elif timeout:
        state, _ = apply(state, TimeOut(state.to_act[0]))
    elif winner is not None and not state.is_over:
        state, _ = apply(state, Resign(1 - winner))
    async with db.transaction() as conn:
        game_id = await store.insert_game(
            conn,
            guild_id=guild_id,
            channel_id=channel_id,
            player_ids=players,
            target=start.target,
            state=start,
            now=now - 60,
            computer_level=computer_level,
        )
    async with db.transaction() as conn:
        await store.save_state(conn, game_id, start.moves, state, now)
        game = await store.get_game(conn, game_id)
        assert game is not None and game.status == "finished"
        await record_result(conn, game)
    return game
