"""The worked examples of the rules page (§15), each on the exact position it describes, and
the rules around them."""

from __future__ import annotations

import random

import pytest

from games.vriddiot.rules import (
    MOVE_CAP,
    CivilWar,
    Ctx,
    IllegalPlay,
    Purged,
    Req,
    Suit,
    War,
    WarDeclared,
    WarEnded,
    apply,
    legal_actions,
    parse_action,
    settle,
    start_game,
    timeout_action,
)
from games.vriddiot.rules.cards import SINGLE_DECK, Card
from games.vriddiot.rules.game import GameState
from games.vriddiot.tests.helpers import card, cards, do, legal, table, texts_of

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def deal_order(
    seats: int, dealer: int, down: list[str], up: list[str], hands: list[str]
) -> list[Card]:
    """A deck order that deals these rows (one card at a time from the dealer's left), the
    rest of the single deck after them as the stock."""
    order: list[Card] = []
    for rows in (down, up, hands):
        for r in range(3):
            for i in range(seats):
                order.append(cards(rows[(dealer + 1 + i) % seats])[r])
    used = {c.index for c in order}
    return order + [c for c in SINGLE_DECK if c.index not in used]


def keep_deal(state: GameState) -> GameState:
    for seat in state.to_act:
        state, _ = apply(state, timeout_action(state, seat))
    return state


# --- 1. Starter (R5) ---------------------------------------------------------------------------


def test_1_the_lowest_card_nearest_the_dealers_left_starts() -> None:
    order = deal_order(
        4,
        2,
        ["4D 4H 4C", "3S 3H 3D", "3C 2H 2D", "2C AS AD"],
        ["KS KH KC", "QS QC QD", "JS JH JD", "TS TH TD"],
        ["5C 9H KD", "2S 5D QH", "9S AH 7S", "X 6D 8C"],
    )
    state = keep_deal(start_game(4, 2, order))
    assert state.starter == 0
    assert state.ctx is Ctx.TURN and state.to_act == (0,)


def test_the_fourer_counts_ten_for_the_starter_and_no_key_means_the_dealers_left() -> None:
    order = deal_order(
        3,
        0,
        ["4D 4H 4C", "3S 3H 3D", "3C 5H 5D"],
        ["KS KH KC", "QS QC QD", "JS JH JD"],
        ["2S 2H X", "4S 2D 2C", "TS TH AS"],
    )
    state = keep_deal(start_game(3, 0, order))
    assert state.starter == 1  # 4♠ = 10 beats seat 2's ten only by seat order from the left
    order = deal_order(
        3,
        0,
        ["4D 4H 4C", "3S 3H 3D", "3C 5H 5D"],
        ["KS KH KC", "QS QC QD", "JS JH JD"],
        ["2S 2H X", "2D 2C X2", "TS TH AS"],
    )
    state = keep_deal(start_game(3, 0, order))
    assert state.starter == 2


# --- 2. Equal or higher, several cards, 2 (R8.1, R8.2) -----------------------------------------


def test_2_equal_or_higher_several_cards_and_the_two() -> None:
    state = table(
        hands={1: "9H 9D 4C", 2: "2C 5S KD"},
        stock="3S 4H",
        pile=[(3, "7C"), (0, "9S")],
        req=Req(floor=9),
        seat=1,
    )
    assert legal(state, 1) == {
        "play hand 9H",
        "play hand 9D",
        "play hand 9H 9D",
        "play hand 9H war",
        "play hand 9D war",
        "play hand 9H 9D war",
        "chance",
        "pick_up",
    }
    state = do(state, 1, "play hand 9H 9D")
    assert state.req == Req(floor=9) and state.to_act == (2,)
    from games.vriddiot.rules import run_of

    assert run_of(state.pile) == (9, 3)
    state = do(state, 2, "play hand 2C")
    assert state.req == Req() and state.to_act == (3,)
    assert {f"play hand {c.text}" for c in state.hands[3]} <= legal(state, 3)


# --- 3. Ten ------------------------------------------------------------------------------------


