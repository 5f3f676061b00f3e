"""Pidro's computer players compared one phase at a time, on duplicate hands.

    .venv/bin/python -m games.pidro.phases --a hard --b medium --phases play --deals 200
    .venv/bin/python -m games.pidro.phases --a hardpeek --b oldhard --phases bid,trump,kill
    .venv/bin/python -m games.pidro.phases --a hardgame --b oldhard --endgame 48,61 --deals 60

``bench/ai.py`` plays whole games, where one hand's bidding, its play and the game's end all
differ at once and the luck of one side's search (a card chosen on 48 guessed worlds) swings
a hand by ten points: 400 games of hard cost hours. This bench asks a narrower question for
less: every deal is played twice as the first hand of a game (at ``--totals``, 0-0 unless
told), player A on seats 0 and 2 and B on 1 and 3, then the other way round, and A and B
decide only in ``--phases`` (``bid``, ``trump``, ``kill``, ``play``); every other decision,
at every seat, is ``--base``'s (medium unless told). Each seat's randomness comes from its own
generator per phase, seeded by the deal, the seat and the phase and the same in both games:
where A and B would decide alike the two games are alike and cancel exactly, so the figure is
made of the decisions that differ. With ``--phases play`` the bidding, the trump and the kills
are the base's in both games (the same contract), played once.

``--replays N`` (a question about the bidding, the trump or the kills: ``--phases`` without
``play``): each game's contract is played N times by the base with other seeds and the
margin averaged. The same contract was seen taking 6 points and 11 on medium's luck alone;
the replays keep that luck from burying the bidding's difference.

``--endgame LOW,HIGH`` starts each deal at random totals from LOW to HIGH for each side and
plays the game to its end (the next deals the same in both games), for what the hands that
can end a game are worth: A's share of games won, and its margin to the end.

It prints A's margin per hand (its side's score less B's, the mean over deals of the two
games' average) with a 95% interval, how many deals differ at all, and A's CPU time per
decision. ``--workers`` is not offered: it runs in one process (run it with ``nice``).
Specs are :data:`games.pidro.ai.players.PLAYERS` names, ``*factor`` scaling a search
level's budget (``hard*0.25``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.pidro.ai.base import Player
from games.pidro.ai.players import make_player
from games.pidro.ai.search import SearchPlayer
from games.pidro.rules import Bid, Deal, HandAction, Kill, NameTrump, team_of
from games.pidro.rules.game import GameState, apply, deal_next, start_game
from games.pidro.rules.view import view as view_of

PHASES = ("bid", "trump", "kill", "play")
STREAM = "hands"
"""The seeds' prefix: the deals of the figures in games/pidro/docs/ai.md."""


def player_of(spec: str) -> Player:
    """The player a spec names: ``hard``, or ``hard*0.25`` for a search level on a quarter of
    its budget."""
    name, _, factor = spec.partition("*")
    player = make_player(name)
    if factor:
        if not isinstance(player, SearchPlayer):
            raise SystemExit(f"{name!r} has no budget to scale")
        player = type(player)(player.name, player.budget.scaled(float(factor)))
    return player


def phase_of(action: HandAction) -> str:
    if isinstance(action, Bid):
        return "bid"
    if isinstance(action, NameTrump):
        return "trump"
    if isinstance(action, Kill):
        return "kill"
    return "play"


class Generators:
    """One generator per seat and phase, seeded by the deal: what one phase draws does not
    shift another's."""

    def __init__(self, deal: int, replay: int = 0) -> None:
        self.deal = deal
        self.suffix = f"/{replay}" if replay else ""
        self.made: dict[tuple[int, str], random.Random] = {}

    def get(self, seat: int, phase: str) -> random.Random:
        key = (seat, phase)
        if key not in self.made:
            seed = f"{STREAM}/{self.deal}/{seat}/{phase}{self.suffix}"
            self.made[key] = random.Random(seed)
        return self.made[key]


