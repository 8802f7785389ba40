"""The forms of a tabletop battle's page: the report (P-C5, P-C6), its dispute, the GM's
ruling and a new report deadline (E-24). The services check the rules; these only
parse the fields, so a bad value comes back next to its field."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.core.forms import RefusableForm
from campaign.core.inputs import COUNT, POINTS, name_form_field
from rules.battles.postbattle_tables import UnitFate

CASUALTY_ROWS = 8


class ReportForm(RefusableForm):
    """P-C6: the result, up to eight casualty lines, each character removed (with the
    Table 13 die if it was rolled at the table) and the enemy characters he killed."""

    winner = forms.ChoiceField(label=gettext_lazy("Result"))
    vp_margin = POINTS.form_field(
        label=gettext_lazy("Victory-points margin"), required=False,
        help_text=gettext_lazy("900 or more makes it a Massacre."),
    )  # fmt: skip
    massacre = forms.BooleanField(
        label=gettext_lazy("A Massacre (only the GM rules one below the margin)"), required=False
    )
    neutral_losses = POINTS.form_field(
        label=gettext_lazy("Points the neutral side lost"), required=False
    )
    text = forms.CharField(
        label=gettext_lazy("Report"), required=False, max_length=4000,
        widget=forms.Textarea(attrs={"rows": 4}),
    )  # fmt: skip

    def __init__(self, *args, page: dict, **kwargs):
        super().__init__(*args, prefix="report", **kwargs)
        sides = {s["role"]: s["name"] for s in page["battle"]["sides"]}
        self.fields["winner"].choices = [
            ("attacker", _("The attacker won: %(name)s") % {"name": sides.get("attacker", "")}),
            ("defender", _("The defender won: %(name)s") % {"name": sides.get("defender", "")}),
            ("draw", _("A draw")),
        ]
        armies = [a for side in page["armies"].values() for a in side if a["id"] is not None]
        if not any(a["id"] is None for side in page["armies"].values() for a in side):
            del self.fields["neutral_losses"]
        choices = [("", "—")] + [(a["id"], a["name"]) for a in armies]
        fates = [("", "—")] + [(f.value, f.value.capitalize()) for f in UnitFate]
        for row in range(CASUALTY_ROWS):
            self.fields[f"army_{row}"] = forms.TypedChoiceField(
                label=_("Army"), choices=choices, coerce=int, required=False, empty_value=None
            )
            self.fields[f"unit_{row}"] = name_form_field(label=_("Unit"), required=False)
            self.fields[f"fate_{row}"] = forms.ChoiceField(
                label=_("Fate"), choices=fates, required=False
            )
            self.fields[f"points_{row}"] = POINTS.at_least(1).form_field(
                label=_("Points"), required=False
            )
            self.fields[f"roll_{row}"] = _die(_("Table 12 die rolled at the table"))
        self.characters = [
            c for side in page["armies"].values() for a in side for c in a["characters"]
        ]
        for c in self.characters:
            self.fields[f"removed_{c['id']}"] = forms.BooleanField(
                label=_("%(name)s was removed as a casualty") % {"name": c["name"]},
                required=False,
            )
            self.fields[f"recovery_{c['id']}"] = _die(
                _("%(name)s: Table 13 die at the table") % {"name": c["name"]}
            )
            self.fields[f"kills_{c['id']}"] = COUNT.form_field(
                label=_("Enemy characters %(name)s killed") % {"name": c["name"]},
                required=False,
            )

    def casualty_rows(self) -> list[list]:
        return [
            [self[f"{name}_{row}"] for name in ("army", "unit", "fate", "points", "roll")]
            for row in range(CASUALTY_ROWS)
        ]

    def character_rows(self) -> list[dict]:
        return [
            {
                "name": c["name"],
                "removed": self[f"removed_{c['id']}"],
                "recovery": self[f"recovery_{c['id']}"],
                "kills": self[f"kills_{c['id']}"],
            }
            for c in self.characters
        ]

    def clean(self):
        cleaned = super().clean()
        for row in range(CASUALTY_ROWS):
            values = [cleaned.get(f"{name}_{row}") for name in ("army", "unit", "fate", "points")]
            if any(values) and not all(values):
                self.add_error(
                    f"unit_{row}", "Give the army, the unit, its fate and its points, or nothing."
                )
        return cleaned

    def report_input(self) -> dict:
        """The values battles.tabletop.services.report_from_input reads."""
        data = self.cleaned_data
        winner = data["winner"]
        return {
            "winner": "" if winner == "draw" else winner,
            "massacre": data.get("massacre") or False,
            "vp_margin": data.get("vp_margin"),
            "neutral_losses": data.get("neutral_losses") or 0,
            "casualties": [
                {
                    "army": data[f"army_{row}"],
                    "unit": data[f"unit_{row}"],
                    "fate": data[f"fate_{row}"],
                    "points": data[f"points_{row}"],
                    "table_roll": data.get(f"roll_{row}"),
                }
                for row in range(CASUALTY_ROWS)
                if data.get(f"army_{row}")
            ],
            "removed": [
                {"character": c["id"], "table_roll": data.get(f"recovery_{c['id']}")}
                for c in self.characters
                if data.get(f"removed_{c['id']}")
            ],
            "kills": [
                {"character": c["id"], "count": data[f"kills_{c['id']}"]}
                for c in self.characters
                if data.get(f"kills_{c['id']}")
            ],
        }


def _die(label: str) -> forms.IntegerField:
    return forms.IntegerField(label=label, required=False, min_value=1, max_value=6)


class ConfirmForm(RefusableForm):
    """Confirming posts nothing but its button: a form of no fields, there to carry a
    refusal back to the page."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, prefix="confirm", **kwargs)


class DisputeForm(RefusableForm):
    reason = forms.CharField(
        label=gettext_lazy("What is wrong with it"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, prefix="dispute", **kwargs)


class SettleForm(RefusableForm):
    """The GM settles the report as it stands; a corrected one goes through ReportForm."""

    ruling = forms.CharField(
        label=gettext_lazy("Ruling"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, prefix="settle", **kwargs)


class ExtendForm(RefusableForm):
    until = forms.DateTimeField(
        label=gettext_lazy("New report deadline (in your time zone)"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, prefix="extend", **kwargs)
