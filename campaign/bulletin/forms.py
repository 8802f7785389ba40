"""The bulletin's forms (A-2.1): they check the input's shape; campaign.bulletin.services decides
the rest (a bid of at least 1 power, points within the army cap)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm
from campaign.core.inputs import POINTS, POWER, name_form_field


class RumourForm(RefusableForm):
    text = forms.CharField(required=False, max_length=2000)


class OfferForm(RefusableForm):
    name = name_form_field(max_length=120, required=False)
    description = forms.CharField(required=False, max_length=2000)
    minimum_bid = POWER.form_field(
        error_messages={
            "required": _("The minimum opening bid is a whole number of power."),
            "invalid": _("The minimum opening bid is a whole number of power."),
        }
    )
    points = POINTS.form_field(
        required=False, error_messages={"invalid": _("The mercenaries' points are a whole number.")}
    )
    special = forms.BooleanField(required=False)
