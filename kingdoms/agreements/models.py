"""Agreements between player kingdoms (Q23)."""

from __future__ import annotations

from django.db import models

from campaign.core.inputs import TURN
from kingdoms.models import Kingdom


class Agreement(models.Model):
    """A mutual agreement between two player kingdoms (Q23, B 7.2–7.5): proposed by one,
    accepted or declined by the other (kingdoms.agreements.services). The engine sees
    the active ones (rules.kingdoms.agreements). A combined assault names its turn, hex and
    beneficiary (E-28); a vassalage its overlord and vassal, and ``vassal_since`` once
    the vassal's capital fell and he swore (Q20, E-19, E-23)."""

    class Kind(models.TextChoices):
        CEASE_FIRE = "cease_fire", "Cease fire"
        ALLIANCE = "alliance", "Alliance"
        COMBINED_ASSAULT = "combined_assault", "Combined assault"
        VASSALAGE = "vassalage", "Vassalage"

    class State(models.TextChoices):
        PROPOSED = "proposed", "Proposed"
        ACTIVE = "active", "Active"
        DECLINED = "declined", "Declined"
        ENDED = "ended", "Ended"
        BROKEN = "broken", "Broken"

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

    @property
    def kingdom_ids(self) -> tuple[int, int]:
        return (self.proposer_id, self.partner_id)
