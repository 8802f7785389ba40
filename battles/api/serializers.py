"""Serializers of the battles API. The battle views themselves come from
battles.selectors.visible_battles, which already hides what the viewer may not see (E-29)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules.state import Decision, DefenderKind, Role, Strategy

ROLES = [role.value for role in Role]
DECISIONS = [decision.value for decision in Decision]
STRATEGIES = [strategy.value for strategy in Strategy]


@extend_schema_field({"type": "string", "enum": ROLES}, component_name="BattleRoleEnum")
class BattleRoleField(serializers.ChoiceField):
    """A component of its own: the schema's enum naming would otherwise clash with the
    membership's "role" (gm/player)."""

    def __init__(self, **kwargs):
        super().__init__(choices=ROLES, **kwargs)


class BattleHexSerializer(serializers.Serializer):
    q = serializers.IntegerField()
    r = serializers.IntegerField()
    terrain = serializers.CharField()


class BattleSideSerializer(serializers.Serializer):
    """Schema only. Strength goes to the battle's participants alone (E-29), a side's
    choices to that side alone until the battle is resolved."""

    id = serializers.IntegerField()
    role = BattleRoleField()
    name = serializers.CharField()
    kingdom = serializers.IntegerField(allow_null=True, help_text="Null for a neutral side.")
    own = serializers.BooleanField(help_text="This is my side.")
    points = serializers.IntegerField(allow_null=True, help_text="Null unless I fight in it.")
    armies = serializers.ListField(child=serializers.CharField())
    decision = serializers.ChoiceField(choices=DECISIONS, allow_null=True)
    strategy = serializers.ChoiceField(choices=STRATEGIES, allow_null=True)


class BattleSerializer(serializers.Serializer):
    """Schema only, like BattleSideSerializer."""

    id = serializers.IntegerField()
    seq = serializers.IntegerField()
    hex = BattleHexSerializer()
    defender_kind = serializers.ChoiceField(choices=[kind.value for kind in DefenderKind])
    needs_decisions = serializers.BooleanField()
    resolved = serializers.BooleanField()
    result = serializers.CharField(allow_blank=True)
    winner = serializers.CharField(allow_blank=True)
    mine = serializers.BooleanField(help_text="I fight in this battle.")
    sides = BattleSideSerializer(many=True)


class DecisionInputSerializer(serializers.Serializer):
    """A-2.4 fight or retreat, and the Table 24 strategy (none means Hold, Q7)."""

    decision = serializers.ChoiceField(choices=DECISIONS)
    strategy = serializers.ChoiceField(choices=STRATEGIES, required=False, allow_blank=True)


class DecisionSerializer(serializers.Serializer):
    side = serializers.IntegerField(source="id")
    battle = serializers.IntegerField(source="battle_id")
    decision = serializers.ChoiceField(choices=DECISIONS)
    strategy = serializers.ChoiceField(choices=STRATEGIES, allow_blank=True)
