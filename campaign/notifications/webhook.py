"""Posting a gazette to a Discord-compatible webhook: the body's HMAC signature, and one
attempt over the standard library's HTTP client that says whether another is worth it."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

SIGNATURE_HEADER = "X-Warpost-Signature"
TIMEOUT_SECONDS = 10
# Worth trying again: the server is busy or broken for now, or asks to wait.
RETRY_STATUSES = {408, 425, 429, 500, 502, 503, 504}


def signature(secret: str, body: bytes) -> str:
    """What the receiver computes from the body and the secret the GM's page shows, to
    know the gazette is the campaign's: "sha256=" and the HMAC-SHA256 in hex."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Attempt:
    status: int | None  # the HTTP status, None when no answer came
    error: str  # empty when delivered
    retry: bool  # whether another attempt may fare better


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is not followed: it could lead the server's post anywhere."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def webhook_post(url: str, secret: str, body: bytes, delivery_id: int) -> Attempt:
    """One POST of ``body`` (JSON) to ``url``, signed."""
    refused = _address_refused(url)
    if refused:
        return Attempt(None, refused, retry=False)
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": "Warpost gazette",
            SIGNATURE_HEADER: signature(secret, body),
            "X-Warpost-Delivery": str(delivery_id),
        },
    )
    try:
        with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:
            return Attempt(response.status, "", retry=False)
    except urllib.error.HTTPError as answer:
        return Attempt(
            answer.code,
            _("HTTP %(status)s") % {"status": answer.code},
            retry=answer.code in RETRY_STATUSES,
        )
    except (urllib.error.URLError, OSError) as lost:
        reason = getattr(lost, "reason", lost)
        return Attempt(None, (_("no answer: %(reason)s") % {"reason": reason})[:300], retry=True)


def _address_refused(url: str) -> str:
    """Why the server will not post there, or "". Only http(s), and unless the settings
    allow it (WEBHOOK_PRIVATE_ADDRESSES, for a local test), only to public addresses: a
    webhook must not make the server reach its own network."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return _("not an http(s) address")
    if settings.WEBHOOK_PRIVATE_ADDRESSES:
        return ""
    try:
        found = socket.getaddrinfo(parts.hostname, parts.port or 443, proto=socket.IPPROTO_TCP)
    except OSError:
        return _("%(host)s cannot be resolved") % {"host": parts.hostname}
    if any(not ipaddress.ip_address(info[4][0]).is_global for info in found):
        return _("%(host)s is a private address") % {"host": parts.hostname}
    return ""
