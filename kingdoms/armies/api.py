"""Army building in the API (§5.6, B 3.3–3.5, E-14, E-21): raise, change an allocation,
disband, name the General or the Grand Marshall, declare entitlement slots, submit an
army list and, for the GM, approve it. An army list is its owner's and the GM's alone."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.access import visible_or_404
from campaign.core.errors import Refused
from campaign.core.inputs import COUNT, POINTS, name_api_field
from campaign.core.permissions import MEMBERS, HasKingdom
from campaign.core.serializers import NOT_FOUND, REFUSED, CoordField, validated
from kingdoms.armies import services
from kingdoms.armies.selectors import armies_with_generals, visible_army_lists
from kingdoms.models import Army
from kingdoms.selectors import visible_armies


class ArmyBuildingSerializer(serializers.ModelSerializer):
    """An army with its General, slots and list: only ever for its owner and the GM."""

    position = CoordField(source="position.coord", allow_null=True, read_only=True)
    general = serializers.SerializerMethodField()
    grand_marshal = serializers.SerializerMethodField()

    class Meta:
        model = Army
        fields = [
            "id", "name", "kingdom", "allocation", "points", "position", "general",
            "grand_marshal", "slots", "list_text", "list_url", "list_approved",
        ]  # fmt: skip

    def _general(self, army: Army):
        generals = getattr(army, "generals", None)
        if generals is None:
            generals = list(army.characters.filter(is_general=True))
        return generals[0] if generals else None

    def get_general(self, army: Army) -> str | None:
        general = self._general(army)
        return general.name if general else None

    def get_grand_marshal(self, army: Army) -> bool:
        general = self._general(army)
        return bool(general and general.is_grand_marshal)


class RaiseInputSerializer(serializers.Serializer):
    name = name_api_field()
    allocation = POINTS.api_field(
        help_text="Within the campaign ruleset's army size, 1000–3000 by the rulebook (E-14)"
    )
    general = name_api_field(required=False, allow_blank=True)
    race = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=20,
        help_text="NR-ALLY, with the peoples module: an allied people's race; empty: the "
        "kingdom's own",
    )


class AllocationInputSerializer(serializers.Serializer):
    allocation = POINTS.api_field(
        help_text="E-14: only when the army was raised this turn or has a Rest order, or "
        "a cut while the allocations exceed Total Support."
    )


class ListInputSerializer(serializers.Serializer):
    text = serializers.CharField(required=False, allow_blank=True, max_length=20000)
    url = serializers.CharField(required=False, allow_blank=True, max_length=500)


class ApproveInputSerializer(serializers.Serializer):
    approved = serializers.BooleanField()


class GeneralInputSerializer(serializers.Serializer):
    name = name_api_field(required=False)
    grand_marshal = serializers.BooleanField(
        required=False, default=False, help_text="B 3.4: make him the Grand Marshall."
    )


class SlotsInputSerializer(serializers.Serializer):
    lord = COUNT.api_field(required=False, default=0)
    hero = COUNT.api_field(required=False, default=0)
    special = COUNT.api_field(required=False, default=0)
    rare = COUNT.api_field(required=False, default=0)
    magic_items = POINTS.api_field(required=False, default=0, help_text="In points.")


def _army(access, army_id: int) -> Army:
    """An army the viewer may see (his own; the GM any): another's id tells nothing."""
    return visible_or_404(visible_armies(access.campaign, access.viewer), army_id)


def _shown(army_id: int) -> dict:
    army = armies_with_generals(Army.objects.select_related("position")).get(pk=army_id)
    return ArmyBuildingSerializer(army).data