def test_3_a_ten_burns_the_pile_and_plays_again() -> None:
    pile = [(1, "5H"), (2, "9C"), (3, "KS")]
    state = table(hands={0: "TD 4C 6C"}, stock="2S", pile=pile, req=Req(floor=13))
    after = do(state, 0, "play hand TD")
    assert texts_of(after.burnt) == texts_of(cards("5H 9C KS TD"))
    assert after.pile == () and after.ctx is Ctx.EXTRA and after.to_act == (0,)
    assert texts_of(after.hands[0]) == ["2S", "4C", "6C"]
    last = table(hands={0: "TD"}, pile=pile, req=Req(floor=13))
    after = do(last, 0, "play hand TD")
    assert after.places == (0,) and after.ctx is Ctx.TURN and after.to_act == (1,)


# --- 4. Der Fourer -----------------------------------------------------------------------------


def test_4_der_fourer_destroys_the_pile_or_burns_alone() -> None:
    state = table(hands={1: "4S 5C 6C"}, pile=[(0, "7C"), (2, "7D"), (0, "JH")], seat=1)
    after = do(state, 1, "play hand 4S")
    assert texts_of(after.grave) == texts_of(cards("7C 7D JH 4S"))
    assert after.burnt == () and after.ctx is Ctx.EXTRA and after.to_act == (1,)
    empty = table(hands={1: "4S 5C 6C"}, ctx=Ctx.EXTRA, seat=1)
    after = do(empty, 1, "play hand 4S")
    assert texts_of(after.burnt) == ["4S"] and after.grave == ()
    assert after.ctx is Ctx.EXTRA and after.to_act == (1,)


# --- 5. Jacks ----------------------------------------------------------------------------------


def test_5_each_jack_turns_the_direction() -> None:
    state = table(hands={1: "JH 5C 6C", 0: "JD JC 4H"}, pile=[(0, "9S")], req=Req(floor=9), seat=1)
    state = do(state, 1, "play hand JH")
    assert state.direction == -1 and state.to_act == (0,)
    assert "play hand JD JC war" in legal(state, 0)  # canonical order (A15)
    state = do(state, 0, "play hand JD JC")
    assert state.direction == -1 and state.to_act == (3,) and state.req == Req(floor=11)


# --- 6. An 8 starts a change (R9) --------------------------------------------------------------


def test_6_an_eight_starts_a_change_that_must_be_followed_in_suit() -> None:
    state = table(
        hands={0: "8C 4H 5D", 1: "3H QH KS", 2: "5H 7C 2D"},
        pile=[(3, "6S")],
        req=Req(floor=6),
    )
    state = do(state, 0, "play hand 8C")
    assert state.ctx is Ctx.MUST_ADD and state.to_act == (0,)
    assert "pick_up" not in legal(state, 0)
    state = do(state, 0, "play hand 4H")
    assert state.req == Req(change=True, suit=H, value=4)
    assert legal(state, 1) == {"play hand QH", "pick_up"}
    state = do(state, 1, "play hand QH")
    assert state.req == Req(change=True, suit=H, value=12)
    assert legal(state, 2) == {"pick_up"}
    state = do(state, 2, "pick_up")
    assert texts_of(state.hands[2]) == texts_of(cards("5H 7C 2D 6S 8C 4H QH"))
    assert state.to_act == (3,) and state.req == Req() and state.pile == ()


# --- 7. Following: suit switch, 2 and 8 in suit, ace (R9.3) ----------------------------------


def test_7_following_a_change() -> None:
    state = table(
        hands={1: "9S 9D 4C", 2: "2D 5C 6H", 3: "8D KC 3H", 0: "AH 5S 6S"},
        pile=[(0, "7S")],
        req=Req(change=True, suit=S, value=7),
        seat=1,
    )
    options = legal(state, 1)
    assert {"play hand 9S", "play hand 9S 9D", "play hand 9D 9S"} <= options
    assert "play hand 9D" not in options
    state = do(state, 1, "play hand 9S 9D")
    assert state.req == Req(change=True, suit=D, value=9)
    state = do(state, 2, "play hand 2D")
    assert state.req == Req(change=True, suit=D, value=2)
    state = do(state, 3, "play hand 8D")
    assert state.ctx is Ctx.MUST_ADD
    state = do(state, 3, "play hand KC")
    assert state.req == Req(change=True, suit=C, value=13)
    state = do(state, 0, "play hand AH")
    assert state.req == Req(floor=14) and state.to_act == (1,)


