"""Sieges API (E-37): the campaign's sieges, one siege's sheet (visibility by
battles.sieges.selectors), a side's plan for the turn's siege days, and building a siege
engine (NR-SIEGE). Serializers here are for the schema and the input."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from battles.models import Siege
from battles.sieges.selectors import siege_sheet, visible_sieges
from battles.sieges.services import siege_convoy_form, siege_engine_build, siege_plan_set
from campaign.core.access import visible_or_404
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated
from campaign.models import Turn
from kingdoms.selectors import visible_armies
from rules.core.ruleset import OPTIONS
from rules.core.state import Strategy
from rules.sieges.state import EngineKind, SiegeStatus

STATUSES = [s.value for s in SiegeStatus]
KINDS = [k.value for k in EngineKind]


@extend_schema_field({"type": "string", "enum": STATUSES}, component_name="SiegeStatusEnum")
class SiegeStatusField(serializers.ChoiceField):
    def __init__(self, **kwargs):
        super().__init__(choices=STATUSES, **kwargs)


@extend_schema_field({"type": "string", "enum": KINDS}, component_name="SiegeEngineKindEnum")
class EngineKindField(serializers.ChoiceField):
    def __init__(self, **kwargs):
        super().__init__(choices=KINDS, **kwargs)


# E-37 SG-DAY: the most siege days a ruleset puts in a turn
MAX_DAYS = OPTIONS["siege_days_per_turn"].metadata["range"][1]


class SiegeHexSerializer(serializers.Serializer):
    q = serializers.IntegerField()
    r = serializers.IntegerField()
    terrain = serializers.CharField()


class SiegeSideSerializer(serializers.Serializer):
    kingdom = serializers.IntegerField(allow_null=True, help_text="Null for a neutral.")
    name = serializers.CharField()


class SiegeSummarySerializer(serializers.Serializer):
    """What everyone sees of a siege."""

    id = serializers.IntegerField()
    hex = SiegeHexSerializer()
    place = serializers.CharField(help_text="great_fortress, fortress or city.")
    status = SiegeStatusField()
    besieger = SiegeSideSerializer()
    garrison = SiegeSideSerializer()
    started_turn = serializers.IntegerField()
    ended_turn = serializers.IntegerField(allow_null=True)
    day = serializers.IntegerField(help_text="Siege days played.")
    wall_damage = serializers.IntegerField(help_text="SG-BOMB: D results so far.")
    wall_stages = serializers.IntegerField(help_text="SG-BOMB-1: D results that demolish it.")
    breached = serializers.BooleanField()
    my_side = serializers.CharField(allow_null=True, help_text="besieger, garrison or null.")


class EstimateSerializer(serializers.Serializer):
    low = serializers.IntegerField()
    high = serializers.IntegerField()


class TrainEngineSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = EngineKindField()
    army = serializers.IntegerField(allow_null=True)


class SiegeEnginesSerializer(serializers.Serializer):
    camp_mangonels = serializers.IntegerField()
    camp_ready_day = serializers.IntegerField()
    out_until_day = serializers.IntegerField()
    train = TrainEngineSerializer(many=True)


class SiegeRollSerializer(serializers.Serializer):
    purpose = serializers.CharField()
    sides = serializers.IntegerField()
    result = serializers.IntegerField()


class SiegeDaySerializer(serializers.Serializer):
    turn = serializers.IntegerField(allow_null=True)
    day = serializers.IntegerField(allow_null=True)
    event = serializers.CharField(allow_null=True)
    initiative = serializers.CharField(allow_null=True)
    action = serializers.CharField()
    result = serializers.CharField()
    bombardment = serializers.CharField(allow_null=True)
    wall_damage = serializers.IntegerField(allow_null=True)
    what = serializers.ListField(child=serializers.CharField())
    rolls = SiegeRollSerializer(many=True)


class SiegeBattleSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    turn = serializers.IntegerField()
    day = serializers.IntegerField()
    kind = serializers.CharField()
    result = serializers.CharField(allow_blank=True)
    winner = serializers.CharField(allow_blank=True)


class SiegeStoppedSerializer(serializers.Serializer):
    kind = serializers.CharField()
    day = serializers.IntegerField()


class SiegePlanViewSerializer(serializers.Serializer):
    turn = serializers.IntegerField()
    role = serializers.CharField()
    actions = serializers.ListField(child=serializers.CharField())
    strategy = serializers.CharField(allow_null=True)
    lift = serializers.BooleanField()
    tabletop = serializers.BooleanField(help_text="E-24: my side opts in to the tabletop")
    stopped = SiegeStoppedSerializer(
        allow_null=True,
        help_text="E-24: the battle the siege stopped on; its day comes first this turn, "
        "before the planned days",
    )
    choices = serializers.ListField(child=serializers.CharField())


class SiegeSheetSerializer(SiegeSummarySerializer):
    """The siege sheet: provisions exact for the garrison's side, estimated for the
    besieger, null for others; engines, calendar, battles and the plan for the sides."""

    provisions = serializers.IntegerField(allow_null=True)
    provisions_estimate = EstimateSerializer(allow_null=True)
    engines = SiegeEnginesSerializer(allow_null=True)
    calendar = SiegeDaySerializer(many=True)
    battles = SiegeBattleSerializer(many=True)
    plan = SiegePlanViewSerializer(allow_null=True)


class SiegePlanInputSerializer(serializers.Serializer):
    """SG-INIT-2/3: an action for each day of the turn (missing days: wait or pass)."""

    actions = serializers.ListField(
        child=serializers.CharField(max_length=40), allow_empty=True, max_length=MAX_DAYS
    )
    strategy = serializers.ChoiceField(
        choices=[s.value for s in Strategy], required=False, allow_blank=True
    )
    lift = serializers.BooleanField(required=False, default=False)
    tabletop = serializers.BooleanField(
        required=False,
        default=False,
        help_text="E-24: play this turn's assaults and sorties on the tabletop (both sides "
        "must opt in; the siege then stops on the battle's day until it is played)",
    )


class SiegeEngineInputSerializer(serializers.Serializer):
    kind = EngineKindField()


class SiegeEngineSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    army = serializers.IntegerField(source="army_id")
    built_turn = serializers.IntegerField()


class SiegeConvoyInputSerializer(serializers.Serializer):
    engines = serializers.ListField(child=serializers.IntegerField(), min_length=1, max_length=20)


class SiegeConvoySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()


class SiegeListView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: SiegeSummarySerializer(many=True), 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """Every siege of the campaign, as everyone sees it (E-37)."""
        access = request.access
        return Response(visible_sieges(access.campaign, access.viewer))


class SiegeView(GenericAPIView):
    """A siege, by its id: sieges are public in their campaign (E-37), and only there."""

    permission_classes = MEMBERS
    queryset = Siege.objects.select_related("hex", "besieger", "garrison", "campaign")
    lookup_url_kwarg = "siege_id"

    def campaign_id_of(self, siege: Siege) -> int:
        return siege.campaign_id


class SiegeSheetView(SiegeView):
    @extend_schema(responses={200: SiegeSheetSerializer, 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """The siege sheet as I may see it (provisions: exact to the garrison's side, an
        estimate to the besieger's)."""
        siege = self.get_object()
        access = request.access
        turn = Turn.objects.filter(campaign=access.campaign).last()
        return Response(siege_sheet(siege, access.viewer, turn))


class SiegePlanView(SiegeView):
    serializer_class = SiegePlanInputSerializer

    @extend_schema(
        responses={
            200: SiegePlanViewSerializer,
            400: REFUSED,
            403: REFUSED,
            404: NOT_FOUND,
        },
    )
    def post(self, request: Request, **kwargs) -> Response:
        """My side's plan for the current turn's siege days (SG-INIT-2/3)."""
        siege = self.get_object()
        access = request.access
        wanted = validated(self.get_serializer(data=request.data))
        siege_plan_set(
            siege=siege,
            by=request.user,
            actions=wanted["actions"],
            strategy=wanted.get("strategy", ""),
            lift=wanted.get("lift", False),
            tabletop=wanted.get("tabletop", False),
        )
        turn = Turn.objects.filter(campaign=access.campaign).last()
        return Response(siege_sheet(siege, access.viewer, turn)["plan"])


class SiegeEngineBuildView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=SiegeEngineInputSerializer,
        responses={
            201: SiegeEngineSerializer,
            400: REFUSED,
            403: REFUSED,
            404: NOT_FOUND,
        },
    )
    def post(self, request: Request, army_id: int, **kwargs) -> Response:
        """NR-SIEGE-4: build an engine for my army (winter turn, in a City or fortress)."""
        access = request.access
        army = visible_or_404(visible_armies(access.campaign, access.viewer), army_id)
        wanted = validated(SiegeEngineInputSerializer(data=request.data))
        engine = siege_engine_build(army=army, by=request.user, kind=wanted["kind"])
        return Response(SiegeEngineSerializer(engine).data, status=201)


class SiegeConvoyView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=SiegeConvoyInputSerializer,
        responses={201: SiegeConvoySerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, army_id: int, **kwargs) -> Response:
        """NR-SIEGE-11: send three engines or more of my army off as a convoy."""
        access = request.access
        army = visible_or_404(visible_armies(access.campaign, access.viewer), army_id)
        wanted = validated(SiegeConvoyInputSerializer(data=request.data))
        convoy = siege_convoy_form(army=army, by=request.user, engine_ids=wanted["engines"])
        return Response(SiegeConvoySerializer(convoy).data, status=201)
