"""Making, using and revoking personal API tokens."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.core.errors import Refused
from campaign.tokens.models import PersonalToken

KEY_PREFIX = "wpt_"
"""Every personal key starts so: the authentication tells it from a DRF token's key by
it, and a leaked key is easy to recognise."""
MAX_ACTIVE_TOKENS = 20
USE_PRECISION = dt.timedelta(minutes=1)
"""last_used_at is kept to the minute: a script's every request need not write."""


def key_digest(key: str) -> str:
    """What is stored of a key. A key is 256 random bits, so one fast hash keeps it as safe
    as a slow password hash would, and lets a request find its token by index."""
    return hashlib.sha256(key.encode()).hexdigest()


def token_create(*, user: User, name: str, scope: str) -> tuple[PersonalToken, str]:
    """A new token and its key, which is not kept and cannot be shown again."""
    name = name.strip()
    if not name:
        raise Refused(_("Name the token, e.g. after the script that uses it."), field="name")
    if user.personal_tokens.filter(revoked_at=None).count() >= MAX_ACTIVE_TOKENS:
        raise Refused(
            _("You have %(most)s tokens in use: revoke one first.") % {"most": MAX_ACTIVE_TOKENS},
            field="name",
        )
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    token = PersonalToken.objects.create(
        user=user,
        name=name,
        scope=scope,
        digest=key_digest(key),
        prefix=key[: len(KEY_PREFIX) + 4],
    )
    return token, key


def token_revoke(*, token: PersonalToken) -> None:
    """From now on the key opens nothing (401); revoking twice changes nothing."""
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])


def token_used(token: PersonalToken) -> None:
    if token_use_due(token.last_used_at):
        now = timezone.now()
        PersonalToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now


def token_use_due(last_used_at: dt.datetime | None) -> bool:
    """Whether a use of the token now is to be written down (token_used)."""
    return last_used_at is None or timezone.now() - last_used_at >= USE_PRECISION
