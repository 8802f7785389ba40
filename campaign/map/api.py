"""The map's hexes over the API: the map as the viewer may see it, and the GM sets a hex's
secondary terrains (Q16)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.access import token_membership
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
        version = access.campaign.map_version
        since = _since(request, version)
        # The ETag is known before the map is built: a client whose copy is current costs
        # the authentication and the membership with its campaign, nothing more (and with
        # an API token, one query: dispatch).
        whose = map_audience(access.membership.role, access.membership.kingdom_id)
        etag = _map_etag(access.campaign.pk, version, whose)
        response, answer = _conditional(request, etag)
        if answer is response:
            # Thousands of hexes: each is encoded once a version and shared by every
            # viewer who sees it alike (campaign.map.selectors.map_body).
            response.content = map_body(access, since)
        return answer

    def dispatch(self, request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        """A script polling with its API token whose copy is current gets its 304 from
        one query (the token, the membership, the map's version), before DRF
        authenticates, checks permissions and counts the request against the user's
        throttle: a request answered so costs less than a wrong token or a stranger's,
        which reach no throttle either. Everything else goes the usual way, which
        answers as ever: the map, a bad token, a stranger's 404, a bad ``since``."""
        answer = _not_modified_for_token(request, kwargs["campaign_id"])
        if answer is None:
            return super().dispatch(request, *args, **kwargs)
        self.headers = self.default_response_headers  # DRF's, as on the usual way's 304
        return self.finalize_response(request, answer, *args, **kwargs)


def _not_modified_for_token(request: HttpRequest, campaign_id: int) -> HttpResponseBase | None:
    """The 304 of a request whose API token's holder holds the current map (its
    If-None-Match); None for any other request."""
    if request.method not in ("GET", "HEAD") or "HTTP_IF_NONE_MATCH" not in request.META:
        return None
    seat = token_membership(request, campaign_id, "campaign__map_version", "role", "kingdom_id")
    if seat is None:
        return None
    version, role, kingdom_id = seat
    try:
        _since(request, version)
    except Refused:  # the usual way answers it, in the API's words
        return None
    etag = _map_etag(campaign_id, version, map_audience(role, kingdom_id))
    answer = _conditional(request, etag)[1]
    return answer if answer.status_code == 304 else None


def _conditional(request: HttpRequest, etag: str) -> tuple[HttpResponse, HttpResponseBase]:
    """The map's response, without its body yet, and the answer: that response, or the
    304 that an If-None-Match of the same ETag gets."""
    response = HttpResponse(content_type="application/json")
    response["ETag"] = etag
    patch_vary_headers(response, ("Authorization", "Cookie"))
    patch_cache_control(response, private=True, no_cache=True)
    return response, get_conditional_response(request, etag=etag, response=response)


MAP_FORMAT = 2
"""The map's encoding: one more when the answer's shape changes, so that no client keeps
a copy of the old shape as current."""


def _map_etag(campaign_id: int, version: int, whose: str) -> str:
    """The map's version and whose map it is (campaign.map.selectors.map_audience). What a
    player's map shows him alone (what his kingdom discovered and scouted) changes only
    with a turn step, which moves the version on."""
    return f'"map-{MAP_FORMAT}-{campaign_id}-{version}-{whose}"'


def _since(request: HttpRequest | Request, version: int) -> int | None:
    """``?since=``: a version of this map, at most its current one; None if not asked."""
    wanted = request.GET.get("since", "")
    if not wanted:
        return None
    since = MAP_VERSION.parse(wanted)
    if since is None or since > version:
        raise Refused(
            _("since must be a version of this map, from 0 to %(version)s.") % {"version": version},
            field="since",
        )
    return since
