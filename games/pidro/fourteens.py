"""How often a Pidro hand holds the cards for a 14, and how often they take all 14 points.

    .venv/bin/python -m games.pidro.fourteens --deals 40000 --seed 1     # about 5 s

Deals random hands (dealer seat 0) and, for every seat and suit, classes the seat's nine
cards by the Ace, both fives, the two and the number of trumps; each classed hand (up to
``--playouts`` per class) is played out once as the bidder of that deal with that suit, with
blind playouts (:func:`games.pidro.ai.fast.contract_taken`), and the points its side took are
counted. The figures are quoted in ``games/pidro/docs/ai.md`` (14s).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence

from games.pidro.ai.bidding import ACE, RIGHT_FIVE, TWO, WRONG_FIVE, strengths
from games.pidro.ai.fast import contract_taken
from games.pidro.rules import Deal, Suit


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=40000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--playouts", type=int, default=150, help="hands played out per class")
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    dealt: Counter[tuple[str, int]] = Counter()
    taken: dict[tuple[str, int], list[int]] = defaultdict(list)
    for _ in range(args.deals):
        deal = Deal.shuffled(rng, 0)
        for seat in range(4):
            for suit in Suit:
                held = set(strengths(deal.hands[seat], suit))
                if not {ACE, RIGHT_FIVE, WRONG_FIVE} <= held:
                    continue
                key = ("A 5 5 2" if TWO in held else "A 5 5", min(len(held), 8))
                dealt[key] += 1
                if len(taken[key]) < args.playouts:
                    taken[key].append(contract_taken(deal, 0, seat, suit.number, False)[seat & 1])
    hands = args.deals * 4
    print(f"{hands} hands dealt (seed {args.seed}); trumps 8 means 8 or more")
    for key in sorted(dealt):
        points = taken[key]
        all14 = sum(p == 14 for p in points) / len(points)
        twelve = sum(p >= 12 for p in points) / len(points)
        rate = 1000 * dealt[key] / hands
        print(
            f"{key[0]:<8} trumps {key[1]}  {dealt[key]:5}  {rate:5.2f} per 1000"
            f"  played {len(points):3}  all 14 {all14:4.0%}  12+ {twelve:4.0%}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
