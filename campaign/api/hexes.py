"""The map's hexes over the API: the GM sets a hex's secondary terrains (Q16)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.access import campaign_access
from campaign.api.serializers import LAND_TERRAINS, NOT_FOUND, REFUSED, HexSerializer, validated
from campaign.hex_services import hex_secondary_terrains_set
from campaign.models import Hex
from campaign.selectors import visible_hex
from rules.tabletop import MAX_SECONDARY_TERRAINS


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
    @extend_schema(
        request=HexTerrainsInputSerializer,
        responses={200: HexSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def patch(self, request: Request, campaign_id: int, q: int, r: int) -> Response:
        """GM only: set the hex's secondary terrains (Q16, §5.11), one extra tabletop roll
        each; answers the hex as the map shows it to the GM. A battle's ticket already
        rolled keeps its pieces."""
        access = campaign_access(request, campaign_id)
        hex_row = (
            Hex.objects.select_related("campaign")
            .filter(campaign=access.campaign, q=q, r=r)
            .first()
        )
        if hex_row is None:
            raise NotFound(f"The map has no hex ({q}, {r}).")
        wanted = validated(HexTerrainsInputSerializer, request.data)
        terrains = wanted.get("secondary_terrains", hex_row.secondary_terrains)
        hex_secondary_terrains_set(hex=hex_row, by=request.user, terrains=terrains)
        return Response(visible_hex(access.campaign, access.viewer, (q, r)))
