"""A second, independent reading of the Vriddiot rules that checks ``vriddiot-record/1`` records.

Written from ``VRIDDIOT_RULES.md`` (v0.2) alone, with plain strings, lists and sets, importing
nothing from ``bot/`` or from the Vriddiot engine: when the engine and this module agree on every
legal set and every derived field of many games, a misreading of the rules would have to be made
twice, the same way, to go unseen.

:func:`check` rebuilds the game from ``deck`` / ``jokers`` / ``players`` / ``dealer`` /
``shuffle``, checks ``deal``, every ``arrange`` decision and ``starter``, then walks ``events``:
for every decision it works out who must decide and in which ``ctx``, compares its own legal set
with the record's ``legal`` (as sets of action strings), checks that ``act`` is in it and applies
it. The ``return`` after every 666 (the only randomness after the shuffle) and forfeits are
taken from the record; the recommended ``auto`` events are compared with the ones this reading
produces, between one decision and the next (completely for the kinds listed in ``"autos"``,
one by one for the others when present). At the end ``result``, ``finish`` and ``idiot`` are
checked. A refused action (one the rules do not allow, or a decision by the wrong seat) ends the
check of that game; everything else is reported and the replay goes on.

Readings (places where the rules page had to be interpreted; compare with the engine's)
----------------------------------------------------------------------------------------

1. **Card order in action strings.** Canonical order is rank 2…A, then suit S H D C within a
   rank; a joker ``X`` sorts after every card (only ``arrange`` can hold one with other cards).
   A play that chooses its top card lists the other cards in canonical order, then the top.
2. **Which plays list one entry per top card** (R7.3, A10): exactly those whose resolution
   leaves a suit to follow that the top card sets: plain cards, 2s and 666/KKK that start or
   continue a change (an 8's additional play, a change follow) and plain cards and 2s that start
   or continue war-down (including an ace as the additional play after an 8 in war-up). 8s,
   10s, aces that cancel a change, four alike, and every play in normal mode or war-up are
   listed once, canonically.
3. **How a joker is written** (A3): ``X=r`` (rank only; it counts as ``rS``, or ``4H`` for a 4)
   when every suit of that rank is legal and the play sets no suit to follow; otherwise one
   entry per legal suit ``X=rs``. So in a change ``X=8`` of the followed suit is written
   ``X=8H`` (only that suit is legal), a joker completing four alike or a 10 is ``X=9`` /
   ``X=T``, and a joker as an 8's additional play is ``X=5S``, ``X=5H``, … . A revealed
   joker's declaration uses the same labels: ``as T``, ``as 5H``. Joins use ``X=r``.
4. **Pick up in ``must_add``** (A2, R10.6.5): allowed only when no play from the active source
   is legal (chance does not count); in normal mode or a change that never happens. On a
   ``war_turn`` likewise (R10.4); a face-down source always has a legal ``blind i``, so a
   warrior with only face-down cards never picks up by choice. In ``turn`` pick up is allowed
   whenever the pile holds a layer (cards or a ghost); in ``extra`` the pile is empty.
5. **Forced prompts** (A13): a ``war_turn`` or ``must_add`` whose only legal action is
   ``pick_up`` may be written as a decision (``legal: ["pick_up"]``) or left out; both are
   accepted. It counts as a play for the move cap.
6. **The additional play after an 8 in war never contains an 8**, not even one completing four
   alike (R10.6 "it may not contain an 8"; A2's example "only 8s left in war").
7. **4♠ is not a card of rank 4** for joins, tosses, runs or multi-card plays of fours (it is
   always alone and always destroys first). A 4♠ on a pile that holds no cards (only ghosts)
   destroys nothing and goes to the burnt pile; the ghosts leave with the pile.
8. **Who is offered a join**: every active player except the two warriors, from the player
   after the declarer in the war direction (example 15). Skipped (A5) when their active source
   is face-down, or it is face-up without a card of rank L or a joker, or every card of rank L
   (4♠ excluded) and every joker lies in the pile, the burnt pile, the graveyard or a face-up
   row they cannot play from (another player's, or their own while they have a hand). Tosses
   the same, jokers never counted; offered to every active player but the discarder, from the
   player after the discarder in the final direction. All offers of a round are answered
   before any is laid, so every offer's legal list is computed before the first join is laid;
   the record may write the answers in any order; joins (tosses) are laid in offer order; a join
   after a four alike lapses (still written, not laid). A forfeit during a join round does not
   end the war before the joins are laid.
9. **War eligibility and the ``war`` variant** (R10.1, A6): only on a ``turn`` in normal mode
   (not ``extra``/``must_add``, not in a change or war), the play a plain rank (3–7, 9, J, Q,
   K, A, jokers by declared rank), not a combination, not completing four alike; the layer
   beneath a card layer (not a ghost) of the same rank laid by another active player; the
   player still holding a card or the stock non-empty after the play. The war direction is the
   direction after the play (its jacks have turned it); its jacks are not counted in the war.
10. **Civil war** is checked after every war-up play whose value equals the top card of the
    layer beneath (also a lapsed 8, A1); the new warriors are the current warriors who laid a
    card of the top run. A ``civil_war`` auto is expected only when the warriors change. A tie
    with a warrior who has gone out (R13.1: no longer a warrior) leaves one: the war ends as
    R10.8 c after that play.
11. **Lapsed 8s** (A1, A11): an 8 laid in normal mode (turn or extra) leaves normal mode with
    floor 8; an 8 laid in a change or as an additional play leaves a change in its suit, value
    8; in war the 8 stays as L = 8 (war-up) or bound 8 (war-down). A must-add also lapses when
    its player forfeits, or when the war collapses under it.
12. **Forfeits** are written as ``{"auto": "forfeit", "seat": s}`` where they happen (before
    the decision that would have followed). The forfeiter's pending decision lapses: a turn or
    extra turn passes to the next player; a must-add lapses as in 11; a ``war?`` is ``no_war``;
    a revealed joker leaves with them and the play it belonged to lapses; a war turn passes to
    the next warrior. A forfeiter who leaves a war with fewer than two warriors ends it as
    R10.8 c. Places (A12): the finishing order is the seats that went out, then the idiot, then
    the forfeiters, the latest first. A game ended by forfeits is ``finished``.
13. **Move cap** (A14, R13.5): plays are ``play``, ``blind``, ``chance`` and ``pick_up``
    decisions and forced pick-ups (not joins, tosses, declarations). When the 2,000th play has
    been resolved (its effects, a 666's return and refills, its joker declaration, the player's
    refill and out check) and the game is not over, it ends ``capped`` without the war that
    play may have declared. Remaining players are ranked by fewest cards in hand, face-up and
    face-down, ties by seat order from the dealer's left; ``idiot`` is the last of them; the
    forfeiters follow.
14. **Abandoned** records may stop anywhere (also inside a join or toss round); ``finish``, if
    written, must begin with the seats that went out, in order.
15. **Auto events**: ``draw`` is compared per seat as the cards drawn in the window, ``reveal``
    by seat and card, ``out`` by seat and place, ``pick_up`` by seat and cards (as a multiset,
    the revealed card of a failed chance or blind included), ``purge`` by its cards (one per
    KKK, possibly empty); ``burn`` (10, four alike, a 4♠ that destroyed nothing), ``destroy``,
    ``vanish`` (one per 666 or KKK) by seat; ``war`` (one per declaration), ``war_end``,
    ``civil_war`` and ``direction`` (one per play or war end that changes the direction) by
    count. Tosses are not burns.
16. **The deal**: ``face_down`` is compared position by position, ``face_up`` and ``hand`` as
    multisets. ``arrange`` must hold one decision per seat (decided on the dealt cards).
17. **Refill after a 666** (R8.3 c) draws, in the current direction from the 666 player, for
    every active player; the 666 player's own refill comes first. The ``return`` must come
    before the next decision. A 666 or KKK in a change (or as an 8's additional play) leaves a
    ghost that keeps the suit of the chosen top card: the next player must top 6 (13) in it.
18. **Chance** is listed on every ``turn``, ``extra``, ``must_add`` and ``war_turn`` while the
    stock is non-empty, never on joins or tosses. A ``war?`` decision follows a chance or blind
    card (after its joker declaration) only when the card, as laid, meets reading 9.
19. **A2's "pass"** (no legal action, no pile, no ghost) is never needed: every play decision
    has a play, a blind card or a pile to pick up, so no ``pass`` is listed outside offers.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

FORMAT = "vriddiot-record/1"
RANKS = "23456789TJQKA"
SUITS = "SHDC"
VALUE = {rank: index + 2 for index, rank in enumerate(RANKS)}
JOKER = "X"
FOURER = "4S"
CAP = 2000
RESULTS = ("finished", "capped", "abandoned")
PLAY_CTXS = ("turn", "extra", "must_add", "war_turn")
RECOMMENDED = (
    *("draw", "reveal", "burn", "destroy", "vanish", "purge", "pick_up", "war", "civil_war"),
    *("war_end", "direction", "out"),
)
"""The recommended auto kinds this module compares (``return`` and ``forfeit`` are inputs)."""
FIELDS = {
    "reveal": ("seat", "card"),
    "out": ("seat", "place"),
    "pick_up": ("seat", "cards"),
    "purge": ("cards",),
    "burn": ("seat",),
    "destroy": ("seat",),
    "vanish": ("seat",),
}
"""The fields of an auto event compared (when the record writes them); others by count."""

Record = dict[str, Any]


# --- cards -----------------------------------------------------------------------------------


def card_key(card: str) -> tuple[int, int]:
    if card == JOKER:
        return (len(RANKS), 0)
    return (RANKS.index(card[0]), SUITS.index(card[1]))


def canonical(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=card_key)


def make_deck(deck: str, jokers: int) -> list[str]:
    one = [rank + suit for suit in SUITS for rank in RANKS]
    if deck == "single":
        return one + [JOKER] * jokers
    double = one + one
    for card in ("6H", "6D", "6C", FOURER):
        double.remove(card)
    return double + [JOKER] * jokers


def sub_multisets(cards: list[str]) -> list[list[str]]:
    """Every distinct non-empty sub-multiset of ``cards``, each in canonical order."""
    counts = Counter(cards)
    distinct = canonical(counts)
    result = []
    for picks in itertools.product(*(range(counts[c] + 1) for c in distinct)):
        chosen = [c for c, k in zip(distinct, picks, strict=True) for _ in range(k)]
        if chosen:
            result.append(chosen)
    return result


def suits_of(rank: str) -> str:
    """The suits a card of this rank can be (a joker is never the 4♠)."""
    return "HDC" if rank == "4" else SUITS


def start_key(card: str) -> int | None:
    if card == JOKER or card[0] == "2":
        return None
    return 10 if card == FOURER else VALUE[card[0]]


def remove_cards(zone: list[str], cards: list[str]) -> None:
    for card in cards:
        zone.remove(card)


# --- the game --------------------------------------------------------------------------------


class Refused(Exception):
    """The record cannot be followed further (a choice the rules do not allow)."""


@dataclass
class Layer:
    """One play on the pile. ``ids`` is what each card counts as (a joker: its declaration).
    A ghost (what a 666 or KKK leaves) has no cards and one id: its requirement."""

    seat: int
    cards: list[str]
    ids: list[str]
    ghost: bool = False


@dataclass
class Seat:
    hand: list[str]
    up: list[str]
    down: list[str | None]
    out: bool = False
    forfeited: bool = False

    @property
    def active(self) -> bool:
        return not self.out and not self.forfeited

    def count(self) -> int:
        return len(self.hand) + len(self.up) + sum(1 for c in self.down if c is not None)

    def source(self) -> str | None:
        if self.hand:
            return "hand"
        if self.up:
            return "up"
        if any(c is not None for c in self.down):
            return "down"
        return None

    def cards_of(self, source: str) -> list[str]:
        return self.hand if source == "hand" else self.up


@dataclass
class War:
    warriors: set[int]
    direction: int
    declarer: int
    last: int
    jacks: int = 0
    down: bool = False


@dataclass
class Adding:
    """An 8 whose additional play is owed: where it was laid (for a lapse) and the bound."""

    seat: int
    origin: str  # the rule it was laid under: normal, change, add, war_up, war_down
    bound: int | None


@dataclass
class Judged:
    legal: bool
    sets_suit: bool
    kind: str


@dataclass
class Ask:
    """One player's decision: every legal action string and what it does."""

    seat: int
    ctx: str
    options: dict[str, Callable[[], None]]
    lapse: Callable[[], None]
    forced: bool = False


