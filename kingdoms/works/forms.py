"""The bridge form of the kingdom page's power tab (NR-BRIDGE-1): it checks the input's
shape; kingdoms.works.services decides whether the bridge may be ordered."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm


class BridgeForm(RefusableForm):
    hex = forms.RegexField(
        regex=r"^\s*-?\d+\s*,\s*-?\d+\s*$",
        label=_("Bridge the hex"),
        help_text=_("One of your River hexes as q,r, e.g. 3,1."),
    )

    def coord(self) -> tuple[int, int]:
        q, r = self.cleaned_data["hex"].split(",")
        return int(q), int(r)
