"""Vidrasso's screens for the gallery (``python -m bot.screens``): the table in each phase, a
private hand in each phase (with the trump menus and the gift's Confirm), the round and game
ends, the Tricks list and a replay page, from a seeded game played with random legal moves."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.games import rules_for
from bot.ladder.rating import INITIAL, rate
from bot.play.model import Game
from bot.play.service import Moved
from cogs.ui.gallery import ALICE, BOB, DEADLINE, draw, stored_game
from cogs.ui.hands import Hands
from cogs.ui.i18n import Words
from cogs.ui.replay import replay_view
from cogs.ui.table import table_buttons, table_message
from games.vidrasso.discord import presentation as shown
from games.vidrasso.rules import Bid, Event, GameState, Gift, Phase, RoundEnded, legal_actions

VIDRASSO = rules_for("vidrasso")

Stop = Callable[[GameState], bool]


def play_until(rng: random.Random, stop: Stop, state: GameState | None = None) -> GameState:
    """A seeded game played with random legal moves until ``stop`` says so."""
    state = state or VIDRASSO.new_game(rng, 300, 2)
    while not stop(state):
        state, _ = advance(state, rng)
    return state


def advance(state: GameState, rng: random.Random) -> tuple[GameState, list[Event]]:
    seat = state.to_act[0]
    state, events = VIDRASSO.apply(state, rng.choice(legal_actions(state, seat)))
    more_state, more = VIDRASSO.settle(state, rng)
    return more_state, [*events, *more]


def game_of(state: GameState) -> Game:
    """A stored Vidrasso game between Alice and Bob around ``state``."""
    return stored_game(7, "vidrasso", state, (ALICE, BOB))


def table_screen(state: GameState, tr: Words) -> bytes:
    game = game_of(state)
    public = VIDRASSO.view(state, None)
    picture = shown.PRESENTATION.picture(game, public, ["Alice", "Bob"], tr)
    line, embed = table_message(game, public, tr, picture=picture is not None, deadline=DEADLINE)
    return draw(line, embed, table_buttons(game, tr), picture=picture)


def hand_screen(
    state: GameState, seat: int, tr: Words, pending: str | None = None, note: str | None = None
) -> bytes:
    game = game_of(state)
    hands = Hands.__new__(Hands)  # the view-building part only: no bot needed
    view = hands.hand_view(game, seat, tr, pending)
    embed = shown.hand_embed(VIDRASSO.view(state, seat), game.player_ids, tr, note)
    return draw(None, embed, view, ephemeral=True)


def first_legal(state: GameState, kind: type) -> Any:
    seat = state.to_act[0]
    return next(a for a in legal_actions(state, seat) if isinstance(a, kind))


README = {"table": "07-table-play", "hand": "08-hand-play", "game-over": "11-game-over"}
"""The screens the README shows (``make screens`` keeps them in ``games/vidrasso/docs/screens/``,
``<name>.png``), by name."""


def screens(seed: int, tr: Words) -> dict[str, bytes]:
    """Vidrasso's screens, by file name, in ``tr``'s language."""
    rng = random.Random(seed)
    out: dict[str, bytes] = {}
    trump = play_until(rng, lambda s: s.phase is Phase.TRUMP)
    out["01-table-trump"] = table_screen(trump, tr)
    chooser = trump.to_act[0]
    out["02-hand-trump"] = hand_screen(trump, chooser, tr)
    picked = VIDRASSO.action_text(first_legal(trump, Bid))
    out["03-hand-trump-confirm"] = hand_screen(trump, chooser, tr, picked)
    out["04-hand-waiting"] = hand_screen(trump, 1 - chooser, tr)
    gift = play_until(rng, lambda s: s.phase is Phase.GIFT, trump)
    out["05-table-gift"] = table_screen(gift, tr)
    giver = gift.to_act[0]
    out["06-hand-gift-confirm"] = hand_screen(
        gift, giver, tr, VIDRASSO.action_text(first_legal(gift, Gift))
    )
    mid = play_until(
        rng,
        lambda s: s.phase is Phase.PLAY and len(s.round.tricks) >= 6 and len(s.round.trick) == 1,
        gift,
    )
    out["07-table-play"] = table_screen(mid, tr)
    seat, last = mid.to_act[0], mid.round.tricks[-1]  # the note of the trick just taken
    if last.winner == seat:
        note = tr("You take the trick ({points} points).", points=last.points)
    else:
        note = tr("They take the trick ({points} points).", points=last.points)
    out["08-hand-play"] = hand_screen(mid, seat, tr, note=note)
    game = game_of(mid)
    tricks = shown.tricks_embed(VIDRASSO.view(mid, None), game.player_ids, tr)
    out["09-tricks"] = draw(None, tricks, ephemeral=True)
    # the move that ends round 1
    state = play_until(
        rng,
        lambda s: s.phase is Phase.PLAY and len(s.round.tricks) == 16 and len(s.round.trick) == 1,
        mid,
    )
    before = state
    state, events = advance(state, rng)
    assert any(isinstance(e, RoundEnded) for e in events)
    moved = Moved(game_of(state), before, before.to_act[0], events)
    (summary,) = shown.PRESENTATION.announcements(moved, tr)
    out["10-round-over"] = draw(None, summary)
    final = play_until(rng, lambda s: s.is_over, state)
    over = game_of(final)
    winner = VIDRASSO.outcome(final)
    assert winner is not None and winner.winner is not None
    teams = rate([[INITIAL], [INITIAL]], [winner.place_of(t) or 0 for t in (0, 1)])
    ratings = {over.player_ids[s]: (INITIAL.shown, teams[s][0].shown) for s in (0, 1)}
    ending = shown.game_over_embed(VIDRASSO.view(final, None), over.player_ids, ratings, tr)
    out["11-game-over"] = draw("<@111111> <@222222>", ending)
    page = 5
    embed, picture = shown.PRESENTATION.replay_page(over, page, ["Alice", "Bob"], tr)
    pages = shown.PRESENTATION.replay_pages(over)
    starts = shown.PRESENTATION.replay_rounds(over)
    embed.set_footer(text=tr("Page {n} of {pages}", n=page + 1, pages=pages))
    view = replay_view(over, page, pages, starts, tr)
    out["12-replay"] = draw(None, embed, view, picture=picture)
    embed, picture = shown.PRESENTATION.replay_page(over, starts[-1], ["Alice", "Bob"], tr)
    view = replay_view(over, starts[-1], pages, starts, tr)
    out["13-replay-deal"] = draw(None, embed, view, picture=picture)
    return out
