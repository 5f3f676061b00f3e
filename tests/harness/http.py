"""The recording HTTP layer: answers discord.py's REST and webhook calls from the World.

Two doors lead here. ``HTTPClient.request`` (the bot's REST calls) is replaced on the bot's own
``http`` object; ``AsyncWebhookAdapter.request`` (interaction callbacks and follow-ups) is a
class attribute shared by every client, so it is patched while at least one FakeDiscord is
installed and routes each call by interaction token.

Errors are raised as the real ``discord.Forbidden``/``NotFound``/``HTTPException`` built from a
fake response, with Discord's error codes, so the bot's ``except`` clauses are exercised.
"""

from __future__ import annotations

import asyncio
import json as jsonlib
import logging
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any
from urllib.parse import unquote

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from . import payloads
from .world import (
    COMPONENTS_V2,
    EPHEMERAL,
    LOADING,
    Channel,
    ChannelKind,
    File,
    InteractionRecord,
    SentMessage,
    World,
)

log = logging.getLogger(__name__)

# Discord's JSON error codes used here.
UNKNOWN_CHANNEL = 10003
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
CANNOT_SEND_EMPTY = 50006
CANNOT_DM = 50007
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
INVALID_FORM_BODY = 50035
ALREADY_ACKNOWLEDGED = 40060
THREAD_LOCKED = 50083


class ApiError(Exception):
    """An answer Discord would give instead of data; raised to discord.py as HTTPException."""

    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(f"{status} {message} (code {code})")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors


class NotModelled(RuntimeError):
    """The bot called a route the harness does not answer; add it or use ``stub_route``."""


class FakeResponse:
    """Just enough of ``aiohttp.ClientResponse`` for ``discord.HTTPException``."""

    def __init__(self, status: int, method: str, url: str) -> None:
        self.status = status
        self.reason = HTTPStatus(status).phrase
        self.method = method
        self.url = url
        self.headers: dict[str, str] = {}


def to_exception(error: ApiError, method: str, url: str) -> discord.HTTPException:
    response: Any = FakeResponse(error.status, method, url)
    body: dict[str, Any] = {"code": error.code, "message": error.message}
    if error.errors is not None:
        body["errors"] = error.errors
    if error.status == 403:
        return discord.Forbidden(response, body)
    if error.status == 404:
        return discord.NotFound(response, body)
    if error.status >= 500:
        return discord.DiscordServerError(response, body)
    return discord.HTTPException(response, body)


@dataclass(frozen=True)
class Request:
    """One HTTP call the bot made, answered or refused."""

    method: str
    path: str
    """The concrete path, e.g. ``/channels/123/messages``."""
    json: Any
    route: str
    """discord.py's path template, e.g. ``/channels/{channel_id}/messages``."""
    files: tuple[File, ...] = ()
    status: int = 200


@dataclass
class _Failure:
    method: str
    path: str
    error: ApiError
    times: int | None


@dataclass(frozen=True)
class Call:
    """A request as the route handlers see it."""

    method: str
    route: str
    path: str
    params: dict[str, str]
    json: Any
    files: tuple[File, ...]
    query: dict[str, Any]

    def id(self, name: str) -> int:
        return int(self.params[name])


Handler = Callable[["FakeDiscord", Call], Any]
_ROUTES: dict[tuple[str, str], Handler] = {}


