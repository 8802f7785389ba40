"""The pages' deadlines and to-do (the template library ``deadlines``): a time in the
viewer's time zone, its countdown, and what a campaign page's viewer faces now: the
header's deadline, his to-do, the fight-or-retreat prompt."""

from __future__ import annotations

from django import template

from campaign.core.access import Access
from campaign.turns import narration
from campaign.turns.todo import battles_to_decide, facing

register = template.Library()

register.filter("when", narration.when_text)
register.filter("countdown", narration.countdown)


@register.simple_tag(takes_context=True)
def campaign_now(context) -> dict | None:
    """What templates/base.html shows on top of every campaign page
    (campaign.turns.todo.facing): the deadline that matters to the viewer now and his
    to-do; None on any other page.

    A template tag rather than a context processor: a context processor runs for every
    page, before the view has checked who may see what, so it would have to repeat the
    access check; this tag reads the ``access`` the page's view built with
    campaign.core.access (a stranger got his 404 before anything rendered) and costs
    nothing on a page without one. An HTMX partial never renders base.html, so it pays
    nothing either."""
    access = context.get("access")
    return facing(access) if isinstance(access, Access) else None


@register.inclusion_tag("campaign/turns/partials/decide_prompt.html")
def fight_or_retreat_prompt(turn, access) -> dict:
    """A-2.4: the call to decide, with its deadline, while the viewer owes battles an
    answer (the campaign's and the battles' pages, in their turn summary)."""
    owed = battles_to_decide(access, turn) if turn is not None and access else None
    return {"item": owed}
