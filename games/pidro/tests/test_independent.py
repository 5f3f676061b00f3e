"""Our game records, replayed by an independent reading of the rules (``independent.py``).

The simulator's records (random, greedy, easy and medium players) must agree with the second
reading on every legal set and every derived field. Computer players never bid above 9 and
rarely empty the stock, so "wild" games driven through the engine's API (any bid, any trump,
any kill, stopped by a resignation, a time-out or an abandon) cover the rest of the rules:
14 over 14, high contracts and the stock running out. Tampered records show the check can fail.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.simulate import main
from games.pidro.rules import (
    DECK,
    Abandon,
    Bid,
    Card,
    Deal,
    GameState,
    Phase,
    Resign,
    Suit,
    TimeOut,
    apply,
    deal_next,
    legal_actions,
    new_game,
    to_record,
)
from games.pidro.tests.independent import (
    Audit,
    Disagreement,
    check,
    replay,
    strength,
    trick_result,
    trumps_of,
)


def test_the_independent_reading_follows_the_worked_examples() -> None:
    order = sorted(trumps_of("H"), key=lambda c: -strength(c, "H"))
    assert order == "AH KH QH JH TH 9H 8H 7H 6H 5H 5D 4H 3H 2H".split()
    # trump spades: seat 1 leads 2S, seat 2 plays 5C, seat 3 KS, seat 0 TS; then had seat 2
    # played the 2S, team A would score its point although team B won
    assert trick_result([(1, "2S"), (2, "5C"), (3, "KS"), (0, "TS")], "S") == (3, [0, 7])
    assert trick_result([(1, "5C"), (2, "2S"), (3, "KS"), (0, "TS")], "S") == (3, [1, 6])


def simulated(tmp_path: Path, players: str, games: int, seed: int) -> list[dict[str, Any]]:
    out = tmp_path / f"{players.replace(',', '-')}-{seed}.jsonl"
    args = ["--game", "pidro", "--games", str(games), "--seed", str(seed)]
    assert main([*args, "--players", players, "--out", str(out)]) == 0
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def audit_all(records: list[dict[str, Any]]) -> Audit:
    total = Audit()
    for record in records:
        total.add(check(record))
    assert not total.problems, "\n".join(total.problems[:30])
    assert total.games == len(records)
    return total


def one_colour_deal(rng: random.Random, dealer: int) -> Deal:
    """The three seats after the dealer get the 26 black cards and one red one, the dealer
    and the stock the other reds: with red trumps those seats ask the stock for 17 or 18
    cards of its 16, with black trumps they must kill."""
    black = [c for c in DECK if c.suit in (Suit.SPADES, Suit.CLUBS)]
    red = [c for c in DECK if c not in black]
    rng.shuffle(black)
    rng.shuffle(red)
    hands: list[list[Card]] = [[], [], [], []]
    hands[(dealer + 1) % 4] = black[:9]
    hands[(dealer + 2) % 4] = black[9:18]
    hands[(dealer + 3) % 4] = [*black[18:], red[0]]
    hands[dealer] = red[1:10]
    h = [tuple(sorted(cards, key=lambda c: c.index)) for cards in hands]
    return Deal((h[0], h[1], h[2], h[3]), tuple(red[10:]))


def wild_game(seed: int) -> dict[str, Any]:
    """A game where every choice is uniform among the engine's legal actions, ended after a
    few hands (or part-way through one) by a resignation, a time-out or an abandon. Every
    other deal is one-coloured (:func:`one_colour_deal`)."""
    rng = random.Random(seed)
    state: GameState = new_game(rng)
    stop_at = rng.randrange(40, 300)
    moves = 0
    while not state.is_over and moves < stop_at:
        if state.phase is Phase.DEAL:
            if rng.random() < 0.5:
                state, _ = deal_next(state, rng)
            else:
                state, _ = apply(state, one_colour_deal(rng, state.next_dealer))
            continue
        seat = state.to_act[0]
        state, _ = apply(state, rng.choice(legal_actions(state, seat)))
        moves += 1
    if not state.is_over:
        # only a seat the game waits for can run out of time
        waiting = state.to_act or (rng.randrange(4),)
        ending = rng.choice([Resign(rng.randrange(4)), TimeOut(waiting[0]), Abandon()])
        if isinstance(ending, TimeOut) and not state.to_act:
            ending = Abandon()
        state, _ = apply(state, ending)
    return to_record(state)


def test_simulated_games_agree_with_the_independent_rules(tmp_path: Path) -> None:
    records = simulated(tmp_path, "random,random,random,random", 40, seed=11)
    records += simulated(tmp_path, "greedy,greedy,greedy,greedy", 40, seed=12)
    records += simulated(tmp_path, "random,greedy,random,greedy", 16, seed=13)
    # the easy and medium players think for about a second a game: a few games
    records += simulated(tmp_path, "easy,medium,easy,medium", 4, seed=14)
    audit = audit_all(records)
    assert audit.games == 100 and audit.decisions > 10_000
    hands = [h for r in records for h in r["hands"]]
    # the records reach the rules' corners: forced 6s, kills, cold seats, holes
    assert any(h["contract"]["forced"] for h in hands)
    assert any(any(k) for h in hands for k in h["kills"])
    assert any(t["cold"] for h in hands for t in h["tricks"])
    assert any(h["scores"][h["contract"]["seat"] % 2] < 0 for h in hands)


def test_wild_games_agree_with_the_independent_rules() -> None:
    records = [wild_game(seed) for seed in range(60)]
    audit_all(records)
    hands = [h for r in records for h in r["hands"] if "bids" in h]
    fourteens = [[b["bid"] for b in h["bids"]].count(14) for h in hands]
    assert max(fourteens) >= 2  # 14 bid over 14
    short = [
        seat
        for h in hands
        if "received" in h
        for seat in range(4)
        if seat != h["dealer"]
        and len(h["received"][seat]) + len(h["deal"][seat]) - len(h["discards"][seat]) < 6
    ]
    assert short  # the stock ran out before every seat held six
    assert {r["result"] for r in records} >= {"resigned", "timeout", "abandoned"}


@pytest.mark.slow
@pytest.mark.parametrize("players", ["random,random,random,random", "greedy,greedy,greedy,greedy"])
def test_a_thousand_games_agree_with_the_independent_rules(tmp_path: Path, players: str) -> None:
    audit = audit_all(simulated(tmp_path, players, 1000, seed=2))
    assert audit.games == 1000


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return to_record(_finished_game())


def _finished_game() -> GameState:
    rng = random.Random(5)
    state = new_game(rng)
    while not state.is_over:
        if state.phase is Phase.DEAL:
            state, _ = deal_next(state, rng)
            continue
        actions = legal_actions(state, state.to_act[0])
        bids = [a for a in actions if isinstance(a, Bid)]
        # pass or the lowest bid, so that the game reaches 62
        state, _ = apply(state, rng.choice([bids[0], bids[-1]] if bids else list(actions)))
    return state


def test_the_untouched_record_agrees(record: dict[str, Any]) -> None:
    assert replay(record).decisions > 50


def test_an_altered_legal_list_is_caught(record: dict[str, Any]) -> None:
    altered = copy.deepcopy(record)
    play = next(p for t in altered["hands"][0]["tricks"] for p in t["plays"] if len(p["legal"]) > 1)
    other = next(c for c in play["legal"] if c != play["card"])
    play["legal"].remove(other)
    with pytest.raises(Disagreement, match="legal is"):
        replay(altered)
    altered = copy.deepcopy(record)
    altered["hands"][0]["bids"][0]["legal"].remove(14)
    with pytest.raises(Disagreement, match=r"bids\[0\]"):
        replay(altered)


def test_an_illegal_move_is_caught(record: dict[str, Any]) -> None:
    altered = copy.deepcopy(record)
    hand = altered["hands"][0]
    dead = next(card for cards in hand["discards"] for card in cards)
    play = hand["tricks"][0]["plays"][0]
    play["card"] = dead
    play["legal"].append(dead)  # even with a legal list that admits it
    with pytest.raises(Disagreement, match=f"plays '{dead}'"):
        replay(altered)
    altered = copy.deepcopy(record)
    altered["hands"][0]["bids"][0]["bid"] = 5
    with pytest.raises(Disagreement, match="bids 5"):
        replay(altered)


def test_a_missing_key_is_caught(record: dict[str, Any]) -> None:
    altered = copy.deepcopy(record)
    del altered["hands"][0]["tricks"][0]["plays"][0]["legal"]
    del altered["hands"][0]["kept_by"]
    with pytest.raises(Disagreement) as caught:
        replay(altered)
    assert any("lacks ['legal']" in p for p in caught.value.problems)
    assert any("lacks ['kept_by']" in p for p in caught.value.problems)


def test_a_wrong_derived_field_is_caught(record: dict[str, Any]) -> None:
    altered = copy.deepcopy(record)
    trick = altered["hands"][0]["tricks"][0]
    trick["winner"] = (trick["winner"] + 1) % 4
    altered["hands"][0]["totals"][0] += 1
    with pytest.raises(Disagreement) as caught:
        replay(altered)
    assert any("winner" in p for p in caught.value.problems)
    assert any("totals" in p for p in caught.value.problems)
