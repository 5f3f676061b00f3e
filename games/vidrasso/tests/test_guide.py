"""``/vidrasso rules`` as an illustrated guide and "How to read this table": short pages in
English and Japanese, each with a picture, and every text translated in ``vidrasso_guide.po``."""

from __future__ import annotations

import io
import itertools

import pytest
from babel.messages.pofile import read_po
from PIL import Image

from cogs.ui.guides import PICTURE, Guide, Page
from cogs.ui.i18n import LANGUAGES, Words
from games.vidrasso import examples
from games.vidrasso.discord import guide as vidrasso_rules
from games.vidrasso.discord.guide import EXAMPLE_TRUMPS, GUIDE
from games.vidrasso.examples import HEIGHT, WIDTH
from games.vidrasso.rules import legal_plays, trick_winner
from tests.catalog import ROOT, fields, messages

RULES_PO = ROOT / "games" / "vidrasso" / "locales" / "ja" / "LC_MESSAGES" / "vidrasso_guide.po"
TOPICS = (
    "The cards and their points",
    "Strawmen",
    "Choosing trumps",
    "Which card is stronger",
    "Following",
    "Gifts",
    "Scoring and the target",
)

PAGES = GUIDE.count
rules_page = GUIDE.page
table_help = GUIDE.table_help


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", range(1, PAGES + 1))
def test_every_page_is_short_titled_and_illustrated(language: str, page: int) -> None:
    embed, png = rules_page(page, Words(language))
    assert embed.title and f"{page}/{PAGES}" in embed.title
    assert embed.description and len(embed.description) < 400
    assert embed.image.url == f"attachment://{PICTURE}"
    image = Image.open(io.BytesIO(png))
    image.load()
    assert (image.format, image.size) == ("PNG", (WIDTH, HEIGHT))


def test_the_pages_come_in_the_order_of_the_rules() -> None:
    assert PAGES == len(TOPICS) == 7
    english = Words("en")
    for page, topic in enumerate(TOPICS, start=1):
        title = rules_page(page, english)[0].title
        assert title == f"How to play Vidrasso · {page}/{PAGES} {topic}"


def test_the_japanese_pages_are_in_japanese_with_the_same_pictures() -> None:
    for page in range(1, PAGES + 1):
        english, english_png = rules_page(page, Words("en"))
        japanese, japanese_png = rules_page(page, Words("ja"))
        assert japanese.title != english.title
        assert japanese.description != english.description
        assert japanese_png == english_png
    assert "ストローマン" in (rules_page(2, Words("ja"))[0].description or "")


def test_every_page_has_its_own_picture() -> None:
    pictures = {rules_page(page, Words("en"))[1] for page in range(1, PAGES + 1)}
    assert len(pictures) == PAGES


def test_a_page_number_outside_the_guide_shows_the_nearest_page() -> None:
    english = Words("en")
    assert rules_page(0, english)[0].title == rules_page(1, english)[0].title
    assert rules_page(PAGES + 5, english)[0].title == rules_page(PAGES, english)[0].title


@pytest.mark.parametrize("language", LANGUAGES)
def test_how_to_read_the_table_is_short(language: str) -> None:
    embed = table_help(Words(language))
    assert embed.title and embed.description
    assert len(embed.description) < 1000


def test_how_to_read_the_table_is_in_japanese() -> None:
    english, japanese = table_help(Words("en")), table_help(Words("ja"))
    assert japanese.title == "テーブルの見方"
    assert japanese.description != english.description
    assert "手札を見る" in (japanese.description or "")


def test_every_text_of_the_guide_is_translated_in_rules_po() -> None:
    with RULES_PO.open("rb") as po:
        catalog = read_po(po, locale="ja")
    found = [
        message
        for folder, filename, _, message in messages()
        if f"{folder}/{filename}".replace("\\", "/").endswith("vidrasso/discord/guide.py")
    ]
    assert len(found) >= 2 * PAGES + 2
    problems = []
    for message in found:
        assert isinstance(message, str)
        entry = catalog.get(message)
        if entry is None or not entry.string:
            problems.append(f"untranslated: {message!r}")
        elif fields(str(entry.string)) != fields(message):
            problems.append(f"placeholders differ: {message!r}")
        elif not entry.string.strip() or entry.string == message:
            problems.append(f"same as English: {message!r}")
    assert problems == []


def test_rules_po_holds_only_texts_of_the_guide() -> None:
    with RULES_PO.open("rb") as po:
        catalog = read_po(po, locale="ja")
    ours = {
        message
        for folder, filename, _, message in messages()
        if f"{folder}/{filename}".replace("\\", "/").endswith("vidrasso/discord/guide.py")
    }
    assert {m.id for m in catalog if m.id} == ours


def test_a_guide_draws_each_picture_once_for_every_language() -> None:
    drawn: list[int] = []

    def picture() -> examples.Picture:
        drawn.append(1)
        return examples.points_row(list(vidrasso_rules.FOLLOWER))

    guide = Guide(
        "{page}/{pages} {topic}",
        (Page("Words", "Text."), Page("Cards", "Text.", picture)),
        "Help",
        ("Line.",),
    )
    assert guide.page(1, Words("en"))[1] is None and drawn == []
    english, japanese = guide.page(2, Words("en"))[1], guide.page(2, Words("ja"))[1]
    assert english is not None and english == japanese and drawn == [1]


# --- the examples agree with the engine ------------------------------------------------------


def test_the_following_example_marks_what_the_engine_allows() -> None:
    allowed = legal_plays(vidrasso_rules.FOLLOWER, vidrasso_rules.LED, EXAMPLE_TRUMPS)
    assert [c.display for c in allowed] == ["5♠", "9♥", "7♦"]  # as page 5 says


def test_the_strength_example_goes_from_weakest_to_strongest() -> None:
    groups = vidrasso_rules.STRENGTH_GROUPS
    strengths = [[EXAMPLE_TRUMPS.strength(c) for c in group] for group in groups]
    for weaker, stronger in itertools.pairwise(strengths):
        assert max(weaker) < min(stronger)
    assert len(set(strengths[-1])) == 1  # the trump rank's four cards are equal
    led, second = groups[-1][0], groups[-1][1]
    assert trick_winner(led, second, EXAMPLE_TRUMPS) == 1  # the second trump-rank card wins


def test_the_scoring_example_adds_up() -> None:
    rounds = vidrasso_rules.GAME_ROUNDS
    assert all(a + b == 180 for a, b in rounds)
    assert [sum(r[s] for r in rounds) for s in (0, 1)] == [357, 363]  # as page 7 says
