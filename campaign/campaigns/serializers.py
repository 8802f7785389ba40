"""Serializers of campaigns and their public kingdoms."""

from __future__ import annotations

from collections.abc import Sequence

from rest_framework import serializers

from campaign.models import Campaign, Membership, Turn
from campaign.turns.serializers import TurnSerializer, turn_summary


class KingdomPublicSerializer(serializers.Serializer):
    """Player kingdoms are public (A-1.0.9)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    colour = serializers.CharField()
    race = serializers.CharField(
        help_text="Its people with the peoples module (NR-RACE): a race's value, or empty."
    )


class CampaignSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=Campaign.Status.choices)
    role = serializers.ChoiceField(choices=Membership.Role.choices, help_text="My role in it.")
    kingdom = serializers.IntegerField(
        allow_null=True, help_text="My kingdom's id; null for the GM."
    )
    current_turn = TurnSerializer(allow_null=True)


class CampaignDetailSerializer(CampaignSerializer):
    kingdoms = KingdomPublicSerializer(many=True)


def campaign_summary(campaign: Campaign, membership: Membership, turns: Sequence[Turn]) -> dict:
    return {
        "id": campaign.id,
        "name": campaign.name,
        "status": campaign.status,
        "role": membership.role,
        "kingdom": membership.kingdom_id,
        "current_turn": turn_summary(turns),
    }
