"""Vriddiot's rules as a short illustrated guide, and how to read the Vriddiot table.

``/vriddiot rules`` pages through :data:`GUIDE`, one idea a page, in the order a newcomer needs
them (``games/vriddiot/docs/rules.md`` is the full account): the goal and the cards; the deal and
the arrangement; playing on the pile; the special cards; the 8 and the change; 666 and KKK;
war; chance, blind cards and the end. Each page is an embed of a few sentences and, where cards
say it better, a picture without words (the same in every language) from
:mod:`games.vriddiot.examples`.

:data:`HELP_LINES` explain the table. Every text goes through the reader's
:class:`~cogs.ui.i18n.Words`; the Japanese ones are in
``games/vriddiot/locales/ja/LC_MESSAGES/vriddiot_guide.po``.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.drawing import pages as examples
from cogs.ui.guides import Guide, Page
from cogs.ui.i18n import N_

TITLE = N_("How to play Vriddiot · {page}/{pages} {topic}")
HELP_TITLE = N_("How to read the Vriddiot table")


def _picture(name: str) -> Callable[[], examples.Picture]:
    """The rules picture ``name`` of :mod:`games.vriddiot.examples` (drawn when first shown)."""

    def draw() -> examples.Picture:
        from games.vriddiot.examples import rules_pictures

        return rules_pictures()[name]

    return draw


PAGES: tuple[Page, ...] = (
    Page(
        N_("The goal"),
        N_(
            "Vriddiot is for **3 to 10 players**. Get rid of all your cards: the first out "
            "wins, and the **last player still holding cards is the Vriddiot** (the idiot). "
            "Three to five play **one deck with two jokers**; six to ten play **two decks** "
            "(104 cards, four jokers). Aces are high."
        ),
        _picture("finish"),
    ),
    Page(
        N_("The deal and your face-up cards"),
        N_(
            "Everyone gets **three cards face down** (nobody may look at them, not even you), "
            "**three face up** on them and **three in hand**; the rest is the **stock**. "
            "First, everyone privately chooses which **three of their six** cards lie face up; "
            "the choices are shown together when all have chosen. You play from your hand, then "
            "your face-up cards, then your face-down cards, blind."
        ),
        _picture("arrange"),
    ),
    Page(
        N_("Playing on the pile"),
        N_(
            "On your turn, play **one or more cards of one rank**, **equal to or higher** than "
            "the top of the pile — or **pick up the whole pile**. While the stock lasts, draw "
            "back up to **three cards** after playing. The lowest card in hand after the "
            "arrangement starts. A **jack turns the direction** of play."
        ),
        _picture("play"),
    ),
    Page(
        N_("The special cards"),
        N_(
            "A **2** can be played on anything and resets the pile: anything may follow. A "
            "**10** burns the pile, and so do **four alike** on top of it: you play again on "
            "the empty pile. **Der Fourer, the 4♠**, destroys the pile for good. A **joker** is "
            "wild: you say which card it is."
        ),
        _picture("specials"),
    ),
    Page(
        N_("The 8 and the change"),
        N_(
            "After an **8** you must add **another play at once**, of any value. Its top card "
            "sets a **suit and a value**: the next players must follow that **suit, higher** "
            "(2s and 8s of that suit too). An **ace**, a **10**, the **4♠** or four alike end "
            "the change; picking up always may. Where the suit matters you choose the top card."
        ),
        _picture("change"),
    ),
    Page(
        N_("666 and KKK"),
        N_(
            "Three 6s laid together are a **666**: they vanish, and the **burnt cards are "
            "shuffled back under the stock**. Three kings, **KKK**, vanish too and take every "
            "black card left in the stock with them. Either leaves an empty layer worth its "
            "rank to beat."
        ),
        _picture("combos"),
    ),
    Page(
        N_("War"),
        N_(
            "Play the **same plain rank** someone else just laid and you may **declare war**. "
            "Everyone else may **join** with that rank at once (a short time to answer). Then "
            "the warriors play in turn, **equal or higher**; an 8 turns it **downwards** in one "
            "suit. The first warrior who **picks up** loses the war and takes the pile; a burn "
            "ends it too, and everyone may **toss** cards of the burnt rank along."
        ),
        _picture("war"),
    ),
    Page(
        N_("Chance, blind cards and the end"),
        N_(
            "Instead of playing you may take a **chance**: the top stock card is turned and "
            "played if it may be; if not, you pick up the pile with it. Face-down cards are "
            "turned the same way, one at a time. A player with no card left is **out**; "
            "resigning or running out of time on a play takes the **worst place left**."
        ),
        _picture("pickup"),
    ),
)
"""The pages, in reading order."""

HELP_LINES = (
    N_(
        "**At the top**: whose move it is and **what must be beaten**: a value to equal or "
        "beat, a **change** (a suit and a value to beat), or a **war** with its warriors."
    ),
    N_(
        "**The pile** shows its top plays, each in front of who laid it, and how many cards it "
        "holds; a joker shows the card it stands for. An empty dashed layer is a vanished "
        "666 or KKK."
    ),
    N_(
        "**Each player** shows their face-up cards, how many face-down cards and how many cards "
        "in hand they have, and their **place** once out. A glow marks who the game waits for; "
        "the arrow shows the **direction** of play."
    ),
    N_(
        "**The counts**: the stock, the **burnt** pile (which a 666 returns to the stock) and "
        "the **destroyed** cards (gone for good)."
    ),
)


GUIDE = Guide(TITLE, PAGES, HELP_TITLE, HELP_LINES)

__all__ = ["GUIDE", "HELP_LINES", "PAGES"]
