"""The forms of messages and press releases: they check the input's shape; the services
(kingdoms.messages.services) decide whether it may be written."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm
from kingdoms.messages.models import BODY_LENGTH, PRESS_LENGTH, SUBJECT_LENGTH
from kingdoms.models import Kingdom


def _body_field(label, length: int, rows: int) -> forms.CharField:
    return forms.CharField(
        label=label,
        max_length=length,
        strip=False,  # the service trims, and says what it refuses
        widget=forms.Textarea(attrs={"rows": rows}),
    )


class ThreadForm(RefusableForm):
    """A new thread: its subject, whom it is to, and its first message. The GM is a member
    of his own threads; a player may write to him too."""

    subject = forms.CharField(label=_("Subject"), max_length=SUBJECT_LENGTH, strip=False)
    kingdoms = forms.TypedMultipleChoiceField(
        label=_("To"), coerce=int, required=False, widget=forms.CheckboxSelectMultiple
    )
    with_gm = forms.BooleanField(label=_("The game master"), required=False)
    body = _body_field(_("Message"), BODY_LENGTH, 8)

    def __init__(self, *args, kingdoms: list[Kingdom], is_gm: bool, **kwargs):
        super().__init__(*args, prefix="thread", **kwargs)
        self.fields["kingdoms"].choices = [(k.pk, k.name) for k in kingdoms]
        if is_gm:
            del self.fields["with_gm"]


class MessageForm(RefusableForm):
    body = _body_field(_("Your answer"), BODY_LENGTH, 5)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, prefix="message", **kwargs)


class PressForm(RefusableForm):
    text = _body_field(_("Press release"), PRESS_LENGTH, 5)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, prefix="press", **kwargs)
