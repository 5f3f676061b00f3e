"""The texts the bot can show, as the message extractor finds them, and the catalog checks.

``python -m tests.catalog`` writes ``cogs/locales/messages.pot``, the template translators
start from (``make messages``). The keywords say which calls carry a text to translate.
"""

from __future__ import annotations

import string
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

import games

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "cogs" / "locales" / "messages.pot"
ERRORS = (
    "ServiceError",
    "NotAllowed",
    "NotFound",
    "Stale",
    "BadRequest",
    "ChallengeRefused",
    "EventRefused",
    "SeasonRefused",
    "ChannelNotAllowed",
    "IllegalMove",
    "NotYourTurn",
    "WrongPhase",
    "IllegalBid",
    "IllegalGift",
    "IllegalPlay",
    "IllegalKill",
    "GameOver",
)
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "tr": None,
    "n": (1, 2),
    "N_": None,
    "translatable": None,
    "words": None,
    **dict.fromkeys(ERRORS),
}
"""``tr(...)`` and ``tr.n(...)`` in the glue, ``N_`` for the glue's constants, ``translatable``
for the services' constants, ``words(...)`` in the pictures, and every error's message."""
FOLDERS = ("cogs", "bot", *(f"games/{kind}" for kind in games.KINDS))
"""Where the texts people can read are: the platform, and each registered game's folder (a game
not registered yet shows nothing; its catalog comes with its registry line)."""


def messages() -> Iterator[tuple[str, str, int, str | tuple[str, ...]]]:
    """(folder, file, line, message) for every text found; a plural as (singular, plural)."""
    for folder in FOLDERS:
        found = extract_from_dir(
            ROOT / folder,
            method_map=[("**/tests/**", "ignore"), ("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=(),
            strip_comment_tags=True,
        )
        for filename, line, message, _, _ in found:
            if _is_text(message):
                yield folder, filename, line, message


def _is_text(message: str | tuple[str, ...]) -> bool:
    """Skip what the keywords also catch that is not a sentence (e.g. an empty string)."""
    first = message[0] if isinstance(message, tuple) else message
    return bool(first and any(c.isalpha() for c in first))


def fields(text: str) -> set[str]:
    """The ``{placeholders}`` of a text."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def template() -> Catalog:
    catalog = Catalog(project="vidrasso-bot", charset="utf-8")
    for folder, filename, line, message in messages():
        catalog.add(message, locations=[(f"{folder}/{filename}", line)])
    return catalog


def main() -> int:
    with TEMPLATE.open("wb") as out:
        write_po(out, template(), width=100, sort_output=True)
    print(TEMPLATE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
