"""The army order form: it checks the input's shape; the rules decide legality."""

from __future__ import annotations

from django import forms

from campaign.errors import Refused
from rules.state import OrderKind


class TargetWidget(forms.MultiWidget):
    """Two small number boxes, q and r, posted as target_q and target_r."""

    def __init__(self):
        boxes = {
            axis: forms.NumberInput(attrs={"placeholder": axis, "aria-label": f"target {axis}"})
            for axis in ("q", "r")
        }
        super().__init__(boxes)

    def decompress(self, value):
        return list(value) if value else [None, None]


class TargetField(forms.MultiValueField):
    """An axial hex (q, r), or None when both boxes are left empty (a Rest order)."""

    widget = TargetWidget

    def __init__(self, **kwargs):
        axes = [
            forms.IntegerField(error_messages={"invalid": f"{axis} must be a whole number."})
            for axis in ("q", "r")
        ]
        super().__init__(
            axes,
            require_all_fields=False,
            required=False,
            error_messages={"incomplete": "Give both q and r of the target hex."},
            **kwargs,
        )

    def compress(self, data_list):
        return tuple(data_list) if data_list else None


class RefusableForm(forms.Form):
    """A form that can show a service's Refused next to the field it names."""

    def refuse(self, refused: Refused) -> None:
        self.add_error(refused.field if refused.field in self.fields else None, refused.message)


class OrderForm(RefusableForm):
    """One army's order; the prefix keeps several armies' forms apart on one page."""

    kind = forms.ChoiceField(
        label="Order", choices=[(k.value, k.value.capitalize()) for k in OrderKind]
    )
    target = TargetField(label="Target hex")

    def __init__(self, *args, army_id: int, **kwargs):
        super().__init__(*args, prefix=f"army-{army_id}", **kwargs)

    @classmethod
    def for_order(cls, army_id: int, order) -> OrderForm:
        """A form showing the army's current order, if it has one."""
        if order is None:
            return cls(army_id=army_id)
        target = (order.target.q, order.target.r) if order.target is not None else None
        return cls(army_id=army_id, initial={"kind": order.kind, "target": target})

    def order_target(self) -> tuple[int, int] | None:
        """A Rest order has no target, whatever the boxes say."""
        if self.cleaned_data["kind"] == OrderKind.REST:
            return None
        return self.cleaned_data["target"]
