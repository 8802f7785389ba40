"""The one exception every service raises when it refuses a request."""

from django.http import Http404
from django.utils.text import Truncator
from django.utils.translation import gettext_lazy as _

MESSAGE_LENGTH = 600
"""Far above any reason the services give: a longer one quotes a person's input back,
which could be megabytes; its beginning is enough to recognise it."""
FIELD_LENGTH = 100

NOT_FOUND = _("Not found: there is no such thing, or it is not yours to see.")
"""The one answer for whatever a viewer may not see and for whatever does not exist, so
that nobody learns from an id whether something stands behind it."""


class Refused(Exception):
    """A request the rules or the turn's state do not allow.

    ``message`` is shown to the person as it is; ``field`` names the form field or API
    attribute it concerns, so the form can show it next to that field. Both are cut
    short if they quote a huge input. ``rule``, the rule that refuses (e.g. "E-37"),
    shows beside the message as a link into the rulebook, never inside its sentence.
    """

    status = 400

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        status: int | None = None,
        rule: str = "",
    ):
        message = Truncator(message).chars(MESSAGE_LENGTH)
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.field = None if field is None else Truncator(field).chars(FIELD_LENGTH)
        if status is not None:
            self.status = status


class Hidden(Refused, Http404):
    """Something the viewer may not see, refused exactly as if it did not exist (404).

    Being an Http404 too, it answers a page with the site's 404 page, as Django answers
    any missing page, and the API with its JSON 404 (campaign.core.api_errors)."""

    status = 404

    def __init__(self):
        super().__init__(NOT_FOUND)
