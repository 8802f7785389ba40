"""The profile's form: it checks the input's shape; campaign.accounts.services decides."""

from __future__ import annotations

from django import forms
from django.conf import settings

from campaign.core.forms import RefusableForm
from campaign.core.inputs import name_form_field, time_zones
from campaign.tokens.models import PersonalToken


def _time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in time_zones()]


class ProfileForm(RefusableForm):
    display_name = name_form_field(
        max_length=60,
        required=False,
        label="Display name",
        help_text="The name others see; leave it blank to show your username.",
    )
    time_zone = forms.ChoiceField(
        choices=_time_zone_choices,
        label="Time zone",
        help_text="Every date and deadline is shown in it.",
    )
    language = forms.ChoiceField(choices=settings.LANGUAGES, label="Language")


class TokenForm(RefusableForm):
    """A new personal API token (campaign.tokens)."""

    name = forms.CharField(max_length=100, required=False, label="What it is for")
    scope = forms.ChoiceField(choices=PersonalToken.Scope.choices, label="Access")