@dataclass
class Offers:
    """Join or toss offers made to everyone at once (A5), laid in ``order``."""

    ctx: str
    options: dict[int, dict[str, Callable[[], None]]]
    order: list[int]
    then: Callable[[dict[int, str]], None]


@dataclass
class NeedReturn:
    """A 666 waits for the order of the burnt cards put under the stock."""

    then: Callable[[list[str]], None]


class Game:
    """The rules, step by step. ``waiting`` is what the game waits for next (None when over)."""

    def __init__(
        self, n: int, dealer: int, deck: list[str], seats: list[Seat], stock: list[str]
    ) -> None:
        self.n = n
        self.dealer = dealer
        self.deck = deck
        self.seats = seats
        self.stock = stock
        self.pile: list[Layer] = []
        self.burnt: list[str] = []
        self.grave: list[str] = []
        self.gone: list[str] = []  # cards of forfeited players
        self.direction = 1
        self.change = False  # outside war: following a suit (R9)
        self.war: War | None = None
        self.adding: Adding | None = None
        self.finish: list[int] = []  # seats that went out, in order
        self.forfeits: list[int] = []
        self.plays = 0
        self.over = False
        self.result: str | None = None
        self.ranking: list[int] = []
        self.idiot: int | None = None
        self.autos: list[Record] = []
        self.problems: list[str] = []
        self.waiting: Ask | Offers | NeedReturn | None = None
        self.four_by: int | None = None  # who completed four alike in a join round

    # --- small helpers -----------------------------------------------------------------------

    def emit(self, kind: str, **fields: Any) -> None:
        self.autos.append({"auto": kind, **fields})

    def take_autos(self) -> list[Record]:
        autos, self.autos = self.autos, []
        return autos

    def active_seats(self) -> list[int]:
        return [s for s in range(self.n) if self.seats[s].active]

    def next_active(self, seat: int) -> int:
        for k in range(1, self.n + 1):
            s = (seat + self.direction * k) % self.n
            if self.seats[s].active:
                return s
        raise AssertionError("no active player")

    def next_warrior(self, seat: int) -> int:
        assert self.war is not None
        for k in range(1, self.n + 1):
            s = (seat + self.war.direction * k) % self.n
            if s in self.war.warriors:
                return s
        raise AssertionError("no warrior")

    def from_dealers_left(self) -> list[int]:
        return [(self.dealer + 1 + k) % self.n for k in range(self.n)]

    def top(self) -> Layer | None:
        return self.pile[-1] if self.pile else None

    def pile_cards(self) -> list[str]:
        return [c for layer in self.pile for c in layer.cards]

    def run(self, rank: str) -> int:
        """Cards of ``rank`` at the top of the pile, down to another rank or a ghost (R7.4)."""
        count = 0
        for layer in reversed(self.pile):
            if layer.ghost or layer.ids[0][0] != rank:
                break
            count += len(layer.ids)
        return count

    def kind(self, ids: list[str]) -> str:
        """What a play is, in the order of §12: fourer, ten, four, combo, eight, ace, two, plain."""
        rank = ids[0][0]
        if ids == [FOURER]:
            return "fourer"
        if rank == "T":
            return "ten"
        if len(ids) >= 4 or len(ids) + self.run(rank) >= 4:
            return "four"
        if len(ids) == 3 and rank in "6K":
            return "combo"
        return {"8": "eight", "A": "ace", "2": "two"}.get(rank, "plain")

    def rule(self, ctx: str) -> str:
        if ctx == "must_add":
            return "war_add" if self.war else "add"
        if self.war:
            return "war_down" if self.war.down else "war_up"
        return "change" if self.change else "normal"

    def judge(self, rule: str, ids: list[str]) -> Judged:
        """Is this play legal under ``rule``, and does its top card set a suit to follow?"""
        kind = self.kind(ids)
        rank = ids[0][0]
        value = VALUE[rank]
        suits = {c[1] for c in ids}
        top = self.top()
        top_card = top.ids[-1] if top else None
        discard = kind in ("fourer", "ten", "four")
        if rule == "normal":  # R8.1
            floor = None  # an empty pile or a 2 on top (A15)
            if top is not None and (top.ghost or top.ids[-1][0] != "2"):
                floor = VALUE[top.ids[-1][0]]
            legal = kind in ("fourer", "ten") or rank == "2" or floor is None or value >= floor
            return Judged(legal, False, kind)
        if rule == "add":  # R9.1: any additional play
            return Judged(True, kind in ("plain", "two", "combo"), kind)
        assert top_card is not None
        top_suit, top_value = top_card[1], VALUE[top_card[0]]
        if rule == "change":  # R9.3
            if discard or kind == "ace":
                return Judged(True, False, kind)
            if kind in ("two", "eight"):
                return Judged(top_suit in suits, kind == "two", kind)
            return Judged(top_suit in suits and value > top_value, True, kind)
        if rule == "war_up":  # R10.5
            if discard:
                return Judged(True, False, kind)
            if kind in ("combo", "two"):
                return Judged(False, False, kind)
            return Judged(value >= top_value, False, kind)
        if rule == "war_add":  # R10.6: the additional play after an 8 in war
            assert self.adding is not None
            if rank == "8" or kind == "combo":
                return Judged(False, False, kind)
            if discard:
                return Judged(True, False, kind)
            bound = self.adding.bound
            return Judged(bound is None or value < bound, True, kind)
        # war_down, R10.6
        if discard:
            return Judged(True, False, kind)
        if kind == "combo":
            return Judged(False, False, kind)
        if kind == "eight":
            return Judged(top_suit in suits, False, kind)
        return Judged(top_suit in suits and value < top_value, True, kind)

    def joker_ids(self, rule: str) -> list[tuple[str, str]]:
        """(what the joker counts as, how it is written) for every legal declaration (A3)."""
        result = []
        for rank in RANKS:
            suits = suits_of(rank)
            legal = []
            sets = False
            for suit in suits:
                judged = self.judge(rule, [rank + suit])
                if judged.legal:
                    legal.append(suit)
                    sets = sets or judged.sets_suit
            if not legal:
                continue
            if len(legal) == len(suits) and not sets:
                result.append((rank + suits[0], rank))
            else:
                result += [(rank + suit, rank + suit) for suit in legal]
        return result

    def plays_from(self, seat: int, rule: str) -> dict[str, tuple[list[str], list[str]]]:
        """Every legal play from the hand or face-up cards: label → (cards, what they count as)."""
        player = self.seats[seat]
        source = player.source()
        assert source in ("hand", "up")
        cards = player.cards_of(source)
        result: dict[str, tuple[list[str], list[str]]] = {}
        ranks: dict[str, list[str]] = {}
        for card in cards:
            if card not in (JOKER, FOURER):
                ranks.setdefault(card[0], []).append(card)
        for group in ranks.values():
            for chosen in sub_multisets(group):
                judged = self.judge(rule, chosen)
                if not judged.legal:
                    continue
                if not judged.sets_suit:
                    result[" ".join(chosen)] = (chosen, chosen)
                    continue
                for top in dict.fromkeys(chosen):
                    order = list(chosen)
                    order.remove(top)
                    order.append(top)
                    result[" ".join(order)] = (order, order)
        if FOURER in cards and self.judge(rule, [FOURER]).legal:
            result[FOURER] = ([FOURER], [FOURER])
        if JOKER in cards:
            for counts_as, label in self.joker_ids(rule):
                result[f"X={label}"] = ([JOKER], [counts_as])
        return result

    def may_declare(self, seat: int, ids: list[str], beneath: Layer | None, left: int) -> bool:
        """R10.1, for a play on a ``turn`` in normal mode; ``left``: cards the player keeps."""
        if self.war or self.change or beneath is None or beneath.ghost:
            return False
        if beneath.seat == seat or not self.seats[beneath.seat].active:
            return False
        if self.kind(ids) not in ("plain", "ace"):
            return False
        if beneath.ids[-1][0] != ids[0][0]:
            return False
        return left > 0 or bool(self.stock)

    # --- decisions -----------------------------------------------------------------------------

    def ask_play(self, seat: int, ctx: str) -> None:
        """A play decision: ``turn``, ``extra``, ``must_add`` or ``war_turn``."""
        player = self.seats[seat]
        rule = self.rule(ctx)
        source = player.source()
        options: dict[str, Callable[[], None]] = {}
        if source in ("hand", "up"):
            assert source is not None
            for label, (cards, ids) in self.plays_from(seat, rule).items():
                play = partial(self.play, seat, ctx, source, cards, ids)
                options[f"play {source} {label}"] = partial(play, False)
                beneath = self.top()
                if ctx == "turn" and self.may_declare(
                    seat, ids, beneath, player.count() - len(cards)
                ):
                    options[f"play {source} {label} war"] = partial(play, True)
        elif source == "down":
            for position, card in enumerate(player.down):
                if card is not None:
                    options[f"blind {position}"] = partial(self.blind, seat, ctx, position)
        has_play = bool(options)
        if self.stock:
            options["chance"] = partial(self.chance, seat, ctx)
        if ctx == "turn":
            if self.pile:
                options["pick_up"] = partial(self.pick_up_action, seat)
        elif ctx in ("war_turn", "must_add") and not has_play:
            options["pick_up"] = partial(self.pick_up_action, seat)
        forced = ctx in ("war_turn", "must_add") and list(options) == ["pick_up"]
        self.waiting = Ask(seat, ctx, options, partial(self.lapse_play, seat, ctx), forced)

    def lapse_play(self, seat: int, ctx: str) -> None:
        """The player of a pending play decision forfeited (R13.4)."""
        if ctx == "must_add":
            self.lapse_eight()
        if ctx in ("turn", "extra") and self.war is None:
            self.ask_play(self.next_active(seat), "turn")
            return
        self.carry_on(seat)

    def play(
        self, seat: int, ctx: str, source: str, cards: list[str], ids: list[str], war: bool
    ) -> None:
        self.plays += 1
        player = self.seats[seat]
        remove_cards(player.cards_of(source), cards)
        self.resolve(seat, ctx, cards, ids, declare=war)

    def blind(self, seat: int, ctx: str, position: int) -> None:
        self.plays += 1
        player = self.seats[seat]
        card = player.down[position]
        assert card is not None
        player.down[position] = None
        self.emit("reveal", seat=seat, card=card, **{"from": "face_down"})
        self.revealed(seat, ctx, card)

    def chance(self, seat: int, ctx: str) -> None:
        self.plays += 1
        card = self.stock.pop(0)
        self.emit("reveal", seat=seat, card=card, **{"from": "stock"})
        self.revealed(seat, ctx, card)

    def revealed(self, seat: int, ctx: str, card: str) -> None:
        """A chance or blind card (R11.1, R11.2): laid if legal as a single card, else picked up."""
        rule = self.rule(ctx)
        if card == JOKER:
            options: dict[str, Callable[[], None]] = {
                f"as {label}": partial(self.resolve, seat, ctx, [JOKER], [counts_as], None)
                for counts_as, label in self.joker_ids(rule)
            }
            self.waiting = Ask(seat, "joker", options, partial(self.lapse_joker, seat, ctx))
            return
        if self.judge(rule, [card]).legal:
            self.resolve(seat, ctx, [card], [card], None)
        else:
            self.pick_up(seat, [card])

    def lapse_joker(self, seat: int, ctx: str) -> None:
        """A11: a revealed joker whose owner forfeits leaves the game with them."""
        self.gone.append(JOKER)
        self.lapse_play(seat, ctx)

    def pick_up_action(self, seat: int) -> None:
        self.plays += 1
        self.pick_up(seat, [])

    def pick_up(self, seat: int, extra: list[str]) -> None:
        """R11.3 and R10.8 a: the pile (and a failed chance or blind card) into the hand."""
        cards = self.pile_cards() + extra
        self.seats[seat].hand += cards
        self.pile = []
        self.change = False
        self.adding = None
        self.emit("pick_up", seat=seat, cards=cards)
        resume_after = seat
        if self.war:
            resume_after = self.war.declarer
            self.end_war()
        self.refill(seat)
        if self.plays == CAP:
            self.cap()
            return
        self.ask_play(self.next_active(resume_after), "turn")

    # --- resolving a play (§12) ------------------------------------------------------------

    def resolve(
        self, seat: int, ctx: str, cards: list[str], ids: list[str], declare: bool | None
    ) -> None:
        """Lay the cards and apply §12 steps 1–7; ``declare`` None: ask ``war?`` if eligible."""
        rule = self.rule(ctx)
        kind = self.kind(ids)
        beneath = self.top()
        player = self.seats[seat]
        eligible = False
        if declare is None:
            eligible = ctx == "turn" and self.may_declare(seat, ids, beneath, player.count())
        self.pile.append(Layer(seat, list(cards), list(ids)))
        jacks = sum(1 for c in ids if c[0] == "J")
        if self.war:
            self.war.jacks += jacks
        elif jacks % 2:
            self.direction = -self.direction
            self.emit("direction")
        if kind in ("fourer", "ten", "four"):
            toss_rank = ids[0][0] if kind == "four" and self.war else None
            self.adding = None
            self.discard(seat, kind)
            self.after_play(seat, "extra", toss_rank=toss_rank)
            return
        if kind == "combo":
            self.adding = None
            self.pile.pop()
            self.grave += cards
            self.pile.append(Layer(seat, [], [ids[-1]], ghost=True))
            self.change = rule in ("change", "add")
            self.emit("vanish", seat=seat)
            if ids[0][0] == "6":
                self.waiting = NeedReturn(partial(self.after_666, seat))
                return
            kept = [c for c in self.stock if c in (JOKER, FOURER) or c[1] not in "SC"]
            purged = [c for c in self.stock if c not in kept]
            self.stock = kept
            self.grave += purged
            self.emit("purge", cards=purged)
            self.after_play(seat, None)
            return
        if kind == "eight":
            bound = None
            if rule == "war_down" and beneath is not None:
                bound = VALUE[beneath.ids[-1][0]]
            self.adding = Adding(seat, rule, bound)
            self.after_play(seat, "must_add")
            return
        # plain cards, aces, 2s: the requirement (step 7)
        self.adding = None
        if rule in ("change", "add"):
            self.change = kind != "ace"
        elif rule == "war_up":
            self.civil_war(beneath)
        elif rule == "war_add":
            assert self.war is not None
            self.war.down = True
        if declare is None and eligible:
            assert beneath is not None
            a = beneath.seat
            self.waiting = Ask(
                seat,
                "war?",
                {
                    "war": partial(self.after_play, seat, None, a),
                    "no_war": partial(self.after_play, seat, None, None),
                },
                partial(self.carry_on, seat),
            )
            return
        self.after_play(seat, None, beneath.seat if declare and beneath else None)

    def civil_war(self, beneath: Layer | None) -> None:
        """R10.5: a war-up play of the same value as the war play beneath it."""
        assert self.war is not None
        top = self.pile[-1]
        if beneath is None or beneath.ghost or beneath.ids[-1][0] != top.ids[-1][0]:
            return
        rank = top.ids[-1][0]
        laid = set()
        for layer in reversed(self.pile):
            if layer.ghost or layer.ids[0][0] != rank:
                break
            laid.add(layer.seat)
        warriors = self.war.warriors & laid
        if warriors != self.war.warriors:
            self.war.warriors = warriors
            self.emit("civil_war", warriors=sorted(warriors))

    def discard(self, seat: int, kind: str) -> None:
        """R8.2: a 10 or four alike burns the pile, the 4♠ destroys it (or burns itself)."""
        cards = self.pile_cards()
        if kind == "fourer" and len(cards) > 1:
            self.grave += cards
            self.emit("destroy", seat=seat)
        else:
            self.burnt += cards
            self.emit("burn", seat=seat)
        self.pile = []
        self.change = False
        if self.war:
            self.end_war()

    def after_666(self, seat: int, order: list[str]) -> None:
        """R8.3 b, c: the burnt pile under the stock, then everyone draws up to three."""
        if Counter(order) != Counter(self.burnt):
            raise Refused(f"the 666's return {order} is not the burnt pile {canonical(self.burnt)}")
        self.stock += order
        self.burnt = []
        for k in range(self.n):
            self.refill((seat + self.direction * k) % self.n)
        self.after_play(seat, None)

    def end_war(self) -> None:
        """R10.8: the final direction is the war direction, reversed by an odd jack count."""
        assert self.war is not None
        final = -self.war.direction if self.war.jacks % 2 else self.war.direction
        if final != self.direction:
            self.emit("direction")
        self.direction = final
        self.war = None
        self.change = False
        self.emit("war_end")

    def after_play(
        self, seat: int, owed: str | None, war_with: int | None = None, toss_rank: str | None = None
    ) -> None:
        """§12 steps 8–11: war, refill, out check, the move cap, then the next decision."""
        capped = self.plays == CAP
        if war_with is not None and not capped:
            self.war = War({war_with, seat}, self.direction, seat, seat)
            self.emit("war")
        self.refill(seat)
        self.check_out(seat)
        if self.over:
            return
        if capped:
            self.cap()
            return
        if owed == "extra":
            if toss_rank is not None:
                self.offer_tosses(seat, toss_rank)
            else:
                self.extra_or_next(seat)
            return
        if owed == "must_add":
            if self.seats[seat].active:
                self.ask_play(seat, "must_add")
                return
            self.lapse_eight()  # A1: going out on an 8
        if war_with is not None:
            self.offer_joins(seat)
            return
        self.carry_on(seat)

    def lapse_eight(self) -> None:
        """A1, A11: the 8 counts as a plain 8 in the suit of its top card."""
        adding = self.adding
        if adding is None:
            return
        self.adding = None
        if adding.origin == "normal":
            self.change = False
        elif adding.origin in ("change", "add"):
            self.change = True
        elif adding.origin == "war_up" and self.war:
            self.civil_war(self.pile[-2] if len(self.pile) > 1 else None)

    def carry_on(self, seat: int) -> None:
        """After an ordinary play by ``seat`` (who may have gone out or forfeited)."""
        if self.war:
            if len(self.war.warriors) < 2:
                self.collapse_war()
                return
            self.ask_play(self.next_warrior(seat), "war_turn")
            return
        self.ask_play(self.next_active(seat), "turn")

    def collapse_war(self) -> None:
        """R10.8 c: fewer than two warriors; normal mode, next player after the declarer."""
        assert self.war is not None
        declarer = self.war.declarer
        self.lapse_eight()
        self.end_war()
        self.ask_play(self.next_active(declarer), "turn")

    def extra_or_next(self, seat: int) -> None:
        """The additional turn after a burn, or the next player if the burner went out."""
        if self.seats[seat].active:
            self.ask_play(seat, "extra")
        else:
            self.ask_play(self.next_active(seat), "turn")

    def refill(self, seat: int) -> None:
        """R6.7: up to three hand cards while the stock lasts."""
        player = self.seats[seat]
        if not player.active:
            return
        drawn: list[str] = []
        while len(player.hand) + len(drawn) < 3 and self.stock:
            drawn.append(self.stock.pop(0))
        if drawn:
            player.hand += drawn
            self.emit("draw", seat=seat, cards=drawn)

    def check_out(self, seat: int) -> None:
        """R13.1, R13.2."""
        player = self.seats[seat]
        if not player.active or player.count() > 0:
            return
        player.out = True
        self.finish.append(seat)
        self.emit("out", seat=seat, place=len(self.finish))
        if self.war:
            self.war.warriors.discard(seat)
        if len(self.active_seats()) <= 1:
            self.end_game()

    def end_game(self) -> None:
        left = self.active_seats()
        self.idiot = left[0] if left else None
        self.ranking = self.finish + left + self.forfeits[::-1]
        self.result = "finished"
        self.over = True
        self.waiting = None

    def cap(self) -> None:
        """R13.5, A14."""
        order = self.from_dealers_left()
        left = sorted(self.active_seats(), key=lambda s: (self.seats[s].count(), order.index(s)))
        self.idiot = left[-1]
        self.ranking = self.finish + left + self.forfeits[::-1]
        self.result = "capped"
        self.over = True
        self.waiting = None

    # --- joins and tosses (R10.3, R10.9, A5, A7) -----------------------------------------

    def publicly_cannot(self, seat: int, rank: str, jokers: bool) -> bool:
        player = self.seats[seat]
        source = player.source()
        if source not in ("hand", "up"):
            return True

        def counts(card: str) -> bool:
            return (card[0] == rank and card != FOURER) or (jokers and card == JOKER)

        if source == "up" and not any(counts(c) for c in player.up):
            return True
        public = self.pile_cards() + self.burnt + self.grave
        for s in range(self.n):
            if s != seat or source == "hand":
                public += self.seats[s].up
        seen = sum(1 for c in public if counts(c))
        return seen == sum(1 for c in self.deck if counts(c))

    def round_from(self, seat: int, direction: int) -> list[int]:
        return [(seat + direction * k) % self.n for k in range(1, self.n)]

    def offer_joins(self, declarer: int) -> None:
        assert self.war is not None
        rank = self.pile[-1].ids[-1][0]
        order = [
            s
            for s in self.round_from(declarer, self.war.direction)
            if self.seats[s].active
            and s not in self.war.warriors
            and not self.publicly_cannot(s, rank, jokers=True)
        ]
        if not order:
            self.ask_play(self.next_warrior(declarer), "war_turn")
            return
        offers = {}
        for s in order:
            player = self.seats[s]
            source = player.source()
            assert source is not None
            cards = player.cards_of(source)
            options: dict[str, Callable[[], None]] = {"pass": lambda: None}
            group = [c for c in cards if c[0] == rank and c != FOURER]
            for chosen in sub_multisets(group):
                lay = partial(self.lay_join, s, source, chosen, chosen)
                options[f"join {source} {' '.join(chosen)}"] = lay
            if JOKER in cards:
                counts_as = rank + suits_of(rank)[0]
                options[f"join {source} X={rank}"] = partial(
                    self.lay_join, s, source, [JOKER], [counts_as]
                )
            offers[s] = options
        self.waiting = Offers("join", offers, order, partial(self.lay_joins, rank))

    def lay_joins(self, rank: str, answers: dict[int, str]) -> None:
        waiting = self.waiting
        assert isinstance(waiting, Offers)
        self.four_by = None
        for s in waiting.order:
            act = answers.get(s, "pass")
            if act == "pass" or self.over or self.war is None or not self.seats[s].active:
                continue  # a join after a four alike lapses
            waiting.options[s][act]()
        if self.over:
            return
        if self.four_by is not None:
            self.offer_tosses(self.four_by, rank)
            return
        assert self.war is not None
        if len(self.war.warriors) < 2:
            self.collapse_war()
            return
        self.ask_play(self.next_warrior(self.war.last), "war_turn")

    def lay_join(self, seat: int, source: str, cards: list[str], ids: list[str]) -> None:
        assert self.war is not None
        player = self.seats[seat]
        remove_cards(player.cards_of(source), cards)
        kind = self.kind(ids)
        self.pile.append(Layer(seat, list(cards), list(ids)))
        self.war.jacks += sum(1 for c in ids if c[0] == "J")
        if kind == "four":
            self.discard(seat, kind)
            self.four_by = seat
        else:
            self.war.warriors.add(seat)
            self.war.last = seat
        self.refill(seat)
        self.check_out(seat)

    def offer_tosses(self, discarder: int, rank: str) -> None:
        order = [
            s
            for s in self.round_from(discarder, self.direction)
            if self.seats[s].active and not self.publicly_cannot(s, rank, jokers=False)
        ]
        if not order:
            self.extra_or_next(discarder)
            return
        offers = {}
        for s in order:
            player = self.seats[s]
            source = player.source()
            assert source is not None
            options: dict[str, Callable[[], None]] = {"pass": lambda: None}
            group = [c for c in player.cards_of(source) if c[0] == rank and c != FOURER]
            for chosen in sub_multisets(group):
                options[f"toss {source} {' '.join(chosen)}"] = partial(
                    self.lay_toss, s, source, chosen
                )
            offers[s] = options
        self.waiting = Offers("toss", offers, order, partial(self.lay_tosses, discarder))

    def lay_tosses(self, discarder: int, answers: dict[int, str]) -> None:
        waiting = self.waiting
        assert isinstance(waiting, Offers)
        for s in waiting.order:
            act = answers.get(s, "pass")
            if act == "pass" or self.over or not self.seats[s].active:
                continue
            waiting.options[s][act]()
        if not self.over:
            self.extra_or_next(discarder)

    def lay_toss(self, seat: int, source: str, cards: list[str]) -> None:
        remove_cards(self.seats[seat].cards_of(source), cards)
        self.burnt += cards
        self.refill(seat)
        self.check_out(seat)

    # --- forfeits (R13.4) ------------------------------------------------------------------

    def forfeit(self, seat: int) -> None:
        player = self.seats[seat]
        if not player.active:
            raise Refused(f"seat {seat} forfeits but is not playing")
        self.gone += player.hand + player.up + [c for c in player.down if c is not None]
        player.hand, player.up, player.down = [], [], [None, None, None]
        player.forfeited = True
        self.forfeits.append(seat)
        waiting = self.waiting
        if self.war:
            self.war.warriors.discard(seat)
        if len(self.active_seats()) <= 1:
            self.end_game()
            return
        if isinstance(waiting, Offers):
            waiting.options.pop(seat, None)
            return
        if isinstance(waiting, Ask) and waiting.seat == seat:
            waiting.lapse()
            return
        if self.war and len(self.war.warriors) < 2:
            self.collapse_war()
        elif isinstance(waiting, Ask) and waiting.ctx in PLAY_CTXS:
            self.ask_play(waiting.seat, waiting.ctx)  # e.g. a war variant on their cards lapses


