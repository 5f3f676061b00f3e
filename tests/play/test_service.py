"""The game service on a real database (SQLite and PostgreSQL): challenges, moves, versions,
restarts."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import games
from bot.errors import NotAllowed, Stale
from bot.games import IllegalMove, rules_for
from bot.play.model import Invite, Seat
from bot.play.service import ChallengeRefused, GameService
from bot.services import load_state, open_storage
from bot.settings.model import GuildSettings
from bot.storage import Storage, VersionConflict
from bot.storage.sqlite import SqliteStorage, migrations
from bot.storage.sqlite.database import CHECKPOINT_EVERY
from games.toy.game import GAME as HIGH_CARD
from games.vidrasso.rules import Phase, legal_actions

ALICE, BOB, CAROL = 101, 202, 303
GUILD, CHANNEL = 1, 10


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


OPEN: list[Storage] = []
VIDRASSO = rules_for("vidrasso")


@pytest.fixture(autouse=True)
async def close_databases() -> AsyncIterator[None]:
    yield
    while OPEN:
        await OPEN.pop().close()


async def make_service(database: str, clock: Clock | None = None) -> GameService:
    db = await open_storage(database)
    OPEN.append(db)
    return GameService(db, clock=clock or Clock(), rng=random.Random(7))


async def challenge(
    service: GameService,
    challenger: int = ALICE,
    opponent: int = BOB,
    *,
    target: int = 300,
    channel: int = CHANNEL,
):  # type: ignore[no-untyped-def]
    return await service.challenge(
        kind="vidrasso",
        guild_id=GUILD,
        channel_id=channel,
        challenger_id=challenger,
        seats=[Invite(opponent)],
        target=target,
    )


async def start(service: GameService) -> int:
    made = await challenge(service)
    accepted = await service.accept(made.id, BOB)
    assert accepted.game is not None
    return accepted.game.id


def to_choice(action: object) -> str:
    return VIDRASSO.action_text(action)


async def test_migrations_set_user_version(tmp_path: Path) -> None:
    db = await SqliteStorage.open(tmp_path / "v.sqlite3", load_state)
    OPEN.append(db)
    row = (await db.execute("PRAGMA user_version"))[0]
    mode = (await db.execute("PRAGMA journal_mode"))[0]
    assert row[0] == migrations()[-1][0]
    assert mode[0] == "wal"
    again = await SqliteStorage.open(tmp_path / "v.sqlite3", load_state)  # nothing twice
    OPEN.append(again)


async def test_the_log_is_checkpointed_off_the_loop(tmp_path: Path) -> None:
    """SQLite's own checkpoints would run inside a COMMIT on the event loop, with an fsync:
    they are off, and every CHECKPOINT_EVERY commits one runs on the read connection's thread.
    The writes wait for it, so it catches up and the log starts again from its beginning:
    under writes that never stop, the log does not grow past what CHECKPOINT_EVERY commits
    write, and what is written during a checkpoint's first pass (a checkpoint beside the writes
    only would leave it growing for ever)."""
    db = await SqliteStorage.open(tmp_path / "v.sqlite3", load_state)
    OPEN.append(db)
    assert db.conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    wal = tmp_path / "v.sqlite3-wal"

    async def write(n: int) -> None:
        async with db.transaction() as tx:
            await tx.ladder.remember_name(GUILD, 1000 + n % 300, "x" * 3000, float(n))
        await asyncio.sleep(0)  # a handler gives the loop its turn at least once

    for n in range(CHECKPOINT_EVERY - 1):
        await write(n)
    await asyncio.sleep(0.05)
    assert db.checkpoints == 0
    one_round = wal.stat().st_size
    for n in range(CHECKPOINT_EVERY - 1, 20 * CHECKPOINT_EVERY):
        await write(n)
    assert db.checkpoints >= 2
    assert wal.stat().st_size < 3 * one_round  # twenty rounds' worth without starting again


@pytest.mark.parametrize(
    ("opponent", "target", "message"),
    [
        (ALICE, 300, "yourself"),
        (BOB, 400, "300"),
    ],
)
async def test_refused_challenges(database: str, opponent: int, target: int, message: str) -> None:
    service = await make_service(database)
    with pytest.raises(ChallengeRefused, match=message):
        await challenge(service, ALICE, opponent, target=target)


async def test_one_open_game_per_pair_and_channel(database: str) -> None:
    service = await make_service(database)
    made = await challenge(service)
    with pytest.raises(ChallengeRefused, match="already an open challenge"):
        await challenge(service, BOB, ALICE)
    with pytest.raises(NotAllowed, match="Only"):
        await service.accept(made.id, CAROL)
    with pytest.raises(NotAllowed, match="Only"):
        await service.accept(made.id, ALICE)  # the challenger cannot accept for the other
    await service.accept(made.id, BOB)
    with pytest.raises(ChallengeRefused, match="no longer open"):
        await service.accept(made.id, BOB)
    with pytest.raises(ChallengeRefused, match="in progress"):
        await challenge(service, target=500)
    # another channel is fine
    await challenge(service, channel=CHANNEL + 1)


async def test_challenges_expire(database: str) -> None:
    clock = Clock()
    service = await make_service(database, clock)
    made = await challenge(service)
    clock.now += service.challenge_ttl + 1
    with pytest.raises(ChallengeRefused, match="expired"):
        await service.accept(made.id, BOB)
    other = await challenge(service)
    clock.now += service.challenge_ttl + 1
    expired = await service.expire_challenges()
    assert [c.id for c in expired] == [made.id, other.id]
    assert (await service.get_challenge(other.id)).status == "expired"


async def test_full_game_with_restarts_and_stale_versions(database: str) -> None:
    path = database
    service = await make_service(path)
    game_id = await start(service)
    rng = random.Random(3)
    players = (ALICE, BOB)
    moves = 0
    while True:
        game = await service.game(game_id)
        state = game.state
        if state.is_over:
            break
        seat = state.to_act[0]
        action = rng.choice(legal_actions(state, seat))
        if moves % 50 == 7:
            # a stranger, and the other player, are refused; nothing changes
            with pytest.raises(NotAllowed):
                await service.act(game_id, CAROL, to_choice(action), game.version)
        if moves % 40 == 3:
            # restart: a new service on the same file resumes the game
            await OPEN.pop().close()
            service = await make_service(path)
        moved = await service.act(game_id, players[seat], to_choice(action), game.version)
        assert moved.game.version > game.version
        if moves % 30 == 5 and not moved.game.state.is_over:
            # the same click again (a double click) is stale and applies nothing
            with pytest.raises(Stale):
                await service.act(game_id, players[seat], to_choice(action), game.version)
            assert (await service.game(game_id)).version == moved.game.version
        moves += 1
    finished = await service.game(game_id)
    assert finished.status == "finished" and finished.result == "finished"
    assert finished.winner == finished.state.outcome.winner  # type: ignore[union-attr]
    assert sum(finished.state.totals) == 180 * len(finished.state.rounds)
    assert finished.state.phase is Phase.OVER


async def test_concurrent_double_click_applies_once(database: str) -> None:
    service = await make_service(database)
    game_id = await start(service)
    game = await service.game(game_id)
    seat = game.state.to_act[0]
    action = legal_actions(game.state, seat)[0]
    player = (ALICE, BOB)[seat]
    results = await asyncio.gather(
        *(service.act(game_id, player, to_choice(action), game.version) for _ in range(3)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, Stale) for r in results if isinstance(r, BaseException))
    assert (await service.game(game_id)).version == game.version + 1


async def test_resign_and_illegal_card(database: str) -> None:
    service = await make_service(database)
    game_id = await start(service)
    game = await service.game(game_id)
    with pytest.raises(IllegalMove):
        # a card during the trump choice is refused with the engine's sentence
        await service.act(game_id, ALICE, "play-AS", game.version)
    with pytest.raises(IllegalMove):
        await service.act(game_id, ALICE, "no-such-move", game.version)
    moved = await service.resign(game_id, BOB, None)
    assert moved.game.status == "finished" and moved.game.result == "resigned"
    assert moved.game.winner == 0


async def test_a_game_against_the_computer_does_not_block_a_challenge(database: str) -> None:
    service = await make_service(database)
    computer = 999
    await service.start_computer_game(
        kind="vidrasso",
        guild_id=GUILD,
        channel_id=CHANNEL,
        player_id=ALICE,
        computer_id=computer,
        level="easy",
    )
    made = await challenge(service)  # Alice and Bob here, while Alice plays the computer
    assert made.status == "open"
    # a game with a computer seat too: the bot's account in both is not two members together
    games.register(HIGH_CARD)
    try:
        three = await service.challenge(
            kind=HIGH_CARD.kind,
            guild_id=GUILD,
            channel_id=CHANNEL + 5,
            challenger_id=ALICE,
            seats=[Invite(CAROL), Invite(computer, accepted=True, computer="easy")],
            target=4,
        )
        await service.start_computer_game(
            kind="vidrasso",
            guild_id=GUILD,
            channel_id=CHANNEL + 5,
            player_id=CAROL,
            computer_id=computer,
            level="easy",
        )
        assert three.status == "open"
        again = await service.challenge(
            kind=HIGH_CARD.kind,
            guild_id=GUILD,
            channel_id=CHANNEL + 5,
            challenger_id=BOB,
            seats=[Invite(CAROL), Invite(computer, accepted=True, computer="easy")],
            target=4,
        )
        assert again.status == "open"
    finally:
        games.unregister(HIGH_CARD.kind)
    with pytest.raises(ChallengeRefused, match="against me"):
        await service.start_computer_game(
            kind="vidrasso",
            guild_id=GUILD,
            channel_id=CHANNEL,
            player_id=ALICE,
            computer_id=computer,
            level="easy",
        )


async def test_the_database_itself_holds_one_game_per_pair_and_channel(database: str) -> None:
    """Behind the service's check (which another process may pass at the same moment)."""
    storage = await open_storage(database)
    OPEN.append(storage)
    state = VIDRASSO.new_game(random.Random(1), 300, 2)

    async def insert(channel: int, *players: int) -> int:
        async with storage.transaction() as tx:
            return await tx.play.insert_game(
                kind="vidrasso", guild_id=GUILD, channel_id=channel,
                seats=[Seat(p) for p in players], target=300, version=0,
                state=VIDRASSO.dumps(state), now=1.0,
            )  # fmt: skip

    await insert(CHANNEL, ALICE, BOB)
    with pytest.raises(VersionConflict) as conflict:
        await insert(CHANNEL, BOB, ALICE)
    assert isinstance(conflict.value, Stale)  # a member is answered as for a stale click
    assert str(conflict.value) == "The game moved on meanwhile."
    await insert(CHANNEL + 1, ALICE, BOB)  # another channel
    await insert(CHANNEL, ALICE, CAROL)  # another pair


