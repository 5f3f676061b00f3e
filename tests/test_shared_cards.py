"""The game-free card (bot.cards) and record ending (bot.endings.recorded_ending) that Vidrasso
and Pidro share: one behaviour for both decks."""

from __future__ import annotations

import pickle

import pytest

from bot.endings import Abandon, Resign, TimeOut, recorded_ending
from bot.suits import CardParseError
from games.pidro.rules import cards as pidro
from games.vidrasso.rules import cards as vidrasso


@pytest.mark.parametrize("deck", [vidrasso, pidro], ids=["vidrasso", "pidro"])
def test_every_card_is_one_object_that_parses_and_pickles_back_to_itself(deck: object) -> None:
    cards = deck.DECK  # type: ignore[attr-defined]
    assert [c.index for c in cards] == list(range(len(cards)))
    for c in cards:
        assert deck.Card.parse(c.text) is c  # type: ignore[attr-defined]
        assert deck.Card.parse(c.display.lower()) is c  # type: ignore[attr-defined]
        assert deck.card_at(c.index) is c  # type: ignore[attr-defined]
        assert pickle.loads(pickle.dumps(c)) is c
        assert str(c) == c.text and repr(c) == f"Card({c.text})"
    assert sorted(reversed(cards)) == list(cards)


def test_each_game_reads_its_own_ranks() -> None:
    assert pidro.Card.parse("10h") is pidro.Card.parse("TH")
    assert pidro.Card.parse("TH").display == "10♥"
    assert vidrasso.Card.parse("7♥").points == 7
    with pytest.raises(CardParseError, match="not a rank"):
        vidrasso.Card.parse("TH")  # no tens in Vidrasso's 36 cards
    with pytest.raises(CardParseError, match="like TH or 5D"):
        pidro.Card.parse("H")
    with pytest.raises(CardParseError, match="like 7H or AS"):
        vidrasso.Card.parse("7HHH")


class Bad(ValueError):
    pass


def test_a_recorded_ending_is_the_action_that_ended_the_game() -> None:
    assert (
        recorded_ending("finished", over=True, as_recorded=True, ended_by=None, invalid=Bad) is None
    )
    assert recorded_ending(
        "resigned", over=False, as_recorded=False, ended_by=1, invalid=Bad
    ) == Resign(1)
    assert recorded_ending(
        "timeout", over=False, as_recorded=False, ended_by=0, invalid=Bad
    ) == TimeOut(0)
    assert (
        recorded_ending("abandoned", over=False, as_recorded=False, ended_by=None, invalid=Bad)
        == Abandon()
    )


@pytest.mark.parametrize(
    ("result", "over", "as_recorded", "ended_by", "says"),
    [
        ("finished", True, False, None, "has not ended that way"),
        ("resigned", True, False, 0, "ended by the rules"),
        ("timeout", False, False, None, "needs ended_by"),
        ("won", False, False, None, "unknown result"),
    ],
)
def test_a_record_whose_ending_disagrees_is_refused(
    result: str, over: bool, as_recorded: bool, ended_by: int | None, says: str
) -> None:
    with pytest.raises(Bad, match=says):
        recorded_ending(result, over=over, as_recorded=as_recorded, ended_by=ended_by, invalid=Bad)
