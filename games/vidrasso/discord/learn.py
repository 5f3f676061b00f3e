"""The guided first game's tips for Vidrasso: which tip fits what the learner sees now.

A tip is chosen from the learner's own seat view only, the first time its situation comes up;
the learn service remembers it, so each appears once.
"""

from __future__ import annotations

from collections.abc import Callable

from cogs.ui.i18n import N_, Words
from games.vidrasso.rules import Phase, TableView

Applies = Callable[[TableView], bool]


def _choosing(view: TableView) -> bool:
    return view.phase is Phase.TRUMP and view.seat in view.to_act


def _giving(view: TableView) -> bool:
    return view.phase is Phase.GIFT and view.seat in view.to_act


def _playing(view: TableView) -> bool:
    return view.phase is Phase.PLAY


def _leading(view: TableView) -> bool:
    return _playing(view) and view.seat in view.to_act and not view.trick


def _following(view: TableView) -> bool:
    return _playing(view) and view.seat in view.to_act and bool(view.trick)


def _turned(view: TableView) -> bool:
    return any(p.turned is not None for row in view.strawmen for p in row)


def _new_round(view: TableView) -> bool:
    return bool(view.finished_rounds)


TIPS: tuple[tuple[str, Applies, str], ...] = (
    (
        "trump",
        _choosing,
        N_(
            "**Trumps come in two parts.** One player names a trump **suit** (its cards beat "
            "every plain card), the other a trump **rank** (its four cards beat everything). "
            "Choosing first, pick the part where your hand is strongest."
        ),
    ),
    (
        "gift",
        _giving,
        N_(
            "**The gift.** You give one hand card, face down, to your opponent: it scores for "
            "them. Give a card worth few points — an ace is worth 1, a 9 is worth 9."
        ),
    ),
    (
        "values",
        _playing,
        N_(
            "**Weak cards are worth the most.** Inside a suit the ace is strongest but scores "
            "1 point; the 9 is weakest and scores 9. Win tricks that hold 9s and 8s."
        ),
    ),
    (
        "lead",
        _leading,
        N_(
            "**Your lead.** Play any card of your hand or a face-up strawman. The other player "
            "must follow your suit or play a trump."
        ),
    ),
    (
        "follow",
        _following,
        N_(
            "**Following.** Play the led suit or any trump; with neither, play anything. "
            "Greyed-out buttons are the cards you may not play now."
        ),
    ),
    (
        "strawman",
        _turned,
        N_(
            "**A strawman turned up.** When a pile's face-up card is played, the card under it "
            "turns face up after the trick — and can be played from then on."
        ),
    ),
    (
        "round",
        _new_round,
        N_(
            "**Scoring.** A round's 180 points go to whoever took the cards, plus each player's "
            "gift received. The first to 300 with the higher total wins."
        ),
    ),
)
"""Every tip: its key, when it fits, its text — in the order a first game meets them."""


def tip(view: TableView, shown: frozenset[str], tr: Words) -> tuple[str, str] | None:
    """The first tip not yet shown that fits the learner's view now: (key, text)."""
    for key, applies, text in TIPS:
        if key not in shown and applies(view):
            return key, tr(text)
    return None
