"""The log-in lockout's answers (django-axes calls these, see settings AXES_*)."""

from __future__ import annotations

from axes.helpers import get_lockout_message
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from rest_framework.throttling import BaseThrottle


def client_address(request: HttpRequest) -> str | None:
    """The client's address as the API throttles read it (PROXY_COUNT), so that a lockout
    and a throttle count the same client behind a proxy."""
    return BaseThrottle().get_ident(request)


def lockout_response(request: HttpRequest, original_response, credentials) -> HttpResponse:
    """A locked-out log-in says why: the API in its JSON error body, the web in a page."""
    message, status = get_lockout_message(), settings.AXES_HTTP_RESPONSE_CODE
    if request.path_info.startswith("/api/"):
        return JsonResponse({"detail": message, "field": None}, status=status)
    return render(request, "registration/locked_out.html", {"message": message}, status=status)
