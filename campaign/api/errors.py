"""API errors: every refusal is a JSON body that names the problem, never a 500 page."""

from rest_framework.views import exception_handler as drf_exception_handler

from campaign.errors import Refused


def exception_handler(exc, context):
    """Service refusals (bad orders, wrong turn state, …) become 400s with their reason."""
    if isinstance(exc, Refused):
        from rest_framework.response import Response

        return Response({"detail": exc.message, "field": exc.field}, status=exc.status)
    return drf_exception_handler(exc, context)
