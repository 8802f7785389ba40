"""The map's hexes over the API: the GM sets a hex's secondary terrains (Q16)."""

from __future__ import annotations

import hashlib

import orjson
from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated
from campaign.map.selectors import visible_hex, visible_map
from campaign.map.serializers import LAND_TERRAINS, HexSerializer, MapSerializer
from campaign.map.services import hex_secondary_terrains_set
from campaign.models import Hex
from campaign.turns.selectors import current_turn
from rules.battles.tabletop import MAX_SECONDARY_TERRAINS


class HexTerrainsInputSerializer(serializers.Serializer):
    # Plain strings: the service names a bad value and says why (sea, the primary, …).
    secondary_terrains = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        allow_empty=True,
        max_length=20,
        help_text=f"Q16: the hex's secondary terrains, each one of {', '.join(LAND_TERRAINS)}, "
        f"not its primary terrain, at most {MAX_SECONDARY_TERRAINS}; [] clears them, and "
        "left out they stay as they are.",
    )


class HexView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=HexTerrainsInputSerializer,
        responses={200: HexSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def patch(self, request: Request, q: int, r: int, **kwargs) -> Response:
        """GM only: set the hex's secondary terrains (Q16, §5.11), one extra tabletop roll
        each; answers the hex as the map shows it to the GM. A battle's ticket already
        rolled keeps its pieces."""
        access = request.access
        hex_row = (
            Hex.objects.select_related("campaign")
            .filter(campaign=access.campaign, q=q, r=r)
            .first()
        )
        if hex_row is None:
            raise NotFound(f"The map has no hex ({q}, {r}).")
        wanted = validated(HexTerrainsInputSerializer(data=request.data))
        terrains = wanted.get("secondary_terrains", hex_row.secondary_terrains)
        hex_secondary_terrains_set(hex=hex_row, by=request.user, terrains=terrains)
        return Response(visible_hex(access.campaign, access.viewer, (q, r)))


class MapView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "If-None-Match",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="The ETag of a map you hold: 304 if it is unchanged.",
            )
        ],
        responses={
            200: MapSerializer,
            304: OpenApiResponse(description="Your copy (If-None-Match) is current."),
            404: NOT_FOUND,
        },
    )
    def get(self, request: Request, **kwargs) -> HttpResponse:
        """Every hex of the map as I may see it (A-1.0.9, A-1.4.18–20), with a strong ETag."""
        access = request.access
        turn = current_turn(access.campaign)
        hexes = visible_map(access.campaign, access.viewer)
        # Thousands of hexes: the selector's plain dicts go to orjson as they are; a
        # per-hex serializer would cost several times the encoding.
        body = orjson.dumps({"turn": turn and turn.number, "hexes": hexes})
        return _etagged_json(request, body)


def _etagged_json(request: Request, body: bytes) -> HttpResponse:
    """The body with a strong ETag of its bytes, or 304 if the client holds the same.

    The body depends on who asks, so caches must key on the credentials and revalidate.
    """
    response = HttpResponse(body, content_type="application/json")
    response["ETag"] = f'"{hashlib.blake2b(body, digest_size=16).hexdigest()}"'
    patch_vary_headers(response, ("Authorization", "Cookie"))
    patch_cache_control(response, private=True, no_cache=True)
    return get_conditional_response(request, etag=response["ETag"], response=response)
