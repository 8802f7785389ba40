"""The Phase 4 choice of one battle side: fight or retreat (A-2.4) and a strategy (Table 24)."""

from __future__ import annotations

from django import forms
from django.utils.formats import number_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from battles.words import DECISIONS, STRATEGIES
from campaign.core.forms import RefusableForm
from rules.core.state import Decision, Strategy


def strategy_name(strategy: Strategy):
    """Table 24's strategy as a choice names it: "Assault"."""
    return capfirst(STRATEGIES[strategy])


class DecisionForm(RefusableForm):
    """One side's choice; the prefix keeps several sides' forms apart on one page."""

    decision = forms.ChoiceField(
        choices=[(d.value, capfirst(DECISIONS[d])) for d in Decision],
        widget=forms.RadioSelect,
        initial=Decision.FIGHT.value,
    )
    strategy = forms.ChoiceField(
        # Q7: a side that names no strategy holds.
        choices=[("", gettext_lazy("None (hold)"))]
        + [(s.value, strategy_name(s)) for s in Strategy],
        required=False,
    )
    tabletop = forms.BooleanField(
        label=gettext_lazy("Play it on the tabletop (only if every side opts in)"), required=False
    )

    def __init__(self, *args, side_id: int, **kwargs):
        super().__init__(*args, prefix=f"side-{side_id}", **kwargs)
        self.side_id = side_id

    @classmethod
    def for_side(cls, side: dict) -> DecisionForm:
        """A form showing the side's choice so far (the selector gives it to its own side)."""
        initial = {
            "decision": side["decision"] or Decision.FIGHT.value,
            "strategy": side["strategy"] or "",
            "tabletop": bool(side.get("tabletop")),
        }
        form = cls(side_id=side["id"], initial=initial)
        field = form.fields["decision"]  # E-37: only a fortified place's defender withdraws
        withdraw = _("Withdraw behind the walls") if side.get("may_withdraw") else None
        field.choices = [
            (value, withdraw or label) if value == Decision.WITHDRAW else (value, label)
            for value, label in field.choices
            if value != Decision.WITHDRAW or withdraw
        ]
        return form


class DefenderForm(RefusableForm):
    """E-15: the patrol the owner names to defend a hex that several of his patrols
    cover; battle_defender_name checks that it is one of them."""

    army = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Defending patrol"))

    def __init__(self, *args, side_id: int, choices: list[dict], **kwargs):
        super().__init__(*args, prefix=f"defender-{side_id}", **kwargs)
        self.side_id = side_id
        self.fields["army"].choices = [
            (
                c["id"],
                _("%(army)s (%(points)s points)")
                % {"army": c["name"], "points": number_format(c["points"], force_grouping=True)},
            )
            for c in choices
        ]

    @classmethod
    def for_side(cls, side: dict) -> DefenderForm:
        defending = next((c["id"] for c in side["patrol_choices"] if c["defending"]), None)
        return cls(side_id=side["id"], choices=side["patrol_choices"], initial={"army": defending})


class BattleOrderForm(RefusableForm):
    """P-C4: a place (1, 2, …) for each battle of one patrol; battle_order_set checks
    that every battle is listed once."""

    def __init__(self, *args, patrol: dict, **kwargs):
        super().__init__(*args, prefix=f"order-{patrol['army']}", **kwargs)
        self.patrol = patrol
        count = len(patrol["battles"])
        for battle in patrol["battles"]:
            hex_ = battle["hex"]
            self.fields[f"battle-{battle['id']}"] = forms.IntegerField(
                label=_("Battle %(seq)s at (%(q)s, %(r)s)")
                % {"seq": battle["seq"], "q": hex_["q"], "r": hex_["r"]},
                min_value=1,
                max_value=count,
                initial=battle["place"],
            )

    def clean(self):
        cleaned = super().clean()
        places = [cleaned.get(name) for name in self.fields]
        if None not in places and len(set(places)) != len(places):
            raise forms.ValidationError(_("Give each battle its own place: 1, 2, …"))
        return cleaned

    def battles(self) -> list[int]:
        """The battle ids, first to fight first."""
        places = {
            int(name.removeprefix("battle-")): self.cleaned_data[name] for name in self.fields
        }
        return sorted(places, key=places.__getitem__)
