"""The GM console's deadline forms (A-2.0.1): the schedule, a deadline extended, a pause.
They check the input's shape; the services decide the rest. A time is read in the GM's
own time zone (Django's current one)."""

from __future__ import annotations

from django import forms

from campaign.core.forms import RefusableForm
from campaign.core.inputs import HOUR, time_zones
from campaign.models import Campaign
from campaign.turns.schedule import WEEKDAYS


class WhenInput(forms.DateTimeInput):
    """The browser's date and time picker."""

    input_type = "datetime-local"

    def __init__(self):
        super().__init__(format="%Y-%m-%dT%H:%M")


def _weekday(value: str) -> int | None:
    return int(value) if value != "" else None


class ScheduleForm(RefusableForm):
    timezone = forms.ChoiceField(label="Time zone", choices=[])
    lock_weekday = forms.TypedChoiceField(
        label="Orders lock on",
        choices=[("", "no weekday: the turn length after the turn opens")]
        + [(str(number), name) for number, name in enumerate(WEEKDAYS)],
        coerce=_weekday,
        empty_value=None,
        required=False,
    )
    lock_hour = HOUR.form_field(label="at hour (0–23)")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["timezone"].choices = [(zone, zone) for zone in time_zones()]


class DeadlineForm(RefusableForm):
    until = forms.DateTimeField(label="New deadline", widget=WhenInput())


class PauseForm(RefusableForm):
    until = forms.DateTimeField(label="Paused until", widget=WhenInput())
    reason = forms.CharField(
        label="Why", max_length=Campaign._meta.get_field("pause_reason").max_length, required=False
    )

    def __init__(self, *args, **kwargs):
        # The console shows it beside DeadlineForm, whose field is also "until": ids of
        # its own keep each label on its own input.
        super().__init__(*args, auto_id="pause-%s", **kwargs)
