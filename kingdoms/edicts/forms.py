"""The edict form (§5.3 Table 2): it checks the input's shape; the rules decide legality."""

from __future__ import annotations

from django import forms

from campaign.core.forms import RefusableForm
from kingdoms.orders.forms import TargetField
from rules.core.state import EdictKind, Structure


class EdictForm(RefusableForm):
    """One edict: the hex (q, r), Loot or Raze, and for a Raze the structure (E-26)."""

    hex = TargetField(label="Hex")
    kind = forms.ChoiceField(
        label="Edict", choices=[(k.value, k.value.capitalize()) for k in EdictKind]
    )
    structure = forms.ChoiceField(
        label="Structure to raze",
        required=False,
        choices=[
            ("", "—"),
            *((s.value, s.value.replace("_", " ").capitalize()) for s in Structure),
        ],
        help_text="Raze only (E-26): the feature, fortress, great fortress or watchtower it "
        "destroys.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, prefix="edict", **kwargs)
        for axis, box in zip(("q", "r"), self.fields["hex"].widget.widgets, strict=True):
            box.attrs["aria-label"] = f"hex {axis}"

    def clean_hex(self) -> tuple[int, int]:
        coord = self.cleaned_data["hex"]
        if coord is None:
            raise forms.ValidationError("Give the q and r of one of your hexes.")
        return coord

    def edict_structure(self) -> str | None:
        """Only a Raze names a structure, whatever the box says."""
        if self.cleaned_data["kind"] != EdictKind.RAZE:
            return None
        return self.cleaned_data["structure"] or None
