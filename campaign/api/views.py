"""Campaign API views: thin, each parses the request and calls one selector or service."""

from __future__ import annotations

import hashlib

import orjson
from django.db.models import Prefetch
from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api.access import campaign_access, current_turn_or_404
from campaign.api.serializers import (
    NOT_FOUND,
    REFUSED,
    TOO_MANY,
    CampaignDetailSerializer,
    CampaignSerializer,
    ChronicleEntrySerializer,
    ChronicleQuerySerializer,
    MapSerializer,
    TokenSerializer,
    TurnStatusSerializer,
    campaign_summary,
    turn_summary,
    validated,
)
from campaign.api.throttles import ScopedRateThrottle
from campaign.models import Campaign, Membership, Turn
from campaign.selectors import campaigns_for, current_turn, visible_chronicle, visible_map
from campaign.services import turn_claim_step, turn_progress
from kingdoms.selectors import player_kingdoms


class TokenView(APIView):
    # No session: a client asking for a token has no CSRF cookie to send.
    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (ScopedRateThrottle,)
    throttle_scope = "token"

    @extend_schema(
        request=AuthTokenSerializer,
        responses={200: TokenSerializer, 400: REFUSED, 429: TOO_MANY},
    )
    def post(self, request: Request) -> Response:
        """Trade a username and password for an API token."""
        # The log-in lockout (django-axes) marks the Django request, which its middleware
        # then answers with the reason.
        context = {"request": request._request}
        credentials = validated(AuthTokenSerializer, request.data, context=context)
        token, _ = Token.objects.get_or_create(user=credentials["user"])
        return Response({"token": token.key})


class CampaignListView(APIView):
    @extend_schema(responses=CampaignSerializer(many=True))
    def get(self, request: Request) -> Response:
        """The campaigns I play or run, with my role and the current turn."""
        mine = Membership.objects.filter(user=request.user).select_related("kingdom")
        campaigns = campaigns_for(request.user).prefetch_related(
            Prefetch("memberships", queryset=mine, to_attr="mine"),
            Prefetch("turns", queryset=Turn.objects.order_by("number"), to_attr="turns_in_order"),
        )
        summaries = [campaign_summary(c, c.mine[0], c.turns_in_order) for c in campaigns]
        return Response(CampaignSerializer(summaries, many=True).data)


class CampaignDetailView(APIView):
    @extend_schema(responses={200: CampaignDetailSerializer, 404: NOT_FOUND})
    def get(self, request: Request, campaign_id: int) -> Response:
        """One campaign, with the public list of its player kingdoms."""
        access = campaign_access(request, campaign_id)
        summary = campaign_summary(access.campaign, access.membership, _turns(access.campaign))
        summary["kingdoms"] = player_kingdoms(access.campaign).values("id", "name", "colour")
        return Response(CampaignDetailSerializer(summary).data)


class MapView(APIView):
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
    def get(self, request: Request, campaign_id: int) -> HttpResponse:
        """Every hex of the map as I may see it (A-1.0.9, A-1.4.18–20), with a strong ETag."""
        access = campaign_access(request, campaign_id)
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


class ChronicleView(APIView):
    @extend_schema(
        parameters=[ChronicleQuerySerializer],
        responses={200: ChronicleEntrySerializer(many=True), 400: REFUSED, 404: NOT_FOUND},
    )
    def get(self, request: Request, campaign_id: int) -> Response:
        """The chronicle entries I may read, newest turn first (E-29)."""
        access = campaign_access(request, campaign_id)
        number = validated(ChronicleQuerySerializer, request.query_params).get("turn")
        turn = None
        if number is not None:
            turn = access.campaign.turns.filter(number=number).first()
            if turn is None:
                raise NotFound(f"The campaign has no turn {number}.")
        return Response(visible_chronicle(access.campaign, access.viewer, turn))


class TurnView(APIView):
    @extend_schema(responses={200: TurnStatusSerializer, 404: NOT_FOUND})
    def get(self, request: Request, campaign_id: int) -> Response:
        """The current turn's state and the progress of a running server step."""
        access = campaign_access(request, campaign_id)
        return Response(_turn_status(access.campaign))


class TurnResolveView(APIView):
    @extend_schema(
        request=None,
        responses={202: TurnStatusSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, campaign_id: int) -> Response:
        """GM only: start the current turn's next server step (provisional or final results)."""
        access = campaign_access(request, campaign_id)
        turn_claim_step(turn=current_turn_or_404(access.campaign), by=request.user)
        return Response(_turn_status(access.campaign), status=status.HTTP_202_ACCEPTED)


def _turns(campaign: Campaign) -> list[Turn]:
    return list(campaign.turns.order_by("number"))


def _turn_status(campaign: Campaign) -> dict:
    turn = current_turn_or_404(campaign)
    summary = {**turn_summary(_turns(campaign)), "progress": turn_progress(turn.id)}
    return TurnStatusSerializer(summary).data
