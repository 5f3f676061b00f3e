"""A second, independent reading of the Pidro rules that checks ``pidro-record/1`` game records.

Written from ``PIDRO_RULES.md``, ``games/pidro/docs/rules.md`` and
``games/pidro/docs/record-format.md``
only, with plain strings, lists and sets, and importing nothing from ``bot/``: when the engine
and this module agree on every legal set and every derived field of many games, a misreading
of the rules would have to be made twice, the same way, to go unseen. It is what an outside
reviewer does: deal each hand again from ``deal`` and ``stock``, recompute the legal set at
every decision, compare it with the record's ``legal`` list, apply the recorded choice, and
check every field the record states.

Where the rules are silent this module follows our docs (``games/pidro/docs/rules.md``):

- **Forced 6**: after three passes the dealer is given no choice; ``bids`` holds the three
  passes only and the contract is ``{"seat": dealer, "bid": 6, "forced": true}``.
- **14 over 14**: any later seat (not only the dealer) may bid 14 over a 14 and takes the
  contract; after a 14 the open bids are ``[14]``.
- **Kills**: one choice per seat of the whole set of killed trumps; ``kill_legal[s]`` lists
  every set of ``n - 6`` trumps without points (``null`` when the seat kills nothing); a seat
  with a single possible set still has it listed. Seats kill independently, so their order
  does not matter.
- **Dealer's fill**: a dealer with fewer than six trumps keeps the first dead cards of what
  is left of the stock, in stock order, up to six cards; the rest is ``dealer_discard``.
  ``received[dealer]`` is all the dealer took; ``dealer_keeps`` is the dealer's hand once the
  dealer's kill is done.
- **End of the hand**: checked only before each trick (after the kills and after every
  trick); a trick once led is played out.
- **A leader without trumps** goes cold when the trick begins and the lead passes to the left,
  to the first seat holding a trump. A seat skipped over that way holds no trump either, and
  it goes cold at its own turn in that same trick; so ``cold`` is compared as a set.
- **A game stopped in the kill phase** (resigned, timed out or abandoned) has ``[]`` in
  ``kills`` for each seat still to choose (its ``kill_legal`` shows it must kill) and no
  ``dealer_keeps``: a missing ``dealer_keeps`` is what tells "not chosen yet" from "none".
- **Card lists** that are sets in the game (discards, kills, keeps, kept cards, legal lists)
  are compared as sets; ``received`` is compared in stock order, since that is how the stock
  is given out.

The replay never stops at the first disagreement of a hand's derived fields: it states each
one and goes on from what the rules say, so one run lists everything a reviewer would see. A
refused action (a choice outside the legal set) ends the check of that game.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

FORMAT = "pidro-record/1"
SUITS = "SHDC"
RANKS = "23456789TJQKA"
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
STRENGTH = "AKQJT98765"  # the right 5, then the wrong 5, then 4 3 2 (see ``strength``)
HAND_CARDS = 9
STOCK_CARDS = 16
HELD = 6
LOWEST_BID = 6
HIGHEST_BID = 14
FORCED_BID = 6
POINTS_PER_HAND = 14
RESULTS = ("finished", "resigned", "timeout", "abandoned")
GAME_KEYS = ("format", "players", "target", "first_dealer", "hands", "result", "winner_team")
HAND_KEYS = (
    *("dealer", "deal", "stock", "bids", "contract", "trump", "discards", "received"),
    *("dealer_keeps", "kills", "tricks", "kept_by", "points", "scores", "totals"),
)
"""The keys ``PIDRO_RULES.md`` shows; our records add ``number``, ``trump_legal``,
``kill_legal``, ``dealer_discard`` and a trick's ``points``, which are checked when present."""

Record = dict[str, Any]


class Disagreement(AssertionError):
    """The record and this reading of the rules disagree; ``problems`` says where and how."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class _Refused(Exception):
    """A recorded choice the rules do not allow: the game cannot be followed further."""


class _Incomplete(Exception):
    """A hand stopped part-way (a game resigned, timed out or abandoned mid-hand)."""


# --- the cards ------------------------------------------------------------------------------


def deck() -> list[str]:
    return [rank + suit for suit in SUITS for rank in RANKS]


def trumps_of(trump: str) -> set[str]:
    """The 13 cards of the trump suit and the other five of its colour."""
    return {rank + trump for rank in RANKS} | {"5" + SAME_COLOUR[trump]}


def strength(card: str, trump: str) -> int:
    """Higher is stronger: A K Q J 10 9 8 7 6, right 5, wrong 5, 4 3 2."""
    order = [r + trump for r in "AKQJT9876"] + ["5" + trump, "5" + SAME_COLOUR[trump]]
    order += [r + trump for r in "432"]
    return len(order) - order.index(card)


def card_points(card: str, trump: str) -> int:
    """A, J, 10 and the trump 2: 1 point; either 5: 5 points; other trumps nothing."""
    if card[0] == "5":
        return 5
    return 1 if card[0] in "AJT2" else 0


def trick_result(played: list[tuple[int, str]], trump: str) -> tuple[int, list[int]]:
    """The winner of a trick of (seat, card) plays and the points each team takes from it:
    the 2 scores for whoever played it, everything else for the winner's team."""
    winner = max(played, key=lambda p: strength(p[1], trump))[0]
    taken = [0, 0]
    for seat, card in played:
        taken[team(seat if card[0] == "2" else winner)] += card_points(card, trump)
    return winner, taken


