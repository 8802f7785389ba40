"""The proposal form of the Agreements section: it checks the input's shape; the
services (kingdoms.agreements.services) decide whether the agreement may be made."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm
from campaign.core.inputs import TURN
from kingdoms.agreements.models import Agreement
from kingdoms.models import Kingdom
from kingdoms.orders.forms import TargetField

WHO = [("", "—"), ("me", _("My kingdom")), ("partner", _("The other kingdom"))]


class AgreementForm(RefusableForm):
    kind = forms.ChoiceField(label=_("Agreement"), choices=Agreement.Kind.choices)
    partner = forms.TypedChoiceField(label=_("With"), coerce=int)
    turn = TURN.form_field(
        label=_("Turn"),
        required=False,
        help_text=_("Combined assault: the turn of the invasion (this turn if left empty)."),
    )
    target = TargetField(
        label=_("Hex invaded together (q, r)"), help_text=_("Combined assault only.")
    )
    beneficiary = forms.ChoiceField(
        label=_("Who takes the hex"),
        choices=WHO,
        required=False,
        help_text=_("Combined assault: the hex goes to him."),
    )
    overlord = forms.ChoiceField(
        label=_("Overlord"),
        choices=WHO,
        required=False,
        help_text=_("Vassalage: the other becomes his vassal if he takes his capital."),
    )

    def __init__(self, *args, me: Kingdom, kingdoms: list[Kingdom], **kwargs):
        super().__init__(*args, prefix="agreement", **kwargs)
        self.me = me
        self.fields["partner"].choices = [
            (k.pk, k.name) for k in kingdoms if k.pk != me.pk and not k.eliminated
        ]

    def _who(self, name: str) -> int | None:
        """ "me" or "partner" as a kingdom id."""
        return {"me": self.me.pk, "partner": self.cleaned_data["partner"]}.get(
            self.cleaned_data.get(name) or ""
        )

    def proposal(self) -> dict:
        """The keyword arguments of agreement_propose."""
        data = self.cleaned_data
        return {
            "kind": data["kind"],
            "partner_id": data["partner"],
            "turn_number": data.get("turn"),
            "target": data.get("target"),
            "beneficiary_id": self._who("beneficiary"),
            "overlord_id": self._who("overlord"),
        }
