"""Raw Discord JSON for the world's things, shaped as discord.py 2.7.1 reads it.

Gateway events (READY, GUILD_CREATE, INTERACTION_CREATE...) and REST answers (messages,
channels, users) are built here and nowhere else.
"""

from __future__ import annotations

import mimetypes
from typing import Any

from .world import (
    Account,
    Channel,
    ChannelKind,
    File,
    InteractionRecord,
    Role,
    SentMessage,
    World,
    snowflake_time,
)

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
GUILD_INSTALL = "0"
"""Key of ``authorizing_integration_owners`` for an app installed to a guild."""


def iso(snowflake: int) -> str:
    return snowflake_time(snowflake).isoformat()


def user(account: Account) -> dict[str, Any]:
    return {
        "id": str(account.id),
        "username": account.name,
        "global_name": account.name.capitalize(),
        "discriminator": "0",
        "avatar": None,
        "bot": account.bot,
        "public_flags": 0,
    }


def bot_user(world: World) -> dict[str, Any]:
    """The bot's own user, as ``GET /users/@me`` and READY give it."""
    return {**user(world.bot), "verified": True, "mfa_enabled": False, "flags": 0}


def member(world: World, account: Account, *, with_permissions: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {
        "user": user(account),
        "nick": None,
        "avatar": None,
        "roles": [str(r) for r in world.member_roles.get(account.id, ())],
        "joined_at": iso(account.id),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_permissions:
        data["permissions"] = str(world.permissions_of(account.id))
    return data


def role(r: Role) -> dict[str, Any]:
    return {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def channel(world: World, c: Channel) -> dict[str, Any]:
    if c.kind is ChannelKind.DM:
        recipient = world.accounts[c.recipient_id or 0]
        return {
            "id": str(c.id),
            "type": 1,
            "recipients": [user(recipient)],
            "last_message_id": None,
        }
    if c.is_thread:
        return thread(world, c)
    return {
        "id": str(c.id),
        "type": int(c.kind),
        "guild_id": str(world.guild_id),
        "name": c.name,
        "position": 0,
        "permission_overwrites": overwrites(world, c),
        "parent_id": None,
        "topic": None,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "default_auto_archive_duration": 1440,
        "default_thread_rate_limit_per_user": 0,
        "flags": 0,
    }


def overwrites(world: World, c: Channel) -> list[dict[str, Any]]:
    """The channel's permission overwrites: the bot's member overwrite, if it has one."""
    allow, deny = world.overwrite_of(c)
    if not allow and not deny:
        return []
    return [{"id": str(world.bot.id), "type": 1, "allow": str(allow), "deny": str(deny)}]


def thread(world: World, c: Channel) -> dict[str, Any]:
    in_thread = [m for m in world.messages.values() if m.channel_id == c.id and not m.deleted]
    data: dict[str, Any] = {
        "id": str(c.id),
        "type": int(c.kind),
        "guild_id": str(world.guild_id),
        "parent_id": str(c.parent_id),
        "owner_id": str(c.owner_id),
        "name": c.name,
        "last_message_id": str(max(m.id for m in in_thread)) if in_thread else None,
        "rate_limit_per_user": 0,
        "message_count": len(in_thread),
        "total_message_sent": len(in_thread),
        "member_count": len(c.member_ids),
        "flags": 0,
        "thread_metadata": {
            "archived": c.archived,
            "auto_archive_duration": c.auto_archive_duration,
            "archive_timestamp": iso(c.id),
            "locked": c.locked,
            "invitable": c.invitable,
            "create_timestamp": iso(c.id),
        },
    }
    if world.bot.id in c.member_ids:
        data["member"] = {
            "id": str(c.id),
            "user_id": str(world.bot.id),
            "join_timestamp": iso(c.id),
            "flags": 0,
        }
    return data


def guild(world: World) -> dict[str, Any]:
    """A complete GUILD_CREATE: roles, channels, active threads and every member."""
    members = [member(world, world.accounts[i]) for i in world.member_roles]
    bot_sees = [
        c for c in world.threads if not c.archived and world.can_see_channel(world.bot.id, c)
    ]
    return {
        "id": str(world.guild_id),
        "name": world.guild_name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": str(world.owner.id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in world.roles.values()],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": world.guild_locale,
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "joined_at": iso(world.guild_id),
        "large": False,
        "unavailable": False,
        # Equal to len(members), so discord.py sees the guild as fully chunked.
        "member_count": len(members),
        "members": members,
        "channels": [
            channel(world, c)
            for c in world.channels.values()
            if not c.is_thread and c.kind is not ChannelKind.DM
        ],
        "threads": [thread(world, c) for c in bot_sees],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def ready(world: World) -> dict[str, Any]:
    return {
        "v": 10,
        "user": bot_user(world),
        "guilds": [{"id": str(world.guild_id), "unavailable": True}],
        "session_id": "harness-session",
        "resume_gateway_url": "wss://gateway.invalid",
        "shard": [0, 1],
        "application": {"id": str(world.application_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
    }


def application(world: World) -> dict[str, Any]:
    """``GET /oauth2/applications/@me``, which ``Client.login`` calls."""
    return {
        "id": str(world.application_id),
        "name": world.bot.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user(world.owner),
        "team": None,
        "verify_key": "0" * 64,
        "flags": 0,
        "bot": bot_user(world),
        "rpc_origins": [],
        "tags": [],
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "approximate_guild_count": 1,
    }


def attachment(message: SentMessage, f: File) -> dict[str, Any]:
    url = attachment_url(message.channel_id, f)
    return {
        "id": str(f.id),
        "filename": f.filename,
        "description": f.description,
        "content_type": mimetypes.guess_type(f.filename)[0] or "application/octet-stream",
        "size": f.size,
        "url": url,
        "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net"),
        "flags": 0,
    }


def attachment_url(channel_id: int, f: File) -> str:
    return f"https://cdn.discordapp.com/attachments/{channel_id}/{f.id}/{f.filename}"


def message(world: World, m: SentMessage) -> dict[str, Any]:
    """A message object as REST and webhook endpoints return it."""
    data: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "author": user(world.accounts[m.author_id]),
        "content": m.content,
        "timestamp": iso(m.id),
        "edited_timestamp": m.edited_at.isoformat() if m.edited_at else None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [user(world.accounts[i]) for i in m.mentions if i in world.accounts],
        "mention_roles": [],
        "attachments": [attachment(m, f) for f in m.files],
        "embeds": list(m.embeds),
        "components": list(m.components),
        "pinned": False,
        "type": m.message_type,
        "flags": m.flags,
    }
    c = world.channels.get(m.channel_id)
    if c is not None and c.kind is not ChannelKind.DM:
        data["guild_id"] = str(world.guild_id)
    if m.reference_id is not None:
        data["message_reference"] = {
            "type": 0,
            "message_id": str(m.reference_id),
            "channel_id": str(m.channel_id),
        }
    if m.interaction_id is not None:
        data["webhook_id"] = str(world.application_id)
        data["application_id"] = str(world.application_id)
        record = world.interactions_by_id[m.interaction_id]
        meta: dict[str, Any] = {
            "id": str(record.id),
            "type": record.kind,
            "user": user(world.accounts[record.user_id]),
            "authorizing_integration_owners": {GUILD_INSTALL: str(world.guild_id)},
        }
        if record.kind == 2:
            meta["name"] = record.name
            meta["command_type"] = 1
        if record.message_id is not None:
            meta["interacted_message_id"] = str(record.message_id)
        if record.original_id is not None and record.original_id != m.id:
            meta["original_response_message_id"] = str(record.original_id)
        data["interaction_metadata"] = meta
    return data


def interaction(
    world: World,
    record: InteractionRecord,
    *,
    data: dict[str, Any],
    message_data: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """INTERACTION_CREATE from a guild member in a channel or thread, or from a user in a DM."""
    where = world.channels[record.channel_id]
    account = world.accounts[record.user_id]
    payload: dict[str, Any] = {
        "id": str(record.id),
        "application_id": str(world.application_id),
        "type": record.kind,
        "token": record.token,
        "version": 1,
        "data": data,
        "channel_id": str(where.id),
        "locale": account.locale,
        "app_permissions": str(world.bot_permissions(where)),
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if where.kind is ChannelKind.DM:
        payload["channel"] = channel(world, where)
        payload["user"] = user(account)
        payload["context"] = 1  # BOT_DM
        payload["authorizing_integration_owners"] = {GUILD_INSTALL: "0"}
    else:
        payload["guild_id"] = str(world.guild_id)
        payload["guild"] = {"id": str(world.guild_id), "locale": world.guild_locale, "features": []}
        payload["guild_locale"] = world.guild_locale
        payload["channel"] = {
            **channel(world, where),
            "permissions": str(world.permissions_of(record.user_id)),
        }
        payload["member"] = member(world, account, with_permissions=True)
        payload["context"] = 0  # GUILD
        payload["authorizing_integration_owners"] = {GUILD_INSTALL: str(world.guild_id)}
    if message_data is not None:
        payload["message"] = message_data
    return payload


def resolved_user(world: World, account: Account, into: dict[str, Any]) -> None:
    """Add an account to an interaction's ``data.resolved`` (as a member if it is one)."""
    into.setdefault("users", {})[str(account.id)] = user(account)
    if world.is_member(account.id):
        m = member(world, account, with_permissions=True)
        del m["user"]
        into.setdefault("members", {})[str(account.id)] = m


def resolved_channel(world: World, c: Channel, into: dict[str, Any]) -> None:
    data: dict[str, Any] = {
        "id": str(c.id),
        "name": c.name,
        "type": int(c.kind),
        "permissions": str(world.bot_permissions(c)),
    }
    if c.is_thread:
        data["parent_id"] = str(c.parent_id)
        data["thread_metadata"] = thread(world, c)["thread_metadata"]
    into.setdefault("channels", {})[str(c.id)] = data


def resolved_role(r: Role, into: dict[str, Any]) -> None:
    into.setdefault("roles", {})[str(r.id)] = role(r)
