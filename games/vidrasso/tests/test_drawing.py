"""The drawn table: a PNG of the expected size, the same bytes for the same view, a bounded
cache that never hands out another game's picture, and no hidden card ever drawn."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from dataclasses import replace

import pytest
from PIL import Image, ImageDraw
from random_games import random_game, reshuffle_hidden

from bot.drawing import table
from bot.drawing.table import GLOW, PANEL, Parts, glow_mask
from bot.drawing.text import display_name, english, fit, font, printable
from games.vidrasso import drawing
from games.vidrasso.drawing import cards_drawn, table_png
from games.vidrasso.rules import Card, GameState, Phase, Resign, apply, view

NAMES = ("Alice", "Bob")


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    drawing.clear_cache()


def _states(seeds: range) -> list[GameState]:
    return [state for seed in seeds for state in random_game(seed)]


def _first(states: list[GameState], phase: Phase) -> GameState:
    return next(s for s in states if s.phase is phase)


def _hidden(state: GameState) -> set[Card]:
    """What nobody may see: both hands, the face-down strawman cards, the gifts."""
    rnd = state.round
    cards = set(rnd.hands[0]) | set(rnd.hands[1])
    cards |= {p.down for row in rnd.strawmen for p in row if p.down is not None}
    cards |= {g for g in rnd.gifts if g is not None}
    return cards


# --- the picture ------------------------------------------------------------------------------


def test_the_table_is_a_600_pixel_png_under_150_kb() -> None:
    for state in _states(range(2))[::20]:
        png = table_png(view(state, None), NAMES)
        image = Image.open(io.BytesIO(png))
        image.load()
        assert (image.format, image.size) == ("PNG", (drawing.WIDTH, drawing.HEIGHT))
        assert len(png) < 150 * 1024


def test_the_same_view_gives_the_same_bytes() -> None:
    state = next(s for s in random_game(3) if s.round.trick)
    first = table_png(view(state, None), NAMES)
    drawing.clear_cache()
    assert table_png(view(state, None), NAMES) == first
    assert table_png(view(state, None), ("Alice", "Robert")) != first


def test_every_phase_and_ending_draws() -> None:
    states = _states(range(2))
    mid = next(s for s in states if s.phase is Phase.PLAY and s.round.trick)
    pictures = [
        _first(states, Phase.TRUMP),
        _first(states, Phase.GIFT),
        mid,
        _first(states, Phase.DEAL),
        states[-1],
        apply(mid, Resign(1))[0],
    ]
    for state in pictures:
        for last_trick in (True, False):
            png = table_png(view(state, None), NAMES, last_trick=last_trick)
            assert Image.open(io.BytesIO(png)).size == (drawing.WIDTH, drawing.HEIGHT)


def test_only_the_public_view_is_drawn() -> None:
    state = random_game(1)[5]
    with pytest.raises(ValueError, match="public view"):
        table_png(view(state, 0), NAMES)
    with pytest.raises(ValueError):
        table_png(view(state, None), ("Alice",))


def test_any_name_draws() -> None:
    state = next(s for s in random_game(2) if s.round.trick)
    odd = ("🌸🌸🌸", "Maximilian-Alexander von Hohenzollern-Sigmaringen 李小龙 Łukasz Zoë")
    png = table_png(view(state, None), odd)
    assert Image.open(io.BytesIO(png)).size == (drawing.WIDTH, drawing.HEIGHT)


# --- no hidden card ---------------------------------------------------------------------------


def test_the_drawn_cards_are_visible_ones_and_never_hidden_ones() -> None:
    for state in _states(range(6)):
        public = view(state, None)
        drawn = cards_drawn(public)
        assert drawn <= public.visible_cards()
        assert drawn.isdisjoint(_hidden(state))
        assert cards_drawn(public, last_trick=False) <= drawn


def test_the_renderer_paints_exactly_the_listed_faces(monkeypatch: pytest.MonkeyPatch) -> None:
    painted: list[Card] = []
    real = drawing._face_parts  # every face goes through it (kept cut, so record each call)

    def recording(card: Card, width: int, trump: bool) -> Parts:
        painted.append(card)
        return real(card, width, trump)

    monkeypatch.setattr("games.vidrasso.drawing._face_parts", recording)
    for state in _states(range(2))[::7]:
        public = view(state, None)
        for last_trick in (True, False):
            painted.clear()
            table_png(public, NAMES, last_trick=last_trick)
            assert len(painted) == len(set(painted))
            assert set(painted) == cards_drawn(public, last_trick=last_trick)


def test_the_picture_does_not_change_when_hidden_cards_are_dealt_otherwise() -> None:
    rng = random.Random(5)
    moved = 0
    for state in _states(range(2))[::9]:
        if state.phase in (Phase.DEAL, Phase.OVER):
            continue
        other = reshuffle_hidden(reshuffle_hidden(state, 0, rng), 1, rng)
        moved += other.round != state.round
        assert table_png(view(other, None), NAMES) == table_png(view(state, None), NAMES)
    assert moved >= 10


# --- the cache --------------------------------------------------------------------------------


def _count_renders(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = drawing._render

    def counting(*args: object, **kwargs: object) -> bytes:
        calls[0] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(drawing, "_render", counting)
    return calls


def test_pictures_are_kept_by_game_version_and_names(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_renders(monkeypatch)
    states = random_game(4)
    a, b = states[10], states[11]

    first = table_png(view(a, None), NAMES, key="game 1")
    again = table_png(view(a, None), NAMES, key="game 1")
    assert again == first and calls[0] == 1
    table_png(view(b, None), NAMES, key="game 1")  # a new version
    table_png(view(a, None), ("Alice", "Robert"), key="game 1")  # other names
    table_png(view(a, None), NAMES, key="game 1", last_trick=False)
    assert calls[0] == 4
    table_png(view(a, None), NAMES)  # no key: never kept
    table_png(view(a, None), NAMES)
    assert calls[0] == 6


def test_a_shared_key_never_returns_another_games_picture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _count_renders(monkeypatch)
    one, two = random_game(5), random_game(6)
    a = next(s for s in one if s.moves == 12)
    b = next(s for s in two if s.moves == 12)
    assert view(a, None) != view(b, None)

    picture_a = table_png(view(a, None), NAMES, key="same")
    picture_b = table_png(view(b, None), NAMES, key="same")
    assert picture_b != picture_a and calls[0] == 2
    assert picture_b == table_png(view(b, None), NAMES)


def test_the_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table, "CACHE_SIZE", 3)
    monkeypatch.setattr(drawing, "_render", lambda *args: b"png")
    state = random_game(1)[3]
    for key in range(10):
        table_png(view(state, None), NAMES, key=key)
    kept = [("vidrasso", k, state.moves, NAMES, True, None) for k in (7, 8, 9)]
    assert list(table._cache) == kept


# --- text and purity --------------------------------------------------------------------------


def test_names_are_cut_to_fit_and_keep_only_what_the_font_draws() -> None:
    face = font(24, bold=True)
    long = "Maximilian-Alexander von Hohenzollern"
    cut = fit(long, face, 200)
    assert face.getlength(cut) <= 200 and cut.endswith(("…", "..."))
    assert fit("Bob", face, 200) == "Bob"
    assert printable("Alice 🌸", face) == "Alice"
    assert display_name("🌸🌸", face, 200, "Player 1") == "Player 1"


def test_the_drawing_package_imports_no_discord() -> None:
    code = (
        "import sys, bot.drawing, games.vidrasso.drawing, bot.drawing.cards\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'discord', 'aiosqlite', 'sqlite3', 'cogs'})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def _blended_glow(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int) -> None:
    """An acting panel's glow as it was painted before it was kept: blended whole."""
    box = drawing._panel_box(drawing.PANEL_Y[seat])
    spread = drawing.GLOW_SPREAD
    mask = glow_mask(box[2] - box[0] + 1, box[3] - box[1] + 1, spread)
    image.paste(GLOW, (box[0] - spread, box[1] - spread), mask)
    draw.rounded_rectangle(box, 14, fill=PANEL, outline=GLOW, width=4)
    mid = box[1] + drawing.NAME_DY
    draw.polygon([(16, mid - 11), (16, mid + 11), (30, mid)], fill=GLOW)


