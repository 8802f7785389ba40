"""Sieges (E-37, docs/design/sieges.md): the siege of a fortified place across campaign
turns, each side's plan for a turn's siege days, the battles fought in it, and the
siege trains' engines (NR-SIEGE). battles.models imports these, so they are the battles
app's models."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from rules.core.state import DefenderKind, Strategy
from rules.sieges.state import EngineKind, Place, SiegeEngineState, SiegeStatus


def _choices(enum) -> list[tuple[str, str]]:
    return [(member.value, member.value.replace("_", " ").capitalize()) for member in enum]


class Siege(models.Model):
    """One siege (rules.sieges.state.SiegeState is its engine view). Its ``wall_damage``
    stays with the hex after it ends (§12.5): the next siege of the hex starts from it."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="sieges"
    )
    hex = models.ForeignKey("campaign.Hex", on_delete=models.CASCADE, related_name="sieges")
    battle = models.ForeignKey(  # the battle whose defender withdrew behind the walls
        "battles.Battle", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    started_turn = models.PositiveIntegerField()
    ended_turn = models.PositiveIntegerField(null=True, blank=True)
    place = models.CharField(max_length=16, choices=_choices(Place))
    status = models.CharField(
        max_length=12, choices=_choices(SiegeStatus), default=SiegeStatus.ONGOING.value
    )
    besieger = models.ForeignKey(
        "kingdoms.Kingdom", on_delete=models.CASCADE, related_name="sieges_laid"
    )
    besieger_army_ids = models.JSONField(default=list)
    origins = models.JSONField(default=list)  # [[army id, [q, r]], …]
    defender_kind = models.CharField(max_length=20, choices=_choices(DefenderKind))
    garrison = models.ForeignKey(
        "kingdoms.Kingdom",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="sieges_held",
    )
    garrison_neutral_kingdom = models.ForeignKey(
        "kingdoms.NeutralKingdom",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    garrison_army_ids = models.JSONField(default=list)
    garrison_points = models.PositiveIntegerField(default=0)  # a neutral garrison's own
    neutral_conquest = models.CharField(max_length=20, blank=True)
    day = models.PositiveIntegerField(default=0)
    provisions = models.PositiveIntegerField(default=0)
    provisions_rolled = models.PositiveIntegerField(default=0)
    wall_damage = models.PositiveSmallIntegerField(default=0)
    wall_stages = models.PositiveSmallIntegerField(default=4)
    camp_engines = models.PositiveSmallIntegerField(default=0)
    camp_ready_day = models.PositiveIntegerField(default=0)
    engines_out_until = models.PositiveIntegerField(default=0)
    events_drawn = models.JSONField(default=list)
    garrison_initiative_malus = models.PositiveSmallIntegerField(default=0)
    surrender_on_day = models.PositiveIntegerField(null=True, blank=True)
    commander_out_until = models.PositiveIntegerField(null=True, blank=True)
    besieger_levies = models.PositiveIntegerField(default=0)
    garrison_levies = models.PositiveIntegerField(default=0)
    general_sortie_used = models.BooleanField(default=False)
    # E-24: the battle the siege stopped on, to be played on the tabletop (rules.sieges.tabletop)
    pending_kind = models.CharField(max_length=16, blank=True)
    pending_day = models.PositiveIntegerField(default=0)
    log = models.JSONField(default=list)  # one entry a day (SiegeDay), with its rolls

    class Meta:
        ordering = ["campaign", "-started_turn", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["hex"],
                condition=models.Q(status=SiegeStatus.ONGOING.value),
                name="one_ongoing_siege_per_hex",
            )
        ]

    def __str__(self) -> str:
        return f"Siege of ({self.hex.q}, {self.hex.r}) ({self.status})"

    @property
    def ongoing(self) -> bool:
        return self.status == SiegeStatus.ONGOING


class SiegePlan(models.Model):
    """One side's plan for a turn's siege days (SG-INIT-2/3): an action a day, a Table 24
    strategy for the turn's siege battles, the besieger's choice to lift the siege, and
    the side's opt-in to play the turn's assaults and sorties on the tabletop (E-24).
    The side's secret."""

    class Role(models.TextChoices):
        BESIEGER = "besieger", "Besieger"
        GARRISON = "garrison", "Garrison"

    siege = models.ForeignKey(Siege, on_delete=models.CASCADE, related_name="plans")
    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="+")
    role = models.CharField(max_length=10, choices=Role.choices)
    actions = models.JSONField(default=list)
    strategy = models.CharField(max_length=10, blank=True, choices=_choices(Strategy))
    lift = models.BooleanField(default=False)
    tabletop = models.BooleanField(default=False)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["siege", "turn", "role"], name="one_plan_per_side")
        ]

    def __str__(self) -> str:
        return f"{self.siege} {self.role} plan, turn {self.turn_id}"


class SiegeBattle(models.Model):
    """A battle of a siege (an assault, a sortie, a general sortie, a relief battle):
    a Battle like any other, with the day and the siege it belongs to."""

    siege = models.ForeignKey(Siege, on_delete=models.CASCADE, related_name="siege_battles")
    battle = models.OneToOneField(
        "battles.Battle", on_delete=models.CASCADE, related_name="siege_battle"
    )
    day = models.PositiveIntegerField()
    kind = models.CharField(max_length=16)
    key = models.IntegerField()  # the engine's key: the chronicle's battle_key

    class Meta:
        ordering = ["battle__turn", "day"]

    def __str__(self) -> str:
        return f"{self.kind.replace('_', ' ')} on day {self.day} of {self.siege}"


class SiegeEngine(models.Model):
    """NR-SIEGE: an engine of a kingdom's siege train, carried by an army (its baggage,
    NR-SIEGE-3)."""

    kingdom = models.ForeignKey(
        "kingdoms.Kingdom", on_delete=models.CASCADE, related_name="siege_engines"
    )
    army = models.ForeignKey(
        "kingdoms.Army",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="siege_engines",
    )
    kind = models.CharField(max_length=16, choices=_choices(EngineKind))
    built_turn = models.PositiveIntegerField(null=True, blank=True)
    # NR-SIEGE-3/17: taken from a beaten army; it used none of its new owner's timber, so
    # the Forest cap (NR-SIEGE-5) counts only the engines a kingdom built and still holds
    captured = models.BooleanField(default=False)

    class Meta:
        ordering = ["kingdom", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.kingdom}"

    def state(self) -> SiegeEngineState:
        """The engine as the rules engine sees it (rules.sieges.state)."""
        return SiegeEngineState(
            self.pk, EngineKind(self.kind), self.kingdom_id, self.army_id, self.built_turn,
            self.captured,
        )  # fmt: skip
