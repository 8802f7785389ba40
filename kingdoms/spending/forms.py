"""The spending form (Table 10, Table 11, §5.6): it checks the input's shape; the rules
decide legality (rules.kingdoms.spending, through kingdoms.spending.services)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm
from campaign.core.inputs import POWER
from campaign.core.words import SPENDS
from kingdoms.orders.forms import TargetField


def _optional(label: str, help_text: str = "") -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=label, required=False, coerce=int, empty_value=None, help_text=help_text
    )


class SpendForm(RefusableForm):
    """One line of spending. The selects are filled from the panel's choices: the
    kingdom's armies, this turn's mercenary offers, the neutral kingdoms it knows and
    the other player kingdoms."""

    kind = forms.ChoiceField(label=_("Spend on"), choices=list(SPENDS.items()))
    amount = POWER.at_least(1).form_field(
        label=_("Power"),
        required=False,
        help_text=_(
            "Builds and the surgeon cost their price; diplomacy takes up to 2 extra (+1 "
            "each on the roll), pacify 1–3, a bid at least the minimum."
        ),
    )
    hex = TargetField(
        label=_("Hex (q, r)"), help_text=_("For builds, pacify and an incite's target.")
    )
    army = _optional(_("Army"), _("Recruit and mercenaries: the army they join this turn."))
    offer = _optional(_("Mercenaries"))
    neutral_kingdom = _optional(_("Neutral kingdom"))
    recipient = _optional(_("Share with"))

    def __init__(self, *args, choices: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = choices or {}
        for name in ("army", "offer", "neutral_kingdom", "recipient"):
            self.fields[name].choices = [("", "—"), *choices.get(name, [])]

    def spend_kwargs(self) -> dict:
        data = self.cleaned_data
        amount = data.get("amount")  # None: a fixed-cost item's price (the service's)
        return {
            "kind": data["kind"],
            "amount": amount,
            "hex": data.get("hex"),
            "army_id": data.get("army"),
            "offer_id": data.get("offer"),
            "neutral_kingdom_id": data.get("neutral_kingdom"),
            "recipient_id": data.get("recipient"),
        }
