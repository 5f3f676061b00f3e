"""Tools that see every card — the match loop, the referee, the all-seeing reference — never
used by a computer player deciding from its seat.

They hold the whole game state and ask each seat for its action: a computer player through
its seat's view (:mod:`bot.ai`, which imports nothing from here), an agent process through a
message built from that view. Simulations, benchmarks and tests play their games here.
"""

from games.vidrasso.arena.bench import BENCH as BENCH
