"""The profile's form: it checks the input's shape; campaign.accounts.services decides."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.accounts.models import language_choices
from campaign.core.forms import RefusableForm
from campaign.core.inputs import name_form_field, time_zones
from campaign.tokens.models import PersonalToken


def _time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in time_zones()]


class ProfileForm(RefusableForm):
    display_name = name_form_field(
        max_length=60,
        required=False,
        label=_("Display name"),
        help_text=_("The name others see; leave it blank to show your username."),
    )
    time_zone = forms.ChoiceField(
        choices=_time_zone_choices,
        label=_("Time zone"),
        help_text=_("Every date and deadline is shown in it."),
    )
    language = forms.ChoiceField(
        choices=language_choices,
        required=False,
        label=_("Language"),
        help_text=_("The site's words; the browser's language until you choose one."),
    )


class TokenForm(RefusableForm):
    """A new personal API token (campaign.tokens)."""

    name = forms.CharField(max_length=100, required=False, label=_("What it is for"))
    scope = forms.ChoiceField(choices=PersonalToken.Scope.choices, label=_("Access"))
