"""The rules' example pictures: PNGs of their size, drawing exactly the card faces they are
handed (trumps with gold borders), the same bytes every time, and no Discord."""

from __future__ import annotations

import ast
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.drawing import pages
from games.vidrasso import examples
from games.vidrasso.examples import HEIGHT, WIDTH, Picture
from games.vidrasso.rules import Card, Rank, Suit, Trumps

TRUMPS = Trumps(Suit.HEARTS, Rank.SEVEN)


def _cards(*texts: str) -> list[Card]:
    return [Card.parse(t) for t in texts]


EXAMPLES: dict[str, tuple[Callable[[], Picture], list[Card]]] = {
    "points_row": (lambda: examples.points_row(_cards(*(r + "H" for r in "A23456789"))),
                   _cards(*(r + "H" for r in "A23456789"))),
    "points_row, few": (lambda: examples.points_row(_cards("AS", "9D")), _cards("AS", "9D")),
    "strawmen": (lambda: examples.strawmen(_cards("2S", "8D", "5C", "4H", "6S"), Card.parse("3S")),
                 _cards("2S", "8D", "5C", "4H", "6S", "3S")),
    "trump_choice": (lambda: examples.trump_choice(TRUMPS, _cards("AS", "9H", "7C")),
                     _cards("AS", "9H", "7C")),
    "strength": (lambda: examples.strength(TRUMPS, [_cards("9C", "AC"), _cards("7S", "7D")]),
                 _cards("9C", "AC", "7S", "7D")),
    "following": (
        lambda: examples.following(
            TRUMPS, Card.parse("2S"), [(Card.parse("5S"), True), (Card.parse("9C"), False)]
        ),
        _cards("2S", "5S", "9C"),
    ),
    "gift": (lambda: examples.gift(_cards("AS", "2H", "9C"), Card.parse("9C")),
             _cards("AS", "2H", "9C")),
    "race": (lambda: examples.race([(110, 70), (58, 122)], 300), []),
}  # fmt: skip


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image


@pytest.mark.parametrize("name", EXAMPLES)
def test_each_example_is_a_png_of_its_size(name: str) -> None:
    picture = EXAMPLES[name][0]()
    image = _image(picture.png)
    assert image.size == picture.size == (WIDTH, HEIGHT)
    assert len(picture.png) < 60 * 1024


@pytest.mark.parametrize("name", EXAMPLES)
def test_each_example_draws_only_the_cards_it_is_given(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    painted: list[tuple[Card, bool]] = []
    real = pages.card_face

    def recording(card: Card, width: int, trump: bool = False) -> Any:
        painted.append((card, trump))
        return real(card, width, trump)

    monkeypatch.setattr(pages, "card_face", recording)
    make, given = EXAMPLES[name]
    picture = make()
    assert [card for card, _ in painted] == list(picture.faces)
    assert sorted(picture.faces) == sorted(given)


def test_trumps_have_gold_borders_and_plain_cards_do_not(monkeypatch: pytest.MonkeyPatch) -> None:
    painted: list[tuple[Card, bool]] = []
    real = pages.card_face

    def recording(card: Card, width: int, trump: bool = False) -> Any:
        painted.append((card, trump))
        return real(card, width, trump)

    monkeypatch.setattr(pages, "card_face", recording)
    examples.strength(TRUMPS, [_cards("9C", "AC"), _cards("9H"), _cards("7S", "7C")])
    assert painted == [(c, TRUMPS.is_trump(c)) for c in _cards("9C", "AC", "9H", "7S", "7C")]
    assert [trump for _, trump in painted] == [False, False, True, True, True]


def test_a_refused_card_looks_different_from_an_allowed_one() -> None:
    led, card = Card.parse("2S"), Card.parse("9C")
    allowed = examples.following(TRUMPS, led, [(card, True)])
    refused = examples.following(TRUMPS, led, [(card, False)])
    assert allowed.faces == refused.faces
    assert allowed.png != refused.png


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_same_cards_give_the_same_bytes(name: str) -> None:
    make = EXAMPLES[name][0]
    assert make().png == make().png


def test_the_pictures_import_no_discord() -> None:
    source = Path(examples.__file__).read_text(encoding="utf-8")
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
    assert not {m for m in imported if m.split(".")[0] in ("discord", "cogs")}
