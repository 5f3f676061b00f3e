"""Vriddiot's screens for the gallery (``python -m bot.screens``): the table message during the
arrangement, in play, in a war and at the end; a private hand at each kind of decision (the
arrangement chosen, a rank picked with its cards to choose, a war offer, a joker to declare);
and a rules page. Drawn from seeded games of five players played with random legal moves."""

from __future__ import annotations

import random

from bot.drawing.message import message_png
from bot.ladder.rating import INITIAL, rate
from bot.play.model import ACTIVE, FINISHED, Game, Seat
from cogs.ui.gallery import BOT, DEADLINE, FIRST_NAMES, NAMES, PLAYERS, draw, width
from cogs.ui.guides import PICTURE
from cogs.ui.hands import Hands
from cogs.ui.i18n import Words
from cogs.ui.table import table_buttons, table_message
from games.vriddiot.discord import guide as vriddiot_rules
from games.vriddiot.discord import presentation as shown
from games.vriddiot.game import GAME
from games.vriddiot.rules import Ctx, GameState, Play

SEATS = 5
IDS = PLAYERS[:SEATS]
SHOWN_NAMES = FIRST_NAMES[:SEATS]
WANTED = ("arrange", "turn", "pick", "war", "join", "joker", "over")
"""The moments drawn: the arrangement, a turn, a turn with a rank picked (more than one set to
choose from), a war turn, a war's join offers, a joker to declare, the end."""


def moments(seed: int) -> dict[str, GameState]:
    """A state of each of :data:`WANTED`, from seeded five-player games (random legal moves)."""
    found: dict[str, GameState] = {}
    for game_seed in range(seed, seed + 80):
        rng = random.Random(game_seed)
        state = GAME.new_game(rng, 1, SEATS)
        while True:
            state, _ = GAME.settle(state, rng)
            ctx = state.pending.ctx
            if ctx is Ctx.ARRANGE and state.arranged.count(None) == 2:
                found.setdefault("arrange", state)
            elif ctx is Ctx.TURN and state.pile and len(state.pile) >= 3 and state.war is None:
                found.setdefault("turn", state)
                seat = state.to_act[0]
                plays = [a for a in GAME.legal_actions(state, seat) if isinstance(a, Play)]
                if len({len(p.cards) for p in plays}) > 1:
                    found.setdefault("pick", state)
            elif ctx is Ctx.WAR_TURN:
                found.setdefault("war", state)
            elif ctx is Ctx.JOIN:
                found.setdefault("join", state)
            elif ctx is Ctx.JOKER:
                found.setdefault("joker", state)
            if state.outcome is not None:
                found.setdefault("over", state)
                break
            seat = state.to_act[0]
            state, _ = GAME.apply(state, rng.choice(list(GAME.legal_actions(state, seat))))
        if len(found) == len(WANTED):
            break
    return found


def game_of(state: GameState) -> Game:
    """A stored game of five members around ``state``."""
    outcome = GAME.outcome(state)
    return Game(
        id=27,
        kind="vriddiot",
        guild_id=1,
        channel_id=2,
        thread_id=None,
        table_message_id=None,
        table_posted_at=None,
        seats=tuple(Seat(user) for user in IDS),
        target=1,
        status=ACTIVE if outcome is None else FINISHED,
        result=None if outcome is None else outcome.ending,
        winner=None if outcome is None else outcome.winner,
        version=state.moves,
        state=state,
        created_at=0.0,
        updated_at=0.0,
        finished_at=None,
    )


def table(state: GameState, tr: Words) -> bytes:
    """The public table message: the turn line, the text and the drawn table."""
    game = game_of(state)
    public = GAME.view(state, None)
    picture = shown.PRESENTATION.picture(game, public, SHOWN_NAMES, tr)
    line, embed = table_message(game, public, tr, picture=picture is not None, deadline=DEADLINE)
    return draw(line, embed, table_buttons(game, tr), picture=picture)


def hand(state: GameState, seat: int, tr: Words, pending: str | None = None) -> bytes:
    """A player's private hand with its buttons (``pending``: a move picked, to confirm)."""
    game = game_of(state)
    hands = Hands.__new__(Hands)  # the view-building part only: no bot needed
    view = hands.hand_view(game, seat, tr, pending)
    embed = shown.hand_embed(game, GAME.view(state, seat), None, tr)
    return draw(None, embed, view, ephemeral=True)


README = {"table": "03-table-war", "hand": "09-hand-cards"}
"""The screens the README shows (``make screens`` keeps them in ``games/vriddiot/docs/screens/``,
``<name>.png``), by name."""


def screens(seed: int, tr: Words) -> dict[str, bytes]:
    """Vriddiot's screens (file names ``NN-what``)."""
    out: dict[str, bytes] = {}
    found = moments(seed)
    for number, moment in enumerate(("arrange", "turn", "war", "join", "over"), start=1):
        if moment in found:
            out[f"{number:02d}-table-{moment}"] = table(found[moment], tr)
    embed, picture = vriddiot_rules.GUIDE.page(5, tr)
    out["06-rules"] = message_png(
        author=BOT,
        content=None,
        embeds=[embed.to_dict()],
        components=[],
        attachments={} if picture is None else {PICTURE: picture},
        names=NAMES,
        ephemeral=True,
        width=width(),
    )
    if "arrange" in found:
        state = found["arrange"]
        seat = state.to_act[0]
        first = GAME.legal_actions(state, seat)[-1]
        out["07-hand-arrange"] = hand(state, seat, tr, GAME.action_text(first))
    if "pick" in found:
        state = found["pick"]
        seat = state.to_act[0]
        out["08-hand-turn"] = hand(state, seat, tr)
        plays = [a for a in GAME.legal_actions(state, seat) if isinstance(a, Play)]
        several = max(plays, key=lambda p: len(p.cards))
        out["09-hand-cards"] = hand(state, seat, tr, GAME.action_text(several))
    if "join" in found:
        state = found["join"]
        seat = state.to_act[0]
        out["10-hand-join"] = hand(state, seat, tr)
    if "joker" in found:
        state = found["joker"]
        seat = state.to_act[0]
        out["11-hand-joker"] = hand(
            state, seat, tr, GAME.action_text(GAME.legal_actions(state, seat)[0])
        )
    if "over" in found:
        state = found["over"]
        game = game_of(state)
        outcome = GAME.outcome(state)
        assert outcome is not None
        places = [outcome.place_of(seat) or SEATS for seat in range(SEATS)]
        rated = rate([[INITIAL] for _ in range(SEATS)], places)
        ratings = {IDS[s]: (INITIAL.shown, rated[s][0].shown) for s in range(SEATS)}
        ending = shown.game_over_embed(game, GAME.view(state, None), ratings, tr)
        out["12-game-over"] = draw(" ".join(f"<@{user}>" for user in IDS), ending)
    return out
