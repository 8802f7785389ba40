"""The log-in lockout's answers (django-axes calls these, see settings AXES_*)."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from axes.helpers import get_lockout_message
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from rest_framework.throttling import BaseThrottle


def client_address(request: HttpRequest) -> str | None:
    """The client's address as the API throttles read it (PROXY_COUNT), so that a lockout
    and a throttle count the same client behind a proxy."""
    return BaseThrottle().get_ident(request)


def lockout_username(request: HttpRequest, credentials: dict | None) -> str | None:
    """Whose password is being tried, as the lockout counts: a log-in by e-mail address
    counts against the username it belongs to, so that a guesser gains no tries by
    switching between the two, and a good log-in by either clears the count."""
    credentials = credentials or {}
    email = credentials.get("email")
    if email:
        owner = EmailAddress.objects.filter(email__iexact=email).values_list(
            "user__username", flat=True
        )
        return owner.first() or email.lower()
    return credentials.get("username")


def lockout_response(request: HttpRequest, original_response, credentials) -> HttpResponse:
    """A locked-out log-in says why: the API in its JSON error body, the web in a page."""
    message, status = get_lockout_message(), settings.AXES_HTTP_RESPONSE_CODE
    if request.path_info.startswith("/api/"):
        return JsonResponse({"detail": message, "field": None}, status=status)
    return render(request, "registration/locked_out.html", {"message": message}, status=status)
