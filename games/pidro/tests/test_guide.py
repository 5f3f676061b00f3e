"""``/pidro rules`` as an illustrated guide and how to read the Pidro table: short pages in
English and Japanese, the pictures agreeing with the engine, every text in ``pidro_guide.po``."""

from __future__ import annotations

import io

import pytest
from babel.messages.pofile import read_po
from PIL import Image

from cogs.ui.guides import PICTURE
from cogs.ui.i18n import LANGUAGES, Words
from games.pidro.discord import guide as pidro_rules
from games.pidro.discord.guide import EXAMPLE_TRUMP, GUIDE
from games.pidro.rules import POINTS_PER_HAND
from games.vidrasso.examples import HEIGHT, WIDTH
from tests.catalog import ROOT, fields, messages

PAGES = GUIDE.count
rules_page = GUIDE.page
table_help = GUIDE.table_help
PO = ROOT / "games" / "pidro" / "locales" / "ja" / "LC_MESSAGES" / "pidro_guide.po"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", range(1, PAGES + 1))
def test_every_page_is_short_titled_and_its_picture_attached(language: str, page: int) -> None:
    embed, png = rules_page(page, Words(language))
    assert embed.title and f"{page}/{PAGES}" in embed.title
    assert embed.description and len(embed.description) < 400
    if png is None:
        assert embed.image.url is None
    else:
        assert embed.image.url == f"attachment://{PICTURE}"
        image = Image.open(io.BytesIO(png))
        image.load()
        assert (image.format, image.size) == ("PNG", (WIDTH, HEIGHT))


def test_the_pages_in_order_most_of_them_illustrated() -> None:
    english = Words("en")
    assert PAGES == 7
    assert rules_page(1, english)[0].title == "How to play Pidro · 1/7 Teams and the goal"
    assert rules_page(0, english)[0].title == rules_page(1, english)[0].title
    assert rules_page(99, english)[0].title == rules_page(PAGES, english)[0].title
    pictures = [rules_page(p, english)[1] for p in range(1, PAGES + 1)]
    drawn = [p for p in pictures if p is not None]
    assert len(drawn) >= 5 and len(set(drawn)) == len(drawn)


def test_the_japanese_pages_are_japanese_with_the_same_pictures() -> None:
    for page in range(1, PAGES + 1):
        english, english_png = rules_page(page, Words("en"))
        japanese, japanese_png = rules_page(page, Words("ja"))
        assert japanese.title != english.title and japanese.description != english.description
        assert japanese_png == english_png
    assert "ピドロ" in (table_help(Words("ja")).title or "")


@pytest.mark.parametrize("language", LANGUAGES)
def test_how_to_read_the_table_is_short(language: str) -> None:
    embed = table_help(Words(language))
    assert embed.title and embed.description and len(embed.description) < 1000


def test_every_text_of_the_guide_is_translated_in_its_catalog() -> None:
    with PO.open("rb") as po:
        catalog = read_po(po, locale="ja")
    found = {
        message
        for folder, filename, _, message in messages()
        if f"{folder}/{filename}".replace("\\", "/").endswith("pidro/discord/guide.py")
    }
    assert len(found) >= 2 * PAGES + 2
    assert {m.id for m in catalog if m.id} == found
    for message in found:
        assert isinstance(message, str)
        entry = catalog.get(message)
        assert entry is not None and entry.string and entry.string != message
        assert fields(str(entry.string)) == fields(message)


# --- the pictures agree with the engine and the text --------------------------------------


def test_the_trumps_are_fourteen_strongest_first_with_the_wrong_five() -> None:
    trumps = pidro_rules.TRUMPS
    assert len(trumps) == 14 and [c.display for c in trumps[9:11]] == ["5♥", "5♦"]
    strengths = [c.strength(EXAMPLE_TRUMP) for c in trumps]
    assert strengths == sorted(strengths, reverse=True)


def test_the_point_cards_hold_the_points_of_a_hand() -> None:
    cards = pidro_rules.POINT_CARDS
    assert [c.display for c in cards] == ["A♥", "J♥", "10♥", "5♥", "5♦", "2♥"]
    assert sum(c.points(EXAMPLE_TRUMP) for c in cards) == POINTS_PER_HAND


def test_the_discard_and_trick_examples_say_what_the_page_says() -> None:
    kept = [c for c in pidro_rules.HAND if c.is_trump(EXAMPLE_TRUMP)]
    assert len(pidro_rules.HAND) == 9 and len(kept) == 4
    trick = pidro_rules.TRICK
    winner = max(trick, key=lambda c: c.strength(EXAMPLE_TRUMP))
    assert winner.display == "K♥"
    assert {c.display for c in trick if c.points(EXAMPLE_TRUMP)} == {"5♥", "2♥"}


def test_the_scoring_example_is_a_game_to_62() -> None:
    hands = pidro_rules.GAME_HANDS
    assert all(a + b == POINTS_PER_HAND for a, b in hands)
    assert [sum(h[t] for h in hands) for t in (0, 1)] == [62, 36]
