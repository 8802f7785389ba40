"""Serializers of the chronicle: its query and its entries."""

from __future__ import annotations

from rest_framework import serializers

from campaign.core.inputs import TURN


class ChronicleQuerySerializer(serializers.Serializer):
    turn = TURN.api_field(required=False, help_text="Only this turn's entries.")


class ChronicleEntrySerializer(serializers.Serializer):
    """Schema only: an entry also carries its event's own attributes, minus those the
    viewer may not read (E-29)."""

    turn = serializers.IntegerField()
    id = serializers.IntegerField()
    kind = serializers.CharField()
    rule = serializers.CharField(allow_blank=True)
