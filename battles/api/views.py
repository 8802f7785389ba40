"""Battles API views: the current turn's battles and a side's fight-or-retreat choice."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from battles.api.serializers import BattleSerializer, DecisionInputSerializer, DecisionSerializer
from battles.models import BattleSide
from battles.selectors import visible_battles
from battles.services import battle_decide
from campaign.api.access import campaign_access, current_turn_or_404
from campaign.api.serializers import NOT_FOUND, REFUSED, ErrorSerializer, validated

NO_SUCH_SIDE = "No such battle side."


class BattleListView(APIView):
    @extend_schema(responses={200: BattleSerializer(many=True), 404: NOT_FOUND})
    def get(self, request: Request, campaign_id: int) -> Response:
        """The current turn's battles: strength only for their participants (E-29)."""
        access = campaign_access(request, campaign_id)
        return Response(visible_battles(current_turn_or_404(access.campaign), access.viewer))


class SideDecisionView(APIView):
    @extend_schema(
        request=DecisionInputSerializer,
        responses={
            200: DecisionSerializer,
            400: REFUSED,
            403: REFUSED,
            404: OpenApiResponse(ErrorSerializer, description=NO_SUCH_SIDE),
        },
    )
    def post(self, request: Request, side_id: int) -> Response:
        """Fight or retreat, and a strategy, for my side of a battle (A-2.4, Table 24)."""
        side = BattleSide.objects.select_related("battle__turn").filter(pk=side_id).first()
        if side is None:
            raise NotFound(NO_SUCH_SIDE)
        # An outsider to the side's campaign gets the same 404 as for a side that does not exist.
        campaign_access(request, side.battle.turn.campaign_id)
        wanted = validated(DecisionInputSerializer, request.data)
        side = battle_decide(
            side=side,
            by=request.user,
            decision=wanted["decision"],
            strategy=wanted.get("strategy", ""),
        )
        return Response(DecisionSerializer(side).data)
