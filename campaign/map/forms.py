"""The GM's hex terrain forms (Q16) and the map editor's (set-up): they check the input's
shape; the rules decide the rest."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from campaign.core import words
from campaign.core.forms import RefusableForm
from campaign.core.inputs import COORD
from kingdoms.models import Kingdom, NeutralKingdom
from rules.battles.tabletop_tables import TERRAIN_TABLES
from rules.core.state import Defence, Feature, Terrain


def _axis(name: str, widget: forms.Widget) -> forms.IntegerField:
    """A hex's coordinate: ``name`` is q or r, the same in every language."""
    return COORD.form_field(
        label=name,
        widget=widget,
        error_messages={
            "invalid": format_lazy(_("{axis} must be a whole number."), axis=name),
            "required": format_lazy(_("Give the hex's {axis}."), axis=name),
        },
    )


def _box(name: str) -> forms.NumberInput:
    return forms.NumberInput(
        attrs={"placeholder": name, "aria-label": format_lazy(_("hex {axis}"), axis=name)}
    )


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
        label=_("Secondary terrains"),
        required=False,
        choices=[
            (t.value, words.label(words.TERRAINS, t.value)) for t in Terrain if t in TERRAIN_TABLES
        ],
        widget=forms.CheckboxSelectMultiple,
        error_messages={"invalid_choice": _("'%(value)s' is not a land terrain.")},
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "hex-terrain-%s")  # the pick form on the page has q, r
        super().__init__(*args, **kwargs)


DRAWING_TOOLS = (
    ("paint", _("Paint the terrain")),
    ("grow", _("Add a hex at the edge")),
    ("shrink", _("Remove a hex at the edge")),
    ("feature", _("Place a feature")),
    ("defence", _("Place a fortress")),
    ("watchtower", _("Put up or take down a watchtower")),
    ("capital", _("Found a player kingdom, or remove it at its capital")),
    ("neutral", _("Found a hidden neutral kingdom, or remove it at its capital")),
    ("land", _("Give a hex to a kingdom, or take it back")),
)


class MapDrawingForm(RefusableForm):
    """One click of the map editor: the tool and its choice, and the hex (q, r) it is
    used on, which a click on the map fills in and the keyboard types."""

    tool = forms.ChoiceField(
        label=_("Tool"), choices=DRAWING_TOOLS, initial="paint", widget=forms.RadioSelect
    )
    terrain = forms.ChoiceField(
        label=_("Terrain"),
        choices=words.choices(Terrain, words.TERRAINS),
        initial=Terrain.FIELDS.value,
        help_text=_("Painted, or given to a new hex."),
    )
    feature = forms.ChoiceField(
        label=_("Feature"),
        required=False,
        choices=[("", _("None"))] + words.choices(Feature, words.FEATURES),
    )
    defence = forms.ChoiceField(
        label=_("Fortress"),
        required=False,
        choices=[("", _("None"))] + words.choices(Defence, words.DEFENCES),
    )
    kingdom = forms.ChoiceField(label=_("Kingdom"), required=False)
    q = _axis("q", _box("q"))
    r = _axis("r", _box("r"))

    def __init__(
        self,
        *args,
        kingdoms: list[Kingdom],
        neutrals: list[NeutralKingdom],
        tiles: bool = False,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        # new-rules.md §2: the supplement's tiles only while the campaign plays them
        painted = [t for t in Terrain if tiles or t.is_base]
        self.fields["terrain"].choices = words.choices(painted, words.TERRAINS)
        self.kingdoms = {f"kingdom-{k.pk}": k for k in kingdoms} | {
            f"neutral-{n.pk}": n for n in neutrals
        }
        self.fields["kingdom"].choices = [("", _("Choose a kingdom"))] + [
            (key, k.name if isinstance(k, Kingdom) else _("%(name)s (neutral)") % {"name": k.name})
            for key, k in self.kingdoms.items()
        ]

    def clean(self):
        data = super().clean()
        if data.get("tool") == "land" and not data.get("kingdom"):
            self.add_error("kingdom", _("Choose the kingdom the hex joins or leaves."))
        return data

    def coord(self) -> tuple[int, int]:
        return (self.cleaned_data["q"], self.cleaned_data["r"])

    def chosen_kingdom(self) -> Kingdom | NeutralKingdom:
        return self.kingdoms[self.cleaned_data["kingdom"]]

    def choices(self) -> dict[str, str]:
        """The tool and its choices, to keep them from one click to the next."""
        return {
            name: self.cleaned_data[name]
            for name in ("tool", "terrain", "feature", "defence", "kingdom")
        }
