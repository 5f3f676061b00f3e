"""The drawing processes as the bot starts them: warm for every registered game before the
first picture, handed plain data only (never the Discord glue), and as many as configured."""

from __future__ import annotations

import functools
import pickle
import random
from collections.abc import Iterator
from importlib import import_module

import pytest

from bot.config import Config, machine_cores
from bot.drawing import table, text
from bot.games import GAMES
from bot.workers import process_pool, start_all, warmed
from cogs.ui.games import presentation
from cogs.ui.i18n import LANGUAGES, Words, translations
from games.pidro import drawing as pidro
from games.pidro.rules import view as pidro_view
from games.pidro.tests.helpers import random_states
from games.vidrasso import drawing as vidrasso
from games.vidrasso.rules import Phase, apply, legal_actions, new_game, view
from tests.workers.probes import collector, first_picture_misses, imported, warmed_tables

NAMES = ("Ann", "Ben", "Cid", "Dee")


@pytest.fixture
def pool() -> Iterator[object]:
    """A drawing pool made as ``CardBot.start_drawing`` makes it."""
    for kind in GAMES:
        presentation(kind)
    words = {language: translations(language) for language in LANGUAGES}
    text.learn(words)
    workers = process_pool(1, warm_ups=[functools.partial(text.learn, words), *table.warm_ups()])
    start_all(workers, 1)
    warmed(workers, 1)
    table.draw_in(workers)
    try:
        yield workers
    finally:
        table.draw_in(None)
        workers.shutdown(cancel_futures=True)


def _vidrasso_view():  # type: ignore[no-untyped-def]
    rng = random.Random(5)
    state = new_game(rng)
    while state.phase is not Phase.PLAY or len(state.round.tricks) < 3:
        state, _ = apply(state, rng.choice(legal_actions(state, state.to_act[0])))
    return view(state, None)


def test_every_registered_game_is_warmed_and_no_discord_reaches_the_process(pool) -> None:  # type: ignore[no-untyped-def]
    assert pool.submit(warmed_tables).result() >= len(GAMES)
    pidro_state = [s for s in random_states(2) if s.phase.value == "play"][3]
    for language in LANGUAGES:
        words = Words(language)
        here_v = vidrasso._render(_vidrasso_view(), NAMES[:2], True, words)
        there_v = vidrasso.table_png(_vidrasso_view(), NAMES[:2], words=words)
        assert there_v == here_v, "drawn with the plain words, the same picture"
        here_p = pidro._render(pidro_view(pidro_state, None), NAMES, words)
        assert pidro.table_png(pidro_view(pidro_state, None), NAMES, words=words) == here_p
    assert pool.submit(imported).result() == []


def test_names_learnt_at_the_seats_are_kept_for_the_first_picture(pool) -> None:  # type: ignore[no-untyped-def]
    """What the bot sends as players sit down: the drawing process learns their names, and the
    first picture of their table draws none of its texts anew; names it was never sent are
    laid out and rendered there (the check can fail)."""
    seated = ("Ulrike Learnt", "Vasco", "Winnifred of the Long Name", "Xu", "Yann")
    if "vriddiot" not in GAMES:  # Vriddiot's rows of names
        pytest.skip("vriddiot is not registered")
    vriddiot = import_module("games.vriddiot.drawing")
    lesson = vriddiot.learn_names(seated, Words("en"))
    assert lesson is not None
    lesson.result(timeout=30)
    assert pool.submit(first_picture_misses, seated, 7).result() == 0
    strangers = ("Ursula Unsent", "Vera", "Wendell of the Long Name", "Xi", "Yusuf")
    assert pool.submit(first_picture_misses, strangers, 7).result() >= len(strangers)


def test_words_travel_as_their_language_and_say_what_words_say() -> None:
    words = {language: translations(language) for language in LANGUAGES}
    text.learn(words)
    for language in LANGUAGES:
        plain = text.plain(Words(language))
        assert isinstance(plain, text.Phrases)
        assert len(pickle.dumps(plain)) < 100
        for message in words[language]:
            if "{" not in message:
                assert plain(message) == Words(language)(message)
        said = plain("Trick {n} of {total}", n=3, total=17)
        assert said == Words(language)("Trick {n} of {total}", n=3, total=17)


def test_the_drawing_processes_are_the_cores_but_one_unless_configured() -> None:
    assert Config(_env_file=None).table_workers == max(1, machine_cores() - 1)  # type: ignore[call-arg]
    assert Config(_env_file=None, BOT_TABLE_WORKERS="").table_workers >= 1  # type: ignore[call-arg]
    assert Config(_env_file=None, BOT_TABLE_WORKERS="0").table_workers == 0  # type: ignore[call-arg]
    assert Config(_env_file=None, BOT_TABLE_WORKERS="3").table_workers == 3  # type: ignore[call-arg]


def test_a_started_process_has_set_its_warm_objects_aside_from_the_collector(pool) -> None:  # type: ignore[no-untyped-def]
    """What the start made is frozen (a full collection soon after would walk it all, in the
    first picture); what is left for the collector is young and little."""
    frozen, counts = pool.submit(collector).result()
    assert frozen > 10_000
    assert counts[2] == 0
