"""Serializers of neutral kingdoms and the standings."""

from __future__ import annotations

from rest_framework import serializers


class NeutralGeneralSerializer(serializers.Serializer):
    """A neutral kingdom's General (A-1.4.10–11, E-20)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    xp = serializers.IntegerField()
    generalship = serializers.IntegerField()


class NeutralKingdomSerializer(serializers.Serializer):
    """A neutral kingdom I know (A-1.4.18–20); ``general`` only for the GM (E-20)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    race = serializers.CharField()
    capital = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2)
    general = NeutralGeneralSerializer(
        required=False,
        allow_null=True,
        help_text="The GM's alone: null for a player, even one who knows the kingdom.",
    )


class StandingSerializer(serializers.Serializer):
    """One row of Table 1 standings; power fields are null unless they are yours."""

    kingdom = serializers.IntegerField()
    name = serializers.CharField()
    colour = serializers.CharField()
    hexes = serializers.IntegerField()
    protected_hexes = serializers.IntegerField(
        help_text="Of those, the hexes of neutral kingdoms it protects (Quick Friendship: "
        "they count in Table 1, Q10, E-18)."
    )
    land_score = serializers.FloatField()
    power = serializers.IntegerField(allow_null=True)
    effective_power = serializers.FloatField(allow_null=True)
    eliminated = serializers.BooleanField()
    played = serializers.BooleanField(
        help_text="A player plays it; nobody does yet, and its armies rest each turn (Q7)."
    )
