"""The winter works in the API (new-rules.md §5 and §8): GET and POST
/api/campaigns/{id}/kingdom/bridges/ and .../kingdom/temples/. GET: my kingdom's bridges
(or temples), this winter's orders and the hexes it may build on now (the GM any
kingdom's with ?kingdom=<id>); POST {"q", "r"}: order one in the winter turn. Only while
its module is on; another kingdom's answers 404."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.access import kingdom_named
from campaign.core.errors import Hidden, Refused
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated
from campaign.turns.selectors import current_turn
from kingdoms.works.selectors import bridges_section, temples_section
from kingdoms.works.services import bridge_order, temple_order
from rules.turn.visibility import sees_treasury


class BridgeInputSerializer(serializers.Serializer):
    q = serializers.IntegerField(min_value=-1000, max_value=1000)
    r = serializers.IntegerField(min_value=-1000, max_value=1000)


class BridgeOrderSerializer(serializers.Serializer):
    hex = serializers.ListField(child=serializers.IntegerField(), help_text="[q, r]")
    crowns = serializers.IntegerField(help_text="Its price, paid at the order (NR-BRIDGE-1).")
    turn = serializers.IntegerField(help_text="The winter turn whose winter phase builds it.")


class BridgeChoiceSerializer(serializers.Serializer):
    hex = serializers.ListField(child=serializers.IntegerField(), help_text="[q, r]")
    price = serializers.IntegerField(help_text="Crowns (NR-BRIDGE-1, NR-BRIDGE-4).")


class BridgesSerializer(serializers.Serializer):
    standing = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="The bridges standing in the kingdom's hexes.",
    )
    ordered = BridgeOrderSerializer(many=True, help_text="This winter's orders.")
    timber = serializers.IntegerField(help_text="Bridges a winter (NR-BRIDGE-3, BASE-13).")
    winter = serializers.BooleanField(help_text="Whether this is the winter turn (E-31).")
    choices = BridgeChoiceSerializer(many=True, help_text="Hexes it may bridge now.")


def _section(request: Request, section_of, missing: str) -> dict:
    """The GET's section of the kingdom the viewer names (or his own), if he sees it."""
    access = request.access
    kingdom = kingdom_named(access, request) or access.membership.kingdom
    if kingdom is None:
        raise NotFound("Name the kingdom: ?kingdom=<id>.")
    if not sees_treasury(access.viewer, kingdom.pk):
        raise Hidden()  # another kingdom's orders, as if it had none
    turn = current_turn(access.campaign)
    section = section_of(kingdom, turn.number if turn else None)
    if section is None:
        raise NotFound(missing)
    return section


def _ordered(request: Request, order, refusal: str) -> dict:
    """The POST's order for the viewer's own kingdom."""
    kingdom = request.access.membership.kingdom
    if kingdom is None:
        raise Refused(refusal, status=403)
    wanted = validated(BridgeInputSerializer(data=request.data))
    return order(kingdom=kingdom, by=request.user, hex_=(wanted["q"], wanted["r"]))


class BridgesView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        parameters=[OpenApiParameter("kingdom", int, description="The GM's: which kingdom.")],
        responses={200: BridgesSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, **kwargs) -> Response:
        """NR-BRIDGE: my kingdom's bridges and what it may bridge this winter."""
        missing = "No bridges: the works module is not played in this campaign."
        return Response(BridgesSerializer(_section(request, bridges_section, missing)).data)

    @extend_schema(
        request=BridgeInputSerializer,
        responses={201: BridgeOrderSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """NR-BRIDGE-1: order a bridge over my River hex (winter turn; paid in crowns)."""
        order = _ordered(request, bridge_order, _("Only a kingdom builds bridges."))
        return Response(BridgeOrderSerializer(order).data, status=201)


class TemplesSerializer(serializers.Serializer):
    standing = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="The temples the kingdom holds (NR-TEMPLE).",
    )
    ordered = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="This winter's orders.",
    )
    winter = serializers.BooleanField(help_text="Whether this is the winter turn (E-31).")
    choices = BridgeChoiceSerializer(
        many=True, help_text="Hexes it may build a temple on now, with their prices."
    )


class TemplesView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        parameters=[OpenApiParameter("kingdom", int, description="The GM's: which kingdom.")],
        responses={200: TemplesSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, **kwargs) -> Response:
        """NR-TEMPLE-1: my kingdom's temples and where it may build one this winter."""
        missing = "No temples: the wildlands module is not played in this campaign."
        return Response(TemplesSerializer(_section(request, temples_section, missing)).data)

    @extend_schema(
        request=BridgeInputSerializer,
        responses={201: BridgeOrderSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """NR-TEMPLE-1: order a temple of my people on my hex (winter turn; in crowns)."""
        order = _ordered(request, temple_order, _("Only a kingdom builds temples."))
        return Response(BridgeOrderSerializer(order).data, status=201)
