"""Battles API views: the current turn's battles and a side's fight-or-retreat choice."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.generics import GenericAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from battles.decisions.selectors import patrol_orders, visible_battles
from battles.decisions.services import battle_decide, battle_defender_name, battle_order_set
from battles.models import BattleSide
from battles.serializers import (
    BattleQuerySerializer,
    BattleSerializer,
    DecisionInputSerializer,
    DecisionSerializer,
    DefenderInputSerializer,
    DefenderSerializer,
    PatrolOrderInputSerializer,
    PatrolOrderSerializer,
)
from campaign.core.access import current_turn_or_404, visible_or_404
from campaign.core.errors import Refused
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated
from kingdoms.selectors import visible_armies


class BattleListView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        parameters=[BattleQuerySerializer],
        responses={200: BattleSerializer(many=True), 400: REFUSED, 404: NOT_FOUND},
    )
    def get(self, request: Request, **kwargs) -> Response:
        """A turn's battles: strength only for their participants (E-29), post-battle
        rolls only for those who may follow them (§3 6c)."""
        access = request.access
        number = validated(BattleQuerySerializer(data=request.query_params)).get("turn")
        if number is None:
            turn = current_turn_or_404(access.campaign)
        else:
            turn = access.campaign.turns.filter(number=number).first()
            if turn is None:
                raise NotFound("No such turn.")
        return Response(visible_battles(turn, access.viewer))


class SideView(GenericAPIView):
    """A side of a battle, by its id: battles are public in their campaign (E-29), and
    only there."""

    permission_classes = MEMBERS
    queryset = BattleSide.objects.select_related("battle__turn")
    lookup_url_kwarg = "side_id"

    def campaign_id_of(self, side: BattleSide) -> int:
        return side.battle.turn.campaign_id


class SideDecisionView(SideView):
    serializer_class = DecisionInputSerializer

    @extend_schema(
        responses={
            200: DecisionSerializer,
            400: REFUSED,
            403: REFUSED,
            404: NOT_FOUND,
        },
    )
    def post(self, request: Request, **kwargs) -> Response:
        """Fight or retreat, and a strategy, for my side of a battle (A-2.4, Table 24)."""
        side = self.get_object()
        wanted = validated(self.get_serializer(data=request.data))
        side = battle_decide(
            side=side,
            by=request.user,
            decision=wanted["decision"],
            strategy=wanted.get("strategy", ""),
            tabletop=wanted.get("tabletop"),  # E-24
        )
        return Response(DecisionSerializer(side).data)


class PatrolOrderListView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: PatrolOrderSerializer(many=True), 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """P-C4: my patrols that several invasions hit this turn, each with its battles in
        the order it fights them. Nobody else's: the order is the owner's secret."""
        access = request.access
        return Response(patrol_orders(current_turn_or_404(access.campaign), access.viewer))


class PatrolOrderView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=PatrolOrderInputSerializer,
        responses={
            200: PatrolOrderSerializer,
            400: REFUSED,
            403: REFUSED,
            404: NOT_FOUND,
        },
    )
    def post(self, request: Request, army_id: int, **kwargs) -> Response:
        """P-C4: the order in which my patrol fights the invasions that hit it: every one
        of its battles, by id, first to fight first (default: declaration order)."""
        access = request.access
        army = visible_or_404(visible_armies(access.campaign, access.viewer), army_id)
        wanted = validated(PatrolOrderInputSerializer(data=request.data))
        battle_order_set(army=army, by=request.user, battles=wanted["battles"])
        turn = current_turn_or_404(access.campaign)
        [order] = [p for p in patrol_orders(turn, access.viewer) if p["army"] == army.pk]
        return Response(order)


class SideDefenderView(SideView):
    serializer_class = DefenderInputSerializer

    @extend_schema(
        responses={
            200: DefenderSerializer,
            400: REFUSED,
            403: REFUSED,
            404: NOT_FOUND,
        },
    )
    def post(self, request: Request, **kwargs) -> Response:
        """E-15: name which of my patrols covering the hex defends it (for every battle
        against my patrols there)."""
        side = self.get_object()
        access = request.access
        wanted = validated(self.get_serializer(data=request.data))
        # Only an army of mine may be named: another's id, like a missing one, tells nothing.
        army = visible_armies(access.campaign, access.viewer).filter(pk=wanted["army"]).first()
        if army is None:
            raise Refused("You have no such army in this campaign.", field="army")
        side = battle_defender_name(side=side, by=request.user, army=army)
        return Response(
            {"side": side.pk, "battle": side.battle_id, "army": army.pk, "points": side.points}
        )
