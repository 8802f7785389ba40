"""Battles declared at Provisional Results, their sides' choices and results."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from rules.state import Decision, DefenderKind, IfWon, Role, Strategy


def _choices(enum) -> list[tuple[str, str]]:
    return [(member.value, member.value.replace("_", " ").capitalize()) for member in enum]


class Battle(models.Model):
    class Mode(models.TextChoices):
        ABSTRACT = "abstract", "Abstract (Tables 23–25)"
        TABLETOP = "tabletop", "Tabletop"

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="battles")
    hex = models.ForeignKey("campaign.Hex", on_delete=models.CASCADE, related_name="battles")
    seq = models.PositiveIntegerField()
    defender_kind = models.CharField(max_length=20, choices=_choices(DefenderKind))
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.ABSTRACT)
    resolved = models.BooleanField(default=False)
    result = models.CharField(max_length=20, blank=True)  # draw/marginal/solid/massacre/...
    winner = models.CharField(max_length=10, blank=True, choices=_choices(Role))
    # P-C3, E-15: a follow-up battle of a contested hex is fought only if the battle
    # ``after`` ends as ``if_won`` (its attacker or defender won, or nobody did)
    after = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="follow_ups"
    )
    if_won = models.CharField(max_length=10, blank=True, choices=_choices(IfWon))

    class Meta:
        ordering = ["turn", "seq"]
        constraints = [models.UniqueConstraint(fields=["turn", "seq"], name="one_battle_per_seq")]

    def __str__(self) -> str:
        return f"Battle {self.seq} at ({self.hex.q}, {self.hex.r})"

    @property
    def needs_decisions(self) -> bool:
        return self.defender_kind not in (DefenderKind.UNDEFENDED, DefenderKind.LOST_CAUSE)


class BattleSide(models.Model):
    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="sides")
    role = models.CharField(max_length=10, choices=_choices(Role))
    kingdom = models.ForeignKey(
        "kingdoms.Kingdom", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    neutral_kingdom = models.ForeignKey(
        "kingdoms.NeutralKingdom", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    armies = models.ManyToManyField("kingdoms.Army", blank=True, related_name="battle_sides")
    points = models.PositiveIntegerField()
    decision = models.CharField(max_length=8, choices=_choices(Decision), default=Decision.FIGHT)
    strategy = models.CharField(max_length=10, blank=True, choices=_choices(Strategy))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # P-C4: a defending patrol's place for this battle among its battles, as its owner
    # ordered them at Phase 4 (battles.services.battle_order_set); his secret
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    # E-15: the patrols of this side's kingdom that cover the hex, the default first,
    # when there are two or more: the owner may name another (battle_defender_name)
    patrol_choices = models.ManyToManyField("kingdoms.Army", blank=True, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["battle", "role"], name="one_side_per_role")]

    def __str__(self) -> str:
        return f"{self.battle} {self.role}"

    @property
    def is_neutral(self) -> bool:
        return self.kingdom_id is None
