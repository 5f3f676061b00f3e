"""A Vriddiot game and its flow: deal, arrangement, plays, change, war, the end.

The state is immutable. :func:`apply` checks an action (raising an
:class:`~games.vriddiot.rules.errors.IllegalAction` with a sentence for the player) and returns
the new state with the events it caused; everything nobody chooses (refills, burns, a forced
pick-up, going out) happens inside the action that leads to it. The one chance step after the
deal is the return of the burnt pile under the stock after a 666: the state then waits for
nobody (:attr:`GameState.to_act` is empty) until :func:`settle` shuffles.

An action is applied on a mutable copy (:class:`_Work`) that is frozen again at the end, so the
input state is never changed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from games.vriddiot.rules.cards import (
    ACE,
    COMBO_RANKS,
    FACES,
    JACK,
    JOKER_FACE,
    PLAIN_RANKS,
    SUITS,
    TEN,
    Card,
    Suit,
    canonical,
    deck,
    default_face,
    face_of,
)
from games.vriddiot.rules.errors import (
    GameOver,
    IllegalAction,
    IllegalArrangement,
    IllegalDeclaration,
    IllegalJoin,
    IllegalPlay,
    IllegalToss,
    NotPlaying,
    NotYourTurn,
    WrongPhase,
)
from games.vriddiot.rules.notation import log_action, log_text
from games.vriddiot.rules.parts import (
    HAND_MIN,
    MOVE_CAP,
    PLAY_ACTIONS,
    Abandon,
    Action,
    Arrange,
    Arranged,
    Blind,
    Burnt,
    Chance,
    CivilWar,
    Ctx,
    Declare,
    DeclareWar,
    Destroyed,
    DirectionChanged,
    Drew,
    Event,
    Forfeited,
    GameEnded,
    Ident,
    Join,
    Joined,
    Layer,
    NoWar,
    Outcome,
    Pass,
    Pending,
    PickedUp,
    PickUp,
    Play,
    Played,
    Purged,
    Req,
    Resign,
    Return,
    Returned,
    Revealed,
    SeatAction,
    Started,
    Termination,
    TimeOut,
    Toss,
    Tossed,
    Vanished,
    War,
    WarDeclared,
    WarEnded,
    WentOut,
)

ACTIVE, OUT, GONE = 0, 1, 2
"""A seat's status: still playing, gone out, forfeited."""
Row = tuple[Card, ...]
DownRow = tuple[Card | None, ...]

# What a play does (the judge's verdicts).
DISCARD, CANCEL, EIGHT, SETSUIT, PLAIN = 1, 2, 3, 4, 5


