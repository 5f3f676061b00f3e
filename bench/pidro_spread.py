"""How Pidro's solved contracts differ from the points the bidders really take.

    .venv/bin/python bench/pidro_spread.py --deals 2400 [--offset 0] [--out FILE]

The hard level before stop 37 (``oldhard``, ``games.pidro.ai.variants``) foresaw each contract
by solving it with every hand seen. Here each deal is bid, named and killed by medium; then
``oldhard`` plays the cards of team (deal mod 2), bidders or defenders, and medium the other
side's. It prints the counts of (points the bidders took - their contract solved from its
first card) and, for each solved value, how often a bid of exactly that value was holed
(games/pidro/docs/ai.md, "How far the solved contracts are from the table").
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.pidro.ai.variants import OldHardPlayer
from games.pidro.phases import Generators, Table, play_hand, to_the_play
from games.pidro.rules import Deal
from games.pidro.rules.game import start_game

STREAM = "kernel"
"""The deals' seeds' prefix: the deals of the figures in games/pidro/docs/ai.md."""


def contract(deal: int) -> dict[str, int] | None:
    """Deal ``deal``'s contract: its bid, its solved points and the points taken (None when
    the hand ended before the play)."""
    rng = random.Random(f"{STREAM}/deal/{deal}")
    dealer = deal % 4
    cards = Deal.shuffled(rng, dealer)
    table = Table(("oldhard", "medium"), "medium", {"play"}, deal % 2)
    rngs = Generators(10_000_000 + deal)
    played = to_the_play(start_game(dealer, cards, 62), table, rngs)
    hand = played.hand
    if hand.scores is not None or hand.trump is None or hand.contract is None:
        return None
    solved = OldHardPlayer().contract_points(cards, dealer, hand.contract.seat, hand.trump.number)
    taken = play_hand(played, table, rngs).hand.taken[hand.contract.team]
    return {"deal": deal, "bid": hand.contract.bid, "solved": solved, "taken": taken}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--offset", type=int, default=0)
    p.add_argument("--out", type=Path, help="also write each contract here (JSON lines)")
    args = p.parse_args()
    rows = [c for d in range(args.offset, args.offset + args.deals) if (c := contract(d))]
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    spread = collections.Counter(r["taken"] - r["solved"] for r in rows)
    print(f"{len(rows)} contracts; taken - solved: {dict(sorted(spread.items()))}")
    for value in range(15):
        at = [r for r in rows if r["solved"] == value]
        if at:
            holed = sum(r["taken"] < value for r in at) / len(at)
            print(f"  solved {value:2}: {len(at):4} contracts, a bid of {value} holed {holed:.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
