"""API errors: every refusal is a JSON body that names the problem, never a 500 page.

Every error, whoever raises it (a service's Refused, DRF's 401, 403, 405, 415, 429 or
parse error, an unknown path), has the schema's shape {"detail": str, "field": str|null}
(campaign.core.serializers.ErrorSerializer), so a client reads one kind of error. A refusal
of the rules adds "rule", the ID of the rule that refuses; bad input adds "errors": every
attribute at fault with its problems, not only the first.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.text import Truncator
from django.views import defaults
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler

from campaign.core.errors import NOT_FOUND, Hidden, Refused

API_PREFIX = "/api/"
PROBLEMS_PER_FIELD = 10
"""At most so many of one attribute's problems in "errors": a list of a thousand bad
hexes gives its first reasons, not a megabyte of them."""
PROBLEM_LENGTH = 200
"""Far above DRF's messages and the fields' own; a longer one quotes the input back."""


def error_body(detail: str, field: str | None = None, rule: str = "") -> dict:
    """The error's shape; "rule" only when a rule refuses (its ID, e.g. "E-37")."""
    body = {"detail": detail, "field": field}
    if rule:
        body["rule"] = rule
    return body


def exception_handler(exc, context):
    """Service refusals (bad orders, wrong turn state, …) answer with their reason and
    status; DRF's own errors get the same shape."""
    if isinstance(exc, Http404):
        # Django's words would name the model asked for ("No Battle matches …").
        exc = Hidden()
    if isinstance(exc, Refused):
        return Response(error_body(exc.message, exc.field, exc.rule), status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is not None:
        response.data = _shaped(response.data)
    return response


def _shaped(data) -> dict:
    if isinstance(data, dict) and set(data) == {"detail"}:
        return error_body(str(data["detail"]))
    return _bad_input(data)


def _bad_input(errors: dict | list) -> dict:
    """DRF's validation errors, by field (or a list: the input as a whole). The first
    problem reads as a service's refusal does, "<field>: <message>" and its field, cut
    short alike; "errors" adds every attribute's problems."""
    by_name = errors if isinstance(errors, dict) else {api_settings.NON_FIELD_ERRORS_KEY: errors}
    problems = {
        None if name == api_settings.NON_FIELD_ERRORS_KEY else name: list(
            dict.fromkeys(_messages(found))  # a list's items often share their problem
        )
        for name, found in by_name.items()
    }
    field, messages = next(iter(problems.items()))
    first = Refused(f"{field}: {messages[0]}" if field else messages[0], field=field)
    body = error_body(first.message, first.field)
    named = {
        name: [Truncator(m).chars(PROBLEM_LENGTH) for m in found[:PROBLEMS_PER_FIELD]]
        for name, found in problems.items()
        if name is not None
    }
    if named:
        body["errors"] = named
    return body


def _messages(errors) -> Iterator[str]:
    """The messages of one attribute's errors, in order: a nested serializer or a list
    gives a dict or a list of them, with an empty entry for each good item."""
    if isinstance(errors, str):
        yield str(errors)
        return
    for found in errors.values() if isinstance(errors, dict) else errors:
        yield from _messages(found)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The project's handler404. Under /api/, a path that matches no route (an id that is
    not a number, a mistyped name) gets the JSON 404 of a hidden or missing object, byte
    for byte; elsewhere, Django's page."""
    if request.path_info.startswith(API_PREFIX):
        body = JSONRenderer().render(error_body(NOT_FOUND))
        return HttpResponse(body, status=404, content_type="application/json")
    return defaults.page_not_found(request, exception)