def test_7_after_an_ace_only_aces_twos_tens_the_fourer_and_jokers() -> None:
    state = table(hands={1: "AS 2C TD 4S X KH QD 8S"}, pile=[(0, "AH")], req=Req(floor=14), seat=1)
    plays = {t for t in legal(state, 1) if t.startswith("play")}
    assert {p.split()[2] for p in plays} == {"AS", "2C", "TD", "4S", "X=T", "X=A", "X=2"}


# --- 8. Breaking a change ---------------------------------------------------------------------


def test_8_a_ten_or_four_alike_breaks_a_change() -> None:
    state = table(hands={0: "TH 3D 5S"}, pile=[(3, "KC")], req=Req(change=True, suit=C, value=13))
    assert legal(state, 0) == {"play hand TH", "pick_up"}
    after = do(state, 0, "play hand TH")
    assert after.ctx is Ctx.EXTRA and after.req == Req() and after.pile == ()
    state = table(
        hands={0: "9S 9C 4H"},
        pile=[(2, "9H"), (3, "9D")],
        req=Req(change=True, suit=D, value=9),
    )
    assert "play hand 9S" not in legal(state, 0)
    after = do(state, 0, "play hand 9S 9C")
    assert after.ctx is Ctx.EXTRA and texts_of(after.burnt) == texts_of(cards("9H 9D 9S 9C"))


# --- 9. Four alike across players (R7.4) -------------------------------------------------------


def test_9_four_alike_across_players_burns() -> None:
    state = table(hands={3: "5D 5C 9H"}, pile=[(1, "5S"), (2, "5H")], req=Req(floor=5), seat=3)
    after = do(state, 3, "play hand 5D 5C")
    assert after.pile == () and after.ctx is Ctx.EXTRA and after.to_act == (3,)


# --- 10. 666 (R8.3) ---------------------------------------------------------------------------


def test_10_a_666_vanishes_and_the_burnt_pile_returns_under_the_stock() -> None:
    burnt = "2S 3S 4H 5S 7H 9S JS QS KS AS"
    state = table(
        hands={0: "6S 6H 6C", 1: "7C", 2: "8C 9C TC", 3: "QH"},
        pile=[(3, "4D")],
        burnt=burnt,
        req=Req(floor=4),
    )
    state = do(state, 0, "play hand 6S 6H 6C")
    assert state.ctx is Ctx.RETURN and state.to_act == ()
    assert texts_of(state.grave) == ["6C", "6H", "6S"]
    assert state.pile[-1].ghost == 6 and state.req == Req(floor=6)
    state, _ = settle(state, random.Random(1))
    assert state.burnt == ()
    assert len(state.hands[0]) == 3 and 0 not in state.places  # not out: it drew
    assert len(state.hands[1]) == 3 and len(state.hands[3]) == 3
    assert len(state.stock) == 10 - 3 - 2 - 2
    assert state.to_act == (1,) and state.req == Req(floor=6)


def test_10_three_sixes_on_a_six_are_four_alike() -> None:
    state = table(hands={0: "6S 6H 6C"}, stock="2C", pile=[(3, "6D")], req=Req(floor=6))
    after = do(state, 0, "play hand 6S 6H 6C")
    assert after.ctx is Ctx.EXTRA and after.grave == ()


# --- 11. KKK (R8.4) ---------------------------------------------------------------------------


def test_11_kkk_purges_the_black_cards_of_the_stock() -> None:
    state = table(
        hands={2: "KH KD KC"},
        stock="3S QH 4S 9C X 7D",
        pile=[(1, "QD")],
        req=Req(floor=12),
        seat=2,
    )
    state, events = apply(state, parse_action(2, "play hand KH KD KC"))
    assert texts_of(state.grave) == ["3S", "9C", "KC", "KD", "KH"]
    assert [e.cards for e in events if isinstance(e, Purged)] == [cards("3S 9C")]
    # the stock became QH 4S X 7D, and seat 2 drew three of it
    assert [c.text for c in state.stock] == ["7D"]
    assert texts_of(state.hands[2]) == ["4S", "QH", "X"]
    assert state.to_act == (3,) and state.req == Req(floor=13)


