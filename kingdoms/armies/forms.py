"""Army building's forms (§5.6, B 3.3–3.5): they check the input's shape; the services
(kingdoms.armies.services) decide, and a refusal shows next to its field."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm
from campaign.core.inputs import COUNT, POINTS, name_form_field
from kingdoms.races import race_choices
from rules.core.state import Ruleset


def allocation_help(ruleset: Ruleset) -> str:
    """E-14, the bounds of the campaign's ruleset (1,000–3,000 by the rulebook)."""
    low, high = ruleset.army_minimum, ruleset.army_maximum
    return gettext("%(low)s–%(high)s, all armies within Total Support") % {
        "low": f"{low:,}",
        "high": f"{high:,}",
    }


ALLOCATION = _("Allocation (points)")


def _points(label=ALLOCATION) -> forms.IntegerField:
    return POINTS.form_field(
        label=label,
        help_text="",  # the page puts the campaign's bounds in (allocation_help)
        error_messages={"invalid": _("Give the points as a whole number.")},
    )


class RaiseForm(RefusableForm):
    name = name_form_field(label=_("Army name"))
    allocation = _points()
    general = name_form_field(
        label=_("Its General"),
        required=False,
        help_text=_("Every army has a General; left empty: “General of the …”"),
    )
    race = forms.ChoiceField(
        label=_("Its people"),
        required=False,
        help_text=_("Your own, or an allied people one of your settlements gives you."),
    )

    def __init__(self, *args, allies: bool = False, **kwargs):
        """``allies``: the peoples module is on, and the army may be of an allied people
        (NR-ALLY); otherwise the form has no race."""
        super().__init__(*args, prefix="raise", **kwargs)
        if allies:
            self.fields["race"].choices = [("", _("Your kingdom's own")), *race_choices()]
        else:
            del self.fields["race"]


class ArmyForm(RefusableForm):
    """A form about one army: the prefix keeps the armies' forms apart on one page."""

    action = ""

    def __init__(self, *args, army_id: int, **kwargs):
        super().__init__(*args, prefix=f"{self.action}-{army_id}", **kwargs)


class AllocationForm(ArmyForm):
    action = "allocation"
    allocation = _points(_("New allocation (points)"))


class GeneralForm(ArmyForm):
    action = "general"
    general = name_form_field(label=_("General's name"))


class ListForm(ArmyForm):
    action = "list"
    text = forms.CharField(
        label=_("Army list"),
        required=False,
        max_length=20000,
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    url = forms.CharField(
        label=_("or a link to it"),
        required=False,
        max_length=500,
        help_text=_("http:// or https://"),
    )


class SlotsForm(ArmyForm):
    action = "slots"
    lord = COUNT.form_field(label=_("Lords"), initial=0)
    hero = COUNT.form_field(label=_("Heroes"), initial=0)
    special = COUNT.form_field(label=_("Specials"), initial=0)
    rare = COUNT.form_field(label=_("Rares"), initial=0)
    magic_items = POINTS.form_field(label=_("Magic items (pts)"), initial=0)


class ApproveForm(ArmyForm):
    action = "approve"
    approved = forms.BooleanField(label=_("Approved"), required=False)


FORMS: dict[str, type[ArmyForm]] = {
    form.action: form for form in (AllocationForm, GeneralForm, ListForm, SlotsForm, ApproveForm)
}