# --- the check -------------------------------------------------------------------------------


def check(record: Record) -> list[str]:
    """Every disagreement between the record and this reading of the rules (empty: none)."""
    replay = Replay(record)
    try:
        replay.run()
    except Refused as refused:
        replay.problem(str(refused))
    except (KeyError, TypeError, ValueError, IndexError) as broken:
        replay.problem(f"the record cannot be read: {broken!r}")
    return replay.problems


def deal(shuffle: list[str], n: int, dealer: int) -> tuple[list[Seat], list[str]]:
    """R3.1: from the dealer's left, one card at a time: 3 face down, 3 face up, 3 in hand."""
    seats = [Seat([], [], []) for _ in range(n)]
    position = 0
    for round_ in range(9):
        for k in range(n):
            seat = seats[(dealer + 1 + k) % n]
            card = shuffle[position]
            position += 1
            if round_ < 3:
                seat.down.append(card)
            elif round_ < 6:
                seat.up.append(card)
            else:
                seat.hand.append(card)
    return seats, list(shuffle[position:])


def find_starter(game: Game) -> int:
    """R5: the lowest start key; ties and no key: first clockwise from the dealer's left."""
    keys: dict[int, int] = {}
    for s in game.from_dealers_left():
        found = [k for k in map(start_key, game.seats[s].hand) if k is not None]
        if found:
            keys[s] = min(found)
    if not keys:
        return game.from_dealers_left()[0]
    lowest = min(keys.values())
    return next(s for s in game.from_dealers_left() if keys.get(s) == lowest)


