"""The ruleset in force over the API: every member reads it; the GM replaces his house
rules with PUT (the same validation and public announcement as the rules page)."""

from __future__ import annotations

import dataclasses

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated
from campaign.ruleset.services import campaign_ruleset_change
from rules.core.ruleset import describe


class OptionSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    rule = serializers.CharField()
    value = serializers.IntegerField()
    default = serializers.IntegerField()
    low = serializers.IntegerField()
    high = serializers.IntegerField()
    table = serializers.CharField(help_text="The table it belongs to: its block on the rules page.")


class TableSerializer(serializers.Serializer):
    key = serializers.CharField()
    title = serializers.CharField()
    rule = serializers.CharField()
    text = serializers.CharField(
        help_text="One row a line: 'low-high result', 'face result' or 'face+ result' (the "
        "open last band); Table 6's entitlements 'row: slot count, …'."
    )
    changed = serializers.BooleanField()
    table = serializers.CharField(help_text="The table it belongs to: its block on the rules page.")


class RulesetSerializer(serializers.Serializer):
    options = OptionSerializer(many=True)
    tables = TableSerializer(many=True)
    overrides = serializers.JSONField(help_text="The house rules as stored: what differs.")


class OverridesSerializer(serializers.Serializer):
    options = serializers.DictField(child=serializers.IntegerField(), required=False, default=dict)
    tables = serializers.DictField(
        child=serializers.CharField(max_length=5000), required=False, default=dict
    )


class RulesetView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: RulesetSerializer, 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """The ruleset in force: every option and table with its rule ID (§7)."""
        return Response(_ruleset(request.access.campaign))

    @extend_schema(
        request=OverridesSerializer,
        responses={200: RulesetSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def put(self, request: Request, **kwargs) -> Response:
        """GM only: replace the house rules; a change during play is announced publicly."""
        campaign = request.access.campaign
        wanted = validated(OverridesSerializer(data=request.data))
        overrides = {"options": dict(wanted["options"]), "tables": dict(wanted["tables"])}
        campaign_ruleset_change(campaign=campaign, by=request.user, overrides=overrides)
        campaign.refresh_from_db()
        return Response(_ruleset(campaign))


def _ruleset(campaign) -> dict:
    options, tables = describe(campaign.ruleset)
    return {
        "options": [dataclasses.asdict(o) for o in options],
        "tables": [dataclasses.asdict(t) for t in tables],
        "overrides": campaign.ruleset_overrides,
    }
