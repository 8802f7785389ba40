"""How the API knows a personal token (settings.REST_FRAMEWORK), and what a read-only one
may do."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.permissions import SAFE_METHODS, BasePermission

from campaign.tokens.models import PersonalToken
from campaign.tokens.services import KEY_PREFIX, key_digest, token_used


class TokenAuthentication(authentication.TokenAuthentication):
    """``Authorization: Token <key>``: a personal token's key, or the one DRF token a user
    gets from /api/auth/token/."""

    def authenticate_credentials(self, key: str):
        if not key.startswith(KEY_PREFIX):
            return super().authenticate_credentials(key)
        token = PersonalToken.objects.select_related("user").filter(digest=key_digest(key)).first()
        if token is None or not token.user.is_active:
            raise AuthenticationFailed(_("Invalid token."))
        if token.revoked_at is not None:
            raise AuthenticationFailed(_("This token has been revoked."))
        token_used(token)
        return token.user, token


@dataclass(frozen=True)
class TokenHolder:
    """How a query finds, from a user's row, the active user whose key a request carries
    (lookups on User): the lookup ``by`` of the key or its digest, ``key``; the lookups
    ``also`` that every query for that kind of token adds, whatever the key; and for a
    personal token the lookup of its last use, which token_use_due judges."""

    by: str
    key: str
    also: tuple[tuple[str, object], ...]
    last_used: str | None


def token_holder(request: HttpRequest) -> TokenHolder | None:
    """The holder of the key in the request's ``Authorization: Token <key>``, for a query
    that reads what it needs of him with his token (the map's 304,
    campaign.core.access.token_membership): an active user, by his DRF token or by a
    personal token not revoked, whatever its scope, since it only reads. None when the
    header names no token in one piece: TokenAuthentication answers those."""
    parts = authentication.get_authorization_header(request).split()
    if len(parts) != 2 or parts[0].lower() != TokenAuthentication.keyword.lower().encode():
        return None
    try:
        key = parts[1].decode()
    except UnicodeError:
        return None
    if not key.startswith(KEY_PREFIX):
        return TokenHolder("auth_token__key", key, (("is_active", True),), None)
    return TokenHolder(
        "personal_tokens__digest",
        key_digest(key),
        (("is_active", True), ("personal_tokens__revoked_at", None)),
        "personal_tokens__last_used_at",
    )


class TokenScope(BasePermission):
    """A read-only personal token reads (GET, HEAD, OPTIONS) and nothing else."""

    message = _(
        "This token is read-only: it may only read (GET, HEAD, OPTIONS). "
        "Use a read-write token to change anything."
    )

    def has_permission(self, request, view) -> bool:
        token = request.auth
        read_only = isinstance(token, PersonalToken) and token.read_only
        return not read_only or request.method in SAFE_METHODS
