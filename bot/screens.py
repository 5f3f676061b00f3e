"""``python -m bot.screens --out DIR``: every screen of the bot drawn to PNG, from seeded games.

For reviewers and for the README: the table in each phase, a private hand in each phase (with
the trump menus and the gift's Confirm), the round and game ends, the Tricks list, a replay
page and the rating chart — built by the same presentation code the bot sends to Discord, from
the same views, and drawn as Discord would show them (:mod:`bot.drawing.message`). Then Pidro:
its drawn table in each phase of a hand (:func:`pidro_screens`) and a page of its rules.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import discord

from bot import pidro
from bot.drawing.message import message_png
from bot.engine import Bid, Event, GameState, Gift, Phase, RoundEnded, legal_actions
from bot.games import rules_for
from bot.ladder.chart import rating_chart
from bot.ladder.rating import INITIAL, Rating, rate
from bot.play.model import ACTIVE, FINISHED, Game, Seat
from bot.play.service import Moved
from cogs.games import pidro as pidro_shown
from cogs.games import pidro_rules
from cogs.games import vidrasso as shown
from cogs.ui.buttons import ReplayButton, of_items, table_view
from cogs.ui.guides import PICTURE
from cogs.ui.hands import Hands
from cogs.ui.i18n import LANGUAGES, Words

VIDRASSO = rules_for("vidrasso")
PIDRO = rules_for("pidro")
ALICE, BOB = 111_111, 222_222
NAMES = {ALICE: "Alice", BOB: "Bob", 333_333: "Carol", 444_444: "Dave"}
BOT = "Vidrasso Bot"
WIDTH = 520
"""Discord's message column on a desktop; the table picture shows at about 400 px, as on a
phone."""

Stop = Callable[[GameState], bool]


def play_until(rng: random.Random, stop: Stop, state: GameState | None = None) -> GameState:
    """A seeded game played with random legal moves until ``stop`` says so."""
    state = state or VIDRASSO.new_game(rng, 300)
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


def stored_game(game_id: int, kind: str, state: Any, players: Sequence[int]) -> Game:
    """Game ``game_id``, of ``kind``, stored with ``players`` (members) around ``state``."""
    outcome = rules_for(kind).outcome(state)
    return Game(
        id=game_id,
        kind=kind,
        guild_id=1,
        channel_id=2,
        thread_id=None,
        table_message_id=None,
        table_posted_at=None,
        seats=tuple(Seat(user) for user in players),
        target=state.target,
        status=ACTIVE if outcome is None else FINISHED,
        result=None if outcome is None else outcome.ending,
        winner=None if outcome is None else outcome.winner,
        version=state.moves,
        state=state,
        created_at=0.0,
        updated_at=0.0,
        finished_at=None,
    )


def draw(
    content: str | None,
    embed: discord.Embed | None,
    view: discord.ui.View | None = None,
    *,
    picture: bytes | None = None,
    ephemeral: bool = False,
) -> bytes:
    """One message as Discord shows it."""
    if picture is not None and embed is not None:
        embed.set_image(url="attachment://table.png")
    return message_png(
        author=BOT,
        content=content,
        embeds=[embed.to_dict()] if embed is not None else [],
        components=view.to_components() if view is not None else [],
        attachments={"table.png": picture} if picture is not None else {},
        names=NAMES,
        ephemeral=ephemeral,
        width=WIDTH,
    )


def table_screen(state: GameState, tr: Words) -> bytes:
    game = game_of(state)
    public = VIDRASSO.view(state, None)
    picture = shown.PRESENTATION.picture(game, public, ["Alice", "Bob"], tr)
    line = shown.turn_text(public, game.player_ids, tr)
    embed = shown.table_embed(public, game.player_ids, tr)
    return draw(line, embed, table_view(game.id, game.kind, tr), picture=picture)


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


def screens(seed: int, tr: Words) -> dict[str, bytes]:
    """Every screen, by file name, in ``tr``'s language."""
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
    teams = rate([[INITIAL], [INITIAL]], winner.winner)
    ratings = {over.player_ids[s]: (INITIAL.shown, teams[s][0].shown) for s in (0, 1)}
    ending = shown.game_over_embed(VIDRASSO.view(final, None), over.player_ids, ratings, tr)
    out["11-game-over"] = draw("<@111111> <@222222>", ending)
    page = 5
    embed, picture = shown.PRESENTATION.replay_page(over, page, ["Alice", "Bob"], tr)
    pages = shown.PRESENTATION.replay_pages(over)
    embed.set_footer(text=tr("Page {n} of {pages}", n=page + 1, pages=pages))
    view = of_items(ReplayButton(over.id, page - 1, False), ReplayButton(over.id, page + 1, True))
    out["12-replay"] = draw(None, embed, view, picture=picture)
    out["13-rating-chart"] = chart(rng, tr)
    out.update(pidro_screens(seed, tr))
    return out