def route(method: str, template: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        _ROUTES[(method, template)] = handler
        return handler

    return register


def _template_params(template: str, path: str) -> dict[str, str]:
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
    match = re.fullmatch(pattern, path)
    return {k: unquote(v) for k, v in match.groupdict().items()} if match else {}


# -- the webhook adapter patch, shared by every installed FakeDiscord ------------------------

_installed: list[FakeDiscord] = []
_original_webhook_request = AsyncWebhookAdapter.request


async def _routed_webhook_request(
    adapter: AsyncWebhookAdapter, route: Route, session: Any, **kwargs: Any
) -> Any:
    for api in reversed(_installed):
        if route.webhook_token in api.world.interactions:
            return await api.webhook_request(route, **kwargs)
    error = ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
    raise to_exception(error, route.method, route.url)


def _install_webhooks(api: FakeDiscord) -> None:
    _installed.append(api)
    AsyncWebhookAdapter.request = _routed_webhook_request  # type: ignore[method-assign,assignment]


def _uninstall_webhooks(api: FakeDiscord) -> None:
    if api in _installed:
        _installed.remove(api)
    if not _installed:
        AsyncWebhookAdapter.request = _original_webhook_request  # type: ignore[method-assign]


# -- message bodies --------------------------------------------------------------------------


def _limit(errors: dict[str, Any], where: str, text: str | None, most: int) -> None:
    if text is not None and len(text) > most:
        errors[where] = f"Must be {most} or fewer in length."


def check_message_body(body: dict[str, Any], *, new: bool, has_files: bool) -> None:
    """Refuse what Discord refuses: empty messages and anything over its size limits."""
    errors: dict[str, Any] = {}
    _limit(errors, "content", body.get("content"), 2000)
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        errors["embeds"] = "Must be 10 or fewer in length."
    for i, embed in enumerate(embeds):
        _limit(errors, f"embeds.{i}.title", embed.get("title"), 256)
        _limit(errors, f"embeds.{i}.description", embed.get("description"), 4096)
        fields = embed.get("fields", [])
        if len(fields) > 25:
            errors[f"embeds.{i}.fields"] = "Must be 25 or fewer in length."
        for j, f in enumerate(fields):
            _limit(errors, f"embeds.{i}.fields.{j}.name", f.get("name"), 256)
            _limit(errors, f"embeds.{i}.fields.{j}.value", f.get("value"), 1024)
    rows = body.get("components") or []
    if not (body.get("flags", 0) & COMPONENTS_V2):
        if len(rows) > 5:
            errors["components"] = "Must be 5 or fewer in length."
        for i, row in enumerate(rows):
            children = row.get("components", [])
            if len(children) > 5:
                errors[f"components.{i}.components"] = "Must be 5 or fewer in length."
            for j, c in enumerate(children):
                _limit(errors, f"components.{i}.components.{j}.custom_id", c.get("custom_id"), 100)
                _limit(errors, f"components.{i}.components.{j}.label", c.get("label"), 80)
    if errors:
        raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", errors)
    empty = not body.get("content") and not embeds and not has_files and not body.get("poll")
    if new and empty and not (body.get("flags", 0) & COMPONENTS_V2):
        raise ApiError(400, CANNOT_SEND_EMPTY, "Cannot send an empty message")


class FakeDiscord:
    """Discord's REST API over a World, recording every request in ``requests``."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.requests: list[Request] = []
        self._failures: list[_Failure] = []
        self._stubs: dict[tuple[str, str], Any] = {}
        self.on_gateway_event: Callable[[str, dict[str, Any]], None] = lambda name, data: None
        """Set by the harness: feeds the gateway events Discord sends alongside REST answers."""

    # -- wiring ---------------------------------------------------------------------------

    def install(self, http: discord.http.HTTPClient) -> None:
        """Answer this HTTP client's calls, and every interaction webhook of this world."""
        http.request = self.bot_request  # type: ignore[method-assign]
        http.get_from_cdn = self.get_from_cdn  # type: ignore[method-assign]
        if self not in _installed:
            _install_webhooks(self)

    def uninstall(self) -> None:
        _uninstall_webhooks(self)

    # -- what tests configure -------------------------------------------------------------

    def fail_route(
        self,
        method: str,
        path: str,
        *,
        status: int = 403,
        code: int = MISSING_PERMISSIONS,
        message: str = "Missing Permissions",
        times: int | None = None,
    ) -> None:
        """Make a route fail. ``path`` is a concrete path or discord.py's template
        (``/channels/{channel_id}/threads``); ``times=None`` fails it until ``clear_failures``.
        """
        self._failures.append(_Failure(method, path, ApiError(status, code, message), times))

    def clear_failures(self) -> None:
        self._failures.clear()

    def stub_route(self, method: str, path: str, response: Any) -> None:
        """Answer a route the harness does not model with fixed JSON."""
        self._stubs[(method, path)] = response

    # -- the two doors --------------------------------------------------------------------

    async def bot_request(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        body = kwargs.get("json")
        if form:
            body = _payload_json(form)
        return await self._answer(route, body, files, kwargs.get("params") or {})

    async def webhook_request(
        self,
        route: Route,
        *,
        payload: dict[str, Any] | None = None,
        multipart: Sequence[dict[str, Any]] | None = None,
        files: Sequence[discord.File] | None = None,
        params: dict[str, Any] | None = None,
        **_: Any,
    ) -> Any:
        body = _payload_json(multipart) if multipart else payload
        return await self._answer(route, body, files, params or {})

    async def get_from_cdn(self, url: str) -> bytes:
        await asyncio.sleep(0)
        for message in self.world.messages.values():
            for f in message.files:
                if payloads.attachment_url(message.channel_id, f) in (url, url.split("?")[0]):
                    return f.data
        raise to_exception(ApiError(404, 0, "asset not found"), "GET", url)

    async def _answer(
        self, route: Route, body: Any, files: Sequence[discord.File] | None, query: dict[str, Any]
    ) -> Any:
        # A real request always yields to the event loop; so does this one, so races between
        # concurrent handlers can happen here as they would in production.
        await asyncio.sleep(0)
        path = route.url.removeprefix(Route.BASE)
        call = Call(
            method=route.method,
            route=route.path,
            path=path,
            params=_template_params(route.path, path),
            json=body,
            files=tuple(self._read_files(files or ())),
            query=dict(query),
        )
        try:
            self._maybe_fail(call)
            result = self._dispatch(call)
        except ApiError as error:
            self._log(call, error.status)
            raise to_exception(error, route.method, route.url) from None
        self._log(call, 200)
        return result

    def _log(self, call: Call, status: int) -> None:
        self.requests.append(
            Request(call.method, call.path, call.json, call.route, call.files, status)
        )

    def _maybe_fail(self, call: Call) -> None:
        for failure in self._failures:
            if failure.method == call.method and failure.path in (call.route, call.path):
                if failure.times is not None:
                    failure.times -= 1
                    if failure.times <= 0:
                        self._failures.remove(failure)
                raise failure.error

    def _dispatch(self, call: Call) -> Any:
        for key in ((call.method, call.path), (call.method, call.route)):
            if key in self._stubs:
                return self._stubs[key]
        handler = _ROUTES.get((call.method, call.route))
        if handler is None:
            raise NotModelled(
                f"the harness does not model {call.method} {call.route} "
                f"(add it to tests/harness/http.py or use stub_route)"
            )
        return handler(self, call)

    def _read_files(self, files: Sequence[discord.File]) -> list[File]:
        read = []
        for f in files:
            f.reset(seek=True)
            read.append(File(self.world.ids.now(), f.filename, f.fp.read(), f.description))
        return read

    # -- helpers for handlers -------------------------------------------------------------

    def _channel(self, channel_id: int) -> Channel:
        channel = self.world.channels.get(channel_id)
        if channel is None:
            raise ApiError(404, UNKNOWN_CHANNEL, "Unknown Channel")
        return channel

    def _message(self, channel_id: int, message_id: int) -> SentMessage:
        message = self.world.live(message_id)
        if message is None or message.channel_id != channel_id:
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        return message

    def _require(self, channel: Channel, **flags: bool) -> None:
        """Refuse as Discord does what the bot may not do in ``channel``: 403 Missing Access
        (50001) where it cannot even see it, else 403 Missing Permissions (50013)."""
        if channel.kind is ChannelKind.DM:
            return
        if not self.world.bot_can(channel, view_channel=True):
            raise ApiError(403, MISSING_ACCESS, "Missing Access")
        if not self.world.bot_can(channel, **flags):
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")

    def _without_embeds(self, channel: Channel, body: dict[str, Any], *, new: bool) -> Any:
        """Without Embed Links, Discord drops a message's embeds (a new message with nothing
        else to show is refused)."""
        if channel.kind is ChannelKind.DM or not body.get("embeds"):
            return body
        if self.world.bot_can(channel, embed_links=True):
            return body
        if new and not body.get("content"):
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        return {**body, "embeds": []}

    def _message_fields(self, body: dict[str, Any], files: tuple[File, ...]) -> dict[str, Any]:
        """The SentMessage fields a create/edit body sets (absent keys are left alone)."""
        fields: dict[str, Any] = {}
        if "content" in body:
            fields["content"] = body["content"] or ""
        if "embeds" in body:
            fields["embeds"] = tuple(body["embeds"] or ())
        if "components" in body:
            fields["components"] = tuple(body["components"] or ())
        if "allowed_mentions" in body:
            fields["allowed_mentions"] = body["allowed_mentions"]
        if files:
            fields["files"] = files
        return fields

    def _new_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: tuple[File, ...],
        *,
        audience: int | None = None,
        interaction: InteractionRecord | None = None,
        flags: int = 0,
    ) -> SentMessage:
        check_message_body(body, new=True, has_files=bool(files))
        reference = (body.get("message_reference") or {}).get("message_id")
        kind = 0
        if interaction is not None:
            kind = 20 if interaction.kind == 2 else 19
        message = SentMessage(
            id=self.world.ids.now(),
            channel_id=channel_id,
            author_id=self.world.bot.id,
            flags=flags | (int(body.get("flags") or 0) & ~(EPHEMERAL | LOADING)),
            audience=audience,
            interaction_id=interaction.id if interaction else None,
            message_type=kind,
            reference_id=int(reference) if reference else None,
            **self._message_fields(body, files),
        )
        return self.world.record(message)

    def _edit_message(
        self, message: SentMessage, body: dict[str, Any], files: tuple[File, ...]
    ) -> SentMessage:
        check_message_body(body, new=False, has_files=bool(files))
        changes = self._message_fields(body, ())
        if "attachments" in body:
            uploads = {i: f for i, f in enumerate(files)}
            kept: list[File] = []
            for a in body["attachments"] or ():
                index = int(a["id"])
                if index in uploads and a.get("filename") == uploads[index].filename:
                    kept.append(uploads[index])
                else:
                    kept += [f for f in message.files if f.id == index]
            changes["files"] = tuple(kept)
        elif files:
            changes["files"] = message.files + files
        if "flags" in body and body["flags"] is not None:
            keep = message.flags & (EPHEMERAL | COMPONENTS_V2)
            changes["flags"] = keep | (int(body["flags"]) & ~(EPHEMERAL | LOADING))
        elif message.loading:
            changes["flags"] = message.flags & ~LOADING
        return self.world.edit(message.id, **changes)

    def thread_created(self, thread: Channel) -> None:
        data = {**payloads.thread(self.world, thread), "newly_created": True}
        self.on_gateway_event("THREAD_CREATE", data)

    def _payload(self, message: SentMessage) -> dict[str, Any]:
        return payloads.message(self.world, message)

    # -- interactions ---------------------------------------------------------------------

    def _interaction(self, call: Call) -> InteractionRecord:
        record = self.world.interactions.get(call.params.get("webhook_token", ""))
        if record is None:
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        return record

    def _webhook(self, call: Call) -> InteractionRecord:
        record = self.world.interactions.get(call.params.get("webhook_token", ""))
        if record is None or record.callback_type is None:
            # Follow-ups exist only once the interaction has been acknowledged.
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        return record

    def _credit(self, record: InteractionRecord, message: SentMessage) -> None:
        if message.id not in record.touched_ids:
            record.touched_ids.append(message.id)

    def _webhook_message(self, record: InteractionRecord, call: Call) -> SentMessage:
        target = call.params.get("message_id", "@original")
        message_id = record.original_id if target == "@original" else int(target)
        ours = message_id == record.original_id or message_id in record.followup_ids
        message = self.world.live(message_id) if message_id is not None and ours else None
        if message is None:
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        return message


def _payload_json(form: Iterable[dict[str, Any]]) -> Any:
    for part in form:
        if part.get("name") == "payload_json":
            return jsonlib.loads(part["value"])
    return None


def _callback_answer(
    record: InteractionRecord, message: dict[str, Any] | None, callback_type: int
) -> dict[str, Any]:
    interaction: dict[str, Any] = {
        "id": str(record.id),
        "type": record.kind,
        "response_message_loading": callback_type == 5,
        "response_message_ephemeral": record.callback_ephemeral,
    }
    if record.original_id is not None:
        interaction["response_message_id"] = str(record.original_id)
    resource: dict[str, Any] = {"type": callback_type}
    if message is not None:
        resource["message"] = message
    return {"interaction": interaction, "resource": resource}


# -- routes: login and application commands --------------------------------------------------


@route("GET", "/users/@me")
def _get_me(api: FakeDiscord, call: Call) -> Any:
    return payloads.bot_user(api.world)


@route("GET", "/oauth2/applications/@me")
def _get_application(api: FakeDiscord, call: Call) -> Any:
    return payloads.application(api.world)


def _store_commands(api: FakeDiscord, call: Call, guild_id: int | None) -> list[dict[str, Any]]:
    world = api.world
    for key in [k for k in world.commands if k[1] == guild_id]:
        del world.commands[key]
    stored = []
    for command in call.json or ():
        old = world.commands.get((command["name"], guild_id))
        data = {
            **command,
            "id": old["id"] if old else str(world.ids.now()),
            "application_id": str(world.application_id),
            "version": str(world.ids.now()),
        }
        data.setdefault("type", 1)
        data.setdefault("description", "")
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        world.commands[(command["name"], guild_id)] = data
        stored.append(data)
    return stored


@route("PUT", "/applications/{application_id}/commands")
def _sync_global(api: FakeDiscord, call: Call) -> Any:
    return _store_commands(api, call, None)


@route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
def _sync_guild(api: FakeDiscord, call: Call) -> Any:
    return _store_commands(api, call, call.id("guild_id"))


@route("GET", "/applications/{application_id}/commands")
def _global_commands(api: FakeDiscord, call: Call) -> Any:
    return [c for (_, g), c in api.world.commands.items() if g is None]


@route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
def _guild_commands(api: FakeDiscord, call: Call) -> Any:
    guild_id = call.id("guild_id")
    return [c for (_, g), c in api.world.commands.items() if g == guild_id]


# -- routes: users, members, guild, channels ---------------------------------------------------


@route("GET", "/users/{user_id}")
def _get_user(api: FakeDiscord, call: Call) -> Any:
    account = api.world.accounts.get(call.id("user_id"))
    if account is None:
        raise ApiError(404, UNKNOWN_USER, "Unknown User")
    return payloads.user(account)


@route("GET", "/guilds/{guild_id}/members/{user_id}")
def _get_member(api: FakeDiscord, call: Call) -> Any:
    user_id = call.id("user_id")
    if call.id("guild_id") != api.world.guild_id or not api.world.is_member(user_id):
        raise ApiError(404, UNKNOWN_MEMBER, "Unknown Member")
    return payloads.member(api.world, api.world.accounts[user_id])


@route("GET", "/guilds/{guild_id}")
def _get_guild(api: FakeDiscord, call: Call) -> Any:
    data = payloads.guild(api.world)
    for key in ("members", "channels", "threads", "voice_states", "presences"):
        data.pop(key)
    return data


@route("GET", "/channels/{channel_id}")
def _get_channel(api: FakeDiscord, call: Call) -> Any:
    return payloads.channel(api.world, api._channel(call.id("channel_id")))


@route("PATCH", "/channels/{channel_id}")
def _edit_channel(api: FakeDiscord, call: Call) -> Any:
    channel = api._channel(call.id("channel_id"))
    body = call.json or {}
    if channel.is_thread and channel.owner_id != api.world.bot.id:
        api._require(channel, manage_threads=True)
    for key in ("name", "archived", "locked", "invitable", "auto_archive_duration"):
        if key in body:
            setattr(channel, key, body[key])
    return payloads.channel(api.world, channel)


@route("POST", "/users/@me/channels")
def _open_dm(api: FakeDiscord, call: Call) -> Any:
    recipient = int(call.json["recipient_id"])
    if recipient not in api.world.accounts:
        raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body")
    return payloads.channel(api.world, api.world.dm_channel(recipient))


@route("POST", "/channels/{channel_id}/typing")
def _typing(api: FakeDiscord, call: Call) -> Any:
    api._channel(call.id("channel_id"))
    return None


# -- routes: channel messages -------------------------------------------------------------------


@route("POST", "/channels/{channel_id}/messages")
def _send(api: FakeDiscord, call: Call) -> Any:
    world = api.world
    channel = api._channel(call.id("channel_id"))
    if channel.kind is ChannelKind.DM:
        recipient = channel.recipient_id or 0
        if recipient in world.closed_dms or not world.is_member(recipient):
            raise ApiError(403, CANNOT_DM, "Cannot send messages to this user")
    elif channel.is_thread:
        api._require(channel, send_messages_in_threads=True)
        if channel.locked:
            raise ApiError(400, THREAD_LOCKED, "Thread is locked")
        if channel.kind is ChannelKind.PRIVATE_THREAD and not world.can_see_channel(
            world.bot.id, channel
        ):
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Access")
        channel.archived = False  # sending to an archived thread reopens it
    else:
        api._require(channel, send_messages=True)
    body = call.json or {}
    if call.files:
        api._require(channel, attach_files=True)
    if body.get("message_reference"):
        api._require(channel, read_message_history=True)
    body = api._without_embeds(channel, body, new=True)
    message = api._new_message(channel.id, body, call.files)
    return api._payload(message)


@route("GET", "/channels/{channel_id}/messages/{message_id}")
def _fetch_message(api: FakeDiscord, call: Call) -> Any:
    api._require(api._channel(call.id("channel_id")), read_message_history=True)
    message = api._message(call.id("channel_id"), call.id("message_id"))
    if message.audience is not None:  # ephemeral messages cannot be fetched
        raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
    return api._payload(message)


@route("GET", "/channels/{channel_id}/messages")
def _history(api: FakeDiscord, call: Call) -> Any:
    channel = api._channel(call.id("channel_id"))
    api._require(channel)
    if not api.world.bot_can(channel, read_message_history=True):
        return []  # Discord answers an empty history rather than an error
    channel_id = channel.id
    found = [
        m for m in api.world.current_messages() if m.channel_id == channel_id and m.audience is None
    ]
    if "before" in call.query:
        found = [m for m in found if m.id < int(call.query["before"])]
    if "after" in call.query:
        found = [m for m in found if m.id > int(call.query["after"])]
    found.reverse()  # newest first, as Discord answers
    return [api._payload(m) for m in found[: int(call.query.get("limit", 50))]]


@route("PATCH", "/channels/{channel_id}/messages/{message_id}")
def _edit(api: FakeDiscord, call: Call) -> Any:
    channel = api._channel(call.id("channel_id"))
    api._require(channel)
    message = api._message(call.id("channel_id"), call.id("message_id"))
    if message.audience is not None:
        raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
    if call.files:
        api._require(channel, attach_files=True)
    body = api._without_embeds(channel, call.json or {}, new=False)
    return api._payload(api._edit_message(message, body, call.files))


@route("DELETE", "/channels/{channel_id}/messages/{message_id}")
def _delete(api: FakeDiscord, call: Call) -> Any:
    api._require(api._channel(call.id("channel_id")))
    message = api._message(call.id("channel_id"), call.id("message_id"))
    api.world.delete(message.id)
    return None


@route("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me")
def _react(api: FakeDiscord, call: Call) -> Any:
    api._message(call.id("channel_id"), call.id("message_id"))
    return None


# -- routes: threads ------------------------------------------------------------------------------


def _new_thread(
    api: FakeDiscord, parent: Channel, body: dict[str, Any], *, starter: SentMessage | None
) -> Channel:
    world = api.world
    if parent.kind is not ChannelKind.TEXT:
        raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", {"parent": "not a text"})
    private = starter is None and body.get("type", 11) == 12
    if private:
        api._require(parent, create_private_threads=True, send_messages_in_threads=True)
    else:
        api._require(parent, create_public_threads=True, send_messages_in_threads=True)
    if not body.get("name") or len(body["name"]) > 100:
        raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", {"name": "1 to 100 chars"})
    thread = Channel(
        id=starter.id if starter else world.ids.now(),
        name=body["name"],
        kind=ChannelKind.PRIVATE_THREAD if private else ChannelKind.PUBLIC_THREAD,
        parent_id=parent.id,
        owner_id=world.bot.id,
        starter_message_id=starter.id if starter else None,
        member_ids={world.bot.id},
        invitable=bool(body.get("invitable", True)),
        auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
    )
    if thread.id in world.channels:
        raise ApiError(400, 160004, "A thread has already been created for this message")
    world.channels[thread.id] = thread
    api.thread_created(thread)
    return thread


@route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
def _thread_from_message(api: FakeDiscord, call: Call) -> Any:
    parent = api._channel(call.id("channel_id"))
    starter = api._message(parent.id, call.id("message_id"))
    if starter.audience is not None:
        raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
    return payloads.thread(api.world, _new_thread(api, parent, call.json or {}, starter=starter))


@route("POST", "/channels/{channel_id}/threads")
def _thread_without_message(api: FakeDiscord, call: Call) -> Any:
    parent = api._channel(call.id("channel_id"))
    return payloads.thread(api.world, _new_thread(api, parent, call.json or {}, starter=None))


def _thread(api: FakeDiscord, call: Call) -> Channel:
    channel = api._channel(call.id("channel_id"))
    if not channel.is_thread:
        raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", {"channel": "not a thread"})
    return channel


@route("PUT", "/channels/{channel_id}/thread-members/{user_id}")
def _add_to_thread(api: FakeDiscord, call: Call) -> Any:
    thread = _thread(api, call)
    user_id = call.id("user_id")
    if not api.world.is_member(user_id):
        raise ApiError(404, UNKNOWN_MEMBER, "Unknown Member")
    if thread.archived or thread.locked:
        raise ApiError(400, THREAD_LOCKED, "Thread is archived")
    thread.member_ids.add(user_id)
    return None


@route("PUT", "/channels/{channel_id}/thread-members/@me")
def _join_thread(api: FakeDiscord, call: Call) -> Any:
    _thread(api, call).member_ids.add(api.world.bot.id)
    return None


@route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
def _remove_from_thread(api: FakeDiscord, call: Call) -> Any:
    _thread(api, call).member_ids.discard(call.id("user_id"))
    return None


# -- routes: interaction callbacks and follow-ups -------------------------------------------------


@route("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
def _callback(api: FakeDiscord, call: Call) -> Any:
    world = api.world
    record = api._interaction(call)
    elapsed = time.perf_counter() - record.started
    if record.callback_type is not None:
        raise ApiError(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
    if elapsed > world.ack_deadline:
        raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
    body = call.json or {}
    kind = int(body["type"])
    data = body.get("data") or {}
    ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
    audience = record.user_id if ephemeral else None
    message: SentMessage | None = None

    if kind == 4:  # CHANNEL_MESSAGE_WITH_SOURCE
        message = api._new_message(
            record.channel_id,
            data,
            call.files,
            audience=audience,
            interaction=record,
            flags=EPHEMERAL if ephemeral else 0,
        )
    elif kind == 5:  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: a "thinking..." placeholder
        message = world.record(
            SentMessage(
                id=world.ids.now(),
                channel_id=record.channel_id,
                author_id=world.bot.id,
                flags=LOADING | (EPHEMERAL if ephemeral else 0),
                audience=audience,
                interaction_id=record.id,
                message_type=20 if record.kind == 2 else 19,
            )
        )
    elif kind in (6, 7):  # DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE
        if record.message_id is None:
            raise ApiError(400, 40043, "Interaction type not supported for this callback")
        current = world.messages[record.message_id]
        ephemeral = current.ephemeral
        message = api._edit_message(current, data, call.files) if kind == 7 else current
    elif kind == 8:  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
        record.choices = list(data.get("choices", []))
    elif kind == 9:  # MODAL
        record.modal = dict(data)
    else:
        raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", {"type": f"unknown {kind}"})

    record.callback_type = kind
    record.callback_ephemeral = ephemeral
    record.acked_after = elapsed
    if message is not None:
        record.original_id = message.id
        api._credit(record, message)
    shown = api._payload(message) if message is not None and kind != 6 else None
    return _callback_answer(record, shown, kind)


@route("POST", "/webhooks/{webhook_id}/{webhook_token}")
def _followup(api: FakeDiscord, call: Call) -> Any:
    record = api._webhook(call)
    body = call.json or {}
    original = api.world.live(record.original_id) if record.original_id else None
    if record.callback_type == 5 and original is not None and original.loading:
        # The first follow-up after a deferred reply replaces the "thinking..." message and
        # keeps the deferral's visibility; its own ephemeral flag is ignored.
        message = api._edit_message(original, body, call.files)
    else:
        ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
        message = api._new_message(
            record.channel_id,
            body,
            call.files,
            audience=record.user_id if ephemeral else None,
            interaction=record,
            flags=EPHEMERAL if ephemeral else 0,
        )
    record.followup_ids.append(message.id)
    api._credit(record, message)
    if not int(call.query.get("wait", 1)):
        return None
    return api._payload(message)


@route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
@route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
def _get_webhook_message(api: FakeDiscord, call: Call) -> Any:
    record = api._webhook(call)
    return api._payload(api._webhook_message(record, call))


@route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
@route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
def _edit_webhook_message(api: FakeDiscord, call: Call) -> Any:
    record = api._webhook(call)
    message = api._webhook_message(record, call)
    edited = api._edit_message(message, call.json or {}, call.files)
    api._credit(record, edited)
    return api._payload(edited)


@route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
@route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
def _delete_webhook_message(api: FakeDiscord, call: Call) -> Any:
    record = api._webhook(call)
    message = api._webhook_message(record, call)
    api.world.delete(message.id)
    return None
