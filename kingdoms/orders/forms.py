"""The army order form: it checks the input's shape; the rules decide legality."""

from __future__ import annotations

from django import forms
from django.utils.text import Truncator, format_lazy
from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm
from campaign.core.inputs import COORD
from rules.core.state import NeutralConquest, OrderKind


class TargetWidget(forms.MultiWidget):
    """Two small number boxes, q and r, posted as target_q and target_r."""

    def __init__(self):
        boxes = {
            axis: forms.NumberInput(
                attrs={
                    "placeholder": axis,
                    "aria-label": format_lazy(_("target {axis}"), axis=axis),
                }
            )
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
            COORD.form_field(
                error_messages={
                    "invalid": format_lazy(_("{axis} must be a whole number."), axis=axis)
                }
            )
            for axis in ("q", "r")
        ]
        super().__init__(
            axes,
            require_all_fields=False,
            required=False,
            error_messages={"incomplete": _("Give both q and r of the target hex.")},
            **kwargs,
        )

    def compress(self, data_list):
        return tuple(data_list) if data_list else None


class HexListInput(forms.TextInput):
    """One box of "q,r" pairs, or several values under the same name joined into one
    list: the boxes the map's hex panel ticks, one a land hex across the sea."""

    def value_from_datadict(self, data, files, name):
        if name in data and hasattr(data, "getlist"):
            return "; ".join(value for value in data.getlist(name) if value)
        return super().value_from_datadict(data, files, name)


class HexListField(forms.CharField):
    """Hexes typed as "q,r" pairs separated by semicolons: "5,1; 6,0" (A-1.1.2.4)."""

    def __init__(self, *, max_length: int = 500, **kwargs):
        super().__init__(max_length=max_length, **kwargs)

    def to_python(self, value) -> tuple[tuple[int, int], ...]:
        text = super().to_python(value)
        if len(text) > self.max_length:  # the validators come after: refuse before parsing
            raise forms.ValidationError(
                _("Write at most %(max_length)s characters.") % {"max_length": self.max_length}
            )
        cells = []
        for part in (p.strip() for p in text.split(";")):
            if not part:
                continue
            q, _comma, r = part.partition(",")
            coord = (COORD.parse(q), COORD.parse(r))
            if None in coord:
                raise forms.ValidationError(
                    _(
                        "'%(part)s' is not a hex: write q,r pairs separated by semicolons, "
                        "e.g. 5,1; 6,0."
                    )
                    % {"part": Truncator(part).chars(20)}
                )
            cells.append(coord)
        return tuple(cells)


class OrderForm(RefusableForm):
    """One army's order; the prefix keeps several armies' forms apart on one page."""

    kind = forms.ChoiceField(
        label=_("Order"), choices=[(k.value, k.value.capitalize()) for k in OrderKind]
    )
    target = TargetField(label=_("Target hex"))
    sea_cover = HexListField(
        label=_("Hexes across the sea"),
        required=False,
        help_text=_(
            "Patrols only (A-1.1.2.4): the land hexes across the sea the patrol "
            "covers, when it must choose, e.g. 5,1; 6,0"
        ),
        widget=HexListInput(attrs={"placeholder": "e.g. 5,1; 6,0"}),
    )
    neutral_conquest = forms.ChoiceField(
        label=_("If it takes a neutral capital"),
        required=False,
        choices=[
            ("", _("Sworn Enemies (default)")),
            (NeutralConquest.SWORN_ENEMIES.value, _("Sworn Enemies")),
            (NeutralConquest.QUICK_FRIENDSHIP.value, _("Quick Friendship")),
        ],
        help_text=_(
            "Invasions only (A-1.4.17, E-23): execute the monarch and take the "
            "kingdom, or spare him and protect it."
        ),
    )

    def __init__(self, *args, army_id: int, **kwargs):
        super().__init__(*args, prefix=f"army-{army_id}", **kwargs)

    @classmethod
    def for_order(cls, army_id: int, order) -> OrderForm:
        """A form showing the army's current order, if it has one."""
        if order is None:
            return cls(army_id=army_id)
        target = (order.target.q, order.target.r) if order.target is not None else None
        sea_cover = "; ".join(f"{q},{r}" for q, r in order.sea_cover)
        initial = {"kind": order.kind, "target": target, "sea_cover": sea_cover}
        if order.kind == OrderKind.INVADE:
            initial["neutral_conquest"] = order.neutral_conquest
        return cls(army_id=army_id, initial=initial)

    def order_target(self) -> tuple[int, int] | None:
        """A Rest order has no target, whatever the boxes say."""
        if self.cleaned_data["kind"] == OrderKind.REST:
            return None
        return self.cleaned_data["target"]

    def order_neutral_conquest(self) -> str:
        """A-1.4.17, E-23: the choice for a neutral capital; Sworn Enemies if none."""
        return self.cleaned_data.get("neutral_conquest") or NeutralConquest.SWORN_ENEMIES.value

    def order_sea_cover(self) -> tuple[tuple[int, int], ...]:
        """Only a Patrol names hexes across the sea, whatever the box says."""
        if self.cleaned_data["kind"] != OrderKind.PATROL:
            return ()
        return self.cleaned_data["sea_cover"]
