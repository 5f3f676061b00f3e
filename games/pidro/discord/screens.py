"""Pidro's screens for the gallery (``python -m bot.screens``): the table message in each phase
of a hand, a private hand in each phase, the end of a hand and of the game, and a rules page."""

from __future__ import annotations

import random

from bot.drawing.message import message_png
from bot.games import rules_for
from bot.ladder.rating import INITIAL, rate
from bot.play.model import Game
from cogs.ui.gallery import BOT, DEADLINE, NAMES, PLAYERS, draw, stored_game, width
from cogs.ui.guides import PICTURE
from cogs.ui.hands import Hands
from cogs.ui.i18n import Words
from cogs.ui.table import table_buttons, table_message
from games.pidro import rules as pidro
from games.pidro.discord import guide as pidro_rules
from games.pidro.discord import presentation as pidro_shown

PIDRO = rules_for("pidro")

PIDRO_NAMES = ("Alice", "Bob", "Carol", "Dave")
PIDRO_IDS = PLAYERS[:4]
PIDRO_PHASES = ("bid", "trump", "kill", "play", "deal", "over")
"""The Pidro tables drawn, by phase (``play`` with a trick half played)."""


def pidro_games(seed: int) -> dict[str, pidro.GameState]:
    """A state of each of :data:`PIDRO_PHASES` from seeded games: random legal moves, bids only
    the pass or the lowest open bid (random bids sink both teams for ever). Kills are rare, so
    games are played from ``seed`` on until one has them. ``deal`` is the last state of a hand
    (its last trick just taken), ``over`` the end of a game."""
    found: dict[str, pidro.GameState] = {}
    for game_seed in range(seed, seed + 60):
        rng = random.Random(game_seed)
        state = pidro.new_game(rng)
        while True:
            phase = state.phase.value
            if state.phase is not pidro.Phase.PLAY or len(state.hand.plays) == 2:
                found.setdefault(phase, state)
            if state.is_over:
                break
            if state.phase is pidro.Phase.DEAL:
                state, _ = pidro.deal_next(state, rng)
                continue
            actions = pidro.legal_actions(state, state.to_act[0])
            if isinstance(actions[0], pidro.Bid):
                actions = (actions[0], actions[-1])
            state, _ = pidro.apply(state, rng.choice(actions))
        if len(found) == len(PIDRO_PHASES):
            break
    return found


def pidro_game_of(state: pidro.GameState) -> Game:
    """A stored Pidro game of four members around ``state``."""
    return stored_game(8, "pidro", state, PIDRO_IDS)


def pidro_table(state: pidro.GameState, tr: Words) -> bytes:
    """The public table message: the turn line, the short text and the drawn table."""
    game = pidro_game_of(state)
    public = PIDRO.view(state, None)
    picture = pidro_shown.PRESENTATION.picture(game, public, PIDRO_NAMES, tr)
    line, embed = table_message(game, public, tr, picture=picture is not None, deadline=DEADLINE)
    return draw(line, embed, table_buttons(game, tr), picture=picture)


def pidro_hand(state: pidro.GameState, seat: int, tr: Words, pending: str | None = None) -> bytes:
    """A player's private hand with its buttons (``pending``: a move picked, to confirm)."""
    game = pidro_game_of(state)
    hands = Hands.__new__(Hands)  # the view-building part only: no bot needed
    view = hands.hand_view(game, seat, tr, pending)
    embed = pidro_shown.hand_embed(game, PIDRO.view(state, seat), None, tr)
    return draw(None, embed, view, ephemeral=True)


README = {"table": "04-table-play", "kill": "10-hand-kill"}
"""The screens the README shows (``make screens`` keeps them in ``games/pidro/docs/screens/``,
``<name>.png``), by name."""


def screens(seed: int, tr: Words) -> dict[str, bytes]:
    """Pidro's screens: the table message in each phase found, a private hand in each phase
    (the trump picked and the kills chosen, waiting for *Confirm*), the end of a hand and of
    the game, and the rules page on trumps."""
    out: dict[str, bytes] = {}
    games = pidro_games(seed)
    for number, phase in enumerate(PIDRO_PHASES, start=1):
        if phase in games:
            out[f"{number:02d}-table-{phase}"] = pidro_table(games[phase], tr)
    embed, picture = pidro_rules.GUIDE.page(2, tr)
    out["07-rules"] = message_png(
        author=BOT,
        content=None,
        embeds=[embed.to_dict()],
        components=[],
        attachments={} if picture is None else {PICTURE: picture},
        names=NAMES,
        ephemeral=True,
        width=width(),
    )
    bid = games["bid"]
    out["08-hand-bid"] = pidro_hand(bid, bid.to_act[0], tr)
    trump = games["trump"]
    seat = trump.to_act[0]
    name = pidro.legal_actions(trump, seat)[1]
    out["09-hand-trump"] = pidro_hand(trump, seat, tr, PIDRO.action_text(name))
    kill = games["kill"]
    seat = kill.to_act[0]
    killed = pidro.legal_actions(kill, seat)[0]
    out["10-hand-kill"] = pidro_hand(kill, seat, tr, PIDRO.action_text(killed))
    play = games["play"]
    out["11-hand-play"] = pidro_hand(play, play.to_act[0], tr)
    ended = games["deal"]
    game = pidro_game_of(ended)
    summary = ended.finished[-1]
    last = ended.hand.tricks[-1] if ended.hand.tricks else None
    hand_over = pidro_shown.hand_over_embed(game, summary, ended.hand.kept_by, last, tr)
    out["12-hand-over"] = draw(None, hand_over)
    over = games["over"]
    game = pidro_game_of(over)
    winner = PIDRO.outcome(over)
    assert winner is not None and winner.winner is not None
    teams = rate(
        [[INITIAL, INITIAL], [INITIAL, INITIAL]], [winner.place_of(t) or 0 for t in (0, 1)]
    )
    ratings = {
        PIDRO_IDS[seat]: (INITIAL.shown, teams[seat % 2][seat // 2].shown) for seat in range(4)
    }
    ending = pidro_shown.game_over_embed(game, PIDRO.view(over, None), ratings, tr)
    out["13-game-over"] = draw(" ".join(f"<@{user}>" for user in PIDRO_IDS), ending)
    return out
