"""Neutral kingdoms one has discovered, and the standings, over the API."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND
from kingdoms.realm.selectors import standings
from kingdoms.realm.serializers import NeutralKingdomSerializer, StandingSerializer
from kingdoms.selectors import visible_neutral_kingdom_list


class NeutralKingdomListView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: NeutralKingdomSerializer(many=True), 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """The neutral kingdoms I discovered (A-1.4.18–20); the GM sees them all, each
        with its army's General (A-1.4.10–11, E-20), which no player sees."""
        access = request.access
        listed = visible_neutral_kingdom_list(access.campaign, access.viewer)
        return Response(NeutralKingdomSerializer(listed, many=True).data)


class StandingsView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: StandingSerializer(many=True), 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """Table 1 standings: land for all; effective power only your own (the GM's: all)."""
        access = request.access
        return Response(
            StandingSerializer(standings(access.campaign, access.viewer), many=True).data
        )
