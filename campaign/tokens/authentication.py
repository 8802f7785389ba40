"""How the API knows a personal token (settings.REST_FRAMEWORK), and what a read-only one
may do."""

from __future__ import annotations

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
