"""Battles declared at Provisional Results, their sides' choices and results."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db import models

from campaign.inputs import COUNT, POINTS
from rules.postbattle import UnitLoss
from rules.postbattle_tables import UnitFate
from rules.state import Decision, DefenderKind, IfWon, Role, Strategy
from rules.tabletop import RemovedCharacter, TabletopReport


def _choices(enum) -> list[tuple[str, str]]:
    return [(member.value, member.value.replace("_", " ").capitalize()) for member in enum]


class Battle(models.Model):
    class Mode(models.TextChoices):
        ABSTRACT = "abstract", "Abstract (Tables 23–25)"
        TABLETOP = "tabletop", "Tabletop"

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="battles")
    hex = models.ForeignKey("campaign.Hex", on_delete=models.CASCADE, related_name="battles")
    seq = models.PositiveIntegerField(validators=COUNT.validators())
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
    # E-24, P-C5, §5.11: a tabletop battle's pieces (Tables 26–30, Table 17, App B), rolled
    # when every side opted in ([{"source", "piece", "roll"}]), and its report deadline
    terrain = models.JSONField(default=list, blank=True)
    report_deadline = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["turn", "seq"]
        constraints = [models.UniqueConstraint(fields=["turn", "seq"], name="one_battle_per_seq")]

    def __str__(self) -> str:
        return f"Battle {self.seq} at ({self.hex.q}, {self.hex.r})"

    @property
    def needs_decisions(self) -> bool:
        return self.defender_kind not in (DefenderKind.UNDEFENDED, DefenderKind.LOST_CAUSE)

    @property
    def confirmed_report(self) -> TabletopReport | None:
        """P-C6: the report the other side confirmed or the GM settled, as rules.tabletop
        reads it; None if there is none (E-24: the battle is then resolved abstract)."""
        report = getattr(self, "report", None)  # a missing reverse one-to-one raises
        if report is None or report.status not in BattleReport.CONFIRMED:
            return None
        return report.as_rules()


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
    points = models.PositiveIntegerField(validators=POINTS.validators())
    decision = models.CharField(max_length=8, choices=_choices(Decision), default=Decision.FIGHT)
    strategy = models.CharField(max_length=10, blank=True, choices=_choices(Strategy))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # E-24: this side opts in to play the battle on the tabletop (the GM for a neutral)
    tabletop = models.BooleanField(default=False)
    # P-C4: a defending patrol's place for this battle among its battles, as its owner
    # ordered them at Phase 4 (battles.services.battle_order_set); his secret
    rank = models.PositiveSmallIntegerField(null=True, blank=True, validators=COUNT.validators())
    # E-15: the patrols of this side's kingdom that cover the hex, the default first,
    # when there are two or more: the owner may name another (battle_defender_name)
    patrol_choices = models.ManyToManyField("kingdoms.Army", blank=True, related_name="+")
    # E-29: the side's armies as they went into the battle, kept when it was fought or
    # otherwise ended ([{"id", "name", "points", "characters", "list_text", "list_url"}]):
    # the battle's page shows them, not the armies as they are later; None before that
    armies_seen = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["battle", "role"], name="one_side_per_role")]

    def __str__(self) -> str:
        return f"{self.battle} {self.role}"

    @property
    def is_neutral(self) -> bool:
        return self.kingdom_id is None


def characters_seen(characters: Iterable) -> list[dict]:
    """Characters on a battle's page, Generals first."""
    people = sorted(characters, key=lambda c: (not c.is_general, c.pk))
    return [{"id": c.pk, "name": c.name, "is_general": c.is_general} for c in people]


def army_seen(army, characters: Iterable) -> dict:
    """An army on a battle's page (battles.tabletop_selectors) with its active
    ``characters``: what BattleSide.armies_seen keeps of it."""
    return {
        "id": army.pk,
        "kingdom": army.kingdom_id,
        "name": army.name,
        "points": army.points,
        "characters": characters_seen(characters),
        "list_text": army.list_text,
        "list_url": army.list_url,
    }


class BattleReport(models.Model):
    """P-C5, P-C6, E-24: what the players bring back from a tabletop battle: one side
    reports, the other confirms or disputes, the GM settles a dispute. A new report
    replaces one not yet confirmed. Its history is in the chronicle."""

    class Status(models.TextChoices):
        REPORTED = "reported", "Reported, awaiting the other side"
        CONFIRMED = "confirmed", "Confirmed by the other side"
        DISPUTED = "disputed", "Disputed: the GM settles it"
        SETTLED = "settled", "Settled by the GM"

    CONFIRMED = (Status.CONFIRMED, Status.SETTLED)

    battle = models.OneToOneField(Battle, on_delete=models.CASCADE, related_name="report")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.REPORTED)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported_role = models.CharField(max_length=10, blank=True, choices=_choices(Role))
    winner = models.CharField(max_length=10, blank=True, choices=_choices(Role))  # "": a draw
    massacre = models.BooleanField(default=False)
    vp_margin = models.PositiveIntegerField(null=True, blank=True, validators=POINTS.validators())
    # [{"army": id, "unit": "Spearmen", "fate": "destroyed", "points": 150, "table_roll": 4}]
    casualties = models.JSONField(default=list, blank=True)
    neutral_losses = models.PositiveIntegerField(default=0, validators=POINTS.validators())
    removed = models.JSONField(default=list, blank=True)  # [{"character": id, "table_roll": 3}]
    kills = models.JSONField(default=list, blank=True)  # [{"character": id, "count": 1}]
    text = models.TextField(max_length=4000, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    dispute = models.TextField(max_length=2000, blank=True)
    ruling = models.TextField(max_length=2000, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Report of {self.battle} ({self.status})"

    @property
    def is_confirmed(self) -> bool:
        return self.status in self.CONFIRMED

    def as_rules(self) -> TabletopReport:
        return TabletopReport(
            winner=Role(self.winner) if self.winner else None,
            massacre=self.massacre,
            vp_margin=self.vp_margin,
            units=tuple(
                UnitLoss(
                    army_id=u["army"],
                    unit=u["unit"],
                    fate=UnitFate(u["fate"]),
                    points=u["points"],
                    table_roll=u.get("table_roll"),
                )
                for u in self.casualties
            ),
            removed=tuple(
                RemovedCharacter(r["character"], r.get("table_roll")) for r in self.removed
            ),
            kills=tuple((k["character"], k["count"]) for k in self.kills),
            neutral_losses=self.neutral_losses,
        )


from battles.siege_models import Siege, SiegeBattle, SiegeEngine, SiegePlan  # noqa: E402, F401  E-37
