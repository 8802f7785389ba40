"""Orders over the API: my armies, my orders for the current turn, giving one, and readiness."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.access import current_turn_or_404
from campaign.core.errors import Refused
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated
from campaign.core.viewers import membership_viewer
from kingdoms.orders.selectors import orders_readiness, visible_orders
from kingdoms.orders.serializers import (
    ArmySerializer,
    OrderInputSerializer,
    OrderSerializer,
    OrdersReadyInputSerializer,
    ReadinessSerializer,
)
from kingdoms.orders.services import order_submit, orders_ready_set
from kingdoms.selectors import visible_armies


class ArmyListView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: ArmySerializer(many=True), 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """The armies I may see: my own; the GM sees them all."""
        access = request.access
        return Response(
            ArmySerializer(visible_armies(access.campaign, access.viewer), many=True).data
        )


class OrderListView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: OrderSerializer(many=True), 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """My orders for the current turn; never another kingdom's (the GM sees all)."""
        access = request.access
        orders = visible_orders(current_turn_or_404(access.campaign), access.viewer)
        return Response(OrderSerializer(orders, many=True).data)

    @extend_schema(
        request=OrderInputSerializer,
        responses={201: OrderSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """Give an army its order for the open turn (Table 5), replacing any earlier one."""
        access = request.access
        wanted = validated(OrderInputSerializer(data=request.data))
        # Only an army the viewer can see may be named, so that an id of another campaign
        # or kingdom tells nothing about that army. Which are his the membership tells:
        # what his kingdom knows is the order's to read, from its own snapshot.
        visible = visible_armies(access.campaign, membership_viewer(access.membership))
        army = visible.filter(pk=wanted["army"]).first()
        if army is None:
            raise Refused(f"You have no army {wanted['army']} in this campaign.", field="army")
        order = order_submit(
            army=army,
            by=request.user,
            kind=wanted["kind"],
            target=wanted.get("target"),
            origin=wanted.get("origin"),
            sea_cover=wanted.get("sea_cover", ()),
            neutral_conquest=wanted["neutral_conquest"],
            membership=access.membership,
        )
        return Response(OrderSerializer(order).data, status=status.HTTP_201_CREATED)


class OrdersReadyView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: ReadinessSerializer, 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """Q7: whether my orders for the current turn are marked ready, with how many of
        my armies have an order; the GM sees which kingdoms are ready."""
        access = request.access
        return Response(_readiness(access))

    @extend_schema(
        request=OrdersReadyInputSerializer,
        responses={200: ReadinessSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """Q7: mark my orders for the open turn ready ({"ready": true}) or not. I may still
        change an order afterwards, until the deadline, and they stay ready. With early
        resolution on, the last player to be ready starts the turn's resolution."""
        access = request.access
        wanted = validated(OrdersReadyInputSerializer(data=request.data))
        orders_ready_set(campaign=access.campaign, by=request.user, ready=wanted["ready"])
        return Response(_readiness(access))


def _readiness(access) -> dict:
    turn = current_turn_or_404(access.campaign)
    return ReadinessSerializer(
        {
            "turn": turn.number,
            "open": turn.state == turn.State.OPEN,
            "early_resolution": bool(access.campaign.ruleset.early_resolution),
            "kingdoms": orders_readiness(access.campaign, turn, access.viewer),
        }
    ).data
