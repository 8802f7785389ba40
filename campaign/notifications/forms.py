"""The preferences form and the GM's webhook form: they check the input's shape; the services
(campaign.notifications.services) decide."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm
from campaign.notifications.models import Delivery, Kind


class PreferencesForm(RefusableForm):
    """One choice a kind: at once, in the daily digest, or not by e-mail."""

    def __init__(self, *args, current: dict[str, str], **kwargs):
        super().__init__(*args, prefix="notify", **kwargs)
        for kind in Kind:
            self.fields[kind.value] = forms.ChoiceField(
                label=kind.label,
                choices=Delivery.choices,
                initial=current[kind.value],
                widget=forms.RadioSelect,
            )


class WebhookForm(RefusableForm):
    url = forms.URLField(
        label=_("Webhook address"),
        max_length=500,
        assume_scheme="https",
        help_text=_("A Discord channel's webhook, or any address that takes its JSON."),
    )
