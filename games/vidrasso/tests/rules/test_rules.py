"""The worked examples of games/vidrasso/docs/rules.md, "Worked examples", one test each, plus the
card-level
rules around them."""

from __future__ import annotations

import pytest

from games.vidrasso.rules import Card, Rank, Suit, Trumps, legal_plays, parse_cards, trick_winner
from games.vidrasso.rules.cards import CardParseError

HEARTS_SEVENS = Trumps(Suit.HEARTS, Rank.SEVEN)


def c(text: str) -> Card:
    return Card.parse(text)


def legal(hand: str, led: str | None, trumps: Trumps) -> set[str]:
    cards = parse_cards(hand.split())
    return {x.text for x in legal_plays(cards, c(led) if led else None, trumps)}


def test_trump_rank_beats_trump_suit() -> None:
    # Hearts trump, 7s trump rank. 7♣ is led; follower plays A♥ → 7♣ wins.
    assert trick_winner(c("7C"), c("AH"), HEARTS_SEVENS) == 0


def test_second_trump_rank_card_wins() -> None:
    # 7♣ led, follower plays 7♠ → 7♠ wins.
    assert trick_winner(c("7C"), c("7S"), HEARTS_SEVENS) == 1


def test_follow_or_trump_but_not_a_plain_discard() -> None:
    # 2♠ led; follower holds ♠5, ♣9, ♥9 → legal: ♠5 or ♥9.
    assert legal("5S 9C 9H", "2S", HEARTS_SEVENS) == {"5S", "9H"}


def test_only_led_suit_card_is_the_trump_rank_card_must_play_it() -> None:
    # 2♠ led; follower holds 7♠, ♦4 and no other spade or trump → must play 7♠.
    assert legal("7S 4D", "2S", HEARTS_SEVENS) == {"7S"}


def test_trump_rank_spade_or_a_heart() -> None:
    # 2♠ led; follower holds 7♠, ♥3, ♦4 → legal: 7♠ or ♥3.
    assert legal("7S 3H 4D", "2S", HEARTS_SEVENS) == {"7S", "3H"}


def test_rank_trump_may_be_played_when_able_to_follow() -> None:
    # Spades trump, 7s trump rank. 2♠ led; follower holds ♠5 and ♣7 → both legal.
    assert legal("5S 7C", "2S", Trumps(Suit.SPADES, Rank.SEVEN)) == {"5S", "7C"}


def test_off_suit_discard_never_wins() -> None:
    # Diamonds trump, Aces trump rank. 3♣ led, follower void in clubs plays 9♠ → 3♣ wins.
    assert trick_winner(c("3C"), c("9S"), Trumps(Suit.DIAMONDS, Rank.ACE)) == 0


def test_void_follower_may_play_anything() -> None:
    assert legal("9C 3D 5H", "2S", HEARTS_SEVENS) == {"9C", "3D", "5H"}


def test_leader_may_play_anything() -> None:
    assert legal("9C 3D 5H 7S", None, HEARTS_SEVENS) == {"9C", "3D", "5H", "7S"}


def test_leading_a_trump_rank_card_leads_its_printed_suit() -> None:
    # 7♣ led with sevens trump leads clubs: a club holder must follow clubs or trump.
    assert legal("9C 4D 2H", "7C", HEARTS_SEVENS) == {"9C", "2H"}
    # and a follower without clubs may play anything
    assert legal("4D 5S", "7C", HEARTS_SEVENS) == {"4D", "5S"}


def test_trump_suit_led_follows_by_suit_and_rank_trumps_count() -> None:
    # Hearts led: the follower holding hearts may play a heart or a trump-rank card.
    assert legal("9H 7S 2C", "4H", HEARTS_SEVENS) == {"9H", "7S"}


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        ("2S", "AS", 1),  # stronger card of the led suit wins
        ("AS", "2S", 0),
        ("9S", "AD", 0),  # off-suit plain card never wins
        ("AS", "9H", 1),  # any trump-suit card beats a plain card
        ("9H", "AS", 0),
        ("5H", "4H", 1),  # stronger trump-suit card wins
        ("4H", "5H", 0),
        ("AH", "7D", 1),  # trump rank beats the best trump-suit card
        ("7H", "AH", 0),  # 7♥ is simply a trump-rank card
        ("7H", "7D", 1),  # second of two trump-rank cards
        ("7D", "7H", 1),
    ],
)
def test_trick_winner_table(lead: str, follow: str, winner: int) -> None:
    assert trick_winner(c(lead), c(follow), HEARTS_SEVENS) == winner


def test_strength_order_example() -> None:
    # games/vidrasso/docs/rules.md, Strength of cards, weakest first: 9 8 6 5 4 3 2 A of a plain
    # suit, hearts, 7s.
    t = HEARTS_SEVENS
    order = parse_cards("9S 8S 6S 5S 4S 3S 2S AS 9H 8H 6H 5H 4H 3H 2H AH 7D".split())
    strengths = [t.strength(x) for x in order]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)
    assert {t.strength(c(x)) for x in ("7S", "7H", "7D", "7C")} == {t.strength(c("7D"))}


def test_points_weakest_cards_worth_most() -> None:
    assert [c(x).points for x in ("AS", "2S", "5H", "9C")] == [1, 2, 5, 9]
    assert sum(c(r + s).points for r in "A23456789" for s in "SHDC") == 180


def test_card_notation_round_trip_and_errors() -> None:
    assert c("7h").text == "7H"
    assert c("7♥").display == "7♥"
    assert c("as") is c("AS")
    for bad in ("10H", "7X", "", "KH", "7"):
        with pytest.raises(CardParseError):
            c(bad)
