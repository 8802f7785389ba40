"""The OpenAPI schema's generator (settings.REST_FRAMEWORK DEFAULT_SCHEMA_CLASS): every
operation declares the errors it may answer, in the {"detail", "field"} shape, besides
those a view declares itself."""

from __future__ import annotations

from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiResponse
from rest_framework.permissions import SAFE_METHODS, AllowAny

from campaign.core.serializers import NOT_FOUND, REFUSED, TOO_MANY, ErrorSerializer

UNAUTHENTICATED = OpenApiResponse(
    ErrorSerializer, description="No credentials, or an unknown or revoked token."
)
FORBIDDEN = OpenApiResponse(
    ErrorSerializer, description="Not yours to do, or a read-only token: the reason."
)


class AutoSchema(openapi.AutoSchema):
    def _get_response_bodies(self, direction: openapi.Direction = "response") -> dict:
        responses = super()._get_response_bodies(direction)
        if direction == "response":
            for code, answer in self._errors().items():
                if code not in responses:
                    responses[code] = self._get_response_for_code(answer, code)
        return responses

    def _errors(self) -> dict[str, OpenApiResponse]:
        """What the request itself may earn, whatever the view declares: a body that does
        not parse (400), no credentials (401), an unsafe method with a read-only token
        (403), an id of something hidden or missing (404), too many requests (429)."""
        errors = {}
        if self.method in ("POST", "PUT", "PATCH") and self.get_request_serializer() is not None:
            errors["400"] = REFUSED
        if not all(isinstance(p, AllowAny) for p in self.view.get_permissions()):
            errors["401"] = UNAUTHENTICATED
            if self.method not in SAFE_METHODS:
                errors["403"] = FORBIDDEN
        if "{" in self.path:
            errors["404"] = NOT_FOUND
        if self.view.get_throttles():
            errors["429"] = TOO_MANY
        return errors
