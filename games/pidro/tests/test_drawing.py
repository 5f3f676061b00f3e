"""The drawn Pidro table: an 800-pixel PNG in every phase and language, only ever from the
public view, drawing no card but the ones everyone may see, kept by game and version."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from bot.drawing import table
from bot.drawing.table import GLOW, PANEL, glow_mask
from bot.drawing.text import english
from cogs.ui.i18n import Words
from games.pidro import drawing
from games.pidro.drawing import cards_drawn, table_png
from games.pidro.rules import (
    Abandon,
    Card,
    GameState,
    Phase,
    Resign,
    TimeOut,
    apply,
    team_of,
    view,
)
from games.pidro.rules.cards import cards_in
from games.pidro.tests.helpers import random_states

NAMES = ("Alice", "Bob", "Carol", "Dave")


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    table.clear_cache()


def _hidden(state: GameState) -> set[Card]:
    """What nobody sees: the hands of players not cold, the stock before it is dealt out, the
    dealer's face-down discard."""
    hand = state.hand
    hidden: set[Card] = set()
    for seat in range(4):
        if seat not in hand.cold:
            hidden |= set(cards_in(hand.held[seat]))
    if hand.trump is None:
        hidden |= set(hand.deal.stock)
    hidden |= set(cards_in(hand.buried))
    if hand.kept_by is not None:
        hidden -= set(hand.kept_by.cards)  # shown once the hand is scored
    return hidden


def _picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _phases() -> dict[str, GameState]:
    """A state of each phase (kills from whichever game has them), and the other endings."""
    found: dict[str, GameState] = {}
    for seed in range(40):
        for state in random_states(seed):
            name = state.phase.value
            if state.phase is Phase.PLAY and state.hand.cold and state.hand.plays:
                name = "cold"
            found.setdefault(name, state)
        if len(found) == 7:
            break
    mid = next(s for s in random_states(1) if s.phase is Phase.PLAY and s.hand.plays)
    found["resigned"] = apply(mid, Resign(2))[0]
    found["timeout"] = apply(mid, TimeOut(mid.to_act[0]))[0]
    found["abandoned"] = apply(mid, Abandon())[0]
    return found


PHASES = _phases()


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("name", sorted(PHASES))
def test_every_phase_draws_a_600_pixel_png(name: str, language: str) -> None:
    png = table_png(view(PHASES[name], None), NAMES, words=Words(language))
    image = _picture(png)
    assert (image.format, image.size) == ("PNG", (drawing.WIDTH, drawing.HEIGHT))
    assert drawing.WIDTH == 600 and len(png) < 200 * 1024


def test_every_phase_is_among_the_examples() -> None:
    assert {p.value for p in Phase} <= set(PHASES)
    assert "cold" in PHASES


def test_the_japanese_table_differs_from_the_english_one() -> None:
    public = view(PHASES["play"], None)
    english = table_png(public, NAMES, words=Words("en"))
    japanese = table_png(public, ("花子", "Bob", "太郎", "Dave"), words=Words("ja"))
    assert english != japanese
    assert _picture(japanese).size == (drawing.WIDTH, drawing.HEIGHT)


def test_only_the_public_view_is_drawn() -> None:
    state = PHASES["play"]
    with pytest.raises(ValueError, match="public view"):
        table_png(view(state, 0), NAMES)
    with pytest.raises(ValueError, match="four seats"):
        table_png(view(state, None), NAMES[:2])


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_the_drawn_cards_are_visible_ones_and_never_hidden_ones(seed: int) -> None:
    for state in random_states(seed):
        public = view(state, None)
        drawn = cards_drawn(public)
        assert drawn <= public.visible_cards()
        assert drawn.isdisjoint(_hidden(state))


def test_the_renderer_paints_exactly_the_listed_faces(monkeypatch: pytest.MonkeyPatch) -> None:
    painted: list[Card] = []
    real = drawing._paint_face

    def recording(image: Image.Image, face: drawing.Face) -> None:
        painted.append(face.card)
        real(image, face)

    monkeypatch.setattr(drawing, "_paint_face", recording)
    states = [s for seed in range(3) for s in random_states(seed)][::11]
    for state in [*states, *PHASES.values()]:
        public = view(state, None)
        painted.clear()
        drawing.clear_cache()  # no band kept: every face painted
        table_png(public, NAMES)
        assert len(painted) == len(set(painted))
        assert set(painted) == cards_drawn(public)


