"""Open tables through the game service, on SQLite and PostgreSQL: seats left open, members
joining and leaving, the challenger starting (short, or with the computer filling the empty
seats) or calling it off, expiry, a full table, a double join, strangers; and one game at a
time per game kind and set of members."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator

import pytest

from bot import games
from bot.errors import BadRequest, NotAllowed
from bot.games import rules_for
from bot.play.model import Invite
from bot.play.service import ChallengeRefused, GameService, table_seats
from bot.services import open_storage
from bot.storage import Storage
from games.toy.game import GAME as HIGH_CARD

ANN, BEN, CAT, DAN, EVE = 11, 22, 33, 44, 55
BOT = 999
GUILD, CHANNEL = 1, 10
TOY = HIGH_CARD.kind


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    games.register(HIGH_CARD)
    yield
    games.unregister(HIGH_CARD.kind)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(database: str, clock: Clock) -> AsyncIterator[GameService]:
    storage: Storage = await open_storage(database)
    yield GameService(storage, clock=clock, rng=random.Random(5))
    await storage.close()


async def table(
    service: GameService,
    count: int,
    *named: Invite | None,
    kind: str = TOY,
    fill: str | None = None,
    challenger: int = ANN,
    channel: int = CHANNEL,
):  # type: ignore[no-untyped-def]
    """A table of ``count`` seats: the members ``named`` from seat 1, the rest open."""
    seats = [*named, *([None] * (count - 1 - len(named)))]
    return await service.challenge(
        kind=kind,
        guild_id=GUILD,
        channel_id=channel,
        challenger_id=challenger,
        seats=seats,
        fill=fill,
    )


async def test_members_join_open_seats_and_the_last_one_starts_the_game(
    service: GameService,
) -> None:
    made = await table(service, 4)
    assert made.open_seats == (1, 2, 3) and made.is_table and not made.can_start
    assert (await service.join(made.id, BEN)).game is None
    with pytest.raises(ChallengeRefused, match="already at this table"):
        await service.join(made.id, BEN)  # a double click
    with pytest.raises(ChallengeRefused, match="already at this table"):
        await service.join(made.id, ANN)  # the challenger has a seat already
    assert (await service.join(made.id, CAT)).game is None
    last = await service.join(made.id, DAN)
    assert last.game is not None and last.challenge.status == "accepted"
    assert last.game.player_ids == (ANN, BEN, CAT, DAN) and not last.game.has_computer
    assert last.challenge.game_id == last.game.id
    with pytest.raises(ChallengeRefused, match="no longer open"):
        await service.join(made.id, EVE)  # a click on the old message


async def test_a_full_table_turns_a_joiner_away(service: GameService) -> None:
    made = await table(service, 3, Invite(BEN))
    await service.join(made.id, CAT)
    with pytest.raises(ChallengeRefused, match="full"):
        await service.join(made.id, DAN)
    still = await service.get_challenge(made.id)
    assert still.status == "open" and still.waiting_for == (BEN,)  # Ben has not answered
    started = await service.accept(made.id, BEN)
    assert started.game is not None and started.game.player_ids == (ANN, BEN, CAT)


async def test_leaving_opens_the_seat_again(service: GameService) -> None:
    made = await table(service, 3)
    await service.join(made.id, BEN)
    with pytest.raises(ChallengeRefused, match="not at this table"):
        await service.leave(made.id, CAT)  # a stranger
    with pytest.raises(NotAllowed, match="Cancel"):
        await service.leave(made.id, ANN)  # the challenger cancels instead
    left = await service.leave(made.id, BEN)
    assert left.status == "open" and left.open_seats == (1, 2)
    with pytest.raises(ChallengeRefused, match="not at this table"):
        await service.leave(made.id, BEN)  # a double click
    again = await service.join(made.id, BEN)
    assert again.challenge.seat_of(BEN) == 1


async def test_the_challenger_starts_short_when_the_range_allows(service: GameService) -> None:
    made = await table(service, 5)
    with pytest.raises(ChallengeRefused, match="at least 2 players"):
        await service.start_table(made.id, ANN, BOT)
    await service.join(made.id, BEN)
    await service.join(made.id, CAT)
    await service.leave(made.id, BEN)  # seat 1 open, Cat in seat 2
    with pytest.raises(NotAllowed, match="Only"):
        await service.start_table(made.id, CAT, BOT)  # only the challenger starts
    started = await service.start_table(made.id, ANN, BOT)
    assert started.game is not None
    assert started.game.player_ids == (ANN, CAT)  # the seats taken, in order, no computer
    assert len(started.game.teams) == 2
    with pytest.raises(ChallengeRefused, match="no longer open"):
        await service.start_table(made.id, ANN, BOT)  # a double click


async def test_a_fill_level_seats_the_computer_in_every_empty_seat(service: GameService) -> None:
    made = await table(service, 5, fill="easy")
    assert made.can_start  # the computer makes up the numbers
    await service.join(made.id, BEN)
    started = await service.start_table(made.id, ANN, BOT)
    game = started.game
    assert game is not None and game.player_ids == (ANN, BEN, BOT, BOT, BOT)
    assert [s.computer for s in game.seats] == [None, None, "easy", "easy", "easy"]


async def test_start_waits_for_every_named_member(service: GameService) -> None:
    made = await table(service, 4, Invite(BEN), fill="easy")
    with pytest.raises(ChallengeRefused, match="Not everyone has accepted"):
        await service.start_table(made.id, ANN, BOT)
    accepted = await service.accept(made.id, BEN)
    assert accepted.game is None  # seats are still open: the challenger starts
    started = await service.start_table(made.id, ANN, BOT)
    assert started.game is not None and started.game.player_ids == (ANN, BEN, BOT, BOT)


async def test_a_named_member_who_declines_frees_the_seat(service: GameService) -> None:
    made = await table(service, 4, Invite(BEN))
    with pytest.raises(NotAllowed, match="Join"):
        await service.accept(made.id, CAT)  # a stranger is told to join
    with pytest.raises(NotAllowed, match="between other players"):
        await service.decline(made.id, CAT)
    left = await service.decline(made.id, BEN)
    assert left.status == "open" and left.seats[1] is None


async def test_only_the_challenger_calls_it_off(service: GameService) -> None:
    made = await table(service, 3)
    await service.join(made.id, BEN)
    with pytest.raises(NotAllowed, match="Only"):
        await service.cancel(made.id, BEN)
    cancelled = await service.cancel(made.id, ANN)
    assert cancelled.status == "cancelled"
    for act in (service.join(made.id, CAT), service.cancel(made.id, ANN)):
        with pytest.raises(ChallengeRefused, match="it was cancelled"):
            await act
    # the challenger may open a new table of the game
    assert (await table(service, 3)).status == "open"


async def test_an_expired_table_refuses_every_button(service: GameService, clock: Clock) -> None:
    made = await table(service, 3)
    await service.join(made.id, BEN)
    clock.now += service.challenge_ttl + 1
    for act in (
        service.join(made.id, CAT),
        service.leave(made.id, BEN),
        service.start_table(made.id, ANN, BOT),
        service.cancel(made.id, ANN),
    ):
        with pytest.raises(ChallengeRefused, match="expired"):
            await act
    (expired,) = await service.expire_challenges()
    assert expired.id == made.id and expired.status == "expired"


async def test_one_open_table_of_a_game_per_challenger(service: GameService) -> None:
    await table(service, 3)
    with pytest.raises(ChallengeRefused, match="open table of this game"):
        await table(service, 4)
    assert (await table(service, 2, kind="vidrasso")).status == "open"  # another game
    assert (await table(service, 3, channel=CHANNEL + 1)).status == "open"  # elsewhere


async def test_a_partnership_table_seats_a_joiner_in_the_team_they_pick(
    service: GameService,
) -> None:
    pidro = rules_for("pidro")
    # Ann names her partner (seat 2, opposite her); the opponents' seats are open.
    seats = table_seats(pidro, [(2, Invite(BEN))])
    assert seats == [None, Invite(BEN), None]
    made = await service.challenge(
        kind="pidro", guild_id=GUILD, channel_id=CHANNEL, challenger_id=ANN, seats=seats
    )
    assert made.teams == ((0, 2), (1, 3))  # shown before anyone accepts
    with pytest.raises(ChallengeRefused, match="Team 1 is full"):
        await service.join(made.id, CAT, team=0)
    with pytest.raises(BadRequest, match="no team 3"):
        await service.join(made.id, CAT, team=2)
    assert (await service.join(made.id, CAT, team=1)).challenge.seat_of(CAT) == 1
    assert (await service.join(made.id, DAN)).challenge.seat_of(DAN) == 3  # the seat left
    started = await service.accept(made.id, BEN)
    game = started.game
    assert game is not None and game.player_ids == (ANN, CAT, BEN, DAN)
    assert game.partners_of(0) == (2,) and game.seats[2].user_id == BEN


def test_named_members_sit_side_by_side_without_partners_and_where_named_with_them() -> None:
    toy, pidro = rules_for(TOY), rules_for("pidro")
    # no partners: the members named sit from seat 1, whatever option named them
    assert table_seats(toy, [(4, Invite(BEN)), (2, Invite(CAT))]) == [Invite(CAT), Invite(BEN)]
    assert table_seats(toy, [(1, Invite(BEN))], 4) == [Invite(BEN), None, None]
    assert table_seats(toy, [], None) == [None]  # the fewest players: one open seat
    with pytest.raises(BadRequest, match="room for 1"):
        table_seats(toy, [(1, Invite(BEN)), (2, Invite(CAT))], 2)
    with pytest.raises(BadRequest, match="2 to 5"):
        table_seats(toy, [], 6)
    # partners: each where named
    assert table_seats(pidro, [(3, Invite(BEN))]) == [None, None, Invite(BEN)]


async def test_one_game_at_a_time_per_game_kind_and_set_of_members(
    service: GameService,
) -> None:
    two = await service.challenge(
        kind="vidrasso", guild_id=GUILD, channel_id=CHANNEL, challenger_id=ANN,
        seats=[Invite(BEN)],
    )  # fmt: skip
    assert (await service.accept(two.id, BEN)).game is not None
    # the same friends, another game: Pidro with two more, and High card by themselves
    pidro = await service.challenge(
        kind="pidro", guild_id=GUILD, channel_id=CHANNEL, challenger_id=BEN,
        seats=[Invite(CAT), Invite(ANN), Invite(DAN)],
    )  # fmt: skip
    assert pidro.status == "open"
    toy = await table(service, 2, Invite(BEN))
    assert (await service.accept(toy.id, BEN)).game is not None
    # the same game among the same members is still one at a time
    with pytest.raises(ChallengeRefused, match="in progress together"):
        await service.challenge(
            kind="vidrasso", guild_id=GUILD, channel_id=CHANNEL, challenger_id=BEN,
            seats=[Invite(ANN)],
        )  # fmt: skip
    # but not among a different set: Ann, Ben and Cat at High card
    three = await table(service, 3, Invite(BEN), Invite(CAT))
    await service.accept(three.id, BEN)
    assert (await service.accept(three.id, CAT)).game is not None
    # an open table that fills up with the same members as a game in progress cannot start
    again = await table(service, 2, challenger=BEN)
    with pytest.raises(ChallengeRefused, match="in progress together"):
        await service.join(again.id, ANN)
    assert (await service.get_challenge(again.id)).open_seats == (1,)  # nothing was taken


async def test_a_game_against_the_computer_blocks_only_its_own_kind(
    service: GameService,
) -> None:
    """A learning (or any computer) game of one game no longer blocks play-bot of another."""
    start = service.start_computer_game
    vidrasso = await start(
        kind="vidrasso", guild_id=GUILD, channel_id=CHANNEL, player_id=ANN,
        computer_id=BOT, level="easy", seed=1,
    )  # fmt: skip
    pidro = await start(
        kind="pidro", guild_id=GUILD, channel_id=CHANNEL, player_id=ANN,
        computer_id=BOT, level="easy",
    )  # fmt: skip
    assert vidrasso.kind == "vidrasso" and pidro.kind == "pidro"
    with pytest.raises(ChallengeRefused, match="against me"):
        await start(
            kind="vidrasso", guild_id=GUILD, channel_id=CHANNEL, player_id=ANN,
            computer_id=BOT, level="easy",
        )  # fmt: skip
    # an open table Ann starts alone with the computer is a game against the computer too
    alone = await table(service, 4, kind="pidro", fill="easy")
    with pytest.raises(ChallengeRefused, match="in progress together"):
        await service.start_table(alone.id, ANN, BOT)
