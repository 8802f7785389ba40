"""The base of every form of the site: it shows a service's refusal next to its field."""

from __future__ import annotations

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS

from campaign.core.errors import Refused


class RefusableForm(forms.Form):
    """A form that can show a service's Refused next to the field it names."""

    def refuse(self, refused: Refused) -> None:
        if not self.is_bound:
            # A button without input (a report's confirm): add_error needs the cleaned
            # data that only a bound form has, and there is none to keep.
            self.cleaned_data = {}
        self.add_error(refused.field if refused.field in self.fields else None, refused.message)

    def refusal(self) -> Refused:
        """The form's first error as a service would refuse it, for a page that shows
        a Refused rather than the form."""
        field, errors = next(iter(self.errors.items()))
        return Refused(errors[0], field=None if field == NON_FIELD_ERRORS else field)
