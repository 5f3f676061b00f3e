"""Drive the real discord.py bot offline: fake users run slash commands and click buttons,
and tests read what each user would see.

    @pytest.fixture
    async def h() -> AsyncIterator[Harness]:
        async with Harness.running(create_bot()) as harness:  # fails on logged errors
            yield harness

    async def test_accept(h: Harness) -> None:
        alice, bob = h.users["alice"], h.users["bob"]
        await h.slash(alice, "vidrasso challenge", opponent=bob, target=300)
        challenge = h.last_public()
        await h.click(bob, challenge, challenge.buttons[0].custom_id)
        assert "accepted" in h.last_public().text()

Modules: harness.py (the Harness), world.py (accounts, guild, messages; survives restarts),
http.py (the recording REST and webhook layer), payloads.py (raw gateway/REST JSON),
tasks.py (settling), logs.py (logged-error collection).
"""

from .harness import CannotDoThat, FakeGateway, Harness, NotAcknowledged
from .http import FakeDiscord, NotModelled, Request
from .logs import ErrorLog
from .tasks import SettleTimeout
from .world import (
    Account,
    Button,
    Callback,
    Channel,
    ChannelKind,
    File,
    InteractionResult,
    Role,
    SelectMenu,
    SentMessage,
    World,
)

__all__ = [
    "Account",
    "Button",
    "Callback",
    "CannotDoThat",
    "Channel",
    "ChannelKind",
    "ErrorLog",
    "FakeDiscord",
    "FakeGateway",
    "File",
    "Harness",
    "InteractionResult",
    "NotAcknowledged",
    "NotModelled",
    "Request",
    "Role",
    "SelectMenu",
    "SentMessage",
    "SettleTimeout",
    "World",
]
