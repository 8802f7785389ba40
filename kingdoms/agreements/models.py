"""Agreements between player kingdoms (Q23)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.core.inputs import TURN
from kingdoms.models import Kingdom

# Why an agreement ended (end_reason), in the words its row shows: the services' reasons
# and the engine's (rules.kingdoms.agreements).
END_REASONS = {
    "declined": _("declined"),
    "withdrawn": _("withdrawn"),
    "called_off": _("called off"),
    "broken": _("broken"),
    "eliminated": _("eliminated"),
    "turn_over": _("turn over"),
    "notice": _("notice"),
}


class Agreement(models.Model):
    """A mutual agreement between two player kingdoms (Q23, B 7.2–7.5): proposed by one,
    accepted or declined by the other (kingdoms.agreements.services). The engine sees
    the active ones (rules.kingdoms.agreements). A combined assault names its turn, hex and
    beneficiary (E-28); a vassalage its overlord and vassal, and ``vassal_since`` once
    the vassal's capital fell and he swore (Q20, E-19, E-23)."""

    class Kind(models.TextChoices):
        CEASE_FIRE = "cease_fire", _("Cease fire")
        ALLIANCE = "alliance", _("Alliance")
        COMBINED_ASSAULT = "combined_assault", _("Combined assault")
        VASSALAGE = "vassalage", _("Vassalage")

    class State(models.TextChoices):
        PROPOSED = "proposed", _("Proposed")
        ACTIVE = "active", _("Active")
        DECLINED = "declined", _("Declined")
        ENDED = "ended", _("Ended")
        BROKEN = "broken", _("Broken")

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="agreements"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    proposer = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="+")
    partner = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="+")
    state = models.CharField(max_length=10, choices=State.choices, default=State.PROPOSED)
    # Announced to every player on acceptance (cease fire, alliance, vassalage), so the
    # whole campaign sees it from then on; a combined assault stays the parties' (Q23).
    public = models.BooleanField(default=False)
    # Combined assault (E-28): the turn, the hex invaded together, who takes it
    turn_number = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    target = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    beneficiary = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # Vassalage (Q20, E-19)
    overlord = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    vassal = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    vassal_since = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    proposed_turn = models.PositiveIntegerField(validators=TURN.validators())
    started_turn = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    # it ends after that turn
    notice_turn = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    notice_by = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ended_turn = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    ended_by = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    end_reason = models.CharField(max_length=20, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "id"]
        indexes = [models.Index(fields=["campaign", "state"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.proposer} and {self.partner} ({self.state})"

    def get_end_reason_display(self) -> str:
        return str(END_REASONS.get(self.end_reason, self.end_reason.replace("_", " ")))

    @property
    def kingdom_ids(self) -> tuple[int, int]:
        return (self.proposer_id, self.partner_id)
