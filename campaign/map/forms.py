"""The GM's hex terrain forms (Q16): they check the input's shape; the rules decide the rest."""

from __future__ import annotations

from django import forms

from campaign.core.inputs import COORD
from kingdoms.orders.forms import RefusableForm
from rules.battles.tabletop_tables import TERRAIN_TABLES
from rules.core.state import Terrain


def _axis(name: str, widget: forms.Widget) -> forms.IntegerField:
    return COORD.form_field(
        label=name,
        widget=widget,
        error_messages={
            "invalid": f"{name} must be a whole number.",
            "required": f"Give the hex's {name}.",
        },
    )


def _box(name: str) -> forms.NumberInput:
    return forms.NumberInput(attrs={"placeholder": name, "aria-label": f"hex {name}"})


class HexPickForm(forms.Form):
    """The hex to look at, by its axial q and r (a GET form)."""

    q = _axis("q", _box("q"))
    r = _axis("r", _box("r"))

    def coord(self) -> tuple[int, int] | None:
        if not self.is_valid():
            return None
        return (self.cleaned_data["q"], self.cleaned_data["r"])


class HexTerrainForm(RefusableForm):
    """One hex's secondary terrains (Q16): a box for each land terrain (Tables 26–30);
    the hex it is for rides along hidden, as the pick form chose it."""

    q = _axis("q", forms.HiddenInput())
    r = _axis("r", forms.HiddenInput())
    secondary_terrains = forms.MultipleChoiceField(
        label="Secondary terrains",
        required=False,
        choices=[(t.value, t.value.capitalize()) for t in Terrain if t in TERRAIN_TABLES],
        widget=forms.CheckboxSelectMultiple,
        error_messages={"invalid_choice": "'%(value)s' is not a land terrain (A-1.1.1)."},
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "hex-terrain-%s")  # the pick form on the page has q, r
        super().__init__(*args, **kwargs)
