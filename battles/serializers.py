"""Serializers of the battles API. The battle views themselves come from
battles.decisions.selectors.visible_battles, which already hides what the viewer may not see
(E-29)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaign.core.inputs import ID, TURN
from rules.core.state import Decision, DefenderKind, IfWon, Role, Strategy

ROLES = [role.value for role in Role]
DECISIONS = [decision.value for decision in Decision]
STRATEGIES = [strategy.value for strategy in Strategy]
IF_WON = [outcome.value for outcome in IfWon]


@extend_schema_field({"type": "string", "enum": ROLES}, component_name="BattleRoleEnum")
class BattleRoleField(serializers.ChoiceField):
    """A component of its own: the schema's enum naming would otherwise clash with the
    membership's "role" (gm/player)."""

    def __init__(self, **kwargs):
        super().__init__(choices=ROLES, **kwargs)


class BattleQuerySerializer(serializers.Serializer):
    turn = TURN.api_field(
        required=False,
        help_text="A turn's number (its battles and their post-battle rolls); default: the "
        "current turn.",
    )


class BattleHexSerializer(serializers.Serializer):
    q = serializers.IntegerField()
    r = serializers.IntegerField()
    terrain = serializers.CharField()


class PatrolChoiceSerializer(serializers.Serializer):
    """E-15: one of the owner's patrols that cover the hex."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    defending = serializers.BooleanField(help_text="It is the one named (or the default).")


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
    may_withdraw = serializers.BooleanField(
        help_text="E-37: my side may answer withdraw (behind the walls), which starts a siege."
    )
    tabletop = serializers.BooleanField(
        allow_null=True, help_text="E-24: the side opts in to the tabletop; null unless I fight."
    )
    rank = serializers.IntegerField(
        allow_null=True,
        help_text="P-C4: this battle's place in my patrol's order; null unless my side.",
    )
    patrol_choices = PatrolChoiceSerializer(
        many=True,
        help_text="E-15: my patrols covering the hex, the default first, when I may name one.",
    )


class PostBattleRollSerializer(serializers.Serializer):
    purpose = serializers.CharField()
    sides = serializers.IntegerField()
    result = serializers.IntegerField()


class PostBattleStepSerializer(serializers.Serializer):
    """Schema only: one result of the battle's post-battle step (§3 6c), with its rolls;
    a character's results go to his kingdom alone, a neutral General's to the GM."""

    kind = serializers.CharField(help_text="The chronicle entry's kind, e.g. InjuryTaken.")
    rule = serializers.CharField(allow_blank=True)
    text = serializers.CharField()
    rolls = PostBattleRollSerializer(many=True)


class BattleSerializer(serializers.Serializer):
    """Schema only, like BattleSideSerializer."""

    id = serializers.IntegerField()
    seq = serializers.IntegerField()
    hex = BattleHexSerializer()
    defender_kind = serializers.ChoiceField(choices=[kind.value for kind in DefenderKind])
    mode = serializers.ChoiceField(
        choices=["abstract", "tabletop"], help_text="E-24: tabletop once every side opted in."
    )
    needs_decisions = serializers.BooleanField()
    resolved = serializers.BooleanField()
    result = serializers.CharField(allow_blank=True)
    winner = serializers.CharField(allow_blank=True)
    mine = serializers.BooleanField(help_text="I fight in this battle.")
    after = serializers.IntegerField(
        allow_null=True, help_text="P-C3, E-15: the seq of the battle this follow-up follows."
    )
    if_won = serializers.ChoiceField(
        choices=IF_WON, allow_null=True, help_text="Which outcome of that battle it needs."
    )
    condition = serializers.CharField(
        allow_blank=True, help_text='In words, e.g. "if Alba wins battle 1"; "" if none.'
    )
    not_fought = serializers.BooleanField(help_text="The turn is over and it was not fought.")
    sides = BattleSideSerializer(many=True)
    post_battle = PostBattleStepSerializer(
        many=True, help_text="The post-battle rolls I may follow (Tables 12–16, 18–22)."
    )


class DecisionInputSerializer(serializers.Serializer):
    """A-2.4 fight or retreat, and the Table 24 strategy (none means Hold, Q7)."""

    decision = serializers.ChoiceField(choices=DECISIONS)
    strategy = serializers.ChoiceField(choices=STRATEGIES, required=False, allow_blank=True)
    tabletop = serializers.BooleanField(
        required=False,
        help_text="E-24: opt in to the tabletop (the battle is tabletop only if every side "
        "does); left out, the side's opt-in stays as it is.",
    )


class DecisionSerializer(serializers.Serializer):
    side = serializers.IntegerField(source="id")
    battle = serializers.IntegerField(source="battle_id")
    decision = serializers.ChoiceField(choices=DECISIONS)
    strategy = serializers.ChoiceField(choices=STRATEGIES, allow_blank=True)
    tabletop = serializers.BooleanField()


class PatrolBattleSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seq = serializers.IntegerField()
    hex = BattleHexSerializer()
    place = serializers.IntegerField(help_text="1 is fought first.")


class PatrolOrderSerializer(serializers.Serializer):
    """P-C4: one of my patrols that several invasions hit, its battles in the order it
    fights them. Only its owner sees it."""

    army = serializers.IntegerField()
    name = serializers.CharField()
    battles = PatrolBattleSerializer(many=True)


class PatrolOrderInputSerializer(serializers.Serializer):
    """P-C4: every battle of the patrol, by id, first to fight first."""

    battles = serializers.ListField(child=ID.api_field(), allow_empty=False, max_length=100)


class DefenderInputSerializer(serializers.Serializer):
    """E-15: the patrol, among those of mine covering the hex, that defends it."""

    army = ID.api_field()


class DefenderSerializer(serializers.Serializer):
    side = serializers.IntegerField(source="id")
    battle = serializers.IntegerField(source="battle_id")
    army = serializers.IntegerField()
    points = serializers.IntegerField()
