"""Vidrasso's suits and ranks as words: what a trump is called, in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping

from cogs.ui.i18n import N_, Words
from games.vidrasso.rules import Rank, Suit

SUIT_NAMES: Mapping[Suit, str] = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
}
SUIT_ONE: Mapping[Suit, str] = {
    Suit.SPADES: N_("a spade"),
    Suit.HEARTS: N_("a heart"),
    Suit.DIAMONDS: N_("a diamond"),
    Suit.CLUBS: N_("a club"),
}
RANK_NAMES: Mapping[Rank, str] = {
    Rank.ACE: N_("aces"),
    Rank.TWO: N_("twos"),
    Rank.THREE: N_("threes"),
    Rank.FOUR: N_("fours"),
    Rank.FIVE: N_("fives"),
    Rank.SIX: N_("sixes"),
    Rank.SEVEN: N_("sevens"),
    Rank.EIGHT: N_("eights"),
    Rank.NINE: N_("nines"),
}


def named(value: Suit | Rank, tr: Words) -> str:
    """A trump's name: ``hearts``, ``sevens``, in the reader's words."""
    return tr(SUIT_NAMES[value]) if isinstance(value, Suit) else tr(RANK_NAMES[value])