async def test_migrations_0010_and_0013_hold_what_is_open(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    for number, _, sql in migrations():
        if number <= 9:
            conn.executescript(sql)
    game = "INSERT INTO games (id, kind, guild_id, channel_id, seats, computers, target, status,"
    game += " version, state, created_at, updated_at) VALUES (?, 'vidrasso', 1, ?, '[]', ?, 300,"
    game += " ?, 0, '{}', 0, 0)"
    conn.executemany(game, [(1, 10, 0, "active"), (2, 11, 1, "active"), (3, 12, 0, "finished")])
    conn.executemany(
        "INSERT INTO game_seats (game_id, seat, user_id, computer_level) VALUES (?, ?, ?, ?)",
        [(1, 0, BOB, None), (1, 1, ALICE, None), (2, 0, ALICE, None), (2, 1, 999, "easy"),
         (3, 0, ALICE, None), (3, 1, BOB, None)],
    )  # fmt: skip
    challenge = "INSERT INTO challenges (id, kind, guild_id, channel_id, target, status,"
    challenge += " created_at, expires_at) VALUES (?, 'vidrasso', 1, ?, 300, ?, 0, 50)"
    conn.executemany(challenge, [(1, 13, "open"), (2, 14, "declined")])
    conn.executemany(
        "INSERT INTO challenge_seats (challenge_id, seat, user_id) VALUES (?, ?, ?)",
        [(1, 0, CAROL), (1, 1, ALICE), (2, 0, ALICE), (2, 1, BOB)],
    )
    conn.execute("PRAGMA user_version = 9")
    conn.commit()
    conn.close()
    db = await SqliteStorage.open(path, load_state)
    OPEN.append(db)
    # 0010's pairs, carried over by 0013 as sets of members of one game kind
    games = await db.execute("SELECT channel_id, kind, members, game_id FROM game_tables")
    assert sorted(map(tuple, games)) == [
        (10, "vidrasso", f"{ALICE},{BOB}", 1),
        (11, "vidrasso", f"{ALICE}", 2),
    ]
    tables = await db.execute("SELECT * FROM challenge_tables")
    assert [tuple(p) for p in tables] == [(13, "vidrasso", f"{ALICE},{CAROL}", 1, 50.0)]


async def test_a_read_refuses_to_write(database: str) -> None:
    storage = await open_storage(database)
    OPEN.append(storage)
    async with storage.read() as tx:
        with pytest.raises(Exception, match="writing through a read"):
            await tx.settings.put_guild_settings(GuildSettings(GUILD), ALICE, 1.0)
        with pytest.raises(Exception, match="writing through a read"):
            await tx.claim("deadline:1:1")
    async with storage.read() as tx:
        assert await tx.settings.guild_settings(GUILD) == GuildSettings(GUILD)


async def test_the_newest_table_is_recorded_and_every_other_one_is_removed(database: str) -> None:
    """Tables recorded out of order (two clicks, or two processes during a rollout): the one
    showing the newest version stays the game's table; each call names the message to remove."""
    service = await make_service(database)
    game_id = await start(service)
    assert await service.set_table_message(game_id, 1, 1) is None  # the first table
    assert await service.set_table_message(game_id, 3, 3) == 1  # replaces it
    assert await service.set_table_message(game_id, 2, 2) == 2  # came late: itself removed
    assert await service.set_table_message(game_id, 3, 4) is None  # edited in place
    assert await service.set_table_message(game_id, 4, 4) == 3  # the same version posted again
    game = await service.game(game_id)
    assert (game.table_message_id, game.table_version) == (4, 4)


async def test_migration_0011_takes_the_tables_already_posted_as_true(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    for number, _, sql in migrations():
        if number <= 10:
            conn.executescript(sql)
    game = "INSERT INTO games (id, kind, guild_id, channel_id, seats, computers, target, status,"
    game += " version, state, created_at, updated_at, table_message_id) VALUES (?, 'vidrasso', 1,"
    game += " ?, '[]', 0, 300, 'active', ?, '{}', 0, 0, ?)"
    conn.executemany(game, [(1, 10, 7, 555), (2, 11, 3, None)])
    conn.execute("PRAGMA user_version = 10")
    conn.commit()
    conn.close()
    db = await SqliteStorage.open(path, load_state)
    OPEN.append(db)
    rows = await db.execute("SELECT id, table_version FROM games ORDER BY id")
    assert [tuple(r) for r in rows] == [(1, 7), (2, None)]