# --- 12. Joker (R8.6, A3) ---------------------------------------------------------------------


def test_12_a_joker_is_declared_by_rank_or_by_rank_and_suit_where_the_suit_matters() -> None:
    state = table(hands={0: "X 3C 4C"}, pile=[(3, "KS")], req=Req(floor=13))
    options = legal(state, 0)
    assert "play hand X=2" in options and "play hand X=2C" not in options
    after = do(state, 0, "play hand X=2")
    assert after.req == Req()
    state = table(hands={0: "X 3C 4C"}, pile=[(3, "TH")], req=Req(change=True, suit=H, value=10))
    options = legal(state, 0)
    assert "play hand X=JH" in options and "play hand X=JS" not in options
    after = do(state, 0, "play hand X=JH")
    assert after.direction == -1 and after.req == Req(change=True, suit=H, value=11)
    assert parse_action(0, "play hand X=4S") not in legal_actions(state, 0)
    with pytest.raises(IllegalPlay):
        apply(state, parse_action(0, "play hand X=4S"))


def test_12_after_an_eight_the_joker_chooses_its_suit() -> None:
    state = table(hands={0: "X 3C 4C"}, pile=[(3, "8D")], ctx=Ctx.MUST_ADD, lapse="floor")
    options = legal(state, 0)
    assert {"play hand X=7S", "play hand X=7H", "play hand X=7D", "play hand X=7C"} <= options
    assert {"play hand X=4H", "play hand X=4D", "play hand X=4C"} <= options
    assert "play hand X=4S" not in options and "play hand X=T" in options
    assert "play hand X=A" in options and "play hand X=8" in options


# --- 13. Chance (R11.1) -----------------------------------------------------------------------


def test_13_chance_plays_the_stock_card_or_picks_up_with_it() -> None:
    start = table(hands={3: "4C 5D 6H"}, stock="KD 2S", pile=[(2, "QC")], req=Req(floor=12), seat=3)
    assert "chance" in legal(start, 3)
    after = do(start, 3, "chance")
    assert after.req == Req(floor=13) and after.pile[-1].cards == (card("KD"),)
    assert texts_of(after.hands[3]) == ["4C", "5D", "6H"] and after.to_act == (0,)
    start = table(hands={3: "4C 5D 6H"}, stock="9C 2S", pile=[(2, "QC")], req=Req(floor=12), seat=3)
    after = do(start, 3, "chance")
    assert texts_of(after.hands[3]) == texts_of(cards("4C 5D 6H QC 9C"))
    assert after.pile == () and after.to_act == (0,)


def test_13_a_chance_joker_is_declared_next_and_war_is_asked_after_a_matching_card() -> None:
    start = table(hands={1: "4C 5D 6H"}, stock="X 2S", pile=[(0, "9C")], req=Req(floor=9), seat=1)
    state = do(start, 1, "chance")
    assert state.ctx is Ctx.JOKER and state.revealed is not None
    assert legal(state, 1) >= {"as T", "as A", "as 2", "as 9"} and "as 9S" not in legal(state, 1)
    assert timeout_action(state, 1) == parse_action(1, "as T")
    state = do(state, 1, "as 9")
    assert state.ctx is Ctx.WAR_Q and legal(state, 1) == {"war", "no_war"}
    assert len(state.hands[1]) == 3  # the refill comes after the answer


# --- 14. Blind (R11.2, A1) --------------------------------------------------------------------


