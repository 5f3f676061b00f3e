"""A finished game onto its server's ladder: the finish hook, and what counts.

:func:`record_result` runs inside the transaction that writes the finished game, so the result,
the ratings and every aggregate commit together or not at all. What counts (see
docs/decisions.md, "Ladder"), for a game of any kind with any teams:

- a game whose every seat is a member and that ends with a finishing order (last round,
  resignation, time-out) is rated by it: openskill rates the teams by their places (tied teams
  share a rank); first place (shared or not) is a win in a player's totals, any other place a
  loss; every pair of players on different teams gets a head-to-head result (the better place
  wins, a shared place is a draw); each player's own statistics (the game's ``seat_stats``) are
  added to their totals;
- an abandoned game (no finishing order) is unrated and counts for nothing but the history;
- a game with a computer seat is unrated and only adds to each member's record against that
  computer level (a win when their team finished first).

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
    places = _places(game)
    if game.has_computer:
        await _record_computer_game(store, game, places)
    elif places is None:
        for seat in range(len(game.seats)):
            await store.add_entry(_entry(game, seat, rated=False, rating=None, place=None))
    else:
        await _record_rated_game(store, game, places)


def _places(game: Game) -> list[int] | None:
    """Each team's place (1 the best, tied teams sharing one); None when nobody won."""
    outcome = game.outcome
    if outcome is None or not outcome.places:
        return None
    found = [outcome.place_of(team) for team in range(len(game.teams))]
    if any(place is None for place in found):
        raise ValueError(f"game {game.id}: a team is missing from the finishing order")
    return [place for place in found if place is not None]


async def _record_rated_game(store: LadderStore, game: Game, places: list[int]) -> None:
    rules = game.rules
    teams = game.teams
    people = [game.seats[seat].user_id for team in teams for seat in team]
    await store.hold_players(game.guild_id, game.kind, people)
    before = {
        seat: await store.totals(game.guild_id, game.kind, game.seats[seat].user_id) or Totals()
        for team in teams
        for seat in team
    }
    ratings = rate([[before[seat].rating for seat in team] for team in teams], places)
    rounds = rules.rounds(game.state)
    for team, seats in enumerate(teams):
        place = places[team]
        for seat, rating in zip(seats, ratings[team], strict=True):
            user_id = game.seats[seat].user_id
            totals = before[seat].after(
                won=Result.of_place(place) is Result.WIN,
                rating=rating,
                rounds=rounds,
                stats=rules.seat_stats(game.state, seat),
                rules=rules.stat_rules,
            )
            await store.save_totals(game.guild_id, game.kind, user_id, totals, _finished_at(game))
            await store.add_entry(_entry(game, seat, rated=True, rating=rating, place=place))
            # Head to head for every pair on different teams: the better place wins.
            for opponent in game.opponents_of(seat):
                theirs = places[game.team_of(opponent)]
                won = None if theirs == place else place < theirs
                opponent_id = game.seats[opponent].user_id
                await store.add_pair_result(game.guild_id, game.kind, user_id, opponent_id, won)


async def _record_computer_game(store: LadderStore, game: Game, places: list[int] | None) -> None:
    for seat in range(len(game.seats)):
        if game.is_computer(seat):
            continue
        place = None if places is None else places[game.team_of(seat)]
        await store.add_entry(_entry(game, seat, rated=False, rating=None, place=place))
        level = _computer_level(game, seat)
        if place is not None and level is not None:
            won = Result.of_place(place) is Result.WIN
            user_id = game.seats[seat].user_id
            await store.add_computer_result(game.guild_id, game.kind, user_id, level, won)


def _computer_level(game: Game, seat: int) -> str | None:
    """The computer level ``seat`` played against: an opposing computer's, else a partner's."""
    others = game.opponents_of(seat) + game.partners_of(seat)
    return next((game.seats[s].computer for s in others if game.is_computer(s)), None)


def _entry(
    game: Game, seat: int, *, rated: bool, rating: Rating | None, place: int | None
) -> GameEntry:
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
        result=Result.of_place(place),
        ending=game.result or "",
        rated=rated,
        points=points[team],
        opponent_points=max(p for t, p in enumerate(points) if t != team),
        rounds=game.rules.rounds(game.state),
        rating=rating,
        finished_at=_finished_at(game),
        place=place,
    )


def _finished_at(game: Game) -> float:
    return game.finished_at if game.finished_at is not None else game.updated_at
