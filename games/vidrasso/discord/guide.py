"""Vidrasso's rules as a short illustrated guide, and how to read the drawn table.

``/vidrasso rules`` pages through :data:`GUIDE`, one idea a page, in the order a newcomer
needs them (games/vidrasso/docs/rules.md is the full account): the cards and their points,
strawmen, choosing
trumps, which card is stronger, following, gifts, scoring and the target. Each page is an embed
of a few sentences and a small picture of cards (:mod:`games.vidrasso.examples`), which carries no
words and so serves every language (:class:`~cogs.ui.guides.Guide` makes the embeds).

:data:`HELP_LINES` explain the drawn table and the text beside it ("How to read this table").
Every text goes through the reader's :class:`~cogs.ui.i18n.Words`; the Japanese ones are in
``games/vidrasso/locales/ja/LC_MESSAGES/vidrasso_guide.po``.
"""

from __future__ import annotations

from cogs.ui.guides import Guide, Page
from cogs.ui.i18n import N_
from games.vidrasso import examples
from games.vidrasso.rules import Card, Rank, Suit, Trumps, legal_plays

TITLE = N_("How to play Vidrasso · {page}/{pages} {topic}")
HELP_TITLE = N_("How to read this table")

EXAMPLE_TRUMPS = Trumps(Suit.HEARTS, Rank.SEVEN)
"""The trumps of the pictures: hearts and sevens, as in games/vidrasso/docs/rules.md."""


def _cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


STRENGTH_GROUPS = (_cards("9C", "AC"), _cards("9H", "AH"), _cards("7S", "7H", "7D", "7C"))
"""Page 4: plain cards, trump-suit cards, the trump rank's four cards, weakest first."""
LED = Card.parse("2S")
FOLLOWER = _cards("5S", "9H", "7D", "9C")
"""Page 5: the led card and the follower's cards, marked by the engine's own rule."""
GAME_ROUNDS = ((110, 70), (58, 122), (112, 68), (77, 103))
"""Page 7: the rounds of the game to 300 in games/vidrasso/docs/rules.md (363 beats 357)."""


def _following() -> examples.Picture:
    allowed = legal_plays(FOLLOWER, LED, EXAMPLE_TRUMPS)
    marked = [(card, card in allowed) for card in FOLLOWER]
    return examples.following(EXAMPLE_TRUMPS, LED, marked)


PAGES: tuple[Page, ...] = (
    Page(
        N_("The cards and their points"),
        N_(
            "Vidrasso is a game for two players with 36 cards: **A 2 3 4 5 6 7 8 9** in each of "
            "♠ ♥ ♦ ♣. In every suit the **Ace is the strongest** card and the **9 the weakest**. "
            "But a card **scores its number**, an Ace 1: the weakest cards are worth the most. "
            "The whole deck holds **180 points**."
        ),
        lambda: examples.points_row([Card.parse(r + "H") for r in "A23456789"]),
    ),
    Page(
        N_("Strawmen"),
        N_(
            "Each player gets a **hand** of 8 cards, seen only by them, and 5 **strawmen**: "
            "piles of a **face-up** card on a **face-down** one. You may play your hand cards "
            "and the face-up cards of your strawmen. When a strawman's face-up card is played, "
            "the card under it **turns up after the trick**. Until then nobody sees it, not "
            "even its owner."
        ),
        lambda: examples.strawmen(_cards("2S", "8D", "5C", "4H", "6S"), Card.parse("3S")),
    ),
    Page(
        N_("Choosing trumps"),
        N_(
            "Every round has a **trump suit** and a **trump rank**. The **first chooser** "
            "decides which of the two to name, and names it; the other player names the other. "
            "In round 1 the player who did not deal chooses first; later, the player with the "
            "**lower total** (if equal, whoever chose second last round). Hearts and sevens is "
            "fine: 7♥ is then both."
        ),
        lambda: examples.trump_choice(EXAMPLE_TRUMPS, _cards("AS", "9H", "AH", "7C", "7D")),
    ),
    Page(
        N_("Which card is stronger"),
        N_(
            "From weakest to strongest: **plain cards**, which only beat weaker cards of their "
            "own suit; the **trump suit**, whose weakest card beats every plain card; the four "
            "**trump-rank** cards, which beat everything. When both cards of a trick are "
            "trump-rank cards, the **second one played wins**. Trumps have **gold borders**; "
            "here hearts and sevens are trumps."
        ),
        lambda: examples.strength(EXAMPLE_TRUMPS, STRENGTH_GROUPS),
    ),
    Page(
        N_("Following"),
        N_(
            "The **leader** plays any card; the **led suit** is the suit printed on it (7♣ leads "
            "clubs). If you have a card of the led suit, play **a card of that suit or any "
            "trump**: you may trump even when you could **follow**. If you have none, play "
            "anything. Here 2♠ is led, hearts and sevens are trumps: 5♠, 9♥ and 7♦ may be "
            "played, 9♣ may not."
        ),
        _following,
    ),
    Page(
        N_("Gifts"),
        N_(
            "Once the trumps are named, each player gives a **gift**: one **hand** card, face "
            "down, to the **opponent**. It **scores for them** when the round ends, and only "
            "then do they see it. Then the **17 tricks** are played: the player who did not deal "
            "leads the first, and the winner of each trick takes both cards and leads the next."
        ),
        lambda: examples.gift(_cards("AS", "4S", "2H", "3D", "9C"), Card.parse("9C")),
    ),
    Page(
        N_("Scoring and the target"),
        N_(
            "After the 17th trick each player scores the cards of the tricks they won, plus the "
            "**gift** they received: the two scores always make **180**, and each is added to "
            "that player's **total**. When a round ends with a total at the **target** (300, or "
            "500 in a long game), the **higher total wins**; equal totals play another round. "
            "Here 363 beats 357."
        ),
        lambda: examples.race(GAME_ROUNDS, 300),
    ),
)
"""The pages, in reading order."""

HELP_LINES = (
    N_(
        "**Each player's panel**: their name, their **total** (the big number) and their points "
        "**this round** (gifts count when the round ends); their five **strawmen**, the "
        "face-down card peeking out under each face-up one; their **hand** as card backs: how "
        "many cards, never which."
    ),
    N_(
        "**The middle**: the **trump badge** (the trump suit and the trump rank, a dash until "
        "named), the **trick** being played, and the **last trick** with who took it and its "
        "points."
    ),
    N_(
        "A **gold glow** marks the player the game is waiting for, **gold borders** mark "
        "trumps. Suits in two colours, as in the texts and on the buttons: ♥ ♦ red, ♠ ♣ black."
    ),
    N_(
        "**Show my hand** shows you your hand, privately, a button for each card: **blue "
        "buttons are trumps**, and cards you may not play are greyed out. **Details** gives the "
        "table in words and this round's tricks."
    ),
    N_(
        "The text beside it says whose move it is, what just happened and the totals, in the "
        "colour of the player to move: blue on top, orange below, purple for both."
    ),
)


GUIDE = Guide(TITLE, PAGES, HELP_TITLE, HELP_LINES)