def team(seat: int) -> int:
    return seat % 2


def left_of(seat: int, steps: int = 1) -> int:
    return (seat + steps) % 4


# --- the check ------------------------------------------------------------------------------


@dataclass
class Audit:
    """What a replay saw: the counts and every disagreement, each with where it was found."""

    games: int = 0
    hands: int = 0
    decisions: int = 0
    """Legal sets compared: every bid, trump choice, kill set list and play."""
    problems: list[str] = field(default_factory=list)

    def add(self, other: Audit) -> None:
        self.games += other.games
        self.hands += other.hands
        self.decisions += other.decisions
        self.problems += other.problems


def replay(record: Record) -> Audit:
    """Check one record; raise :class:`Disagreement` listing every problem if there are any."""
    audit = check(record)
    if audit.problems:
        raise Disagreement(audit.problems)
    return audit


def check(record: Record) -> Audit:
    """Check one record and return what was seen, problems included (never raises for them)."""
    game = _Game(record)
    try:
        game.run()
    except _Refused as refused:
        game.audit.problems.append(str(refused))
    return game.audit


class _Game:
    def __init__(self, record: Record) -> None:
        self.record = record
        self.audit = Audit(games=1)
        self.where = "game"

    def problem(self, text: str) -> None:
        self.audit.problems.append(f"{self.where}: {text}")

    def same(self, name: str, recorded: object, expected: object) -> None:
        if recorded != expected:
            self.problem(f"{name} is {recorded!r}, the rules give {expected!r}")

    def same_set(self, name: str, recorded: list[Any] | None, expected: list[Any]) -> None:
        if recorded is None or sorted(map(str, recorded)) != sorted(map(str, expected)):
            self.problem(f"{name} is {recorded!r}, the rules give {sorted(expected, key=str)!r}")

    def refuse(self, text: str) -> _Refused:
        return _Refused(f"{self.where}: {text}")

    def run(self) -> None:
        record = self.record
        self.same("format", record.get("format"), FORMAT)
        self.keys("the record", record, GAME_KEYS)
        result = record.get("result")
        if result not in RESULTS:
            self.problem(f"result {result!r} is not one of {RESULTS}")
        target = record["target"]
        hands = record["hands"]
        totals = [0, 0]
        dealer = record["first_dealer"]
        winner: int | None = None
        for index, hand in enumerate(hands):
            self.where = f"hand {index + 1}"
            if winner is not None:
                self.problem("a hand is played after the game was won")
            last = index == len(hands) - 1
            self.audit.hands += 1
            self.same("number", hand.get("number", index + 1), index + 1)
            self.same("dealer", hand.get("dealer"), dealer)
            if not last or result == "finished":
                self.keys("the hand", hand, HAND_KEYS)
            try:
                bidders, points = self.hand(hand, dealer)
            except _Incomplete:
                if not last or result == "finished":
                    self.problem("the hand stops part-way in a finished game or before another")
                break
            bid_team, bid = bidders
            scores = list(points)
            if points[bid_team] < bid:
                scores[bid_team] = -bid  # a hole
            totals = [totals[0] + scores[0], totals[1] + scores[1]]
            self.same("scores", hand.get("scores"), scores)
            self.same("totals", hand.get("totals"), totals)
            reached = [t for t in (0, 1) if totals[t] >= target]
            if len(reached) == 1:
                winner = reached[0]
            elif len(reached) == 2:
                winner = bid_team
            dealer = left_of(dealer)
        self.where = "game"
        if result == "finished":
            if winner is None:
                self.problem("the record says finished but no team has won")
            self.same("winner_team", record.get("winner_team"), winner)
        elif result in ("resigned", "timeout"):
            if winner is not None:
                self.problem(f"{result} after the game was already won")
            self.same("winner_team", record.get("winner_team"), 1 - team(record["ended_by"]))
        elif result == "abandoned":
            self.same("winner_team", record.get("winner_team"), None)

    def keys(self, name: str, item: object, wanted: tuple[str, ...]) -> None:
        """The keys PIDRO_RULES.md's ``pidro-record/1`` lists must be there (more may be)."""
        if not isinstance(item, dict):
            self.problem(f"{name} is {item!r}, not an object")
            return
        missing = [k for k in wanted if k not in item]
        if missing:
            self.problem(f"{name} lacks {missing}")

    def key(self, hand: Record, name: str) -> Any:
        if name not in hand:
            raise _Incomplete
        return hand[name]

    def hand(self, hand: Record, dealer: int) -> tuple[tuple[int, int], list[int]]:
        """Follow one hand; return (bidding team, bid) and the points each team took."""
        deal = [list(cards) for cards in hand["deal"]]
        stock = list(hand["stock"])
        if [len(cards) for cards in deal] != [HAND_CARDS] * 4 or len(stock) != STOCK_CARDS:
            raise self.refuse("the deal is not nine cards each and a stock of 16")
        if sorted(itertools.chain(stock, *deal)) != sorted(deck()):
            raise self.refuse("the deal and stock are not one 52-card deck")

        contract_seat, bid, forced = self.bidding(self.key(hand, "bids"), dealer)
        contract = self.key(hand, "contract")
        self.keys("contract", contract, ("seat", "bid", "forced"))
        self.same("contract", contract, {"seat": contract_seat, "bid": bid, "forced": forced})

        trump = self.key(hand, "trump")
        if "trump_legal" in hand:
            self.audit.decisions += 1
            self.same_set("trump_legal", hand["trump_legal"], list(SUITS))
        if trump not in SUITS:
            raise self.refuse(f"trump {trump!r} is not a suit")
        trumps = trumps_of(trump)

        discards = self.key(hand, "discards")
        for seat in range(4):
            mine = [c for c in deal[seat] if c not in trumps]
            self.same_set(f"discards[{seat}]", discards[seat], mine)
        held = [[c for c in deal[seat] if c in trumps] for seat in range(4)]

        # Refill from the dealer's left; the dealer robs what is left.
        received = self.key(hand, "received")
        given = 0
        for step in (1, 2, 3):
            seat = left_of(dealer, step)
            wanted = max(0, HELD - len(held[seat]))
            got = stock[given : given + wanted]
            given += len(got)
            self.same(f"received[{seat}]", received[seat], got)
            held[seat] = held[seat] + got
        rest = stock[given:]
        self.same(f"received[{dealer}] (the dealer)", received[dealer], rest)
        dead = [c for c in rest if c not in trumps]
        dealer_trumps = [c for c in held[dealer] if c in trumps] + [c for c in rest if c in trumps]
        fill = dead[: max(0, HELD - len(dealer_trumps))]
        if "dealer_discard" in hand:
            self.same_set("dealer_discard", hand["dealer_discard"], dead[len(fill) :])
        held[dealer] = dealer_trumps + fill

        # Kills: each seat over six trumps lays down trumps without points.
        kills = self.key(hand, "kills")
        kill_legal = hand.get("kill_legal")
        pending = False
        for seat in range(4):
            mine = [c for c in held[seat] if c in trumps]
            over = len(mine) - HELD
            killed = kills[seat]
            if over <= 0:
                self.same(f"kills[{seat}]", killed, [])
                if kill_legal is not None:
                    self.same(f"kill_legal[{seat}]", kill_legal[seat], None)
                continue
            plain = sorted(c for c in mine if card_points(c, trump) == 0)
            options = {frozenset(s) for s in itertools.combinations(plain, over)}
            if kill_legal is not None:
                self.audit.decisions += 1
                listed = kill_legal[seat]
                listed_sets = None if listed is None else [frozenset(s) for s in listed]
                if listed_sets is None or set(listed_sets) != options:
                    self.problem(
                        f"kill_legal[{seat}] has {len(listed or [])} sets, the rules give "
                        f"{len(options)} (sets of {over} of {plain})"
                    )
                elif len(listed_sets) != len(options):
                    self.problem(f"kill_legal[{seat}] lists a set twice")
            if not killed and "dealer_keeps" not in hand:
                pending = True  # the game stopped before this seat chose its kill
                continue
            if frozenset(killed) not in options or len(killed) != over:
                raise self.refuse(f"seat {seat} kills {killed}, not {over} of {plain}")
            held[seat] = [c for c in held[seat] if c not in killed]
        if pending:
            raise _Incomplete
        self.same_set("dealer_keeps", self.key(hand, "dealer_keeps"), held[dealer])

        points = self.play(hand, trump, held, contract_seat)
        self.same("points", self.key(hand, "points"), points)
        if sum(points) != POINTS_PER_HAND:
            self.problem(f"the rules' own points {points} do not add up to 14 (checker bug)")
        return (team(contract_seat), bid), points

    def bidding(self, bids: list[Record], dealer: int) -> tuple[int, int, bool]:
        """Check every bid's legal list; return the contract's seat, bid and whether forced."""
        highest: int | None = None
        holder: int | None = None
        for turn, entry in enumerate(bids):
            seat = left_of(dealer, turn + 1)
            if turn == 3 and highest is None:
                self.problem("the dealer is given a choice after three passes (a forced 6)")
            if turn >= 4:
                raise self.refuse("more than four bids in one round")
            self.keys(f"bids[{turn}]", entry, ("seat", "bid", "legal"))
            self.same(f"bids[{turn}].seat", entry.get("seat"), seat)
            open_bids: list[int | None]
            if highest is None:
                open_bids = list(range(LOWEST_BID, HIGHEST_BID + 1))
            elif highest == HIGHEST_BID:
                open_bids = [HIGHEST_BID]  # 14 over 14 takes the contract
            else:
                open_bids = list(range(highest + 1, HIGHEST_BID + 1))
            legal: list[int | None] = [*open_bids, None]
            self.audit.decisions += 1
            recorded = entry.get("legal")
            if recorded is None or set(recorded) != set(legal) or len(recorded) != len(legal):
                self.problem(f"bids[{turn}] (seat {seat}) legal is {recorded}, rules: {legal}")
            choice = entry.get("bid")
            if choice not in legal:
                raise self.refuse(f"seat {seat} bids {choice!r}, not one of {legal}")
            if choice is not None:
                highest, holder = choice, seat
        if len(bids) < 3 or (len(bids) == 3 and highest is not None):
            raise _Incomplete
        if highest is None or holder is None:
            return dealer, FORCED_BID, True
        return holder, highest, False

    def play(self, hand: Record, trump: str, held: list[list[str]], leader: int) -> list[int]:
        """Play the tricks out as recorded; return the points each team took."""
        trumps = trumps_of(trump)
        left = [{c for c in cards if c in trumps} for cards in held]
        cold: set[int] = set()
        points = [0, 0]
        tricks = self.key(hand, "tricks")
        number = 0
        while True:
            holders = [seat for seat in range(4) if left[seat]]
            teams = {team(seat) for seat in holders}
            if len(teams) <= 1:
                break
            if number >= len(tricks):
                raise _Incomplete
            where = self.where
            self.where = f"{where} trick {number + 1}"
            trick = tricks[number]
            self.keys("the trick", trick, ("leader", "plays"))
            went_cold: list[int] = []
            while not left[leader]:  # a leader without trumps goes cold
                if leader not in cold:
                    cold.add(leader)
                    went_cold.append(leader)
                leader = left_of(leader)
            self.same("leader", trick.get("leader"), leader)
            plays = trick.get("plays", [])
            played: list[tuple[int, str]] = []
            for step in range(4):
                seat = left_of(leader, step)
                if seat in cold:
                    continue
                if not left[seat]:
                    cold.add(seat)
                    went_cold.append(seat)
                    continue
                if len(played) >= len(plays):
                    raise _Incomplete
                entry = plays[len(played)]
                self.keys(f"play {len(played) + 1}", entry, ("seat", "card", "legal"))
                self.same(f"play {len(played) + 1} seat", entry.get("seat"), seat)
                legal = sorted(left[seat])
                self.audit.decisions += 1
                recorded = entry.get("legal")
                if recorded is None or sorted(recorded) != legal:
                    self.problem(f"seat {seat}'s legal is {recorded}, the rules give {legal}")
                card = entry.get("card")
                if card not in left[seat]:
                    raise self.refuse(f"seat {seat} plays {card!r}, not one of {legal}")
                left[seat].discard(card)
                played.append((seat, card))
            if len(plays) != len(played):
                self.problem(f"{len(plays)} plays recorded, the rules give {len(played)}")
            winner, taken = trick_result(played, trump)
            self.keys("the trick", trick, ("winner", "cold"))
            self.same("winner", trick.get("winner"), winner)
            self.same_set("cold", trick.get("cold"), went_cold)
            if "points" in trick:
                self.same("points", trick["points"], taken)
            points = [points[0] + taken[0], points[1] + taken[1]]
            leader = winner
            number += 1
            self.where = where
        if number < len(tricks):
            self.problem(f"{len(tricks)} tricks recorded, the hand ends after {number}")
        kept = sorted(itertools.chain(*left))
        if not kept:
            self.same("kept_by", self.key(hand, "kept_by"), None)
            return points
        keeper = team(next(seat for seat in range(4) if left[seat]))
        kept_by = self.key(hand, "kept_by")
        if not isinstance(kept_by, dict):
            self.problem(f"kept_by is {kept_by!r}, the rules give team {keeper} with {kept}")
        else:
            self.same("kept_by.team", kept_by.get("team"), keeper)
            self.same_set("kept_by.cards", kept_by.get("cards"), kept)
        points[keeper] += sum(card_points(c, trump) for c in kept)
        return points
