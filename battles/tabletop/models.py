"""A tabletop battle's report (P-C5, P-C6)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from battles.models import Battle, _choices
from campaign.core.inputs import POINTS
from rules.battles.postbattle import UnitLoss
from rules.battles.postbattle_tables import UnitFate
from rules.battles.tabletop import RemovedCharacter, TabletopReport
from rules.core.state import Role


class BattleReport(models.Model):
    """P-C5, P-C6, E-24: what the players bring back from a tabletop battle: one side
    reports, the other confirms or disputes, the GM settles a dispute. A new report
    replaces one not yet confirmed. Its history is in the chronicle."""

    class Status(models.TextChoices):
        REPORTED = "reported", gettext_lazy("Reported, awaiting the other side")
        CONFIRMED = "confirmed", gettext_lazy("Confirmed by the other side")
        DISPUTED = "disputed", gettext_lazy("Disputed: the GM settles it")
        SETTLED = "settled", gettext_lazy("Settled by the GM")

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
