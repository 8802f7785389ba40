"""The map's hexes over the API: the map as the viewer may see it, and the GM sets a hex's
secondary terrains (Q16)."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.access import Access
from campaign.core.errors import Refused
from campaign.core.inputs import MAP_VERSION
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated
from campaign.map.selectors import map_audience, map_body, visible_hex
from campaign.map.serializers import LAND_TERRAINS, HexSerializer, MapSerializer
from campaign.map.services import hex_secondary_terrains_set
from campaign.models import Hex
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
            ),
            OpenApiParameter(
                "since",
                OpenApiTypes.INT,
                OpenApiParameter.QUERY,
                description="The map's version you hold (its ``version``): only the hexes "
                "that changed since then; the whole map, without ``since``, when that "
                "version is too old to compare with.",
            ),
        ],
        responses={
            200: MapSerializer,
            304: OpenApiResponse(description="Your copy (If-None-Match) is current."),
            400: REFUSED,
            404: NOT_FOUND,
        },
    )
    def get(self, request: Request, **kwargs) -> HttpResponse:
        """Every hex of the map as I may see it (A-1.0.9, A-1.4.18–20), with a strong ETag;
        with ``?since=<version>``, the hexes changed since that version."""
        access = request.access
        since = _since(request, access.campaign.map_version)
        # The ETag is known before the map is built: a client whose copy is current costs
        # the authentication and the membership with its campaign, nothing more.
        response = HttpResponse(content_type="application/json")
        response["ETag"] = _map_etag(access)
        patch_vary_headers(response, ("Authorization", "Cookie"))
        patch_cache_control(response, private=True, no_cache=True)
        answer = get_conditional_response(request, etag=response["ETag"], response=response)
        if answer is response:
            # Thousands of hexes: each is encoded once a version and shared by every
            # viewer who sees it alike (campaign.map.selectors.map_body).
            response.content = map_body(access, since)
        return answer


MAP_FORMAT = 2
"""The map's encoding: one more when the answer's shape changes, so that no client keeps
a copy of the old shape as current."""


def _map_etag(access: Access) -> str:
    """The map's version and whose map it is (campaign.map.selectors.map_audience). What a
    player's map shows him alone (what his kingdom discovered and scouted) changes only
    with a turn step, which moves the version on."""
    campaign = access.campaign
    whose = map_audience(access.membership)
    return f'"map-{MAP_FORMAT}-{campaign.pk}-{campaign.map_version}-{whose}"'


def _since(request: Request, version: int) -> int | None:
    """``?since=``: a version of this map, at most its current one; None if not asked."""
    wanted = request.query_params.get("since", "")
    if not wanted:
        return None
    since = MAP_VERSION.parse(wanted)
    if since is None or since > version:
        raise Refused(
            _("since must be a version of this map, from 0 to %(version)s.") % {"version": version},
            field="since",
        )
    return since
