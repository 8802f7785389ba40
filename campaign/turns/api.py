"""Turns over the API: the current turn, its state and progress, and the GM's step."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.access import current_turn_or_404
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED
from campaign.models import Campaign, Turn
from campaign.turns.serializers import TurnStatusSerializer, turn_summary
from campaign.turns.services import turn_claim_step, turn_progress


class TurnView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: TurnStatusSerializer, 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """The current turn's state and the progress of a running server step."""
        return Response(_turn_status(request.access.campaign))


class TurnResolveView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=None,
        responses={202: TurnStatusSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """GM only: start the current turn's next server step (provisional or final results)."""
        campaign = request.access.campaign
        turn_claim_step(turn=current_turn_or_404(campaign), by=request.user)
        return Response(_turn_status(campaign), status=status.HTTP_202_ACCEPTED)


def _turns(campaign: Campaign) -> list[Turn]:
    return list(campaign.turns.order_by("number"))


def _turn_status(campaign: Campaign) -> dict:
    turn = current_turn_or_404(campaign)
    summary = {**turn_summary(_turns(campaign)), "progress": turn_progress(turn.id)}
    return TurnStatusSerializer(summary).data
