"""What every app's API shares: the coordinate field, validation that names every bad field,
a viewset's input serializer, and the documented error bodies."""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema_field
from rest_framework import serializers

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
        "invalid": _("Give a hex as a pair of whole numbers [q, r]."),
        "far": format_lazy(
            _("No map reaches that far: q and r are {low} to {high}."),
            low=f"{COORD.low:,}",
            high=f"{COORD.high:,}",
        ),
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


def validated(serializer: serializers.Serializer) -> dict:
    """The request's input, as ``serializer`` checks it.

    Bad input raises DRF's ValidationError, with every problem of every field, which
    campaign.core.api_errors answers in the same {"detail", "field"} shape as a rule's
    refusal, adding the problems by field, so a client handles one kind of 400.
    """
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class InputSerializerMixin:
    """For a viewset whose list shows ``serializer_class`` and whose other actions take
    ``input_serializer_class`` (OPTIONS too, which describes what a POST takes)."""

    input_serializer_class: type[serializers.Serializer]

    def get_serializer_class(self) -> type[serializers.Serializer]:
        if self.action == "list":
            return super().get_serializer_class()
        return self.input_serializer_class


class ErrorSerializer(serializers.Serializer):
    """Every refusal and every bad input (campaign.core.api_errors)."""

    detail = serializers.CharField()
    field = serializers.CharField(
        allow_null=True, help_text="The input attribute at fault, if any."
    )
    rule = serializers.CharField(
        required=False,
        help_text='The rule that refuses (e.g. "E-37"), its place in the rulebook; left out '
        "when no rule does.",
    )
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Bad input: every attribute at fault, each with its problems (detail and "
        "field tell the first); left out when no attribute is at fault.",
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
