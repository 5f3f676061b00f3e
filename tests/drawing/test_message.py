"""Discord messages drawn as PNGs from real discord.py payloads: the picture's size, what grows
it, the suits drawn as coloured shapes, disabled controls dimmed, attachments shown once,
mentions and markdown as Discord shows them, and a module that never imports Discord."""

from __future__ import annotations

import ast
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image

from bot.drawing import message
from bot.drawing.message import Span, message_png, screen_png, spans, time_text

NAMES = {111: "Alice", 222: "Bob"}
GREEN = (0, 200, 0)
DARK_BACKGROUND = (0x31, 0x33, 0x38)


def _picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB")


def _solid_png(size: tuple[int, int], colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def _rows(*items: discord.ui.Item[Any]) -> list[dict[str, Any]]:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view.to_components()


def _embed(fields: int = 0, image: bool = False) -> dict[str, Any]:
    embed = discord.Embed(
        title="Vidrasso · round 2",
        description="<@111> vs <@222> · to 300\n**<@222> to follow.** `code` stays plain",
        colour=0xE67E22,
    )
    embed.set_author(name="They take the trick (14 points).")
    for i in range(fields):
        embed.add_field(name=f"Field {i}", value=f"value {i} ♥ 9♠", inline=i % 4 != 3)
    if image:
        embed.set_image(url="attachment://table.png")
    embed.set_footer(text="• a face-down card lies under it")
    return dict(embed.to_dict())


def _controls() -> list[dict[str, Any]]:
    return _rows(
        discord.ui.Button(label="9", emoji="♥️", style=discord.ButtonStyle.primary),
        discord.ui.Button(label="J", emoji="♠️", style=discord.ButtonStyle.secondary, disabled=True),
        discord.ui.Button(label="Accept", style=discord.ButtonStyle.success),
        discord.ui.Button(label="Resign", style=discord.ButtonStyle.danger),
        discord.ui.Button(label="Rules", url="https://example.org/rules"),
        discord.ui.Select(
            placeholder="Choose a card to give…",
            options=[discord.SelectOption(label="9♥"), discord.SelectOption(label="A♣")],
            row=1,
        ),
        discord.ui.Button(label="Confirm", style=discord.ButtonStyle.success, row=2),
    )


def _height(**kwargs: Any) -> int:
    return _picture(message_png(author="Vidrasso Bot", **kwargs)).height


def _pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    return [(r, g, b) for r, g, b in image.get_flattened_data()]  # type: ignore[misc]


def _count(image: Image.Image, test: Callable[[tuple[int, int, int]], bool]) -> int:
    return sum(1 for pixel in _pixels(image) if test(pixel))


def _red(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return r > 180 and g < 90 and b < 110


# --- the picture ------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [400, 520, 700])
def test_a_whole_message_is_a_png_of_the_width_asked(width: int) -> None:
    png = message_png(
        author="Vidrasso Bot",
        content="<@222> — <@222> to follow. Move by <t:1700000000:f> (<t:1700000000:R>)",
        embeds=[_embed(fields=5, image=True)],
        components=_controls(),
        attachments={"table.png": _solid_png((800, 694), GREEN)},
        names=NAMES,
        ephemeral=True,
        width=width,
    )
    image = _picture(png)
    assert image.width == width
    assert image.height > 400
    assert image.getpixel((0, 0)) == DARK_BACKGROUND


def test_more_content_makes_a_taller_picture() -> None:
    text = "<@111> challenges <@222>."
    heights = [
        _height(content=None),
        _height(content=text),
        _height(content=text, embeds=[_embed()]),
        _height(content=text, embeds=[_embed(fields=4)]),
        _height(content=text, embeds=[_embed(fields=4)], components=_controls()),
        _height(content=text, embeds=[_embed(fields=4)], components=_controls(), ephemeral=True),
    ]
    assert heights == sorted(heights)
    assert len(set(heights)) == len(heights)
    long = "A long line of text that wraps. " * 20
    assert _height(content=long) > _height(content=text)
    assert _height(content=long, width=400) > _height(content=long, width=700)


def test_a_narrow_column_is_refused() -> None:
    with pytest.raises(ValueError):
        message_png(author="Vidrasso Bot", content="hi", width=200)


def test_the_light_theme_is_white() -> None:
    image = _picture(message_png(author="Vidrasso Bot", content="hi", dark=False))
    assert image.getpixel((0, 0)) == (255, 255, 255)


# --- what is drawn ----------------------------------------------------------------------------


def test_suits_are_drawn_as_coloured_shapes() -> None:
    def button(emoji: str, label: str = "9") -> Image.Image:
        rows = _rows(discord.ui.Button(label=label, emoji=emoji))
        return _picture(message_png(author="B", content=None, components=rows))

    assert _count(button("♥️"), _red) > 20
    assert _count(button("♦"), _red) > 20
    assert _count(button("♠️"), _red) == 0
    # a black suit sits on a white chip, so it shows on a dark button
    assert _count(button("♣️"), lambda p: min(p) > 240) > 50
    in_text = _picture(message_png(author="B", content="Trumps: 9♥ and A♦"))
    assert _count(in_text, _red) > 20


def test_a_disabled_button_is_dimmed() -> None:
    def distance(disabled: bool) -> int:
        rows = _rows(
            discord.ui.Button(label="Play", style=discord.ButtonStyle.danger, disabled=disabled)
        )
        image = _picture(message_png(author="B", content=None, components=rows))
        return sum(
            sum(abs(c - b) for c, b in zip(pixel, DARK_BACKGROUND, strict=True))
            for pixel in _pixels(image.crop((72, 40, image.width, image.height)))
        )

    enabled, disabled = distance(False), distance(True)
    assert 0.4 * enabled < disabled < 0.6 * enabled


def test_an_embed_shows_its_attachment_once_and_other_files_show_too() -> None:
    picture = {"table.png": _solid_png((40, 30), GREEN)}
    shown = _picture(
        message_png(author="B", content=None, embeds=[_embed(image=True)], attachments=picture)
    )
    assert 1000 < _count(shown, lambda p: p == GREEN) <= 40 * 30
    alone = _picture(message_png(author="B", content=None, attachments=picture))
    assert 1000 < _count(alone, lambda p: p == GREEN) <= 40 * 30
    record = {"record.json": b'{"format": "vidrasso-record/1"}'}
    assert _height(content="x", attachments=record) > _height(content="x")


def test_characters_the_fonts_lack_are_left_out_not_boxed() -> None:
    def png(content: str) -> bytes:
        return message_png(author="B", content=content)

    assert png("a\u0f40\u0f41b") == png("ab")  # Tibetan: in neither DejaVu nor Noto CJK
    assert png("caf\u00e9 \u200b") == png("caf\u00e9 ")
    assert png("an emoji 🎉") != png("an emoji ")  # drawn as a grey square
    assert png("a日本b") != png("ab")  # Japanese: drawn in Noto Sans CJK


def test_mentions_show_names_and_timestamps_dates() -> None:
    assert spans("<@111> and <@!999>", NAMES) == [
        Span("@Alice", kind="mention"),
        Span(" and "),
        Span("@user", kind="mention"),
    ]
    assert time_text(1700000000, "R") == "in a while"
    assert time_text(1700000000, "f") == "14 November 2023 22:13"
    assert time_text(1700000000, None) == "14 November 2023 22:13"
    assert spans("<t:1700000000:d>", {}) == [Span("14/11/2023", kind="time")]


def test_bold_is_kept_and_other_markdown_markers_dropped() -> None:
    drawn = spans("**Hand**: `9♥` ~~old~~ *new* __under__ ||secret|| [rules](https://x.org)", {})
    assert "".join(s.text for s in drawn) == "Hand: 9♥ old new under secret rules"
    assert [s.text for s in drawn if s.bold] == ["Hand"]
    assert [s.text for s in drawn if s.kind == "link"] == ["rules"]


def test_one_letter_in_bold_ends_at_its_own_markers() -> None:
    drawn = spans("**A**, the **J** and *x* or *y*", {})
    assert "".join(s.text for s in drawn) == "A, the J and x or y"
    assert [s.text for s in drawn if s.bold] == ["A", "J"]


def test_a_screen_stacks_its_messages() -> None:
    first = message_png(author="A", content="one", width=400)
    second = message_png(author="B", content="two", embeds=[_embed()], width=520)
    screen = _picture(screen_png([first, second], gap=10))
    heights = [_picture(first).height, _picture(second).height]
    assert screen.size == (520, sum(heights) + 10)
    assert screen.getpixel((450, heights[0] + 5)) == DARK_BACKGROUND
    with pytest.raises(ValueError):
        screen_png([])


def test_the_module_does_not_import_discord() -> None:
    tree = ast.parse(Path(message.__file__).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
    assert imported
    assert not {name for name in imported if name.split(".")[0] == "discord"}
