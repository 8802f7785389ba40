"""The edict form (§5.3 Table 2): it checks the input's shape; the rules decide legality."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm
from kingdoms.edicts.models import EDICT_NAMES, STRUCTURE_NAMES
from kingdoms.orders.forms import TargetField
from rules.core.state import EdictKind, Structure


class EdictForm(RefusableForm):
    """One edict: the hex (q, r), Loot or Raze, and for a Raze the structure (E-26)."""

    hex = TargetField(label=_("Hex (q, r)"))
    kind = forms.ChoiceField(
        label=_("Edict"), choices=[(k.value, EDICT_NAMES[k]) for k in EdictKind]
    )
    structure = forms.ChoiceField(
        label=_("Structure to raze"),
        required=False,
        choices=[("", "—"), *((s.value, STRUCTURE_NAMES[s]) for s in Structure)],
        help_text=_("Raze only: the feature, fortress, great fortress or watchtower it destroys."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, prefix="edict", **kwargs)
        for axis, box in zip(("q", "r"), self.fields["hex"].widget.widgets, strict=True):
            box.attrs["aria-label"] = _("hex %(axis)s") % {"axis": axis}

    def clean_hex(self) -> tuple[int, int]:
        coord = self.cleaned_data["hex"]
        if coord is None:
            raise forms.ValidationError(_("Give the q and r of one of your hexes."))
        return coord

    def edict_structure(self) -> str | None:
        """Only a Raze names a structure, whatever the box says."""
        if self.cleaned_data["kind"] != EdictKind.RAZE:
            return None
        return self.cleaned_data["structure"] or None
