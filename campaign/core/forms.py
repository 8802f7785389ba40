"""The base of every form of the site: it shows a service's refusal next to its field."""

from __future__ import annotations

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.html import format_html

from campaign.core.errors import Refused
from campaign.ruleset.templatetags import rule


def refusal_html(refused: Refused) -> str:
    """The refusal's sentence and, beside it, its rule as a link into the rulebook: the
    error as a form shows it (``{{ error }}``, ``non_field_errors|join``)."""
    if not refused.rule:
        return refused.message
    return format_html("{} {}", refused.message, rule(refused.rule))


class RefusableForm(forms.Form):
    """A form that can show a service's Refused next to the field it names."""

    refused: Refused | None = None

    def refuse(self, refused: Refused) -> None:
        if not self.is_bound:
            # A button without input (a report's confirm): add_error needs the cleaned
            # data that only a bound form has, and there is none to keep.
            self.cleaned_data = {}
        self.refused = refused
        field = refused.field if refused.field in self.fields else None
        self.add_error(field, refusal_html(refused))

    def refusal(self) -> Refused:
        """The form's first error as a service would refuse it, for a page that shows
        a Refused rather than the form; the service's own when it refused."""
        if self.refused is not None:
            return self.refused
        field, errors = next(iter(self.errors.items()))
        return Refused(errors[0], field=None if field == NON_FIELD_ERRORS else field)
