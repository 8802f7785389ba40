"""The forms of hosting a campaign: they check the input's shape; the services and the rules
decide the rest."""

from __future__ import annotations

from collections.abc import Iterable

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm
from campaign.core.inputs import NAME_LENGTH, validate_name
from campaign.models import Membership
from campaign.ruleset.labels import module_words
from kingdoms.models import Kingdom
from kingdoms.races import race_choices
from rules.core.dice import new_seed
from rules.core.mapgen import (
    PLAYERS,
    PLAYERS_PER_NEUTRAL,
    SEA_TENTHS,
    TERRAIN_MIXES,
    MapParams,
    hexes_within,
    neutral_count,
    radii,
    suggested_radius,
)
from rules.core.presets import PRESETS

DESCRIPTION_LENGTH = 5000


class CampaignBasicsForm(RefusableForm):
    """The wizard's first step: what the campaign is, and its rules."""

    name = forms.CharField(label=_("Name"), max_length=200, validators=[validate_name])
    description = forms.CharField(
        label=_("Description"),
        required=False,
        max_length=DESCRIPTION_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("What the players read when they are invited."),
    )
    players = forms.IntegerField(
        label=_("Players"), min_value=PLAYERS[0], max_value=PLAYERS[1], initial=4
    )
    preset = forms.ChoiceField(
        label=_("Rules"),
        choices=[(key, preset.title) for key, preset in PRESETS.items()],
        initial="core",
        widget=forms.RadioSelect,
    )
    modules = forms.MultipleChoiceField(
        label=_("Optional modules"),
        required=False,
        choices=[(switch.option, switch.label) for switch in module_words()],
        widget=forms.CheckboxSelectMultiple,
    )


def _neutral_choice(players: int, per: int) -> tuple[int, str]:
    count = neutral_count(players, per)
    if per == 1:
        return per, _("%(count)s (one a player)") % {"count": count}
    return per, _("%(count)s (one for every %(per)s players)") % {"count": count, "per": per}


def _sea_choices() -> list[tuple[int, str]]:
    """The sea's share of the map, in the reader's language (a callable: read per form)."""
    return [(0, _("None but one hex"))] + [
        (n, _("%(percent)s%% of the free hexes") % {"percent": n * 10})
        for n in range(1, SEA_TENTHS[1] + 1)
    ]


class MapForm(RefusableForm):
    """The wizard's map step (rules.core.mapgen.MapParams); its choices depend on the
    number of players of the first step."""

    radius = forms.TypedChoiceField(label=_("Map size"), coerce=int)
    sea_tenths = forms.TypedChoiceField(
        label=_("Sea"),
        coerce=int,
        initial=1,
        choices=_sea_choices,
    )
    mix = forms.ChoiceField(
        label=_("Land"),
        initial="balanced",
        choices=[(key, _(words)) for key, (words, _weights) in TERRAIN_MIXES.items()],
    )
    players_per_neutral = forms.TypedChoiceField(
        label=_("Hidden neutral kingdoms"), coerce=int, initial=4
    )
    seed = forms.CharField(
        label=_("Map seed"),
        max_length=64,
        help_text=_("The same seed and choices give the same map; re-roll for a new one."),
    )

    def __init__(self, *args, players: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = players
        self.fields["radius"].choices = [
            (r, _("Radius %(radius)s: %(hexes)s hexes") % {"radius": r, "hexes": hexes_within(r)})
            for r in radii(players)
        ]
        low, high = PLAYERS_PER_NEUTRAL
        self.fields["players_per_neutral"].choices = [
            _neutral_choice(players, per) for per in range(low, high + 1)
        ]

    @classmethod
    def first(cls, players: int) -> MapForm:
        """The choices the wizard offers first: the map the rules suggest (A-1.0.2), the
        fields' defaults, a new seed."""
        data = {name: field.initial for name, field in cls.base_fields.items()}
        return cls(
            {**data, "radius": suggested_radius(players), "seed": new_seed()}, players=players
        )

    def params(self, modules: Iterable[str] = ()) -> MapParams:
        """The choices, with the optional modules switched on, whose terrains the map
        may hold (rules.core.mapgen.generate_from)."""
        return MapParams(players=self.players, modules=tuple(modules), **self.cleaned_data)


class ClaimForm(RefusableForm):
    """A player takes a free kingdom, and while the campaign is set up names it."""

    name = forms.CharField(
        label=_("Kingdom name"), max_length=NAME_LENGTH, required=False, validators=[validate_name]
    )
    colour = forms.CharField(
        label=_("Colour"),
        max_length=7,
        required=False,
        widget=forms.TextInput(attrs={"type": "color"}),
    )
    race = forms.ChoiceField(
        label=_("Race"),
        required=False,
        help_text=_("Your kingdom's people: it sets its diplomacy and its armies' rules."),
    )

    def __init__(self, *args, choose_race: bool = False, **kwargs):
        """``choose_race``: the peoples module is on and the kingdom has no race yet
        (NR-RACE): the player must choose one; otherwise the form has no race."""
        super().__init__(*args, **kwargs)
        if choose_race:
            self.fields["race"].choices = [("", _("Choose a race")), *race_choices()]
            self.fields["race"].required = True
        else:
            del self.fields["race"]


class AssignForm(RefusableForm):
    """The GM seats a member who plays no kingdom: at a free kingdom, or in place of its
    player (a substitute)."""

    player = forms.ModelChoiceField(
        label=_("Player"),
        queryset=Membership.objects.none(),
        to_field_name="user_id",
        error_messages={"invalid_choice": _("Choose a member of this campaign.")},
    )

    def __init__(self, *args, waiting, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = waiting
        self.fields["player"].label_from_instance = lambda m: m.user.get_username()


class InviteForm(RefusableForm):
    """An invitation by e-mail, for a free place or to take over one kingdom."""

    email = forms.EmailField(label=_("E-mail address"))
    kingdom = forms.ModelChoiceField(
        label=_("To play"),
        required=False,
        queryset=Kingdom.objects.none(),
        empty_label=_("Any free kingdom"),
        error_messages={"invalid_choice": _("Choose one of this campaign's kingdoms.")},
    )

    def __init__(self, *args, kingdoms, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kingdom"].queryset = kingdoms
