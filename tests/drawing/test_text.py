"""Text made to fit (:func:`bot.drawing.text.fit`) and drawn from kept ink
(:func:`bot.drawing.text.draw_text`)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.drawing.text import Font, draw_text, ellipsis, fit, font, ink_box, text_width


def _longest_that_fits(text: str, face: Font, width: float) -> str:
    """What :func:`fit` returns, found one character at a time from the end."""
    if text_width(text, face) <= width:
        return text
    dots = ellipsis(face)
    cut = text
    while cut and text_width(cut.rstrip() + dots, face) > width:
        cut = cut[:-1]
    return cut.rstrip() + dots


def test_a_cut_text_keeps_the_longest_beginning_that_fits_with_its_dots() -> None:
    texts = (
        "Bartholomew the Unhurried",
        "Alice",
        "A V A W A Y To Ty  spaces   here",
        "山田花子と Bartholomew",
        "hand 12 · down 3",
        "x",
    )
    for face in (font(30, bold=True), font(28)):
        for text in texts:
            for width in (0, 8, 25, 40, 61, 97, 150, 233, 400, 1000):
                cut = fit(text, face, width)
                assert cut == _longest_that_fits(text, face, width)
                assert cut == text or text_width(cut, face) <= width or len(cut) == 1


def test_a_kept_ink_paints_what_draw_text_paints() -> None:
    texts = ("Bartholomew the Unhurried", "hand 12 · down 3", "Jo", "AVAWAY", "", "10")
    faces = (font(30, bold=True), font(28), font(32, bold=True))
    for face in faces:
        for text in texts:
            for anchor in ("lm", "rm", "mm", "la", None):
                for xy in ((40.0, 30.0), (200.5, 31.25), (300.75, 29.5)):
                    drawn = Image.new("RGB", (600, 60), (24, 82, 49))
                    ImageDraw.Draw(drawn).text(
                        xy, text, font=face, fill=(246, 242, 228), anchor=anchor
                    )
                    kept = Image.new("RGB", (600, 60), (24, 82, 49))
                    draw_text(ImageDraw.Draw(kept), xy, text, face, (246, 242, 228), anchor)
                    assert kept.tobytes() == drawn.tobytes(), (text, anchor, xy)


def test_a_texts_ink_box_holds_every_pixel_it_paints() -> None:
    """``ink_box`` bounds what ``draw_text`` paints, whatever the text: one font or several
    (Japanese runs in Noto, outlined when bold), marks stacked under a letter far below the
    line, nothing at all."""
    texts = (
        "Alice",
        "gjpqy Ágæ",
        "山田花子 gy",
        "Bob 次郎",
        "e\u0323\u0323\u0323\u0323\u0323\u0323 below",
        "Z\u0335\u0321\u0322\u031b\u0317\u0318\u0319\u031c\u031d\u031e\u031f\u0320l",
        "ÅÉÎ",
        "",
    )
    faces = (font(30, bold=True), font(28))
    for face in faces:
        for text in texts:
            for anchor in ("lm", "rm", "la"):
                for xy in ((62.0, 26.0), (200.5, 31.25), (300.75, 40.5)):
                    drawn = Image.new("L", (700, 200), 0)
                    draw_text(ImageDraw.Draw(drawn), xy, text, face, 255, anchor)  # type: ignore[arg-type]
                    ink = drawn.getbbox()
                    box = ink_box(xy, text, face, anchor)
                    if ink is None:
                        continue
                    assert box is not None, (text, anchor, xy)
                    assert box[0] <= ink[0] and box[1] <= ink[1], (text, anchor, xy, ink, box)
                    assert box[2] >= ink[2] and box[3] >= ink[3], (text, anchor, xy, ink, box)
    # Marks stacked under a letter reach far below the line: the box says so.
    low = ink_box((62.0, 26.0), "e" + "\u0323" * 6, font(30, bold=True), "lm")
    assert low is not None and low[3] > 26 + 30