class Table:
    """Who decides what in one game: A's team, its players and the base."""

    def __init__(self, specs: tuple[str, str], base: str, phases: set[str], a_team: int) -> None:
        self.a, self.b, self.base = player_of(specs[0]), player_of(specs[1]), player_of(base)
        self.phases = phases
        self.a_team = a_team
        self.cpu: list[float] = []
        """A's CPU time per decision."""

    def act(self, state: GameState, rngs: Generators) -> GameState:
        seat = state.to_act[0]
        seen = view_of(state, seat)
        phase = phase_of(seen.actions[0])
        ours = team_of(seat) == self.a_team
        mine = phase in self.phases
        player = (self.a if ours else self.b) if mine else self.base
        started = time.process_time()
        action = player.decide(seen, rngs.get(seat, phase))
        if ours and mine:
            self.cpu.append(time.process_time() - started)
        after, _ = apply(state, action)
        return after


def play_hand(state: GameState, table: Table, rngs: Generators) -> GameState:
    """``state`` with its current hand played to its score."""
    while state.outcome is None and state.hand.scores is None:
        state = table.act(state, rngs)
    return state


def to_the_play(state: GameState, table: Table, rngs: Generators) -> GameState:
    """``state`` with its current hand bid, named and killed: at its first card (or scored)."""
    while (
        state.hand.scores is None and phase_of(view_of(state, state.to_act[0]).actions[0]) != "play"
    ):
        state = table.act(state, rngs)
    return state


def duplicate(
    deal: int,
    specs: tuple[str, str],
    base: str = "medium",
    phases: Sequence[str] = PHASES,
    totals: tuple[int, int] = (0, 0),
    endgame: tuple[int, int] | None = None,
    replays: int = 1,
) -> dict[str, Any]:
    """Deal ``deal`` played twice, A on team 0 then on team 1: A's margin for the hand (the
    mean of the two games), and with ``endgame`` whether A won each game and its margin to
    the end. ``replays`` (when A and B do not play the cards, and not with ``endgame``): the
    play of each game's contract is played that many times by the base with other seeds, and
    the margin averaged, so that the luck of the play weighs less on a bidding question."""
    deal_rng = random.Random(f"{STREAM}/deal/{deal}")
    dealer = deal % 4
    if endgame is not None:
        totals = (deal_rng.randint(*endgame), deal_rng.randint(*endgame))
    start = start_game(dealer, Deal.shuffled(deal_rng, dealer), 62)
    later = deal_rng.getstate()
    if totals != (0, 0):
        start = GameState(start.target, start.first_dealer, start.hands, totals)
    chosen = set(phases)
    if not chosen & {"bid", "trump", "kill"}:
        # The same bidding, trump and kills in both games: the base's, played once.
        start = to_the_play(start, Table(specs, base, chosen, 0), Generators(deal))
    if replays > 1 and ("play" in chosen or endgame is not None):
        raise ValueError("replays are for comparisons before the play, not to a game's end")
    out: dict[str, Any] = {"deal": deal, "totals": list(totals), "games": []}
    margins, cpu = [], []
    for a_team in (0, 1):
        table = Table(specs, base, chosen, a_team)
        rngs = Generators(deal)
        played = to_the_play(start, table, rngs)
        ends = [
            play_hand(played, table, Generators(deal, k) if k else rngs) for k in range(replays)
        ]
        end = ends[0]
        hand = end.hand
        assert hand.contract is not None
        scores = [e.hand.scores for e in ends]
        margins.append(sum(s[a_team] - s[1 - a_team] for s in scores if s) / replays)
        game: dict[str, Any] = {
            "contract": [hand.contract.seat, hand.contract.bid],
            "trump": hand.trump.name if hand.trump is not None else None,
            "taken": list(hand.taken) if replays == 1 else [list(e.hand.taken) for e in ends],
        }
        if endgame is not None:
            deals = random.Random()
            deals.setstate(later)
            while end.outcome is None:
                end, _ = deal_next(end, deals)
                end = play_hand(end, table, rngs)
            assert end.outcome is not None
            game["won"] = end.outcome.winner == a_team
            game["to_end"] = (end.totals[a_team] - totals[a_team]) - (
                end.totals[1 - a_team] - totals[1 - a_team]
            )
        out["games"].append(game)
        cpu.extend(table.cpu)
    out["margin"] = sum(margins) / 2
    out["cpu"] = cpu
    return out


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def summary(results: Sequence[dict[str, Any]], label: str, seconds: float) -> str:
    margin, half = interval([r["margin"] for r in results])
    differ = sum(1 for r in results if r["margin"] != 0)
    cpu = sorted(c for r in results for c in r["cpu"])
    p99 = cpu[max(0, math.ceil(0.99 * len(cpu)) - 1)] if cpu else float("nan")
    lines = [
        f"{label}: {len(results)} deals, margin/hand {margin:+.2f} ± {half:.2f}, "
        f"{differ} deals differ, A's cpu p99 {p99 * 1000:.0f} ms over {len(cpu)} decisions "
        f"({seconds:.0f} s)"
    ]
    if results and "won" in results[0]["games"][0]:
        won, won_half = interval([sum(g["won"] for g in r["games"]) / 2 for r in results])
        to_end, end_half = interval([sum(g["to_end"] for g in r["games"]) / 2 for r in results])
        lines.append(
            f"  to the end: A wins {won:.1%} ± {won_half:.1%} of games, margin to the end "
            f"{to_end:+.2f} ± {end_half:.2f}"
        )
    return "\n".join(lines)


