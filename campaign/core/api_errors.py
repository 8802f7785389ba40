"""API errors: every refusal is a JSON body that names the problem, never a 500 page.

Every error, whoever raises it (a service's Refused, DRF's 401, 403, 405, 415, 429 or
parse error, an unknown path), has the schema's shape {"detail": str, "field": str|null}
(campaign.core.serializers.ErrorSerializer), so a client reads one kind of error.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views import defaults
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from campaign.core.errors import NOT_FOUND, Hidden, Refused
from campaign.core.serializers import first_problem

API_PREFIX = "/api/"


def error_body(detail: str, field: str | None = None) -> dict:
    return {"detail": detail, "field": field}


def exception_handler(exc, context):
    """Service refusals (bad orders, wrong turn state, …) answer with their reason and
    status; DRF's own errors get the same shape."""
    if isinstance(exc, Http404):
        # Django's words would name the model asked for ("No Battle matches …").
        exc = Hidden()
    if isinstance(exc, Refused):
        return Response(error_body(exc.message, exc.field), status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is not None:
        response.data = _shaped(response.data)
    return response


def _shaped(data) -> dict:
    if isinstance(data, dict) and set(data) == {"detail"}:
        return error_body(str(data["detail"]))
    field, message = first_problem(data)  # a ValidationError raised outside `validated`
    return error_body(message, field)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The project's handler404. Under /api/, a path that matches no route (an id that is
    not a number, a mistyped name) gets the JSON 404 of a hidden or missing object, byte
    for byte; elsewhere, Django's page."""
    if request.path_info.startswith(API_PREFIX):
        body = JSONRenderer().render(error_body(NOT_FOUND))
        return HttpResponse(body, status=404, content_type="application/json")
    return defaults.page_not_found(request, exception)
