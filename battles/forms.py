"""The Phase 4 choice of one battle side: fight or retreat (A-2.4) and a strategy (Table 24)."""

from __future__ import annotations

from django import forms

from kingdoms.forms import RefusableForm
from rules.state import Decision, Strategy


class DecisionForm(RefusableForm):
    """One side's choice; the prefix keeps several sides' forms apart on one page."""

    decision = forms.ChoiceField(
        choices=[(d.value, d.value.capitalize()) for d in Decision],
        widget=forms.RadioSelect,
        initial=Decision.FIGHT.value,
    )
    strategy = forms.ChoiceField(
        # Q7: a side that names no strategy holds.
        choices=[("", "None (hold)")] + [(s.value, s.value.capitalize()) for s in Strategy],
        required=False,
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
        }
        return cls(side_id=side["id"], initial=initial)
