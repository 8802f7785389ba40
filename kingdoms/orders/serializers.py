"""Serializers of armies and their orders."""

from __future__ import annotations

from rest_framework import serializers

from campaign.core.inputs import ID
from campaign.core.serializers import CoordField
from kingdoms.agreements.selectors import order_warning
from kingdoms.models import Army
from kingdoms.orders.models import Order
from rules.core.state import NeutralConquest, OrderKind


class ArmySerializer(serializers.ModelSerializer):
    position = CoordField(source="position.coord", allow_null=True)

    class Meta:
        model = Army
        fields = ["id", "name", "kingdom", "allocation", "points", "position", "rested"]


class OrderSerializer(serializers.ModelSerializer):
    army_name = serializers.CharField(source="army.name")
    target = CoordField(source="target.coord", allow_null=True)
    origin = CoordField(source="origin.coord", allow_null=True)
    warning = serializers.SerializerMethodField(
        help_text="E-05: this invasion breaks a cease fire or an alliance: it is allowed, "
        "but the agreement ends and every player is told. Null otherwise."
    )

    class Meta:
        model = Order
        fields = [
            "id", "army", "army_name", "kind", "target", "origin", "sea_cover",
            "neutral_conquest", "submitted_at", "warning",
        ]  # fmt: skip

    def get_warning(self, order: Order) -> str | None:
        return order_warning(order)


class OrderInputSerializer(serializers.Serializer):
    """Table 5: what a player sends; the rules engine then judges it (rules.turn.orders)."""

    army = ID.api_field(help_text="The id of one of my armies.")
    kind = serializers.ChoiceField(choices=[kind.value for kind in OrderKind])
    target = CoordField(
        allow_null=True,
        required=False,
        help_text="Invade: the hex invaded; scout: the hex scouted, within 2 of my land "
        "(Table 5, E-16); patrol: the base hex; examine: the barren hex of my own the army "
        "stands on (NR-WILD-2), by default where it stands.",
    )
    origin = CoordField(
        allow_null=True,
        required=False,
        help_text="Invade and scout: my hex it leaves from (E-07); by default the nearest.",
    )
    sea_cover = serializers.ListField(
        child=CoordField(),
        required=False,
        max_length=20,
        help_text="Patrol: the land hexes across the sea it covers (A-1.1.2.4). A patrol "
        "whose radius takes in k sea hexes names k of the land hexes next to them when "
        "there are more than k; otherwise it covers them all and names none.",
    )
    neutral_conquest = serializers.ChoiceField(
        choices=[choice.value for choice in NeutralConquest],
        required=False,
        default=NeutralConquest.SWORN_ENEMIES.value,
        help_text="Invade: what to do with a neutral capital it takes (A-1.4.17, E-23): "
        "sworn_enemies (the default: the kingdom is yours and ceases to exist) or "
        "quick_friendship (it stands, under your protection, and pays you tribute).",
    )


class OrdersReadyInputSerializer(serializers.Serializer):
    """Q7: mark my orders for the open turn ready, or not ready again."""

    ready = serializers.BooleanField()


class ReadinessRowSerializer(serializers.Serializer):
    """One kingdom's readiness. Counts are given to the kingdom's own player only."""

    kingdom = serializers.IntegerField()
    name = serializers.CharField()
    ready = serializers.BooleanField()
    armies = serializers.IntegerField(
        allow_null=True, help_text="Armies that take an order this turn (not those in a siege)."
    )
    ordered = serializers.IntegerField(allow_null=True, help_text="Armies with an order.")
    resting = serializers.IntegerField(
        allow_null=True, help_text="Armies without an order: they rest (Q7)."
    )
    in_siege = serializers.IntegerField(
        allow_null=True,
        help_text="Armies in an ongoing siege, besieging or besieged: they take no order and "
        "do not rest, so they are neither ordered nor resting (E-37).",
    )


class ReadinessSerializer(serializers.Serializer):
    """Q7: who marked his orders ready. A player sees his own kingdom only; the GM sees
    every kingdom's mark, never its orders."""

    turn = serializers.IntegerField()
    open = serializers.BooleanField(help_text="Whether the turn still takes orders.")
    early_resolution = serializers.BooleanField(
        help_text="The campaign resolves the turn as soon as every player is ready (Q7)."
    )
    kingdoms = ReadinessRowSerializer(many=True)