def test_14_blind_card_that_fails_is_picked_up_and_a_last_eight_goes_out() -> None:
    state = table(hands={2: ""}, down={2: "7S 3C 5H"}, pile=[(1, "8C")], req=Req(floor=8), seat=2)
    assert legal(state, 2) == {"blind 0", "blind 1", "blind 2", "pick_up"}
    after = do(state, 2, "blind 2")
    assert texts_of(after.hands[2]) == ["5H", "8C"] and after.to_act == (3,)
    last = table(hands={2: ""}, down={2: "8D"}, pile=[(1, "8C")], req=Req(floor=8), seat=2)
    last = table(hands={2: ""}, pile=[(1, "8C")], req=Req(floor=8), seat=2)
    from dataclasses import replace

    last = replace(
        last, down=tuple((None, None, card("8D")) if s == 2 else d for s, d in enumerate(last.down))
    )
    after = do(last, 2, "blind 2")
    assert after.places == (2,) and after.req == Req(floor=8) and after.to_act == (3,)


# --- 15. War and its end (R10) ----------------------------------------------------------------


def test_15_war_pick_up_and_play_resumes_after_the_declarer() -> None:
    state = table(
        hands={0: "9H QD JS 4D 5C", 1: "9C KH 3D", 2: "6S 6D 7H", 3: "3C 4H 5H"},
        pile=[(3, "7C")],
        req=Req(floor=7),
    )
    state = do(state, 0, "play hand 9H")
    assert "play hand 9C war" in legal(state, 1)
    state = do(state, 1, "play hand 9C war")
    assert state.ctx is Ctx.JOIN and set(state.to_act) == {2, 3}
    assert legal(state, 2) == {"pass"}  # asked though it cannot join (A5)
    state = do(state, 3, "pass")
    state = do(state, 2, "pass")
    assert state.war is not None and state.war.warriors == (0, 1) and state.war.level == 9
    assert state.ctx is Ctx.WAR_TURN and state.to_act == (0,)
    state = do(state, 0, "play hand QD")
    state = do(state, 1, "play hand KH")
    # s0 holds JS 4D 5C, nothing ≥ 13, stock empty: picked up at once (A13)
    assert state.war is None and len(state.hands[0]) == 3 + 5
    assert state.ctx is Ctx.TURN and state.to_act == (2,)


# --- 16. Joining and civil war ----------------------------------------------------------------


def test_16_joining_and_civil_war() -> None:
    state = table(
        hands={0: "5H 9C JH 3D 4D", 1: "5D 9D 3H", 2: "5C KS KD", 3: "4C 6C 7C"},
        pile=[(3, "4H")],
        req=Req(floor=4),
    )
    state = do(state, 0, "play hand 5H")
    state = do(state, 1, "play hand 5D war")
    assert "join hand 5C" in legal(state, 2)
    state = do(state, 2, "join hand 5C")
    state = do(state, 3, "pass")
    assert state.war is not None and state.war.warriors == (0, 1, 2)
    assert state.to_act == (0,)
    state = do(state, 0, "play hand 9C")
    state = do(state, 1, "play hand 9D")
    assert state.war is not None and state.war.warriors == (0, 1)
    assert state.to_act == (0,)
    state = do(state, 0, "play hand JH")
    # s1 holds 3H only: picked up at once; jacks odd: counter-clockwise from the declarer s1
    assert state.war is None and state.direction == -1 and state.to_act == (0,)


def test_a_tie_with_a_warrior_who_went_out_leaves_one_warrior_and_ends_the_war() -> None:
    """Decision 9 (R10.5 civil war, R13.1, R10.8 c): s0 goes out on a blind AH; s1 ties it with
    AD. The top run was laid by s0 and s1, and s0 is no longer a warrior, so s1 is the only
    warrior left: the war ends without a pick-up (s2, who laid no ace, does not have to beat
    it), floor 14, and the next player after the declarer s2 leads."""
    state = table(
        hands={0: "", 1: "AD 5C 6C", 2: "QC 4D 7H"},
        down={0: "AH"},
        pile=[(1, "9D"), (2, "9C"), (0, "9H"), (1, "QD"), (2, "KD")],
        war=War((0, 1, 2), 2, 1, 0, 13),
        ctx=Ctx.WAR_TURN,
        seat=0,
    )
    state = do(state, 0, "blind 0")
    assert state.places == (0,)
    assert state.war is not None and state.war.warriors == (1, 2) and state.to_act == (1,)
    state, events = apply(state, parse_action(1, "play hand AD"))
    assert CivilWar((1,)) in events and WarEnded("warriors", 1) in events
    assert state.war is None and state.req == Req(floor=14)
    assert state.ctx is Ctx.TURN and state.to_act == (3,)
    assert texts_of(state.hands[2]) == ["4D", "7H", "QC"] and len(state.pile) == 7


