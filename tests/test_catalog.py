"""Every text the bot can show is in the catalogs, in English and Japanese, and no text in the
Discord glue bypasses them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from cogs.ui import i18n
from tests.catalog import ERRORS, ROOT, fields, messages

SENTENCE = re.compile(r"[A-Za-z]{2,}[,.!?]? +[A-Za-z]{2,}")
"""A string that reads as words (two words or more): user-visible unless it is one of the
kinds of strings below."""
LONGEST = 1024
"""No text may be longer than Discord's smallest place for a long text (an embed field's
value); the offline harness also refuses any message over Discord's limits as it is sent."""
TRANSLATING = {"tr", "n", "N_", "translatable", "words", "_", *ERRORS}
NOT_SHOWN_CALLS = {
    "debug", "info", "warning", "error", "exception", "critical",  # logging
    "describe", "Command", "Group", "Choice", "rename", "choices",  # the command Translator's
    "AssertionError", "RuntimeError", "ValueError", "TypeError", "LookupError", "KeyError",
}  # fmt: skip
NOT_SHOWN_KEYWORDS = {"description", "custom_id", "template", "filename", "name_localizations"}


def test_every_text_has_a_japanese_translation_with_the_same_placeholders() -> None:
    japanese = i18n.catalog("ja")
    problems = []
    for folder, filename, line, message in messages():
        where = f"{folder}/{filename}:{line}"
        if isinstance(message, tuple):
            translated = japanese.ngettext(message[0], message[1], 2)
            english = message[1]
        else:
            translated, english = japanese.gettext(message), message
        if translated == english and not _same_in_both(english):
            problems.append(f"{where}: untranslated {english!r}")
        elif fields(translated) != fields(english):
            problems.append(f"{where}: placeholders differ in {english!r}")
        for text in (english, translated):
            if len(text) > LONGEST:
                problems.append(f"{where}: {len(text)} characters, over {LONGEST}")
    assert problems == []


def _same_in_both(text: str) -> bool:
    """Texts that read the same in Japanese (numbers, symbols, a name)."""
    return not re.search(r"[A-Za-z]{2,}", re.sub(r"\{[^}]*\}", "", text))


def _strings_shown(path: Path) -> list[tuple[int, str]]:
    """Strings in a module that reach a member without passing through a catalog."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = (
                node.func.attr
                if isinstance(node.func, ast.Attribute)
                else getattr(node.func, "id", "")
            )
            if name in TRANSLATING or name in NOT_SHOWN_CALLS:
                skip.update(id(n) for arg in node.args for n in ast.walk(arg))
                skip.update(id(n) for k in node.keywords for n in ast.walk(k.value))
            for keyword in node.keywords:
                if keyword.arg in NOT_SHOWN_KEYWORDS:
                    skip.update(id(n) for n in ast.walk(keyword.value))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Module):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))  # an attribute's docstring
        if isinstance(node, ast.Assert) and node.msg is not None:
            skip.update(id(n) for n in ast.walk(node.msg))  # a programmer's message
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
            if SENTENCE.search(text) and not text.startswith(("vidrasso:", "%")):
                found.append((node.lineno, text))
    return found


GALLERY = ("cogs/ui/gallery.py", "screens.py")
"""The screens gallery's modules: a reviewers' tool, never shown to members."""


def _glue() -> list[Path]:
    """The Discord glue: the platform's cogs and each game's Discord part."""
    paths = [*(ROOT / "cogs").rglob("*.py"), *(ROOT / "games").glob("*/discord/*.py")]
    return sorted(p for p in paths if not p.as_posix().endswith(GALLERY))


def test_no_text_in_the_discord_glue_bypasses_the_catalogs() -> None:
    bypassing = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in _glue()
        for line, text in _strings_shown(path)
    ]
    assert bypassing == []


def test_the_check_finds_a_text_that_bypasses_the_catalogs(tmp_path: Path) -> None:
    module = tmp_path / "cog.py"
    module.write_text(
        "async def answer(tr, reply):\n"
        '    await reply(tr("Your move."))\n'
        '    await reply("It is not your turn.")\n',
        encoding="utf-8",
    )
    assert [text for _, text in _strings_shown(module)] == ["It is not your turn."]


GLOSSARY = ROOT / "docs" / "glossary.md"
TWO_MEANINGS = {"pass": ("passes", "passed")}
"""English words that also have an everyday meaning, checked only as the term itself."""


def glossary_terms(section: str) -> list[tuple[str, str]]:
    """(English, 日本語) of each row of one section of ``docs/glossary.md``."""
    text = GLOSSARY.read_text(encoding="utf-8")
    body = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:3] for line in body.splitlines() if line.startswith("| ")]
    return [(en.strip(), ja.strip()) for en, ja in rows[1:] if en.strip() != "English"]


def test_pidros_japanese_texts_use_the_glossarys_terms() -> None:
    """Every Japanese text of Pidro's catalogs whose English says a Pidro term (docs/glossary.md,
    the Pidro section) says its Japanese term."""
    terms = glossary_terms("Pidro")
    assert len(terms) >= 10 and ("kill", "キル") in terms and ("cold", "コールド") in terms
    japanese = i18n.catalog("ja")
    problems = []
    for folder, filename, line, message in messages():
        if folder != "games/pidro":
            continue
        english = message[1] if isinstance(message, tuple) else message
        translated = (
            japanese.ngettext(message[0], message[1], 2)
            if isinstance(message, tuple)
            else japanese.gettext(message)
        )
        plain = re.sub(r"\{[^}]*\}", "", english)
        for term, word in terms:
            pattern = rf"\b{re.escape(term)}(s|ed|ing|led)?\b"
            if re.search(pattern, plain, re.IGNORECASE) and word not in translated:
                problems.append(
                    f"{folder}/{filename}:{line}: {term!r} is not {word} in {translated!r}"
                )
    assert problems == []
