"""The independent reading (``independent.py``) on hand-written records from §15's examples.

Every legal list below is written out by hand from the rules page, not produced by the checker:
a right record passes, and one legal entry removed or added, a wrong act, a wrong starter or a
wrong finish is caught. Random games the checker plays against itself (``selfplay.py``) cover
its machinery (offers, 666 returns, forfeits, forced pick-ups, the cap) and its invariants.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest

from games.vriddiot.tests.independent import check
from games.vriddiot.tests.selfplay import self_play

SINGLE = [r + s for s in "SHDC" for r in "23456789TJQKA"] + ["X", "X"]


def in_order(cards: list[str]) -> list[str]:
    """Rank 2…A, then suit S H D C; the joker last."""
    return sorted(cards, key=lambda c: ("23456789TJQKAX".index(c[0]), "SHDC".find(c[1:] or "S")))


def record(
    dealer: int,
    seats: list[tuple[str, str, str]],
    stock: str,
    events: list[dict[str, Any]],
    starter: int,
    autos: list[str],
    result: str = "abandoned",
    **more: Any,
) -> dict[str, Any]:
    """A single-deck record whose deal gives seat s (face down, face up, hand) = seats[s] and
    whose stock starts with ``stock``; every seat keeps the dealt arrangement."""
    n = len(seats)
    zones = [[z.split() for z in seat] for seat in seats]
    rest = list(SINGLE)
    for card in [c for seat in zones for zone in seat for c in zone] + stock.split():
        rest.remove(card)
    shuffle = [
        zones[(dealer + 1 + k) % n][round_ // 3][round_ % 3]
        for round_ in range(9)
        for k in range(n)
    ]
    arrange = []
    for s, (_down, up, hand) in enumerate(zones):
        threes = {" ".join(in_order(list(t))) for t in itertools.combinations(up + hand, 3)}
        legal = sorted(f"arrange {t}" for t in threes)
        arrange.append({"seat": s, "act": "arrange " + " ".join(in_order(up)), "legal": legal})
    return {
        "format": "vriddiot-record/1",
        "players": [f"p{s}" for s in range(n)],
        "deck": "single",
        "jokers": 2,
        "dealer": dealer,
        "shuffle": shuffle + stock.split() + rest,
        "deal": [{"face_down": d, "face_up": u, "hand": h} for d, u, h in zones],
        "arrange": arrange,
        "starter": starter,
        "autos": autos,
        "events": events,
        "result": result,
        **more,
    }


def turn(seat: int, ctx: str, act: str, legal: str) -> dict[str, Any]:
    return {"seat": seat, "ctx": ctx, "act": act, "legal": legal.split(", ")}


def draw(seat: int, *cards: str) -> dict[str, Any]:
    return {"auto": "draw", "seat": seat, "cards": list(cards)}


# --- example 1: who starts ------------------------------------------------------------------


def starter_record(starter: int) -> dict[str, Any]:
    # dealer 2; after arrangement s0 {5C 9H KD}, s1 {2S 5D QH}, s2 {9S AH 7S}, s3 {X 6D 8C}
    seats = [
        ("2C 3C 4C", "6C 7C 8D", "5C 9H KD"),
        ("2H 3H 4H", "6H 7H 8H", "2S 5D QH"),
        ("2D 3D 4D", "6S 7D 8S", "9S AH 7S"),
        ("3S 4S 5S", "TS JS QS", "X 6D 8C"),
    ]
    return record(2, seats, "", [], starter, [])


def test_example_1_the_starter() -> None:
    assert check(starter_record(0)) == []
    problems = check(starter_record(1))
    assert problems == ["starter is 1, the rules give 0"]


# --- example 15: war and its end ------------------------------------------------------------

WAR_SEATS = [
    ("2S 3S 5S", "6C 7C 8D", "9H QD JS"),
    ("2H 3H 5H", "6H 7H 8H", "9C KH AS"),
    ("4S 8S TS", "2D 6D 7D", "TD QH KC"),
    ("4H JH QS", "JC QC KD", "2C X AD"),
]


def war_record() -> dict[str, Any]:
    """s0 9H; s1 9C declaring war; s2 and s3 pass (s3 could join with its joker as a 9); s0 QD,
    s1 KH; s0 holds {JS 4D 5C}: nothing reaches 13, so chance or pick up; it picks up and s2,
    after the declarer s1, leads."""
    events = [
        turn(0, "turn", "play hand 9H", "play hand 9H, play hand JS, play hand QD, chance"),
        draw(0, "4D"),
        turn(
            1,
            "turn",
            "play hand 9C war",
            "play hand 9C, play hand 9C war, play hand KH, play hand AS, chance, pick_up",
        ),
        {"auto": "war"},
        draw(1, "3C"),
        turn(2, "join", "pass", "pass"),
        turn(3, "join", "pass", "join hand X=9, pass"),
        turn(0, "war_turn", "play hand QD", "play hand JS, play hand QD, chance"),
        draw(0, "5C"),
        turn(1, "war_turn", "play hand KH", "play hand KH, play hand AS, chance"),
        draw(1, "4C"),
        turn(0, "war_turn", "pick_up", "chance, pick_up"),
        {"auto": "pick_up", "seat": 0, "cards": ["9H", "9C", "QD", "KH"]},
        {"auto": "war_end"},
        turn(2, "turn", "play hand QH", "play hand TD, play hand QH, play hand KC, chance"),
        draw(2, "6S"),
    ]
    autos = ["draw", "war", "pick_up", "war_end"]
    return record(3, WAR_SEATS, "4D 3C 5C 4C", events, 0, autos)


def test_example_15_war_and_its_end() -> None:
    assert check(war_record()) == []


def test_a_missing_or_an_extra_legal_entry_is_caught() -> None:
    altered = war_record()
    altered["events"][2]["legal"].remove("play hand 9C")
    assert check(altered) == ["events[2] (seat 1, turn): legal lacks ['play hand 9C']"]
    altered = war_record()
    altered["events"][6]["legal"].remove("join hand X=9")  # the joker joins as a 9
    assert check(altered) == ["events[6] (seat 3, join): legal lacks ['join hand X=9']"]
    altered = war_record()
    altered["events"][0]["legal"].append("pick_up")  # nothing to pick up on an empty pile
    altered["events"][7]["legal"].append("pick_up")  # a warrior with a legal play may not
    assert check(altered) == [
        "events[0] (seat 0, turn): legal has ['pick_up'], which the rules do not allow",
        "events[7] (seat 0, war_turn): legal has ['pick_up'], which the rules do not allow",
    ]


def test_a_wrong_act_is_caught() -> None:
    altered = war_record()
    altered["events"][7]["act"] = "play hand 4D"  # 4 < 9 in war
    altered["events"][7]["legal"].append("play hand 4D")
    problems = check(altered)
    assert "legal has ['play hand 4D']" in problems[0]
    assert "act 'play hand 4D' is not allowed" in problems[-1]
    altered = war_record()
    altered["events"][6]["act"] = "join hand X=9"  # legal, but then s3 is a warrior
    problems = check(altered)
    assert "seat 0 decides (war_turn); the rules wait for seat 3 (war_turn)" in problems[-1]


def test_a_wrong_starter_or_auto_is_caught() -> None:
    altered = war_record()
    altered["starter"] = 1
    assert check(altered) == ["starter is 1, the rules give 0"]
    altered = war_record()
    altered["events"][1] = draw(0, "3C")
    assert check(altered) == [
        "before events[2]: seat 0 draws ['3C'], the rules give ['4D']",
    ]
    altered = war_record()
    del altered["events"][3]  # "war" is listed in autos: every one must be written
    assert check(altered) == ["before events[4]: the record lacks auto [{'auto': 'war'}]"]


# --- example 6: an 8 starts a change ---------------------------------------------------------

CHANGE_SEATS = [
    ("TS TH TD", "QS QD QC", "8C 4H 4D"),
    ("2H 3D 5D", "6S 6H 6C", "3H QH KS"),
    ("7H 7D 8S", "KH KC 2C", "5H 7C 2D"),
    ("AS AH AD", "JS JH JD", "6D 3C 9S"),
]


def change_record(s1_hand: str = "3H QH KS", s1_legal: str = "") -> dict[str, Any]:
    """s3 leads 6D (floor 6); s0 plays 8C and must add: 4H → change ♥ 4; s1 {3H QH KS}: only
    QH; s2 {5H 7C 2D}: nothing, so chance or pick up; s2 picks up and s3 leads."""
    seats = list(CHANGE_SEATS)
    seats[1] = (seats[1][0], seats[1][1], s1_hand)
    events = [
        turn(3, "turn", "play hand 6D", "play hand 3C, play hand 6D, play hand 9S, chance"),
        draw(3, "KD"),
        turn(0, "turn", "play hand 8C", "play hand 8C, chance, pick_up"),
        draw(0, "7S"),
        turn(
            0,
            "must_add",
            "play hand 4H",
            # two 4s: one entry per top card (R7.3), the top last
            "play hand 4H, play hand 4D, play hand 4D 4H, play hand 4H 4D, play hand 7S, chance",
        ),
        draw(0, "5C"),
        turn(1, "turn", "play hand QH", s1_legal or "play hand QH, chance, pick_up"),
        draw(1, "9D"),
        turn(2, "turn", "pick_up", "chance, pick_up"),
        {"auto": "pick_up", "seat": 2, "cards": ["6D", "8C", "4H", "QH"]},
        turn(3, "turn", "play hand KD", "play hand 3C, play hand 9S, play hand KD, chance"),
        draw(3, "2S"),
    ]
    return record(2, seats, "KD 7S 5C 9D", events, 3, ["draw", "pick_up"])


def test_example_6_an_8_starts_a_change() -> None:
    assert check(change_record()) == []


def test_a_joker_in_a_change_is_a_heart_above_4_or_a_2_8_10_or_ace() -> None:
    """Example 12's joker in example 6's change ♥ 4 (A3: the suit is written where it must be
    the followed suit or sets it; a 10 or an ace is written by rank)."""
    legal = (
        "play hand QH, play hand X=2H, play hand X=5H, play hand X=6H, play hand X=7H, "
        "play hand X=8H, play hand X=9H, play hand X=T, play hand X=JH, play hand X=QH, "
        "play hand X=KH, play hand X=A, chance, pick_up"
    )
    assert check(change_record("3H QH X", legal)) == []
    wrong = legal.replace("play hand X=T", "play hand X=TH")
    assert check(change_record("3H QH X", wrong)) == [
        "events[6] (seat 1, turn): legal lacks ['play hand X=T']",
        "events[6] (seat 1, turn): legal has ['play hand X=TH'], which the rules do not allow",
    ]


# --- the end: forfeits, finish and idiot ------------------------------------------------------


def forfeit_record(finish: list[int], idiot: int) -> dict[str, Any]:
    """Three players; s1 leads 3S; s2 forfeits on its turn, then s1 while s0 thinks: s0 is the
    last player holding cards, the idiot; forfeiters rank below, the earlier one lowest (A12)."""
    seats = [
        ("2S 2H 2D", "TS TH TD", "9S TC JD"),
        ("4S 5S 6S", "JS QS KS", "3S 4H 5D"),
        ("7H 8H 9H", "JH QH KH", "6C 7C 8D"),
    ]
    events = [
        turn(1, "turn", "play hand 3S", "play hand 3S, play hand 4H, play hand 5D, chance"),
        {"auto": "forfeit", "seat": 2},
        {"auto": "forfeit", "seat": 1},
    ]
    return record(0, seats, "", events, 1, [], "finished", finish=finish, idiot=idiot)


def test_forfeits_end_the_game_and_rank_below_the_idiot() -> None:
    assert check(forfeit_record([0, 1, 2], 0)) == []
    assert check(forfeit_record([1, 0, 2], 0)) == [
        "finish is [1, 0, 2], the rules give [0, 1, 2]",
    ]
    assert check(forfeit_record([0, 1, 2], 2)) == ["idiot is 2, the rules give 0"]


# --- random games the checker plays against itself --------------------------------------------


@pytest.mark.parametrize(("players", "deck"), [(3, "single"), (5, "single"), (6, "double")])
def test_self_played_games_pass(players: int, deck: str) -> None:
    for seed in range(6):
        game = self_play(seed, players, deck, forfeits=0.003 * (seed % 2))
        assert check(game) == [], seed


def finished_game() -> dict[str, Any]:
    seed = 0
    while True:
        game = self_play(seed, 4, "single", weights={"chance": 0.2, "pick_up": 0.2})
        autos = [e["auto"] for e in game["events"] if "auto" in e]
        if game["result"] == "finished" and "return" in autos:
            return game
        seed += 1


def test_a_finished_game_with_a_wrong_end_is_caught() -> None:
    game = finished_game()
    assert check(game) == []
    altered = copy.deepcopy(game)
    altered["finish"] = altered["finish"][::-1]
    altered["idiot"] = altered["finish"][-1]
    problems = check(altered)
    assert [p.split(" is ")[0] for p in problems] == ["finish", "idiot"]
    altered = copy.deepcopy(game)
    altered["result"] = "capped"
    assert check(altered) == ["result is 'capped', the rules give 'finished'"]
    altered = copy.deepcopy(game)
    last = max(i for i, e in enumerate(altered["events"]) if "ctx" in e)
    del altered["events"][last:]
    assert "but the game goes on" in check(altered)[-1]


def test_a_wrong_666_return_is_caught() -> None:
    game = finished_game()
    altered = copy.deepcopy(game)
    back = next(e for e in altered["events"] if e.get("auto") == "return")
    back["order"] = [*back["order"], "X"]
    assert "is not the burnt pile" in check(altered)[-1]
