"""Pidro's rules as a short illustrated guide, and how to read the drawn Pidro table.

``/pidro rules`` pages through :data:`GUIDE`, one idea a page, in the order a newcomer needs
them (games/pidro/docs/rules.md is the full account): teams and the goal; trumps and their order;
the
points; the deal and the bidding; discarding, refilling and kills; the play and going cold;
scoring. Each page is an embed of a few sentences and, where cards say it better, a picture
without words (:mod:`games.vidrasso.examples`, the same in every language);
:class:`~cogs.ui.guides.Guide` makes the embeds.

:data:`HELP_LINES` explain the drawn table (:mod:`games.pidro.drawing`). Every text goes through
the reader's :class:`~cogs.ui.i18n.Words`; the Japanese ones are in
``games/pidro/locales/ja/LC_MESSAGES/pidro_guide.po``.
"""

from __future__ import annotations

from bot.drawing import pages as examples
from cogs.ui.guides import Guide, Page
from cogs.ui.i18n import N_
from games.pidro.rules import Card, Suit, parse_cards, trump_order

TITLE = N_("How to play Pidro · {page}/{pages} {topic}")
HELP_TITLE = N_("How to read the Pidro table")

EXAMPLE_TRUMP = Suit.HEARTS
"""The trumps of the pictures: hearts, so 5♦ is the wrong five."""
TRUMPS = trump_order(EXAMPLE_TRUMP)
"""Page 2: the 14 trumps, strongest first."""
POINT_CARDS = tuple(c for c in TRUMPS if c.points(EXAMPLE_TRUMP))
"""Page 3: the six trumps worth points."""
HAND = parse_cards(["AH", "9H", "5D", "3H", "KS", "8S", "QD", "4C", "7C"])
"""Page 5: a hand of nine when hearts are named: four trumps kept, five cards laid face up."""
TRICK = parse_cards(["9H", "5H", "KH", "2H"])
"""Page 6: a trick of four trumps; the K wins it and its team takes the 5, the 2 goes to whoever
played it."""
GAME_HANDS = ((9, 5), (8, 6), (10, 4), (5, 9), (12, 2), (7, 7), (11, 3))
"""Page 7: hands of a game to 62, bids made (62 to 36)."""


def _with_points(cards: tuple[Card, ...]) -> examples.Picture:
    trumps = frozenset(c for c in cards if c.is_trump(EXAMPLE_TRUMP))
    coins = [c.points(EXAMPLE_TRUMP) for c in cards]
    return examples.card_row(cards, trumps=trumps, coins=coins)


def _discard() -> examples.Picture:
    trumps = frozenset(c for c in HAND if c.is_trump(EXAMPLE_TRUMP))
    return examples.card_row(HAND, trumps=trumps, dimmed=frozenset(HAND) - trumps)


def _trick() -> examples.Picture:
    winner = max(TRICK, key=lambda c: c.strength(EXAMPLE_TRUMP))
    coins = [c.points(EXAMPLE_TRUMP) for c in TRICK]
    return examples.card_row(TRICK, trumps=frozenset(TRICK), coins=coins, ringed={winner})


PAGES: tuple[Page, ...] = (
    Page(
        N_("Teams and the goal"),
        N_(
            "Pidro is played by **four players in two teams**; partners sit **opposite** each "
            "other. In every hand the teams bid for the right to name **trumps**, then play "
            "tricks for the **14 points** the trumps hold. The first team to **62** wins the "
            "game."
        ),
        None,
    ),
    Page(
        N_("Trumps and their order"),
        N_(
            "Only **trumps** are played. They are the **13 cards of the suit named**, plus the "
            "**five of the other suit of the same colour**: 14 trumps. Strongest first: **A K Q "
            "J 10 9 8 7 6**, the **right 5** (the trump suit's), the **wrong 5**, then **4 3 2**. "
            "Here hearts are trumps, so 5♦ is one too."
        ),
        lambda: examples.card_row(TRUMPS, trumps=frozenset(TRUMPS)),
    ),
    Page(
        N_("Points"),
        N_(
            "Six trumps score: the **A**, the **J**, the **10** and the **2** score 1 each, and "
            "**each 5 scores 5**: 14 points a hand. Every other card is worth nothing. The "
            "winner of a trick takes its points, except the **2**: its point always goes to "
            "the team that played it."
        ),
        lambda: _with_points(POINT_CARDS),
    ),
    Page(
        N_("The deal and the bidding"),
        N_(
            "Each player gets **9 cards**; 16 stay in the **stock**. Then one round of bids, "
            "from the dealer's left, the **dealer last**: a bid is **6 to 14** points, and must "
            "beat the highest so far (14 may be bid over 14). Anyone may **pass**; if the first "
            "three pass, the dealer plays a **forced 6**."
        ),
        None,
    ),
    Page(
        N_("Discard, refill and kills"),
        N_(
            "The highest bidder names the **trump suit**. Everyone lays their **non-trumps face "
            "up** and is given cards from the stock **up to six**; the dealer takes the rest of "
            "the stock, keeps its trumps, tops up to six and **discards the rest face down**. A "
            "player with **more than six trumps kills** the extra ones face up: never one worth "
            "points."
        ),
        _discard,
    ),
    Page(
        N_("The play and going cold"),
        N_(
            "The highest bidder **leads**. Each player in turn plays **any trump**; the "
            "**highest wins** the trick and leads the next. A player with **no trump left** at "
            "their turn **goes cold**: their cards are laid face up and they sit out the hand. "
            "When only **one team still holds trumps**, it **scores them unplayed**. Here the K "
            "wins the 5; the 2's point goes to whoever played it."
        ),
        _trick,
    ),
    Page(
        N_("Scoring, the hole and 62"),
        N_(
            "When the hand ends, a team that **reached its bid** scores all the points it took; "
            "one that did not **loses its bid** (it goes **in the hole**, and may go below "
            "zero). The other team always scores what it took. The first team to **62** wins; "
            "if both get there in one hand, **the bidding team wins**."
        ),
        lambda: examples.race(GAME_HANDS, 62),
    ),
)
"""The pages, in reading order."""

HELP_LINES = (
    N_(
        "**At the top**: the **trump suit** beside the **contract** (who bid how much, or a "
        "forced 6) and the hand's number; each team by its players, its **total** towards 62 "
        "and the points it has taken **this hand**."
    ),
    N_(
        "**A row a seat**, in playing order, a **coloured stripe** for its team: its name; while "
        "bidding the **dealer** and its **bid** or **pass**, then the contract's bid; how many "
        "cards it holds and how many came from the **stock**."
    ),
    N_(
        "Then face up: its **discards**, its **killed** trumps and, once it has gone **cold**, "
        "its remaining cards; at the row's end its card in the **trick** being played, the "
        "**leader's card ringed**. **Gold borders** mark trumps."
    ),
    N_(
        "**At the bottom**: the **last trick** and who took it, or what the hand waits for. A "
        "**gold glow** marks the player the game is waiting for; the text beside the picture "
        "says the same, and **Details** all of it in words."
    ),
)


GUIDE = Guide(TITLE, PAGES, HELP_TITLE, HELP_LINES)