@dataclass(frozen=True, slots=True)
class GameState:
    """A whole game. Hidden cards are here; show a game only through
    :func:`~games.vriddiot.rules.view.view`."""

    seats: int
    double: bool
    dealer: int
    shuffle: Row
    """The deck as shuffled, top first, in the order dealt."""
    stock: Row
    """Top first."""
    hands: tuple[Row, ...]
    up: tuple[Row, ...]
    down: tuple[DownRow, ...]
    """Face-down cards by position 0–2; None once turned."""
    pile: tuple[Layer, ...]
    """Bottom first."""
    burnt: Row
    grave: Row
    gone: tuple[Row, ...]
    """The cards forfeited players took out of the game."""
    revealed: Card | None
    """A joker turned by chance or blind, waiting to be declared."""
    direction: int
    req: Req
    war: War | None
    pending: Pending
    status: tuple[int, ...]
    places: tuple[int, ...]
    """Seats that went out, in order."""
    forfeits: tuple[int, ...]
    """Seats that forfeited, in order."""
    arranged: tuple[Row | None, ...]
    """During the arrangement: each seat's chosen face-up cards (private until all chose)."""
    starter: int
    plays: int
    """Plays so far (play, blind, chance, pick-up), for the move cap."""
    moves: int
    """Actions applied so far (the chance step included): the state's version."""
    outcome: Outcome | None
    actions: tuple[str, ...]
    """Every action applied, in order, as its text (:func:`~games.vriddiot.rules.notation.
    log_text`; records and storage replay them, :attr:`log` reads them back). Texts, not
    action objects: the collector walks no string, and a game's hundreds of actions held as
    objects were most of what a busy bot's collector walked (docs/decisions.md)."""
    known: tuple[Row, ...] = ()
    """Per seat, the cards everybody knows it holds: picked up in public (the pile, a failed
    chance or blind card, a revealed joker taken back) and not played, joined or tossed since
    (a card of that face leaving the hand removes one). Derived from public events only, so it
    is a lower bound of the hand by face; empty rows when not given."""
    _legal: dict[int, tuple[SeatAction, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def log(self) -> tuple[Action, ...]:
        """Every action applied, in order, read back from :attr:`actions`."""
        return tuple(log_action(text) for text in self.actions)

    @property
    def ctx(self) -> Ctx:
        return self.pending.ctx

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits for: several during the arrangement and join or toss
        offers (those that have not answered), none during a chance step or after the end."""
        p = self.pending
        if p.ctx is Ctx.ARRANGE:
            return tuple(
                s for s in range(self.seats) if self.status[s] == ACTIVE and not self.arranged[s]
            )
        if p.ctx in (Ctx.JOIN, Ctx.TOSS):
            answered = {s for s, _ in p.answers}
            return tuple(s for s in p.order if s not in answered)
        if p.ctx in (Ctx.RETURN, Ctx.OVER):
            return ()
        return (p.seat,)

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if self.status[s] == ACTIVE)

    def source(self, seat: int) -> str | None:
        """The seat's active source: ``hand``, ``up``, ``down`` or None (no card left)."""
        return _source(self.hands[seat], self.up[seat], self.down[seat])


def _source(
    hand: Row | list[Card], up: Row | list[Card], down: DownRow | list[Card | None]
) -> str | None:
    if hand:
        return "hand"
    if up:
        return "up"
    if any(c is not None for c in down):
        return "down"
    return None


# --- Starting ----------------------------------------------------------------------------------


def new_game(rng: random.Random, seats: int, double_deck: bool = False) -> GameState:
    """Draw the dealer, shuffle and deal. 3–5 seats play one deck (or, by choice, the
    Dobbeldeck); 6–10 seats play the Dobbeldeck."""
    _check_seats(seats, double_deck)
    dealer = rng.randrange(seats)
    cards = list(deck(double_deck))
    rng.shuffle(cards)
    return start_game(seats, dealer, canonical_copies(cards), double_deck)


def _check_seats(seats: int, double_deck: bool) -> None:
    if not 3 <= seats <= 10:
        raise ValueError("Vriddiot is played by 3 to 10 players")
    if seats > 5 and not double_deck:
        raise ValueError("6 to 10 players need the Dobbeldeck")


def canonical_copies(cards: list[Card] | tuple[Card, ...]) -> Row:
    """The same order of faces with identical copies in index order (the first 7H met is
    the lowest-indexed 7H): a shuffle is then determined by its faces alone."""
    pool: dict[int, list[Card]] = {}
    for c in sorted(cards, key=lambda c: c.index, reverse=True):
        pool.setdefault(c.face, []).append(c)
    return tuple(pool[c.face].pop() for c in cards)


def start_game(
    seats: int, dealer: int, shuffle: Row | list[Card], double_deck: bool = False
) -> GameState:
    """A game dealt from a known deck order (top first) by a known dealer (records, tests)."""
    _check_seats(seats, double_deck)
    if dealer not in range(seats):
        raise ValueError("the dealer is one of the seats")
    order = tuple(shuffle)
    full = deck(double_deck)
    if sorted(c.index for c in order) != sorted(c.index for c in full):
        raise ValueError("the shuffle must hold every card of the deck once")
    down: list[list[Card | None]] = [[] for _ in range(seats)]
    up: list[list[Card]] = [[] for _ in range(seats)]
    hands: list[list[Card]] = [[] for _ in range(seats)]
    at = 0
    for zone in (down, up, hands):
        for _ in range(3):
            for i in range(seats):
                zone[(dealer + 1 + i) % seats].append(order[at])
                at += 1
    return GameState(
        seats=seats,
        double=double_deck,
        dealer=dealer,
        shuffle=order,
        stock=order[at:],
        hands=tuple(_sorted(h) for h in hands),
        up=tuple(tuple(u) for u in up),
        down=tuple(tuple(d) for d in down),
        pile=(),
        burnt=(),
        grave=(),
        gone=tuple(() for _ in range(seats)),
        revealed=None,
        direction=1,
        req=Req(),
        war=None,
        pending=Pending(Ctx.ARRANGE),
        status=(ACTIVE,) * seats,
        places=(),
        forfeits=(),
        arranged=(None,) * seats,
        starter=-1,
        plays=0,
        moves=0,
        outcome=None,
        actions=(),
        known=tuple(() for _ in range(seats)),
    )


def _sorted(cards: list[Card] | Row) -> Row:
    return tuple(sorted(cards, key=lambda c: c.sortkey))


def settle(state: GameState, rng: random.Random) -> tuple[GameState, list[Event]]:
    """The chance step: after a 666, shuffle the burnt pile and put it under the stock. Call
    it whenever :attr:`GameState.ctx` is :attr:`Ctx.RETURN`; elsewhere it changes nothing."""
    if state.outcome is not None or state.pending.ctx is not Ctx.RETURN:
        return state, []
    cards = list(state.burnt)
    rng.shuffle(cards)
    return apply(state, Return(tuple(canonical_faces(cards))))


def canonical_faces(cards: list[Card] | Row) -> Row:
    return tuple(FACES[c.face] for c in cards)


# --- The pile ----------------------------------------------------------------------------------


def run_of(pile: tuple[Layer, ...] | list[Layer]) -> tuple[int, int]:
    """The run on top of the pile: its rank and how many cards (0, 0 with a ghost on top or
    an empty pile)."""
    if not pile or pile[-1].ghost:
        return 0, 0
    rank = pile[-1].rank
    n = 0
    for layer in reversed(pile):
        if layer.ghost or layer.rank != rank:
            break
        n += len(layer.cards)
    return rank, n


def _judge(
    st: GameState | _Work, ctx: Ctx, r: int, k: int, has_s: bool, run: tuple[int, int]
) -> int:
    """What ``k`` cards of rank ``r`` (never the 4♠) would do here; 0 if illegal. ``has_s``:
    one of them is of the suit to follow (change, war-down)."""
    if r == TEN:
        return DISCARD
    four = k >= 4 or (r == run[0] and run[1] + k >= 4)
    war = st.war
    if war is not None:
        if ctx is Ctx.MUST_ADD:
            if r == 8:
                return 0
            if four:
                return DISCARD
            if k == 3 and r in COMBO_RANKS:
                return 0
            if war.down and r >= war.bound:
                return 0
            return SETSUIT
        if four:
            return DISCARD
        if war.down:
            if r == 8:
                return EIGHT if has_s else 0
            if k == 3 and r in COMBO_RANKS:
                return 0
            return SETSUIT if has_s and r < war.bound else 0
        if r == 8:
            return EIGHT if war.level <= 8 else 0
        if r == 2 or (k == 3 and r in COMBO_RANKS):
            return 0
        return PLAIN if r >= war.level else 0
    if ctx is Ctx.MUST_ADD:
        if four:
            return DISCARD
        if r == 8:
            return EIGHT
        if r == ACE:
            return CANCEL
        return SETSUIT
    req = st.req
    if req.change:
        if four:
            return DISCARD
        if r == ACE:
            return CANCEL
        if not has_s:
            return 0
        if r == 2:
            return SETSUIT
        if r == 8:
            return EIGHT
        return SETSUIT if r > req.value else 0
    f = req.floor
    if r == 2:
        return DISCARD if four else PLAIN
    if four:
        return DISCARD if r >= f else 0
    if r == 8:
        return EIGHT if f <= 8 else 0
    return PLAIN if r >= f else 0


def _follow_suit(st: GameState | _Work, ctx: Ctx) -> Suit | None:
    """The suit a play must hold one card of: in a change, and in war-down (not for an 8's
    additional play)."""
    if ctx is Ctx.MUST_ADD:
        return None
    if st.war is not None:
        return st.war.suit if st.war.down else None
    return st.req.suit if st.req.change else None


def _war_ok(st: GameState | _Work, seat: int, ctx: Ctx, r: int, verdict: int, left: int) -> bool:
    """May ``seat`` declare war with a play of rank ``r`` (``left``: cards it holds in all
    zones after the play)?"""
    if ctx is not Ctx.TURN or st.war is not None or st.req.change or verdict != PLAIN:
        return False
    if r not in PLAIN_RANKS or not st.pile:
        return False
    top = st.pile[-1]
    if top.ghost or top.rank != r or top.seat == seat or st.status[top.seat] != ACTIVE:
        return False
    return left > 0 or bool(st.stock)


def _held(st: GameState | _Work, seat: int) -> int:
    return len(st.hands[seat]) + len(st.up[seat]) + sum(c is not None for c in st.down[seat])


# --- What a seat may do ------------------------------------------------------------------------


def legal_actions(state: GameState, seat: int) -> tuple[SeatAction, ...]:
    """What ``seat`` may do now (resigning aside); empty when the game does not wait for it.
    Plays come grouped by rank (2 … A, then the 4♠, then jokers), then blind cards, chance,
    pick-up."""
    found = state._legal.get(seat)
    if found is None:
        found = state._legal[seat] = _options(state, seat)
    return found


def _options(st: GameState, seat: int) -> tuple[SeatAction, ...]:
    if st.outcome is not None or seat not in st.to_act:
        return ()
    ctx = st.pending.ctx
    if ctx is Ctx.ARRANGE:
        return _arrangements(st, seat)
    if ctx is Ctx.JOKER:
        origin = st.pending.origin
        assert origin is not None
        return tuple(Declare(seat, i) for i in _joker_idents(st, origin))
    if ctx is Ctx.WAR_Q:
        return (DeclareWar(seat), NoWar(seat))
    if ctx is Ctx.JOIN:
        return _offers(st, seat, st.pending.rank, True)
    if ctx is Ctx.TOSS:
        return _offers(st, seat, st.pending.rank, False)
    out = _plays(st, seat, ctx)
    if ctx is Ctx.TURN and st.war is None and st.pile:
        out.append(PickUp(seat))
    elif ctx in (Ctx.WAR_TURN, Ctx.MUST_ADD) and not out:
        # Nothing from the active source: pick up (R10.4, R10.6.5, A2), or chance.
        out.append(PickUp(seat))
    if st.stock:
        out.append(Chance(seat))
    if not out:
        out.append(PickUp(seat) if st.pile else Pass(seat))
    return tuple(out)


def _arrangements(st: GameState, seat: int) -> tuple[Arrange, ...]:
    six = canonical((*st.hands[seat], *st.up[seat]))
    seen: dict[tuple[int, ...], None] = {}
    out: list[Arrange] = []
    for trio in combinations(six, 3):
        key = tuple(c.face for c in trio)
        if key not in seen:
            seen[key] = None
            out.append(Arrange(seat, canonical_faces(trio)))
    return tuple(out)


def _groups(cards: Row | list[Card]) -> dict[int, dict[Card, int]]:
    """Cards by rank, then by face (4♠ and jokers apart under ranks -4 and 0)."""
    out: dict[int, dict[Card, int]] = {}
    for c in cards:
        r = -4 if c.is_fourer else c.rank
        faces = out.setdefault(r, {})
        f = FACES[c.face]
        faces[f] = faces.get(f, 0) + 1
    return out


def _subsets(faces: dict[Card, int]) -> list[list[Card]]:
    """Every non-empty sub-multiset, each in canonical order."""
    items = sorted(faces.items(), key=lambda kv: kv[0].order)
    out: list[list[Card]] = [[]]
    for face, count in items:
        out = [prefix + [face] * n for prefix in out for n in range(count + 1)]
    return [s for s in out if s]


Candidates = tuple[tuple[int, bool, tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]], ...]
"""The possible plays of one rank by size and by whether they hold the suit to follow: the
cards of each play in canonical order, and of one play per distinct top card (the top last),
as face ids."""
_CANDIDATES: dict[tuple[tuple[int, ...], int], Candidates] = {}
CANDIDATES_KEPT = 20_000
"""Kept hands of one rank before :data:`_CANDIDATES` starts again: about 1.5 KB each, so some
30 MB at most (sixty random games of 3 to 6 players list 1,610)."""


def _candidates(faces: tuple[int, ...], suit: int) -> Candidates:
    """Every play from these cards of one rank (face ids, ascending), listed once and kept:
    hands repeat, and listing plays is most of the engine's work. ``suit``: the number of the
    suit to follow, -1 for none.

    Kept as face ids, never as :class:`Play` objects: tuples of numbers are left out of the
    garbage collector's passes, while the plays of the hands a busy bot had seen were most of
    what its full collections walked (docs/decisions.md, "Speed under load"); the plays are
    made from them for the seat that asks (:func:`_plays`)."""
    key = (faces, suit)
    found = _CANDIDATES.get(key)
    if found is not None:
        return found
    counts: dict[Card, int] = {}
    for f in faces:
        counts[FACES[f]] = counts.get(FACES[f], 0) + 1
    by_kind: dict[tuple[int, bool], tuple[list[tuple[int, ...]], list[tuple[int, ...]]]] = {}
    for chosen in _subsets(counts):
        has_s = any(c.suit is not None and c.suit.number == suit for c in chosen)
        canons, variants = by_kind.setdefault((len(chosen), has_s), ([], []))
        canons.append(tuple(c.face for c in chosen))
        for top in dict.fromkeys(chosen):
            rest = list(chosen)
            rest.remove(top)
            variants.append(tuple(c.face for c in (*rest, top)))
    found = tuple((k, has_s, tuple(c), tuple(v)) for (k, has_s), (c, v) in sorted(by_kind.items()))
    if len(_CANDIDATES) >= CANDIDATES_KEPT:
        _CANDIDATES.clear()
    _CANDIDATES[key] = found
    return found


def _plays(st: GameState, seat: int, ctx: Ctx) -> list[SeatAction]:
    out: list[SeatAction] = []
    src = st.source(seat)
    if src == "hand" or src == "up":
        cards = st.hands[seat] if src == "hand" else st.up[seat]
        by_rank: dict[int, list[int]] = {}
        for c in cards:
            by_rank.setdefault(c.group, []).append(c.face)
        groups = by_rank
        run = run_of(st.pile)
        suit = _follow_suit(st, ctx)
        number = -1 if suit is None else suit.number
        total = _held(st, seat)
        war_rank = (
            st.pile[-1].rank
            if _war_ok(st, seat, ctx, st.pile[-1].rank if st.pile else 0, PLAIN, total)
            else 0
        )
        for r in sorted(by_rank):
            if r <= 0:
                continue
            for k, has_s, canons, variants in _candidates(tuple(sorted(by_rank[r])), number):
                verdict = _judge(st, ctx, r, k, has_s, run)
                if not verdict:
                    continue
                if verdict == SETSUIT:
                    out.extend(Play(seat, src, tuple(map(FACES.__getitem__, v))) for v in variants)
                    continue
                war = r == war_rank and verdict == PLAIN and (total - k > 0 or st.stock)
                for canon in canons:
                    cards = tuple(map(FACES.__getitem__, canon))
                    out.append(Play(seat, src, cards))
                    if war:
                        out.append(Play(seat, src, cards, None, True))
        if -4 in groups:
            out.append(Play(seat, src, (face_of(4, Suit.SPADES),)))
        if 0 in groups:
            joker = (FACES[JOKER_FACE],)
            for ident in _joker_idents(st, ctx):
                out.append(Play(seat, src, joker, ident))
                verdict = _judge(st, ctx, ident.face.rank, 1, False, run)
                if _war_ok(st, seat, ctx, ident.face.rank, verdict, total - 1):
                    out.append(Play(seat, src, joker, ident, True))
    elif src == "down":
        out.extend(Blind(seat, i) for i, c in enumerate(st.down[seat]) if c is not None)
    return out


JOKER_RANK_ORDER = (10, 14, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13)
"""The order joker identities are listed in; a timed-out declaration takes the first."""


def _joker_idents(st: GameState | _Work, ctx: Ctx) -> list[Ident]:
    """Every identity a lone joker may take here: one rank-only entry where the suit does not
    matter, one entry per allowed suit where it does (it must follow or it sets the suit)."""
    run = run_of(st.pile)
    suit = _follow_suit(st, ctx)
    out: list[Ident] = []
    for r in JOKER_RANK_ORDER:
        suits = [s for s in SUITS if not (r == 4 and s is Suit.SPADES)]
        verdicts = {s: _judge(st, ctx, r, 1, s is suit, run) for s in suits}
        default = default_face(r)
        assert default.suit is not None
        base = verdicts[default.suit]
        if base == SETSUIT or len(set(verdicts.values())) > 1:
            out.extend(Ident(face_of(r, s), True) for s in suits if verdicts[s])
        elif base:
            out.append(Ident(default, False))
    return out


def _offers(st: GameState, seat: int, rank: int, join: bool) -> tuple[SeatAction, ...]:
    out: list[SeatAction] = []
    src = st.source(seat)
    if src == "hand" or src == "up":
        cards = st.hands[seat] if src == "hand" else st.up[seat]
        groups = _groups(cards)
        if rank in groups:
            for chosen in _subsets(groups[rank]):
                if join:
                    out.append(Join(seat, src, tuple(chosen)))
                else:
                    out.append(Toss(seat, src, tuple(chosen)))
        if join and 0 in groups:
            out.append(Join(seat, src, (FACES[JOKER_FACE],), Ident(default_face(rank), False)))
    out.append(Pass(seat))
    return tuple(out)


def _reveal_ok(st: GameState | _Work, ctx: Ctx, card: Card) -> bool:
    """Whether a chance or blind card may be played here as a single card."""
    if card.is_joker:
        return bool(_joker_idents(st, ctx))
    if card.is_fourer:
        return True
    suit = _follow_suit(st, ctx)
    return bool(_judge(st, ctx, card.rank, 1, card.suit is suit, run_of(st.pile)))


def timeout_action(state: GameState, seat: int) -> Action:
    """What the clock does when ``seat`` lets its decision time out: an arrangement keeps the
    deal, a war question is answered ``no_war``, join and toss offers ``pass``, a joker takes
    the first legal identity (10, A, 2, then by rank); any play decision is a forfeit."""
    if state.outcome is not None or seat not in state.to_act:
        raise NotYourTurn("only a player the game waits for can run out of time")
    ctx = state.pending.ctx
    if ctx is Ctx.ARRANGE:
        return Arrange(seat, canonical_faces(canonical(state.up[seat])))
    if ctx is Ctx.WAR_Q:
        return NoWar(seat)
    if ctx in (Ctx.JOIN, Ctx.TOSS):
        return Pass(seat)
    if ctx is Ctx.JOKER:
        first = legal_actions(state, seat)[0]
        return first
    return TimeOut(seat)


# --- Checking ----------------------------------------------------------------------------------


def check(state: GameState, action: Action) -> None:
    """Raise the :class:`IllegalAction` that ``apply(state, action)`` would, if any."""
    if state.outcome is not None:
        raise GameOver("this game is over")
    if isinstance(action, Abandon):
        return
    if isinstance(action, Resign | TimeOut):
        if not 0 <= action.seat < state.seats or state.status[action.seat] != ACTIVE:
            raise NotPlaying("you are no longer playing in this game")
        if isinstance(action, TimeOut) and action.seat not in state.to_act:
            raise NotYourTurn("only a player the game waits for can run out of time")
        return
    if isinstance(action, Return):
        if state.pending.ctx is not Ctx.RETURN:
            raise WrongPhase("the burnt pile goes under the stock only after a 666")
        if sorted(c.face for c in action.cards) != sorted(c.face for c in state.burnt):
            raise IllegalAction("the returned cards must be the burnt pile")
        return
    seat = action.seat
    if not 0 <= seat < state.seats or state.status[seat] != ACTIVE:
        raise NotPlaying("you are no longer playing in this game")
    if seat not in state.to_act:
        raise NotYourTurn("it is not your turn")
    legal = legal_actions(state, seat)
    for option in legal:
        if option is action:  # the usual case: an action taken from the list
            return
    if action in legal:
        return
    _refuse(state, action)


_ASKED = {
    Ctx.ARRANGE: "choose your face-up cards",
    Ctx.JOKER: "declare your joker",
    Ctx.WAR_Q: "say whether you declare war",
    Ctx.JOIN: "join the war or pass",
    Ctx.TOSS: "toss cards along or pass",
    Ctx.TURN: "play",
    Ctx.EXTRA: "play again on the empty pile",
    Ctx.MUST_ADD: "add a play to your 8",
    Ctx.WAR_TURN: "play in the war",
}

_KINDS: dict[Ctx, tuple[type, ...]] = {
    Ctx.ARRANGE: (Arrange,),
    Ctx.JOKER: (Declare,),
    Ctx.WAR_Q: (DeclareWar, NoWar),
    Ctx.JOIN: (Join, Pass),
    Ctx.TOSS: (Toss, Pass),
}


def _refuse(st: GameState, action: SeatAction) -> None:
    ctx = st.pending.ctx
    kinds = _KINDS.get(ctx, (Play, Blind, Chance, PickUp, Pass))
    if not isinstance(action, kinds):
        raise WrongPhase("now you {asked}", asked=_ASKED.get(ctx, "wait"))
    seat = action.seat
    if isinstance(action, Arrange):
        raise IllegalArrangement("choose three of your six cards (hand and face-up) to lie face up")
    if isinstance(action, Declare):
        raise IllegalDeclaration("the joker may not be {card} here", card=action.ident.face.display)
    if isinstance(action, Pass):
        raise IllegalPlay("you cannot pass: you have a play or can pick up")
    if isinstance(action, Chance):
        raise IllegalPlay("the stock is empty: no chance card")
    if isinstance(action, PickUp):
        raise IllegalPlay("you may not pick up the pile now: you have a card to play")
    if isinstance(action, Blind):
        raise IllegalPlay("you play blind only when face-down cards are all you have left")
    if not isinstance(action, Play | Join | Toss):
        raise WrongPhase("now you {asked}", asked=_ASKED.get(ctx, "wait"))
    src = st.source(seat)
    if action.source != src:
        raise IllegalPlay(
            "play from your {source} first",
            source="hand" if src == "hand" else "face-up cards",
        )
    held = list(st.hands[seat] if src == "hand" else st.up[seat])
    for face in action.cards:
        match = next((c for c in held if c.face == face.face), None)
        if match is None:
            raise IllegalPlay("you do not hold {card} there", card=face.display)
        held.remove(match)
    shown = " ".join(c.display for c in action.cards)
    if isinstance(action, Toss):
        raise IllegalToss("only cards of the burnt rank may be tossed: not {cards}", cards=shown)
    if isinstance(action, Join):
        raise IllegalJoin("only cards of the war's rank may join: not {cards}", cards=shown)
    if len({c.rank for c in action.cards}) > 1:
        raise IllegalPlay("cards played together must have the same rank")
    if any(c.is_joker or c.is_fourer for c in action.cards) and len(action.cards) > 1:
        raise IllegalPlay("a joker and the 4♠ are always played alone")
    if isinstance(action, Play) and action.war:
        raise IllegalPlay("you cannot declare war with this play")
    raise IllegalPlay("{cards} may not be played now", cards=shown)


def is_legal(state: GameState, action: Action) -> bool:
    try:
        check(state, action)
    except IllegalAction:
        return False
    return True


# --- Applying ----------------------------------------------------------------------------------


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Check and apply an action; return the new state and what happened (the events hide
    what a draw or a return shuffle put where: see :class:`Drew`, :class:`Returned`)."""
    events: list[Event] = []
    after = apply_secretly(state, action, events)
    return after, [_public(e) for e in events]


def _public(e: Event) -> Event:
    if isinstance(e, Drew) and e.cards:
        return Drew(e.seat, e.count)
    if isinstance(e, Returned) and e.cards:
        return Returned(e.count)
    return e


def apply_secretly(
    state: GameState, action: Action, events: list[Event], *, checked: bool = True
) -> GameState:
    """:func:`apply` with every event complete (draws and returns with their cards): for
    records, never for people. ``checked=False``: the action is known to be legal here (a
    game played again from its own log), so it is not checked again (some 40% of the work)."""
    if checked:
        check(state, action)
    w = _Work(state, events)
    w.step(action)
    after = w.freeze(state.moves + 1, (*state.actions, log_text(action)))
    # A war turn or must-add whose only choice is to pick up is applied at once (A13).
    while after.outcome is None and after.pending.ctx in (Ctx.WAR_TURN, Ctx.MUST_ADD):
        seat = after.pending.seat
        options = legal_actions(after, seat)
        if options != (PickUp(seat),):
            break
        w = _Work(after, events)
        w.step(PickUp(seat))
        after = w.freeze(after.moves, after.actions)
    return after


class _Work:
    """A state being changed by one action (mutable copies of every zone)."""

    def __init__(self, st: GameState, events: list[Event]) -> None:
        self.seats = st.seats
        self.double = st.double
        self.dealer = st.dealer
        self.shuffle = st.shuffle
        self.stock = list(st.stock)
        self.hands = [list(h) for h in st.hands]
        self.up = [list(u) for u in st.up]
        self.down = [list(d) for d in st.down]
        self.pile = list(st.pile)
        self.burnt = list(st.burnt)
        self.grave = list(st.grave)
        self.gone = [list(g) for g in st.gone]
        self.revealed = st.revealed
        self.direction = st.direction
        self.req = st.req
        self.war = st.war
        self.pending = st.pending
        self.status = list(st.status)
        self.places = list(st.places)
        self.forfeits = list(st.forfeits)
        self.arranged = list(st.arranged)
        self.known = [list(k) for k in st.known] or [[] for _ in range(st.seats)]
        self.starter = st.starter
        self.plays = st.plays
        self.outcome = st.outcome
        self.events = events
        self.capping = False

    def freeze(self, moves: int, actions: tuple[str, ...]) -> GameState:
        return GameState(
            seats=self.seats,
            double=self.double,
            dealer=self.dealer,
            shuffle=self.shuffle,
            stock=tuple(self.stock),
            hands=tuple(tuple(h) for h in self.hands),
            up=tuple(tuple(u) for u in self.up),
            down=tuple(tuple(d) for d in self.down),
            pile=tuple(self.pile),
            burnt=tuple(self.burnt),
            grave=tuple(self.grave),
            gone=tuple(tuple(g) for g in self.gone),
            revealed=self.revealed,
            direction=self.direction,
            req=self.req,
            war=self.war,
            pending=self.pending,
            status=tuple(self.status),
            places=tuple(self.places),
            forfeits=tuple(self.forfeits),
            arranged=tuple(self.arranged),
            starter=self.starter,
            plays=self.plays,
            moves=moves,
            outcome=self.outcome,
            actions=actions,
            known=tuple(tuple(k) for k in self.known),
        )

    # -- helpers --

    def emit(self, event: Event) -> None:
        self.events.append(event)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def active(self) -> list[int]:
        return [s for s in range(self.seats) if self.status[s] == ACTIVE]

    def next_active(self, seat: int, direction: int) -> int:
        for i in range(1, self.seats + 1):
            t = (seat + direction * i) % self.seats
            if self.status[t] == ACTIVE:
                return t
        raise AssertionError("no active seat")

    def next_warrior(self, seat: int) -> int:
        assert self.war is not None
        for i in range(1, self.seats + 1):
            t = (seat + self.war.direction * i) % self.seats
            if t in self.war.warriors:
                return t
        raise AssertionError("no warrior")

    def source(self, seat: int) -> str | None:
        return _source(self.hands[seat], self.up[seat], self.down[seat])

    def take(self, seat: int, src: str, faces: tuple[Card, ...]) -> list[Card]:
        """Remove cards of these faces (lowest-indexed copies first) from a source."""
        zone = self.hands[seat] if src == "hand" else self.up[seat]
        taken: list[Card] = []
        for face in faces:
            match = min((c for c in zone if c.face == face.face), key=lambda c: c.index)
            zone.remove(match)
            taken.append(match)
        if src == "hand":
            known = self.known[seat]
            for card in taken:
                copies = [k for k in known if k.face == card.face]
                if copies:
                    known.remove(min(copies, key=lambda k: k.index))
        return taken

    def refill(self, seat: int) -> None:
        hand = self.hands[seat]
        drawn: list[Card] = []
        while len(hand) < HAND_MIN and self.stock:
            card = self.stock.pop(0)
            hand.append(card)
            drawn.append(card)
        if drawn:
            self.emit(Drew(seat, len(drawn), tuple(drawn)))

    def pile_cards(self) -> list[Card]:
        return [c for layer in self.pile for c in layer.cards]

    def set_direction(self, direction: int) -> None:
        if direction != self.direction:
            self.direction = direction
            self.emit(DirectionChanged(direction))

    # -- dispatch --

    def step(self, action: Action) -> None:
        if isinstance(action, PLAY_ACTIONS):
            self.capping = True
        if isinstance(action, Abandon):
            self.end(Termination.ABANDONED)
            return
        if isinstance(action, Resign | TimeOut):
            self.forfeit(action.seat, "resign" if isinstance(action, Resign) else "timeout")
            return
        if isinstance(action, Return):
            self.capping = True
            self.returned(action.cards)
            return
        ctx = self.pending.ctx
        if isinstance(action, Arrange):
            self.arranged[action.seat] = action.cards
            self.arrange_done()
        elif isinstance(action, Declare):
            self.capping = True
            self.declared(action)
        elif isinstance(action, DeclareWar | NoWar):
            seat = action.seat
            if isinstance(action, DeclareWar):
                self.declare_war(seat)
                self.after(seat, "joins")
            else:
                self.after(seat, "next")
        elif ctx in (Ctx.JOIN, Ctx.TOSS):
            assert isinstance(action, Join | Toss | Pass)
            p = self.pending
            self.pending = p._replace(answers=(*p.answers, (action.seat, action)))
            self.offers_done()
        else:
            self.play(action, ctx)

    # -- arrangement --

    def arrange_done(self) -> None:
        if any(self.status[s] == ACTIVE and not self.arranged[s] for s in range(self.seats)):
            return
        for s in range(self.seats):
            chosen = self.arranged[s]
            if self.status[s] != ACTIVE or chosen is None:
                continue
            six = self.hands[s] + self.up[s]
            up: list[Card] = []
            for face in chosen:
                match = min((c for c in six if c.face == face.face), key=lambda c: c.index)
                six.remove(match)
                up.append(match)
            self.up[s] = up
            self.hands[s] = six
        self.arranged = [None] * self.seats
        self.emit(Arranged(tuple(tuple(u) for u in self.up)))
        self.starter = self.first_player()
        self.emit(Started(self.starter))
        self.pending = Pending(Ctx.TURN, self.starter)

    def first_player(self) -> int:
        order = [(self.dealer + 1 + i) % self.seats for i in range(self.seats)]
        order = [s for s in order if self.status[s] == ACTIVE]
        best, best_key = order[0], 99
        for s in order:
            keys = [
                10 if c.is_fourer else c.rank
                for c in self.hands[s]
                if not c.is_joker and c.rank != 2
            ]
            if keys and min(keys) < best_key:
                best, best_key = s, min(keys)
        return best

    # -- plays --

    def play(self, action: Action, ctx: Ctx) -> None:
        if isinstance(action, Pass):
            self.ask(Ctx.TURN, self.next_active(action.seat, self.direction))
            return
        assert isinstance(action, Play | Blind | Chance | PickUp)
        seat = action.seat
        self.plays += 1
        if isinstance(action, PickUp):
            self.pick_up(seat, None)
            return
        if isinstance(action, Chance):
            card = self.stock.pop(0)
            self.emit(Revealed(seat, "stock", card))
            self.reveal(seat, ctx, card)
            return
        if isinstance(action, Blind):
            down = self.down[seat][action.position]
            assert down is not None
            self.down[seat][action.position] = None
            self.emit(Revealed(seat, "down", down, action.position))
            self.reveal(seat, ctx, down)
            return
        cards = self.take(seat, action.source, action.cards)
        self.lay(seat, ctx, Layer(seat, tuple(cards), action.joker), action.war)

    def reveal(self, seat: int, ctx: Ctx, card: Card) -> None:
        if not _reveal_ok(self, ctx, card):
            self.pick_up(seat, card)
            return
        if card.is_joker:
            self.revealed = card
            self.pending = Pending(Ctx.JOKER, seat, origin=ctx)
            return
        self.lay(seat, ctx, Layer(seat, (card,)), None)

    def declared(self, action: Declare) -> None:
        card = self.revealed
        origin = self.pending.origin
        assert card is not None and origin is not None
        self.revealed = None
        self.lay(action.seat, origin, Layer(action.seat, (card,), action.ident), None)

    def lay(self, seat: int, ctx: Ctx, layer: Layer, war: bool | None) -> None:
        """Resolve a play (R12): ``war`` True/False as chosen with the play, None to ask
        (chance and blind cards)."""
        r = layer.rank
        k = len(layer.cards)
        fourer = layer.joker is None and layer.cards[0].is_fourer
        run = run_of(self.pile)
        suit = _follow_suit(self, ctx)
        has_s = suit is not None and (
            layer.top_suit is suit
            if layer.joker is not None
            else any(c.suit is suit for c in layer.cards)
        )
        verdict = DISCARD if fourer else _judge(self, ctx, r, k, has_s, run)
        assert verdict, f"an illegal play was laid: {layer}"
        may_war = _war_ok(self, seat, ctx, r, verdict, _held(self, seat))
        was_change = self.req.change
        self.pile.append(layer)
        self.emit(Played(seat, layer))
        if r == JACK:
            if self.war is not None:
                self.war = self.war._replace(jacks=self.war.jacks + k)
            elif k % 2:
                self.set_direction(-self.direction)
        if verdict == DISCARD:
            four = 0 if fourer or r == TEN else r
            self.discard(seat, fourer, four)
            return
        top_suit = layer.top_suit
        assert top_suit is not None
        if self.war is None and k == 3 and r in COMBO_RANKS and layer.joker is None:
            self.combination(seat, ctx, layer, top_suit, was_change)
            return
        if verdict == EIGHT:
            if self.war is not None:
                lapse = "war"
            elif ctx is Ctx.MUST_ADD or was_change:
                lapse = "change"
            else:
                lapse = "floor"
            self.after(seat, "must_add", lapse)
            return
        war_state = self.war
        if war_state is not None:
            if verdict == SETSUIT:
                self.war = war_state._replace(down=True, suit=top_suit, bound=r)
            else:
                self.war = war_state._replace(level=r)
                self.civil_war()
        elif verdict == CANCEL:
            self.req = Req(floor=ACE)
        elif verdict == SETSUIT:
            self.req = Req(change=True, suit=top_suit, value=r)
        else:
            self.req = Req(floor=0 if r == 2 else r)
        if may_war and not self.at_cap():
            if war is None:
                self.ask(Ctx.WAR_Q, seat)
                return
            if war:
                self.declare_war(seat)
                self.after(seat, "joins")
                return
        self.after(seat, "next")

    def civil_war(self) -> None:
        assert self.war is not None
        if len(self.pile) < 2 or self.pile[-2].ghost or self.pile[-2].rank != self.pile[-1].rank:
            return
        rank = self.pile[-1].rank
        seats: set[int] = set()
        for layer in reversed(self.pile):
            if layer.ghost or layer.rank != rank:
                break
            seats.add(layer.seat)
        warriors = tuple(s for s in self.war.warriors if s in seats)
        if warriors != self.war.warriors:
            # Only warriors still in the war can stay (R10.5, R13.1): a tie with a warrior who
            # has gone out leaves one warrior, and the war ends after this play (R10.8 c).
            self.war = self.war._replace(warriors=warriors)
            self.emit(CivilWar(warriors))

    def combination(self, seat: int, ctx: Ctx, layer: Layer, suit: Suit, was_change: bool) -> None:
        r = layer.rank
        self.pile[-1] = Layer(seat, (), None, r, suit)
        self.grave.extend(layer.cards)
        self.emit(Vanished(seat, layer.cards))
        if ctx is Ctx.MUST_ADD or was_change:
            self.req = Req(change=True, suit=suit, value=r)
        else:
            self.req = Req(floor=r)
        if r == 6:
            self.pending = Pending(Ctx.RETURN, seat)
            return
        purged = [c for c in self.stock if c.suit in (Suit.SPADES, Suit.CLUBS) and not c.is_fourer]
        if purged:
            self.stock = [c for c in self.stock if c not in purged]
            self.grave.extend(purged)
        self.emit(Purged(tuple(purged)))
        self.after(seat, "next")

    def returned(self, faces: tuple[Card, ...]) -> None:
        pool = sorted(self.burnt, key=lambda c: c.index)
        order: list[Card] = []
        for face in faces:
            match = next(c for c in pool if c.face == face.face)
            pool.remove(match)
            order.append(match)
        self.burnt = []
        self.stock.extend(order)
        self.emit(Returned(len(order), tuple(order)))
        seat = self.pending.seat
        for i in range(self.seats):
            s = (seat + self.direction * i) % self.seats
            if self.status[s] == ACTIVE:
                self.refill(s)
        self.after(seat, "next")

    def discard(self, seat: int, fourer: bool, four: int) -> None:
        cards = self.pile_cards()
        if fourer and len(cards) > 1:
            self.grave.extend(cards)
            self.emit(Destroyed(seat, tuple(cards)))
        else:
            self.burnt.extend(cards)
            self.emit(Burnt(seat, tuple(cards)))
        self.pile = []
        self.req = Req()
        if self.war is not None:
            self.end_war("discard")
            if four:
                self.after(seat, "toss", rank=four)
                return
        self.after(seat, "extra")

    def pick_up(self, seat: int, extra: Card | None) -> None:
        cards = self.pile_cards() + ([extra] if extra is not None else [])
        self.hands[seat].extend(cards)
        self.known[seat].extend(cards)
        self.emit(PickedUp(seat, tuple(cards)))
        self.pile = []
        self.req = Req()
        self.refill(seat)
        if self.war is not None:
            declarer = self.war.declarer
            self.end_war("pick_up")
            self.ask(Ctx.TURN, self.next_active(declarer, self.direction))
            return
        self.ask(Ctx.TURN, self.next_active(seat, self.direction))

    # -- war --

    def declare_war(self, seat: int) -> None:
        a = self.pile[-2].seat
        r = self.pile[-1].rank
        warriors = tuple(sorted((a, seat)))
        self.war = War(warriors, seat, self.direction, 0, r)
        self.emit(WarDeclared(seat, warriors, r))

    def end_war(self, how: str) -> None:
        assert self.war is not None
        direction = self.war.final_direction
        self.war = None
        self.emit(WarEnded(how, direction))
        self.set_direction(direction)

    def end_war_few(self) -> None:
        """Fewer than two warriors are left: normal mode on the top card (R10.8 c)."""
        assert self.war is not None
        declarer = self.war.declarer
        self.end_war("warriors")
        top = self.pile[-1] if self.pile else None
        floor = 0 if top is None or top.rank == 2 else top.rank
        self.req = Req(floor=floor)
        self.ask(Ctx.TURN, self.next_active(declarer, self.direction))

    def lapse(self, seat: int) -> None:
        """An 8's must-add lapses: the 8 counts as a plain 8 (A1, A11)."""
        kind = self.pending.lapse
        top = self.pile[-1] if self.pile else None
        suit = top.top_suit if top is not None else None
        if kind == "war" and self.war is not None:
            if self.war.down:
                self.war = self.war._replace(suit=suit, bound=8)
            else:
                self.war = self.war._replace(level=8)
        elif kind == "change":
            self.req = Req(change=True, suit=suit, value=8)
        elif kind == "floor":
            self.req = Req(floor=8)

    # -- after a play --

    def after(self, seat: int, owes: str, lapse: str = "", rank: int = 0) -> None:
        """Refill, the out check and the next decision (R12 steps 9–11)."""
        if self.status[seat] == ACTIVE:
            self.refill(seat)
            if _source(self.hands[seat], self.up[seat], self.down[seat]) is None:
                self.go_out(seat)
        if self.over:
            return
        here = self.status[seat] == ACTIVE
        if owes == "must_add":
            if here:
                self.ask(Ctx.MUST_ADD, seat, lapse=lapse)
                return
            self.pending = Pending(Ctx.MUST_ADD, seat, lapse=lapse)
            self.lapse(seat)
            owes = "next"
        if owes == "joins":
            self.joins(seat)
        elif owes == "toss":
            self.tosses(seat, rank)
        elif owes == "extra":
            self.extra(seat)
        else:
            self.next_turn(seat)

    def extra(self, seat: int) -> None:
        if self.status[seat] == ACTIVE:
            self.ask(Ctx.EXTRA, seat)
        else:
            self.ask(Ctx.TURN, self.next_active(seat, self.direction))

    def next_turn(self, seat: int) -> None:
        if self.over:
            return
        if self.war is not None:
            if len(self.war.warriors) < 2:
                self.end_war_few()
                return
            self.ask(Ctx.WAR_TURN, self.next_warrior(seat))
            return
        self.ask(Ctx.TURN, self.next_active(seat, self.direction))

    def ask(
        self,
        ctx: Ctx,
        seat: int,
        order: tuple[int, ...] = (),
        rank: int = 0,
        lapse: str = "",
    ) -> None:
        """Wait for the next decision, unless the move cap ends the game first (A14)."""
        if self.at_cap():
            self.end(Termination.FINISHED, capped=True)
            return
        self.pending = Pending(ctx, seat, order, (), rank, lapse)

    def at_cap(self) -> bool:
        """Has the 2,000th play been laid? The game then ends once that play is resolved, before
        any war is declared (A14): a war chosen with that play (A6) is never formed."""
        return self.capping and self.plays >= MOVE_CAP

    def go_out(self, seat: int) -> None:
        self.status[seat] = OUT
        self.places.append(seat)
        self.emit(WentOut(seat, len(self.places)))
        if self.war is not None and seat in self.war.warriors:
            self.war = self.war._replace(warriors=tuple(s for s in self.war.warriors if s != seat))
        if len(self.active()) <= 1:
            self.end(Termination.FINISHED)

    # -- joins and tosses --

    def excluded(self, seat: int, rank: int, jokers: bool) -> bool:
        """Is it public that ``seat`` cannot lay cards of ``rank`` (A5)?"""
        hand = self.hands[seat]
        up = self.up[seat]

        def fits(c: Card) -> bool:
            return (c.rank == rank and not c.is_fourer) or (jokers and c.is_joker)

        if not hand and not any(fits(c) for c in up):
            return True
        public = self.pile_cards() + self.burnt + self.grave
        for s in range(self.seats):
            if s != seat or hand:
                public += self.up[s]
        total = sum(1 for c in deck(self.double) if fits(c))
        return sum(1 for c in public if fits(c)) >= total

    def round_order(self, seat: int, direction: int, skip: tuple[int, ...]) -> list[int]:
        out: list[int] = []
        for i in range(1, self.seats):
            s = (seat + direction * i) % self.seats
            if self.status[s] == ACTIVE and s not in skip:
                out.append(s)
        return out

    def joins(self, declarer: int) -> None:
        assert self.war is not None
        rank = self.war.level
        order = [
            s
            for s in self.round_order(declarer, self.war.direction, self.war.warriors)
            if not self.excluded(s, rank, True)
        ]
        if not order:
            self.next_turn(declarer)
            return
        self.ask(Ctx.JOIN, declarer, tuple(order), rank)

    def tosses(self, seat: int, rank: int) -> None:
        order = [
            s
            for s in self.round_order(seat, self.direction, (seat,))
            if not self.excluded(s, rank, False)
        ]
        if not order:
            self.extra(seat)
            return
        self.ask(Ctx.TOSS, seat, tuple(order), rank)

    def offers_done(self) -> None:
        p = self.pending
        if len(p.answers) < len(p.order):
            return
        answers = dict(p.answers)
        if p.ctx is Ctx.JOIN:
            self.resolve_joins(p, answers)
        else:
            self.resolve_tosses(p, answers)

    def resolve_joins(self, p: Pending, answers: dict[int, Any]) -> None:
        last = p.seat
        for s in p.order:
            ans = answers.get(s)
            if not isinstance(ans, Join) or self.status[s] != ACTIVE:
                continue
            assert self.war is not None
            cards = self.take(s, ans.source, ans.cards)
            layer = Layer(s, tuple(cards), ans.joker)
            self.pile.append(layer)
            self.emit(Joined(s, layer))
            if layer.rank == JACK:
                self.war = self.war._replace(jacks=self.war.jacks + len(cards))
            if run_of(self.pile)[1] >= 4:
                self.discard(s, False, layer.rank)
                return
            self.war = self.war._replace(warriors=tuple(sorted((*self.war.warriors, s))))
            last = s
            self.refill(s)
            if _source(self.hands[s], self.up[s], self.down[s]) is None:
                self.go_out(s)
                if self.over:
                    return
        self.next_turn(last)

    def resolve_tosses(self, p: Pending, answers: dict[int, Any]) -> None:
        for s in p.order:
            ans = answers.get(s)
            if not isinstance(ans, Toss) or self.status[s] != ACTIVE:
                continue
            cards = self.take(s, ans.source, ans.cards)
            self.burnt.extend(cards)
            self.emit(Tossed(s, tuple(cards)))
            self.refill(s)
            if _source(self.hands[s], self.up[s], self.down[s]) is None:
                self.go_out(s)
                if self.over:
                    return
        self.extra(p.seat)

    # -- forfeits and the end --

    def forfeit(self, seat: int, how: str) -> None:
        self.status[seat] = GONE
        self.forfeits.append(seat)
        place = self.seats - len(self.forfeits) + 1
        self.emit(Forfeited(seat, place, how))
        p = self.pending
        gone = self.gone[seat]
        gone.extend(self.hands[seat])
        gone.extend(self.up[seat])
        gone.extend(c for c in self.down[seat] if c is not None)
        self.hands[seat], self.up[seat] = [], []
        self.known[seat] = []
        self.down[seat] = [None] * len(self.down[seat])
        if p.ctx is Ctx.JOKER and p.seat == seat and self.revealed is not None:
            gone.append(self.revealed)
            self.revealed = None
        if self.war is not None and seat in self.war.warriors:
            self.war = self.war._replace(warriors=tuple(s for s in self.war.warriors if s != seat))
        if len(self.active()) <= 1:
            self.end(Termination.RESIGNED if how == "resign" else Termination.TIMEOUT, seat)
            return
        if p.ctx is Ctx.ARRANGE:
            self.arranged[seat] = None
            self.arrange_done()
            return
        if p.ctx in (Ctx.JOIN, Ctx.TOSS):
            self.pending = p._replace(
                order=tuple(s for s in p.order if s != seat),
                answers=tuple(a for a in p.answers if a[0] != seat),
            )
            if p.ctx is Ctx.JOIN and self.war is not None and len(self.war.warriors) < 2:
                self.end_war_few()
                return
            self.offers_done()
            return
        if p.ctx is Ctx.RETURN:
            return
        if p.seat == seat:
            if p.ctx is Ctx.MUST_ADD or (p.ctx is Ctx.JOKER and p.origin is Ctx.MUST_ADD):
                self.lapse(seat)
            self.next_turn(seat)
            return
        if self.war is not None and len(self.war.warriors) < 2:
            if p.ctx is Ctx.MUST_ADD:
                self.lapse(p.seat)
            if p.ctx is Ctx.JOKER and self.revealed is not None:
                self.hands[p.seat].append(self.revealed)
                self.known[p.seat].append(self.revealed)
                self.revealed = None
            self.end_war_few()

    def end(self, termination: Termination, seat: int | None = None, capped: bool = False) -> None:
        left = self.active()
        if capped:
            clockwise = [(self.dealer + 1 + i) % self.seats for i in range(self.seats)]
            left.sort(
                key=lambda s: (
                    len(self.hands[s]) + len(self.up[s]) + sum(c is not None for c in self.down[s]),
                    clockwise.index(s),
                )
            )
        if termination is Termination.ABANDONED:
            finish = (*self.places, *reversed(self.forfeits))
            idiot = None
        else:
            finish = (*self.places, *left, *reversed(self.forfeits))
            idiot = left[-1] if left else None
        self.outcome = Outcome(termination, finish, idiot, seat, capped)
        self.pending = Pending(Ctx.OVER)
        self.emit(GameEnded(self.outcome))
