"""The pages' deadlines (the template library ``deadlines``): a time in the viewer's time
zone, its countdown, and the deadline the viewer faces now in a page's turn summary."""

from __future__ import annotations

from django import template

from campaign.turns import narration
from campaign.turns.deadlines import deadline_facing

register = template.Library()

register.filter("when", narration.when_text)
register.filter("countdown", narration.countdown)


@register.inclusion_tag("campaign/turns/partials/deadline.html")
def deadline_now(turn, access) -> dict:
    """The deadline that matters to the page's viewer (campaign.turns.deadlines), or
    none for a page without one."""
    return {"deadline": deadline_facing(turn, access.viewer) if access else None}