def test_faces_stay_on_the_picture_and_clear_of_each_other() -> None:
    for state in [s for seed in range(4) for s in random_states(seed)][::3]:
        public = view(state, None)
        for face in drawing.faces(public):
            assert face.x >= 0 and face.x + face.width <= drawing.WIDTH
            assert 0 <= face.y <= drawing.HEIGHT - 60


def test_pictures_are_kept_by_game_version_names_and_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = [0]
    real = drawing._render

    def counting(*args: object) -> bytes:
        calls[0] += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(drawing, "_render", counting)
    states = list(random_states(4))
    a, b = states[10], states[11]
    first = table_png(view(a, None), NAMES, key=7, words=Words("en"))
    assert table_png(view(a, None), NAMES, key=7, words=Words("en")) == first
    assert calls[0] == 1
    table_png(view(b, None), NAMES, key=7, words=Words("en"))  # a new version
    table_png(view(a, None), NAMES, key=7, words=Words("ja"))  # another language
    table_png(view(a, None), ("Ann", *NAMES[1:]), key=7, words=Words("en"))  # other names
    table_png(view(a, None), NAMES)  # no key: never kept
    assert calls[0] == 5


def test_a_player_gone_cold_with_no_cards_left_is_drawn_with_a_caption_alone() -> None:
    # Found by the drawn-cards property (seed 69): a player whose stock ran out before it got
    # any cards goes cold at its first turn with nothing to lay down.
    cold_empty = [
        public
        for public in (view(s, None) for s in random_states(69))
        if any(s in public.cold and not public.cold_cards[s] for s in range(4))
    ]
    assert cold_empty
    for public in cold_empty:
        picture = Image.open(io.BytesIO(table_png(public, NAMES)))
        assert picture.size[0] > 0
        seat = next(s for s in public.cold if not public.cold_cards[s])
        captions = [g.caption for g in drawing._seat_groups(public, seat)]
        assert captions[0] == "cold: no cards left"


def _blended_glow(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int, acting: bool) -> None:
    """A seat's glow as it was painted before its middle was kept: blended whole."""
    if acting:
        box = drawing.SEATS[seat]
        spread = drawing.GLOW_SPREAD
        mask = glow_mask(box.width + 1, box.bottom - box.top + 1, spread)
        image.paste(GLOW, (box.left - spread, box.top - spread), mask)
        draw.rounded_rectangle(box.xy(), 12, fill=PANEL, outline=GLOW, width=4)
        drawing._stripe(draw, box, drawing.TEAM_COLOURS[team_of(seat)])


def test_the_kept_glow_paints_what_blending_it_whole_painted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    views = [view(s, None) for s in list(random_states(3))[::6]]
    # Rows glowing next to each other, whose glows overlap.
    views += [replace(v, to_act=acting) for v in views[:3] for acting in ((0, 1), (1, 2, 3))]
    assert sum(bool(v.to_act) for v in views) > 5
    whole = [drawing._whole(v, NAMES, english).tobytes() for v in views]
    monkeypatch.setattr(drawing, "_seat_glow", _blended_glow)
    for public, pixels in zip(views, whole, strict=True):
        assert drawing._whole(public, NAMES, english).tobytes() == pixels


def test_names_learnt_before_the_start_are_not_laid_out_or_rendered_again() -> None:
    """``learn_names`` (what the drawing process is sent as the seats are taken): the first
    picture of the players' dealt table finds their names' widths and ink kept; names never
    sent are laid out and rendered in it."""
    import random

    from bot.drawing import text
    from games.pidro.rules import new_game

    dealt = view(new_game(random.Random(3), 62), None)
    drawing._render(dealt, ("A", "B", "C", "D"), english)  # its other texts kept
    kept = (text._ink_mask, text.text_width)

    def misses(names: tuple[str, str, str, str]) -> list[int]:
        before = [cache.cache_info().misses for cache in kept]
        drawing._render(dealt, names, english)
        return [cache.cache_info().misses - b for cache, b in zip(kept, before, strict=True)]

    assert min(misses(("Odo Cold", "Pol", "Quim", "Rut"))) >= 4
    drawing._learn_names(("Odo Learnt", "Pau", "Quin", "Ros"), english)
    assert misses(("Odo Learnt", "Pau", "Quin", "Ros")) == [0, 0]
