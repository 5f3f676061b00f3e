"""The Pidro table drawn in bands (issue 28): the PNG put together from kept deflated bands is
exactly the picture drawn whole, whatever was kept from the states before; a kept band gives
the same bytes; the bands kept are bounded and keyed by what the public view shows only."""

from __future__ import annotations

import io
from collections.abc import Iterator
from itertools import islice

import pytest
from PIL import Image

from bot.drawing.text import english
from cogs.ui.i18n import Words
from games.pidro import drawing
from games.pidro.rules import Card, TableView, view
from games.pidro.tests.helpers import random_states

NAMES = ("Alice", "Bartholomew the Unhurried", "Carol", "Dmitri")
JAPANESE = ("山田花子", "Bartholomew the Unhurried", "太郎", "Dmitri")


@pytest.fixture(autouse=True)
def _no_kept_bands() -> Iterator[None]:
    drawing.clear_cache()
    yield
    drawing.clear_cache()


def _pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.mode == "RGB"
    return image.size, image.tobytes()


def _whole(public: TableView, names: tuple[str, str, str, str], words: object) -> bytes:
    return drawing._whole(public, names, words).tobytes()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("language", "names", "seeds"),
    [("en", NAMES, range(4)), ("ja", JAPANESE, range(4, 7))],
)
def test_the_banded_picture_is_the_whole_picture_move_after_move(
    language: str, names: tuple[str, str, str, str], seeds: range
) -> None:
    """Every state of several random games, one after the other as a game is drawn (most
    bands kept from the state before), and every other state alone (nothing kept)."""
    words = Words(language)
    checked = 0
    for seed in seeds:
        for n, state in enumerate(islice(random_states(seed), 120)):
            public = view(state, None)
            if n % 5 == 0:
                drawing.clear_cache()
            size, pixels = _pixels(drawing._render(public, names, words))
            assert size == (drawing.WIDTH, drawing.HEIGHT)
            assert pixels == _whole(public, names, words), (seed, n)
            checked += 1
    assert checked > 200


def test_a_kept_band_gives_the_same_bytes() -> None:
    states = list(islice(random_states(11), 40))
    first = [drawing._render(view(s, None), NAMES, english) for s in states]
    assert len(drawing._bands) > 0
    again = [drawing._render(view(s, None), NAMES, english) for s in states]
    assert again == first
    drawing.clear_cache()
    assert [drawing._render(view(s, None), NAMES, english) for s in states] == first


def test_the_table_png_is_the_banded_picture() -> None:
    """What the bot sends (through the shared cache) is the banded picture, and decodes."""
    state = list(islice(random_states(3), 30))[-1]
    public = view(state, None)
    png = drawing.table_png(public, NAMES, words=Words("en"))
    assert _pixels(png)[1] == _whole(public, NAMES, Words("en"))


def test_the_kept_bands_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drawing, "BAND_CACHE", 30)
    for state in islice(random_states(5), 60):
        drawing._render(view(state, None), NAMES, english)
        assert len(drawing._bands) <= 30


def _cards(value: object) -> Iterator[Card]:
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _cards(item)
    elif hasattr(value, "__dataclass_fields__") or hasattr(value, "__slots__"):
        for name in getattr(value, "__slots__", ()) or getattr(value, "__dataclass_fields__", ()):
            yield from _cards(getattr(value, name, None))


def test_bands_are_kept_by_shown_cards_only() -> None:
    """No band's key holds a card the table does not show face up: the keys come from the
    public view, and of it only what the bands show."""
    shown: set[Card] = set()
    for state in islice(random_states(8), 150):
        public = view(state, None)
        shown |= drawing.cards_drawn(public)
        drawing._render(public, NAMES, english)
    in_keys = {card for key in drawing._bands for card in _cards(key)}
    assert in_keys
    assert in_keys <= shown


def test_words_of_no_known_language_are_drawn_whole_and_never_kept() -> None:
    def shouting(message: str, **values: object) -> str:
        return english(message, **values).upper()

    public = view(next(iter(random_states(2))), None)
    png = drawing._render(public, NAMES, shouting)
    assert not drawing._bands
    assert _pixels(png)[1] == _whole(public, NAMES, shouting)
