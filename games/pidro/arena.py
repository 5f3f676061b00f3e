"""Pidro games between computer players, written as records: the simulator's Pidro side.

    python -m bot.simulate --game pidro --games 100 --seed 1 \\
        --players random,greedy,random,greedy --out games.jsonl

Seats 0-3 take the players in the order given (teams: seats 0 and 2, seats 1 and 3). Every
game draws its deals and each seat's randomness from its own generator seeded from ``--seed``
and the game's number, so the same seed writes the same file, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from bot.arena import match
from bot.arena.bench import Bench, BenchSeat, ViewSeat
from bot.arena.match import IllegalDecision
from games.pidro.ai.base import Player
from games.pidro.ai.bidding import fourteen_hand
from games.pidro.ai.players import PLAYERS, UnknownPlayer, make_player
from games.pidro.game import PIDRO
from games.pidro.rules import GameState, Suit, highest_bid, team_of, to_record
from games.pidro.rules.parts import MAX_BID, MIN_BID

__all__ = ["BENCH", "IllegalDecision", "main", "play_game", "simulate"]


def play_game(
    players: Sequence[Player], deal_rng: random.Random, rngs: Sequence[random.Random], target: int
) -> GameState:
    """A whole game, each seat deciding from its own view with its own generator: the match
    loop every game shares (:func:`bot.arena.match.play_game`), which raises
    :class:`~bot.arena.match.IllegalDecision` for an action the seat may not take."""
    state: GameState = match.play_game(PIDRO, players, deal_rng, rngs, target)
    return state


def game_rng(seed: int, game: int, stream: str) -> random.Random:
    return random.Random(f"pidro-simulate/{seed}/{game}/{stream}")


@dataclass(frozen=True, slots=True)
class Summary:
    players: tuple[str, ...]
    target: int
    games: int
    hands: int
    wins: tuple[int, int]
    """Games won by each team (seats 0+2, seats 1+3)."""
    points: tuple[int, int]
    """Each team's final totals, summed over the games."""
    seconds: float


def simulate(
    names: Sequence[str], games: int, seed: int, target: int = 62, out: TextIO | None = None
) -> Summary:
    if len(names) != 4:
        raise ValueError("a Pidro simulation needs four players, one a seat")
    wins = [0, 0]
    points = [0, 0]
    hands = 0
    seconds = 0.0
    for game in range(games):
        players = [make_player(n) for n in names]
        rngs = [game_rng(seed, game, f"seat{s}") for s in range(4)]
        started = time.perf_counter()
        state = play_game(players, game_rng(seed, game, "deal"), rngs, target)
        seconds += time.perf_counter() - started
        hands += len(state.hands)
        assert state.outcome is not None and state.outcome.winner is not None
        wins[state.outcome.winner] += 1
        points[0] += state.totals[0]
        points[1] += state.totals[1]
        if out is not None:
            record = to_record(state, players=list(names))
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
    return Summary(
        tuple(names), target, games, hands, (wins[0], wins[1]), (points[0], points[1]), seconds
    )


def format_summary(summary: Summary) -> str:
    a = f"{summary.players[0]}+{summary.players[2]} (seats 0, 2)"
    b = f"{summary.players[1]}+{summary.players[3]} (seats 1, 3)"
    games = summary.games or 1
    per = summary.hands / summary.seconds if summary.seconds > 0 else float("inf")
    return "\n".join(
        [
            f"games     {summary.games} to {summary.target} points",
            f"hands     {summary.hands} ({summary.hands / games:.2f} per game)",
            f"wins      {a} {summary.wins[0]}, {b} {summary.wins[1]}",
            f"totals    average final: {summary.points[0] / games:.1f} and "
            f"{summary.points[1] / games:.1f}",
            f"speed     {per:.1f} hands/s ({summary.seconds:.2f} s of play)",
        ]
    )


def _players(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(","))
    if len(names) != 4:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not four players like random,greedy,random,greedy"
        )
    for name in names:
        try:
            make_player(name)
        except UnknownPlayer as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return names


