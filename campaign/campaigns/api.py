"""Campaigns over the API: the ones I belong to, and one of them."""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.campaigns.selectors import campaigns_for
from campaign.campaigns.serializers import (
    CampaignDetailSerializer,
    CampaignSerializer,
    campaign_summary,
)
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND
from campaign.models import Membership, Turn
from campaign.turns.api import _turns
from kingdoms.selectors import player_kingdoms


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
    permission_classes = MEMBERS

    @extend_schema(responses={200: CampaignDetailSerializer, 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """One campaign, with the public list of its player kingdoms."""
        access = request.access
        summary = campaign_summary(access.campaign, access.membership, _turns(access.campaign))
        summary["kingdoms"] = player_kingdoms(access.campaign).values(
            "id", "name", "colour", "race"
        )
        return Response(CampaignDetailSerializer(summary).data)