class ArmyRaiseView(APIView):
    permission_classes = (*MEMBERS, HasKingdom)

    @extend_schema(
        request=RaiseInputSerializer,
        responses={201: ArmyBuildingSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """§5.6, E-14, E-32: raise an army of 1,000–3,000 points within Total Support; it
        stands on the capital with its General (B 3.3)."""
        access = request.access
        wanted = validated(RaiseInputSerializer(data=request.data))
        army = services.army_raise(
            kingdom=access.membership.kingdom,
            by=request.user,
            name=wanted["name"],
            allocation=wanted["allocation"],
            general=wanted.get("general", ""),
            race=wanted.get("race", ""),
        )
        return Response(_shown(army.pk), status=status.HTTP_201_CREATED)


class ArmyListsView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: ArmyBuildingSerializer(many=True), 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """B 3.5: the armies whose lists I may read, with their Generals and slots: my
        own; the GM's: all."""
        access = request.access
        armies = armies_with_generals(
            visible_army_lists(access.campaign, access.viewer).select_related("position")
        )
        return Response(ArmyBuildingSerializer(armies, many=True).data)


class ArmyAllocationView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=AllocationInputSerializer,
        responses={200: ArmyBuildingSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, army_id: int, **kwargs) -> Response:
        """E-14: change an army's allocation."""
        access = request.access
        wanted = validated(AllocationInputSerializer(data=request.data))
        army = _army(access, army_id)
        services.army_allocation_change(army=army, by=request.user, **wanted)
        return Response(_shown(army.pk))


class ArmyDisbandView(APIView):
    permission_classes = MEMBERS

    @extend_schema(request=None, responses={204: None, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND})
    def post(self, request: Request, army_id: int, **kwargs) -> Response:
        """§5.6: disband one of my armies while orders are open."""
        access = request.access
        services.army_disband(army=_army(access, army_id), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ArmyGeneralView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=GeneralInputSerializer,
        responses={200: ArmyBuildingSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, army_id: int, **kwargs) -> Response:
        """B 3.3, B 3.4: name the army's General, and/or make him the Grand Marshall."""
        access = request.access
        wanted = validated(GeneralInputSerializer(data=request.data))
        army = _army(access, army_id)
        if not wanted.get("name") and not wanted["grand_marshal"]:
            raise Refused(_("Give the General's name, or grand_marshal: true."), field="name")
        if wanted.get("name"):
            services.army_general_name(army=army, by=request.user, name=wanted["name"])
        if wanted["grand_marshal"]:
            services.grand_marshal_name(army=army, by=request.user)
        return Response(_shown(army.pk))


class ArmySlotsView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=SlotsInputSerializer,
        responses={200: ArmyBuildingSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, army_id: int, **kwargs) -> Response:
        """§5.6, E-21: the entitlement slots the army uses this turn, within the pool."""
        access = request.access
        wanted = validated(SlotsInputSerializer(data=request.data))
        army = _army(access, army_id)
        services.army_slots_set(army=army, by=request.user, slots=dict(wanted))
        return Response(_shown(army.pk))


class ArmyListView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: ArmyBuildingSerializer, 404: NOT_FOUND})
    def get(self, request: Request, army_id: int, **kwargs) -> Response:
        """B 3.5: one army's list (mine; the GM's: any)."""
        access = request.access
        return Response(_shown(_army(access, army_id).pk))

    @extend_schema(
        request=ListInputSerializer,
        responses={200: ArmyBuildingSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, army_id: int, **kwargs) -> Response:
        """B 3.5: submit the list as text and/or a link; the GM's approval is withdrawn."""
        access = request.access
        wanted = validated(ListInputSerializer(data=request.data))
        army = _army(access, army_id)
        services.army_list_submit(
            army=army, by=request.user, text=wanted.get("text", ""), url=wanted.get("url", "")
        )
        return Response(_shown(army.pk))


class ArmyListApproveView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=ApproveInputSerializer,
        responses={200: ArmyBuildingSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, army_id: int, **kwargs) -> Response:
        """B 3.5: the GM approves an army list (or withdraws his approval)."""
        access = request.access
        wanted = validated(ApproveInputSerializer(data=request.data))
        army = _army(access, army_id)
        services.army_list_approve(army=army, by=request.user, approved=wanted["approved"])
        return Response(_shown(army.pk))
