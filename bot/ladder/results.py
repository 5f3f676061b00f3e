"""A finished game onto its server's ladder: the finish hook, and what counts.

:func:`record_result` runs inside the transaction that writes the finished game, so the result,
the ratings and every aggregate commit together or not at all. What counts (see
docs/decisions.md, "Ladder"), for a game of any kind with any teams:

- a game whose every seat is a member and that ends with a winner (last round, resignation,
  time-out) is rated: a win for each player of the winning team, a loss for every other player;
  openskill rates the teams (the losers tie); each winner and each loser get a head-to-head
  result against each other (two losers of a game of three or more teams get none);
  each player's own statistics (the game's ``seat_stats``) are added to their totals;
- an abandoned game (no winner) is unrated and counts for nothing but the history;
- a game with a computer seat is unrated and only adds to each member's record against that
  computer level (a win when their team won).

Every member's seat gets one history entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.ladder.model import GameEntry, Result, Totals
from bot.ladder.rating import Rating, rate
from bot.play.model import FINISHED, Game

if TYPE_CHECKING:
    from bot.ladder.store import LadderStore
    from bot.storage import Transaction


async def record_result(tx: Transaction, game: Game) -> None:
    """Put a finished game on its server's ladder (a finish hook of the game service).

    Does nothing for a game that is not finished or is already recorded.
    """
    if game.status != FINISHED or game.result is None:
        return
    store = tx.ladder
    if await store.is_recorded(game.id):
        return
    if game.has_computer:
        await _record_computer_game(store, game)
    elif game.winner is None:
        for seat in range(len(game.seats)):
            await store.add_entry(_entry(game, seat, rated=False, rating=None))
    else:
        await _record_rated_game(store, game, game.winner)


async def _record_rated_game(store: LadderStore, game: Game, winner: int) -> None:
    rules = game.rules
    people = [game.seats[seat].user_id for team in rules.teams for seat in team]
    await store.hold_players(game.guild_id, game.kind, people)
    before = {
        seat: await store.totals(game.guild_id, game.kind, game.seats[seat].user_id) or Totals()
        for team in rules.teams
        for seat in team
    }
    ratings = rate([[before[seat].rating for seat in team] for team in rules.teams], winner)
    rounds = rules.rounds(game.state)
    for team, seats in enumerate(rules.teams):
        won = team == winner
        for seat, rating in zip(seats, ratings[team], strict=True):
            user_id = game.seats[seat].user_id
            totals = before[seat].after(
                won=won,
                rating=rating,
                rounds=rounds,
                stats=rules.seat_stats(game.state, seat),
                rules=rules.stat_rules,
            )
            await store.save_totals(game.guild_id, game.kind, user_id, totals, _finished_at(game))
            await store.add_entry(_entry(game, seat, rated=True, rating=rating))
            for opponent in game.opponents_of(seat) if won else rules.teams[winner]:
                opponent_id = game.seats[opponent].user_id
                await store.add_pair_result(game.guild_id, game.kind, user_id, opponent_id, won)


async def _record_computer_game(store: LadderStore, game: Game) -> None:
    for seat in range(len(game.seats)):
        if game.is_computer(seat):
            continue
        await store.add_entry(_entry(game, seat, rated=False, rating=None))
        level = _computer_level(game, seat)
        if game.winner is not None and level is not None:
            won = game.winner == game.team_of(seat)
            user_id = game.seats[seat].user_id
            await store.add_computer_result(game.guild_id, game.kind, user_id, level, won)


def _computer_level(game: Game, seat: int) -> str | None:
    """The computer level ``seat`` played against: an opposing computer's, else a partner's."""
    others = game.opponents_of(seat) + game.partners_of(seat)
    return next((game.seats[s].computer for s in others if game.is_computer(s)), None)


def _entry(game: Game, seat: int, *, rated: bool, rating: Rating | None) -> GameEntry:
    team = game.team_of(seat)
    points = game.rules.points(game.state)
    opponents = game.opponents_of(seat)
    return GameEntry(
        game_id=game.id,
        kind=game.kind,
        guild_id=game.guild_id,
        user_id=game.seats[seat].user_id,
        seat=seat,
        team=team,
        opponent_id=game.seats[opponents[0]].user_id,
        computer_level=_computer_level(game, seat),
        result=Result.of(game.winner, team),
        ending=game.result or "",
        rated=rated,
        points=points[team],
        opponent_points=max(p for t, p in enumerate(points) if t != team),
        rounds=game.rules.rounds(game.state),
        rating=rating,
        finished_at=_finished_at(game),
    )


def _finished_at(game: Game) -> float:
    return game.finished_at if game.finished_at is not None else game.updated_at
