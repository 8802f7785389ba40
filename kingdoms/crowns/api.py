"""The crown ledger in the API (E-30, E-31): GET /api/campaigns/{id}/kingdom/crowns/.
Only while a supplement module uses crowns (siege trains, bridges), and only to the kingdom
itself and the GM (rules.turn.visibility.sees_treasury): a player reads his own; the GM
any kingdom's with ?kingdom=<id>. Anything else answers 404."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.access import kingdom_named
from campaign.core.errors import Hidden
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND
from kingdoms.crowns.models import CrownEntry
from kingdoms.crowns.selectors import crown_ledger
from rules.turn.visibility import sees_treasury


class CrownEntrySerializer(serializers.Serializer):
    turn = serializers.IntegerField(help_text="The campaign turn of the line.")
    amount = serializers.IntegerField(help_text="Crowns in (+) or out (−).")
    kind = serializers.ChoiceField(choices=CrownEntry.Kind.choices)
    reason = serializers.CharField(help_text="Why, in words: the year's income, an engine.")
    rule = serializers.CharField(help_text="The rule IDs behind it.")
    balance = serializers.IntegerField(help_text="The balance after this line.")


class CrownLedgerSerializer(serializers.Serializer):
    kingdom = serializers.IntegerField()
    balance = serializers.IntegerField(
        help_text="Crowns held; below 0 while the winter turn's engines are paid against "
        "the income due at its winter phase (E-31)."
    )
    due = serializers.IntegerField(
        help_text="Crowns the current turn's winter phase will pay (0 outside the winter turn)."
    )
    yearly = serializers.IntegerField(help_text="The yearly income (ruleset crowns_yearly).")
    next_winter_turn = serializers.IntegerField(
        help_text="The turn whose winter phase pays the next income (E-31)."
    )
    engine_price = serializers.IntegerField(help_text="A siege engine's price (NR-SIEGE-4).")
    entries = CrownEntrySerializer(many=True, help_text="The ledger, oldest first.")


class CrownLedgerView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        parameters=[OpenApiParameter("kingdom", int, description="The GM's: which kingdom.")],
        responses={200: CrownLedgerSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, **kwargs) -> Response:
        """E-30: my crown ledger (siege trains on): the balance, this winter's income due
        and every line with its reason; never another kingdom's."""
        access = request.access
        kingdom = kingdom_named(access, request) or access.membership.kingdom
        if kingdom is None:
            raise NotFound("Name the kingdom: ?kingdom=<id>.")
        if not sees_treasury(access.viewer, kingdom.pk):
            raise Hidden()  # another kingdom's ledger, as if it had none
        ledger = crown_ledger(kingdom, access.viewer, access.campaign)
        if ledger is None:
            raise NotFound(
                "No crown ledger to show: crowns exist only with a supplement module that "
                "uses them (siege trains, E-30), and only to their kingdom and the GM."
            )
        return Response(CrownLedgerSerializer(ledger).data)