# --- 17. Discard ends a war -------------------------------------------------------------------


def test_17_a_discard_ends_the_war_and_the_discarder_plays_again() -> None:
    war = War((1, 2), 1, 1, 0, 12)
    pile = [(0, "QD"), (1, "5C"), (2, "QS"), (1, "QH QC")]
    for play, burnt in (("TS", 6), ("QD", 6)):
        hand = "TS 3C 4C" if play == "TS" else "QD 3C 4C"
        hand_card = "QD" if play == "QD" else ""
        state = table(
            hands={2: hand},
            pile=pile if not hand_card else pile[1:],
            war=war,
            ctx=Ctx.WAR_TURN,
            seat=2,
        )
        after = do(state, 2, f"play hand {play}")
        assert after.war is None and after.ctx is Ctx.EXTRA and after.to_act == (2,)
        assert len(after.burnt) == burnt - (1 if hand_card else 0)


# --- 18. Change in war (R10.6) ----------------------------------------------------------------


def test_18_change_in_war() -> None:
    state = table(
        3,
        hands={0: "6D 8H 5C 2H 8C 4D", 1: "6H 3C KC 8S QD", 2: "7S 7D 9H"},
        pile=[(2, "4S")],
        req=Req(floor=4),
    )
    state = table(
        3,
        hands={0: "6D 8H 5C 2H 8C 4D", 1: "6H 3C KC 8S QD", 2: "7S 7D 9H"},
        pile=[(2, "4H")],
        req=Req(floor=4),
    )
    state = do(state, 0, "play hand 6D")
    state = do(state, 1, "play hand 6H war")
    state = do(state, 2, "pass")
    state = do(state, 0, "play hand 8H")
    assert state.ctx is Ctx.MUST_ADD
    options = legal(state, 0)
    assert "play hand 8C" not in options and "play hand 5C" in options
    state = do(state, 0, "play hand 5C")
    assert state.war is not None and (state.war.down, state.war.suit, state.war.bound) == (
        True,
        C,
        5,
    )
    assert legal(state, 1) == {"play hand 3C"}
    state = do(state, 1, "play hand 3C")
    assert legal(state, 0) == {"play hand 8C"}
    state = do(state, 0, "play hand 8C")
    assert legal(state, 0) == {"play hand 2H"}
    state = do(state, 0, "play hand 2H")
    assert state.war is None  # s1 (KC 8S QD) had to pick up
    assert len(state.hands[1]) == 3 + 8 and state.to_act == (2,)


# --- 19. Dobbeldeck toss-along (R10.9, A5, A7) ------------------------------------------------


def test_19_toss_along_after_four_alike_in_a_war() -> None:
    state = table(
        hands={0: "7H 3C 4C", 1: "7C 5S 5D", 2: "7D 7S 9C", 3: "7H' 6C 6D"},
        pile=[(3, "3H")],
        req=Req(floor=3),
        double=True,
    )
    state = do(state, 0, "play hand 7H")
    state = do(state, 1, "play hand 7C war")
    assert set(state.to_act) == {2, 3}
    state = do(state, 3, "pass")
    state = do(state, 2, "join hand 7S 7D")
    assert state.war is None and state.ctx is Ctx.TOSS
    assert state.pending.order == (3, 0, 1)
    assert legal(state, 3) == {"toss hand 7H", "pass"}
    state = do(state, 0, "pass")
    state = do(state, 3, "toss hand 7H")
    state = do(state, 1, "pass")
    assert state.ctx is Ctx.EXTRA and state.to_act == (2,)
    assert len(state.burnt) == 6 + 0 and "7H" in {c.text for c in state.burnt}