def test_the_kept_glow_paints_what_blending_it_whole_painted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    views = [view(s, None) for s in _states(range(2))[::5]]
    views += [replace(v, to_act=(0, 1)) for v in views[:8]]  # both glowing at once
    assert any(v.to_act for v in views)
    kept = [drawing._render(v, NAMES, True, english) for v in views]
    monkeypatch.setattr(drawing, "_glow", _blended_glow)
    for public, picture in zip(views, kept, strict=True):
        assert drawing._render(public, NAMES, True, english) == picture


def test_names_learnt_before_the_start_are_not_laid_out_or_rendered_again() -> None:
    """``learn_names`` (what the drawing process is sent as the seats are taken): the first
    picture of the players' dealt table finds their names' widths and ink kept; names never
    sent are laid out and rendered in it."""
    from bot.drawing import text
    from games.vidrasso.rules import new_game

    dealt = view(new_game(random.Random(3)), None)
    drawing._render(dealt, ("A", "B"), True, english)  # its other texts kept
    kept = (text._ink_mask, text.text_width)

    def misses(names: tuple[str, str]) -> list[int]:
        before = [cache.cache_info().misses for cache in kept]
        drawing._render(dealt, names, True, english)
        return [cache.cache_info().misses - b for cache, b in zip(kept, before, strict=True)]

    assert min(misses(("Ottilie Cold", "Piet"))) >= 2
    drawing._learn_names(("Ottilie Learnt", "Pia"), english)
    assert misses(("Ottilie Learnt", "Pia")) == [0, 0]