def norm_action(action: str) -> str:
    """An action with its cards sorted, to tell "wrong order" from "not allowed"."""
    words = action.split()
    if words and words[0] in ("arrange", "play", "join", "toss"):
        head = [w for w in words if w in ("arrange", "play", "join", "toss", "hand", "up")]
        tail = [w for w in words[len(head) :] if w == "war"]
        cards = [w for w in words[len(head) :] if w != "war"]
        return " ".join(head + sorted(cards) + tail)
    return action


class Replay:
    def __init__(self, record: Record) -> None:
        self.record = record
        self.problems: list[str] = []
        self.listed = set(record.get("autos") or [])
        self.window: list[Record] = []

    def problem(self, text: str) -> None:
        self.problems.append(text)

    def same(self, name: str, recorded: object, expected: object) -> None:
        if recorded != expected:
            self.problem(f"{name} is {recorded!r}, the rules give {expected!r}")

    # --- setup -----------------------------------------------------------------------------

    def run(self) -> None:
        record = self.record
        self.same("format", record.get("format"), FORMAT)
        players = record["players"]
        n = len(players)
        kind = record.get("deck")
        if kind not in ("single", "double"):
            raise Refused(f"deck is {kind!r}, not single or double")
        if (kind == "single" and not 3 <= n <= 5) or (kind == "double" and not 3 <= n <= 10):
            self.problem(f"{n} players with a {kind} deck (R2.1)")
        jokers = record.get("jokers", 2 if kind == "single" else 4)
        self.same("jokers", jokers, 2 if kind == "single" else 4)
        dealer = record["dealer"]
        if not 0 <= dealer < n:
            raise Refused(f"dealer {dealer} is not a seat")
        deck = make_deck(kind, jokers)
        shuffle = list(record["shuffle"])
        if Counter(shuffle) != Counter(deck):
            raise Refused(f"shuffle is not the {kind} deck with {jokers} jokers")
        seats, stock = deal(shuffle, n, dealer)
        self.check_deal(record.get("deal"), seats)
        result = record.get("result")
        if result not in RESULTS:
            self.problem(f"result {result!r} is not one of {RESULTS}")
        events = record.get("events") or []
        if not self.arrange(record.get("arrange") or [], seats, stuck_ok=not events):
            return
        game = Game(n, dealer, deck, seats, stock)
        starter = find_starter(game)
        self.same("starter", record.get("starter"), starter)
        game.ask_play(starter, "turn")
        self.walk(game, events)

    def check_deal(self, recorded: Any, seats: list[Seat]) -> None:
        if recorded is None:
            return
        if len(recorded) != len(seats):
            self.problem(f"deal has {len(recorded)} seats, not {len(seats)}")
            return
        for s, (entry, seat) in enumerate(zip(recorded, seats, strict=True)):
            if list(entry.get("face_down", [])) != seat.down:
                self.problem(f"deal[{s}].face_down is {entry.get('face_down')}, dealt {seat.down}")
            for name, cards in (("face_up", seat.up), ("hand", seat.hand)):
                if Counter(entry.get(name, [])) != Counter(cards):
                    self.problem(f"deal[{s}].{name} is {entry.get(name)}, dealt {cards}")

    def arrange(self, entries: list[Record], seats: list[Seat], stuck_ok: bool) -> bool:
        """R4: each seat chooses its three face-up cards of the six; False if play cannot start."""
        seen: set[int] = set()
        for index, entry in enumerate(entries):
            s = entry.get("seat")
            where = f"arrange[{index}] (seat {s})"
            if not isinstance(s, int) or not 0 <= s < len(seats) or s in seen:
                raise Refused(f"{where}: not a seat, or a second arrangement")
            seen.add(s)
            seat = seats[s]
            six = seat.hand + seat.up
            legal = {
                "arrange " + " ".join(canonical(three)) for three in itertools.combinations(six, 3)
            }
            self.compare_legal(where, legal, entry.get("legal"))
            act = entry.get("act")
            if act not in legal:
                raise Refused(f"{where}: act {act!r} is not one of the rules' {sorted(legal)}")
            up = act.split()[1:]
            hand = list(six)
            remove_cards(hand, up)
            seat.up, seat.hand = up, hand
        missing = [s for s in range(len(seats)) if s not in seen]
        if missing:
            if stuck_ok:
                return False
            self.problem(f"arrange lacks seats {missing}")
        return True

    # --- events ----------------------------------------------------------------------------

    def compare_legal(self, where: str, mine: set[str], recorded: Any) -> None:
        if not isinstance(recorded, list):
            self.problem(f"{where}: legal is {recorded!r}, not a list")
            return
        theirs = set(recorded)
        if len(theirs) != len(recorded):
            doubled = sorted(a for a, k in Counter(recorded).items() if k > 1)
            self.problem(f"{where}: legal lists {doubled} more than once")
        missing, extra = sorted(mine - theirs), sorted(theirs - mine)
        if missing:
            self.problem(f"{where}: legal lacks {missing}")
        if extra:
            self.problem(f"{where}: legal has {extra}, which the rules do not allow")

    def choose(self, where: str, options: dict[str, Any], act: Any, recorded: Any) -> str:
        """The option the record's act names (it must be legal by the rules and listed)."""
        if isinstance(recorded, list) and act not in recorded:
            self.problem(f"{where}: act {act!r} is not in the record's own legal list")
        if act in options:
            return str(act)
        same = [a for a in options if isinstance(act, str) and norm_action(a) == norm_action(act)]
        if len(same) == 1:
            self.problem(f"{where}: act {act!r} is written {same[0]!r} in canonical order")
            return same[0]
        raise Refused(f"{where}: act {act!r} is not allowed; the rules allow {sorted(options)}")

    def walk(self, game: Game, events: list[Record]) -> None:
        index = 0
        while index < len(events):
            event = events[index]
            where = f"events[{index}]"
            waiting = game.waiting
            if isinstance(waiting, Ask) and waiting.forced:
                ahead = index  # past the autos the last decision produced
                while ahead < len(events) and events[ahead].get("auto") in RECOMMENDED:
                    ahead += 1
                upcoming = events[ahead] if ahead < len(events) else {}
                if not (upcoming.get("seat") == waiting.seat and upcoming.get("act") == "pick_up"):
                    waiting.options["pick_up"]()  # A13: applied without asking
                    continue
            if "auto" in event:
                self.auto(game, event, where)
                index += 1
                continue
            if game.over:
                raise Refused(f"{where}: a decision after the game ended")
            if isinstance(waiting, NeedReturn):
                raise Refused(f"{where}: no return event after the 666")
            self.compare_autos(game, where)
            if isinstance(waiting, Ask):
                self.decide(waiting, event, where)
                index += 1
            else:
                assert isinstance(waiting, Offers)
                index = self.offers(game, waiting, events, index)
        self.finish(game)

    def auto(self, game: Game, event: Record, where: str) -> None:
        kind = event["auto"]
        if kind == "return":
            waiting = game.waiting
            if not isinstance(waiting, NeedReturn):
                self.problem(f"{where}: a return event without a 666")
                return
            waiting.then(list(event.get("order", [])))
        elif kind == "forfeit":
            if game.over:
                raise Refused(f"{where}: a forfeit after the game ended")
            game.forfeit(event["seat"])
        else:
            self.window.append(event)

    def decide(self, waiting: Ask, event: Record, where: str) -> None:
        seat = event.get("seat")
        if seat != waiting.seat:
            raise Refused(
                f"{where}: seat {seat} decides ({event.get('ctx')}); the rules wait for seat "
                f"{waiting.seat} ({waiting.ctx})"
            )
        where = f"{where} (seat {seat}, {waiting.ctx})"
        if event.get("ctx") != waiting.ctx:
            self.problem(f"{where}: ctx is {event.get('ctx')!r}, the rules give {waiting.ctx!r}")
        self.compare_legal(where, set(waiting.options), event.get("legal"))
        waiting.options[self.choose(where, waiting.options, event.get("act"), event.get("legal"))]()

    def offers(self, game: Game, waiting: Offers, events: list[Record], index: int) -> int:
        """A round of join or toss offers: every answer first (any order), then the round."""
        answers: dict[int, str] = {}
        while index < len(events) and set(waiting.options) - set(answers):
            event = events[index]
            where = f"events[{index}]"
            index += 1
            if "auto" in event:
                if event["auto"] == "forfeit" and isinstance(event.get("seat"), int):
                    answers.pop(event["seat"], None)
                self.auto(game, event, where)
                if game.over:
                    return index
                continue
            seat = event.get("seat")
            if seat not in waiting.options or seat in answers:
                raise Refused(
                    f"{where}: seat {seat} answers ({event.get('ctx')}); the rules wait for "
                    f"{waiting.ctx} answers from {sorted(set(waiting.options) - set(answers))}"
                )
            where = f"{where} (seat {seat}, {waiting.ctx})"
            if event.get("ctx") != waiting.ctx:
                self.problem(
                    f"{where}: ctx is {event.get('ctx')!r}, the rules give {waiting.ctx!r}"
                )
            options = waiting.options[seat]
            self.compare_legal(where, set(options), event.get("legal"))
            answers[seat] = self.choose(where, options, event.get("act"), event.get("legal"))
        if set(waiting.options) - set(answers):
            return index  # the record stops inside the round
        waiting.then(answers)
        return index

    def compare_autos(self, game: Game, where: str) -> None:
        recorded, mine = self.window, game.take_autos()
        self.window = []
        kinds = {a.get("auto") for a in recorded} | ({a["auto"] for a in mine} & self.listed)
        for kind in sorted(k for k in kinds if k in RECOMMENDED):
            theirs = [a for a in recorded if a.get("auto") == kind]
            ours = [a for a in mine if a["auto"] == kind]
            complete = kind in self.listed
            if kind == "draw":
                self.compare_draws(where, theirs, ours, complete)
                continue
            left = list(ours)
            for event in theirs:
                fields = [f for f in FIELDS.get(kind, ()) if f in event]
                match = next(
                    (a for a in left if self.project(a, fields) == self.project(event, fields)),
                    None,
                )
                if match is None:
                    self.problem(f"before {where}: auto {event} is not what the rules give {ours}")
                else:
                    left.remove(match)
            if complete and left:
                self.problem(f"before {where}: the record lacks auto {left}")

    @staticmethod
    def project(event: Record, fields: list[str]) -> list[Any]:
        values: list[Any] = []
        for name in fields:
            value = event.get(name)
            values.append(sorted(value) if isinstance(value, list) else value)
        return values

    def compare_draws(
        self, where: str, theirs: list[Record], ours: list[Record], complete: bool
    ) -> None:
        def by_seat(events: list[Record]) -> dict[Any, list[str]]:
            drawn: dict[Any, list[str]] = {}
            for event in events:
                drawn.setdefault(event.get("seat"), []).extend(event.get("cards", []))
            return drawn

        recorded, mine = by_seat(theirs), by_seat(ours)
        for seat in sorted(set(recorded) | (set(mine) if complete else set()), key=str):
            if recorded.get(seat, []) != mine.get(seat, []):
                self.problem(
                    f"before {where}: seat {seat} draws {recorded.get(seat, [])}, "
                    f"the rules give {mine.get(seat, [])}"
                )

    def finish(self, game: Game) -> None:
        record = self.record
        result = record.get("result")
        forced = isinstance(game.waiting, Ask) and game.waiting.forced
        if forced and (result != "abandoned" or self.window):  # autos show it was applied
            assert isinstance(game.waiting, Ask)
            game.waiting.options["pick_up"]()
        self.compare_autos(game, "the end")
        if isinstance(game.waiting, NeedReturn) and result != "abandoned":
            self.problem("the record ends without the return after a 666")
        if game.over:
            self.same("result", result, game.result)
            self.same("finish", record.get("finish"), game.ranking)
            self.same("idiot", record.get("idiot"), game.idiot)
            return
        if result != "abandoned":
            waiting = game.waiting
            who = f"seat {waiting.seat} ({waiting.ctx})" if isinstance(waiting, Ask) else "offers"
            self.problem(f"result is {result!r} but the game goes on: the rules wait for {who}")
            return
        finish = record.get("finish")
        if finish is not None and list(finish[: len(game.finish)]) != game.finish:
            self.problem(
                f"finish {finish} does not begin with the seats that went out {game.finish}"
            )
