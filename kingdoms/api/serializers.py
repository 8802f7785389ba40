"""Serializers of the kingdoms API: armies and orders."""

from __future__ import annotations

from rest_framework import serializers

from campaign.api.serializers import CoordField
from kingdoms.models import Army, Order
from rules.state import OrderKind


class ArmySerializer(serializers.ModelSerializer):
    position = CoordField(source="position.coord", allow_null=True)

    class Meta:
        model = Army
        fields = ["id", "name", "kingdom", "allocation", "points", "position", "rested"]


class OrderSerializer(serializers.ModelSerializer):
    army_name = serializers.CharField(source="army.name")
    target = CoordField(source="target.coord", allow_null=True)
    origin = CoordField(source="origin.coord", allow_null=True)

    class Meta:
        model = Order
        fields = ["id", "army", "army_name", "kind", "target", "origin", "submitted_at"]


class OrderInputSerializer(serializers.Serializer):
    """Table 5: what a player sends; the rules engine then judges it (rules.orders)."""

    army = serializers.IntegerField(help_text="The id of one of my armies.")
    kind = serializers.ChoiceField(choices=[kind.value for kind in OrderKind])
    target = CoordField(
        allow_null=True,
        required=False,
        help_text="Invade: the hex invaded; scout: the hex scouted, within 2 of my land "
        "(Table 5, E-16); patrol: the base hex.",
    )
    origin = CoordField(
        allow_null=True,
        required=False,
        help_text="Invade and scout: my hex it leaves from (E-07); by default the nearest.",
    )


class StandingSerializer(serializers.Serializer):
    """One row of Table 1 standings; power fields are null unless they are yours."""

    kingdom = serializers.IntegerField()
    name = serializers.CharField()
    colour = serializers.CharField()
    hexes = serializers.IntegerField()
    land_score = serializers.FloatField()
    power = serializers.IntegerField(allow_null=True)
    effective_power = serializers.FloatField(allow_null=True)
    eliminated = serializers.BooleanField()
