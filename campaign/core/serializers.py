"""What every app's API shares: the coordinate field, validation that names the bad field, and the
documented error bodies."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema_field
from rest_framework import serializers
from rest_framework.settings import api_settings

from campaign.core.errors import Refused
from campaign.core.inputs import COORD


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "integer", "minimum": COORD.low, "maximum": COORD.high},
        "minItems": 2,
        "maxItems": 2,
        "example": [3, -1],
    }
)
class CoordField(serializers.Field):
    """A hex as the pair [q, r] of axial coordinates (E-39)."""

    default_error_messages = {
        "invalid": "Give a hex as a pair of whole numbers [q, r].",
        "far": f"No map reaches that far: q and r are {COORD.low:,} to {COORD.high:,}.",
    }

    def to_internal_value(self, data) -> tuple[int, int]:
        # bool is an int in Python, but [true, false] is no hex.
        is_pair = isinstance(data, list | tuple) and len(data) == 2
        if not is_pair or not all(isinstance(n, int) and not isinstance(n, bool) for n in data):
            self.fail("invalid")
        if not all(COORD.low <= n <= COORD.high for n in data):
            self.fail("far")
        return (data[0], data[1])

    def to_representation(self, value) -> list[int]:
        return list(value)


def validated(
    serializer_class: type[serializers.Serializer], data, *, context: dict | None = None
) -> dict:
    """The request's input, or a Refused naming the first problem and its field.

    Bad input then answers in the same {"detail", "field"} shape as a rule's refusal, so
    a client handles one kind of 400.
    """
    serializer = serializer_class(data=data, context=context or {})
    if serializer.is_valid():
        return serializer.validated_data
    field, message = first_problem(serializer.errors)
    raise Refused(f"{field}: {message}" if field else message, field=field)


def first_problem(errors) -> tuple[str | None, str]:
    """The first of DRF's validation errors (a dict by field, or a list) and the field it
    concerns: None for the input as a whole."""
    field = None
    if isinstance(errors, dict):
        field, errors = next(iter(errors.items()))
        if field == api_settings.NON_FIELD_ERRORS_KEY:
            field = None
    while not isinstance(errors, str):
        # A list of items' errors has an empty one for each good item: skip those.
        errors = next(e for e in (errors.values() if isinstance(errors, dict) else errors) if e)
    return field, str(errors)


class ErrorSerializer(serializers.Serializer):
    """Every refusal and every bad input (campaign.core.api_errors)."""

    detail = serializers.CharField()
    field = serializers.CharField(
        allow_null=True, help_text="The input attribute at fault, if any."
    )


REFUSED = OpenApiResponse(
    ErrorSerializer, description="Refused: the reason and the field at fault."
)


NOT_FOUND = OpenApiResponse(
    ErrorSerializer,
    description="No such object, or not one you may see: the same answer for both.",
)


TOO_MANY = OpenApiResponse(
    ErrorSerializer,
    description="Too many requests or failed log-ins: the reason; retry after Retry-After seconds.",
)