def _pair(text: str) -> tuple[int, int]:
    low, _, high = text.partition(",")
    return int(low), int(high)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m games.pidro.phases",
        description=__doc__,
        formatter_class=argparse.RawTextHelpFormatter,
    )
    p.add_argument("--a", required=True, help="player A (a spec: hard, hard*0.25)")
    p.add_argument("--b", default="medium", help="player B (default medium)")
    p.add_argument("--base", default="medium", help="every other decision (default medium)")
    p.add_argument("--phases", default=",".join(PHASES), help="where A and B decide")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--offset", type=int, default=0, help="first deal number (default 0)")
    p.add_argument("--totals", type=_pair, default=(0, 0), help="the totals at the hand: 0,0")
    p.add_argument("--endgame", type=_pair, help="LOW,HIGH: random totals, games to the end")
    p.add_argument(
        "--replays", type=int, default=1, help="plays of each contract by the base (default 1)"
    )
    p.add_argument("--every", type=int, default=10, help="print the figures every N deals")
    p.add_argument("--out", type=Path, help="also append each deal's figures here (JSON lines)")
    args = p.parse_args(argv)
    phases = tuple(args.phases.split(","))
    if not set(phases) <= set(PHASES):
        p.error(f"--phases takes {', '.join(PHASES)}")
    specs = (args.a, args.b)
    for spec in (*specs, args.base):
        player_of(spec)
    label = f"{args.a} vs {args.b} in {args.phases} (else {args.base})"
    if args.replays > 1:
        if "play" in phases or args.endgame:
            p.error("--replays is for phases before the play, without --endgame")
        label += f", each contract played {args.replays} times"
    if args.endgame:
        label += f", totals from {args.endgame[0]} to {args.endgame[1]}"
    elif args.totals != (0, 0):
        label += f", at {args.totals[0]}-{args.totals[1]}"
    results = []
    started = time.perf_counter()
    for deal in range(args.offset, args.offset + args.deals):
        result = duplicate(deal, specs, args.base, phases, args.totals, args.endgame, args.replays)
        results.append(result)
        if args.out is not None:
            with args.out.open("a", encoding="utf-8") as out:
                out.write(json.dumps(result) + "\n")
        if len(results) % args.every == 0 or deal == args.offset + args.deals - 1:
            print(summary(results, label, time.perf_counter() - started), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
