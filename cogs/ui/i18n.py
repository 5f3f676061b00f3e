"""Languages: the message catalogs (gettext ``.po`` files under ``cogs/locales`` and each game's
``games/<kind>/locales``) and the
translator that localises the slash commands.

Catalogs are the translators' standard format, one file per part of the bot
(``cogs/locales/<language>/LC_MESSAGES/<part>.po``: commands, play, ladder, clocks, rules...),
read with Babel when first needed and compiled in memory into one :mod:`gettext` translation
per language (see docs/decisions.md, "Languages").
English is the source language: a text missing from a catalog, or whose translation lacks a
placeholder, falls back to the English text — never to a key, never to an error.
"""

from __future__ import annotations

import gettext
import io
import logging
from collections.abc import Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

import discord
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from discord import app_commands

from bot.games import GAMES

log = logging.getLogger(__name__)

ENGLISH = "en"
LANGUAGES = ("en", "ja")
"""The languages the bot speaks, English first (the source)."""
CONTEXTS: Mapping[app_commands.TranslationContextLocation, str] = {
    app_commands.TranslationContextLocation.command_name: "command",
    app_commands.TranslationContextLocation.group_name: "command",
    app_commands.TranslationContextLocation.parameter_name: "option",
}
"""Names are translated in their own catalog context (a name must be lowercase and one word,
so ``game`` the option and "game" in a sentence are different texts)."""


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of a language (English: no translation)."""
    if language == ENGLISH:
        return gettext.NullTranslations()
    merged: Catalog | None = None
    for source in sorted(catalog_files(language), key=lambda f: f.name):
        with source.open("rb") as po:
            part = read_po(po, locale=language)
        if merged is None:
            merged = part
            continue
        for message in part:
            if message.id:
                merged[message.id] = message
    compiled = io.BytesIO()
    write_mo(compiled, merged or Catalog(locale=language))
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def catalog_files(language: str) -> list[Traversable]:
    """A language's ``.po`` files: the platform's (``cogs/locales``) and each registered
    game's own (``games/<kind>/locales``)."""
    packages = ["cogs", *(f"games.{kind}" for kind in GAMES)]
    found: list[Traversable] = []
    for package in packages:
        folder = resources.files(package).joinpath("locales", language, "LC_MESSAGES")
        if folder.is_dir():
            found.extend(f for f in folder.iterdir() if f.name.endswith(".po"))
    return found


def language_of(locale: discord.Locale | str | None) -> str:
    """The bot's language for a Discord locale (``ja`` for Japanese, else English)."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    code = value.split("-")[0].lower()
    return code if code in LANGUAGES else ENGLISH


def text(language: str, message: str, context: str | None = None, /, **values: Any) -> str:
    """``message`` in ``language``, with ``values`` filled in; English when the catalog has
    no translation or the translation does not take the same placeholders."""
    found = catalog(language)
    translated = found.pgettext(context, message) if context else found.gettext(message)
    if not values:
        return translated
    try:
        return translated.format(**values)
    except (KeyError, IndexError, ValueError):
        log.warning("the %s translation of %r does not fit its values", language, message)
        return message.format(**values)


class Words:
    """One language's texts: ``tr("Trick {n} of {total}", n=3, total=17)``.

    Every text a member can read goes through a ``Words`` (the catalog test checks it);
    ``tr`` is the name the message extractor looks for (see README, "Adding a language").
    """

    def __init__(self, language: str = ENGLISH) -> None:
        self.language = language if language in LANGUAGES else ENGLISH

    def __call__(self, message: str, /, **values: Any) -> str:
        return text(self.language, message, **values)

    def n(self, singular: str, plural: str, count: int, /, **values: Any) -> str:
        """The text for ``count`` of something (``{count}`` is filled in)."""
        found = catalog(self.language)
        chosen = found.ngettext(singular, plural, count)
        try:
            return chosen.format(count=count, **values)
        except (KeyError, IndexError, ValueError):
            english = singular if count == 1 else plural
            return english.format(count=count, **values)

    def __repr__(self) -> str:
        return f"Words({self.language!r})"


ENGLISH_WORDS = Words(ENGLISH)


def N_(message: str) -> str:
    """Marks a text kept in a constant for the catalog; it is translated where it is shown."""
    return message


def private(interaction: discord.Interaction) -> Words:
    """The words of a private answer: the member's own Discord language."""
    return Words(language_of(interaction.locale))


class CommandTranslator(app_commands.Translator):
    """Gives Discord the localised names, descriptions and choices of every command, so each
    member sees the commands in their own language."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        language = language_of(locale)
        if language == ENGLISH:
            return None
        found = text(language, string.message, CONTEXTS.get(context.location))
        return found if found != string.message else None


def translations(language: str) -> dict[str, str]:
    """Every text of a language's catalogs (plural forms and texts in a context left out) with
    its translation as :class:`Words` finds it: plain data, for a process that draws the
    pictures without importing this module (``bot.drawing.text.Phrases``)."""
    if language not in LANGUAGES or language == ENGLISH:
        return {}
    found = catalog(language)
    texts: dict[str, str] = {}
    for source in catalog_files(language):
        with source.open("rb") as po:
            for message in read_po(po, locale=language):
                if isinstance(message.id, str) and message.id and not message.context:
                    texts[message.id] = found.gettext(message.id)
    return texts