# --- 20. The end (R13) ------------------------------------------------------------------------


def test_20_the_last_player_holding_cards_is_the_idiot() -> None:
    state = table(3, hands={0: "9C", 1: "3C 4C", 2: "KD"}, pile=[(1, "5D")], req=Req(floor=5))
    state = do(state, 0, "play hand 9C")
    assert state.places == (0,) and state.to_act == (1,)
    state = do(state, 1, "pick_up")
    state = do(state, 2, "play hand KD")
    assert state.outcome is not None
    assert state.outcome.finish == (0, 2, 1) and state.outcome.idiot == 1


def test_a_war_chosen_with_the_capping_play_is_never_declared() -> None:
    """Decision 15 (A14, R13.5, A6): the 2,000th play ends the game once it is resolved, before
    any war: ``play hand AC war`` is still listed (the variant is part of the play), but no war
    is formed and no ``war`` event is written."""
    from dataclasses import replace

    state = table(3, hands={2: "AC 3C 4C"}, pile=[(1, "AH")], req=Req(floor=14), seat=2)
    assert "play hand AC war" in legal(state, 2)
    after, events = apply(state, parse_action(2, "play hand AC war"))
    assert after.war is not None and any(isinstance(e, WarDeclared) for e in events)
    capped, events = apply(replace(state, plays=MOVE_CAP - 1), parse_action(2, "play hand AC war"))
    assert capped.outcome is not None and capped.outcome.capped
    assert capped.war is None and not any(isinstance(e, WarDeclared) for e in events)


def test_the_kept_plays_are_numbers_the_collector_never_walks() -> None:
    """The engine keeps every hand's plays it has listed (``_candidates``) for as long as it
    runs. Kept as Play objects they were most of what a busy bot's full collections walked, and
    grew with every new hand; kept as face ids, a collection leaves them out of its sight."""
    import gc

    from games.vriddiot.rules import game as engine
    from games.vriddiot.rules import legal_actions
    from games.vriddiot.tests.helpers import random_states

    engine._CANDIDATES.clear()
    listed = 0
    for seed in range(3):
        for state in random_states(seed, seats=4, forfeits=False):
            for seat in state.to_act:
                listed += len(legal_actions(state, seat))
    assert listed and len(engine._CANDIDATES) > 50
    for _ in range(4):  # a pass leaves out a tuple once all it holds is: a level of nesting a pass
        gc.collect()
    assert not any(gc.is_tracked(k) or gc.is_tracked(v) for k, v in engine._CANDIDATES.items())


def test_the_seats_statistics_play_the_game_again_once_and_unchecked_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A finished game's statistics (picked up, burns, wars) come from playing it again from
    its log. That is done once for all its seats, not once a seat (the last game played again
    is kept, by identity: another game is played again, never mistaken for it), and without
    checking each logged move again: the events are those of the checked replay."""
    from games.vriddiot import game as registry
    from games.vriddiot.game import GAME
    from games.vriddiot.rules.game import apply_secretly, start_game
    from games.vriddiot.tests.helpers import random_states

    finals = [list(random_states(seed, seats=3 + seed))[-1] for seed in range(4)]

    def checked_events(state: GameState) -> list[object]:
        g = start_game(state.seats, state.dealer, state.shuffle, state.double)
        events: list[object] = []
        for action in state.log:
            g = apply_secretly(g, action, events)  # type: ignore[arg-type]
        return events

    for final in finals:
        assert registry._events_by_seat(final) == checked_events(final)
    expected = {id(f): [GAME.seat_stats(f, s) for s in range(f.seats)] for f in finals}
    assert any(sum(stats["picked_up"] for stats in e) for e in expected.values())
    for final in [*finals, finals[0], finals[2], finals[0]]:  # alternating: never the other's
        assert [GAME.seat_stats(final, s) for s in range(final.seats)] == expected[id(final)]
    replays = 0
    real = start_game

    def counting(*args: object) -> GameState:
        nonlocal replays
        replays += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(registry, "start_game", counting)
    for s in range(finals[1].seats):
        GAME.seat_stats(finals[1], s)
    assert replays == 1
