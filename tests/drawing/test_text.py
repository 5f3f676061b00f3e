"""Text made to fit (:func:`bot.drawing.text.fit`) and drawn from kept ink
(:func:`bot.drawing.text.draw_text`)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.drawing.text import Font, draw_text, ellipsis, fit, font, text_width


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
