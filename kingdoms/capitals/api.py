"""The fallback-capital list in the API (A-3.2, E-23): GET and PUT
/api/campaigns/{id}/kingdom/fallback-capitals/. The list is the kingdom's and the GM's
alone: a player reads and replaces his own; the GM reads any kingdom's with
?kingdom=<id> and corrects it in the admin."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.access import Access, kingdom_named
from campaign.core.errors import Refused
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, CoordField, validated
from kingdoms.capitals.selectors import fallback_capitals_view
from kingdoms.capitals.services import fallback_capitals_set
from kingdoms.models import Kingdom


class FallbackEntrySerializer(serializers.Serializer):
    hex = CoordField()
    serves = serializers.BooleanField(
        help_text="Still one of the kingdom's Cities: false entries are skipped."
    )


class FallbackCapitalsSerializer(serializers.Serializer):
    kingdom = serializers.IntegerField()
    hexes = serializers.ListField(child=CoordField(), help_text="The list, first choice first.")
    entries = FallbackEntrySerializer(many=True)
    cities = serializers.ListField(
        child=CoordField(), help_text="The kingdom's Cities besides its capital: what it may list."
    )


class FallbackCapitalsInputSerializer(serializers.Serializer):
    hexes = serializers.ListField(
        child=CoordField(),
        max_length=50,
        help_text="Own Cities, first choice first; [] leaves E-23's default (the City "
        "with the most own hexes connected to it).",
    )


def _kingdom(access: Access, request: Request) -> Kingdom:
    if not access.viewer.is_gm:
        if access.membership.kingdom is None:
            raise NotFound("No kingdom of yours here.")
        return access.membership.kingdom
    kingdom = kingdom_named(access, request)
    if kingdom is None:
        raise NotFound("Name the kingdom: ?kingdom=<id>.")
    return kingdom


class FallbackCapitalsView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        parameters=[OpenApiParameter("kingdom", int, description="The GM's: which kingdom.")],
        responses={200: FallbackCapitalsSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, **kwargs) -> Response:
        """E-23: my fallback-capital list, where my capital moves if it falls."""
        access = request.access
        listed = fallback_capitals_view(_kingdom(access, request))
        return Response(FallbackCapitalsSerializer(listed).data)

    @extend_schema(
        request=FallbackCapitalsInputSerializer,
        responses={200: FallbackCapitalsSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def put(self, request: Request, **kwargs) -> Response:
        """E-23: replace my fallback-capital list, with my orders while the turn is open.
        It stands until I change it."""
        access = request.access
        if access.viewer.is_gm:
            raise Refused(
                _("The player sets his list; the GM corrects it in the admin."), status=403
            )
        wanted = validated(FallbackCapitalsInputSerializer(data=request.data))
        kingdom = fallback_capitals_set(
            kingdom=_kingdom(access, request), by=request.user, hexes=wanted["hexes"]
        )
        return Response(FallbackCapitalsSerializer(fallback_capitals_view(kingdom)).data)
