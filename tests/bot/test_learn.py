"""/vidrasso learn: a guided first game with each tip once, in the learner's language, and no
tips ever again once it is played to the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cogs.ui.i18n import Words
from games.vidrasso.discord.learn import TIPS
from tests.bot.driver import can_move, game_row, latest_with, make_move, service_of
from tests.harness import Account, Harness


async def learn_to_the_end(h: Harness, user: Account, seed: int) -> int:
    await h.slash(user, "vidrasso learn")
    (game,) = [g for g in await service_of(h).games_of(h.guild.id, user.id) if g.has_computer]
    rng = random.Random(seed)
    while not (await game_row(h, game.id)).state.is_over:
        hands = [h.world.messages[m.id] for m in h.ephemeral_to(user)]
        hand = hands[-1] if hands and can_move(hands[-1]) else None
        if hand is None:
            table = latest_with(h, f"vidrasso:hand:{game.id}")
            hand = (await h.click(user, table, f"vidrasso:hand:{game.id}")).ephemeral_messages[-1]
        await make_move(h, user, hand, rng)
    return game.id


def tips_seen(h: Harness, user: Account) -> Counter[str]:
    """Each tip text, counted once per message version that showed it."""
    seen: Counter[str] = Counter()
    for message in h.messages:
        if message.audience != user.id:
            continue
        for embed in message.embeds:
            for field in embed.get("fields", ()):
                if field["name"].startswith("💡"):
                    seen[field["value"]] += 1
    return seen


@pytest.mark.parametrize("locale", ["en-US", "ja"])
async def test_a_guided_game_to_the_end_shows_each_tip_once(h: Harness, locale: str) -> None:
    alice = h.set_locale(h.users["alice"], locale)
    game_id = await learn_to_the_end(h, alice, 1)
    final = await game_row(h, game_id)
    assert final.result == "finished"
    tr = Words("ja" if locale == "ja" else "en")
    seen = tips_seen(h, alice)
    expected = {tr(text) for _, _, text in TIPS}
    assert set(seen) == expected
    assert all(count == 1 for count in seen.values()), seen
    # a finished learner is left alone: a second guided game has no tips
    before = sum(seen.values())
    await learn_to_the_end(h, alice, 2)
    assert sum(tips_seen(h, alice).values()) == before


async def test_skip_hints_stops_the_tips(h: Harness) -> None:
    alice = h.users["alice"]
    await h.slash(alice, "vidrasso learn")
    (game,) = await service_of(h).games_of(h.guild.id, alice.id)
    table = latest_with(h, f"vidrasso:hand:{game.id}")
    hand = (await h.click(alice, table, f"vidrasso:hand:{game.id}")).ephemeral_messages[-1]
    skip = next(b.custom_id for b in hand.buttons if b.custom_id.startswith("vidrasso:skiptips:"))
    await h.click(alice, hand, skip)
    now = h.world.messages[hand.id]
    assert not any(f["name"].startswith("💡") for f in now.embeds[0].get("fields", ()))
    assert not any(b.custom_id.startswith("vidrasso:skiptips:") for b in now.buttons)