PIDRO_NAMES = ("Alice", "Bob", "Carol", "Dave")
PIDRO_IDS = (ALICE, BOB, 333_333, 444_444)
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
    line = pidro_shown.turn_text(game, public, tr)
    embed = pidro_shown.table_embed(game, public, tr)
    return draw(line, embed, table_view(game.id, game.kind, tr), picture=picture)


def pidro_hand(state: pidro.GameState, seat: int, tr: Words, pending: str | None = None) -> bytes:
    """A player's private hand with its buttons (``pending``: a move picked, to confirm)."""
    game = pidro_game_of(state)
    hands = Hands.__new__(Hands)  # the view-building part only: no bot needed
    view = hands.hand_view(game, seat, tr, pending)
    embed = pidro_shown.hand_embed(game, PIDRO.view(state, seat), None, tr)
    return draw(None, embed, view, ephemeral=True)


def pidro_screens(seed: int, tr: Words) -> dict[str, bytes]:
    """Pidro's screens: the table message in each phase found, a private hand in each phase
    (the trump picked and the kills chosen, waiting for *Confirm*), the end of a hand and of
    the game, and the rules page on trumps."""
    out: dict[str, bytes] = {}
    games = pidro_games(seed)
    for number, phase in enumerate(PIDRO_PHASES, start=14):
        if phase in games:
            out[f"{number}-pidro-{phase}"] = pidro_table(games[phase], tr)
    embed, picture = pidro_rules.GUIDE.page(2, tr)
    out["20-pidro-rules"] = message_png(
        author=BOT,
        content=None,
        embeds=[embed.to_dict()],
        components=[],
        attachments={} if picture is None else {PICTURE: picture},
        names=NAMES,
        ephemeral=True,
        width=WIDTH,
    )
    bid = games["bid"]
    out["21-pidro-hand-bid"] = pidro_hand(bid, bid.to_act[0], tr)
    trump = games["trump"]
    seat = trump.to_act[0]
    name = pidro.legal_actions(trump, seat)[1]
    out["22-pidro-hand-trump"] = pidro_hand(trump, seat, tr, PIDRO.action_text(name))
    kill = games["kill"]
    seat = kill.to_act[0]
    killed = pidro.legal_actions(kill, seat)[0]
    out["23-pidro-hand-kill"] = pidro_hand(kill, seat, tr, PIDRO.action_text(killed))
    play = games["play"]
    out["24-pidro-hand-play"] = pidro_hand(play, play.to_act[0], tr)
    ended = games["deal"]
    game = pidro_game_of(ended)
    summary = ended.finished[-1]
    last = ended.hand.tricks[-1] if ended.hand.tricks else None
    hand_over = pidro_shown.hand_over_embed(game, summary, ended.hand.kept_by, last, tr)
    out["25-pidro-hand-over"] = draw(None, hand_over)
    over = games["over"]
    game = pidro_game_of(over)
    winner = PIDRO.outcome(over)
    assert winner is not None and winner.winner is not None
    teams = rate([[INITIAL, INITIAL], [INITIAL, INITIAL]], winner.winner)
    ratings = {
        PIDRO_IDS[seat]: (INITIAL.shown, teams[seat % 2][seat // 2].shown) for seat in range(4)
    }
    ending = pidro_shown.game_over_embed(game, PIDRO.view(over, None), ratings, tr)
    out["26-pidro-game-over"] = draw(" ".join(f"<@{user}>" for user in PIDRO_IDS), ending)
    return out


def chart(rng: random.Random, tr: Words) -> bytes:
    """A player's rating over 40 games, the first ten provisional."""
    ratings: list[Rating] = [INITIAL]
    finished: list[float | None] = [None]
    at = time.time() - 86_400 * 60
    for _ in range(40):
        other = Rating(25.0 + rng.uniform(-3, 3), 5.0)
        won = rng.random() < 0.6
        (mine,), _ = rate([[ratings[-1]], [other]], 0 if won else 1)
        ratings.append(mine)
        at += 86_400 * rng.uniform(0.5, 2.5)
        finished.append(at)
    title = tr.n(
        "{name} · rating over {count} game", "{name} · rating over {count} games", 40, name="Alice"
    )
    return rating_chart(ratings, title=title, finished=finished, words=tr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, required=True, help="folder for the PNG files")
    parser.add_argument("--seed", type=int, default=3, help="the games' seed (default 3)")
    parser.add_argument(
        "--language", choices=LANGUAGES, default="en", help="the screens' language (default en)"
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, png in screens(args.seed, Words(args.language)).items():
        (args.out / f"{name}.png").write_bytes(png)
        print(args.out / f"{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
