"""The battle page and the tabletop report through the API (E-24, P-C5, P-C6):
the same selectors and services as the pages, so the same visibility (E-29) and the
same refusals, in the {"detail", "field"} shape."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.request import Request
from rest_framework.response import Response

from battles.models import Battle
from battles.serializers import BattleRoleField, BattleSerializer
from battles.tabletop.models import BattleReport
from battles.tabletop.selectors import battle_page, report_powers
from battles.tabletop.services import (
    battle_report_confirm,
    battle_report_deadline_extend,
    battle_report_dispute,
    battle_report_settle,
    battle_report_submit,
    report_from_input,
)
from campaign.chronicle.narration import Names
from campaign.core.access import Access
from campaign.core.inputs import COUNT, ID, POINTS, name_api_field
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated
from kingdoms.selectors import player_kingdoms, visible_armies, visible_neutral_kingdoms
from rules.battles.postbattle_tables import UnitFate

REPORT_LINES = 200  # casualties, removed characters, kills: far more than a battle has
FATES = [fate.value for fate in UnitFate]


class TerrainPieceSerializer(serializers.Serializer):
    source = serializers.CharField(help_text='"Table 29", "Table 17 Shrine", "App B Fortress".')
    piece = serializers.CharField()
    roll = serializers.IntegerField(allow_null=True, help_text="The d6 of Tables 26–30.")


class TicketCharacterSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    is_general = serializers.BooleanField()


class TicketArmySerializer(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True, help_text="Null for a neutral side.")
    name = serializers.CharField()
    points = serializers.IntegerField()
    characters = TicketCharacterSerializer(many=True)
    list_text = serializers.CharField(
        allow_blank=True,
        help_text="B 3.5: to its owner and the GM; to the enemy too in a tabletop battle.",
    )
    list_url = serializers.CharField(allow_blank=True)


class TicketArmiesSerializer(serializers.Serializer):
    attacker = TicketArmySerializer(many=True, required=False)
    defender = TicketArmySerializer(many=True, required=False)


class FeaturesSerializer(serializers.Serializer):
    terrain = serializers.CharField()
    secondary = serializers.ListField(child=serializers.CharField(), help_text="Q16.")
    minor_feature = serializers.CharField(allow_null=True, help_text="Table 17.")
    defence = serializers.CharField(allow_null=True, help_text="App B.")
    watchtower = serializers.BooleanField()


class CasualtySerializer(serializers.Serializer):
    """P-C6, Table 12: one unit destroyed or fled off the table."""

    army = ID.api_field()
    unit = name_api_field()
    fate = serializers.ChoiceField(choices=FATES)
    points = POINTS.at_least(1).api_field()
    table_roll = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=6,
        help_text="The Table 12 d6 if it was rolled at the table; else the server rolls.",
    )  # fmt: skip


class CasualtyViewSerializer(CasualtySerializer):
    army_name = serializers.CharField()


class RemovedSerializer(serializers.Serializer):
    """P-C6, Table 13: a character removed as a casualty."""

    character = ID.api_field()
    table_roll = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=6,
        help_text="The Table 13 d6 if it was rolled at the table; else the server rolls.",
    )  # fmt: skip


class RemovedViewSerializer(RemovedSerializer):
    name = serializers.CharField()


class KillSerializer(serializers.Serializer):
    """Table 15: the enemy characters one character killed."""

    character = ID.api_field()
    count = COUNT.at_least(1).api_field()


class KillViewSerializer(KillSerializer):
    name = serializers.CharField()


STATUSES = [status.value for status in BattleReport.Status]


@extend_schema_field({"type": "string", "enum": STATUSES}, component_name="BattleReportStatusEnum")
class ReportStatusField(serializers.ChoiceField):
    """A component of its own: other "status" fields (a campaign's) have other choices."""

    def __init__(self, **kwargs):
        super().__init__(choices=STATUSES, **kwargs)


class ReportViewSerializer(serializers.Serializer):
    """P-C6: the report as it stands; to the battle's participants and the GM (E-29)."""

    status = ReportStatusField()
    status_text = serializers.CharField()
    confirmed = serializers.BooleanField(help_text="Confirmed or settled: Final Results use it.")
    reported_role = BattleRoleField(allow_null=True)
    reported_by = serializers.CharField(allow_null=True)
    winner = BattleRoleField(allow_null=True, help_text="Null: a draw (Q21).")
    result = serializers.ChoiceField(choices=["victory", "massacre", "draw"])
    massacre = serializers.BooleanField()
    vp_margin = serializers.IntegerField(allow_null=True)
    casualties = CasualtyViewSerializer(many=True)
    neutral_losses = serializers.IntegerField()
    removed = RemovedViewSerializer(many=True)
    kills = KillViewSerializer(many=True)
    text = serializers.CharField(allow_blank=True)
    dispute = serializers.CharField(allow_blank=True)
    ruling = serializers.CharField(allow_blank=True)


class ChronicleLineRollSerializer(serializers.Serializer):
    purpose = serializers.CharField()
    sides = serializers.IntegerField()
    result = serializers.IntegerField()


class ChronicleLineSerializer(serializers.Serializer):
    kind = serializers.CharField()
    text = serializers.CharField()
    rolls = ChronicleLineRollSerializer(many=True)


class PowersSerializer(serializers.Serializer):
    report = serializers.BooleanField(help_text="I may report it for my side.")
    answer = serializers.BooleanField(help_text="I may confirm or dispute the other's report.")
    settle = serializers.BooleanField(help_text="The GM may settle it or extend the deadline.")


class BattleSiegeSerializer(serializers.Serializer):
    """E-37: the siege a siege battle belongs to, and its walls."""

    id = serializers.IntegerField()
    kind = serializers.CharField(help_text="assault, sortie, general_sortie or relief")
    day = serializers.IntegerField(help_text="The siege day it is fought on.")
    place = serializers.CharField()
    wall_damage = serializers.IntegerField()
    wall_stages = serializers.IntegerField()
    breached = serializers.BooleanField(help_text="SG-BREACH: the walls give no bonus.")
    text = serializers.CharField(help_text="The same in words.")
    page = serializers.CharField(help_text="The siege sheet's page.")


class BattlePageSerializer(serializers.Serializer):
    """Schema only: one battle's page (battles.tabletop.selectors.battle_page)."""

    battle = BattleSerializer()
    turn = serializers.IntegerField()
    insider = serializers.BooleanField(help_text="I fight in it, or I am the GM.")
    tabletop = serializers.BooleanField(help_text="E-24: every side opted in.")
    report_deadline = serializers.DateTimeField(allow_null=True)
    decisions_deadline = serializers.DateTimeField(allow_null=True)
    features = FeaturesSerializer()
    terrain = TerrainPieceSerializer(many=True, help_text="§5.11: insiders only.")
    board = serializers.CharField(allow_null=True, help_text="P-C5, e.g. 6'×4'; insiders only.")
    armies = TicketArmiesSerializer(help_text="Each side's armies; insiders only.")
    report = ReportViewSerializer(allow_null=True, help_text="Insiders only.")
    siege = BattleSiegeSerializer(allow_null=True, help_text="A siege's battle; insiders only.")
    chronicle = ChronicleLineSerializer(many=True)
    powers = PowersSerializer()


class ReportInputSerializer(serializers.Serializer):
    """P-C5, P-C6: a tabletop battle's report."""

    winner = serializers.ChoiceField(
        choices=["attacker", "defender", "draw"], help_text="draw: nobody won (Q21)."
    )
    vp_margin = POINTS.api_field(required=False, allow_null=True)
    massacre = serializers.BooleanField(
        required=False, default=False, help_text="A margin of 900 VP or more makes one anyway."
    )
    casualties = CasualtySerializer(many=True, required=False, max_length=REPORT_LINES)
    neutral_losses = POINTS.api_field(required=False, default=0)
    removed = RemovedSerializer(many=True, required=False, max_length=REPORT_LINES)
    kills = KillSerializer(many=True, required=False, max_length=REPORT_LINES)
    text = serializers.CharField(required=False, allow_blank=True, max_length=4000)


class SettleInputSerializer(ReportInputSerializer):
    """The GM's settling: the report as it stands (no ``winner``), or as he gives it."""

    winner = serializers.ChoiceField(choices=["attacker", "defender", "draw"], required=False)
    ruling = serializers.CharField(required=False, allow_blank=True, max_length=2000)


class DisputeInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


class DeadlineInputSerializer(serializers.Serializer):
    until = serializers.DateTimeField()


def _names(access: Access) -> Names:
    return Names(
        kingdoms={k.id: k.name for k in player_kingdoms(access.campaign)},
        neutral_kingdoms={
            n.id: n.name for n in visible_neutral_kingdoms(access.campaign, access.viewer)
        },
        armies={
            a.id: f"{a.kingdom.name}'s {a.name}"
            for a in visible_armies(access.campaign, access.viewer)
        },
    )


def _page(battle: Battle, access: Access) -> dict:
    battle = Battle.objects.select_related("hex", "turn__campaign").get(pk=battle.pk)
    page = battle_page(battle, access.viewer, _names(access))
    page["powers"] = report_powers(battle, access.viewer, access.membership)
    return page


def _report_input(wanted: dict) -> dict:
    winner = wanted.get("winner")
    return {
        "winner": "" if winner == "draw" else winner,
        "massacre": wanted.get("massacre", False),
        "vp_margin": wanted.get("vp_margin"),
        "casualties": wanted.get("casualties", []),
        "neutral_losses": wanted.get("neutral_losses", 0),
        "removed": wanted.get("removed", []),
        "kills": wanted.get("kills", []),
    }


ANSWERS = {
    200: BattlePageSerializer,
    400: REFUSED,
    403: REFUSED,
    404: NOT_FOUND,
}


class BattleView(GenericAPIView):
    """A battle, by its id: battles are public in their campaign (E-29), and only there."""

    permission_classes = MEMBERS
    queryset = Battle.objects.select_related("hex", "turn__campaign")
    lookup_url_kwarg = "battle_id"

    def campaign_id_of(self, battle: Battle) -> int:
        return battle.turn.campaign_id


class BattlePageView(BattleView):
    @extend_schema(
        responses={200: BattlePageSerializer, 404: ANSWERS[404]}, operation_id="battles_page"
    )
    def get(self, request: Request, **kwargs) -> Response:
        """One battle: where, between whom, the result; to its participants and the GM
        also the ticket (armies, terrain, board, deadlines), the report and its rolls."""
        battle = self.get_object()
        return Response(_page(battle, request.access))


class ReportView(BattleView):
    serializer_class = ReportInputSerializer

    @extend_schema(responses=ANSWERS)
    def post(self, request: Request, **kwargs) -> Response:
        """P-C6: report the tabletop battle for my side (the GM for a neutral side)."""
        battle = self.get_object()
        wanted = validated(self.get_serializer(data=request.data))
        report = report_from_input(**_report_input(wanted))
        battle_report_submit(
            battle=battle, by=request.user, report=report, text=wanted.get("text", "")
        )
        return Response(_page(battle, request.access))


class ReportConfirmView(BattleView):
    serializer_class = serializers.Serializer  # confirming takes no input

    @extend_schema(request=None, responses=ANSWERS)
    def post(self, request: Request, **kwargs) -> Response:
        """P-C6: confirm the other side's report."""
        battle = self.get_object()
        battle_report_confirm(battle=battle, by=request.user)
        return Response(_page(battle, request.access))


class ReportDisputeView(BattleView):
    serializer_class = DisputeInputSerializer

    @extend_schema(responses=ANSWERS)
    def post(self, request: Request, **kwargs) -> Response:
        """P-C6: dispute the other side's report; the GM settles it."""
        battle = self.get_object()
        wanted = validated(self.get_serializer(data=request.data))
        battle_report_dispute(battle=battle, by=request.user, reason=wanted["reason"])
        return Response(_page(battle, request.access))


class ReportSettleView(BattleView):
    serializer_class = SettleInputSerializer

    @extend_schema(responses=ANSWERS)
    def post(self, request: Request, **kwargs) -> Response:
        """The GM settles the report: as it stands, or as he gives it (P-C5: he may rule
        a Massacre below the margin). It counts as confirmed."""
        battle = self.get_object()
        wanted = validated(self.get_serializer(data=request.data))
        report = report_from_input(**_report_input(wanted)) if "winner" in wanted else None
        battle_report_settle(
            battle=battle,
            by=request.user,
            report=report,
            text=wanted.get("text", ""),
            ruling=wanted.get("ruling", ""),
        )
        return Response(_page(battle, request.access))


class ReportDeadlineView(BattleView):
    serializer_class = DeadlineInputSerializer

    @extend_schema(responses=ANSWERS)
    def post(self, request: Request, **kwargs) -> Response:
        """E-24: the GM extends the battle's report deadline."""
        battle = self.get_object()
        wanted = validated(self.get_serializer(data=request.data))
        battle_report_deadline_extend(battle=battle, by=request.user, until=wanted["until"])
        return Response(_page(battle, request.access))