def main(argv: Sequence[str]) -> int:
    """The simulator for ``--game pidro`` (the other options as for Vidrasso)."""
    p = argparse.ArgumentParser(prog="python -m bot.simulate --game pidro")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--players",
        type=_players,
        default=("random", "greedy", "random", "greedy"),
        help=f"four players for seats 0-3 (known: {', '.join(sorted(PLAYERS))})",
    )
    p.add_argument("--target", type=int, default=62)
    p.add_argument("--out", type=Path)
    args = p.parse_args(argv)
    if args.games <= 0 or args.target <= 0:
        p.error("--games and --target must be positive")
    if args.out is None:
        summary = simulate(args.players, args.games, args.seed, args.target)
    else:
        with args.out.open("w", encoding="utf-8", newline="\n") as out:
            summary = simulate(args.players, args.games, args.seed, args.target, out)
    print(format_summary(summary))
    return 0


def bench_seat(level: str) -> BenchSeat:
    """A Pidro player at a benchmark table (``hard``, ``medium``, ``easy``, ``oldmedium``,
    ``greedy``, ``random``)."""
    return ViewSeat(PIDRO, make_player(level))


def bid_tally(state: GameState, team: int) -> dict[str, int]:
    """What one team's players bid in a finished game: its bids and jumps (a bid more than
    one over the bid so far), bids over its own partner, the contracts it held by size and
    how they ended, and the 14-hands it was dealt (:func:`~games.pidro.ai.bidding.
    fourteen_hand` in some suit: the Ace, both fives, the two and six trumps) with how many of
    them its holder bid 14."""
    counts = dict.fromkeys(
        (
            "bids",
            "jumps",
            "over partner",
            "contracts",
            "forced 6",
            "made",
            "holed",
            "above 9",
            "14s",
            "14s made",
            "14s holed",
            "14 over 14",
            "14-hands",
            "14-hands bid 14",
        ),
        0,
    )
    for hand in state.hands:
        for i, bid in enumerate(hand.bids):
            if team_of(bid.seat) != team or bid.points is None:
                continue
            high = highest_bid(hand.bids[:i])
            level = high.points if high is not None and high.points is not None else MIN_BID - 1
            counts["bids"] += 1
            counts["jumps"] += bid.points > level + 1
            counts["over partner"] += high is not None and team_of(high.seat) == team
            counts["14 over 14"] += bid.points == level == MAX_BID
        for seat in (team, team + 2):
            cards = hand.deal.hands[seat]
            if any(fourteen_hand(cards, suit) for suit in Suit):
                counts["14-hands"] += 1
                counts["14-hands bid 14"] += any(
                    b.seat == seat and b.points == MAX_BID for b in hand.bids
                )
        contract = hand.contract
        if contract is None or hand.scores is None or contract.team != team:
            continue
        made = contract.made_with(hand.taken[team])
        counts["contracts"] += 1
        counts["forced 6"] += contract.forced
        counts["made" if made else "holed"] += 1
        counts["above 9"] += contract.bid > 9
        if contract.bid == MAX_BID:
            counts["14s"] += 1
            counts["14s made" if made else "14s holed"] += 1
    return counts


BENCH = Bench(
    seat=bench_seat,
    quick=(("hard", "medium", 6), ("medium", "oldmedium", 6), ("medium", "easy", 6)),
    full=(
        ("hard", "medium", 200),
        ("medium", "oldmedium", 200),
        ("medium", "easy", 200),
        ("easy", "greedy", 100),
    ),
    stream="bench-ai/pidro",
    unit="hand",
    tally=bid_tally,
    shares=(
        ("jumps", "bids"),
        ("over partner", "bids"),
        ("forced 6", "contracts"),
        ("made", "contracts"),
        ("holed", "contracts"),
        ("above 9", "contracts"),
        ("14s", "contracts"),
        ("14s made", "14s"),
        ("14s holed", "14s"),
        ("14-hands bid 14", "14-hands"),
    ),
)
"""Pidro's side of ``bench/ai.py``: partnerships (player A on seats 0 and 2 against B on 1 and
3, then the teams exchanged on the same deals); 200 duplicate deals are the 400 games of the
done-when. Every level plays: hard against medium, medium against the medium before value
bidding (``oldmedium``) and against easy, easy against greedy; each side's bids are counted
(:func:`bid_tally`)."""
