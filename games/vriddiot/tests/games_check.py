"""Issue 27's done checks over many whole games: every record replays with every legal set
checked twice (the engine's own replay and the independent reading), the same seed writes the
same record, and no game between computer levels hits the move cap.

Used by the slow test (a thousand games of each kind and table), by a small version in the fast
suite, and by ``python -m games.vriddiot.check``, which prints the counts.

Two kinds of game:

- ``random``: every seat the random player (it may reach the move cap: two random players can
  pass a pile back and forth for ever; such games are still checked, and counted).
- ``mixed``: the computer levels, ``medium`` and ``easy`` in turn from a seat that moves on every
  game. Medium searches on :data:`CHECK_BUDGET` (its own code on two worlds, two candidates and
  short playouts) so that five thousand games stay affordable on a shared machine; what is
  checked here (legal sets, records, repeatability, the cap) does not depend on how deep it looks.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.vriddiot.ai.base import Player
from games.vriddiot.ai.players import decide_with, make_player
from games.vriddiot.ai.search import Budget, SearchPlayer
from games.vriddiot.rules import Ctx, GameState, apply, new_game, replay, settle, to_record, view
from games.vriddiot.tests.independent import check

TABLES: tuple[tuple[int, bool], ...] = ((3, False), (4, False), (5, False), (6, True), (8, True))
"""The tables of the done checks: players, Dobbeldeck."""
KINDS = ("random", "mixed")
CHECK_BUDGET = Budget(
    worlds=2, candidates=2, depth=20, arrange_candidates=2, arrange_worlds=2, arrange_depth=20
)
"""Medium's search in mixed games."""


def seated(kind: str, players: int, game: int) -> tuple[str, ...]:
    """The players of game number ``game`` at a table of ``players`` seats."""
    if kind == "random":
        return ("random",) * players
    if kind != "mixed":
        raise ValueError(f"unknown kind of game {kind!r}")
    return tuple(("medium", "easy")[(s + game) % 2] for s in range(players))


def game_seed(kind: str, players: int, double: bool, seed: int, game: int) -> str:
    return f"vriddiot-check/{kind}/{players}{'d' if double else 's'}/{seed}/{game}"


def _player(name: str) -> Player:
    return SearchPlayer(CHECK_BUDGET) if name == "medium" else make_player(name)


def play(names: Sequence[str], seed: str, double: bool) -> GameState:
    """A whole game, each seat deciding from its own view with its own generator."""
    deal_rng = random.Random(f"{seed}/deal")
    rngs = [random.Random(f"{seed}/seat{s}") for s in range(len(names))]
    players = [_player(n) for n in names]
    state = new_game(deal_rng, len(names), double)
    while state.outcome is None:
        if state.ctx is Ctx.RETURN:
            state, _ = settle(state, deal_rng)
            continue
        seat = state.to_act[0]
        seen = view(state, seat)
        action = decide_with(players[seat], seen, rngs[seat].getrandbits(62))
        if action not in seen.actions:
            raise AssertionError(f"{names[seat]} chose {action!r}, not offered to seat {seat}")
        state, _ = apply(state, action)
    return state


def record_text(kind: str, players: int, double: bool, seed: int, game: int) -> str:
    """The record of one game, as the JSON line the simulator writes."""
    names = seated(kind, players, game)
    state = play(names, game_seed(kind, players, double, seed, game), double)
    return json.dumps(to_record(state, players=names), separators=(",", ":"))


@dataclass(slots=True)
class Counts:
    """What one kind of game at one table came to."""

    kind: str
    players: int
    double: bool
    games: int = 0
    decisions: int = 0
    """Decisions whose legal set was checked (arrangements and events with ``legal``)."""
    agreed: int = 0
    """Games the engine replayed and the independent reading found no difference in."""
    repeated: int = 0
    """Games played a second time from the same seed."""
    identical: int = 0
    """Of those, games whose record came out byte for byte the same."""
    capped: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def table(self) -> str:
        return f"{self.players} players, {'double' if self.double else 'single'} deck"

    def line(self) -> str:
        return (
            f"{self.kind:6} {self.table:26} games {self.games:5}  agreed {self.agreed:5}  "
            f"legal sets {self.decisions:8}  same seed same record {self.identical}/"
            f"{self.repeated}  capped {self.capped}"
        )


def run(
    kind: str,
    players: int,
    double: bool,
    games: int,
    seed: int = 1,
    repeat_every: int = 1,
    progress: Callable[[Counts], None] | None = None,
) -> Counts:
    """``games`` games of ``kind``; every ``repeat_every``-th game is played again to compare;
    ``progress`` is called with the counts after every game."""
    counts = Counts(kind, players, double)
    for game in range(games):
        text = record_text(kind, players, double, seed, game)
        record = json.loads(text)
        counts.games += 1
        counts.capped += record["result"] == "capped"
        counts.decisions += sum("legal" in e for e in record["arrange"] + record["events"])
        where = f"{kind} game {game}, {counts.table}, seed {seed}"
        found = [f"{where}: {p}" for p in check(record)]
        try:
            replay(record)
        except Exception as error:  # the engine refusing its own record is a finding
            found.append(f"{where}: the engine's replay: {error}")
        counts.agreed += not found
        counts.problems += found
        if repeat_every and game % repeat_every == 0:
            counts.repeated += 1
            again = record_text(kind, players, double, seed, game)
            counts.identical += again == text
            if again != text:
                counts.problems.append(f"{where}: the same seed wrote another record")
        if progress is not None:
            progress(counts)
    return counts
